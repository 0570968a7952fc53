import Testing
import GraphQLSyntax

/// The JSON shape of graphql-core's `ast_to_dict`; the conformance script compares whole
/// trees, these pin the shape's less obvious parts.
@Suite struct ASTJSONTests {
    @Test func shorthandQueryIsAnAnonymousQuery() throws {
        #expect(try parsed("{a}").astJSON() == """
        {"kind":"document","definitions":[{"kind":"operation_definition","name":null,"directives":[],\
        "variable_definitions":[],"selection_set":{"kind":"selection_set","selections":[{"kind":"field",\
        "directives":[],"alias":null,"name":{"kind":"name","value":"a"},"arguments":[],"selection_set":null}]},\
        "operation":"query"}]}
        """)
    }

    @Test func fragmentsHaveNullVariableDefinitions() throws {
        #expect(try parsed("fragment F on T { a }").astJSON().contains(#""variable_definitions":null"#))
    }

    @Test func stringsSayWhetherTheyAreBlocks() throws {
        let json = try parsed(#"{ a(x: "q", y: """b""") }"#).astJSON()
        #expect(json.contains(#"{"kind":"string_value","value":"q","block":false}"#))
        #expect(json.contains(#"{"kind":"string_value","value":"b","block":true}"#))
    }

    @Test func numbersKeepTheirSourceText() throws {
        let json = try parsed("{ a(x: -0, y: 1.50E+3) }").astJSON()
        #expect(json.contains(#"{"kind":"int_value","value":"-0"}"#))
        #expect(json.contains(#"{"kind":"float_value","value":"1.50E+3"}"#))
    }

    @Test func directiveDefinitionsListLocationsAsNames() throws {
        let json = try parsed("directive @d repeatable on FIELD | QUERY").astJSON()
        #expect(json.contains(#""repeatable":true,"locations":[{"kind":"name","value":"FIELD"},{"kind":"name","value":"QUERY"}]"#))
    }

    @Test func controlCharactersAreEscapedInJSON() throws {
        let json = try parsed(#"{ a(x: "\u0001\n\"\\") }"#).astJSON()
        #expect(json.contains(#""value":"\u0001\n\"\\""#))
    }
}
