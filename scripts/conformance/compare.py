"""Comparing two AST dictionaries the way the conformance check defines equality."""


def first_difference(expected, actual, path="$"):
    """The JSON path of the first difference, or None when equal. Nothing is loosened: a
    null list is not an empty one, and keys must come in graphql-core's order, so equal
    trees are the same text as `json.dumps(ast_to_dict(...))`."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in list(expected) + [k for k in actual if k not in expected]:
            if key not in expected or key not in actual:
                return f"{path}.{key} (present on one side only)"
            difference = first_difference(expected[key], actual[key], f"{path}.{key}")
            if difference:
                return difference
        if list(expected) != list(actual):
            return f"{path} (keys in another order: graphql-core {list(expected)}, Lattice {list(actual)})"
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return f"{path} (graphql-core has {len(expected)} items, Lattice {len(actual)})"
        for index, (e, a) in enumerate(zip(expected, actual)):
            difference = first_difference(e, a, f"{path}[{index}]")
            if difference:
                return difference
        return None
    if type(expected) is not type(actual) or expected != actual:
        return f"{path} (graphql-core {expected!r}, Lattice {actual!r})"
    return None
