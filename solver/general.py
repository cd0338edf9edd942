"""Double-dummy play for any card ranking: a ``Layout`` is data.

The fast solver (``solver.solve``, ``dd_table``) plays one deck: four suits
of 13 ranks, ace high, four players. Some games reorganise the deck or the
table:

- semi-contract whist's **Courts** bids (seed 003) put the jacks, queens and
  kings into a fifth suit and rank the aces lowest (``COURTS``), and its
  misère Courts bids reverse the ranks within each suit (``COURTS_MISERE``);
- **Preference** (seed 001) is played by three with 32 cards (``PIQUET``).

A ``Layout`` lists its suits, each as its cards from the lowest to the
highest; a physical card (``solver.cards.Card``) belongs to exactly one of
those suits, which is the suit it follows and the suit it trumps in. The
search is ``solver._general`` (Cython); it never changes the fast core.

>>> from solver.general import COURTS, solve_general
>>> hands = [["HK", "SA"], ["SK", "S2"], ["S3", "S4"], ["S5", "S6"]]
>>> solve_general(hands, COURTS, "CT", leader=1, side={0, 2})   # KH (a trump) wins one trick
1

Players are numbered 0..n-1 in the order they play (N E S W for four).
Values are the tricks the *counted side* wins from the remaining tricks
(the current trick included). ``misere=True``: that side tries to take as
few tricks as it can and every other player tries to make it take many.
"""

from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from . import _general
from .api import Bounds
from .cards import Card, Deal, Hand
from .errors import DealError, ParseError, PositionError, VintError

__all__ = ["Layout", "LayoutError", "GeneralSolver", "solve_general", "solve_general_cards",
           "STANDARD", "COURTS", "COURTS_MISERE", "PIQUET", "layout_card"]

_RANKS_STD = "23456789TJQKA"


class LayoutError(VintError):
    """A layout that cannot be played: too many suits, a card in two suits..."""


def layout_card(text) -> Card:
    """A physical card from ``"SA"``, ``"H10"`` or a ``Card``; Courts cards may
    be written with a ``CT`` prefix too (``"CTKH"`` is the king of hearts)."""
    if isinstance(text, str) and text.strip().upper().startswith("CT") and len(text.strip()) == 4:
        t = text.strip().upper()
        return Card.parse(t[3] + t[2])
    return Card.parse(text)


class Layout:
    """The suits of a deck, each its cards from the lowest to the highest.

    ``Layout("name", [("S", ["SA", "S2", ...]), ..., ("CT", ["SJ", ...])])``.
    At most 5 suits of at most 16 cards; a card may be in one suit only.
    """

    def __init__(self, name: str, suits: Sequence[Tuple[str, Sequence]]):
        suits = list(suits)
        if not 1 <= len(suits) <= 5:
            raise LayoutError(f"a layout has 1 to 5 suits, not {len(suits)}")
        self.name = name
        self.suit_names: Tuple[str, ...] = tuple(str(n).upper() for n, _ in suits)
        if len(set(self.suit_names)) != len(self.suit_names):
            raise LayoutError(f"suit names repeat in {self.suit_names}")
        self.suits: Tuple[Tuple[Card, ...], ...] = tuple(
            tuple(layout_card(c) for c in cards) for _, cards in suits)
        self.place: Dict[Card, Tuple[int, int]] = {}
        for s, cards in enumerate(self.suits):
            if not 1 <= len(cards) <= 16:
                raise LayoutError(f"suit {self.suit_names[s]} has {len(cards)} cards: 1 to 16")
            for r, card in enumerate(cards):
                if card in self.place:
                    raise LayoutError(f"{card} is in two suits of layout {name!r}")
                self.place[card] = (s, r)

    def __repr__(self) -> str:
        return f"Layout({self.name!r}: {' '.join(self.suit_names)})"

    @property
    def deck(self) -> List[Card]:
        return [c for cards in self.suits for c in cards]

    def card(self, text) -> Card:
        """A card of this layout, or ``ParseError``/``DealError`` naming it."""
        card = layout_card(text)
        if card not in self.place:
            raise DealError(f"{card} is not a card of the {self.name} deck")
        return card

    def suit_of(self, card) -> int:
        return self.place[self.card(card)][0]

    def rank_of(self, card) -> int:
        return self.place[self.card(card)][1]

    def trump_index(self, trump) -> int:
        """-1 for no trumps (``None``, ``"NT"``), else the index of a suit name or index."""
        if trump is None:
            return -1
        if isinstance(trump, int) and not isinstance(trump, bool):
            if -1 <= trump < len(self.suits):
                return trump
            raise ParseError(f"no suit {trump} in the {self.name} deck")
        text = str(trump).strip().upper()
        if text in ("NT", "N", "NOTRUMP", "NO TRUMPS"):
            return -1
        if text in self.suit_names:
            return self.suit_names.index(text)
        raise ParseError(f"unknown trump {trump!r}: the {self.name} deck has suits "
                         f"{', '.join(self.suit_names)} (or NT)")

    def hand_masks(self, cards: Iterable[Card]) -> List[int]:
        masks = [0] * len(self.suits)
        for c in cards:
            s, r = self.place[c]
            masks[s] |= 1 << r
        return masks


