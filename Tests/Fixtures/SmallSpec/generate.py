"""The responses of the small spec (a recipe app), as a server answers them: its documents
validated with graphql-core against schema.graphql, then the text the runtime sends for
each operation (`lattice requests`: the compiler's `id` and `__typename` added, as for
spec/) validated and executed over a small data graph, written with spec/'s own writer
(sorted keys, one file per case).

    .venv/bin/python Tests/Fixtures/SmallSpec/generate.py generate   # rewrite responses/
    .venv/bin/python Tests/Fixtures/SmallSpec/generate.py check      # compare, change nothing

Both need the built lattice binary (.build/debug/lattice, or --lattice PATH).

`check` (a step of scripts/test.sh) regenerates into a temporary folder and fails, listing
each file, when a response differs, is missing or is stale. Exit status 1 on any problem.
"""
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))  # the repository root: scripts.fixtures

from graphql import build_schema, execute, parse  # noqa: E402

from scripts.fixtures.cli import fail, fixture_arguments, regenerate  # noqa: E402
from scripts.fixtures.ids import global_id as node_id  # noqa: E402
from scripts.fixtures.documents import DocumentError, load_definitions  # noqa: E402
from scripts.fixtures.faults import Faults, Raise  # noqa: E402
from scripts.fixtures.sent import SentTextError, sent_text_problems, sent_texts  # noqa: E402
from scripts.fixtures.summary import summarize  # noqa: E402
from scripts.fixtures.validation import validate_definitions  # noqa: E402
from scripts.fixtures.writer import render  # noqa: E402


def cook(number: int, handle: str, display_name, bio) -> Dict[str, Any]:
    return {"__typename": "Cook", "id": node_id("Cook", number), "handle": handle,
            "displayName": display_name, "bio": bio,
            "avatarUrl": lambda info, size=None: f"https://img.pantry.example/{handle}?s={size or 80}"}


def build_graph() -> Dict[str, Any]:
    """The data: four cooks, five recipes, their ingredients, steps and reviews. Planted
    nulls: `lupe` has no display name, the draft recipe has no publication time."""
    cooks = [cook(1, "ada", "Ada Mensah", "Cooks for twelve on Sundays."),
             cook(2, "kenji", "Kenji Sato", "Broth first, questions later."),
             cook(3, "lupe", None, None),
             cook(4, "tess", "Tess Alemu", "Injera, patiently.")]
    ada, kenji, lupe, tess = cooks
    ingredient_number = iter(range(1, 100))
    review_number = iter(range(1, 100))

    def ingredients(*items):
        return [{"__typename": "Ingredient", "id": node_id("Ingredient", next(ingredient_number)),
                 "name": name, "quantity": quantity, "unit": unit, "note": note}
                for name, quantity, unit, note in items]

    def steps(*texts):
        return [{"position": index + 1, "text": text, "timerSeconds": timer}
                for index, (text, timer) in enumerate(texts)]

    def reviews(*items):
        nodes = [{"__typename": "Review", "id": node_id("Review", next(review_number)),
                  "rating": rating, "text": text, "author": author} for rating, text, author in items]
        return lambda info, first=None: {"totalCount": len(nodes), "nodes": nodes[:first]}

    def recipe(number, title, summary, cuisine, minutes, servings, author, published, parts, how, said):
        return {"__typename": "Recipe", "id": node_id("Recipe", number), "title": title,
                "summary": summary, "cuisine": cuisine, "minutes": minutes, "servings": servings,
                "author": author, "publishedAt": published, "ingredients": parts, "steps": how,
                "reviews": said}

    recipes = [
        recipe(1, "Shoyu ramen", "A clear soy broth with springy noodles.", "JAPANESE", 240, 4, kenji,
               "2024-05-28T18:30:00Z",
               ingredients(("chicken backs", 1.5, "kg", None), ("kombu", 10.0, "g", "wiped, not washed"),
                           ("shoyu", 120.0, "ml", None), ("ramen noodles", 4.0, None, "fresh")),
               steps(("Simmer the bones for three hours.", 10800), ("Steep the kombu off the heat.", 600),
                     ("Season the bowls and pour.", None)),
               reviews((5, "Worth the afternoon.", ada), (4, None, tess), (5, "Made it twice.", lupe))),
        recipe(2, "Misir wot", "Red lentils in berbere.", "ETHIOPIAN", 50, 6, tess, "2024-05-20T12:00:00Z",
               ingredients(("red lentils", 400.0, "g", None), ("berbere", 3.0, "tbsp", None),
                           ("onions", 2.0, None, "finely chopped")),
               steps(("Cook the onions dry until soft.", 900), ("Add berbere, then lentils and water.", 1800)),
               reviews((5, "Dinner every week now.", kenji))),
        recipe(3, "Cacio e pepe", None, "ITALIAN", 20, 2, ada, "2024-04-02T19:00:00Z",
               ingredients(("spaghetti", 200.0, "g", None), ("pecorino", 80.0, "g", "finely grated"),
                           ("black pepper", None, None, "lots")),
               steps(("Toast the pepper.", 60), ("Emulsify cheese with pasta water.", None)),
               reviews()),
        recipe(4, "Tacos al pastor", "Pork, pineapple, the spit optional.", "MEXICAN", 90, 4, lupe, None,
               ingredients(("pork shoulder", 1.0, "kg", None), ("pineapple", 0.5, None, None)),
               steps(("Marinate overnight.", None), ("Sear hard, slice thin.", None)),
               reviews((3, "Needs more achiote.", ada))),
        recipe(5, "Tamagoyaki", "A rolled omelette, sweet or savoury.", "JAPANESE", 15, 1, kenji,
               "2024-03-11T07:45:00Z",
               ingredients(("eggs", 3.0, None, None), ("dashi", 2.0, "tbsp", None)),
               steps(("Roll thin layers, one at a time.", None),),
               reviews((4, "Harder than it looks.", tess))),
    ]
    by_id = {item["id"]: item for item in cooks + recipes}
    ada["favorites"] = lambda info, first=None: [recipes[1], recipes[0], recipes[2]][:first]
    for other in (kenji, lupe, tess):
        other["favorites"] = lambda info, first=None: []
    newest = sorted(recipes, key=lambda item: item["publishedAt"] or "9999", reverse=True)
    return {
        "viewer": ada,
        "recipe": lambda info, id: next((r for r in recipes if r["id"] == id), None),
        "recipes": lambda info, first=10, cuisine=None:
            [r for r in newest if cuisine in (None, r["cuisine"])][:first],
        "node": lambda info, id: by_id.get(id),
    }


