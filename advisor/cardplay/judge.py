"""Each card played, judged by what its player could know: the single-dummy review.

Double-dummy, a card that loses a trick is wrong; but a player who had to
guess where a queen lies, and guessed wrong, played no worse than one who
guessed right. ``judge_card(view, card)`` values every legal card over deals
that fit what the player had seen (``card_values``: the auction, his hand,
the cards played) and says how much worse the card played was than the best
one, in points and in tricks, paired over the same deals with their
standard errors. It is *worse* single-dummy when its loss exceeds
``MARGIN`` standard errors (a loss in every deal alike has no error).

``verdict`` combines the two judgements: a card is a **mistake** only when it
cost double-dummy *and* is worse single-dummy; one that cost only
double-dummy was a **fair guess** ("cost a trick only double-dummy: a fair
guess"). ``judge_play`` judges chosen cards of a whole play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, Iterable, Optional, Sequence, Tuple

from solver.cards import Card, Seat

from .table import BoardPlay
from .values import DEFAULT_WORKERS, card_values, default_samples
from .view import PlayerView

__all__ = ["Judgement", "judge_card", "judge_play", "verdict", "MARGIN"]

#: A card is worse single-dummy when its mean loss exceeds this many standard errors.
MARGIN = 2.0


@dataclass(frozen=True)
class Judgement:
    """One card against the best card on what its player could know.

    ``best``: the card the computer would have played from the same view;
    ``points_lost``/``tricks_lost``: the card's mean loss against it over
    the same ``samples`` deals (points: the game's score for the player's
    side, None in an ending; tricks: fewer is worse, more in a misère), each
    with its standard error. ``relaxed``: auction readings the sampling
    dropped; ``estimated``: misère cards valued by playouts.
    """

    seat: str
    card: str
    best: str
    samples: int
    points_lost: Optional[float]
    points_se: Optional[float]
    tricks_lost: float
    tricks_se: float
    relaxed: Optional[str] = None
    estimated: bool = False

    @property
    def worse(self) -> bool:
        """Was the card worse than the best on what the player could know
        (its loss beyond ``MARGIN`` standard errors)?"""
        lost, se = ((self.points_lost, self.points_se) if self.points_lost is not None
                    else (self.tricks_lost, self.tricks_se))
        return lost > 0 and lost > MARGIN * se

    def to_dict(self) -> dict:
        return {"seat": self.seat, "card": self.card, "best": self.best,
                "samples": self.samples, "points_lost": self.points_lost,
                "points_se": self.points_se, "tricks_lost": self.tricks_lost,
                "tricks_se": self.tricks_se, "worse": self.worse, "relaxed": self.relaxed,
                "estimated": self.estimated}


def judge_card(view: PlayerView, card, *, samples: Optional[int] = None, seed: int = 0,
               workers: int = DEFAULT_WORKERS, skip: Optional[frozenset] = None
               ) -> Tuple[Judgement, frozenset]:
    """``(Judgement, skip)`` of ``card`` played by the view's player on move
    (``skip``: what a later card of the same player passes on). ``samples``:
    deals to value it over, by default twice the computer's for a card
    (``default_samples``): a verdict wants a smaller error than a choice."""
    card = Card.parse(card)
    if samples is None:
        samples = 2 * default_samples(view.held(view.seat), view.misere)
    values = card_values(view, samples=samples, seed=seed, workers=workers, skip=skip)
    loss = values.loss(card)
    return Judgement(view.seat.name, str(card), values.choice, values.samples, loss.points,
                     loss.points_se, loss.tricks, loss.tricks_se, values.relaxed,
                     values.estimated), values.skip


def judge_play(rules, deal, play: Sequence, *, dealer="N", auction: Sequence[str] = (),
               contract: Optional[str] = None, declarer=None,
               which: Optional[Iterable[int]] = None, readings: bool = True,
               samples: Optional[int] = None, seed: int = 0, workers: int = DEFAULT_WORKERS,
               progress: Optional[Callable[[int, int], None]] = None) -> Dict[int, Judgement]:
    """``{k: Judgement}`` of card ``k`` (0-based) of ``play`` for each ``k`` in
    ``which`` (default: every card), each from its player's view of ``deal``
    at that point; a card that was its player's only legal card is left
    out. ``progress(done, total)`` after each card."""
    table = BoardPlay(rules, deal, dealer=dealer, auction=auction, contract=contract,
                      declarer=declarer, readings=readings)
    chosen = set(range(len(play)) if which is None else which)
    out: Dict[int, Judgement] = {}
    skip: Dict[Seat, Optional[frozenset]] = {}
    done = 0
    for k, card in enumerate(play):
        if k in chosen:
            view = table.view(table.on_move)
            if len(view.legal_cards()) > 1:
                out[k], skip[view.seat] = judge_card(view, card, samples=samples, seed=seed,
                                                     workers=workers,
                                                     skip=skip.get(view.seat))
            done += 1
            if progress is not None:
                progress(done, len(chosen))
        table.play_card(card)
    return out


def verdict(tricks_lost: int, points_lost: Optional[int],
            judgement: Optional[Judgement]) -> Tuple[Optional[str], str]:
    """``(kind, words)`` of a card with its double-dummy cost (``tricks_lost``,
    ``points_lost``) and its single-dummy ``judgement`` (None: not judged):
    ``"mistake"`` (cost double-dummy, and worse single-dummy or not judged),
    ``"guess"`` (cost only double-dummy), or None (no double-dummy cost)."""
    costly = tricks_lost > 0 or (points_lost or 0) > 0
    if not costly:
        return None, ""
    cost = (f"{tricks_lost} trick{'s' if tricks_lost != 1 else ''}" if tricks_lost
            else f"{points_lost} points")
    if judgement is None:
        return "mistake", f"cost {cost} double-dummy"
    if not judgement.worse:
        seen = (f"the best card on what {judgement.seat} could see"
                if judgement.best == judgement.card else
                f"on what {judgement.seat} could see, {judgement.tricks_lost:+.2f} tricks "
                f"against {judgement.best}")
        return "guess", (f"cost {cost} only double-dummy: a fair guess ({seen}, "
                         f"{judgement.samples} deals)")
    return "mistake", (f"a mistake: cost {cost} double-dummy and "
                       f"{_sd_cost(judgement)} on average on what {judgement.seat} "
                       f"could see ({judgement.best} was better)")


def _sd_cost(j: Judgement) -> str:
    if j.points_lost is not None and j.tricks_lost <= 0:
        return f"{j.points_lost:.0f} points"
    return f"{j.tricks_lost:.2f} tricks"
