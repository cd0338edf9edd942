"""Cards, hands and deals: small immutable value types with parsers and printers.

A set of cards is a 64-bit mask: each suit (spades, hearts, diamonds, clubs:
0..3) takes ``SUIT_BITS`` bits, and a card of rank 2..14 (ace high) is bit
``rank - 2`` of its suit's slot. This module owns that layout: everything
else goes through ``card_index``, ``suit_mask`` and ``suit_ranks``; the
Cython core declares the same layout in ``_core.pxd``.

Notation accepted everywhere a card is read:

- suits ``S H D C``, the symbols ``♠ ♥ ♦ ♣`` (and ``♤ ♡ ♢ ♧``);
- ranks ``A K Q J T 9 .. 2``, ``10`` for ten, and the Russian letters
  ``Т К Д В`` for ace, king, queen, jack (seed 004 writes hands this way).

Cards print as ``SA``, ``HT``, ``C2``.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Iterable, Iterator

from .errors import DealError, ParseError

__all__ = ["Seat", "Strain", "Card", "Hand", "Deal", "SEATS", "SUITS", "STRAINS",
           "card_index", "suit_mask", "suit_ranks", "mask_to_cards", "cards_to_mask"]

#: Bits a suit takes in a card mask (13 are used).
SUIT_BITS = 16
#: The suits' HTML entities (notebook views).
HTML_SUIT_SYMBOLS = {"S": "&spades;", "H": "&hearts;", "D": "&diams;", "C": "&clubs;"}

#: The 13 rank bits of one suit, before shifting to its slot.
RANKS_MASK = (1 << 13) - 1


def card_index(suit: int, rank: int) -> int:
    """The bit of the card of ``suit`` (0..3) and ``rank`` (2..14) in a card mask."""
    return SUIT_BITS * suit + rank - 2


def suit_mask(suit: int) -> int:
    """Every card of one suit, as a mask."""
    return RANKS_MASK << (SUIT_BITS * suit)


def suit_ranks(mask: int, suit: int) -> int:
    """The cards of one suit of a mask as 13 bits: bit ``rank - 2`` for each rank held."""
    return (mask >> (SUIT_BITS * suit)) & RANKS_MASK


class Seat(IntEnum):
    """A player's seat, in clockwise order from North."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def partner(self) -> "Seat":
        return _CLOCKWISE[(self + 2) % 4]

    @property
    def lho(self) -> "Seat":
        """Left-hand opponent: the next player clockwise."""
        return _CLOCKWISE[(self + 1) % 4]

    @property
    def rho(self) -> "Seat":
        """Right-hand opponent: the previous player clockwise."""
        return _CLOCKWISE[(self + 3) % 4]

    @property
    def side(self) -> str:
        """``"NS"`` or ``"EW"``."""
        return "NS" if self % 2 == 0 else "EW"

    @classmethod
    def parse(cls, text) -> "Seat":
        """Read ``"N"``, ``"north"``, ``Seat.N`` or 0..3."""
        if isinstance(text, Seat):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            if 0 <= text <= 3:
                return cls(text)
            raise ParseError(f"unknown seat {text!r}: use N, E, S or W")
        if isinstance(text, str):
            word = text.strip().upper()
            for letter, name in _SEAT_NAMES.items():
                if word in (letter, name):
                    return cls[letter]
        raise ParseError(f"unknown seat {text!r}: use N, E, S or W")

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        # f"{seat:>3}" pads the name, as f"{seat}" prints it (not the number).
        return format(self.name, spec)

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


#: The seats by number (a tuple look-up: the enum's own call is slow in inner loops).
_CLOCKWISE = tuple(Seat)


_SEAT_NAMES = {"N": "NORTH", "E": "EAST", "S": "SOUTH", "W": "WEST"}


class Strain(IntEnum):
    """A suit or no-trumps. Suits 0..3 also index suits in card masks."""

    S = 0
    H = 1
    D = 2
    C = 3
    NT = 4

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self] if self != Strain.NT else "NT"

    @classmethod
    def parse(cls, text) -> "Strain":
        """Read ``"S"``, ``"♠"``, ``"NT"`` (also ``"N"``), ``Strain.H`` or 0..4."""
        if isinstance(text, Strain):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            if 0 <= text <= 4:
                return cls(text)
        elif isinstance(text, str):
            key = text.strip().upper()
            if key in _STRAIN_WORDS:
                return cls(_STRAIN_WORDS[key])
        raise ParseError(f"unknown strain {text!r}: use S, H, D, C or NT")

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)

    def __repr__(self) -> str:
        return f"Strain.{self.name}"


