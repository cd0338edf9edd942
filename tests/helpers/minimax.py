"""A plain, obviously correct minimax for small endings: the tests' reference.

No pruning, no move ordering, no equivalent-card tricks: every legal card is
tried and the exact position is memoised. It handles any trump (or no
trumps), a trick in progress, misère, one player against three and Siberian
Vint's must-trump rule (a player void in the suit led who holds a trump must
play one).

Cards are written as in the oracle files (``"SA"``, ``"HT"``, ``"C2"``);
seats are 0..3 for N E S W (or the letters); strains ``S H D C NT``.
Everything here is independent of the package under test: it does not import
``solver``.

Values follow the solver's convention: the number of tricks, from the
remaining ones (the current trick included), that the side on move wins.
"""

from __future__ import annotations

from functools import lru_cache

SEAT_NAMES = "NESW"
SUIT_NAMES = "SHDC"
RANK_NAMES = "23456789TJQKA"  # index + 2 is the rank value


def parse_card(text: str) -> tuple:
    """``"SA"`` -> (suit 0..3, rank 2..14)."""
    return SUIT_NAMES.index(text[0]), RANK_NAMES.index(text[1]) + 2


def card_name(card: tuple) -> str:
    suit, rank = card
    return SUIT_NAMES[suit] + RANK_NAMES[rank - 2]


def seat_index(seat) -> int:
    return seat if isinstance(seat, int) else SEAT_NAMES.index(str(seat))


def trump_index(trump) -> int | None:
    """Suit index 0..3 of the trump suit, None for no trumps."""
    text = str(trump)
    return None if text in ("NT", "N") else SUIT_NAMES.index(text)


def parse_pbn(pbn: str) -> tuple:
    """A PBN deal (hands may be short) -> four frozensets of cards, N E S W."""
    first = SEAT_NAMES.index(pbn[0])
    hands = [frozenset()] * 4
    for i, hand in enumerate(pbn[2:].split()):
        cards = set()
        for suit, ranks in enumerate(hand.split(".")):
            for r in ranks:
                cards.add((suit, RANK_NAMES.index(r) + 2))
        hands[(first + i) % 4] = frozenset(cards)
    return tuple(hands)


def to_pbn(hands) -> str:
    """Four collections of cards (N E S W) -> a PBN deal from North."""
    out = []
    for hand in hands:
        suits = []
        for suit in range(4):
            ranks = sorted((r for s, r in hand if s == suit), reverse=True)
            suits.append("".join(RANK_NAMES[r - 2] for r in ranks))
        out.append(".".join(suits))
    return "N:" + " ".join(out)


def trick_winner(leader: int, trick, trump) -> int:
    """The seat that wins a complete trick (four cards in order from ``leader``)."""
    led = trick[0][0]
    best = 0
    for i in range(1, 4):
        suit, rank = trick[i]
        b_suit, b_rank = trick[best]
        if suit == b_suit and rank > b_rank:
            best = i
        elif suit == trump and b_suit != trump:
            best = i
        # A card of any other suit (not led, not trump) never wins.
    assert trick[best][0] in (led, trump)
    return (leader + best) % 4


def legal_cards(hand, trick, trump=None, must_trump=False) -> list:
    """Cards of ``hand`` that may be played to ``trick``: follow suit if you can;
    with ``must_trump``, when void, a trump (suit index ``trump``) if you have one."""
    if trick:
        led = trick[0][0]
        follow = [c for c in hand if c[0] == led]
        if follow:
            return sorted(follow)
        ruffs = [c for c in hand if c[0] == trump]
        if must_trump and ruffs:
            return sorted(ruffs)
    return sorted(hand)


#: Every card, as (suit, rank).
DECK = tuple((suit, rank) for suit in range(4) for rank in range(2, 15))


