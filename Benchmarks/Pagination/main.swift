// Pagination: a `@connection` list scrolled page by page, laid out as a list view is: one body
// reading the connection's edges, and one row body per node reading its fields (tracked,
// through the lens), re-run after each commit as a re-render would.
//
//   Pagination/load/<page>      with <page> - 1 pages of 50 shown in a lazy list, page <page>
//                               loaded (its response normalized and merged after the list's
//                               end), the list body (the edges' count and the new edges,
//                               `Lens.read(_:from:)`) and the new rows rendered; then the page taken back (its edges
//                               removed from the end, its nodes' titles written, so the rows
//                               dropped hear of it and let go of their tracking, the end cursor
//                               restored) and rendered. Both halves cost the page's edges, so
//                               the figures are the load's and the take-back's together. Counts,
//                               of the load half: `listBodies` (list body re-runs),
//                               `shownRowBodies` (re-runs of rows shown before the page),
//                               `newRows` and `notifications`
//   Pagination/loadListOnly/<page>  the same load and take-back with no row bodies: the list
//                               body reads the new edges' node links, and no body reads a
//                               node's fields (the record's `loadNext` with no body on the nodes)
//   Pagination/listBody/<page>  an eager list body re-reading all the edges of <page> pages:
//                               the one cost that may grow with the list, reported apart
//   Pagination/nodes/<page>     every node of <page> pages' edges read untracked, outside any
//                               body (42 pages: the record's 2,100 merged edges)
//   Pagination/inspect/<page>   the store of <page> pages inspected (`Store.inspect()`: every
//                               record counted by type and tested for a connection), issue 40
//   Pagination/appendEdge/<page>  on a connection of <page> pages, an optimistic answer of the
//                               `AddItem` mutation appending an edge (`@appendEdge`) normalized
//                               and shown as a layer, then the layer reverted; no body observes
//
// BENCHMARKS.md's record's benchmark sets load/2, loadListOnly/2, nodes/42 and appendEdge/1
// beside the record's figures (ReferenceSystemFigures), and issue 38's goals judge them.
// Decision record 0006's limits judge them (spec/limits.json): page 42 costs at most 1.2 times
// page 2, by instructions and by time, re-runs the list body once and no row already shown.
import GraphQLSyntax
import LabSupport
import Lattice
import LatticeBench
import LatticeSuite
import LatticeTesting
import Observation

/// Edges a page holds.
let pageSize = 50
/// The pages the limits compare, and two between for the curve.
let pages = [2, 10, 21, 42]
/// The pages whose nodes `nodes` reads: 2,100 merged edges, as the record's.
let nodePages = 42

let schemaSDL = """
type Query { feed(first: Int, after: String): ItemConnection }
type ItemConnection { edges: [ItemEdge] pageInfo: PageInfo! }
type ItemEdge { cursor: String! node: Item }
type Item { id: ID! title: String! number: Int! }
type PageInfo { hasNextPage: Boolean! endCursor: String }
type Mutation { addItem(title: String!): AddItemPayload }
type AddItemPayload { itemEdge: ItemEdge }
"""

let feedDocument = """
query Feed($first: Int = 50, $after: String) {
  feed(first: $first, after: $after) @connection(key: "Feed_feed") {
    edges { cursor node { id title number } }
    pageInfo { endCursor hasNextPage }
  }
}
"""

let addItemDocument = """
mutation AddItem($title: String!, $connections: [ID!]!) {
  addItem(title: $title) { itemEdge @appendEdge(connections: $connections) { cursor node { id title number } } }
}
"""

/// The cursor of item `number`.
func cursor(_ number: Int) -> String { "c\(number)" }

/// Page `page` (from 1) of the feed: its response and the variables it answers.
func feedPage(_ page: Int) -> (response: GraphQLResponse, variables: [String: JSONValue]) {
    let numbers = ((page - 1) * pageSize + 1)...(page * pageSize)
    let edges: [JSONValue] = numbers.map { number in
        .object(["cursor": .string(cursor(number)),
                 "node": .object(["id": .string("Item:\(number)"), "title": .string("Item \(number)"),
                                  "number": .int(number)])])
    }
    let data: JSONValue = .object(["feed": .object([
        "edges": .array(edges),
        "pageInfo": .object(["endCursor": .string(cursor(page * pageSize)), "hasNextPage": .bool(true)]),
    ])])
    let after: JSONValue = page == 1 ? .null : .string(cursor((page - 1) * pageSize))
    return (GraphQLResponse(data: data), ["first": .int(pageSize), "after": after])
}

