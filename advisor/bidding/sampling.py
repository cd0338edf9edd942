"""Deal the cards a player cannot see, keeping the deals that fit what is known.

``sample_deals(hand, seat, n, rng, constraints)`` deals the 39 unseen cards
at random to the other three seats (with a 12-card hand, Skruuvi's Kitty
game: 12 cards each and the 4 left over are the kitty), many deals at a time (numpy), and keeps
those whose hands satisfy each seat's constraint. Text constraints are tested
on whole batches at once; callables are tested deal by deal on what the text
constraints let through.

Rejection sampling stops after ``max_attempts`` deals: a rare constraint gives
fewer deals and a warning rather than a hang; no deal at all raises
``SamplingError``.

``DealStream`` draws the same deals lazily, as they are asked for: the advisor
solves its samples in rounds and often stops after the first few (issue 32).
"""

from __future__ import annotations

from typing import Dict, Iterable, Iterator, List, Mapping, NamedTuple, Optional, Sequence

import numpy as np

from solver.cards import SEATS, Card, Deal, Hand, Seat
from solver.errors import VintError

from .constraints import Constraint, HandsFeatures, compile_constraint

__all__ = ["SamplingError", "Samples", "sample_deals", "DealStream", "DEFAULT_MAX_ATTEMPTS",
           "and_terms", "terms_that_fit", "FIT_ATTEMPTS"]

#: Deals tried at most before giving up on finding more that fit.
DEFAULT_MAX_ATTEMPTS = 200_000
_BATCH = 4096


class SamplingError(VintError):
    """No deal fits the constraints (within the attempts allowed).

    ``passed_texts``: how many deals the text (vectorised) constraints let
    through before the callables rejected them (0: the texts alone fail)."""

    passed_texts: int = 0


class Samples(NamedTuple):
    """Sampled deals, how many deals were tried, and a warning when too few fit."""

    deals: List[Deal]
    attempts: int
    warning: Optional[str]

    @property
    def acceptance(self) -> float:
        return len(self.deals) / self.attempts if self.attempts else 0.0


def sample_deals(hand: Hand, seat, n: int, rng: np.random.Generator,
                 constraints: Optional[Mapping[str, Constraint]] = None, *,
                 max_attempts: int = DEFAULT_MAX_ATTEMPTS, pool: Iterable[Deal] = ()) -> Samples:
    """``n`` deals in which ``seat`` holds ``hand`` and every constraint holds.

    ``constraints`` maps seats (``"N"``...) to a ``Constraint`` (combine several
    with ``&``); the advising seat's own constraint is checked on its hand once.

    ``pool``: deals drawn before for the same hand (an earlier call of the same
    player; a list or a ``DealStream``), tried first, in order; those that fit
    are kept and fresh deals make up the rest. When the constraints only add
    to those the pool was drawn under (a later call of the same auction), the
    kept deals are still uniform draws, and their double-dummy work can be
    reused.

    All ``n`` at once: ``DealStream`` draws the same deals, in the same order,
    only as they are asked for.
    """
    stream = DealStream(hand, seat, rng, constraints, max_attempts=max_attempts, pool=pool,
                        limit=n)
    deals = stream.take(n)
    return Samples(deals, stream.attempts, stream.warning())