def random_ending(rng, cards_each: int, on_trick: int, deck=DECK, suit_counts=(2, 3, 4, 4),
                  trump=None, must_trump=False):
    """A random position from ``deck``: ``cards_each`` tricks left (the current one
    included) and ``on_trick`` cards already played to it, legally (under
    must-trump with suit index ``trump`` when asked). Returns (hands, leader,
    trick); ``rng`` is a ``random.Random``."""
    # Fewer suits now and then, so that following suit and ruffing both happen.
    suits = rng.sample(range(4), rng.choice(suit_counts))
    pool = [c for c in deck if c[0] in suits]
    if len(pool) < 4 * cards_each:
        pool = list(deck)
    cards = rng.sample(pool, 4 * cards_each)
    hands = [set(cards[i * cards_each:(i + 1) * cards_each]) for i in range(4)]
    leader = rng.randrange(4)
    trick = []
    for i in range(on_trick):
        seat = (leader + i) % 4
        card = rng.choice(legal_cards(hands[seat], trick, trump, must_trump))
        hands[seat].remove(card)
        trick.append(card)
    return hands, leader, trick


class Game:
    """The rules that do not change during play: trump, scoring sides, aim."""

    def __init__(self, trump, misere: bool = False, lone=None, must_trump: bool = False):
        self.trump = trump_index(trump)
        self.misere = bool(misere)
        self.lone = None if lone is None else seat_index(lone)
        self.must_trump = bool(must_trump)
        self._value = lru_cache(maxsize=None)(self._value_uncached)

    def legal(self, hand, trick) -> list:
        return legal_cards(hand, trick, self.trump, self.must_trump)

    def side(self, seat: int) -> int:
        """0 or 1: which side a seat plays for."""
        if self.lone is None:
            return seat % 2
        return 1 if seat == self.lone else 0

    def value(self, hands, leader, trick=()) -> int:
        """Tricks the side on move wins from here, current trick included."""
        hands = tuple(frozenset(parse_card(c) if isinstance(c, str) else c for c in h)
                      for h in hands)
        trick = tuple(parse_card(c) if isinstance(c, str) else c for c in trick)
        return self._value(hands, seat_index(leader), trick)

    def card_values(self, hands, leader, trick=()) -> dict:
        """Each legal card of the player on move -> value for the side on move after it."""
        hands = tuple(frozenset(parse_card(c) if isinstance(c, str) else c for c in h)
                      for h in hands)
        trick = tuple(parse_card(c) if isinstance(c, str) else c for c in trick)
        leader = seat_index(leader)
        mover = (leader + len(trick)) % 4
        return {card_name(c): self._after(hands, leader, trick, c)
                for c in self.legal(hands[mover], trick)}

    def _after(self, hands, leader, trick, card) -> int:
        """Value for the side of the player on move once it has played ``card``."""
        mover = (leader + len(trick)) % 4
        remaining = len(hands[mover])  # tricks left, this one included
        new_hands = list(hands)
        new_hands[mover] = hands[mover] - {card}
        new_hands = tuple(new_hands)
        new_trick = trick + (card,)
        if len(new_trick) < 4:
            nxt = (mover + 1) % 4
            v = self._value(new_hands, leader, new_trick)
            return v if self.side(nxt) == self.side(mover) else remaining - v
        winner = trick_winner(leader, new_trick, self.trump)
        v = self._value(new_hands, winner, ())  # over remaining - 1 tricks, for winner's side
        if self.side(winner) == self.side(mover):
            return 1 + v
        return (remaining - 1) - v

    def _value_uncached(self, hands, leader, trick) -> int:
        mover = (leader + len(trick)) % 4
        if not hands[mover]:
            return 0
        values = [self._after(hands, leader, trick, c)
                  for c in self.legal(hands[mover], trick)]
        return min(values) if self.misere else max(values)


def solve(pbn: str, trump, leader, trick=(), misere=False, lone=None, must_trump=False) -> int:
    """Value of a position for the side on move (the oracle files' convention)."""
    return Game(trump, misere, lone, must_trump).value(parse_pbn(pbn), leader, trick)


def solve_cards(pbn: str, trump, leader, trick=(), misere=False, lone=None,
                must_trump=False) -> dict:
    """``{card name: value}`` for every legal card of the player on move."""
    return Game(trump, misere, lone, must_trump).card_values(parse_pbn(pbn), leader, trick)


