#!/usr/bin/env python3
"""docs/architecture.md against the package it describes.

    python3 scripts/lab/check_architecture.py [--write-diagram]

Reads the module table of docs/architecture.md (module, kind, imports) and its section
"Arrows that must never exist", and holds them to two sources of truth: the targets
`swift package dump-package` declares (read twice, with and without LATTICE_FUZZ, which
declares the fuzz targets), and the `import` lines found in each target's Swift sources.

- Every target but the tests has one row; a row names targets (`Lattice`) or a folder of
  them (`Benchmarks/<Name>`: the executables under Benchmarks/ that no other row names).
- The kind is the target's: `library` (in a library product), `library, not a product`,
  `executable` (with the product's name when the cell gives one), `system library`, `C`
  (a target without Swift sources), `command plugin`, `build-tool plugin` (a plugin's
  dependencies are the tools it runs, not imports); "declared only with `LATTICE_FUZZ`" when it is.
- The backticked modules of the imports column are exactly the package modules the row's
  targets declare, exactly those their sources import, and exactly the toolchain modules
  (Foundation, Observation, ...) their sources import. The platform's modules (Glibc,
  Darwin, FoundationNetworking), imported where the platform has them, are not listed.
- No target, tests included, imports a package module it does not declare.
- No arrow of the forbidden list exists, declared or imported.
- The diagram (the page's first code block) is the table's, drawn: one arrow a row, from the
  row's modules to the package modules of its imports column, grouped by side (the harness is
  `LatticeBench` and what it imports; a row that imports both sides is where they meet; the
  plugins apart). `--write-diagram` redraws it from the table.
- A row of one target of several Swift files names the largest (its stem, in the row's text),
  so the rows keep naming their main files as they grow.

Exit status 0 when the page and the package agree; 1 with one line per mismatch, naming the
row (or the arrow) and what differs; 2 when dump-package itself fails.
Standard library only; about the time of two dump-packages, run side by side.
"""
import json
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
PLATFORM_MODULES = {"Glibc", "Darwin", "FoundationNetworking", "Musl", "Bionic", "Android", "WinSDK", "ucrt",
                    "WASILibc"}
FUZZ_VARIABLE = "LATTICE_FUZZ"
IMPORT = re.compile(r"^\s*(?:@[\w]+(?:\([^)]*\))?\s+)*import\s+"
                    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)")
BACKTICKED = re.compile(r"`([^`]+)`")
HARNESS = "LatticeBench"
DIAGRAM_WIDTH = 100
ARROW = " ──► "


class Target:
    """One target of the package as dump-package declares it, with what its sources import."""

    def __init__(self, entry, library_products, executable_products):
        self.name = entry["name"]
        self.type = entry["type"]
        default = {"test": "Tests/", "plugin": "Plugins/"}.get(self.type, "Sources/") + self.name
        self.path = entry.get("path") or default
        # A plugin's dependencies are the tools it runs, not modules it imports.
        self.declared = set() if self.type == "plugin" else {dependency_name(d) for d in entry.get("dependencies", [])}
        self.in_library = self.name in library_products
        self.executable_product = executable_products.get(self.name)
        self.imports = {}  # module -> first "file:line" importing it
        self.has_swift = False
        self.largest_file = None  # the stem of its largest Swift source, when it has several
        self.fuzz_only = False

    def read_imports(self):
        folder = ROOT / self.path
        sources = sorted(folder.rglob("*.swift"))
        if len(sources) > 1:
            self.largest_file = max(sources, key=lambda source: (source.stat().st_size, source.name)).stem
        for source in sources:
            self.has_swift = True
            in_string = False
            for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
                # Lines inside a multi-line string literal are text, not imports.
                if line.count('"""') % 2 == 1:
                    in_string = not in_string
                    continue
                if in_string:
                    continue
                match = IMPORT.match(line)
                if match:
                    where = f"{source.relative_to(ROOT)}:{number}"
                    self.imports.setdefault(match.group(1), where)


def dependency_name(dependency):
    """The module a dump-package dependency entry names (byName, target or product)."""
    for kind in ("byName", "target", "product"):
        if kind in dependency:
            return dependency[kind][0]
    raise ValueError(f"unknown dependency entry {dependency}")


