"""Preference (seed 001: Foster's Encyclopedia of Games, 1897): Vint for three.

> This is a simplified form of Vint, for three players, with a thirty-two-card
> pack. The cards rank: A K Q J 10 9 8 7, and the suits rank: Hearts, diamonds,
> clubs and spades. Hearts are always preference. There are no hands played
> without a trump suit.

> Three cards are given to each player the first round, then two are laid off
> for a widow, then four to each player, and then three to each. Beginning on
> the dealer's left, each player in turn may name the trump if he thinks he can
> take at least six of the ten tricks to be played for. Bids outrank one another
> in the order of the suits, hearts being preference always. The number of
> tricks is not mentioned. In case there are no bids, each in turn has a second
> chance to bid for the widow. These bids are made in counters, to be put into
> cards, and then names the trump suit.

> The players agree upon a value for the tricks won, and payments are made from
> the pool according to the rank of the trump suit.

Players are 0, 1, 2 in the order of play (each one's left-hand neighbour is
the next). Every interpretation (docs/rules.md, "preference") is marked
**Interpretation** where the code makes it. Not one of the four-hand games
of ``rules.names()``: ``rules.get("preference")`` returns it, and its deals
are ``PreferenceDeal`` (three hands of ten and the widow of two).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

from solver.cards import Card, Hand
from solver.general import PIQUET, GeneralSolver

from .base import RulesError

__all__ = ["Preference", "PreferenceDeal", "read_cards", "PreferenceError", "PreferenceScore",
           "PreferencePool", "WidowChoice", "PREFERENCE_SUITS", "SUIT_VALUE"]

#: The trump suits, lowest first: "Hearts, diamonds, clubs and spades" from the top.
PREFERENCE_SUITS = ("S", "C", "D", "H")
#: **Interpretation** of "payments ... according to the rank of the trump suit":
#: a trick is worth 1, 2, 3, 4 agreed units in spades, clubs, diamonds, hearts.
SUIT_VALUE = {"S": 1, "C": 2, "D": 3, "H": 4}
PLAYERS = 3
TRICKS = 10
NEEDED = 6          # "at least six of the ten tricks"
WIDOW_BID = "W"


class PreferenceError(RulesError):
    """A Preference deal, call or score request that cannot be read or played."""


def read_cards(text: str, what: str) -> List[Card]:
    """A hand in PBN suit order (``"AK7.QJ.T98.7"``) or cards (``"SA H7"``) of
    the 32-card pack; ``what`` names it in the error."""
    text = text.strip()
    try:
        if "." in text:
            cards = list(Hand.from_pbn(text))
        else:
            cards = [Card.parse(t) for t in text.split()]
    except ValueError as e:
        raise PreferenceError(f"cannot read {what} {text!r}: {e}") from None
    for c in cards:
        if c not in PIQUET.place:
            raise PreferenceError(f"{c} in {what} is not in the 32-card pack (7 to ace)")
    return cards


@dataclass(frozen=True)
class PreferenceDeal:
    """Three hands (players 0, 1, 2) and the widow.

    Text: the three hands as PBN (spades.hearts.diamonds.clubs), then ``/``
    and the widow: ``"AKQ.J7.A98.K87 ... ... / S7 H8"``.
    """

    hands: Tuple[Tuple[Card, ...], ...]
    widow: Tuple[Card, ...] = ()

    def __post_init__(self):
        if len(self.hands) != PLAYERS:
            raise PreferenceError(f"Preference deals three hands, not {len(self.hands)}")
        sizes = [len(h) for h in self.hands]
        if len(set(sizes)) != 1 or not 1 <= sizes[0] <= 12:
            raise PreferenceError(f"the three hands must hold as many cards: {sizes}")
        seen = set()
        for c in [c for h in self.hands for c in h] + list(self.widow):
            if c in seen:
                raise PreferenceError(f"{c} is dealt twice")
            seen.add(c)

    @classmethod
    def parse(cls, text: str) -> "PreferenceDeal":
        if not isinstance(text, str):
            raise PreferenceError(f"cannot read a Preference deal from {text!r}")
        left, sep, right = text.partition("/")
        parts = left.split()
        if len(parts) != PLAYERS:
            raise PreferenceError(f"write three hands then '/ widow', not {text!r}")
        hands = tuple(tuple(read_cards(p, f"hand {i}")) for i, p in enumerate(parts))
        widow = tuple(read_cards(right, "the widow")) if sep else ()
        deal = cls(hands, widow)
        if len(hands[0]) == TRICKS and len(widow) != 2:
            raise PreferenceError(f"a full deal has a widow of two cards, not {len(widow)}")
        return deal

    def take_widow(self, player: int, discard: Sequence) -> "PreferenceDeal":
        """The deal after ``player`` takes the widow and lays off two cards."""
        discard = [Card.parse(c) for c in discard]
        hand = list(self.hands[player]) + list(self.widow)
        if len(discard) != 2 or len(set(discard)) != 2 or any(c not in hand for c in discard):
            raise PreferenceError(f"lay off two cards of the hand and widow, not {discard}")
        hands = list(self.hands)
        hands[player] = tuple(c for c in hand if c not in discard)
        return PreferenceDeal(tuple(hands), tuple(discard))


@dataclass
class PreferenceScore:
    """One deal's payments: ``from_pool[player]`` received, ``into_pool`` paid."""

    declarer: int
    trump: str
    tricks: int
    made: bool
    from_pool: Dict[int, int] = field(default_factory=dict)
    into_pool: Dict[int, int] = field(default_factory=dict)
    items: List[str] = field(default_factory=list)


