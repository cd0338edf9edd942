"""Every Python example in README.md and docs/*.md runs (issue 12: the README's
``analyse_play`` example raised an error).

Each ```` ```python ```` block is run on its own, in a folder holding the files
the examples name: ``game.pbn`` (a played Vint deal, without an auction so that
the review's advisor, tested elsewhere, does not make this test slow) and
``bridge.pbn`` (the same deal with a bridge auction, for the play-only example).
Prompted blocks (``>>>``) run their statements; their outputs are illustrative
(the docs say so) and are not compared.
"""

from __future__ import annotations

import doctest
import re

import pytest
from helpers import DATA, REPO

DOCS = [REPO / "README.md"] + sorted((REPO / "docs").glob("*.md"))
GAME = (DATA / "vint_game.pbn").read_text(encoding="utf-8")


def python_blocks():
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M):
            line = text.count("\n", 0, m.start()) + 1
            yield pytest.param(m.group(1), id=f"{path.name}:{line}")


def source_of(block: str) -> str:
    if ">>>" not in block:
        return block
    examples = doctest.DocTestParser().get_examples(block)
    return "".join(example.source for example in examples)


def without_auction(text: str) -> str:
    lines = text.splitlines()
    start = lines.index('[Auction "N"]')
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("["))
    return "\n".join(lines[:start] + lines[end:]) + "\n"


def test_the_docs_have_python_examples():
    assert len(list(python_blocks())) >= 6


@pytest.mark.parametrize("block", list(python_blocks()))
def test_every_python_example_runs(block, tmp_path, monkeypatch):
    (tmp_path / "game.pbn").write_text(without_auction(GAME), encoding="utf-8")
    bridge = without_auction(GAME).replace(
        '[Play "E"]', '[Auction "N"]\n1H 2D 3H X\n4H Pass Pass Pass\n[Play "E"]')
    (tmp_path / "bridge.pbn").write_text(bridge, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    exec(compile(source_of(block), "<docs example>", "exec"), {"__name__": "__docs__"})


def docstring_examples():
    """Every docstring of the package's modules that holds ``>>>`` examples."""
    import importlib
    import pkgutil

    finder = doctest.DocTestFinder(exclude_empty=True)
    for package in ("advisor", "solver"):
        root = importlib.import_module(package)
        names = [package] + [m.name for m in pkgutil.walk_packages(root.__path__, package + ".")]
        for name in sorted(names):
            module = importlib.import_module(name)
            for test in finder.find(module):
                if test.examples and test.name.startswith(name):
                    yield pytest.param(test, id=test.name)


def test_the_package_has_docstring_examples():
    names = {p.id for p in docstring_examples()}
    assert {"advisor.valuation.exchange", "solver.play", "advisor.rules"} <= names


@pytest.mark.parametrize("test", list(docstring_examples()))
def test_every_docstring_example_gives_its_output(test):
    """Docstring examples are doctests: their outputs are compared (issue 29: the
    exchange module's example had two hands of 15 and 14 cards)."""
    failures = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    result = runner.run(test, out=failures.append)
    assert result.failed == 0, "".join(failures)