class DealStream:
    """Deals that fit the constraints, drawn only as they are asked for (issue 32).

    The same deals in the same order as ``sample_deals`` with the same
    arguments, whatever the number asked at a time: the random permutations
    are drawn ``_BATCH`` at a time as before, and their rows are turned into
    deals (and the callable constraints asked) one by one, only until the deal
    asked for is found. An advice that settles after 32 samples draws about
    32 deals (and the rows the rejection needs for them), not its 200.

    ``take(k)``: the first ``k`` deals (fewer only when ``max_attempts`` deals
    have been tried; none at all raises ``SamplingError``); ``deals``: those
    drawn so far; ``attempts``: the deals tried so far; ``limit``: the most
    deals the stream gives (the advice's ``samples``). Iterating a stream
    gives its deals one by one, drawing as it goes: a later call of the same
    player takes it as its ``pool`` and draws from it only as far as it needs.
    """

    def __init__(self, hand: Hand, seat, rng: np.random.Generator,
                 constraints: Optional[Mapping[str, Constraint]] = None, *,
                 max_attempts: int = DEFAULT_MAX_ATTEMPTS, pool: Iterable[Deal] = (),
                 limit: Optional[int] = None):
        self.seat = seat = Seat.parse(seat)
        if len(hand) not in (12, 13):
            raise SamplingError(f"the hand must hold 13 cards (12 in Skruuvi's Kitty game), "
                                f"not {len(hand)}")
        self.hand = hand
        constraints = {Seat.parse(s): c for s, c in (constraints or {}).items()}
        own = constraints.pop(seat, None)
        if own is not None and not own(hand):
            raise SamplingError(f"the hand {hand.to_pbn()} does not fit its own constraint "
                                f"{own.describe()}")
        self.constraints = constraints
        self.rng = rng
        self.max_attempts = max_attempts
        self.limit = limit
        self.deals: List[Deal] = []
        self.attempts = 0
        #: Rows the text (vectorised) constraints let through (``SamplingError.passed_texts``).
        self.passed_texts = 0
        #: Have ``max_attempts`` deals been tried (no more deals to come)?
        self.exhausted = False
        self._source = self._draw(pool)

    def __repr__(self) -> str:
        return (f"<DealStream {len(self.deals)} deals drawn of {self.attempts} tried"
                f"{' (exhausted)' if self.exhausted else ''}>")

    def take(self, k: int) -> List[Deal]:
        """The first ``k`` deals (at most ``limit``), drawing what is missing."""
        if self.limit is not None:
            k = min(k, self.limit)
        while len(self.deals) < k and not self.exhausted:
            found = next(self._source, None)
            if found is None:
                self.exhausted = True
            else:
                self.deals.append(found)
        if not self.deals and self.exhausted:
            error = SamplingError(f"no deal fits the constraints in {self.attempts} deals "
                                  f"tried: {_describe(self.constraints)}")
            error.passed_texts = self.passed_texts
            raise error
        return self.deals[:k]

    def __iter__(self) -> Iterator[Deal]:
        i = 0
        while True:
            if i >= len(self.deals) and len(self.take(i + 1)) <= i:
                return
            yield self.deals[i]
            i += 1

    def warning(self, wanted: Optional[int] = None) -> Optional[str]:
        """Why fewer deals than ``wanted`` (default ``limit``) came: the attempts ran
        out first; None when the stream gave them (or was never asked for them)."""
        wanted = self.limit if wanted is None else wanted
        n = len(self.deals)
        if wanted is None or n >= wanted or not self.exhausted:
            return None
        return (f"only {n} of {wanted} deals fit the constraints in {self.attempts} tried "
                f"({100 * n / self.attempts:.3f}%): {_describe(self.constraints)}")

    def _draw(self, pool: Iterable[Deal]) -> Iterator[Deal]:
        """Every deal that fits, in order: the pool's first, then fresh ones."""
        hand, seat, constraints = self.hand, self.seat, self.constraints
        whole = [[s, c, 0, 0] for s, c in constraints.items()]
        for deal in pool:
            if deal[seat].mask == hand.mask and _fits_rest(deal, whole):
                yield deal
        # Each other seat gets as many cards as the hand; in Skruuvi's Kitty game
        # (12 cards) the 4 left over are the kitty, the cards no hand holds.
        cards = len(hand)
        others = [s for s in SEATS if s != seat]
        unseen = [Card(s, r) for s in range(4) for r in range(2, 15) if Card(s, r) not in hand]
        suits = np.array([c.suit for c in unseen], dtype=np.int64)
        ranks = np.array([c.rank for c in unseen], dtype=np.int64)
        bits = np.array([c.mask for c in unseen], dtype=np.uint64)
        base = _unpermuted(len(unseen))
        # The seats' text tests, each with its seat's columns of a permutation.
        texts = []
        for k, other in enumerate(others):
            c = constraints.get(other)
            if c is not None and not c.vectorised:
                c = c.prefilter                         # the text part of text & callable
            if c is not None and c.vectorised:
                texts.append([c, slice(cards * k, cards * k + cards), 0, 0])
        checks = [[s, c.rest or c, 0, 0] for s, c in constraints.items() if not c.vectorised]
        while self.attempts < self.max_attempts:
            size = min(_BATCH, self.max_attempts - self.attempts)
            perms = self.rng.permuted(base[:size], axis=1)
            self.attempts += size
            rows = _passing_rows(perms, texts, suits, ranks)
            self.passed_texts += len(rows)
            # Only the rows the texts let through are kept while the stream
            # waits to be asked for more (a paused stream holds kilobytes, not
            # the whole batch): the same rows, in the same order.
            passed = perms[rows].astype(np.int8)
            del perms
            # Each other seat's cards as one mask a row, the whole batch at once.
            held = [np.bitwise_or.reduce(bits[passed[:, cards * k:cards * k + cards]], axis=1)
                    for k in range(len(others))]
            for i in range(len(passed)):
                masks = {seat: hand.mask}
                for k, other in enumerate(others):
                    masks[other] = int(held[k][i])
                deal = Deal.from_masks([masks[s] for s in SEATS])
                if _fits_rest(deal, checks):
                    yield deal


