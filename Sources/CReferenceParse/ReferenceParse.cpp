// simdjson's DOM parse and a walk of every value (include/CReferenceParse.h). On Linux simdjson
// is required (Debian's libsimdjson-dev, which scripts/lib/setup.sh installs); on other
// platforms, where it may be missing, the calls report it unavailable.
#include "CReferenceParse.h"

#if defined(__linux__)
#include <simdjson.h>
#include <new>

struct reference_parser {
    simdjson::dom::parser parser;
    uint64_t checksum = 0;
};

namespace {

// Counts `element` and every value below it, reading each scalar into the checksum (through
// simdjson's error-code API: no exception crosses into Swift). The recursion is as deep as the
// document, which simdjson's parser bounds (1,024 levels).
int64_t walk(simdjson::dom::element element, uint64_t &checksum) {
    switch (element.type()) {
    case simdjson::dom::element_type::ARRAY: {
        simdjson::dom::array array;
        if (element.get(array) != simdjson::SUCCESS) return 1;
        int64_t count = 1;
        for (simdjson::dom::element child : array) count += walk(child, checksum);
        return count;
    }
    case simdjson::dom::element_type::OBJECT: {
        simdjson::dom::object object;
        if (element.get(object) != simdjson::SUCCESS) return 1;
        int64_t count = 1;
        for (simdjson::dom::key_value_pair field : object) {
            checksum += field.key.size();
            count += walk(field.value, checksum);
        }
        return count;
    }
    case simdjson::dom::element_type::STRING: {
        std::string_view string;
        if (element.get(string) == simdjson::SUCCESS) checksum += string.size();
        return 1;
    }
    case simdjson::dom::element_type::INT64: {
        int64_t number = 0;
        if (element.get(number) == simdjson::SUCCESS) checksum += uint64_t(number);
        return 1;
    }
    case simdjson::dom::element_type::UINT64: {
        uint64_t number = 0;
        if (element.get(number) == simdjson::SUCCESS) checksum += number;
        return 1;
    }
    case simdjson::dom::element_type::DOUBLE: {
        double number = 0;
        if (element.get(number) == simdjson::SUCCESS) checksum += uint64_t(int64_t(number));
        return 1;
    }
    case simdjson::dom::element_type::BOOL: {
        bool flag = false;
        if (element.get(flag) == simdjson::SUCCESS) checksum += flag ? 1 : 0;
        return 1;
    }
    case simdjson::dom::element_type::NULL_VALUE:
        return 1;
    }
    return 1;
}

} // namespace

extern "C" int reference_parse_available(void) { return 1; }

extern "C" size_t reference_parse_padding(void) { return simdjson::SIMDJSON_PADDING; }

extern "C" reference_parser *reference_parser_new(void) { return new (std::nothrow) reference_parser(); }

extern "C" void reference_parser_free(reference_parser *parser) { delete parser; }

extern "C" int64_t reference_parse_walk(reference_parser *parser, const uint8_t *bytes, size_t length) {
    simdjson::dom::element root;
    // The caller's buffer is padded: no copy.
    if (parser->parser.parse(bytes, length, false).get(root) != simdjson::SUCCESS) return -1;
    parser->checksum = 0;
    return walk(root, parser->checksum);
}

extern "C" uint64_t reference_parse_checksum(const reference_parser *parser) { return parser->checksum; }

#else

struct reference_parser {};

extern "C" int reference_parse_available(void) { return 0; }
extern "C" size_t reference_parse_padding(void) { return 0; }
extern "C" reference_parser *reference_parser_new(void) { return nullptr; }
extern "C" void reference_parser_free(reference_parser *) {}
extern "C" int64_t reference_parse_walk(reference_parser *, const uint8_t *, size_t) { return -1; }
extern "C" uint64_t reference_parse_checksum(const reference_parser *) { return 0; }

#endif