_SUIT_CHARS = {
    "S": 0, "♠": 0, "♤": 0,
    "H": 1, "♥": 1, "♡": 1,
    "D": 2, "♦": 2, "♢": 2,
    "C": 3, "♣": 3, "♧": 3,
}
_STRAIN_WORDS = dict(_SUIT_CHARS)
_STRAIN_WORDS.update({"NT": 4, "N": 4, "BT": 4, "БК": 4, "SPADES": 0, "HEARTS": 1,
                      "DIAMONDS": 2, "CLUBS": 3, "NOTRUMP": 4, "NOTRUMPS": 4})

_RANK_CHARS = {
    "A": 14, "K": 13, "Q": 12, "J": 11, "T": 10,
    "9": 9, "8": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3, "2": 2,
    # Russian: туз, король, дама, валет.
    "Т": 14, "К": 13, "Д": 12, "В": 11,
}
RANK_NAMES = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T", 9: "9", 8: "8",
              7: "7", 6: "6", 5: "5", 4: "4", 3: "3", 2: "2"}

SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
SUITS = (Strain.S, Strain.H, Strain.D, Strain.C)
STRAINS = (Strain.S, Strain.H, Strain.D, Strain.C, Strain.NT)


def _read_ranks(text: str, where: str) -> list[int]:
    """Read a string of ranks such as ``"AKT2"`` or ``"K109"``."""
    ranks = []
    i = 0
    text = text.strip()
    if text in ("-", "—"):
        return ranks
    while i < len(text):
        ch = text[i].upper()
        if text.startswith("10", i):
            ranks.append(10)
            i += 2
            continue
        if ch not in _RANK_CHARS:
            raise ParseError(f"unknown rank {text[i]!r} in {where}")
        ranks.append(_RANK_CHARS[ch])
        i += 1
    return ranks


class Card:
    """One playing card. ``Card.parse("SA")``, ``str(card) == "SA"``."""

    __slots__ = ("suit", "rank")

    def __init__(self, suit, rank: int):
        suit = Strain.parse(suit)
        if suit == Strain.NT:
            raise ParseError("a card's suit cannot be NT")
        if not isinstance(rank, int) or isinstance(rank, bool) or not 2 <= rank <= 14:
            raise ParseError(f"unknown rank {rank!r}: ranks are 2..14 (ace 14)")
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "rank", rank)

    def __setattr__(self, name, value):
        raise AttributeError("Card is immutable")

    @classmethod
    def parse(cls, text) -> "Card":
        """Read ``"SA"``, ``"HT"``, ``"H10"``, ``"♠A"`` or ``"♥Д"``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ParseError(f"cannot read a card from {text!r}")
        s = text.strip()
        if len(s) < 2 or s[0].upper() not in _SUIT_CHARS:
            raise ParseError(f"cannot read card {text!r}: write suit then rank, e.g. SA or H10")
        ranks = _read_ranks(s[1:], f"card {text!r}")
        if len(ranks) != 1:
            raise ParseError(f"cannot read card {text!r}: write suit then rank, e.g. SA or H10")
        return cls(_SUIT_CHARS[s[0].upper()], ranks[0])

    @classmethod
    def from_index(cls, index: int) -> "Card":
        """The card at bit ``index`` of a card mask."""
        return cls(index // SUIT_BITS, index % SUIT_BITS + 2)

    @property
    def index(self) -> int:
        """The card's bit in a card mask."""
        return card_index(self.suit, self.rank)

    @property
    def mask(self) -> int:
        return 1 << self.index

    def __eq__(self, other):
        # Only cards equal cards: "HT" and "H10" name one card, so a string
        # could not hash like the card it equals. Compare Card.parse(text).
        if not isinstance(other, Card):
            return NotImplemented
        return other.suit == self.suit and other.rank == self.rank

    def __hash__(self):
        return hash((int(self.suit), self.rank))

    def __lt__(self, other: "Card"):
        # Sorting puts spades first and high cards first, as a hand is written.
        return (self.suit, -self.rank) < (other.suit, -other.rank)

    def __str__(self) -> str:
        return "SHDC"[self.suit] + RANK_NAMES[self.rank]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def mask_to_cards(mask: int) -> list[Card]:
    """The cards of a mask, spades first, high cards first."""
    cards = []
    for suit in range(4):
        ranks = suit_ranks(mask, suit)
        for rank in range(14, 1, -1):
            if ranks >> (rank - 2) & 1:
                cards.append(Card(suit, rank))
    return cards