@dataclass
class Case:
    """One response file: `<operation>.<name>.json`, with its variables and faults."""
    operation: str
    name: str
    variables: Dict[str, Any] = field(default_factory=dict)
    faults: List[Raise] = field(default_factory=list)


CASES = [
    Case("Pantry", "ok"),
    Case("Pantry", "field-error", faults=[Raise(("viewer", "bio"), "The profile service timed out.", "TIMEOUT")]),
    Case("RecipeScreen", "ok", {"id": node_id("Recipe", 1)}),
    Case("CookCard", "ok", {"id": node_id("Cook", 2)}),
    # A cook who deleted their account: `node` is null, the @required bubbles to the root.
    Case("CookCard", "required-null", {"id": node_id("Cook", 9)}),
]


def responses(schema, texts: Dict[str, str]) -> Dict[str, str]:
    """Every case's file text, by file name, each executing its operation's sent text.
    Raises DocumentError for a case whose fault execution never reached."""
    files = {}
    for case in CASES:
        if case.operation not in texts:
            raise DocumentError(f"case {case.operation}.{case.name}: no operation {case.operation}")
        faults = Faults(case.faults)
        result = execute(schema, parse(texts[case.operation]), root_value=build_graph(),
                         variable_values=case.variables, operation_name=case.operation, middleware=[faults])
        if faults.unfired():
            raise DocumentError(f"case {case.operation}.{case.name}: execution never reached {faults.unfired()}")
        files[f"{case.operation}.{case.name}.json"] = render(
            {"operation": case.operation, "variables": case.variables, "response": result.formatted})
    return files


def main(argv: List[str] = None) -> int:
    arguments = fixture_arguments(__doc__, argv)
    # The documents are written against the schema and the client's directives; the server
    # knows the schema alone, as the runtime sends no client directive.
    schema_files = [HERE / name for name in ("schema.graphql", "directives.graphql")]
    written = build_schema("\n".join(path.read_text(encoding="utf-8") for path in schema_files))
    schema = build_schema(schema_files[0].read_text(encoding="utf-8"))
    try:
        definitions = load_definitions(HERE / "operations")
        problems = validate_definitions(definitions, written)
        if problems:
            return fail(problems)
        texts = sent_texts(arguments.lattice, schema_files, sorted((HERE / "operations").glob("*.graphql")))
        problems = sent_text_problems(texts, schema)
        if problems:
            return fail(problems)
        files = responses(schema, texts)
    except (DocumentError, SentTextError) as error:
        return fail([str(error)])
    summary = summarize(definitions)
    problems = summary.problems(definitions)
    folder = HERE / "responses"
    problems += regenerate(files, folder, arguments.command == "generate")
    done = "written to" if arguments.command == "generate" else "regenerated and compared with"
    print(f"small spec: {len(definitions)} documents validated, {len(files)} responses {done} {folder}")
    print(f"small spec: largest @throwOnFieldError operation: {summary.largest_throwing} "
          f"({summary.field_counts[summary.largest_throwing]} fields); "
          f"spreads-only: {', '.join(summary.spreads_only)}")
    return fail(problems) if problems else 0


if __name__ == "__main__":
    sys.exit(main())
