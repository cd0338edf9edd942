"""Double-dummy solver for Vint, Skruuvi and bridge-like trick-taking games.

Value types (``Card``, ``Hand``, ``Deal``, ``Seat``, ``Strain``) are pure
Python; the search itself is the Cython module ``solver._core``.
"""

from .cards import SEATS, STRAINS, SUITS, Card, Deal, Hand, Seat, Strain
from .errors import DealError, ParseError, PositionError, VintError
from .play import Play, PlayError, Trick, check_play, legal_cards, trick_winner

__all__ = [
    "Card", "Hand", "Deal", "Seat", "Strain", "SEATS", "SUITS", "STRAINS",
    "VintError", "ParseError", "DealError", "PositionError", "PlayError",
    "Play", "Trick", "trick_winner", "legal_cards", "check_play",
]

try:  # The compiled core is absent only in a source tree that was never built.
    from .api import DDTable, analyse_play, dd_table, dd_tables, solve, solve_cards
except ImportError as exc:  # pragma: no cover - reported when first used
    _import_error = exc

    def _missing(*args, **kwargs):
        raise ImportError(f"the solver's compiled core is not built: {_import_error}. "
                          "Install the package with 'pip install .'")

    DDTable = None
    dd_table = dd_tables = solve = solve_cards = analyse_play = _missing
else:
    __all__ += ["DDTable", "dd_table", "dd_tables", "solve", "solve_cards", "analyse_play"]
