"""Double-dummy solver for Vint, Skruuvi and bridge-like trick-taking games.

Value types (``Card``, ``Hand``, ``Deal``, ``Seat``, ``Strain``) and the
rules of play (``solver.play``) are pure Python; the search itself is the
Cython module ``solver._core``, built by ``pip install .``.
"""

import os
import sys

from .cards import SEATS, STRAINS, SUITS, Card, Deal, Hand, Seat, Strain
from .errors import DealError, ParseError, PositionError, VintError
from .objective import Objective, ObjectiveError
from .play import Play, PlayError, Trick, check_play, legal_cards, trick_winner


def _no_core_message(error: ImportError) -> str:
    """What to do when the compiled core cannot be imported, said exactly."""
    here = os.path.dirname(os.path.abspath(__file__))
    # Python words a missing submodule as "partially initialized module ...
    # (most likely due to a circular import)": say only what else went wrong.
    cause = "" if "partially initialized" in str(error) else f" ({error})"
    built = [os.path.join(entry, "solver") for entry in sys.path
             if entry and os.path.abspath(os.path.join(entry, "solver")) != here
             and any(name.startswith("_core.") and name.endswith((".so", ".pyd"))
                     for name in _listdir(os.path.join(entry, "solver")))]
    if os.path.exists(os.path.join(here, "_core.pyx")) and built:
        return (f"Python found the solver's source folder {here}, which has no compiled "
                f"core, before the installed package in {built[0]}: the current folder "
                f"comes first on the module path. Run from another folder, or build the "
                f"core in place with 'pip install -e .'{cause}")
    return (f"the solver's compiled core (solver._core) is not built: install the "
            f"package with 'pip install .', or 'pip install -e .' in a source checkout"
            f"{cause}")


def _listdir(path: str) -> list:
    try:
        return os.listdir(path)
    except OSError:
        return []


try:
    from . import _core  # noqa: F401  (the compiled search)
except ImportError as _error:
    raise ImportError(_no_core_message(_error)) from None

from .api import (Bounds, DDTable, OverBudget, Solver, analyse_play, dd_table, dd_tables,  # noqa: E402
                  map_threads, play_by_search_order, search_order, solve, solve_cards,
                  solve_cards_scored, solve_scored, stop_requested, stop_when)

__all__ = [
    "Card", "Hand", "Deal", "Seat", "Strain", "SEATS", "SUITS", "STRAINS",
    "VintError", "ParseError", "DealError", "PositionError", "PlayError", "ObjectiveError",
    "Objective",
    "Play", "Trick", "trick_winner", "legal_cards", "check_play",
    "DDTable", "Bounds", "OverBudget", "Solver", "dd_table", "dd_tables", "solve", "solve_cards", "analyse_play",
    "solve_scored", "solve_cards_scored", "map_threads", "stop_when", "stop_requested",
    "search_order",
    "play_by_search_order",
]
