import GraphQLSyntax
@testable import Lattice

/// A small schema in the shape of spec/schema.graphql, for tests that need their own
/// documents (each test states the selection it exercises).
enum TestDocuments {
    static let schemaSDL = """
    scalar DateTime
    interface Node { id: ID! }
    interface Actor { login: String! avatarUrl(size: Int): String }
    enum IssueState { OPEN CLOSED }
    type User implements Node & Actor {
      id: ID!
      login: String!
      name: String
      bio: String
      avatarUrl(size: Int): String
      status: Status
      followers(first: Int!): UserConnection!
    }
    type Organization implements Node & Actor { id: ID! login: String! name: String avatarUrl(size: Int): String }
    type Status { message: String emoji: String }
    type UserConnection { totalCount: Int! nodes: [User] }
    type Label implements Node { id: ID! name: String! color: String }
    type Issue implements Node {
      id: ID!
      number: Int!
      title: String!
      body: String
      state: IssueState!
      createdAt: DateTime!
      author: Actor
      labels(first: Int = 10): [Label!]
      tags: [String]
      milestone: Milestone
    }
    type Milestone { title: String dueOn: DateTime }
    type Repository implements Node {
      id: ID!
      name: String!
      owner: Actor!
      issue(number: Int!): Issue
      issues(first: Int, states: [IssueState!]): [Issue]
      issueConnection(first: Int, after: String, last: Int, before: String, states: [IssueState!]): IssueConnection
    }
    type IssueConnection { totalCount: Int! edges: [IssueEdge] pageInfo: PageInfo! }
    type IssueEdge { cursor: String node: Issue }
    type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
    union SearchResult = Issue | User | Repository
    type Query {
      viewer: User!
      node(id: ID!): Node
      repository(owner: String!, name: String!): Repository
      search(query: String!): [SearchResult!]!
      issues(filter: IssueFilter): [Issue]
    }
    input IssueFilter { state: IssueState! label: String = "bug" text: String }
    type Mutation {
      closeIssue(id: ID!): Issue
      addIssue(title: String!): AddIssuePayload
      removeIssue(id: ID!): RemoveIssuePayload
    }
    type AddIssuePayload { issueEdge: IssueEdge issue: Issue }
    type RemoveIssuePayload { removedIssueId: ID removedIssueIds: [ID] title: String }
    type Subscription { issueUpdated(id: ID!): Issue viewerChanged: User }
    """

    static func schema() throws -> Schema {
        try SchemaBuilder.build(sources: [Source(text: schemaSDL, name: "schema.graphql")])
    }

    /// A schema whose one type nests in itself, for documents as deep as a test needs.
    static let nestingSchemaSDL = "type Query { root: T } type T { id: ID name: String child: T }"

    /// Compiles `text` against `nestingSchemaSDL`.
    static func compileNesting(_ text: String, file: String = "doc.graphql") throws -> [String: Artifact] {
        let schema = try SchemaBuilder.build(sources: [Source(text: nestingSchemaSDL, name: "schema.graphql")])
        return try Compiler.compile(sources: [Source(text: text, name: file)], schema: schema)
    }

    /// Compiles `text` (operations and fragments) against the test schema.
    static func compile(_ text: String, file: String = "test.graphql") throws -> [String: Artifact] {
        try Compiler.compile(sources: [Source(text: text, name: file)], schema: schema())
    }

    /// The problems compiling `text` (as `doc.graphql`) against the test schema reports; none
    /// when it compiles.
    static func diagnostics(_ text: String) throws -> [Diagnostic] {
        do {
            _ = try compile(text, file: "doc.graphql")
            return []
        } catch let failure as CompileFailure {
            return failure.diagnostics
        }
    }
}

extension JSONValue {
    /// Parses JSON text written in a test.
    static func parse(_ text: String) throws -> JSONValue {
        try JSONReader.value(from: Data(text.utf8))
    }
}

import Foundation
