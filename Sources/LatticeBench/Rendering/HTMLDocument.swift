/// A self-contained HTML page (no network: its style and script inline), as the dashboard and
/// the inspector write theirs: one skeleton, so the two pages' heads do not drift apart.
public enum HTMLDocument {
    /// The page titled `title` with `style`, `body` and, after it, `script`.
    /// - Complexity: O(length of the parts).
    public static func page(title: String, style: String, body: String, script: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>\(style)</style>
        </head>
        <body>
        \(body)<script>\(script)</script>
        </body>
        </html>

        """
    }
}
