"""The tests' shared helpers, in one place: where the repository, its test data and
the oracle data live, reading the oracle, and small utilities (a child Python
that imports this run's packages, a deal played out).

The oracle folder is ``shared/oracle`` beside the repository (``REPO.parent /
"shared" / "oracle"``); the environment variable ``VINT_ORACLE`` points
elsewhere. When the folder is missing, an oracle test is skipped on a
developer's machine but FAILS in CI (``CI=true``), so that a CI run never
passes without having compared. ``helpers.minimax`` and
``helpers.general_minimax`` are the plain reference searches the solvers are
checked against.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

import pytest

ORACLE_ENV = "VINT_ORACLE"
#: The repository, its test data and its benchmarks' kept data.
REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"
BENCHMARKS = REPO / "benchmarks"

# How many rows each oracle file holds (shared/oracle/README.md); test ids are
# row numbers, fixed at collection time even when the folder is absent.
ORACLE_SIZES = {
    "dd_tables.jsonl": 1000,
    "dds_list100.jsonl": 100,
    "dds_largest.jsonl": 10,
    "positions.jsonl": 1000,
    "small_endings.jsonl": 300,
}


def oracle_dir() -> Path:
    env = os.environ.get(ORACLE_ENV)
    if env:
        return Path(env)
    return REPO.parent / "shared" / "oracle"


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _missing(message: str):
    if in_ci():
        pytest.fail(f"{message} (CI=true: the shared reference data is required in CI)",
                    pytrace=False)
    pytest.skip(message)


def played_file(name: str) -> Path:
    """A file of ``shared/played`` beside the repository (the public played deals);
    skips (locally) or fails (CI) when it is missing, as the oracle files do."""
    path = REPO.parent / "shared" / "played" / name
    if not path.is_file():
        _missing(f"played-deals file {path} not found: shared/played belongs beside "
                 "the repository")
    return path


@lru_cache(maxsize=None)
def _read_jsonl(path: str) -> tuple:
    with open(path, encoding="utf-8") as f:
        return tuple(json.loads(line) for line in f if line.strip())


def oracle_rows(name: str) -> tuple:
    """All rows of one oracle file; skips (locally) or fails (CI) when it is missing."""
    path = oracle_dir() / name
    if not path.is_file():
        _missing(f"oracle file {path} not found: set {ORACLE_ENV} to the folder "
                 f"that holds {name}")
    return _read_jsonl(str(path))


def oracle_row(name: str, index: int) -> dict:
    rows = oracle_rows(name)
    if index >= len(rows):
        pytest.fail(f"{name} has {len(rows)} rows, expected {ORACLE_SIZES[name]}",
                    pytrace=False)
    return rows[index]


def position_text(row: dict) -> str:
    """One line naming a position of positions.jsonl / small_endings.jsonl."""
    extra = ""
    if row.get("misere"):
        extra += " misere=True"
    if row.get("lone"):
        extra += f" lone={row['lone']}"
    return (f"deal={row['deal']!r} trump={row['trump']} leader={row['leader']} "
            f"trick={row['trick']} on_move={row.get('on_move')}{extra}")


def solver_module():
    """The solver package with its compiled core, or a clear failure."""
    import solver

    try:
        from solver import _core  # noqa: F401
    except ImportError as exc:
        pytest.fail(f"solver core not built: {exc} (run 'pip install -e .')", pytrace=False)
    return solver


def str_cards(values: dict) -> dict:
    """``{Card: n}`` -> ``{"SA": n}`` (the oracle files' keys)."""
    return {str(card): int(n) for card, n in values.items()}


def child_env(env=None) -> dict:
    """The environment for a child Python that imports this run's packages.

    The folders that hold the ``solver`` and ``advisor`` packages this test
    run imported go on ``PYTHONPATH``. Run the child from an empty folder
    (``cwd=tmp_path``): from the repository root it would put the source tree
    first on its module path, and after a plain ``pip install .`` that tree
    has no compiled core.
    """
    import advisor
    import solver

    path = os.pathsep.join(sorted({str(Path(m.__file__).resolve().parents[1])
                                   for m in (advisor, solver)}))
    return dict(env if env is not None else os.environ, PYTHONPATH=path)


def play_out(deal, trump, leader, choose=lambda legal: legal[0]) -> list:
    """A whole deal's play as card texts, each card ``choose(legal cards)``
    (default: the first legal card), for tests that need a legal played deal."""
    from solver.play import Play

    play, cards = Play(deal, trump, leader), []
    while play.legal_cards():
        card = choose(play.legal_cards())
        cards.append(str(card))
        play.play(card)
    return cards
