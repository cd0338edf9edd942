"""A session with changing partners: the score kept per player, not per side.

Seed 000 (Vint): "At the end of the rubber players change partners. Usually
three rubbers are played, one with each partnership. After this the players
total their wins and losses over the three rubbers and settle up according to
the agreed stake." Seed 001 (Foster): "The partners then change, without
cutting, in such a manner that at the end of three rubbers each player shall
have had each of the others as a partner." Seed 002 (Skruuvi): "24 deals
consisting of three sets of 8 ... Between the sets of 8 the players change
seats in such a way that by the end of the whole session each player has
played one set of 8 deals with each other player as a partner" (the short
session: 12 deals, three sets of 4).

``PartnerSession(rules, players)`` seats four players, keeps the game's own
score sheet for the current partnership (a fresh sheet for each rubber or
set), and when a rubber (a set of deals in Skruuvi) ends it credits each
player with his side's result and moves the players to the next
partnership. The first player stays North; East, South and West move one
seat clockwise (West to East), so that over three rubbers each player has
each other player as a partner once.

**Interpretations** (docs/rules.md, "Sessions with changing partners"):
- A rubber's result for a player is his side's total minus the other side's
  (bonuses included): the winners win that margin each, the losers lose it,
  so the players' totals always sum to zero.
- Skruuvi: each player takes his side's team points of the set (its
  ``SkruuviSheet.totals``) and his own Bolshevik points; the Bolshevik
  totals are divided by 3 and rounded once, at the end of the session
  (``bolshevik_session_rounded``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Dict, List, Sequence

from .base import RulesError, other_side
from .skruuvi import SkruuviSheet, bolshevik_session_rounded

__all__ = ["PartnerSession", "seating_for", "SKRUUVI_SET_DEALS"]

#: Deals in a Skruuvi set, by session length: 24 deals are three sets of 8,
#: the short session's 12 deals three sets of 4.
SKRUUVI_SET_DEALS = {24: 8, 12: 4}
#: "Usually three rubbers are played, one with each partnership."
PARTNERSHIPS = 3


def seating_for(players: Sequence[str], period: int, fixed: str = "N") -> Dict[str, str]:
    """Seat -> player in the ``period``-th partnership (0, 1, 2, then again):
    the first player keeps seat ``fixed`` (North) throughout, the others move
    one seat clockwise round him after each partnership."""
    first, *rest = players
    seats = "NESW"
    i = seats.index(fixed)
    others = [seats[(i + k) % 4] for k in (1, 2, 3)]        # clockwise from his left
    k = period % PARTNERSHIPS
    rest = rest[-k:] + rest[:-k] if k else list(rest)
    out = {fixed: first, **dict(zip(others, rest))}
    return {seat: out[seat] for seat in seats}


class PartnerSession:
    """Rubbers (or Skruuvi sets) with the partnerships changing after each.

    ``rules``: a four-hand rule set; ``players``: four different names, in
    the order they first sit N, E, S, W (``fixed``: the seat the first
    player keeps, the others then sit clockwise from his left). ``deals``: Skruuvi's session length
    (24 or 12); other games play ``rubbers`` rubbers (3).
    ``add(score)`` enters a deal of the current partnership and returns what
    it decided, in words; ``totals()`` is each player's total so far (settled
    rubbers or sets only); ``finished`` is True once the session is over.
    """

    def __init__(self, rules, players: Sequence[str] = ("P1", "P2", "P3", "P4"), *,
                 rubbers: int = PARTNERSHIPS, deals: int = 24, fixed: str = "N"):
        players = [str(p).strip() for p in players]
        if len(players) != 4 or len(set(players)) != 4 or not all(players):
            raise RulesError(f"a session with changing partners needs four different "
                             f"players, not {players!r}")
        if fixed not in ("N", "E", "S", "W"):
            raise RulesError(f"the seat the first player keeps is N, E, S or W, not {fixed!r}")
        self.rules = rules
        self.players = players
        self.fixed = fixed
        self.skruuvi = isinstance(rules.sheet(), SkruuviSheet)
        if self.skruuvi:
            if deals not in SKRUUVI_SET_DEALS:
                raise RulesError(f"a Skruuvi session is 24 or 12 deals, not {deals!r}")
            self.set_deals = SKRUUVI_SET_DEALS[deals]
        elif isinstance(rubbers, bool) or not isinstance(rubbers, int) or rubbers < 1:
            raise RulesError(f"a session plays one rubber or more, not {rubbers!r}")
        self.periods = PARTNERSHIPS if self.skruuvi else rubbers
        self.period = 0
        self.sheet = rules.sheet()
        self.results: List[Dict[str, int]] = []       # each settled period, per player
        self._bolshevik = {p: 0 for p in players}
        self.events: List[str] = []

    # -- who sits where ---------------------------------------------------
    @property
    def seating(self) -> Dict[str, str]:
        """Seat -> player of the current partnership."""
        return seating_for(self.players, self.period, self.fixed)

    def partners(self) -> List[List[str]]:
        """The current partnerships: ``[[N, S], [E, W]]``."""
        s = self.seating
        return [[s["N"], s["S"]], [s["E"], s["W"]]]

    @property
    def finished(self) -> bool:
        return len(self.results) >= self.periods

    # -- scoring ----------------------------------------------------------
    def add(self, score) -> List[str]:
        """Enter one deal on the current partnership's sheet; when that ends a
        rubber (Skruuvi: a set), settle it and change partners."""
        if self.finished:
            raise RulesError(f"the session is over ({self.periods} "
                             f"{'sets' if self.skruuvi else 'rubbers'} played)")
        before = len(getattr(self.sheet, "rubbers", ()))
        events = list(self.sheet.add(score) or [])
        over = (len(self.sheet.deals) >= self.set_deals if self.skruuvi
                else len(self.sheet.rubbers) > before)
        if over:
            events.append(self._settle())
        self.events.extend(events)
        return events

    def _settle(self) -> str:
        seating = self.seating
        totals = self.sheet.totals()
        result = {}
        for seat, player in seating.items():
            side = "NS" if seat in "NS" else "EW"
            if self.skruuvi:
                result[player] = totals[side]
                self._bolshevik[player] += self.sheet.bolshevik[seat]
            else:
                result[player] = totals[side] - totals[other_side(side)]
        self.results.append(result)
        what = "set" if self.skruuvi else "rubber"
        done = len(self.results)
        text = (f"{what} {done} settled: " + ", ".join(f"{p} {v:+d}" for p, v in result.items()))
        if not self.finished:
            self.period += 1
            self.sheet = self.rules.sheet()
            a, b = self.partners()
            text += f"; partners change: {' & '.join(a)} against {' & '.join(b)}"
        return text

    def totals(self) -> Dict[str, int]:
        """Each player's total over the settled rubbers (sets); in Skruuvi with
        the Bolshevik points divided by 3 and rounded (session rounding)."""
        out = {p: sum(r[p] for r in self.results) for p in self.players}
        if self.skruuvi:
            rounded = bolshevik_session_rounded(self._bolshevik)
            out = {p: out[p] + rounded[p] for p in self.players}
        return out

    def settlement(self, stake=1) -> Dict[str, Fraction]:
        """What each player receives (plus) or pays (minus) at ``stake`` a point:
        his total minus the four players' average, so the amounts sum to zero.
        Rubber margins already sum to zero (this is then ``totals()`` times the
        stake); Skruuvi's team points do not (only the side that scores writes)."""
        totals = self.totals()
        average = Fraction(sum(totals.values()), 4)
        return {p: stake * (t - average) for p, t in totals.items()}

    def summary(self) -> dict:
        """The session in plain data (practice and the web page show it)."""
        return {"players": list(self.players), "seating": self.seating,
                "partnership": self.period + 1, "of": self.periods,
                "settled": [dict(r) for r in self.results], "totals": self.totals(),
                "finished": self.finished}

