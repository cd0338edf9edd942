"""What a side plays for when it is not simply the number of tricks: an ``Objective``.

Double-dummy play usually maximises tricks (or, in misère, minimises them).
Some games score more: in a Skruuvi misère each ace a side takes costs it the
number of the trick it falls in, on top of what the contract scores for the
tricks taken. An ``Objective`` says what one side scores at the end of play:

- ``by_tricks[t]``: its score for taking ``t`` tricks in the whole deal (0..13);
- ``ace_ours[k - 1]``: added for each ace it takes in trick ``k`` (1..13);
- ``ace_theirs[k - 1]``: added for each ace the other side takes in trick ``k``.

The other side's score is the negative (the game is zero-sum: every score
here is one side's total minus the other's). ``side`` is ``"NS"``, ``"EW"``,
or a seat playing alone against the other three (Skruuvi's Bolshevik).

>>> Objective.tricks("NS").value(9, [])
9
>>> skruuvi_5m = Objective("NS", by_tricks=[14, 12, 10] + [-10 - 5 * k for k in range(11)],
...                        ace_ours=[-k for k in range(1, 14)],
...                        ace_theirs=list(range(1, 14)))
>>> skruuvi_5m.value(2, [(4, "NS"), (13, "EW")])       # made, an ace in tricks 4 and 13
19

An ``Objective`` scores a finished play (``value``), each rule set builds its
own (``advisor.rules`` ``RuleSet.play_objective``), and ``solver.solve_scored``
/ ``solve_cards_scored`` play for one, exactly, with every player playing for
(or against) the score. It bounds the score with the trick search's most
and fewest tricks and the aces still to fall: quick up to about 10 cards a
hand (a third of a second), seconds at 11-12, about a minute for most full
deals (``max_nodes``/``max_seconds`` give proved bounds; docs/solver.md).
``solver.solve`` and friends optimise tricks (or, with ``misere=True``, the
fewest tricks), which is the same thing whenever
the objective has no ace terms and ``by_tricks`` only rises (or only falls).
"""

from __future__ import annotations

from typing import Iterable, Sequence, Tuple

from .cards import Seat
from .errors import VintError

__all__ = ["Objective", "ObjectiveError"]

TRICKS = 13
#: Scores stay well inside the core's integer range.
MAX_SCORE = 1_000_000


class ObjectiveError(VintError):
    """An objective that cannot be played for: wrong lengths, a bad side, huge numbers."""


def _numbers(values, length: int, what: str) -> Tuple[int, ...]:
    values = tuple(values)
    if len(values) != length:
        raise ObjectiveError(f"{what} needs {length} numbers, not {len(values)}")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or abs(v) > MAX_SCORE:
            raise ObjectiveError(f"{what} holds whole numbers of at most {MAX_SCORE} "
                                 f"in size, not {v!r}")
    return values


def _side(side) -> str:
    """``"NS"``, ``"EW"`` or a seat's letter (a lone player)."""
    if isinstance(side, str) and side.strip().upper() in ("NS", "EW"):
        return side.strip().upper()
    try:
        return Seat.parse(side).name
    except ValueError:
        raise ObjectiveError(f"an objective's side is NS, EW or a seat, not {side!r}") from None


class Objective:
    """One side's score at the end of play (see the module's docstring)."""

    __slots__ = ("side", "by_tricks", "ace_ours", "ace_theirs")

    def __init__(self, side, by_tricks: Sequence[int], ace_ours: Sequence[int] = (0,) * TRICKS,
                 ace_theirs: Sequence[int] = (0,) * TRICKS):
        object.__setattr__(self, "side", _side(side))
        object.__setattr__(self, "by_tricks", _numbers(by_tricks, TRICKS + 1, "by_tricks"))
        object.__setattr__(self, "ace_ours", _numbers(ace_ours, TRICKS, "ace_ours"))
        object.__setattr__(self, "ace_theirs", _numbers(ace_theirs, TRICKS, "ace_theirs"))

    def __setattr__(self, name, value):
        raise AttributeError("Objective is immutable")

    @classmethod
    def tricks(cls, side) -> "Objective":
        """Plain double-dummy play: one point a trick."""
        return cls(side, range(TRICKS + 1))

    @classmethod
    def fewest_tricks(cls, side) -> "Objective":
        """Plain misère: one point lost a trick."""
        return cls(side, [-t for t in range(TRICKS + 1)])

    @property
    def lone(self) -> bool:
        """Does one seat play alone against the other three?"""
        return self.side not in ("NS", "EW")

    def on_side(self, seat) -> bool:
        """Does ``seat`` play for this objective's side?"""
        seat = Seat.parse(seat)
        return seat.name == self.side if self.lone else seat.side == self.side

    @property
    def has_aces(self) -> bool:
        return any(self.ace_ours) or any(self.ace_theirs)

    def value(self, tricks: int, aces: Iterable[Tuple[int, str]]) -> int:
        """The side's score for ``tricks`` tricks and ``aces``: ``(trick number, who)``
        for each ace taken, ``who`` a side (``"NS"``/``"EW"``) or a seat."""
        total = self.by_tricks[tricks]
        for trick, who in aces:
            ours = who == self.side if who in ("NS", "EW") and not self.lone \
                else self.on_side(who)
            total += (self.ace_ours if ours else self.ace_theirs)[trick - 1]
        return total

    def __eq__(self, other):
        return isinstance(other, Objective) and all(
            getattr(self, k) == getattr(other, k) for k in self.__slots__)

    def __hash__(self):
        return hash(tuple(getattr(self, k) for k in self.__slots__))

    def __repr__(self) -> str:
        return (f"Objective({self.side!r}, by_tricks={list(self.by_tricks)}, "
                f"ace_ours={list(self.ace_ours)}, ace_theirs={list(self.ace_theirs)})")