#: Every card's bit of a card mask (the bits a hand's mask may hold).
_CARD_BITS = sum(1 << card_index(suit, rank) for suit in range(4) for rank in range(2, 15))


def cards_to_mask(cards: Iterable, what: str = "cards") -> int:
    """The mask of some cards; a card given twice is an error."""
    mask = 0
    for c in cards:
        card = Card.parse(c)
        if mask & card.mask:
            raise DealError(f"card {card} appears twice in {what}")
        mask |= card.mask
    return mask


class Hand:
    """The cards one player holds (0 to 13 of them). Immutable.

    ``Hand.from_pbn("AKQ87.KJ4.A2.T93")`` reads suits in the order S.H.D.C;
    ``str(hand)`` writes them back.
    """

    __slots__ = ("_mask",)

    def __init__(self, cards: Iterable = ()):
        if isinstance(cards, str):
            raise ParseError("use Hand.from_pbn() to read a hand from text")
        mask = cards_to_mask(cards, "a hand")
        if bin(mask).count("1") > 13:
            raise DealError(f"a hand holds at most 13 cards, not {bin(mask).count('1')}")
        object.__setattr__(self, "_mask", mask)

    def __setattr__(self, name, value):
        raise AttributeError("Hand is immutable")

    @classmethod
    def from_mask(cls, mask: int) -> "Hand":
        """The hand of a card mask. A mask of card bits only (the usual case:
        the sampler and the solver's deals) is taken as it is, without
        building its ``Card`` objects (the advisor makes tens of thousands of
        hands a position); anything else goes the long way, with its checks."""
        if type(mask) is int and not mask & ~_CARD_BITS:
            count = bin(mask).count("1")
            if count > 13:
                raise DealError(f"a hand holds at most 13 cards, not {count}")
            hand = object.__new__(cls)
            object.__setattr__(hand, "_mask", mask)
            return hand
        return cls(mask_to_cards(mask))

    @classmethod
    def from_pbn(cls, text: str) -> "Hand":
        """Read ``"AKQ87.KJ4.A2.T93"`` (spades.hearts.diamonds.clubs; empty for a void)."""
        if isinstance(text, Hand):
            return text
        if not isinstance(text, str):
            raise ParseError(f"cannot read a hand from {text!r}")
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise ParseError(
                f"hand {text!r} must have four suits separated by dots (S.H.D.C), "
                f"found {len(parts)}")
        cards = []
        for suit, part in enumerate(parts):
            for rank in _read_ranks(part, f"hand {text!r}"):
                cards.append(Card(suit, rank))
        return cls(cards)

    @property
    def mask(self) -> int:
        return self._mask

    @property
    def cards(self) -> list[Card]:
        return mask_to_cards(self._mask)

    def suit(self, suit) -> list[int]:
        """The ranks held in one suit, high first."""
        ranks = suit_ranks(self._mask, Strain.parse(suit))
        return [r for r in range(14, 1, -1) if ranks >> (r - 2) & 1]

    @property
    def hcp(self) -> int:
        """Milton Work points: A=4, K=3, Q=2, J=1."""
        return sum(max(0, c.rank - 10) for c in self.cards)

    def to_pbn(self) -> str:
        return ".".join("".join(RANK_NAMES[r] for r in self.suit(s)) for s in SUITS)

    def __len__(self):
        return bin(self._mask).count("1")

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card):
        try:
            return bool(self._mask & Card.parse(card).mask)
        except ParseError:
            return False

    def __eq__(self, other):
        return isinstance(other, Hand) and other._mask == self._mask

    def __hash__(self):
        return hash(self._mask)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Hand.from_pbn({self.to_pbn()!r})"


