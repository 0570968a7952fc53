// The lab's reference parse (issue 38, "Ingest near the limit of the machine"): simdjson's DOM
// parse of a JSON document and a walk of every value, the floor RecordPage/ingest is judged
// against. Only the lab's benchmark executable and tests link it, never the Lattice product.
// Linux builds it with simdjson (Debian's libsimdjson-dev); elsewhere every call reports it
// unavailable, so the package builds where simdjson is missing.
#ifndef C_REFERENCE_PARSE_H
#define C_REFERENCE_PARSE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A simdjson DOM parser, reused from document to document as simdjson is meant to be used.
typedef struct reference_parser reference_parser;

/// Whether this build has simdjson (Linux, with Debian's libsimdjson-dev).
int reference_parse_available(void);

/// The bytes a document's buffer must hold past its end: simdjson reads that far ahead.
size_t reference_parse_padding(void);

/// A new parser, or NULL when simdjson is missing or memory is short. Free it with
/// `reference_parser_free`.
reference_parser *reference_parser_new(void);

/// Frees a parser made by `reference_parser_new` (NULL is allowed).
void reference_parser_free(reference_parser *parser);

/// Parses `length` bytes at `bytes` (whose buffer holds `reference_parse_padding()` more bytes
/// after them) into simdjson's DOM and walks every value: each object, array, string,
/// number, boolean and null, the document's root included, reading each scalar. Returns the
/// count of values, or -1 when the bytes are not JSON or simdjson is missing.
int64_t reference_parse_walk(reference_parser *parser, const uint8_t *bytes, size_t length);

/// The count of bytes of the strings and keys the last walk read, with the numbers' sum
/// folded in: what the walk computed, so no compiler can skip it.
uint64_t reference_parse_checksum(const reference_parser *parser);

#ifdef __cplusplus
}
#endif

#endif
