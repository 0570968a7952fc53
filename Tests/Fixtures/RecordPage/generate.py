"""The record's page: one page of 20 characters, their places, the 51 episodes they appear
in and each episode's cast, about 690 KB that normalize into 900 records, in the shape of the
page the decision record's system measured (a recorded page of the public Rick and Morty
API). The data graph is drawn from a fixed seed (scripts/fixtures/rng.py, SplitMix64, so
it never depends on Python's `random`); the documents under operations/ are validated with
graphql-core against schema.graphql; the text the runtime sends for RecordPage (`lattice
requests`, the compiler's additions included) is validated and executed by graphql-core over
that graph, and the result is written as a server sends it: compact, in the selection's
order.

    .venv/bin/python Tests/Fixtures/RecordPage/generate.py generate   # rewrite responses/
    .venv/bin/python Tests/Fixtures/RecordPage/generate.py check      # compare, change nothing

Both need the built lattice binary (.build/debug/lattice, or --lattice PATH). `check`
regenerates the response in memory and fails when it differs from the committed one, is
missing, or a file no run writes lies beside it. Exit status 1 on any problem.
"""
import json
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))  # the repository root: scripts.fixtures

from graphql import build_schema, execute, parse  # noqa: E402

from scripts.fixtures.cli import fail, fixture_arguments, regenerate  # noqa: E402
from scripts.fixtures.ids import global_id as node_id  # noqa: E402
from scripts.fixtures.documents import DocumentError, load_definitions  # noqa: E402
from scripts.fixtures.rng import Rng  # noqa: E402
from scripts.fixtures.sent import SentTextError, sent_text_problems, sent_texts  # noqa: E402
from scripts.fixtures.validation import validate_definitions  # noqa: E402

SEED = 0x5EC0_2026
OPERATION = "RecordPage"
PAGE_SIZE = 20
EPISODES = 51
LOCATIONS = 18
# Characters with no origin on the page: the public API answers "unknown" for them.
UNKNOWN_ORIGINS = 4
# Records the page normalizes into: the root, the page, its info, the 20 characters, the 51
# episodes, the 18 locations and the rest of the episodes' casts.
RECORDS = 900
OTHER_CHARACTERS = RECORDS - 3 - PAGE_SIZE - EPISODES - LOCATIONS
# Appearances in casts beyond each character's first: sized so the body is about 690 KB, as
# the recorded page's 686 KB is.
EXTRA_APPEARANCES = 1_035
SEASONS = (11, 10, 10, 10, 10)  # 51 episodes

SYLLABLES = ("zor", "vex", "plim", "bus", "gar", "mon", "tri", "qua", "lux", "dor", "fen", "sko",
             "bli", "nar", "thu", "ko", "ra", "mi", "zel", "pop", "squa", "jen", "wub", "tam")
STATUSES = ("Alive", "Alive", "Dead", "unknown")
SPECIES = ("Human", "Human", "Alien", "Humanoid", "Robot", "Animal", "Cronenberg", "Mythological Creature",
           "Disease", "Poopybutthole")
KINDS = ("", "", "", "", "Parasite", "Clone", "Superhuman", "Gazorpian", "Cyborg", "Fish-Person")
GENDERS = ("Male", "Female", "Female", "Male", "Genderless", "unknown")
PLACE_KINDS = ("Planet", "Space station", "Microverse", "Dimension", "Dream", "Resort", "Cluster")
DIMENSIONS = ("Dimension C-137", "Replacement Dimension", "Cronenberg Dimension", "Fantasy Dimension", "unknown")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")
IMAGE_BASE = "https://media.cartoon-api.example/character/avatar"


def word(rng: Rng, syllables: int) -> str:
    return "".join(rng.pick(SYLLABLES) for _ in range(syllables)).capitalize()


def created(rng: Rng, number: int, year: int) -> str:
    """An entry's creation time: entries made in order, a few minutes apart."""
    minutes = number * 7 + rng.below(7)
    return (f"{year}-11-{4 + minutes // 1440:02d}T{minutes // 60 % 24:02d}:{minutes % 60:02d}:"
            f"{rng.below(60):02d}.{rng.below(1000):03d}Z")