@dataclass(frozen=True)
class WidowChoice:
    """What a declarer who takes the widow lays off and names, and how it plays.

    ``net``: his payment from the pool (negative: into it), the widow bid
    left out (it is paid whatever he does).
    """

    declarer: int
    discard: Tuple[Card, Card]
    trump: str
    tricks: int
    net: int

    def to_dict(self) -> dict:
        return {"declarer": self.declarer, "discard": [str(c) for c in self.discard],
                "trump": self.trump, "tricks": self.tricks, "net": self.net}


class Preference:
    """Preference's auction, double-dummy play and payments."""

    name = "preference"
    players = PLAYERS

    def __init__(self, unit: int = 1):
        if isinstance(unit, bool) or not isinstance(unit, int) or unit <= 0:
            raise PreferenceError(f"the agreed trick value is a positive number, not {unit!r}")
        self.unit = unit
        self._solver = GeneralSolver(PIQUET)

    # -- auction --------------------------------------------------------------
    def auction_result(self, calls: Sequence[str], dealer: int):
        """``(trump or None, declarer, widow bid in counters or 0)``.

        First round: from the dealer's left each player once passes (``P``)
        or names a suit that outranks the last one. **Interpretation:** one
        round ("each player in turn may name the trump"), the highest suit
        named wins. With no suit named, a second round of widow bids in
        counters (``"W3"``): the highest bid takes the widow (an equal bid does
        not outbid); then ``trump`` is None until he names it.
        """
        calls = [str(c).strip().upper() for c in calls]
        first = (dealer + 1) % PLAYERS
        best, declarer = None, None
        for i, call in enumerate(calls[:PLAYERS]):
            if call in ("P", "PASS"):
                continue
            if call not in PREFERENCE_SUITS:
                raise PreferenceError(f"first round: pass or name a suit (S C D H), not {call!r}")
            if best is not None and PREFERENCE_SUITS.index(call) <= PREFERENCE_SUITS.index(best):
                raise PreferenceError(f"{call} does not outrank {best}")
            best, declarer = call, (first + i) % PLAYERS
        if best is not None:
            if len(calls) > PLAYERS:
                raise PreferenceError("the auction ended with the first round")
            return best, declarer, 0
        top, declarer = 0, None
        for i, call in enumerate(calls[PLAYERS:2 * PLAYERS]):
            if call in ("P", "PASS"):
                continue
            if not (call.startswith(WIDOW_BID) and call[1:].isdigit() and int(call[1:]) > 0):
                raise PreferenceError(f"second round: pass or bid counters for the widow "
                                      f"(W1, W2 ...), not {call!r}")
            if int(call[1:]) <= top:
                raise PreferenceError(f"{call} does not outbid W{top}")
            top, declarer = int(call[1:]), (first + i) % PLAYERS
        return None, declarer, top

    @staticmethod
    def opening_leader(declarer: int) -> int:
        """**Interpretation** (the text is silent): declarer's left-hand player
        leads, as in Foster's Vint ("The player to the left of the highest
        bidder leads")."""
        return (declarer + 1) % PLAYERS

    # -- play -----------------------------------------------------------------
    def dd_tricks(self, deal, declarer: int, trump: str, *, max_nodes: Optional[int] = None):
        """Declarer's double-dummy tricks (he against the other two)."""
        deal = deal if isinstance(deal, PreferenceDeal) else PreferenceDeal.parse(deal)
        if trump not in PREFERENCE_SUITS:
            raise PreferenceError(f"Preference always has a trump suit (S C D H), not {trump!r}")
        if declarer not in range(PLAYERS):
            raise PreferenceError(f"players are 0, 1, 2, not {declarer!r}")
        return self._solver.solve([list(h) for h in deal.hands], trump,
                                  self.opening_leader(declarer), side={declarer},
                                  max_nodes=max_nodes)

    def dd_table(self, deal) -> Dict[Tuple[int, str], int]:
        """Declarer's tricks for each player and trump suit."""
        deal = deal if isinstance(deal, PreferenceDeal) else PreferenceDeal.parse(deal)
        return {(p, t): self.dd_tricks(deal, p, t) for p in range(PLAYERS)
                for t in PREFERENCE_SUITS}

    def best_widow(self, deal, declarer: int, trump: Optional[str] = None, *,
                   max_nodes: Optional[int] = None) -> WidowChoice:
        """The widow bidder's best play, double-dummy: he takes the widow into
        his hand, lays off two of his twelve cards and names the trump
        (``trump`` given: that suit only), choosing the discard and suit that
        pay him most (``score``), then the most tricks, then the higher suit,
        then the discard of lower cards. The text: "each in turn has a second
        chance to bid for the widow ... and then names the trump suit".
        **Interpretation:** he lays off two cards, as the deal laid off two
        for the widow, so that every hand plays ten (docs/rules.md)."""
        deal = deal if isinstance(deal, PreferenceDeal) else PreferenceDeal.parse(deal)
        if declarer not in range(PLAYERS):
            raise PreferenceError(f"players are 0, 1, 2, not {declarer!r}")
        if len(deal.widow) != 2 or len(deal.hands[0]) != TRICKS:
            raise PreferenceError("taking the widow needs a full deal: three hands of ten "
                                  "and a widow of two")
        suits = PREFERENCE_SUITS if trump is None else (trump,)
        for t in suits:
            if t not in PREFERENCE_SUITS:
                raise PreferenceError(f"Preference always has a trump suit (S C D H), "
                                      f"not {t!r}")
        hand = sorted(list(deal.hands[declarer]) + list(deal.widow),
                      key=lambda c: PIQUET.place[c])
        best, best_key = None, None
        for i in range(len(hand)):
            for j in range(i + 1, len(hand)):
                after = deal.take_widow(declarer, [hand[i], hand[j]])
                for t in suits:
                    tricks = self.dd_tricks(after, declarer, t, max_nodes=max_nodes)
                    if not isinstance(tricks, int):
                        raise PreferenceError(f"the search ran out of nodes ({max_nodes}) "
                                              f"before the widow choice was settled")
                    s = self.score(declarer, t, tricks)
                    net = s.from_pool.get(declarer, 0) - s.into_pool.get(declarer, 0)
                    key = (net, tricks, PREFERENCE_SUITS.index(t), -i, -j)
                    if best_key is None or key > best_key:
                        best_key = key
                        best = WidowChoice(declarer, (hand[i], hand[j]), t, tricks, net)
        return best

    def analyse(self, deal) -> dict:
        """A full deal at a glance (``vint analyse --rules preference``):
        ``tricks[player][suit]`` declarer's double-dummy tricks as dealt (his
        left-hand player leading), ``net[player][suit]`` what that pays him
        (negative: into the pool), and ``widow[player]``: his best choice if
        he takes the widow (``best_widow``; as a dict)."""
        deal = deal if isinstance(deal, PreferenceDeal) else PreferenceDeal.parse(deal)
        if len(deal.widow) != 2 or len(deal.hands[0]) != TRICKS:
            raise PreferenceError("the analysis needs a full deal: three hands of ten "
                                  "and a widow of two")
        tricks: Dict[int, Dict[str, int]] = {}
        net: Dict[int, Dict[str, int]] = {}
        for p in range(PLAYERS):
            tricks[p], net[p] = {}, {}
            for t in PREFERENCE_SUITS:
                n = self.dd_tricks(deal, p, t)
                s = self.score(p, t, n)
                tricks[p][t] = n
                net[p][t] = s.from_pool.get(p, 0) - s.into_pool.get(p, 0)
        return {"rules": self.name, "unit": self.unit,
                "hands": [[str(c) for c in h] for h in deal.hands],
                "widow": [str(c) for c in deal.widow],
                "tricks": tricks, "net": net,
                "widow_choice": {p: self.best_widow(deal, p).to_dict() for p in range(PLAYERS)}}

    # -- payments -------------------------------------------------------------
    def score(self, declarer: int, trump: str, tricks: int, *,
              persons: int = PLAYERS) -> PreferenceScore:
        """Payments for one deal. **Interpretation:** a declarer who takes six
        tricks or more is paid from the pool for every trick he takes at the
        trump suit's value (``SUIT_VALUE`` x the agreed unit); one who takes
        fewer pays into the pool that value for each trick short of six. The
        widow bid's counters go into the pool when bid (the text: "These bids
        are made in counters, to be put into cards"). ``persons``: the people
        at the table (4: the four-player form, ``PreferencePool``), whom
        ``declarer`` numbers."""
        if trump not in PREFERENCE_SUITS:
            raise PreferenceError(f"Preference always has a trump suit (S C D H), not {trump!r}")
        if declarer not in range(persons):
            raise PreferenceError(f"players are {_numbers(persons)}, not {declarer!r}")
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= TRICKS:
            raise PreferenceError(f"tricks are 0..10, not {tricks!r}")
        value = SUIT_VALUE[trump] * self.unit
        made = tricks >= NEEDED
        s = PreferenceScore(declarer, trump, tricks, made)
        if made:
            s.from_pool[declarer] = value * tricks
            s.items.append(f"player {declarer} takes {tricks} tricks at {value}: "
                           f"{value * tricks} from the pool")
        else:
            s.into_pool[declarer] = value * (NEEDED - tricks)
            s.items.append(f"player {declarer} is {NEEDED - tricks} short of six at {value}: "
                           f"pays {value * (NEEDED - tricks)} into the pool")
        return s


