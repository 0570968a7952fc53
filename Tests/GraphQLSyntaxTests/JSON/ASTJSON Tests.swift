import Testing
import GraphQLSyntax

/// The JSON shape of graphql-core 3.3's `ast_to_dict`; the conformance script compares whole
/// trees, these pin the shape's less obvious parts. Whole expected documents are graphql-core
/// 3.3.2's `json.dumps(ast_to_dict(parse(text, no_location=True)), separators=(",", ":"))`.
@Suite struct ASTJSONTests {
    @Test func shorthandQueryIsAnAnonymousQuery() throws {
        #expect(try parsed("{a}").astJSON() == """
        {"kind":"document","definitions":[{"kind":"operation_definition","selection_set":{"kind":"selection_set",\
        "selections":[{"kind":"field","directives":null,"name":{"kind":"name","value":"a"},"alias":null,\
        "arguments":null,"selection_set":null}]},"description":null,"name":null,"variable_definitions":null,\
        "directives":null,"operation":"query"}]}
        """)
    }

    @Test func descriptionsOfAnOperationAndItsVariables() throws {
        let text = #""d" query Q("v" $a: Int = 1 @d) @x { a(b: 1) @c ...F ... on T { b } }"#
        #expect(try parsed(text).astJSON() == """
        {"kind":"document","definitions":[{"kind":"operation_definition","selection_set":{"kind":"selection_set",\
        "selections":[{"kind":"field","directives":[{"kind":"directive","name":{"kind":"name","value":"c"},\
        "arguments":null}],"name":{"kind":"name","value":"a"},"alias":null,"arguments":[{"kind":"argument",\
        "name":{"kind":"name","value":"b"},"value":{"kind":"int_value","value":"1"}}],"selection_set":null},\
        {"kind":"fragment_spread","directives":null,"name":{"kind":"name","value":"F"},"arguments":null},\
        {"kind":"inline_fragment","directives":null,"selection_set":{"kind":"selection_set","selections":\
        [{"kind":"field","directives":null,"name":{"kind":"name","value":"b"},"alias":null,"arguments":null,\
        "selection_set":null}]},"type_condition":{"kind":"named_type","name":{"kind":"name","value":"T"}}}]},\
        "description":{"kind":"string_value","value":"d","block":false},"name":{"kind":"name","value":"Q"},\
        "variable_definitions":[{"kind":"variable_definition","description":{"kind":"string_value","value":"v",\
        "block":false},"variable":{"kind":"variable","name":{"kind":"name","value":"a"}},"type":{"kind":\
        "named_type","name":{"kind":"name","value":"Int"}},"default_value":{"kind":"int_value","value":"1"},\
        "directives":[{"kind":"directive","name":{"kind":"name","value":"d"},"arguments":null}]}],\
        "directives":[{"kind":"directive","name":{"kind":"name","value":"x"},"arguments":null}],"operation":"query"}]}
        """)
    }

    @Test func fragmentsHaveADescriptionAndEmptyVariableDefinitions() throws {
        #expect(try parsed(#""""f""" fragment F on T { a }"#).astJSON() == """
        {"kind":"document","definitions":[{"kind":"fragment_definition","selection_set":{"kind":"selection_set",\
        "selections":[{"kind":"field","directives":null,"name":{"kind":"name","value":"a"},"alias":null,\
        "arguments":null,"selection_set":null}]},"description":{"kind":"string_value","value":"f","block":true},\
        "name":{"kind":"name","value":"F"},"variable_definitions":[],"directives":null,"type_condition":\
        {"kind":"named_type","name":{"kind":"name","value":"T"}}}]}
        """)
    }

    @Test func emptySelectionSetsHaveEmptySelections() throws {
        #expect(try parsed("{ a {} }").astJSON().contains(#""selection_set":{"kind":"selection_set","selections":[]}"#))
    }

    @Test func directiveExtensionsListTheirDirectives() throws {
        #expect(try parsed("extend directive @d @e").astJSON() == """
        {"kind":"document","definitions":[{"kind":"directive_extension","name":{"kind":"name","value":"d"},\
        "directives":[{"kind":"directive","name":{"kind":"name","value":"e"},"arguments":null}]}]}
        """)
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
        #expect(json.contains(#""locations":[{"kind":"name","value":"FIELD"},{"kind":"name","value":"QUERY"}],"#
                              + #""description":null,"arguments":null,"directives":null,"repeatable":true"#))
    }

    @Test func directiveDefinitionsCarryDirectives() throws {
        let json = try parsed("directive @d @e(a: 1) on DIRECTIVE_DEFINITION").astJSON()
        #expect(json.contains(#""directives":[{"kind":"directive","name":{"kind":"name","value":"e"},"arguments":"#
                              + #"[{"kind":"argument","name":{"kind":"name","value":"a"},"value":{"kind":"int_value","value":"1"}}]}]"#))
    }

    @Test func controlCharactersAreEscapedInJSON() throws {
        let json = try parsed(#"{ a(x: "\u0001\n\"\\\b\f") }"#).astJSON()
        #expect(json.contains(#""value":"\u0001\n\"\\\b\f""#))
    }
}
