"""The layer rules of docs/architecture.md, checked against every module's imports,
and the rule that no caller outside advisor/rules/ asks a rule set what game it is."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from helpers import REPO as ROOT

PACKAGES = ("solver", "advisor")
#: The only imports of the packages' modules inside a function, and why.
LAZY = {("advisor.cli", "advisor.web"): "Flask loads for vint serve only",
        ("advisor.web", "advisor.web.app"): "Flask loads when the page is made"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict:
    """``{module name: path}`` of every Python module of both packages."""
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            out[_module_name(path)] = path
    return out


MODULES = _modules()
#: The compiled cores (``.pyx``), private to their package.
COMPILED = {_module_name(p) for package in PACKAGES for p in (ROOT / package).rglob("*.pyx")}


def _layers() -> list:
    """``[(layer, path or folder prefix)]`` from the table of docs/architecture.md."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| (.+) \|$", text, flags=re.M)
    assert rows, "docs/architecture.md has no layer table"
    return [(int(layer), entry) for layer, cells in rows
            for entry in re.findall(r"`([^`]+)`", cells)]


LAYERS = _layers()


def _place(module: str):
    """``(layer, group)``: a module's layer and the table entry it falls under."""
    path = str(MODULES[module].relative_to(ROOT))
    found = [(layer, entry) for layer, entry in LAYERS
             if path == entry or (entry.endswith("/") and path.startswith(entry))]
    assert len(found) == 1, f"{path} is in {len(found)} rows of the layer table"
    return found[0]


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    package = module.split(".")
    if not MODULES[module].name == "__init__.py":
        package = package[:-1]
    base = package[:len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _project(name: str):
    """The module of ours that ``name`` (a module, or a name in one) is, or None
    (also for a compiled core)."""
    if name in COMPILED:
        return None
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _imports(module: str):
    """``[(target module, imported names, line, at module level)]`` of our modules."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    functions = [n for n in ast.walk(tree)
                 if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    inside = {id(n) for f in functions for n in ast.walk(f)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _project(alias.name)
                if target or alias.name.split(".")[0] in PACKAGES:
                    out.append((alias.name, [], node.lineno, id(node) not in inside))
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, node)
            if base.split(".")[0] not in PACKAGES:
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                target = full if full in MODULES or full in COMPILED else base
                out.append((target, [alias.name], node.lineno, id(node) not in inside))
    return out


def test_every_module_is_in_the_layer_table_once():
    for module in MODULES:
        _place(module)
    for _, entry in LAYERS:
        assert any(str(p.relative_to(ROOT)) == entry or
                   (entry.endswith("/") and str(p.relative_to(ROOT)).startswith(entry))
                   for p in MODULES.values()), f"{entry} of the layer table is no module"


def test_imports_only_point_down_or_within_a_folder():
    wrong = []
    for module in MODULES:
        layer, group = _place(module)
        for target, _, line, _ in _imports(module):
            mod = _project(target)
            if mod is None:
                continue                         # a compiled core (checked below)
            their_layer, their_group = _place(mod)
            if their_layer > layer or (their_layer == layer and their_group != group):
                wrong.append(f"{module}:{line} imports {target} "
                             f"(layer {layer} {group} -> {their_layer} {their_group})")
    assert not wrong, "\n".join(wrong)


def test_imports_have_no_cycle():
    graph = {m: {_project(t) for t, _, _, top in _imports(m) if top and _project(t)} - {m}
             for m in MODULES}
    done, path = set(), []

    def visit(m):
        if m in path:
            raise AssertionError("import cycle: " + " -> ".join(path[path.index(m):] + [m]))
        if m in done:
            return
        path.append(m)
        for n in sorted(graph[m]):
            # a package's __init__ imports its own modules, which import the package's
            # siblings: that is the package being built, not a cycle
            if not (n == m.rpartition(".")[0] or m == n.rpartition(".")[0]):
                visit(n)
        path.pop()
        done.add(m)

    for m in sorted(MODULES):
        visit(m)


def test_no_private_names_across_modules_and_private_modules_stay_in_their_package():
    wrong = []
    for module in MODULES:
        for target, names, line, _ in _imports(module):
            if target in COMPILED or target.rpartition(".")[2].startswith("_"):
                # a private module (a compiled core, solver._stop): its package's own
                if module.split(".")[0] != target.split(".")[0]:
                    wrong.append(f"{module}:{line} uses {target}, private to its package")
                continue
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            if private:
                wrong.append(f"{module}:{line} imports {', '.join(private)} from {target}")
    assert not wrong, "\n".join(wrong)


def test_no_private_attributes_of_another_modules_objects():
    """``policy._read(...)`` in another module than the class's: an attribute
    named with one underscore that the module itself never defines."""
    allowed = {"_asdict", "_replace", "_fields", "_make"}       # namedtuples' own API
    wrong = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined = set()
        for n in ast.walk(tree):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                defined.add(n.name)
            elif isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store):
                defined.add(n.attr)
            elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                defined.add(n.id)
            elif isinstance(n, ast.Constant) and isinstance(n.value, str):
                defined.add(n.value)             # __slots__ entries
        for n in ast.walk(tree):
            if isinstance(n, ast.Attribute) and re.match(r"_[^_]", n.attr) \
                    and not n.attr.endswith("_") and n.attr not in allowed \
                    and n.attr not in defined \
                    and not (isinstance(n.value, ast.Name) and n.value.id in ("self", "cls")):
                wrong.append(f"{module}:{n.lineno} {ast.unparse(n)}")
    assert not wrong, "\n".join(wrong)


def test_imports_are_at_the_top_but_the_lazy_flask_ones():
    wrong = []
    for module in MODULES:
        for target, _, line, top in _imports(module):
            mod = _project(target)
            if not top and (module, mod) not in LAZY:
                wrong.append(f"{module}:{line} imports {target} inside a function")
    assert not wrong, "\n".join(wrong)
    assert all(any(m == module and _project(t) == mod and not top
                   for t, _, _, top in _imports(m))
               for (module, mod) in LAZY for m in [module]), "a LAZY entry is gone"


def test_the_solver_never_imports_the_advisor():
    for module in MODULES:
        if module.startswith("solver"):
            assert not any(t.startswith("advisor") for t, _, _, _ in _imports(module)), module


# -- rule sets say what they have ------------------------------------------------

GAME_NAMES = ("vint", "vint-foster", "vint-siberian", "skruuvi", "skruuvi-old",
              "semi-contract", "preference")
#: A rule set as callers outside advisor/rules/ name it.
_RULES = r"(?:\brs|\brules|\bself\.rules|\bsit\.rules|\bpolicy\.rules|rule_set\([^)]*\))"
ASKING = {
    "compares a game's name": re.compile(_RULES + r"\.name\s*(?:==|!=|\bin\b|\bnot in\b)"),
    "compares with a game's name": re.compile(
        r"(?:\.name|\brules|\bname)\s*(?:==|!=|\bin\b|\bnot in\b)\s*[(\[]?\s*\"(?:"
        + "|".join(map(re.escape, GAME_NAMES)) + r")\""),
    "uses getattr on a rule set": re.compile(r"getattr\(\s*" + _RULES + r"\s*,"),
    "uses hasattr on a rule set": re.compile(r"hasattr\(\s*" + _RULES + r"\s*,"),
    "inspects a signature": re.compile(r"\binspect\b"),
}


@pytest.mark.parametrize("what", sorted(ASKING))
def test_no_caller_outside_the_rules_asks_a_rule_set_what_it_is(what):
    pattern = ASKING[what]
    found = []
    for module, path in MODULES.items():
        if module.startswith("advisor.rules"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line.split("#")[0]):
                found.append(f"{module}:{number}: {line.strip()}")
    assert not found, f"{what}:\n" + "\n".join(found)


def test_the_checks_catch_what_they_are_for():
    # each pattern finds the kind of line the capabilities replaced
    samples = {"compares a game's name": 'if rs.name != "semi-contract":',
               "compares with a game's name": 'if args.rules == "preference":',
               "uses getattr on a rule set": 'getattr(rs, "style", None)',
               "uses hasattr on a rule set": 'if not hasattr(rules, "kotka"):',
               "inspects a signature": "inspect.signature(rules.score)"}
    for what, line in samples.items():
        assert ASKING[what].search(line), what
    assert not ASKING["compares a game's name"].search("if seat.name == skip_seat:")
    assert ASKING["compares with a game's name"].search('if name == "skruuvi-old":')
    # a bidding system's name is what a rule set declares (bidding_system), not a game
    assert not ASKING["compares with a game's name"].search('if system == "vint":')