def _numbers(n: int) -> str:
    """``0, 1 or 2`` (n = 3), ``0, 1, 2 or 3`` (n = 4)."""
    return ", ".join(str(p) for p in range(n - 1)) + f" or {n - 1}"


class PreferencePool:
    """The pool of a Preference session, in counters (seed 001).

    > The three active players make up a pool, each putting in an equal amount
    > at first, and the bidder putting into it as many as he bids for the
    > privilege of naming the trump suit.

    > The players agree upon a value for the tricks won, and payments are made
    > from the pool according to the rank of the trump suit.

    ``balance[p]``: what player ``p`` has won (negative: paid) so far;
    ``pool``: the counters in the pool. Every counter is in the pool or in a
    balance, so ``pool + sum(balance)`` stays 0. **Interpretations:** the
    payments are ``Preference.score``'s; a declarer short of six pays into
    the pool; the pool pays a declarer at most what it holds (the text pays
    "from the pool", nothing beyond it), and the shortfall is noted.

    ``persons=4``: the four-player form ("If four persons play, the dealer
    takes no cards"). **Interpretation:** all four ante at the start, as each
    is one of "the three active players" in three deals of four; a deal's
    payments are its declarer's, so the dealer who sits out neither pays nor
    is paid on it (docs/rules.md, "The four-player form").
    """

    def __init__(self, ante: int = 10, *, unit: int = 1, persons: int = PLAYERS):
        if isinstance(ante, bool) or not isinstance(ante, int) or ante <= 0:
            raise PreferenceError(f"the ante is a positive number of counters, not {ante!r}")
        if persons not in (PLAYERS, PLAYERS + 1):
            raise PreferenceError(f"Preference is played by three or four persons, not "
                                  f"{persons!r}")
        self.rules = Preference(unit)
        self.persons = persons
        self.balance: Dict[int, int] = {p: -ante for p in range(persons)}
        self.pool = ante * persons
        self.history: List[str] = [f"each player puts {ante} into the pool: {self.pool}"]

    def record(self, declarer: int, trump: str, tricks: int, *, widow_bid: int = 0
               ) -> PreferenceScore:
        """One deal: the widow bid (counters, 0 for a suit named in the first
        round) goes into the pool, then the deal's payment."""
        if isinstance(widow_bid, bool) or not isinstance(widow_bid, int) or widow_bid < 0:
            raise PreferenceError(f"a widow bid is 0 or more counters, not {widow_bid!r}")
        s = self.rules.score(declarer, trump, tricks, persons=self.persons)
        if widow_bid:
            self.balance[declarer] -= widow_bid
            self.pool += widow_bid
            self.history.append(f"player {declarer} puts his widow bid {widow_bid} into the pool")
        for p, amount in s.into_pool.items():
            self.balance[p] -= amount
            self.pool += amount
        for p, amount in s.from_pool.items():
            paid = min(amount, self.pool)
            self.balance[p] += paid
            self.pool -= paid
            if paid < amount:
                s.items.append(f"the pool holds only {paid}: {amount - paid} not paid")
        self.history += s.items
        return s
