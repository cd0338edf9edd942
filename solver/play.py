"""The rules of play: following suit, who wins a trick, checking a sequence of cards.

Every game here plays its cards as bridge does (without a dummy): the leader
of a trick plays any card, the others follow suit when they can, the highest
trump wins the trick, else the highest card of the suit led, and the winner
leads to the next trick. This module is the one place those rules are
written in Python; the Cython core has its own copy for speed
(``_trick.pxi``), checked against this one by the tests.

>>> play = Play(Deal.from_pbn("N:A2... K3... Q4... J5..."), "NT", "N")
>>> play.play("SA"), play.play("SK"), play.play("SQ"), play.play("SJ")
(None, None, None, Seat.N)
>>> [str(c) for c in play.legal_cards()]
['S2']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, List, Optional, Sequence, Tuple

from .cards import SEATS, Card, Deal, Hand, Seat, Strain, mask_to_cards, suit_mask
from .errors import PositionError

__all__ = ["PlayError", "Trick", "Play", "trick_winner", "legal_cards", "check_play",
           "group_tricks"]


class PlayError(PositionError):
    """A card that cannot be played here. ``index`` is its place in the sequence
    (0-based) and ``problem`` says why, naming the player and the card."""

    def __init__(self, index: int, problem: str):
        self.index, self.problem = index, problem
        super().__init__(f"card {index + 1}: {problem}")


def _trump_suit(trump) -> Optional[Strain]:
    """A trump suit, or None for no-trumps (``None`` or ``"NT"``)."""
    if trump is None:
        return None
    trump = Strain.parse(trump)
    return None if trump == Strain.NT else trump


def trick_winner(cards: Sequence, trump) -> int:
    """Index of the card winning a trick so far (``cards`` in play order, 1 to 4 of them).

    ``trump``: a suit, or ``"NT"``/``None`` for no trumps.
    """
    trump = _trump_suit(trump)
    cards = [Card.parse(c) for c in cards]
    if not cards:
        raise PositionError("a trick without cards has no winner")
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if (c.suit == b.suit and c.rank > b.rank) or (c.suit == trump and b.suit != trump):
            best = i
    return best


def legal_cards(hand, trick: Sequence = (), *, trump=None,
                must_trump: bool = False) -> List[Card]:
    """The cards ``hand`` (a ``Hand`` or a card mask) may play to ``trick``:
    the suit led when it holds any, else every card. High cards first.

    ``must_trump`` (Siberian Vint): a hand void in the suit led that holds a
    trump (``trump``, a suit) must play a trump; any trump will do, it need not
    beat a trump already on the trick. Without trumps it changes nothing.
    """
    mask = hand.mask if isinstance(hand, Hand) else int(hand)
    if trick:
        led = suit_mask(Card.parse(trick[0]).suit)
        if mask & led:
            mask &= led
        elif must_trump:
            trumps = _trump_suit(trump)
            if trumps is not None and mask & suit_mask(trumps):
                mask &= suit_mask(trumps)
    return mask_to_cards(mask)


def must_trump_problem(seat: Seat, card: Card, hand_mask: int, led, trump) -> Optional[str]:
    """Why ``card`` breaks the must-trump rule (void in ``led``, holding a trump,
    not playing one), or None; ``hand_mask``: the hand before the card."""
    trumps = _trump_suit(trump)
    if (trumps is None or card.suit in (led, trumps) or hand_mask & suit_mask(led)
            or not hand_mask & suit_mask(trumps)):
        return None
    return (f"{seat.name} plays {card} on a {led.name} lead while void in {led.name} "
            f"and holding {trumps.name} (must-trump: a void player must ruff)")


@dataclass(frozen=True)
class Trick:
    """One trick as played: its number (1-13), leader, cards in play order, winner.

    ``cards`` pairs each seat with its card; ``winner`` is None while the
    trick is incomplete.
    """

    number: int
    leader: Seat
    cards: Tuple[Tuple[Seat, Card], ...]
    winner: Optional[Seat]

    @property
    def complete(self) -> bool:
        return len(self.cards) == 4


class Play:
    """A deal played card by card: the hands left, the trick in progress, who is on move.

    ``play(card)`` checks the card (in the hand on move, following suit, and
    with ``must_trump`` ruffing when void in the suit led and holding a trump)
    and plays it; at the fourth card of a trick it returns the trick's winner,
    who leads next. Bad cards raise ``PlayError``. ``won`` counts the tricks
    each seat has won.
    """

    def __init__(self, deal, trump, leader, *, must_trump: bool = False):
        self.must_trump = bool(must_trump)
        self.deal = deal if isinstance(deal, Deal) else Deal.from_pbn(deal)
        self.trump = Strain.parse(trump) if trump is not None else Strain.NT
        self.leader = Seat.parse(leader)
        self.masks = list(self.deal.masks)
        self.trick_leader = self.leader
        self.trick: List[Card] = []
        self.tricks: List[Trick] = []
        self.won = {seat: 0 for seat in SEATS}
        self.count = 0                     # cards played so far
        self.total_tricks = len(self.deal[self.leader])

    @property
    def on_move(self) -> Seat:
        return Seat((self.trick_leader + len(self.trick)) % 4)

    def hand(self, seat) -> Hand:
        return Hand.from_mask(self.masks[Seat.parse(seat)])

    def remaining(self) -> Deal:
        """The cards still in the hands (those on the current trick are not)."""
        return Deal.from_masks(self.masks)

    def legal_cards(self) -> List[Card]:
        return legal_cards(self.masks[self.on_move], self.trick, trump=self.trump,
                           must_trump=self.must_trump)

    def problem(self, card) -> Optional[str]:
        """Why ``card`` cannot be played now, or None."""
        card = Card.parse(card)
        seat = self.on_move
        if self.count >= 4 * self.total_tricks:
            return (f"too many cards: {card} comes after all {self.total_tricks} "
                    f"tricks were played")
        if not self.masks[seat] & card.mask:
            holder = next((s.name for s in SEATS if self.masks[s] & card.mask), None)
            if holder is not None:
                where = f"it is in {holder}'s hand"
            elif any(m & card.mask for m in self.deal.masks):
                return f"{card} was already played; {seat.name} cannot play it again"
            else:
                where = "it is not in the deal"
            return f"{seat.name} plays {card}, a card not in that hand ({where})"
        if self.trick:
            led = self.trick[0].suit
            if card.suit != led and self.masks[seat] & suit_mask(led):
                return (f"revoke: {seat.name} plays {card} on a {led.name} lead while "
                        f"holding {led.name} (a player must follow suit)")
            if self.must_trump:
                return must_trump_problem(seat, card, self.masks[seat], led, self.trump)
        return None

    def play(self, card) -> Optional[Seat]:
        """Play the next card; returns the trick's winner when it completes a trick."""
        card = Card.parse(card)
        problem = self.problem(card)
        if problem is not None:
            raise PlayError(self.count, problem)
        seat = self.on_move
        self.masks[seat] &= ~card.mask
        self.trick.append(card)
        self.count += 1
        if len(self.trick) < 4:
            return None
        winner = Seat((self.trick_leader + trick_winner(self.trick, self.trump)) % 4)
        self.tricks.append(self._trick(winner))
        self.won[winner] += 1
        self.trick_leader, self.trick = winner, []
        return winner

    def _trick(self, winner: Optional[Seat]) -> Trick:
        cards = tuple((Seat((self.trick_leader + i) % 4), c) for i, c in enumerate(self.trick))
        return Trick(len(self.tricks) + 1, self.trick_leader, cards, winner)

    def all_tricks(self) -> List[Trick]:
        """The tricks played, the incomplete one in progress last (winner None)."""
        return self.tricks + ([self._trick(None)] if self.trick else [])

    def tricks_won(self, side: str) -> int:
        """Complete tricks won by ``"NS"`` or ``"EW"``."""
        return sum(n for seat, n in self.won.items() if seat.side == side)


def check_play(deal, trump, leader, cards: Iterable, *, must_trump: bool = False) -> Play:
    """Play ``cards`` from the opening lead; the ``Play`` after the last one.

    Raises ``PlayError`` (with ``index``) at the first card that cannot be
    played, and ``ParseError`` for text that is not a card.
    """
    play = Play(deal, trump, leader, must_trump=must_trump)
    for card in cards:
        play.play(card)
    return play


def group_tricks(deal, trump, leader, cards: Iterable) -> List[Trick]:
    """The tricks of a legal sequence of cards (the last one may be incomplete)."""
    return check_play(deal, trump, leader, cards).all_tricks()