def _suit(letter: str, ranks: str) -> List[Card]:
    return [Card.parse(letter + r) for r in ranks]


#: Four suits of 13, ace high: the fast solver's deck (for cross-checks).
STANDARD = Layout("standard", [(s, _suit(s, _RANKS_STD)) for s in "SHDC"])

# Seed 003: "When a Courts bid is successful, the ranking of the cards is
# changed from the normal: 2 3 4 5 6 7 8 9 10 J Q K A to A 2 3 4 5 6 7 8 9 10
# in each of the four regular suits, and, in the fifth suit of Courts, the
# ranking of the cards is: JS JC JD JH QS QC QD QH KS KC KD KH".
_COURT_CARDS = [Card.parse(s + r) for r in "JQK" for s in "SCDH"]
COURTS = Layout("Courts", [(s, _suit(s, "A23456789T")) for s in "SHDC"]
                + [("CT", _COURT_CARDS)])

# "In a Misère Courts bid, the ranking of suits is not reversed, although that
# of cards within a suit is, so the ranking of cards in the suit of Courts
# becomes: KS KC KD KH QS QC QD QH JS JC JD JH instead of being reversed
# completely." Within each regular suit the Courts order A..10 reversed: 10 low.
COURTS_MISERE = Layout("misère Courts", [(s, _suit(s, "T98765432A")) for s in "SHDC"]
                       + [("CT", [Card.parse(s + r) for r in "KQJ" for s in "SCDH"])])

#: 32 cards, 7 to ace in each suit (Preference, seed 001).
PIQUET = Layout("32-card", [(s, _suit(s, "789TJQKA")) for s in "SHDC"])


def _as_hands(hands, layout: Layout) -> List[List[Card]]:
    if isinstance(hands, Deal):
        hands = [hands[s] for s in range(4)]
    if isinstance(hands, str):
        raise ParseError("give the hands as a list (or a Deal), not one string")
    out = []
    for h in hands:
        if isinstance(h, str):
            h = Hand.from_pbn(h)
        out.append([layout.card(c) for c in h])
    if len(out) not in (3, 4):
        raise PositionError(f"3 or 4 hands are played, not {len(out)}")
    return out


