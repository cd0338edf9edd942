"""What valuing a contract gives back, and the checks on what it is given.

- ``ContractOutcome``: one contract played by one declarer, its tricks and
  North-South's score (the rows of an analysis, the rungs of par's ladder);
- ``full_deal``: a deal of 13 cards a hand, which scoring honours, aces and
  misère needs; ``as_table``: a DD table from a ``DDTable`` or a plain dict;
- ``ParError``: bad input to valuation, par or an analysis.
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Tuple

from solver import DDTable
from solver.cards import SEATS, STRAINS, Deal, Seat
from solver.errors import VintError

__all__ = ["ContractOutcome", "ParError", "as_table", "full_deal"]


class ParError(VintError):
    """Bad input to valuation, par or the analysis: a table that is not a DD
    table, a partial deal, an option the game does not have..."""


class ContractOutcome(NamedTuple):
    """One contract played by one declarer: tricks and NS score (NS minus EW).

    ``misere``: the declaring side plays for few tricks (a bid misère, an
    all-pass deal, a semi-contract misère bid). ``with_aces``: a Skruuvi
    misère's score counts its ace penalties (``valuation.add_aces``): exact,
    or, when ``bounds`` is set, an estimate within the ``(lower, upper)`` NS
    scores the budgeted search proved. ``tricks`` and ``made`` stay those of
    the fewest-tricks play. ``proved``: a misère trick search stopped by its
    node budget (``Budgets.misere_nodes``) proved only that the declaring side
    (the all-pass deal: North-South) takes ``(lower, upper)`` tricks; ``tricks``
    is then the estimate within them (``valuation.misere.misere_estimate``).
    """

    contract: str
    declarer: str
    tricks: int
    score: int
    made: bool
    misere: bool = False
    with_aces: bool = False
    bounds: Optional[Tuple[int, int]] = None
    proved: Optional[Tuple[int, int]] = None

    @property
    def side(self) -> str:
        return Seat.parse(self.declarer).side

    def net_for(self, side: str) -> int:
        """The score from ``side``'s point of view (its total minus the other's)."""
        return self.score if side == "NS" else -self.score


def as_table(table, deal: Optional[Deal] = None):
    """A ``solver.DDTable`` from a DDTable or a dict ``{"N": {"S": 9, ...}, ...}``."""
    if isinstance(table, DDTable):
        return table
    if not isinstance(table, dict):
        raise ParError(f"a DD table is a solver.DDTable or a dict seat -> strain -> tricks, "
                       f"not {type(table).__name__}")
    tricks = {}
    for seat in SEATS:
        row = table.get(seat.name, table.get(seat))
        if not isinstance(row, dict):
            raise ParError(f"the DD table has no row for {seat.name}")
        for strain in STRAINS:
            n = row.get(strain.name, row.get(strain))
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 13:
                raise ParError(f"the DD table's entry {seat.name} {strain.name} must be "
                               f"0..13 tricks, not {n!r}")
            tricks[seat, strain] = n
    return DDTable(deal, tricks)


def full_deal(deal) -> Deal:
    """A ``Deal`` (or PBN text) of 13 cards a hand; an ending raises ``ParError``."""
    deal = Deal.from_pbn(deal)
    short = [s.name for s in SEATS if len(deal[s]) != 13]
    if short:
        raise ParError(f"par needs the full deal, 13 cards a hand; {', '.join(short)} "
                       f"hold{'s' if len(short) == 1 else ''} fewer")
    return deal