def _passing_rows(perms: np.ndarray, texts: list, suits: np.ndarray,
                  ranks: np.ndarray) -> np.ndarray:
    """The rows of ``perms`` (one deal each) whose hands pass every seat's text
    test (``texts``: ``[constraint, the seat's columns, rows tested, rows
    passed]``), in order. Each seat's features are computed only for the rows
    the seats before it let through, the seat that has let the fewest through
    so far first: the same rows as testing every seat on the whole batch
    (a conjunction), at a fraction of the cost when one seat rejects most
    deals (issue 32: a review's rare auctions try 200,000 deals a call)."""
    rows = np.arange(len(perms))
    texts.sort(key=lambda t: t[3] / t[2] if t[2] else 1.0)
    for text in texts:
        c, cols = text[0], text[1]
        if not len(rows):
            break
        held = perms[rows, cols]
        ok = np.broadcast_to(np.asarray(c.on_features(HandsFeatures(suits[held], ranks[held])),
                                        dtype=bool), rows.shape)
        text[2] += len(rows)
        rows = rows[ok]
        text[3] += len(rows)
    return rows


def _fits_rest(deal: Deal, checks: list) -> bool:
    """Does ``deal`` pass the seats' hand-by-hand tests (``checks``: ``[seat,
    test, hands tested, hands rejected]``, the callables and what a text's
    prefilter leaves)? The seat that has rejected the most so far is asked
    first (a conjunction: the same answer in any order), and the counts kept."""
    for check in checks:
        check[2] += 1
        if not check[1](deal[check[0]]):
            check[3] += 1
            if check is not checks[0]:
                checks.sort(key=lambda c: -c[3] / c[2] if c[2] else 0.0)
            return False
    return True


_UNPERMUTED: Dict[int, np.ndarray] = {}


def _unpermuted(n: int) -> np.ndarray:
    """``_BATCH`` rows of ``0..n-1``, which each batch permutes (made once a size)."""
    found = _UNPERMUTED.get(n)
    if found is None:
        found = _UNPERMUTED[n] = np.tile(np.arange(n), (_BATCH, 1))
        found.flags.writeable = False
    return found


def _describe(constraints: Dict[Seat, Constraint]) -> str:
    return "; ".join(f"{s.name}: {c.describe()}" for s, c in constraints.items()) or "none"


# --------------------------------------------------------------------------
# Keeping what the hand allows of a reading (issue 31)

#: Deals tried to see whether a reading's terms can hold at all with the hand.
FIT_ATTEMPTS = 20_000


def and_terms(text: str) -> List[str]:
    """The terms of a constraint text joined by a top-level ``and``
    (``"spades >= 4 and hcp >= 12"``: two terms); a text with a top-level
    ``or`` is one term (its parts cannot be kept apart)."""
    terms, depth, start, words = [], 0, 0, text
    i = 0
    while i < len(words):
        ch = words[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0 and words.startswith(" or ", i):
            return [text.strip()]
        elif depth == 0 and words.startswith(" and ", i):
            terms.append(words[start:i].strip())
            start = i + len(" and ")
            i = start
            continue
        i += 1
    terms.append(words[start:].strip())
    return [t for t in terms if t]


def terms_that_fit(hand: Hand, seat, reader, terms: Sequence[str],
                   others: Mapping[str, Constraint], rng: np.random.Generator, *,
                   max_attempts: int = FIT_ATTEMPTS) -> List[str]:
    """As many of a reading's ``terms`` (for seat ``reader``) as can hold
    together with ``hand`` in ``seat`` and the other seats' constraints
    ``others``: each term in turn is kept when some deal still fits the terms
    kept so far and it (``max_attempts`` deals tried). Over 1S with KQJT9 of
    spades, "spades >= 4 and honours_spades >= 2 and hcp >= 12" keeps the
    spades and the points and drops only the honours the hand holds."""
    reader = Seat.parse(reader).name
    kept: List[str] = []
    for term in terms:
        trial = compile_constraint(" and ".join(kept + [term]))
        cons = dict(others)
        cons[reader] = cons[reader] & trial if reader in cons else trial
        try:
            sample_deals(hand, seat, 1, rng, cons, max_attempts=max_attempts)
        except SamplingError:
            continue
        kept.append(term)
    return kept
