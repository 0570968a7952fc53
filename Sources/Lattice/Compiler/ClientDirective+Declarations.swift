/// The client directives' declarations: the SDL every schema `SchemaBuilder` builds has
/// without declaring it (spec/directives.graphql is the same text, for the tools that read
/// files: graphql-core's validation, the fixture scripts). A schema may declare them itself,
/// identically; declared otherwise, its declaration is an error at its location.
extension ClientDirective {
    /// The SDL of every client directive and the enums their arguments take (`RequiredAction`,
    /// `CatchTarget`). Parsed once, on the first schema built (about 4 KB).
    public static let declarations = #"""
# Lattice's client directives. The runtime reads them and leaves them out of the text it
# sends, so a server never sees them (the fixture server does not declare them).

"What a read does when a `@required` field is null: the null bubbles to the nearest nullable parent that is not itself `@required`, or to the root."
directive @required(action: RequiredAction! = NONE) on FIELD

"How loudly a `@required` miss is reported."
enum RequiredAction {
  "Bubble the null silently."
  NONE
  "Bubble the null and report it to the field logger."
  LOG
  "Bubble the null, report it, and make the read fail unless a `@catch` handles it."
  THROW
}

"A field error (or missing data) in this document's own selection fails its read; errors inside spreads belong to the spread fragment."
directive @throwOnFieldError on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION

"Errors under this field or document become a value instead of a failure."
directive @catch(to: CatchTarget = RESULT) on FIELD | FRAGMENT_DEFINITION | QUERY | MUTATION

"What a caught error becomes."
enum CatchTarget {
  "`{ok: true, value}` or `{ok: false, errors}`."
  RESULT
  "Null."
  NULL
}

"The operation's data is stale this many seconds after it was written; no timer fires for it."
directive @expires(seconds: Int!) on QUERY

"The field is a connection (edges with cursors and a pageInfo) whose pages merge into one list in the store, one per `key` and the values of the `filters` arguments (all but first, last, after and before when not given). `key` ends with the field's name: `IssueList_issues`."
directive @connection(key: String!, filters: [String!]) on FIELD

"The compiler derives a query named `queryName` that fetches this fragment again: `node(id: $id) { ...Fragment }` for a type with an id that `Query.node` returns, `{ ...Fragment }` for a fragment on Query; it declares the variables the fragment uses. A pagination handle over the fragment pages with it."
directive @refetchable(queryName: String!) on FRAGMENT_DEFINITION

"The fragment's own variables, each an argument of the form `name: {type: \"Int\", defaultValue: 10}` (the default optional); inside the fragment `$name` is its own, not the operation's. Its arguments are free-form, so none is declared here."
directive @argumentDefinitions on FRAGMENT_DEFINITION

"Values for the spread fragment's own variables (`@argumentDefinitions`): literals, or variables of the enclosing operation or fragment. Its arguments are free-form, so none is declared here."
directive @arguments on FRAGMENT_SPREAD

"Appends the edge this field answers (an object with a cursor and a node) to the end of each connection of `connections` (their record ids), unless its node is there already."
directive @appendEdge(connections: [ID!]!) on FIELD

"Prepends the edge this field answers to the start of each connection of `connections`, unless its node is there already."
directive @prependEdge(connections: [ID!]!) on FIELD

"Appends the node this field answers, in a new edge of type `edgeTypeName`, to the end of each connection of `connections`, unless it is there already."
directive @appendNode(connections: [ID!]!, edgeTypeName: String!) on FIELD

"Prepends the node this field answers, in a new edge of type `edgeTypeName`, to the start of each connection of `connections`, unless it is there already."
directive @prependNode(connections: [ID!]!, edgeTypeName: String!) on FIELD

"Removes the edges of the node whose id this field answers (an ID, or a list of them) from each connection of `connections`; the node stays in the store."
directive @deleteEdge(connections: [ID!]!) on FIELD

"Deletes the record whose id this field answers (an ID, or a list of them): links to it read as null."
directive @deleteRecord on FIELD

"Exposes the spread fragment, or the inline fragment's selections, under the name `as` (a named spread's default is the fragment's name, an inline fragment's its type condition's): a reference, or a type, that is nil when the record is not of the fragment's type. An inline fragment without a type condition must name it."
directive @alias(as: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT

"A schema directive: the field's positions at `levels` (0 the value, 1 a list's items, 2 a nested list's) are null only when an error says so. A document that handles errors (`@throwOnFieldError`, `@catch`) reads them non-null; others read the schema's type."
directive @semanticNonNull(levels: [Int] = [0]) on FIELD_DEFINITION

"""#
}
