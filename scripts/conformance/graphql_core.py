"""What the pinned graphql-core makes of a document: its AST dictionary, or where it fails."""
from dataclasses import dataclass

from graphql import GraphQLSyntaxError, parse
from graphql.utilities import ast_to_dict


@dataclass
class Outcome:
    tree: dict | None = None
    position: tuple[int, int] | None = None  # (line, column) of a rejection
    error: str | None = None


def line_and_column(text: str, offset: int) -> tuple[int, int]:
    """The spec's line and column of a character offset: lines end at \\n, \\r\\n or \\r;
    columns count code points from 1.

    graphql-core's own `Source.get_location` uses `str.splitlines`, which also breaks
    lines at \\f, \\v, U+2028 and friends, and puts an offset at the start of a line at
    the end of the previous one. Its lexer counts lines as the spec does, so the error's
    character offset is converted here instead.
    """
    line, line_start, index = 1, 0, 0
    while index < offset:
        if text.startswith("\r\n", index):
            index += 2
        elif text[index] in "\r\n":
            index += 1
        else:
            index += 1
            continue
        line += 1
        line_start = index
    return line, offset - line_start + 1


def expected_outcome(data: bytes) -> Outcome:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        return Outcome(error=f"not UTF-8: {error}")
    try:
        return Outcome(tree=ast_to_dict(parse(text, no_location=True)))
    except GraphQLSyntaxError as error:
        return Outcome(position=line_and_column(text, error.positions[0]),
                       error=error.message.removeprefix("Syntax Error: "))
    except (IndexError, RecursionError) as error:  # graphql-core's own failure on some inputs
        return Outcome(error=f"graphql-core raised {type(error).__name__}")