def analyse_play(pbn: str, trump, leader, cards, misere=False, lone=None,
                 must_trump=False) -> list:
    """Tricks the declaring side (not on lead at the start) ends up with, with best
    play, before any card and after each card of ``cards``, tricks already won included."""
    game = Game(trump, misere, lone, must_trump)
    hands = [frozenset(h) for h in parse_pbn(pbn)]
    leader = seat_index(leader)
    declarers = 1 - game.side(leader)
    won = 0  # tricks the declaring side has won so far
    trick = ()

    def current():
        mover = (leader + len(trick)) % 4
        remaining = len(hands[mover])
        v = game.value(hands, leader, trick)
        return won + (v if game.side(mover) == declarers else remaining - v)

    out = [current()]
    for name in cards:
        card = parse_card(name)
        mover = (leader + len(trick)) % 4
        if card not in game.legal(hands[mover], trick):
            raise ValueError(f"{name} is not a legal card for {SEAT_NAMES[mover]}")
        hands[mover] = hands[mover] - {card}
        trick = trick + (card,)
        if len(trick) == 4:
            winner = trick_winner(leader, trick, game.trump)
            won += game.side(winner) == declarers
            leader, trick = winner, ()
        out.append(current())
    return out


class ScoredGame:
    """Exhaustive play for a score (the reference for ``solver.solve_scored``).

    ``ours(seat)``: does the seat play for the objective's side? That side
    maximises ``by_tricks[its tricks in the whole deal] + ace terms``, the
    others minimise it; each ace adds ``ace_ours[k]`` or ``ace_theirs[k]``
    (``k``: the deal's 0-based number of the trick it falls in) as the
    objective's side or the other side wins that trick.
    """

    def __init__(self, trump, ours, by_tricks, ace_ours, ace_theirs):
        self.trump = trump_index(trump)
        self.ours = ours
        self.by_tricks, self.ace_ours, self.ace_theirs = by_tricks, ace_ours, ace_theirs
        self._best = lru_cache(maxsize=None)(self._best_uncached)

    def value(self, hands, leader, trick=(), won=0) -> int:
        hands, trick, leader = self._read(hands, trick, leader)
        return self._best(hands, leader, trick, won, 13 - len(hands[(leader + len(trick)) % 4]))

    def card_values(self, hands, leader, trick=(), won=0) -> dict:
        hands, trick, leader = self._read(hands, trick, leader)
        mover = (leader + len(trick)) % 4
        number = 13 - len(hands[mover])
        return {card_name(c): self._after(hands, leader, trick, won, number, c)
                for c in legal_cards(hands[mover], trick)}

    @staticmethod
    def _read(hands, trick, leader):
        hands = tuple(frozenset(parse_card(c) if isinstance(c, str) else c for c in h)
                      for h in hands)
        trick = tuple(parse_card(c) if isinstance(c, str) else c for c in trick)
        return hands, trick, seat_index(leader)

    def _after(self, hands, leader, trick, won, number, card) -> int:
        mover = (leader + len(trick)) % 4
        new_hands = list(hands)
        new_hands[mover] = hands[mover] - {card}
        new_hands, new_trick = tuple(new_hands), trick + (card,)
        if len(new_trick) < 4:
            return self._best(new_hands, leader, new_trick, won, number)
        winner = trick_winner(leader, new_trick, self.trump)
        ours = self.ours(winner)
        aces = sum(1 for _, rank in new_trick if rank == 14)
        delta = aces * (self.ace_ours if ours else self.ace_theirs)[number]
        return delta + self._best(new_hands, winner, (), won + ours, number + 1)

    def _best_uncached(self, hands, leader, trick, won, number) -> int:
        mover = (leader + len(trick)) % 4
        if not hands[mover]:
            return self.by_tricks[won]
        values = [self._after(hands, leader, trick, won, number, c)
                  for c in legal_cards(hands[mover], trick)]
        return max(values) if self.ours(mover) else min(values)
