#!/usr/bin/env bash
# The inspector page check (a scripts/test.sh step): `lattice inspect` renders the committed
# inspection and image of one store (Tests/Fixtures/Inspector: the store LatticeTests'
# EnvironmentInspectionTests builds and holds both files to) into .build/lab/inspector/, each
# page is checked in headless Chromium as the dashboard is (scripts/lab/check_page.sh), and what
# its rendered DOM shows is held to that store: its records by type, its handle's operation
# and phase, its connection's pages, its layer, its release buffer and its image. The image is
# read only (its bytes unchanged, nothing beside it). Bad inputs give a located error and write
# no page.
# Usage: scripts/lab/check_inspector.sh [LATTICE_BINARY]   (default .build/debug/lattice)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

lattice=${1:-.build/debug/lattice}
out=.build/lab/inspector
rm -rf "$out"
mkdir -p "$out/environment" "$out/image"

fixtures=Tests/Fixtures/Inspector
"$lattice" inspect --inspection "$fixtures/inspection.json" --out "$out/environment/inspection.html"
scripts/lab/check_page.sh "inspector page" "$out/environment/inspection.html" "$out/environment"
# The same store's image, read only: the file stays as it is, and nothing appears beside it.
cp "$fixtures/store.sqlite" "$out/store-before.sqlite"
"$lattice" inspect --image "$fixtures/store.sqlite" --out "$out/image/inspection.html"
cmp -s "$fixtures/store.sqlite" "$out/store-before.sqlite" || { echo "inspector page: the image was written to" >&2; exit 1; }
if ls "$fixtures"/store.sqlite-* >/dev/null 2>&1; then echo "inspector page: files appeared beside the image" >&2; exit 1; fi
scripts/lab/check_page.sh "inspector page of the image" "$out/image/inspection.html" "$out/image"

# What each rendered DOM shows (attributes the page gives each figure), against the store.
python3 - "$out/environment/dom.html" "$out/image/dom.html" <<'PY'
import sys
from html.parser import HTMLParser

class Elements(HTMLParser):
    """Every element's attributes, with the id of the section it sits in."""
    def __init__(self):
        super().__init__()
        self.section = None
        self.elements = []
    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "section":
            self.section = attrs.get("id")
        self.elements.append((self.section, attrs))

problems = []
def page(path):
    parsed = Elements()
    parsed.feed(open(path, encoding="utf-8").read())
    return parsed.elements
def expect(elements, what, section, **wanted):
    wanted = {"data-" + key.replace("_", "-"): value for key, value in wanted.items()}
    if not [a for s, a in elements if s == section and all(a.get(k) == v for k, v in wanted.items())]:
        problems.append(what)

environment = page(sys.argv[1])
expect(environment, "4 records of type Issue", "types", type="Issue", records="4")
expect(environment, "1 record of type Repository", "types", type="Repository", records="1")
expect(environment, "a retained root, IssueList, with one handle", "roots", operation="IssueList", handles="1")
expect(environment, "its handle ready, its fetch idle", "roots", phase="ready", fetch="idle")
expect(environment, "the connection with 2 pages, 4 edges and a next page", "connections",
       connection="IssueList_issueConnection", pages="2", edges="4", has_next="true")
expect(environment, "one pending layer writing one field", "layers", layer="1", fields="1")
expect(environment, "a release buffer keeping 1 of 10", "release-buffer", capacity="10", kept="1")
expect(environment, "IssueList in the release buffer", "release-buffer", operation="IssueList")
expect(environment, "the image's launch", "image", launches="1")

image = page(sys.argv[2])
expect(image, "the image: 4 records of type Issue", "types", type="Issue", records="4")
expect(image, "the image: the connection's 4 edges, its pages not known", "connections",
       connection="IssueList_issueConnection", pages="not known", edges="4")
expect(image, "the image: no root kept", "release-buffer", kept="0")
expect(image, "the image: its launch", "image", launches="1")
if [a for s, a in image if s == "roots" and "data-operation" in a]:
    problems.append("the image: no retained root")
if problems:
    print("inspector page: the rendered page does not show " + "; ".join(problems), file=sys.stderr)
    sys.exit(1)
print("inspector page: shows the store's types, root, handle, connection, layer, buffer and image", file=sys.stderr)
PY

# Bad inputs: a located error, exit status 1, no page.
printf '{"epoch": "one"}' >"$out/bad.json"
if "$lattice" inspect --inspection "$out/bad.json" --out "$out/bad.html" 2>"$out/bad.log"; then
    echo "inspector page: an inspection with a string epoch was taken" >&2
    exit 1
fi
grep -q 'bad.json: not an inspection: epoch: ' "$out/bad.log" || { cat "$out/bad.log" >&2; echo "inspector page: no located error" >&2; exit 1; }
printf 'not a database %.0s' {1..100} >"$out/junk.sqlite"
if "$lattice" inspect --image "$out/junk.sqlite" --out "$out/bad.html" 2>"$out/junk.log"; then
    echo "inspector page: a file that is no database was read as an image" >&2
    exit 1
fi
if "$lattice" inspect --image "$out/absent.sqlite" --out "$out/bad.html" 2>"$out/absent.log"; then
    echo "inspector page: a missing image was read" >&2
    exit 1
fi
[ ! -e "$out/bad.html" ] || { echo "inspector page: a page was written for bad input" >&2; exit 1; }
echo "inspector page: bad inputs refused, located ($(head -c 120 "$out/junk.log"))" >&2
