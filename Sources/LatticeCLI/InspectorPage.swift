import Lattice
import LatticeBench

/// The page `lattice inspect` writes: one static, self-contained HTML page (no network, no
/// third-party code) of a `StoreInspection`, a section a part of the store: records by type,
/// retained roots with their handles, optimistic layers, connections, the release buffer and
/// the image. Every figure is also an attribute of its row (`data-records`, `data-phase`,
/// `data-pages`, …), which the test command's check reads from the rendered DOM.
///
/// A short inline script checks that every section was laid out with a non-zero box and that
/// the records by type add up to the total the page states, and records the result on
/// `<body data-render-check>`, as the dashboard's does (scripts/lab/check_page.sh reads it).
struct InspectorPage {
    let inspection: StoreInspection

    /// The page. Deterministic: the same inspection gives the same bytes.
    /// - Complexity: O(size of the inspection).
    func render() -> String {
        let body = header() + types() + roots() + layers() + connections() + releaseBuffer() + image()
        return HTMLDocument.page(title: "Lattice store inspection", style: Self.style, body: body, script: Self.renderCheck)
    }

    private func header() -> String {
        let values = inspection.includesValues
            ? "with values (variables' values, connections' ids)" : "value-free (names, counts and kinds only)"
        return "<h1>Lattice store inspection</h1>\n<ul class=\"context\">\n"
            + "<li><b>records</b>: <span id=\"record-count\" data-records=\"\(inspection.recordCount)\">"
            + "\(inspection.recordCount.grouped)</span></li>\n"
            + "<li><b>write epoch</b>: \(inspection.epoch)</li>\n<li><b>values</b>: \(values.markupEscaped)</li>\n</ul>\n"
    }

    private func types() -> String {
        let rows = inspection.types.map {
            "<tr data-type=\"\($0.type.markupEscaped)\" data-records=\"\($0.records)\"><td>\($0.type.markupEscaped)</td>"
                + "<td class=\"num\">\($0.records.grouped)</td></tr>"
        }
        return section("types", "Records by type", ["type", "records"], rows, empty: "The store holds no record.")
    }

    private func roots() -> String {
        let rows = inspection.roots.map { root in
            let handles = root.handles.isEmpty ? "none (retained by the store alone)" : root.handles.map {
                "<span class=\"handle\" data-phase=\"\($0.phase.markupEscaped)\" data-fetch=\"\($0.fetch.markupEscaped)\">"
                    + "\($0.phase.markupEscaped)\($0.failure.map { " (\($0.markupEscaped))" } ?? ""), "
                    + "fetch \($0.fetch.markupEscaped), \($0.policy.markupEscaped)</span>"
            }.joined(separator: "<br>")
            return rootRow(root, extra: "data-handles=\"\(root.handles.count)\"") + "<td>\(handles)</td></tr>"
        }
        return section("roots", "Retained roots and their handles", ["operation", "kind", "variables", "handles"], rows,
                       empty: "No operation is retained.")
    }

    private func layers() -> String {
        let rows = inspection.layers.map {
            "<tr data-layer=\"\($0.number)\" data-records=\"\($0.records)\" data-fields=\"\($0.fields)\">"
                + "<td class=\"num\">\($0.number)</td><td class=\"num\">\($0.records)</td><td class=\"num\">\($0.fields)</td>"
                + "<td class=\"num\">\($0.deletions)</td><td class=\"num\">\($0.connectionEdits)</td></tr>"
        }
        return section("layers", "Pending optimistic layers",
                       ["layer", "records", "fields", "deletions", "connection edits"], rows,
                       empty: "No optimistic layer is pending.")
    }

    private func connections() -> String {
        let rows = inspection.connections.map { connection in
            let pages = connection.pages.map(String.init) ?? "not known"
            let cursors = [connection.hasStartCursor ? "start" : nil, connection.hasEndCursor ? "end" : nil]
                .compactMap { $0 }.joined(separator: ", ")
            let more = [connection.hasPreviousPage ? "previous" : nil, connection.hasNextPage ? "next" : nil]
                .compactMap { $0 }.joined(separator: ", ")
            return "<tr data-connection=\"\(connection.key.markupEscaped)\" data-edges=\"\(connection.edges)\" "
                + "data-pages=\"\(pages)\" data-has-next=\"\(connection.hasNextPage)\">"
                + "<td><code>\(connection.key.markupEscaped)</code>"
                + (connection.id.map { "<br><small>\($0.markupEscaped)</small>" } ?? "") + "</td>"
                + "<td class=\"num\">\(connection.edges)</td><td class=\"num\">\(pages)</td>"
                + "<td>\(cursors.isEmpty ? "none" : cursors)</td><td>\(more.isEmpty ? "none" : more)</td></tr>"
        }
        return section("connections", "Connections and their pages",
                       ["key", "edges", "pages merged", "cursors held", "more pages"], rows,
                       empty: "No @connection list is in the store.")
    }