/// A feed of `page - 1` pages shown in a list view, and page `page` ready to load.
@MainActor
final class ScrolledFeed {
    let store = Store()
    let feed: Artifact
    private let shownPages: Int
    private let next: (response: GraphQLResponse, bound: BoundArtifact)
    private let root: Lens
    private var rows: [Lens] = []
    private var dirtyRows: [Int] = []
    private var listDirty = false
    private var takingBack = false
    private var titles = Alternation()
    private(set) var listBodies = 0
    private(set) var shownRowBodies = 0
    private(set) var newRows = 0
    private(set) var notifications = 0
    /// Whether each row shown has a body reading its node's fields.
    private let rowBodies: Bool

    init(program: Program, shownPages: Int, rowBodies: Bool = true) throws {
        self.rowBodies = rowBodies
        guard let feed = program["Feed"], let rootRecord = store.record(.root) else {
            throw LoadedHandleError.unknownOperation("Feed")
        }
        self.feed = feed
        self.shownPages = shownPages
        for page in 1...shownPages {
            let (response, variables) = feedPage(page)
            try store.commit(response, for: BoundArtifact(feed, variables: variables))
        }
        let (response, variables) = feedPage(shownPages + 1)
        next = (response, BoundArtifact(feed, variables: variables))
        root = Lens(BoundArtifact(feed, variables: ["first": .int(pageSize)]), record: rootRecord)
        renderList()
    }

    /// The connection's edges, all of them, as an eager list body reads them (tracked when
    /// inside one).
    func edges() -> [Lens?] {
        guard let connection: Lens = try? root.read("feed"), let edges: [Lens?] = try? connection.read("edges") else {
            return []
        }
        return edges
    }

    /// The list body of a lazy list view: reads the edges' count and the edges it shows no row
    /// for yet (`Lens.read(_:from:)`), and makes a row body for each.
    private func renderList() {
        let shown = rows.count
        let (count, edges) = withObservationTracking { () -> (count: Int, items: [Lens?]) in
            guard let connection: Lens = try? root.read("feed"),
                  let edges = try? connection.read("edges", from: shown) else { return (0, []) }
            return edges
        } onChange: { [weak self] in
            MainActor.assumeIsolated { self?.listDirty = true }
        }
        if count < rows.count { rows.removeLast(rows.count - count) }
        for edge in edges {
            guard let node: Lens = try? edge?.read("node") else { continue }
            rows.append(node)
            if !takingBack { newRows += 1 }
            if rowBodies { observeRow(rows.count - 1) }
        }
    }

    /// A row body: reads its node's title and number.
    private func observeRow(_ index: Int) {
        let node = rows[index]
        withObservationTracking {
            _ = try? node.read("title") as String
            _ = try? node.read("number") as Int
        } onChange: { [weak self] in
            MainActor.assumeIsolated { self?.dirtyRows.append(index) }
        }
    }

    /// Re-runs what was told of a change: the list body, then the rows still shown.
    private func render() {
        if listDirty {
            listDirty = false
            if !takingBack { listBodies += 1 }
            renderList()
        }
        let due = dirtyRows
        dirtyRows.removeAll(keepingCapacity: true)
        for index in due where index < rows.count {
            if !takingBack { shownRowBodies += 1 }
            observeRow(index)
        }
    }

    /// Loads the next page and renders it, then takes it back and renders that.
    func loadAndTakeBack() {
        guard let changes = try? store.commit(next.response, for: next.bound).changes else { return }
        notifications += changes.notifications
        render()
        takingBack = true
        let title = titles.next()
        var delta = RecordSourceDelta()
        let connection = DataID.client(parent: .root, storageKey: "__Feed_feed_connection")
        let first = shownPages * pageSize + 1
        let nodes = (first..<(first + pageSize)).map { DataID("Item:\($0)") }
        delta.removeEdges(of: nodes, from: connection)
        for node in nodes { delta.set(FieldState(value: .scalar(.string(title))), for: FieldKey("title"), on: node) }
        delta.set(FieldState(value: .scalar(.string(cursor(shownPages * pageSize)))), for: FieldKey("endCursor"),
                  on: DataID.client(parent: connection, storageKey: "pageInfo"))
        store.publish(delta)
        render()
        takingBack = false
    }

    var counts: [String: Int] {
        ["listBodies": listBodies, "shownRowBodies": shownRowBodies, "newRows": newRows,
         "notifications": notifications]
    }
}

/// Every node of the feed's edges read, untracked; their number.
@MainActor
func readNodes(of feed: ScrolledFeed) -> Int {
    var nodes = 0
    for edge in feed.edges() {
        guard let node: Lens = try? edge?.read("node") else { continue }
        blackHole(node)
        nodes += 1
    }
    return nodes
}