def build_graph(rng: Rng) -> Dict[str, Any]:
    """The data: 828 characters, 18 locations and 51 episodes, linked both ways. The page's
    first two characters appear in every episode; each other page character in one to four;
    every character off the page in at least one (so each is a record of the page)."""
    locations = [{"id": node_id("Location", n), "name": f"{word(rng, 2)} {rng.pick(('Prime', 'IV', 'Major', ''))}".strip(),
                  "type": rng.pick(PLACE_KINDS), "dimension": rng.pick(DIMENSIONS), "residents": [],
                  "created": created(rng, n, 2017)} for n in range(1, LOCATIONS + 1)]
    characters = []
    for n in range(1, PAGE_SIZE + OTHER_CHARACTERS + 1):
        characters.append({"id": node_id("Character", n), "name": f"{word(rng, 2)} {word(rng, rng.between(1, 3))}",
                           "status": rng.pick(STATUSES), "species": rng.pick(SPECIES), "type": rng.pick(KINDS),
                           "gender": rng.pick(GENDERS), "origin": None, "location": None,
                           "image": f"{IMAGE_BASE}/{n}.jpeg", "episode": [], "created": created(rng, n, 2017)})
    page = characters[:PAGE_SIZE]
    # Every location is some page character's origin or location, so each is a record.
    slots = [(character, "location") for character in page] + [(character, "origin") for character in page[UNKNOWN_ORIGINS:]]
    for index, (character, place) in enumerate(slots):
        character[place] = locations[index] if index < LOCATIONS else rng.pick(locations)
    for character in characters[PAGE_SIZE:]:
        character["location"] = rng.pick(locations)
    for character in characters:
        if character["location"] is not None:
            character["location"]["residents"].append(character)

    episodes = []
    number = 0
    for season, count in enumerate(SEASONS, start=1):
        for within in range(1, count + 1):
            number += 1
            day = (number - 1) * 7
            year, day_of_year = 2013 + day // 365, day % 365
            episodes.append({"id": node_id("Episode", number), "name": f"{word(rng, 2)} {word(rng, 2)}",
                             "air_date": f"{MONTHS[day_of_year // 31 % 12]} {day_of_year % 28 + 1}, {year}",
                             "episode": f"S{season:02d}E{within:02d}", "cast": set(),
                             "created": created(rng, number, 2017)})
    for character_number in (0, 1):
        for episode in episodes:
            episode["cast"].add(character_number)
    for character_number in range(2, PAGE_SIZE):
        for episode in rng.sample(episodes, rng.between(1, 4)):
            episode["cast"].add(character_number)
    for character_number in range(PAGE_SIZE, len(characters)):
        rng.pick(episodes)["cast"].add(character_number)
    for _ in range(EXTRA_APPEARANCES):
        rng.pick(episodes)["cast"].add(PAGE_SIZE + rng.below(OTHER_CHARACTERS))
    for episode in episodes:
        episode["characters"] = [characters[n] for n in sorted(episode.pop("cast"))]
        for character in episode["characters"]:
            character["episode"].append(episode)

    def characters_page(info, page: Optional[int] = None, filter=None):  # noqa: A002 - the schema's name
        number = page or 1
        pages = -(-len(characters) // PAGE_SIZE)
        return {"info": {"count": len(characters), "pages": pages, "next": number + 1 if number < pages else None,
                         "prev": number - 1 if number > 1 else None},
                "results": characters[(number - 1) * PAGE_SIZE:number * PAGE_SIZE]}

    return {"characters": characters_page}


def records(data: Any) -> int:
    """The records a response normalizes into, counted as Lattice's rule keys them (DataID):
    one per distinct `id`, one per object without one (a client record), and the root."""
    identified, unidentified = set(), 0
    pending = [data]
    while pending:
        value = pending.pop()
        if isinstance(value, list):
            pending.extend(value)
        elif isinstance(value, dict):
            if "id" in value:
                identified.add(value["id"])
            else:
                unidentified += 1
            pending.extend(value.values())
    return len(identified) + unidentified


def response(schema, texts: Dict[str, str]) -> str:
    """The page's response body, executing the sent text of RecordPage over the graph."""
    if OPERATION not in texts:
        raise DocumentError(f"no operation {OPERATION} among the sent texts")
    result = execute(schema, parse(texts[OPERATION]), root_value=build_graph(Rng(SEED)), operation_name=OPERATION)
    if result.errors:
        raise DocumentError(f"{OPERATION} executed with errors: {[error.message for error in result.errors]}")
    return json.dumps(result.formatted, ensure_ascii=False, separators=(",", ":")) + "\n"


def main(argv: List[str] = None) -> int:
    arguments = fixture_arguments(__doc__, argv)
    schema_file = HERE / "schema.graphql"
    schema = build_schema(schema_file.read_text(encoding="utf-8"))
    try:
        definitions = load_definitions(HERE / "operations")
        problems = validate_definitions(definitions, schema)
        if problems:
            return fail(problems)
        texts = sent_texts(arguments.lattice, [schema_file], sorted((HERE / "operations").glob("*.graphql")))
        problems = sent_text_problems(texts, schema)
        if problems:
            return fail(problems)
        files = {f"{OPERATION}.json": response(schema, texts)}
    except (DocumentError, SentTextError) as error:
        return fail([str(error)])
    body = json.loads(files[f"{OPERATION}.json"])
    counted = records(body["data"])
    if counted != RECORDS:
        problems.append(f"{OPERATION}: the response normalizes into {counted} records, not {RECORDS}")
    folder = HERE / "responses"
    problems += regenerate(files, folder, arguments.command == "generate")
    done = "written to" if arguments.command == "generate" else "regenerated and compared with"
    size = len(files[f"{OPERATION}.json"].encode("utf-8"))
    print(f"record page: {len(definitions)} documents validated, {OPERATION} executed: {size:,} bytes, "
          f"{counted} records, {done} {folder}")
    return fail(problems) if problems else 0


if __name__ == "__main__":
    sys.exit(main())