class GeneralSolver:
    """Searches for one layout and player count, keeping a table per
    (trump, counted side, misère) so repeated questions reuse the work.

    ``share_sides=True``: a side's tricks and the other players' are one game
    counted from its two ends (plain play: each side takes what it can;
    misère: each side loses what it can), so ``solve`` counts the side
    holding player 0 and gives the other side the rest: the four declarers
    of a strain then share one table (``courts.courts_and_misere``). Off by
    default: a budgeted solve then searches its own side's tree, as the
    advisor's estimates were measured with."""

    def __init__(self, layout: Layout, *, table_bits: int = 19, share_sides: bool = False):
        self.layout = layout
        self.table_bits = table_bits
        self.share_sides = share_sides
        self._searches: Dict[tuple, "_general.GeneralSearch"] = {}
        self.nodes = 0
        #: After a solve stopped by its budget: the target (tricks) of the test
        #: it was running, "can the counted side take this many?" (None otherwise).
        #: Such a test is slow when the value is at or just below its target.
        self.stopped_at: Optional[int] = None

    def _search(self, nplayers: int, trump: int, side: frozenset, misere: bool):
        key = (nplayers, trump, side, misere)
        found = self._searches.get(key)
        if found is None:
            if len(self._searches) >= 4:          # bound memory: a few tables at a time
                self._searches.clear()
            lengths = [len(s) for s in self.layout.suits]
            maxers = (set(range(nplayers)) - side) if misere else side
            found = _general.GeneralSearch(lengths, nplayers, trump, side, maxers,
                                           self.table_bits)
            self._searches[key] = found
        return found

    def _setup(self, hands, trump, leader, side, misere, played):
        layout = self.layout
        hands = _as_hands(hands, layout)
        n = len(hands)
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < n:
            raise PositionError(f"the leader is a player 0..{n - 1}, not {leader!r}")
        played = [layout.card(c) for c in played]
        if len(played) >= n:
            raise PositionError(f"a trick in progress has fewer than {n} cards")
        seen = set()
        for c in [c for h in hands for c in h] + played:
            if c in seen:
                raise DealError(f"{c} is dealt twice")
            seen.add(c)
        sizes = [len(h) + (1 if (p - leader) % n < len(played) else 0)
                 for p, h in enumerate(hands)]
        if len(set(sizes)) != 1 or not 0 < sizes[0] <= 26:
            raise PositionError(f"every player must hold as many cards (counting the cards "
                                f"on the trick): {sizes}")
        if played:
            led = layout.place[played[0]][0]
            for i, c in enumerate(played[1:], 1):
                p = (leader + i) % n
                if layout.place[c][0] != led and any(layout.place[x][0] == led
                                                     for x in hands[p]):
                    raise PositionError(f"player {p} played {c} but holds a card of the "
                                        f"led suit {layout.suit_names[led]}")
        on_move = (leader + len(played)) % n
        if side is None:
            side = {on_move, (on_move + 2) % 4} if n == 4 else {on_move}
        side = frozenset(side)
        if not side or not side <= set(range(n)) or len(side) == n:
            raise PositionError(f"the counted side is some (not all) of players 0..{n - 1}, "
                                f"not {sorted(side)}")
        t = layout.trump_index(trump)
        search = self._search(n, t, side, bool(misere))
        search.set_position([layout.hand_masks(h) for h in hands],
                            [layout.place[c] for c in played])
        return search, hands, n, len(played)

    def _value(self, search, leader, pos, won, max_nodes, guess=None):
        before = search.nodes
        self.stopped_at = None
        try:
            return search.value(leader, pos, won, max_nodes or 0, -1 if guess is None else guess)
        except _general.BudgetExceeded as stop:
            # (lower, upper, the target of the test the budget stopped)
            self.stopped_at = stop.args[2] if len(stop.args) > 2 else None
            return Bounds(*stop.args[:2])
        finally:
            self.nodes += search.nodes - before

    def solve(self, hands, trump, leader, *, side=None, misere: bool = False, played=(),
              max_nodes: Optional[int] = None, guess: Optional[int] = None):
        """Tricks the counted side (``side``: player numbers; default the side
        on move: its pair with four players, itself with three) wins from the
        remaining tricks. With ``max_nodes``, a search that reaches the budget
        returns ``Bounds(lower, upper)`` instead. ``guess``: the tricks the
        caller expects (say, the same strain's value with another leader): the
        search tests next to it first; any guess gives the same exact answer."""
        if max_nodes is not None and (isinstance(max_nodes, bool)
                                      or not isinstance(max_nodes, int) or max_nodes <= 0):
            raise PositionError(f"max_nodes must be a positive number, not {max_nodes!r}")
        if guess is not None and (isinstance(guess, bool) or not isinstance(guess, int)):
            raise PositionError(f"guess is a number of tricks, not {guess!r}")
        flip = False
        if self.share_sides and side is not None:
            everyone = frozenset(range(4 if isinstance(hands, Deal) else len(hands)))
            if 0 not in side and set() < set(side) < everyone:    # else _setup names the error
                side, flip = everyone - frozenset(side), True
        search, hands, n, pos = self._setup(hands, trump, leader, side, misere, played)
        total = len(hands[(leader + pos) % n])      # the player on move has not played yet
        if flip and guess is not None:
            guess = total - guess
        found = self._value(search, leader, pos, 0, max_nodes, guess)
        if not flip:
            return found
        # The other players' count: the side has the rest of the tricks.
        if self.stopped_at is not None:
            # "can they take t?" is "can the side not take total - t + 1?"
            self.stopped_at = total - self.stopped_at + 1
        if isinstance(found, Bounds):
            return Bounds(total - found.upper, total - found.lower)
        return total - found

    def solve_cards(self, hands, trump, leader, *, side=None, misere: bool = False,
                    played=()) -> Dict[Card, int]:
        """Every legal card of the player on move with the counted side's
        tricks (from the remaining ones, the current trick included) after it."""
        search, hands, n, pos = self._setup(hands, trump, leader, side, misere, played)
        layout = self.layout
        p = (leader + pos) % n
        out: Dict[Card, int] = {}
        for suit, low, high in search.moves(leader, pos):
            nleader, npos, winner = search.play(leader, pos, suit, low)
            won = 1 if winner >= 0 and search.is_counted(winner) else 0
            try:
                v = self._value(search, nleader, npos, won, None)
            finally:
                search.unplay(leader, pos, suit, low)
            for card in hands[p]:
                s, r = layout.place[card]
                if s == suit and low <= r <= high:
                    out[card] = v
        return out


_SOLVERS: Dict[str, GeneralSolver] = {}


def _solver_for(layout: Layout) -> GeneralSolver:
    found = _SOLVERS.get(id(layout))
    if found is None or found.layout is not layout:
        if len(_SOLVERS) >= 3:
            _SOLVERS.clear()
        found = _SOLVERS[id(layout)] = GeneralSolver(layout)
    return found


def solve_general(hands, layout: Layout, trump, leader: int, *, side=None,
                  misere: bool = False, played=(), max_nodes: Optional[int] = None):
    """Double-dummy tricks for any layout (see ``GeneralSolver.solve``)."""
    return _solver_for(layout).solve(hands, trump, leader, side=side, misere=misere,
                                     played=played, max_nodes=max_nodes)


def solve_general_cards(hands, layout: Layout, trump, leader: int, *, side=None,
                        misere: bool = False, played=()) -> Dict[Card, int]:
    """Each legal card's value (see ``GeneralSolver.solve_cards``)."""
    return _solver_for(layout).solve_cards(hands, trump, leader, side=side, misere=misere,
                                           played=played)