    private func releaseBuffer() -> String {
        let buffer = inspection.releaseBuffer
        let rows = buffer.roots.map { rootRow($0, extra: "") + "</tr>" }
        return section("release-buffer", "Release buffer (\(buffer.roots.count) of \(buffer.capacity), oldest first)",
                       ["operation", "kind", "variables"], rows, empty: "No released root is kept.",
                       attributes: "data-capacity=\"\(buffer.capacity)\" data-kept=\"\(buffer.roots.count)\"")
    }

    private func image() -> String {
        guard let image = inspection.image else {
            return "<section id=\"image\"><h2>Image</h2>\n<p>The store has no image on disk.</p>\n</section>\n"
        }
        let rows = image.rows.map { "<li><b>record rows</b>: \($0.grouped)</li>\n" } ?? ""
        return "<section id=\"image\" data-launches=\"\(image.launches)\" data-file-bytes=\"\(image.fileBytes)\">\n"
            + "<h2>Image</h2>\n<ul>\n<li><b>file</b>: <code>\(image.file.markupEscaped)</code></li>\n"
            + "<li><b>size</b>: \(image.fileBytes.grouped) bytes, and \(image.logBytes.grouped) in its write-ahead log</li>\n"
            + "<li><b>launches counted</b>: \(image.launches)</li>\n\(rows)</ul>\n</section>\n"
    }

    /// A root's first cells, in a row that names its operation: its kind and its variables.
    private func rootRow(_ root: StoreInspection.Root, extra: String) -> String {
        let variables = root.variables.isEmpty ? "none" : root.variables.map {
            "<code>$\($0.name.markupEscaped)</code>: \(($0.value ?? $0.kind).markupEscaped)"
        }.joined(separator: "<br>")
        return "<tr data-operation=\"\(root.operation.markupEscaped)\" \(extra)><td><code>\(root.operation.markupEscaped)"
            + "</code></td><td>\(root.kind.markupEscaped)</td><td>\(variables)</td>"
    }

    private func section(_ id: String, _ title: String, _ headers: [String], _ rows: [String], empty: String,
                         attributes: String = "") -> String {
        let heading = "<section id=\"\(id)\"\(attributes.isEmpty ? "" : " " + attributes)>\n<h2>\(title.markupEscaped)</h2>\n"
        guard !rows.isEmpty else { return heading + "<p>\(empty.markupEscaped)</p>\n</section>\n" }
        return heading + "<table>\n<tr>" + headers.map { "<th>\($0.markupEscaped)</th>" }.joined() + "</tr>\n"
            + rows.joined(separator: "\n") + "\n</table>\n</section>\n"
    }

    private static let style = """
        body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1000px;padding:0 1em;color:#222}\
        h1{margin-bottom:.2em}section{margin:2em 0}\
        table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ddd;padding:3px 6px;text-align:left;\
        vertical-align:top}td.num{text-align:right;font-variant-numeric:tabular-nums}\
        .context{font-size:13px;color:#555}.handle{white-space:nowrap}small{color:#777}
        """

    /// Marks the page rendered when every section has a laid-out box and the records by type
    /// add up to the total stated at the top.
    private static let renderCheck = """
        (function(){var sections=document.querySelectorAll('section');var empty=0;\
        sections.forEach(function(s){var r=s.getBoundingClientRect();if(!(r.width>0&&r.height>0))empty++;});\
        var sum=0;document.querySelectorAll('#types tr[data-records]').forEach(function(r){\
        sum+=parseInt(r.getAttribute('data-records'),10);});\
        var total=parseInt(document.getElementById('record-count').getAttribute('data-records'),10);\
        document.body.setAttribute('data-render-check',empty!==0?'failed: '+empty+' of '+sections.length+\
        ' sections empty':sum!==total?'failed: records by type add up to '+sum+', not '+total:\
        'ok '+sections.length+' sections, '+total+' records');})();
        """
}