def dump_package(fuzz):
    environment = dict(os.environ)
    environment.pop(FUZZ_VARIABLE, None)
    if fuzz:
        environment[FUZZ_VARIABLE] = "1"
    return subprocess.Popen(["swift", "package", "dump-package"], cwd=ROOT, env=environment,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def read_package():
    """Every target of the package declared with LATTICE_FUZZ, those absent without it marked."""
    plain, fuzz = dump_package(False), dump_package(True)
    outputs = []
    for process, label in ((plain, "swift package dump-package"),
                           (fuzz, f"{FUZZ_VARIABLE}=1 swift package dump-package")):
        out, err = process.communicate()
        if process.returncode != 0:
            print(f"check_architecture: {label} failed ({process.returncode}):\n{err}", file=sys.stderr)
            sys.exit(2)
        outputs.append(json.loads(out))
    plain_names = {t["name"] for t in outputs[0]["targets"]}
    package = outputs[1]
    library_products, executable_products = set(), {}
    for product in package["products"]:
        if "library" in product["type"]:
            library_products.update(product["targets"])
        elif "executable" in product["type"]:
            for target in product["targets"]:
                executable_products[target] = product["name"]
    targets = {}
    for entry in package["targets"]:
        target = Target(entry, library_products, executable_products)
        target.fuzz_only = target.name not in plain_names
        target.read_imports()
        targets[target.name] = target
    return targets


def cells(line):
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def read_doc(text):
    """The module table's rows (line number, module, kind, purpose, imports) and the forbidden arrows
    (line number, the bold text opening each bullet, which may run onto the next lines)."""
    rows, arrows = [], []
    section, in_table, bullet = "", False, None
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("## "):
            section, in_table = line[3:].strip(), False
            continue
        if line.startswith("| module | kind |"):
            in_table = True
            continue
        if in_table:
            if not line.startswith("|"):
                in_table = False
            elif set(line) - set("|- "):
                row = cells(line)
                rows.append((number, *row) if len(row) == 4 else (number, None, None, None, None))
            continue
        if section != "Arrows that must never exist":
            continue
        if line.startswith("- **"):
            bullet = [number, line[4:]]
            arrows.append(bullet)
        elif bullet is not None and line.startswith("  ") and "**" not in bullet[1]:
            bullet[1] += " " + line.strip()
    return rows, [(number, text.split("**")[0]) for number, text in arrows]


def resolve(name, targets, named):
    """The targets a backticked module name stands for: itself, or a folder pattern
    (`Benchmarks/<Name>`): the non-test executables under it that no row names by name."""
    if name in targets:
        return {name}
    if "<Name>" in name:
        prefix = name.split("<Name>")[0]
        return {t.name for t in targets.values()
                if t.path.startswith(prefix) and t.type == "executable" and t.name not in named}
    return None


def resolve_side(text, direction, where, targets, named, problems):
    """The targets one side of a forbidden arrow names; a name that stands for none is a problem."""
    found = set()
    for name in BACKTICKED.findall(text):
        resolved = resolve(name, targets, named)
        if resolved is None:
            problems.append(f"{where}: the arrow {direction} `{name}` names no target")
        else:
            found |= resolved
    return found


def kind_problems(kind, members, targets):
    problems = []
    text = kind.lower()
    fuzz_marked = f"declared only with `{FUZZ_VARIABLE.lower()}`" in text
    product_names = BACKTICKED.findall(kind.split(",")[0])
    for name in sorted(members):
        target = targets[name]
        if text.startswith("library, not a product"):
            ok = target.type == "regular" and target.has_swift and not target.in_library
            want = "a Swift target in no product"
        elif text.startswith("library"):
            ok = target.type == "regular" and target.in_library
            want = "a target of a library product"
        elif text.startswith("executable"):
            ok = target.type == "executable"
            want = "an executable target"
            if ok and product_names and target.executable_product not in product_names:
                ok, want = False, f"the target of the executable product `{product_names[0]}`"
        elif text.startswith("system library"):
            ok = target.type == "system"
            want = "a system library target"
        elif text.startswith("command plugin") or text.startswith("build-tool plugin"):
            ok = target.type == "plugin"
            want = "a plugin target"
        elif re.match(r"c\b", text):
            ok = target.type == "regular" and not target.has_swift
            want = "a target without Swift sources"
        else:
            ok, want = False, ("a kind this check knows (library, executable, system library, C, command plugin, "
                               "build-tool plugin)")
        if not ok:
            problems.append(f"`{name}` is said to be {kind!r}, but dump-package declares a target of type "
                            f"{target.type!r} (expected {want})")
        if fuzz_marked != target.fuzz_only:
            declared = "only with" if target.fuzz_only else "without"
            problems.append(f"`{name}` is declared {declared} {FUZZ_VARIABLE}, which the kind "
                            f"{'does not say' if target.fuzz_only else 'says otherwise'}")
    return problems


def diagram_arrow(left, right):
    """`left ──► right…`, wrapped at DIAGRAM_WIDTH after a comma, continuations under the first."""
    lines, line = [], left + (ARROW if right else "")
    indent = " " * len(line)
    for index, name in enumerate(right):
        piece = name + ("," if index < len(right) - 1 else "")
        if line.strip() and not line.endswith(ARROW) and len(line) + 1 + len(piece) > DIAGRAM_WIDTH:
            lines.append(line)
            line = indent
        line += ("" if line.endswith(ARROW) or line == indent else " ") + piece
    return lines + [line]


def draw_diagram(rows, package_modules):
    """The diagram of the table's rows: each row's modules and the package modules its imports
    column names, grouped into the runtime side, the harness side (`HARNESS` and what it imports,
    and rows that import only those), where the two sides meet, and the plugins."""
    drawn = []
    for _, module, kind, _, imports in rows:
        if module is None:
            continue
        names = BACKTICKED.findall(module) or [module]
        right = [name for name in BACKTICKED.findall(imports) if name in package_modules]
        drawn.append((names, right, "plugin" in kind.lower()))
    harness = {HARNESS}
    for names, right, _ in drawn:
        if HARNESS in names:
            harness |= set(right)
    changed = True
    while changed:
        changed = False
        for names, right, plugin in drawn:
            if not plugin and right and set(right) <= harness and not set(names) <= harness:
                harness |= set(names)
                changed = True
    groups = {"runtime side": [], "harness side": [], "where the two sides meet": [],
              "plugins (a plugin runs a tool; it imports no module of the package)": []}
    for names, right, plugin in drawn:
        if plugin:
            group = "plugins (a plugin runs a tool; it imports no module of the package)"
        elif set(names) <= harness:
            group = "harness side"
        elif set(right) & harness:
            group = "where the two sides meet"
        else:
            group = "runtime side"
        groups[group] += diagram_arrow(", ".join(names), right)
    lines = []
    for title, arrows in groups.items():
        if arrows:
            lines += ([""] if lines else []) + [title + ":"] + arrows
    return "\n".join(lines) + "\n"


def diagram_block(text):
    """The span (start, end) of the page's first code block's body."""
    start = text.index("```\n") + 4
    return start, text.index("```\n", start)


def listed(names):
    return ", ".join(f"`{n}`" for n in sorted(names)) or "none"


def main():
    targets = read_package()
    text = DOC.read_text(encoding="utf-8")
    rows, arrows = read_doc(text)
    problems = []
    if not rows:
        problems.append(f"{DOC.relative_to(ROOT)}: no module table (a table whose header is | module | kind |)")
    package_modules = set(targets)
    named = set()
    for _, module, _, _, _ in rows:
        if module:
            named.update(n for n in BACKTICKED.findall(module) if n in targets)
    covered = {}
    for number, module, kind, purpose, imports in rows:
        where = f"{DOC.relative_to(ROOT)}:{number}"
        if module is None:
            problems.append(f"{where}: a row of the module table without its four cells")
            continue
        members = set()
        for name in BACKTICKED.findall(module) or [module]:
            found = resolve(name, targets, named)
            if found is None:
                problems.append(f"{where}: row {module} names `{name}`, which dump-package does not declare")
            elif not found:
                problems.append(f"{where}: row {module}: `{name}` stands for no target")
            else:
                members |= found
        for name in sorted(members):
            if name in covered:
                problems.append(f"{where}: `{name}` has a row already ({covered[name]})")
            covered[name] = where
            if targets[name].type == "test":
                problems.append(f"{where}: `{name}` is a test target; tests are not rows of the table")
        if not members:
            continue
        problems += [f"{where}: row {module}: {p}" for p in kind_problems(kind, members, targets)]
        if len(members) == 1:
            largest = targets[next(iter(members))].largest_file
            if largest and largest not in purpose:
                problems.append(f"{where}: row {module} does not name its largest file, {largest}.swift")

        table = set(BACKTICKED.findall(imports))
        table_package = table & package_modules
        table_toolchain = table - package_modules
        declared = set().union(*(targets[m].declared for m in members))
        imported = set().union(*(targets[m].imports.keys() for m in members)) - PLATFORM_MODULES
        imported_package = imported & package_modules
        imported_toolchain = imported - package_modules
        for truth, said in ((declared, "Package.swift declares"), (imported_package, "the sources import")):
            if truth != table_package:
                problems.append(f"{where}: row {module}: {said} {listed(truth)} of the package's modules, "
                                f"the imports column {listed(table_package)}")
        if imported_toolchain != table_toolchain:
            problems.append(f"{where}: row {module}: the sources import {listed(imported_toolchain)} of the "
                            f"toolchain's modules, the imports column {listed(table_toolchain)}")
    for name in sorted(set(targets) - set(covered)):
        if targets[name].type != "test":
            problems.append(f"{DOC.relative_to(ROOT)}: target `{name}` ({targets[name].type}, {targets[name].path}) "
                            "has no row in the module table")

    for target in targets.values():
        for module in sorted((set(target.imports) & package_modules) - target.declared - {target.name}):
            problems.append(f"{target.imports[module]}: `{target.name}` imports `{module}`, "
                            "which its target does not declare in Package.swift")

    drawn = draw_diagram(rows, package_modules)
    try:
        start, end = diagram_block(text)
    except ValueError:
        start = end = None
        problems.append(f"{DOC.relative_to(ROOT)}: no diagram (a code block ``` … ```)")
    if start is not None and text[start:end] != drawn:
        if "--write-diagram" in sys.argv[1:]:
            staged = DOC.with_name(DOC.name + ".tmp")
            staged.write_text(text[:start] + drawn + text[end:], encoding="utf-8")
            staged.replace(DOC)
            print(f"check_architecture: drew the diagram of {DOC.relative_to(ROOT)} from its table", file=sys.stderr)
        else:
            line = text[:start].count("\n") + 1
            problems.append(f"{DOC.relative_to(ROOT)}:{line}: the diagram is not the table's; redraw it with "
                            "`python3 scripts/lab/check_architecture.py --write-diagram`")

    for number, bold in arrows:
        where = f"{DOC.relative_to(ROOT)}:{number}"
        if "→" not in bold:
            problems.append(f"{where}: a forbidden arrow without →: {bold!r}")
            continue
        left, right = bold.split("→", 1)
        sources = set(targets) if left.strip().lower().startswith("anything") else set()
        sources |= resolve_side(left, "from", where, targets, named, problems)
        forbidden = resolve_side(right, "to", where, targets, named, problems)
        if not sources or not forbidden:
            problems.append(f"{where}: a forbidden arrow that names no module on one side: {bold!r}")
        for source in sorted(sources):
            target = targets[source]
            for module in sorted(forbidden - {source}):
                if module in target.declared:
                    problems.append(f"{where}: forbidden arrow `{source}` → `{module}`: Package.swift declares it")
                if module in target.imports:
                    problems.append(f"{where}: forbidden arrow `{source}` → `{module}`: "
                                    f"imported at {target.imports[module]}")

    if problems:
        print("\n".join(problems), file=sys.stderr)
        print(f"check_architecture: {len(problems)} mismatches between {DOC.relative_to(ROOT)} and the package",
              file=sys.stderr)
        return 1
    print(f"check_architecture: {len(covered)} targets in {len(rows)} rows and {len(arrows)} forbidden arrows "
          f"agree with dump-package and the sources")
    return 0


if __name__ == "__main__":
    sys.exit(main())
