"""What each card is worth to the player on move, over deals that fit what he has seen.

The way GIB and Ben play a card: deal the unseen cards many times so that
each deal fits what the player has seen (``cardplay.hidden``), solve each
deal double-dummy after each legal card, and play the card with the best
mean over the deals. The mean is in the game's own score: the contract's
score by the rule set for the tricks each card leads to (``Valuer.objective``
on each sampled deal, honours included), so making or defeating the contract
is what counts, not only tricks; the mean tricks break ties, then the lowest
of equal cards. Double-dummy play for tricks is the best play for the score
whenever a side's score never falls with an extra trick (every game's
contracts; a misère's score never rises), which is why one trick search a
deal serves.

- Trump and no-trump contracts: ``solver.solve_cards`` on each deal.
- Misère (each side taking as few tricks as it can): ``solve_cards(...,
  misere=True)`` once the hand on move holds at most ``MISERE_EXACT_CARDS``
  cards; before, an exact full-deal misère takes seconds, so each card is
  valued by a playout (every hand plays the card the search tries first,
  ``solver.search_order``, until the hands hold that many, then the ending
  is solved), as the advisor's misère estimate does (``CardValues.estimated``).
- Skruuvi's misère aces (each ace costs its taker its trick's number): from
  ``SCORED_CARDS`` cards a hand down each card is valued by the exact scored
  search (``solver.solve_cards_scored``); before, by the tricks alone.

``card_values(view)`` gives every legal card's mean and standard error
(``CardValues``), ``choose_card(view)`` the card to play. The samples come
from ``numpy.random.default_rng((seed, cards played, seat))``: the same
seed gives the same card. ``default_samples`` keeps a card within about a
second on two cores (benchmarks/bench_cardplay.py, ``--speed``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Dict, List, NamedTuple, Optional, Sequence

import numpy as np

import solver
from solver import Bounds, map_threads
from solver.cards import Card, Deal, Seat, suit_mask
from solver.play import trick_winner

from ..valuation import Valuer
from .hidden import MAX_ATTEMPTS, HiddenCards
from .view import CardPlayError, PlayerView

__all__ = ["CardValue", "CardValues", "Loss", "card_values", "choose_card", "default_samples",
           "equal_cards", "MISERE_EXACT_CARDS", "SCORED_CARDS", "DEFAULT_WORKERS"]

#: Threads that solve the samples (this machine has two cores).
DEFAULT_WORKERS = 2
#: A misère position is solved exactly from this many cards in the hand on move.
MISERE_EXACT_CARDS = 9
#: The misère aces are played for exactly (the scored search) from this many cards.
SCORED_CARDS = 7
#: The budget (nodes) of a misère playout's ending; past it, its bounds' middle.
PLAYOUT_NODES = 1_000_000


def default_samples(cards: int, misere: bool = False) -> int:
    """Deals sampled for a card when the player on move holds ``cards``: 16 at
    the first trick (its searches are the longest, about 0.07 s a deal),
    24 in the middle of the hand, fewer at the end (few layouts are left
    to tell apart); 12 for a misère before its ending is solved exactly (a
    playout a card)."""
    if misere and cards > MISERE_EXACT_CARDS:
        return 12
    if cards >= 13:
        return 16
    if cards > 4:
        return 24
    return 12 if cards > 2 else 8


def equal_cards(view: PlayerView) -> Dict[Card, Card]:
    """Each legal card -> the highest card of its run: cards next to each other
    among those still in play (the hands and the trick), held by the player,
    are worth the same in every deal."""
    in_play = (view.deck & ~view.played_mask) | sum(c.mask for c in view.trick)
    mine = view.remaining.mask
    heads: Dict[Card, Card] = {}
    for card in view.legal_cards():             # high to low within each suit
        above = in_play & ~((card.mask << 1) - 1) & suit_mask(card.suit)
        next_up = above & -above
        heads[card] = heads[Card.from_index(next_up.bit_length() - 1)] \
            if next_up & mine else card
    return heads


@dataclass(frozen=True)
class CardValue:
    """One card's worth over the samples: the mean ``points`` (the game's score
    for the player's side, None in an ending, which has no score) and
    ``tricks`` (his side's tricks in the whole deal), each with its standard
    error."""

    card: str
    points: Optional[float]
    points_se: Optional[float]
    tricks: float
    tricks_se: float

    def to_dict(self) -> dict:
        return {"card": self.card, "points": self.points, "points_se": self.points_se,
                "tricks": self.tricks, "tricks_se": self.tricks_se}


class Loss(NamedTuple):
    """How much worse one card is than another over the same samples (paired):
    points and tricks for the player's side, each with its standard error."""

    points: Optional[float]
    points_se: Optional[float]
    tricks: float
    tricks_se: float


def _mean_se(values: np.ndarray):
    n = len(values)
    mean = float(values.mean())
    se = float(values.std(ddof=1) / math.sqrt(n)) if n > 1 else float("inf")
    return mean, se


class CardValues:
    """Every legal card of the player on move, valued over the same sampled deals.

    ``cards``: a ``CardValue`` each, in the hand's order; ``choice``: the card
    to play (best mean points, then best mean tricks — fewest in a misère —,
    then the lowest of equal cards); ``samples``: deals used; ``relaxed``: the
    auction's readings dropped to find them (None: none; ``skip``: the same
    for ``card_values(skip=...)``); ``estimated``:
    a misère valued by playouts (before its ending); ``points``/``tricks``:
    the per-deal values (rows: deals, columns: ``cards``).
    """

    def __init__(self, view: PlayerView, cards: List[Card], points: Optional[np.ndarray],
                 tricks: np.ndarray, deals: List[Deal], relaxed: Optional[str],
                 estimated: bool, skip: frozenset = frozenset()):
        self.view = view
        self.seat = view.seat.name
        self._order = [str(c) for c in cards]
        self.points, self.tricks = points, tricks
        self.deals = deals
        self.samples = len(deals)
        self.relaxed = relaxed
        #: The readings dropped, as a later card of the same player skips them.
        self.skip = skip
        self.estimated = estimated
        self.misere = view.misere
        self.cards: List[CardValue] = []
        for k, card in enumerate(self._order):
            p = (None, None) if points is None else _mean_se(points[:, k])
            t = _mean_se(tricks[:, k])
            self.cards.append(CardValue(card, p[0], p[1], t[0], t[1]))
        self.choice = self._choose(cards)

    def _goal(self, k: int) -> tuple:
        """What ``choice`` maximises for column ``k``: points, then tricks
        (fewer in a misère), as sums over the samples (no rounding ties)."""
        tricks = float(self.tricks[:, k].sum())
        tricks = -tricks if self.misere else tricks
        points = 0.0 if self.points is None else float(self.points[:, k].sum())
        return (round(points, 6), round(tricks, 6))

    def _choose(self, cards: List[Card]) -> str:
        goals = [self._goal(k) for k in range(len(cards))]
        top = max(goals)
        best = [c for c, g in zip(cards, goals) if g == top]
        return str(min(best, key=lambda c: (c.rank, c.suit)))

    def __getitem__(self, card) -> CardValue:
        return self.cards[self._order.index(str(Card.parse(card)))]

    def __iter__(self):
        return iter(self.cards)

    def __len__(self):
        return len(self.cards)

    @property
    def best(self) -> CardValue:
        return self[self.choice]

    def ranked(self) -> List[CardValue]:
        """The cards, the chosen one first, then by what ``choice`` maximises."""
        order = sorted(range(len(self.cards)), key=lambda k: self._goal(k), reverse=True)
        first = self._order.index(self.choice)
        return [self.cards[first]] + [self.cards[k] for k in order if k != first]

    def loss(self, card, than=None) -> Loss:
        """How much worse ``card`` is than ``than`` (default: the chosen card),
        paired over the samples; positive: worse."""
        a = self._order.index(str(Card.parse(card)))
        b = self._order.index(self.choice if than is None else str(Card.parse(than)))
        sign = -1 if self.misere else 1
        t = _mean_se(sign * (self.tricks[:, b] - self.tricks[:, a]))
        if self.points is None:
            return Loss(None, None, *t)
        return Loss(*_mean_se(self.points[:, b] - self.points[:, a]), *t)

    def to_dict(self) -> dict:
        return {"seat": self.seat, "choice": self.choice, "samples": self.samples,
                "relaxed": self.relaxed, "estimated": self.estimated, "misere": self.misere,
                "cards": [c.to_dict() for c in self.ranked()]}

    def __repr__(self) -> str:
        best = self.best
        what = (f"{best.points:+.1f} points, " if best.points is not None else "") \
            + f"{best.tricks:.2f} tricks"
        return f"<CardValues {self.seat}: {self.choice} ({what}) over {self.samples} deals>"


class _Position:
    """One sampled deal's position, solved for each legal card."""

    def __init__(self, view: PlayerView, heads: Dict[Card, Card]):
        self.view = view
        self.heads = heads
        self.cards = list(heads)
        self.mover = view.on_move
        self.won = view.won[self.mover.side]
        self.exact_misere = view.held(self.mover) <= MISERE_EXACT_CARDS

    def values(self, deal: Deal) -> tuple:
        """``(points or None, tricks, estimated)`` for each legal card on ``deal``."""
        view = self.view
        masks = [m & ~view.played_mask for m in deal.masks]
        left = Deal.from_masks(masks)
        estimated = view.misere and not self.exact_misere
        if estimated:
            after = {h: self._playout(masks, h) for h in set(self.heads.values())}
            side = {c: after[self.heads[c]] for c in self.cards}
        else:
            side = solver.solve_cards(left, view.trump, view.trick_leader, played=view.trick,
                                      misere=view.misere)
        tricks = [self.won + side[c] for c in self.cards]
        if view.cards_each != 13:
            return None, tricks, estimated
        objective = Valuer(view.rules, deal, dealer=view.dealer).objective(
            view.contract, view.declarer)
        sign = 1 if objective.on_side(self.mover) else -1
        if objective.has_aces and view.held(self.mover) <= SCORED_CARDS:
            theirs = view.won[objective.side]
            scores = solver.solve_cards_scored(left, view.trump, view.trick_leader, objective,
                                               played=view.trick, won=theirs)
            return [sign * scores[c] for c in self.cards], tricks, estimated
        ours = [t if sign > 0 else view.cards_each - t for t in tricks]
        return [sign * _points_at(objective.by_tricks, t) for t in ours], tricks, estimated

    def _playout(self, masks: List[int], card: Card) -> float:
        """Tricks the mover's side takes from here after ``card`` in a misère:
        every hand plays the search's first card until the hand on move holds
        ``MISERE_EXACT_CARDS``, then the ending is solved (its bounds' middle
        past ``PLAYOUT_NODES``)."""
        view, side = self.view, self.mover.side
        masks = list(masks)
        leader, trick = view.trick_leader, list(view.trick)
        won = 0
        masks[self.mover] &= ~card.mask
        trick.append(card)
        while True:
            if len(trick) == 4:
                leader = Seat((leader + trick_winner(trick, view.trump)) % 4)
                won += leader.side == side
                trick = []
            on = Seat((leader + len(trick)) % 4)
            held = bin(masks[on]).count("1")
            if held == 0:
                return float(won)
            if held <= MISERE_EXACT_CARDS:
                break
            deal = Deal.from_masks(masks)
            first = solver.search_order(deal, view.trump, leader, played=trick, misere=True)[0]
            masks[on] &= ~first.mask
            trick.append(first)
        rest = solver.solve(Deal.from_masks(masks), view.trump, leader, played=trick,
                            misere=True, max_nodes=PLAYOUT_NODES)
        if isinstance(rest, Bounds):
            rest = (rest.lower + rest.upper) / 2
        return won + (rest if on.side == side else held - rest)


def _points_at(by_tricks: Sequence[int], tricks: float) -> float:
    """The score for ``tricks`` (an estimate may fall between two counts: the mean)."""
    low, high = math.floor(tricks), math.ceil(tricks)
    return (by_tricks[low] + by_tricks[high]) / 2 if low != high else by_tricks[low]


def card_values(view: PlayerView, *, samples: Optional[int] = None, seed: int = 0,
                workers: int = DEFAULT_WORKERS, skip: Optional[frozenset] = None,
                max_attempts: int = MAX_ATTEMPTS, deals: Optional[List[Deal]] = None
                ) -> CardValues:
    """Every legal card of the player on move, valued over ``samples`` deals
    that fit what he has seen (default: ``default_samples``).

    ``view``: the player on move's ``PlayerView``. ``seed``: the same seed
    gives the same deals and values. ``workers``: threads solving the deals.
    ``skip``: the readings of the auction an earlier card of the same player
    dropped (its ``CardValues.skip``): not tried again (``HiddenCards.draw``).
    ``deals``: value over these full deals instead of sampling (a test's
    exact layouts). Raises ``CardPlayError`` when it is not the view's
    player's turn.
    """
    if view.on_move != view.seat:
        raise CardPlayError(f"it is {view.on_move.name if view.on_move else 'nobody'}'s "
                            f"turn to play, not {view.seat.name}'s")
    if samples is None:
        samples = default_samples(view.held(view.seat), view.misere)
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise CardPlayError(f"samples must be a whole number >= 1, not {samples!r}")
    heads = equal_cards(view)
    cards = list(heads)
    relaxed, dropped = None, frozenset()
    if deals is None:
        rng = np.random.default_rng((seed, len(view.played), int(view.seat)))
        drawn = HiddenCards(view).draw(samples, rng, max_attempts=max_attempts, skip=skip)
        deals, relaxed, dropped = drawn.deals, drawn.relaxed, drawn.skip
    position = _Position(view, heads)
    rows = map_threads(position.values, deals, workers)
    tricks = np.array([r[1] for r in rows], dtype=float)
    points = None if rows[0][0] is None else np.array([r[0] for r in rows], dtype=float)
    return CardValues(view, cards, points, tricks, list(deals), relaxed, rows[0][2], dropped)


def choose_card(view: PlayerView, **options) -> Card:
    """The card the computer plays for the player on move (``card_values``'s
    choice; with one legal card, that card at once)."""
    legal = view.legal_cards()
    if len(legal) == 1:
        return legal[0]
    return Card.parse(card_values(view, **options).choice)