/// A feed of `pages` pages in a store no body observes, and the optimistic answer of `AddItem`
/// appending an edge to it.
@MainActor
final class AppendingFeed {
    let store = Store()
    private let mutation: BoundArtifact
    private let answer = GraphQLResponse(data: .object(["addItem": .object(["itemEdge": .object([
        "cursor": .string("added"),
        "node": .object(["id": .string("Item:added"), "title": .string("Added"), "number": .int(0)]),
    ])])]))
    private let root: Lens

    init(program: Program, pages: Int) throws {
        guard let feed = program["Feed"], let addItem = program["AddItem"], let rootRecord = store.record(.root) else {
            throw LoadedHandleError.unknownOperation("Feed or AddItem")
        }
        for page in 1...pages {
            let (response, variables) = feedPage(page)
            try store.commit(response, for: BoundArtifact(feed, variables: variables))
        }
        root = Lens(BoundArtifact(feed, variables: ["first": .int(pageSize)]), record: rootRecord)
        let connection = DataID.client(parent: .root, storageKey: "__Feed_feed_connection")
        mutation = BoundArtifact(addItem, variables: ["title": .string("Added"),
                                                      "connections": .array([.string(connection.rawValue)])])
        // Shown, the layer adds the one edge; reverted, the list is as it was.
        let before = edgeCount()
        let layer = try show()
        let shown = edgeCount()
        store.removeOptimistic(layer)
        guard before == pages * pageSize, shown == before + 1, edgeCount() == before else {
            throw SetUpError(description: "the feed has \(before) edges, \(shown) with the layer and \(edgeCount()) "
                                 + "reverted; expected \(pages * pageSize), one more, and as many again")
        }
    }

    /// The connection's edges, untracked.
    private func edgeCount() -> Int {
        guard let connection: Lens = try? root.read("feed"), let edges: [Lens?] = try? connection.read("edges") else { return 0 }
        return edges.count
    }

    /// The optimistic answer normalized and shown as a layer.
    private func show() throws -> OptimisticLayerID {
        store.applyOptimistic(try ResponseNormalizer.normalize(answer, for: mutation).delta).layer
    }

    /// The layer shown, then reverted.
    func showAndRevert() throws {
        store.removeOptimistic(try show())
    }
}

/// Why a set-up did not build what its benchmark measures.
struct SetUpError: Error, CustomStringConvertible {
    let description: String
}

/// Two values written in turn, so every take-back changes the titles it writes.
struct Alternation {
    private var flipped = false

    mutating func next() -> String {
        flipped.toggle()
        return flipped ? "a" : "b"
    }
}

runSuite("Pagination") {
    let schema = try SchemaBuilder.build(sources: [
        Source(text: schemaSDL, name: "pagination/schema.graphql"),
    ])
    let program = try Program(schema: schema, documents: [GraphQLSource(text: feedDocument, name: "pagination/Feed.graphql"),
                                                          GraphQLSource(text: addItemDocument, name: "pagination/AddItem.graphql")])
    return pages.map { page in
        Benchmark(SuiteBenchmark.pagination(step: "load", page: page).nameInExecutable,
                  setUp: { try ScrolledFeed(program: program, shownPages: page - 1) }, counts: { $0.counts }) { feed in
            feed.loadAndTakeBack()
        }
    } + [
        Benchmark(SuiteBenchmark.pagination(step: "loadListOnly", page: 2).nameInExecutable,
                  setUp: { try ScrolledFeed(program: program, shownPages: 1, rowBodies: false) }, counts: { $0.counts }) { feed in
            feed.loadAndTakeBack()
        },
        Benchmark(SuiteBenchmark.pagination(step: "nodes", page: nodePages).nameInExecutable, setUp: { () throws -> ScrolledFeed in
            let feed = try ScrolledFeed(program: program, shownPages: nodePages)
            let nodes = readNodes(of: feed)
            guard nodes == nodePages * pageSize else {
                throw SetUpError(description: "\(nodePages) pages read \(nodes) nodes, not \(nodePages * pageSize)")
            }
            return feed
        }) { feed in
            blackHole(readNodes(of: feed))
        },
        // What an inspection of the scrolled store costs: a look at each of its records.
        Benchmark(SuiteBenchmark.pagination(step: "inspect", page: nodePages).nameInExecutable,
                  setUp: { try ScrolledFeed(program: program, shownPages: nodePages) }) { feed in
            blackHole(feed.store.inspect())
        },
        Benchmark(SuiteBenchmark.pagination(step: "appendEdge", page: 1).nameInExecutable,
                  setUp: { try AppendingFeed(program: program, pages: 1) }) { feed in
            try feed.showAndRevert()
        },
    ] + pages.map { page in
        Benchmark(SuiteBenchmark.pagination(step: "listBody", page: page).nameInExecutable,
                  setUp: { try ScrolledFeed(program: program, shownPages: page) }) { feed in
            blackHole(withObservationTracking { feed.edges().count } onChange: {})
        }
    }
}
