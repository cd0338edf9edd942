"""Deal the cards a player has not seen, so that every deal fits what he has seen.

``HiddenCards(view).draw(n, rng)`` deals the unseen cards of a
``PlayerView`` to the three other players, ``n`` deals at most, each one
full deal as dealt (the cards played go back to the hands that played them):

1. *the cards played*, always: each other player gets as many cards as he
   still holds, and none of a suit he showed out of. The layouts that fit
   are drawn uniformly: the number of layouts of each split of a suit
   among the three players (a multinomial, times the layouts of the suits
   after it) is counted once, and each deal draws its splits by those
   counts, then which cards of the suit go where (numpy, many deals at once);
2. *the auction*, when the view reads it: each other player's hand as dealt
   must fit what his calls showed, as the bidding advisor reads them
   (``advisor.bidding.system``: the constraint texts of ``read_auction``,
   then ``system_readings``, the bidding policy's own calls). The texts are
   tested on whole batches (``Constraint.on_features``), the policy's calls
   deal by deal on what the texts let through.

When too few deals fit the readings (a human's call the policy would not
make, or cards played that its readings did not expect), readings are
dropped as the bidding advisor drops them: the policy's calls first (all of
them when no deal fits, the latest when fewer than half do), then the texts,
the latest first; ``relaxed`` says which. The cards played are never
dropped: if no layout fits them, ``CardPlayError``.
"""

from __future__ import annotations

import math
from itertools import combinations
from math import comb
from typing import Dict, List, NamedTuple, Optional, Tuple

import numpy as np

from solver.cards import SEATS, Card, Deal, Hand, Seat

from ..bidding.constraints import Constraint, HandsFeatures
from ..bidding.system import Inference, read_auction, system_readings
from .view import CardPlayError, PlayerView

__all__ = ["HiddenCards", "HiddenDeals", "MAX_ATTEMPTS", "MAX_CHECKS", "reading_name"]

#: Deals tried at most, for one set of readings, before dropping a reading.
MAX_ATTEMPTS = 20_000
#: The most deals expected to be checked one by one against the policy's
#: calls (some 0.3 ms each) to find the deals wanted; also the most one
#: attempt at a set of readings checks (then the next reading is dropped).
MAX_CHECKS = 300
_BATCH = 1024
#: Deals of a pilot batch on which each policy reading's share is measured.
_PILOT = 40
#: Card ``i`` of the arrays below is suit ``i // 13``, rank ``i % 13 + 2``.
_CARDS = [Card(s, r) for s in range(4) for r in range(2, 15)]
_BITS = np.array([c.mask for c in _CARDS], dtype=np.uint64)
_UNSEEN, _OUT = -1, -2
#: Each auction's readings, compiled once (``_readings``).
_READINGS: Dict[tuple, list] = {}


class HiddenDeals(NamedTuple):
    """Deals that fit what the player has seen, how many layouts were tried,
    and the readings of the auction that had to be dropped."""

    deals: List[Deal]
    attempts: int
    dropped: List[Inference]

    @property
    def relaxed(self) -> Optional[str]:
        """The dropped readings in words (None: none)."""
        return "; ".join(reading_name(i) for i in self.dropped) or None

    @property
    def skip(self) -> frozenset:
        """What a later card of the same player passes as ``draw(skip=...)``."""
        return frozenset(reading_name(i) for i in self.dropped)


def _readings(view: PlayerView) -> List[Tuple[Inference, Constraint]]:
    """The other players' calls read as constraints on their hands as dealt:
    the texts first, then the policy's own calls (dropped first)."""
    if not view.readings or not view.auction or view.cards_each != 13:
        return []
    key = (view.rules.name, view.dealer, tuple(view.auction), view.seat)
    found = _READINGS.get(key)
    if found is None:
        if len(_READINGS) > 256:
            _READINGS.clear()
        inferences = (read_auction(view.auction, view.dealer, view.rules,
                                   skip_seat=view.seat.name)
                      + system_readings(view.auction, view.dealer, view.rules,
                                        skip_seat=view.seat.name))
        found = _READINGS[key] = [(i, i.constraint()) for i in inferences]
    return found


