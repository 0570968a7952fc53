import Foundation
import Lattice

/// `lattice inspect`: writes a page of a store as it stood (`InspectorPage`), from the
/// inspection an app wrote (`StoreInspection.write(to:)`) or from a store's image on disk,
/// read only.
let inspectCommand = Command(
    name: "inspect",
    summary: "write a page of a store: records by type, roots, handles, layers, connections, image",
    help: """
    usage: lattice inspect (--inspection FILE | --image FILE) --out PAGE.html [--values]

    Writes one self-contained HTML page (no network; inline style and script) of a store as
    it stood: its records by type, its retained roots with their handles' phases, its pending
    optimistic layers, its @connection lists and their pages, its release buffer and its
    image's size and launches.
      --inspection FILE  what an app's `environment.inspect()` wrote (`StoreInspection.write(to:)`)
      --image FILE       a store's image (SQLite), read only: nothing is written in it or beside
                         it; an image holds records, not handles, layers or a release buffer
      --out PAGE.html    the page, written atomically
      --values           with --image: the connections' ids too (they name parent records)

    A file that is missing, not an inspection (the member and why) or not a Lattice image
    (the record or step and why) gives exit status 1 and writes nothing. Exit status 0 otherwise.

    """,
    run: runInspect
)

private func runInspect(_ arguments: [String]) throws(CommandError) -> Int32 {
    let options = try CommandOptions.parse(arguments, values: ["--inspection", "--image", "--out"], flags: ["--values"])
    let out = try options.required("--out")
    let inspection: StoreInspection
    switch (options.value("--inspection"), options.value("--image")) {
    case (let path?, nil):
        guard !options.has("--values") else { throw .usage("--values goes with --image: an inspection has its values or not") }
        do {
            inspection = try StoreInspection(json: try readFile(path))
        } catch {
            printError("\(path): not an inspection: \(error)\n")
            return 1
        }
    case (nil, let path?):
        guard FileManager.default.fileExists(atPath: path) else { throw .unreadable(path: path, reason: "no such file") }
        let url = URL(fileURLWithPath: path)
        let read = MainActor.assumeIsolated {
            Result { () throws(ImageDatabaseError) in try StoreInspection(image: url, includesValues: options.has("--values")) }
        }
        switch read {
        case .success(let value): inspection = value
        case .failure(let error):
            printError("\(path): \(error)\n")
            return 1
        }
    default:
        throw .usage("give one of --inspection and --image")
    }
    try writeFile(Data(InspectorPage(inspection: inspection).render().utf8), to: out)
    return 0
}
