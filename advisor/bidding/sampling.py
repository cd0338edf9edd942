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
"""

from __future__ import annotations

from typing import Dict, List, Mapping, NamedTuple, Optional, Sequence

import numpy as np

from solver.cards import SEATS, Card, Deal, Hand, Seat
from solver.errors import VintError

from .constraints import Constraint, compile_constraint, features_of_cards

__all__ = ["SamplingError", "Samples", "sample_deals", "DEFAULT_MAX_ATTEMPTS", "and_terms",
           "terms_that_fit", "FIT_ATTEMPTS"]

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
                 max_attempts: int = DEFAULT_MAX_ATTEMPTS, pool: Sequence[Deal] = ()) -> Samples:
    """``n`` deals in which ``seat`` holds ``hand`` and every constraint holds.

    ``constraints`` maps seats (``"N"``...) to a ``Constraint`` (combine several
    with ``&``); the advising seat's own constraint is checked on its hand once.

    ``pool``: deals drawn before for the same hand (an earlier call of the same
    player), tried first, in order; those that fit are kept and fresh deals
    make up the rest. When the constraints only add to those the pool was
    drawn under (a later call of the same auction), the kept deals are still
    uniform draws, and their double-dummy work can be reused.
    """
    seat = Seat.parse(seat)
    if len(hand) not in (12, 13):
        raise SamplingError(f"the hand must hold 13 cards (12 in Skruuvi's Kitty game), "
                            f"not {len(hand)}")
    # Each other seat gets as many cards as the hand; in Skruuvi's Kitty game
    # (12 cards) the 4 left over are the kitty, the cards no hand holds.
    cards = len(hand)
    constraints = {Seat.parse(s): c for s, c in (constraints or {}).items()}
    own = constraints.pop(seat, None)
    if own is not None and not own(hand):
        raise SamplingError(f"the hand {hand.to_pbn()} does not fit its own constraint "
                            f"{own.describe()}")
    others = [s for s in SEATS if s != seat]
    unseen = [Card(s, r) for s in range(4) for r in range(2, 15) if Card(s, r) not in hand]
    suits = np.array([c.suit for c in unseen], dtype=np.int64)
    ranks = np.array([c.rank for c in unseen], dtype=np.int64)
    bits = np.array([c.mask for c in unseen], dtype=np.uint64)

    deals: List[Deal] = [d for d in pool
                         if d[seat].mask == hand.mask
                         and all(c(d[s]) for s, c in constraints.items())][:n]
    attempts = passed_texts = 0
    base = np.tile(np.arange(len(unseen)), (_BATCH, 1))
    while len(deals) < n and attempts < max_attempts:
        size = min(_BATCH, max_attempts - attempts)
        perms = rng.permuted(base[:size], axis=1)
        attempts += size
        keep = np.ones(size, dtype=bool)
        for k, other in enumerate(others):
            c = constraints.get(other)
            if c is not None and not c.vectorised:
                c = c.prefilter                     # the text part of text & callable
            if c is not None and c.vectorised:
                cols = perms[:, cards * k:cards * k + cards]
                keep &= np.asarray(c.on_features(features_of_cards(suits[cols], ranks[cols])),
                                   dtype=bool)
        rows = np.flatnonzero(keep)
        passed_texts += len(rows)
        for row in rows:
            masks = {seat: hand.mask}
            for k, other in enumerate(others):
                masks[other] = int(np.bitwise_or.reduce(bits[perms[row, cards * k:cards * k + cards]]))
            deal = Deal.from_masks([masks[s] for s in SEATS])
            if all(c.vectorised or (c.rest or c)(deal[s]) for s, c in constraints.items()):
                deals.append(deal)
                if len(deals) == n:
                    break
    warning = None
    if not deals:
        error = SamplingError(f"no deal fits the constraints in {attempts} deals tried: "
                              f"{_describe(constraints)}")
        error.passed_texts = passed_texts
        raise error
    if len(deals) < n:
        warning = (f"only {len(deals)} of {n} deals fit the constraints in {attempts} tried "
                   f"({100 * len(deals) / attempts:.3f}%): {_describe(constraints)}")
    return Samples(deals, attempts, warning)


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