class Deal:
    """Four hands. They may hold fewer than 13 cards each (an ending).

    ``Deal.from_pbn("N:AKQ2.T98.765.432 ...")`` reads hands clockwise from the
    seat before the colon; ``deal.to_pbn()`` writes them from North.
    ``deal["N"]`` (or ``deal[Seat.N]``) is North's ``Hand``.
    """

    __slots__ = ("_hands",)

    def __init__(self, hands):
        """``hands``: a mapping seat -> Hand (or PBN hand text), or four hands N, E, S, W."""
        if isinstance(hands, str):
            raise ParseError("use Deal.from_pbn() to read a deal from text")
        if isinstance(hands, dict):
            got = {}
            for seat, hand in hands.items():
                got[Seat.parse(seat)] = hand
            missing = [s.name for s in SEATS if s not in got]
            if missing:
                raise DealError(f"the deal has no hand for {', '.join(missing)}")
            seq = [got[s] for s in SEATS]
        else:
            seq = list(hands)
            if len(seq) != 4:
                raise DealError(f"a deal has four hands, not {len(seq)}")
        parsed = tuple(h if isinstance(h, Hand) else Hand.from_pbn(h) for h in seq)
        seen = 0
        for seat, hand in zip(SEATS, parsed):
            dup = seen & hand.mask
            if dup:
                raise DealError(
                    f"card {mask_to_cards(dup)[0]} appears twice (again in {seat.name}'s hand)")
            seen |= hand.mask
        object.__setattr__(self, "_hands", parsed)

    def __setattr__(self, name, value):
        raise AttributeError("Deal is immutable")

    @classmethod
    def from_pbn(cls, text: str) -> "Deal":
        if isinstance(text, Deal):
            return text
        if not isinstance(text, str):
            raise ParseError(f"cannot read a deal from {text!r}")
        s = text.strip()
        if len(s) < 2 or s[1] != ":":
            raise ParseError(
                f"deal {text!r} must start with a seat and a colon, e.g. 'N:AKQ2.T98.765.432 ...'")
        first = Seat.parse(s[0])
        parts = s[2:].split()
        if len(parts) != 4:
            raise ParseError(f"deal {text!r} must have four hands separated by spaces, "
                             f"found {len(parts)}")
        hands = {}
        for i, part in enumerate(parts):
            hands[Seat((first + i) % 4)] = Hand.from_pbn(part)
        return cls(hands)

    @classmethod
    def from_masks(cls, masks) -> "Deal":
        return cls([Hand.from_mask(m) for m in masks])

    @property
    def masks(self) -> tuple:
        return tuple(h.mask for h in self._hands)

    @property
    def hands(self) -> dict:
        return {seat: self._hands[seat] for seat in SEATS}

    def __getitem__(self, seat) -> Hand:
        return self._hands[Seat.parse(seat)]

    def to_pbn(self, first="N") -> str:
        first = Seat.parse(first)
        return f"{first.name}:" + " ".join(
            self._hands[(first + i) % 4].to_pbn() for i in range(4))

    def __eq__(self, other):
        return isinstance(other, Deal) and other._hands == self._hands

    def __hash__(self):
        return hash(self._hands)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"

    def _repr_html_(self) -> str:
        """The four hands as a diagram (North on top), for notebooks."""
        def hand(seat):
            rows = []
            for suit in SUITS:
                ranks = "".join(RANK_NAMES[r] for r in self._hands[seat].suit(suit)) or "&mdash;"
                colour = "#c00" if suit.name in "HD" else "#000"
                rows.append(f'<span style="color:{colour}">{HTML_SUIT_SYMBOLS[suit.name]}</span>'
                            f" {ranks}")
            return f"<b>{seat.name}</b><br>" + "<br>".join(rows)
        cell = '<td style="vertical-align:top;padding:0.2em 1em;text-align:left">'
        return (f"<table><tr><td></td>{cell}{hand(Seat.N)}</td><td></td></tr>"
                f"<tr>{cell}{hand(Seat.W)}</td><td></td>{cell}{hand(Seat.E)}</td></tr>"
                f"<tr><td></td>{cell}{hand(Seat.S)}</td><td></td></tr></table>")