def reading_name(inference: Inference) -> str:
    """How a dropped reading is named in ``relaxed``."""
    return f"{inference.seat}'s {inference.call} ({inference.text})"


class HiddenCards:
    """The unseen cards of one ``PlayerView`` and how to deal them (see the module)."""

    def __init__(self, view: PlayerView):
        self.view = view
        self.others = [s for s in SEATS if s != view.seat]
        owner = np.full(52, _OUT, dtype=np.int8)
        for i, card in enumerate(_CARDS):
            if view.deck & card.mask:
                owner[i] = _UNSEEN
            if view.hand.mask & card.mask:
                owner[i] = int(view.seat)
        for seat, cards in view.by_seat.items():
            for card in cards:
                owner[_CARDS.index(card)] = int(seat)
        self.owner = owner
        self.need = tuple(view.held(s) for s in self.others)
        self.suits = [np.array([i for i in range(13 * k, 13 * k + 13) if owner[i] == _UNSEEN],
                               dtype=np.int64) for k in range(4)]
        self.allowed = [[k not in view.voids[s] for s in self.others] for k in range(4)]
        self._memo: Dict[tuple, tuple] = {}
        if self._ways(0, self.need)[0] == 0:
            raise CardPlayError(f"no layout of the unseen cards fits the cards played "
                                f"(what {view.seat.name} holds and the voids shown)")
        self.readings = _readings(view)
        self._seats = np.array([int(s) for s in self.others], dtype=np.int8)

    # -- uniform layouts that fit the cards played -------------------------------
    def _ways(self, k: int, left: tuple) -> tuple:
        """``(layouts, [(split, layouts)])`` of suits ``k``.. when the three
        other players still need ``left`` cards: each split of suit ``k`` with
        the layouts it leads to."""
        key = (k, left)
        found = self._memo.get(key)
        if found is not None:
            return found
        if k == 4:
            found = (1 if left == (0, 0, 0) else 0, [])
        else:
            u, allowed = len(self.suits[k]), self.allowed[k]
            options, total = [], 0
            for a in range(min(u, left[0]) + 1) if allowed[0] else (0,):
                for b in range(min(u - a, left[1]) + 1) if allowed[1] else (0,):
                    c = u - a - b
                    if c > left[2] or (c and not allowed[2]):
                        continue
                    after = self._ways(k + 1, (left[0] - a, left[1] - b, left[2] - c))[0]
                    if after:
                        weight = comb(u, a) * comb(u - a, b) * after
                        options.append(((a, b, c), weight))
                        total += weight
            found = (total, options)
        self._memo[key] = found
        return found

    def random_layouts(self, size: int, rng: np.random.Generator) -> np.ndarray:
        """``size`` rows of who holds each of the 52 cards (a seat's number, in
        the order suit by suit, 2 to ace; -2 for a card out of the deck): the
        unseen ones dealt uniformly among the layouts that fit the cards played."""
        owner = np.tile(self.owner, (size, 1))
        left = np.tile(np.array(self.need, dtype=np.int64), (size, 1))
        rows = np.arange(size)[:, None]
        for k in range(4):
            cards = self.suits[k]
            u = len(cards)
            if u == 0:
                continue
            splits = np.zeros((size, 3), dtype=np.int64)
            states = left[:, 0] * 32 + left[:, 1]           # the third follows from them
            for state in np.unique(states):
                where = np.flatnonzero(states == state)
                need = tuple(int(x) for x in left[where[0]])
                total, options = self._ways(k, need)
                chances = np.cumsum([w / total for _, w in options])
                pick = np.searchsorted(chances, rng.random(len(where)), side="right")
                splits[where] = np.array([s for s, _ in options])[np.minimum(pick,
                                                                             len(options) - 1)]
            order = rng.permuted(np.tile(np.arange(u), (size, 1)), axis=1)
            place = np.arange(u)[None, :]
            who = (place >= splits[:, :1]).astype(np.int64) + (place >= splits[:, :1] +
                                                                splits[:, 1:2])
            owner[rows, cards[order]] = self._seats[who]
            left -= splits
        return owner

    # -- the auction's readings -----------------------------------------------------
    def _fit_texts(self, owner: np.ndarray, kept) -> np.ndarray:
        """Which rows fit the readings' texts (the vectorised part of each)."""
        keep = np.ones(len(owner), dtype=bool)
        per_seat: Dict[Seat, Constraint] = {}
        for inference, c in kept:
            seat = Seat.parse(inference.seat)
            per_seat[seat] = per_seat[seat] & c if seat in per_seat else c
        for seat, c in per_seat.items():
            c = c if c.vectorised else c.prefilter
            if c is None:
                continue
            cols = np.nonzero(owner == int(seat))[1].reshape(len(owner), self.view.cards_each)
            keep &= np.asarray(c.on_features(HandsFeatures(cols // 13, cols % 13 + 2)),
                               dtype=bool)
        return keep

    @staticmethod
    def _masks(owner: np.ndarray, rows) -> List[np.ndarray]:
        """Each seat's hand as dealt in some rows of ``owner``, as card masks."""
        return [np.bitwise_or.reduce(np.where(owner[rows] == int(s), _BITS, np.uint64(0)),
                                     axis=1) for s in SEATS]

    def _deals(self, owner: np.ndarray, rows) -> List[Deal]:
        """The full deals of some rows of ``owner``."""
        rows = np.asarray(rows, dtype=np.int64)
        if not len(rows):
            return []
        masks = self._masks(owner, rows)
        return [Deal.from_masks([int(m[k]) for m in masks]) for k in range(len(rows))]

    def _texts_fit(self, texts, rng) -> tuple:
        """``(texts kept, dropped)``: the readings' texts, the latest dropped
        until a batch of layouts has rows that fit the rest (cheap: vectorised)."""
        texts, dropped = list(texts), []
        while texts:
            if self._fit_texts(self.random_layouts(_BATCH, rng), texts).any():
                break
            dropped.append(texts.pop()[0])
        return texts, dropped

    def _pilot(self, texts, system, n: int, max_attempts: int, rng) -> tuple:
        """``(system readings kept, most selective first; dropped)``. Each
        reading's share of a pilot's deals that fit it (of the deals that fit
        the texts) is measured, and the most selective dropped while fewer
        than ``2 n`` deals are expected in ``max_attempts``, or while finding
        ``n`` would check more than ``MAX_CHECKS`` deals one by one (the
        policy is asked about each: a card's time), the shares taken as
        independent."""
        owner = self.random_layouts(_BATCH, rng)
        fits = np.flatnonzero(self._fit_texts(owner, texts))
        if not len(fits):
            return [], [i for i, _ in system]
        deals = self._deals(owner, fits[:_PILOT])
        share = [sum(1 for d in deals if c(d[Seat.parse(i.seat)])) / len(deals)
                 for i, c in system]
        order = sorted(range(len(system)), key=lambda k: (share[k], k))
        dropped = []
        while order:
            joint = math.prod(share[k] for k in order)
            expected = len(fits) / _BATCH * max_attempts * joint
            if expected >= 2 * n and n <= MAX_CHECKS * joint:
                break
            dropped.append(system[order.pop(0)][0])
        return [system[k] for k in order], dropped

    def _try(self, n: int, rng, kept, max_attempts: int) -> Tuple[List[Deal], int]:
        """Up to ``n`` deals that fit ``kept`` readings (their texts on whole
        batches, then the policy's calls in order, deal by deal): ``(deals,
        attempts)``."""
        deals: List[Deal] = []
        attempts = checks = 0
        callables = [(Seat.parse(i.seat), c.rest or c) for i, c in kept if not c.vectorised]
        while len(deals) < n and attempts < max_attempts and checks < MAX_CHECKS:
            size = min(_BATCH if attempts else max(64, 4 * n), max_attempts - attempts)
            owner = self.random_layouts(size, rng)
            attempts += size
            rows = np.flatnonzero(self._fit_texts(owner, kept)) if kept else np.arange(size)
            if not callables:
                deals += self._deals(owner, rows[:n - len(deals)])
                continue
            # One by one, and at most MAX_CHECKS deals a call: late in the hand the
            # cards played may contradict a policy reading the pilot let through,
            # and building and asking thousands of deals took half a minute a card.
            rows = rows[:MAX_CHECKS - checks]
            checks += len(rows)
            masks = self._masks(owner, rows)
            for k in range(len(rows)):
                if all(test(Hand.from_mask(int(masks[seat][k]))) for seat, test in callables):
                    deals.append(Deal.from_masks([int(m[k]) for m in masks]))
                    if len(deals) == n:
                        break
        return deals, attempts

    @property
    def layouts(self) -> int:
        """How many layouts of the unseen cards fit the cards played."""
        return self._ways(0, self.need)[0]

    def _every_layout(self) -> np.ndarray:
        """Every layout that fits the cards played, a row each (for few)."""
        rows: List[np.ndarray] = []

        def walk(k: int, left: tuple, owner: np.ndarray) -> None:
            if k == 4:
                rows.append(owner.copy())
                return
            cards = self.suits[k]
            places = range(len(cards))
            for (a, b, _), _ in self._ways(k, left)[1]:
                for first in combinations(places, a):
                    rest = [i for i in places if i not in first]
                    for second in combinations(rest, b):
                        third = [i for i in rest if i not in second]
                        for who, chosen in zip(self._seats, (first, second, third)):
                            owner[cards[list(chosen)]] = who
                        walk(k + 1, (left[0] - a, left[1] - b, left[2] - len(third)), owner)
        walk(0, self.need, self.owner.copy())
        return np.array(rows)

    def _every_deal(self) -> HiddenDeals:
        """Every layout that fits the cards played and the readings (all of
        them, the readings dropped, when none fits the readings)."""
        owner = self._every_layout()
        if not self.readings:
            return HiddenDeals(self._deals(owner, np.arange(len(owner))), len(owner), [])
        rows = np.flatnonzero(self._fit_texts(owner, self.readings))
        tests = [(Seat.parse(i.seat), c.rest or c) for i, c in self.readings
                 if not c.vectorised]
        deals = [d for d in self._deals(owner, rows)
                 if all(test(d[seat]) for seat, test in tests)]
        if deals:
            return HiddenDeals(deals, len(owner), [])
        return HiddenDeals(self._deals(owner, np.arange(len(owner))), len(owner),
                           [i for i, _ in self.readings])

    def draw(self, n: int, rng: np.random.Generator, *, max_attempts: int = MAX_ATTEMPTS,
             skip: Optional[frozenset] = None) -> HiddenDeals:
        """``n`` deals that fit what the player has seen (fewer only when the
        readings leave fewer in ``max_attempts`` tries). When no more than
        ``n`` layouts fit the cards played, every one of them is taken once
        (those that fit the readings; all, when none does): the values are
        then exact for what the player has seen. The readings the
        deals could not be made to fit are dropped (``relaxed``): the texts'
        latest first when no layout fits them; the policy's calls, most
        selective first, when a pilot batch expects fewer than ``2 n`` deals,
        and again while fewer than ``n / 2`` are found. ``skip``: the readings
        an earlier card of the same player dropped (``HiddenDeals.dropped``):
        not tried again, and no pilot."""
        if self.layouts <= n:
            return self._every_deal()
        texts = [(i, c) for i, c in self.readings if not i.rules]
        system = [(i, c) for i, c in self.readings if i.rules]
        if skip is not None:
            dropped = [i for i, _ in self.readings if reading_name(i) in skip]
            texts = [(i, c) for i, c in texts if reading_name(i) not in skip]
            system = [(i, c) for i, c in system if reading_name(i) not in skip]
        else:
            texts, dropped = self._texts_fit(texts, rng)
            if system:
                system, more = self._pilot(texts, system, n, max_attempts, rng)
                dropped += more
        attempts = 0
        while True:
            deals, tried = self._try(n, rng, texts + system, max_attempts)
            attempts += tried
            if len(deals) >= n / 2 or not (system or texts):
                break
            dropped.append((system or texts).pop(0 if system else -1)[0])
        if not deals:
            raise CardPlayError("no deal fits the cards played")   # cannot happen: _ways > 0
        return HiddenDeals(deals, attempts, dropped)
