#!/usr/bin/env python3
"""Writes the union document of issue 23's compile benchmark: a schema and one query of S
sections, each a union, holding C cards, each a union, holding M metas, each a union
(the record's system's generator, in its shape; not its code).

Usage: scripts/lab/union_document.py S C M FOLDER
Writes FOLDER/schema.graphql and FOLDER/Page.graphql; deterministic (no randomness).
"""
import sys
from pathlib import Path

KINDS = ("A", "B", "C")


def schema() -> str:
    lines = ["type Query { page: Page }", "type Page { sections(first: Int): Section }"]
    for level, child in (("Section", "Card"), ("Card", "Meta"), ("Meta", None)):
        members = [f"{level}{kind}" for kind in KINDS]
        lines.append(f"union {level} = {' | '.join(members)}")
        for member in members:
            fields = ["id: ID!", "title: String", "weight: Int"]
            if child:
                fields.append(f"{child.lower()}(index: Int!): {child}")
            lines.append(f"type {member} {{ {', '.join(fields)} }}")
    return "\n".join(lines) + "\n"


def members(level: str, children: str) -> str:
    """The inline fragments of a union `level`: its first member holds `children`, the other
    two are leaves, so the document grows as S x C x M, not 3^3 times that."""
    first, *others = (f"{level}{kind}" for kind in KINDS)
    return " ".join([f"... on {first} {{ id title {children}}}"]
                    + [f"... on {other} {{ id weight }}" for other in others])


def document(sections: int, cards: int, metas: int) -> str:
    def meta(i: int) -> str:
        return f"m{i}: meta(index: {i}) {{ __typename {members('Meta', '')} }}"

    def card(i: int) -> str:
        return f"c{i}: card(index: {i}) {{ __typename {members('Card', ' '.join(meta(j) for j in range(metas)) + ' ')} }}"

    def section(i: int) -> str:
        return (f"s{i}: sections(first: {i + 1}) {{ __typename "
                f"{members('Section', ' '.join(card(j) for j in range(cards)) + ' ')} }}")

    return "query Page {\n  page {\n" + "".join(f"    {section(i)}\n" for i in range(sections)) + "  }\n}\n"


def main() -> int:
    if len(sys.argv) != 5 or not all(a.isdigit() and int(a) > 0 for a in sys.argv[1:4]):
        print(__doc__, file=sys.stderr)
        return 64
    sections, cards, metas = (int(a) for a in sys.argv[1:4])
    folder = Path(sys.argv[4])
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in (("schema.graphql", schema()), ("Page.graphql", document(sections, cards, metas))):
        temporary = folder / (name + ".tmp")
        temporary.write_text(text)
        temporary.replace(folder / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
