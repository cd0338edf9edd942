"""Post-mortem of played deals: every card and call against double-dummy play and the advisor.

``review(source)`` reads a PBN, LIN or JSON file (``advisor.records``) and
returns a ``ReviewSet``: one ``Review`` per deal that could be read, and
``.errors`` for the others.

Play review: before each card the solver values every legal card
(``solver.solve_cards``); the card played loses tricks for its side when its
value is below the best. ``before``/``after`` are the declaring side's
double-dummy tricks (tricks won so far plus what it wins from there with best
play). Points lost are the rule set's score of the contract for the player's
side with the tricks before the card minus with the tricks after it. A
player with one legal card is not asked about (the value cannot change).

Single-dummy review (``single_dummy=True``): each card that cost its side
double-dummy is also judged by what its player could know at that point
(``advisor.cardplay.judge``: every legal card valued over deals that fit his
hand, the auction and the cards played); it is a mistake only when it is
worse there too, else a fair guess ("cost a trick only double-dummy: a
fair guess").

Auction review: for each call, ``advisor.recommend`` (the bidding advisor)
from that player's hand and the auction so far; the difference in expected
score between its choice and the call made. When the advisor fails,
``review.calls.available`` is False with the reason. The final contract is
compared with par (``advisor.par``) on the double-dummy table.

The reports (text and HTML) are drawn by ``advisor.render``; docs/review.md
describes the JSON and the reports.
"""

from __future__ import annotations

import functools
import math
import multiprocessing
import sys
import time

from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional

import solver
from solver.cards import SEATS, Card, Seat
from solver.play import Play

from .bidding import AdviceCache
from .bidding import recommend as _recommend
from .bidding.verdict import Verdict
from .bidding.verdict import verdict as call_verdict
from .analysis import analyse
from .cardplay import CardPlayError, Judgement, judge_play, playable_by_card, verdict
from .game import declarer_tricks, is_misere, rule_set, strain_of, table_leader
from .par import par_of
from .records import FormatError, GameRecord, GameSet, read_games
from .render.html import review_section
from .rules.base import normalise_call
from .valuation import Valuer
from .valuation.misere import aces_taken, misere_leaders, play_objective

__all__ = ["review", "review_record", "review_play", "review_auction", "Review", "ReviewSet",
           "CardReview", "CallReview", "AuctionReview", "ReviewError", "judge_costly_cards"]


class ReviewWorkerError(RuntimeError):
    """A process weighing a review's calls ended without an answer (killed)."""


class ReviewError(FormatError):
    """Every deal of a file is bad: the message lists each one's file, line and problem."""


# --------------------------------------------------------------------------
# Results

#: Nodes the misère play review may spend on one position (the values of all
#: its cards, ``solver.solve_cards``): the opening position is the costly one
#: (one random all-pass deal: 3 s for all 52 cards; another 32 s for the first
#: card's position and 39 s in all; the Siberian распасовка deal of
#: docs/analysis.md 90 s for the first card's position). A guard, about a
#: minute: past it the play is not reviewed (``MisereTooHard``) and the review
#: says so, rather than keep the player waiting many minutes.
MISERE_REVIEW_NODES = 1_000_000_000


class MisereTooHard(Exception):
    """A misère play's review stopped: a position's search ran past its budget."""

    def __init__(self, card: int, nodes: int):
        super().__init__(f"the misère search at card {card} ran past its budget of {nodes:,} "
                         f"nodes (this deal's misère is exceptionally hard to solve exactly)")
        self.card, self.nodes = card, nodes


@dataclass
class CardReview:
    """One card played, with its double-dummy cost (and, when judged, its
    single-dummy one).

    ``before``/``after``: the declaring side's DD tricks before and after the
    card; ``tricks_lost``: what the card cost the player's side (0 if it was
    one of the ``best`` cards); ``points_lost``: the same in the game's points
    for the player's side (None for an ending, which cannot be scored).
    ``single_dummy``: the card against what its player could know
    (``advisor.cardplay.Judgement``), when the review judged it.
    """

    number: int
    trick: int
    seat: str
    card: str
    before: int
    after: int
    tricks_lost: int
    points_lost: Optional[int]
    best: List[str]
    single_dummy: Optional[Judgement] = None

    @property
    def costly(self) -> bool:
        """Did the card cost tricks double-dummy (or, in misère, points: an ace
        kept too long)?"""
        return self.tricks_lost > 0 or (self.points_lost or 0) > 0

    @property
    def kind(self) -> Optional[str]:
        """``"mistake"``, ``"guess"`` (cost only double-dummy) or None (no cost)."""
        return verdict(self.tricks_lost, self.points_lost, self.single_dummy)[0]

    @property
    def comment(self) -> str:
        """The verdict in words ("cost a trick only double-dummy: a fair guess")."""
        return verdict(self.tricks_lost, self.points_lost, self.single_dummy)[1]

    @property
    def mistake(self) -> bool:
        """Did the card cost its side double-dummy, and (when judged) was it
        worse on what its player could know too?"""
        return self.kind == "mistake"

    def to_dict(self) -> dict:
        return {"number": self.number, "trick": self.trick, "seat": self.seat,
                "card": self.card, "before": self.before, "after": self.after,
                "tricks_lost": self.tricks_lost, "points_lost": self.points_lost,
                "best": list(self.best), "mistake": self.mistake, "kind": self.kind,
                "comment": self.comment,
                "single_dummy": None if self.single_dummy is None
                else self.single_dummy.to_dict()}


@dataclass
class CallReview:
    """One call against the advisor's recommendation.

    ``candidates``: ``[(call, mean score)]`` as the advisor gave them, for the
    caller's side; ``loss``: the recommended call's mean minus the call made's
    (None when the call made is not among the candidates). ``verdict``: the
    advisor's word on the call (``advisor.bidding.verdict``: the paired lead
    of the recommended call over it on the samples both were scored on, and
    its standard error); the call is ``flagged`` a mistake only when that lead
    is more than two standard errors and more than ``PRACTICAL_MARGIN``
    points, the same test practice's word after a call uses.
    """

    index: int
    seat: str
    call: str
    recommended: Optional[str]
    candidates: List[tuple] = field(default_factory=list)
    loss: Optional[float] = None
    verdict: Optional[Verdict] = None

    @property
    def agrees(self) -> bool:
        return self.recommended == self.call

    @property
    def flagged(self) -> bool:
        """A mistake by the advisor's test (without a verdict, e.g. a stand-in
        advisor's: any call the advisor would not make)."""
        if self.recommended is None or self.agrees:
            return False
        return True if self.verdict is None else self.verdict.flagged

    @property
    def comment(self) -> str:
        if self.recommended is None:
            return ""
        if self.agrees:
            return "advisor agrees"
        if self.verdict is not None:
            return self.verdict.comment
        if self.loss is None:
            return f"advisor: {self.recommended}"
        if self.loss < 0:       # the call made scored more: the advisor kept another
            return f"advisor: {self.recommended} ({self.call} expected {-self.loss:.0f} more)"
        return f"advisor: {self.recommended} (expected {self.loss:.0f} more)"

    def to_dict(self) -> dict:
        return {"index": self.index, "seat": self.seat, "call": self.call,
                "recommended": self.recommended, "agrees": self.agrees, "loss": self.loss,
                "flagged": self.flagged,
                "lead": None if self.verdict is None else self.verdict.lead,
                "lead_se": None if self.verdict is None else self.verdict.se,
                "candidates": [{"call": c, "mean": m} for c, m in self.candidates],
                "comment": self.comment}


@dataclass
class AuctionReview:
    """The calls reviewed, or ``available=False`` and the ``reason``."""

    available: bool
    reason: Optional[str] = None
    calls: List[CallReview] = field(default_factory=list)
    samples: int = 0

    def __iter__(self):
        return iter(self.calls)

    def __len__(self):
        return len(self.calls)

    def to_dict(self) -> dict:
        return {"available": self.available, "reason": self.reason, "samples": self.samples,
                "calls": [c.to_dict() for c in self.calls]}


@dataclass
class Review:
    """The review of one played deal (see the module's docstring)."""

    record: GameRecord
    rules: str
    cards: List[CardReview]
    calls: AuctionReview
    play_note: Optional[str] = None
    dd_table: Optional[object] = None
    par: Optional[object] = None
    #: How the single-dummy review went: None (not asked), or what it did
    #: ("3 cards judged, 16-24 deals each") or why it could not.
    single_dummy: Optional[str] = None

    def __repr__(self) -> str:
        r = self.record
        return (f"<Review of {r.source}, line {r.line}: {r.contract or 'no contract'}, "
                f"{len(self.cards)} card(s), {len(self.mistakes)} costly"
                + (f", {len(self.guesses)} fair guess(es)" if self.guesses else "") + ">")

    def _repr_html_(self) -> str:
        return review_section(self)

    # -- derived -----------------------------------------------------------
    @property
    def mistakes(self) -> List[CardReview]:
        """Every card that cost its side tricks (and, when judged single-dummy,
        was worse on what its player could know), in play order."""
        return [c for c in self.cards if c.mistake]

    @property
    def guesses(self) -> List[CardReview]:
        """Every card that cost only double-dummy: a fair guess (single-dummy review)."""
        return [c for c in self.cards if c.kind == "guess"]

    @property
    def totals(self) -> Dict[str, dict]:
        """Per seat: cards reviewed, mistakes, tricks and points lost by them,
        and fair guesses (cards that cost only double-dummy). In a bridge file
        dummy's cards are declarer's (``GameRecord.chooser``): dummy's row stays
        empty."""
        scored = all(c.points_lost is not None for c in self.cards)
        out = {s.name: {"cards": 0, "mistakes": 0, "tricks_lost": 0,
                        "points_lost": 0 if scored else None, "guesses": 0} for s in SEATS}
        for c in self.cards:
            row = out[self.record.chooser(c.seat)]
            row["cards"] += 1
            row["guesses"] += c.kind == "guess"
            if c.mistake:
                row["mistakes"] += 1
                row["tricks_lost"] += c.tricks_lost
                if scored:
                    row["points_lost"] += c.points_lost
        return out

    @property
    def dd_start(self) -> Optional[int]:
        """The declaring side's DD tricks before the opening lead."""
        return self.cards[0].before if self.cards else None

    @property
    def dd_contract(self) -> Optional[int]:
        """The declaring side's DD tricks before the lead: ``dd_start``, else (no
        play recorded) the DD table's for the contract, as ``par_difference`` uses."""
        return self.dd_start if self.dd_start is not None else self._contract_dd_tricks()

    @property
    def dd_end(self) -> Optional[int]:
        """The declaring side's DD tricks after the last card played."""
        return self.cards[-1].after if self.cards else None

    @property
    def tricks_taken(self) -> Optional[int]:
        """The declaring side's tricks: the file's result, else the complete play's count."""
        r = self.record
        if r.result is not None:
            return r.result
        if r.play and r.complete_play:
            return r.tricks_won
        return None

    def score_ns(self, tricks: Optional[int]) -> Optional[int]:
        """NS net score of the contract with that many declaring-side tricks
        (None for a Bolshevik, scored player by player: ``bolshevik_score``)."""
        if self.record.bolshevik:
            return None
        return _score_ns(self.record, rule_set(self.rules), tricks)

    @property
    def bolshevik_score(self):
        """A Bolshevik's ``BolshevikScore`` (each player's points) for the tricks
        taken; None for other deals, or when the tricks or aces are unknown."""
        r = self.record
        if not r.bolshevik or self.tricks_taken is None:
            return None
        return bolshevik_score(r, rule_set(self.rules), self.tricks_taken)

    @property
    def par_difference(self) -> Optional[int]:
        """NS: the contract's score with DD tricks minus par (a thrown-in deal scores 0)."""
        if self.par is None:
            return None
        if self.record.contract is None:
            return -self.par.score
        score = self.score_ns(self._contract_dd_tricks())
        return None if score is None else score - self.par.score

    @property
    def result_difference(self) -> Optional[int]:
        """NS: the table result's score minus par (what the table's play and
        bidding together gained or lost against par); None when unknown."""
        if self.par is None:
            return None
        if self.record.contract is None:
            return -self.par.score
        score = self.score_ns(self.tricks_taken)
        return None if score is None else score - self.par.score

    def _contract_dd_tricks(self) -> Optional[int]:
        r = self.record
        if is_misere(self.rules, r.contract):
            return self.dd_start        # the misère trick search's, from the first card
        if self.dd_table is None or r.trump is None:
            return None
        return declarer_tricks(self.dd_table, rule_set(self.rules), r.declarer, r.trump)

    def to_dict(self) -> dict:
        """Everything in the review, as JSON-ready data (docs/review.md)."""
        r = self.record
        tricks = []
        by_number = {c.number: c for c in self.cards}
        k = 0
        for t in r.tricks:
            cards = []
            for seat, card in t.cards:
                k += 1
                c = by_number.get(k)
                cards.append({"seat": seat, "card": card,
                              "tricks_lost": c.tricks_lost if c else 0})
            tricks.append({"number": t.number, "leader": t.leader, "winner": t.winner,
                           "cards": cards, "dd_after": by_number[k].after if k in by_number
                           else None})
        contract_dd = self._contract_dd_tricks()
        return {
            "source": r.source, "line": r.line, "rules": self.rules, "tags": dict(r.tags),
            "deal": r.deal.to_pbn(), "dealer": r.dealer, "auction": list(r.auction),
            "contract": r.contract, "declarer": r.declarer, "leader": r.leader,
            "result": r.result, "tricks_taken": self.tricks_taken,
            "score_ns": self.score_ns(self.tricks_taken),
            "dd_start": self.dd_start, "dd_end": self.dd_end,
            "warnings": list(r.warnings), "play_note": self.play_note,
            "cards": [c.to_dict() for c in self.cards],
            "mistakes": [c.to_dict() for c in self.mistakes],
            "guesses": [c.to_dict() for c in self.guesses],
            "single_dummy": self.single_dummy,
            "tricks": tricks, "totals": self.totals,
            "auction_review": self.calls.to_dict(),
            "dd_table": None if self.dd_table is None else self.dd_table.to_dict(),
            "dd_table_leader": None if self.dd_table is None else table_leader(self.rules),
            "par": None if self.par is None else self.par.to_dict(),
            "contract_dd_tricks": contract_dd,
            "contract_dd_score_ns": self.score_ns(contract_dd),
            "par_difference": self.par_difference,
            "result_difference": self.result_difference,
            "bolshevik": r.bolshevik, "dummy": r.dummy,
            "bolshevik_score": None if self.bolshevik_score is None
            else dict(self.bolshevik_score.players),
        }


class ReviewSet(list):
    """The reviews of a file's deals, with ``errors``: the deals that could not be read."""

    def __init__(self, reviews=(), errors=(), notes=()):
        super().__init__(reviews)
        self.errors: List[FormatError] = list(errors)
        self.notes: List[str] = list(notes)

    def to_dict(self) -> dict:
        return {"reviews": [r.to_dict() for r in self],
                "errors": [{"file": e.file, "line": e.line, "problem": e.problem}
                           for e in self.errors],
                "notes": list(self.notes)}


# --------------------------------------------------------------------------
# Scoring

def _score_ns(record: GameRecord, rules, tricks: Optional[int]) -> Optional[int]:
    """NS net score of the record's contract with ``tricks``; None for endings.

    Semi-contract pays 10 for each trick declarer wins from his own hand in a
    fulfilled contract (seed 003): counted from the play when ``tricks`` is
    the played result; other counts (the double-dummy ones) have no such
    split and score without it."""
    if tricks is None or record.contract is None or record.declarer is None \
            or len(record.deal["N"]) != 13:
        return None
    extra = {"doubled": record.doubled} if record.doubled else {}
    if rules.scores_declarer_hand and record.play and record.complete_play \
            and tricks == record.tricks_won:
        extra["tricks_by_declarer"] = sum(1 for t in record.tricks
                                          if t.complete and t.winner == record.declarer)
    return rules.score(record.deal, contract=record.contract, declarer=record.declarer,
                       tricks=tricks, **extra).net("NS")


def bolshevik_score(record: GameRecord, rules, tricks: int):
    """The ``BolshevikScore`` of the record's Bolshevik with the bidder taking
    ``tricks``; in 7 misère the aces are those the cards played show (the
    play must then be complete, else the aces are unknown: None)."""
    aces = ()
    if is_misere(rules, record.contract):
        if not record.complete_play:
            return None
        aces = aces_taken(record.deal, record.leader, record.play)
    return rules.score_bolshevik(record.contract, record.declarer, tricks, aces_taken=aces,
                                 doubled_by=record.doubled_by, redoubled=record.redoubled)


# --------------------------------------------------------------------------
# Play

def review_play(record: GameRecord, rules, *, seats=None) -> List[CardReview]:
    """A ``CardReview`` for every card of ``record.play`` (``seats``: only the
    cards those seats played; practice reviews the player's)."""
    rules = rule_set(rules)
    if not record.play:
        return []
    if is_misere(rules, record.contract):
        return review_misere_play(record.deal, rules, record.contract, record.declarer,
                                  record.leader, record.play, bolshevik=record.bolshevik,
                                  doubled_by=record.doubled_by, redoubled=record.redoubled,
                                  seats=seats, max_nodes=MISERE_REVIEW_NODES)
    ours_side = record.on_declaring_side
    # A Bolshevik Dictator: the bidder alone against three (the search's lone seat).
    lone = record.declarer if record.bolshevik else None
    # The game's play rule (Siberian Vint: a void player must ruff).
    must_trump = rules.must_trump
    play = Play(record.deal, record.trump, record.leader, must_trump=must_trump)
    warm = solver.Solver()       # one table for the whole play: each position reuses the last
    scores: Dict[int, Optional[int]] = {}

    def ns(tricks):
        """NS's score, or in a Bolshevik the bidder's, with the declarer taking ``tricks``."""
        if tricks not in scores:
            scores[tricks] = (bolshevik_score(record, rules, tricks).players[record.declarer]
                              if record.bolshevik else _score_ns(record, rules, tricks))
        return scores[tricks]

    out: List[CardReview] = []
    previous_after: Optional[int] = None
    for k, text in enumerate(record.play):
        card = Card.parse(text)
        seat = play.on_move
        if seats is not None and seat.name not in seats:
            previous_after = None
            play.play(card)
            continue
        legal = play.legal_cards()
        done = len(play.tricks)
        won = sum(n for s, n in play.won.items() if ours_side(s))
        remaining = play.total_tricks - done
        ours = ours_side(seat)

        def to_declarer(v):
            return won + (v if ours else remaining - v)

        if len(legal) == 1 and previous_after is not None:
            before = after = previous_after
            best = [str(card)]
        else:
            values = warm.solve_cards(play.remaining(), record.trump, play.trick_leader,
                                      played=play.trick, lone=lone, must_trump=must_trump)
            top = max(values.values())
            before, after = to_declarer(top), to_declarer(values[card])
            best = [str(c) for c, v in values.items() if v == top]
        lost = abs(before - after)
        points = None
        if lost and ns(before) is not None:
            # Points for the card's own side: NS's score, or the Bolshevik bidder's
            # (an opponent's card then costs the three opponents that much together).
            mine = ours if record.bolshevik else seat.side == "NS"
            points = (1 if mine else -1) * (ns(before) - ns(after))
        out.append(CardReview(k + 1, done + 1, seat.name, str(card), before, after, lost,
                              points if lost else (0 if ns(before) is not None else None),
                              best))
        previous_after = after
        play.play(card)
    return out


#: From this many cards a hand down, a misère card's cost in points is the
#: exact scored search's (aces included, ``solver.solve_cards_scored``);
#: before, points follow the tricks. 9 since the scored search's table by
#: relative ranks (docs/solver.md: 0.15 s a 9-card ending, 0.37 s at 10).
SCORED_FROM_CARDS = 9


def review_misere_play(deal, rules, contract, declarer, leader, cards, *,
                       bolshevik: bool = False, doubled_by=(), redoubled: bool = False,
                       scored_from: int = SCORED_FROM_CARDS, seats=None,
                       max_nodes: Optional[int] = MISERE_REVIEW_NODES) -> List[CardReview]:
    """A ``CardReview`` for every card of a misère play: a bid misère, the
    all-pass misère (``contract="AP"``, ``declarer`` None: NS's tricks), or a
    Bolshevik (``bolshevik=True``: ``declarer`` the bidder, alone; the
    opponents in ``doubled_by`` doubled, ``redoubled`` the bidder redoubled).

    ``before``/``after``: the declaring side's (NS's for ``AP``, the bidder's)
    tricks with each side taking as few as it can (``solve_cards(...,
    misere=True)``); ``tricks_lost``: the tricks the card gave its own side.
    ``points_lost``: what the card cost its side under the game's misère
    scoring. With at most ``scored_from`` cards a hand left it is exact with
    the ace penalties (``solve_cards_scored``) and ``best`` lists the best
    cards for the score; before that it is the contract's score for the
    tricks lost (aces left out), and ``best`` the fewest-tricks cards.
    ``seats``: only the cards those seats played. ``max_nodes``: the budget of
    each position's search (None: exact); past it ``MisereTooHard`` is raised.
    """
    rules = rule_set(rules)
    objective = play_objective(deal, rules, contract, declarer, bolshevik=bolshevik,
                               doubled_by=doubled_by, redoubled=redoubled)
    lone = objective.side if objective.lone else None
    play = Play(deal, "NT", leader)
    warm = solver.Solver()
    out: List[CardReview] = []
    for k, text in enumerate(cards):
        card = Card.parse(text)
        seat = play.on_move
        if seats is not None and seat.name not in seats:
            play.play(card)
            continue
        done = len(play.tricks)
        remaining = play.total_tricks - done
        won = sum(n for s, n in play.won.items() if objective.on_side(s))
        ours = objective.on_side(seat)
        position = (play.remaining(), "NT", play.trick_leader)
        try:
            values = warm.solve_cards(*position, played=play.trick, misere=True, lone=lone,
                                      max_nodes=max_nodes)
        except solver.OverBudget:
            raise MisereTooHard(k + 1, max_nodes) from None
        least = min(values.values())

        def to_declarer(v):
            return won + (v if ours else remaining - v)
        before, after = to_declarer(least), to_declarer(values[card])
        lost = abs(after - before)
        sign = 1 if ours else -1
        if len(play.remaining()[seat]) <= scored_from and len(values) > 1:
            scores = warm.solve_cards_scored(*position, objective, played=play.trick, won=won)
            mine = {c: sign * v for c, v in scores.items()}
            top = max(mine.values())
            points = top - mine[card]
            best = [str(c) for c, v in mine.items() if v == top]
        else:
            points = sign * (objective.by_tricks[before] - objective.by_tricks[after])
            best = [str(c) for c, v in values.items() if v == least]
        out.append(CardReview(k + 1, done + 1, seat.name, str(card), before, after, lost,
                              points, best))
        play.play(card)
    return out


# --------------------------------------------------------------------------
# Auction

def review_auction(record: GameRecord, rules, *, samples: int = 30, seed: int = 0,
                   recommend=None,
                   progress: Optional[Callable[[int, int], None]] = None,
                   budget: Optional[float] = None, processes: int = 1) -> AuctionReview:
    """Each call against ``advisor.recommend``.

    Call i (0-based) is advised with seed ``seed + i`` and the advisor's own
    stopping rule, exactly as ``vint advise --seed`` (and practice's hint, see
    ``Practice.advice_seed``) would advise it: one voice. The calls of one
    auction share an ``AdviceCache`` (each player's deals and their tricks).
    A call is flagged only by ``advisor.bidding.verdict``'s test.
    A call that is the only one the advisor would consider there (a pass
    without an honour: ``prepare``'s candidates) is not weighed: it agrees,
    with no candidates' means and no verdict (issue 32: a quarter of a long
    auction's calls, each costing a full advice before).
    The review shows each call's candidates' means, not their "if it stands"
    figures, so it asks for none (``recommend(stands_samples=0)``: the same
    call, means and verdict, fewer searches).
    ``recommend`` replaces the advisor (for tests); it is called with
    ``recommend``'s keywords but no cache, and weighs every call.
    ``budget`` (seconds, None: no limit): the time the calls of this deal may
    take together; each call weighed gets an equal share of what is left
    (``recommend(seconds=...)``: it stops after the round of samples in which
    its share runs out, so a call still gets at least one round). The answer
    then depends on the machine's speed, as ``vint advise --seconds`` does.
    ``progress(done, total)`` before each call is weighed (calls done, calls
    in the auction).

    ``processes`` (the real advisor only; default 1): the players' calls are
    weighed in up to this many processes at once, each player's calls in one
    process and in order (``_split_players``), so each call gets the same
    deals, and the same answer, as in one process: what the calls of a deal
    share (``AdviceCache``) is a player's own deals, and otherwise only work
    remembered. The bidding policy is pure Python, so threads cannot run it
    side by side (issue 32: the test game's review 1.3-1.5 times faster on two
    cores). Where processes cannot be forked safely (``_can_fork``: Linux
    only) the calls are weighed in this one. With a ``budget``, each process shares the whole
    budget among its own calls (they run at the same time). ``progress`` then
    follows the calls this process weighs.
    """
    rules = rule_set(rules)
    _check_processes(processes)
    shared = {}
    if recommend is None:
        # The candidates' "if it stands" figures are not shown: not solved (issue 32).
        recommend, shared = _recommend, {"cache": AdviceCache(), "stands_samples": 0}
    if not record.auction:
        return AuctionReview(False, "the file gives no auction")
    if record.dealer is None:
        return AuctionReview(False, "the file gives no dealer")
    if len(record.deal["N"]) != 13:
        return AuctionReview(False, "the deal is an ending: the advisor needs 13-card hands")
    _check_budget(budget)
    dealer = Seat.parse(record.dealer)
    # The calls with one option are not weighed (the real advisor only).
    forced = [bool(shared) and _only_call(record.deal[rules.seat_of_call(dealer, i)],
                                          rules.seat_of_call(dealer, i), dealer,
                                          record.auction[:i], rules, shared["cache"]) == call
              for i, call in enumerate(record.auction)]
    start = time.perf_counter()
    weigh = functools.partial(_weigh_calls, record, rules, dealer, forced, recommend=recommend,
                              shared=shared, samples=samples, seed=seed, budget=budget,
                              start=start)
    groups = _split_players(rules, dealer, forced, processes if shared and _can_fork() else 1)
    if len(groups) == 1:
        reviewed, failed = weigh(range(len(record.auction)), progress=progress)
    else:
        mine = sorted(groups[0] + [i for i, f in enumerate(forced) if f])
        try:
            reviewed, failed = _weigh_in_processes(weigh, mine, groups[1:], progress)
        except ReviewWorkerError as exc:
            return AuctionReview(False, str(exc), [], samples)
    calls = [reviewed[i] for i in sorted(reviewed)]
    if failed is not None:
        at, reason = failed
        return AuctionReview(False, reason, [c for c in calls if c.index - 1 < at], samples)
    return AuctionReview(True, None, calls, samples)


def _weigh_calls(record: GameRecord, rules, dealer: Seat, forced: List[bool], which, *,
                 recommend, shared: dict, samples: int, seed: int, budget: Optional[float],
                 start: float, progress=None):
    """``review_auction``'s reviews of the calls ``which`` (indices, in order):
    ``({index: CallReview}, None)``, or with ``(index, reason)`` for the first
    call the advisor failed on (the calls before it are kept)."""
    which = list(which)
    out: Dict[int, CallReview] = {}
    for n, i in enumerate(which):
        call = record.auction[i]
        seat = rules.seat_of_call(dealer, i)
        if progress is not None:
            progress(i, len(record.auction))
        if forced[i]:
            out[i] = CallReview(i + 1, seat.name, call, call)
            continue
        timed = {}
        if budget is not None:
            left = sum(1 for j in which[n:] if not forced[j])    # this call's too
            timed["seconds"] = max(budget - (time.perf_counter() - start), 0.0) / left or 1e-3
        try:
            rec = recommend(record.deal[seat], seat=seat.name, dealer=dealer.name,
                            auction=list(record.auction[:i]), rules=rules.name,
                            samples=samples, seed=seed + i, **shared, **timed)
        except Exception as exc:  # another module's failure must not stop the review
            return out, (i, f"advisor.recommend failed at call {i + 1} ({call} by "
                            f"{seat.name}): {type(exc).__name__}: {exc}")
        recommended = normalise_call(rec.call)
        cands = [(normalise_call(c.call), float(c.mean)) for c in rec.candidates]
        means = dict(cands)
        loss = None
        if recommended in means and call in means:
            loss = means[recommended] - means[call]
        word = call_verdict(rec, call) if hasattr(rec, "candidate") else None
        out[i] = CallReview(i + 1, seat.name, call, recommended, cands, loss, word)
    return out, None


def _split_players(rules, dealer: Seat, forced: List[bool], processes: int) -> List[List[int]]:
    """The weighed calls' indices in at most ``processes`` groups, each
    player's calls in one group: the player with the most calls first, each
    into the group with the fewest so far (the groups run at the same time).
    Groups left empty are not returned, so one group means one process."""
    by_seat: Dict[Seat, List[int]] = {}
    for i, f in enumerate(forced):
        if not f:
            by_seat.setdefault(rules.seat_of_call(dealer, i), []).append(i)
    groups: List[List[int]] = [[] for _ in range(max(1, min(processes, len(by_seat))))]
    for seat in sorted(by_seat, key=lambda s: (-len(by_seat[s]), s.value)):
        min(groups, key=len).extend(by_seat[seat])
    return [sorted(g) for g in groups if g] or [[]]


def _can_fork() -> bool:
    """Can the review fork processes? On Linux only: macOS's system libraries
    are not safe to fork in a process with threads, and Windows cannot."""
    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


def _weigh_in_processes(weigh, mine: List[int], others: List[List[int]], progress):
    """``weigh(mine)`` here and ``weigh(group)`` for each of ``others`` in a
    forked process of its own (a copy of this one: the cache, the policy and
    what they remember): the reviews of every call, and the first failure.
    The children are stopped on the way out, whatever happens here (Ctrl-C,
    a ``solver.stop_when`` check, an error)."""
    context = multiprocessing.get_context("fork")
    children = []
    try:
        for group in others:
            receive, send = context.Pipe(duplex=False)
            child = context.Process(target=_child_weighs, args=(send, weigh, group), daemon=True)
            child.start()
            send.close()
            children.append((child, receive, group))
        reviewed, failed = weigh(mine, progress=progress)
        failures = [] if failed is None else [failed]
        for child, receive, group in children:
            while not receive.poll(0.05):
                if solver.stop_requested():
                    raise KeyboardInterrupt("stopped while the other processes weighed calls")
            try:
                theirs, failed = receive.recv()
            except EOFError:                    # it ended (killed) before sending
                child.join()
                raise ReviewWorkerError(f"the process weighing calls "
                                        f"{', '.join(str(i + 1) for i in group)} ended with "
                                        f"exit code {child.exitcode} and no answer") from None
            reviewed.update(theirs)
            if failed is not None:
                failures.append(failed)
        return reviewed, min(failures) if failures else None
    finally:
        for child, receive, _ in children:
            if child.is_alive():
                child.terminate()
            child.join()
            receive.close()


def _child_weighs(send, weigh, group: List[int]) -> None:
    """A forked process's work: the reviews of ``group``, sent back whole."""
    try:
        send.send(weigh(group))
    except KeyboardInterrupt:       # Ctrl-C reaches the whole terminal's group: the
        pass                        # parent is stopped too, and says so itself
    finally:
        send.close()


def _check_processes(processes) -> None:
    if isinstance(processes, bool) or not isinstance(processes, int) or processes < 1:
        raise ValueError(f"processes must be a whole number >= 1, not {processes!r}")


def _check_budget(budget) -> None:
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                               or not math.isfinite(budget) or budget <= 0):
        raise ValueError(f"budget must be a number of seconds > 0 (or None: no limit), "
                         f"not {budget!r}")


def _only_call(hand, seat, dealer, auction, rules, cache: AdviceCache) -> Optional[str]:
    """The call, when the advisor would consider only one here (None: several,
    or the question is one ``recommend`` itself refuses: it says why). The
    situation is kept in ``cache`` for ``recommend`` (one ``prepare`` a call)."""
    try:
        sit = cache.situation(hand, seat=seat.name, dealer=dealer.name, auction=list(auction),
                              rules=rules.name)
    except ValueError:
        return None
    return sit.candidates[0][0] if len(sit.candidates) == 1 else None


# --------------------------------------------------------------------------
# The whole review

# --------------------------------------------------------------------------
# Single-dummy

def judge_costly_cards(record: GameRecord, rules, cards: List[CardReview], *,
                       readings: bool = True, samples: Optional[int] = None,
                       seed: int = 0, which: Optional[List[int]] = None,
                       progress: Optional[Callable[[int, int], None]] = None) -> str:
    """Judge each card of ``cards`` that cost its side double-dummy by what its
    player could know (``advisor.cardplay.judge_play``), setting its
    ``single_dummy``; returns what was done, or why it could not be. Only
    those cards by default: a card is a mistake only when it cost
    double-dummy too; ``which``: these card numbers (1-based) instead
    (practice judges every card of the player's). ``readings``: read the
    file's auction (the game's own) when dealing the unseen cards.
    ``progress(done, total)`` after each card judged."""
    rules = rule_set(rules)
    if record.bolshevik:
        return "not done for a Bolshevik (one against three)"
    dealer = record.dealer or "N"
    if not playable_by_card(rules, record.contract, record.declarer, dealer):
        return f"card play cannot play {record.contract}"
    chosen = ([c.number - 1 for c in cards if c.costly] if which is None
              else [n - 1 for n in which])
    if not chosen:
        return "no card cost its side double-dummy: nothing to judge"
    try:
        judged = judge_play(rules, record.deal, record.play, dealer=dealer,
                            auction=record.auction if readings else (),
                            contract=record.contract, declarer=record.declarer, which=chosen,
                            readings=readings, samples=samples, seed=seed, progress=progress)
    except CardPlayError as exc:
        return f"not done: {exc}"
    for c in cards:
        c.single_dummy = judged.get(c.number - 1)
    deals = sorted({j.samples for j in judged.values()})
    each = "" if not deals else (f", {deals[0]} deals each" if len(deals) == 1
                                 else f", {deals[0]}-{deals[-1]} deals each")
    what = "card(s) that cost double-dummy" if which is None else "card(s)"
    return f"{len(judged)} {what} judged by what their players could see{each}"


def review_record(record: GameRecord, *, rules="vint", auction_review: bool = True,
                  samples: int = 30, seed: int = 0, recommend=None,
                  single_dummy: bool = False, card_samples: Optional[int] = None,
                  readings: bool = True,
                  on_step: Optional[Callable[[str], None]] = None,
                  budget: Optional[float] = None, processes: int = 1) -> Review:
    """Review one checked deal (see ``review``). ``on_step(what)`` says what the
    review is doing as it goes ("call 3 of 17", "single-dummy: 2 of 4 cards judged"):
    a deal's review takes seconds to minutes."""
    rs = rule_set(rules)
    step = on_step or (lambda what: None)
    note = None
    if not record.play:
        note = "the file records no play"
    elif record.contract is not None and strain_of(rs, record.contract) is None \
            and not is_misere(rs, record.contract):
        note = f"contract {record.contract} cannot be played out double-dummy"
    step("the play, double-dummy")
    cards = []
    if note is None:
        try:
            cards = review_play(record, rs)
        except MisereTooHard as stop:
            note = str(stop)
    judged = None
    if single_dummy and cards:
        judged = judge_costly_cards(
            record, rs, cards, readings=readings, samples=card_samples, seed=seed,
            progress=lambda done, total: step(f"single-dummy: {done} of {total} cards judged"))
    if record.bolshevik:
        calls = AuctionReview(False, "a Bolshevik's auction is not reviewed")
    elif auction_review:
        calls = review_auction(record, rs, samples=samples, seed=seed, recommend=recommend,
                               budget=budget, processes=processes,
                               progress=lambda done, total: step(f"call {done + 1} of {total}"))
    else:
        calls = AuctionReview(False, "auction review switched off")
    table = par = None
    step("the DD table and par")
    # A Bolshevik is one against three: the sides' DD table and par do not apply.
    if len(record.deal["N"]) == 13 and not record.bolshevik:
        dealer = record.dealer or "N"
        valuer = Valuer(rs, record.deal, dealer=dealer)
        table = valuer.table()
        if misere_leaders(rs, dealer):
            # Par with the game's misère contracts and all-pass deal (advisor.valuation.misere).
            par = analyse(record.deal, rules=rs, dealer=dealer, table=table).par
        else:
            par = par_of(valuer)
    return Review(record, rs.name, cards, calls, note, table, par, judged)


def review(source, *, rules="vint", auction_review: bool = True, samples: int = 30,
           seed: int = 0, format: Optional[str] = None, recommend=None,
           auction: bool = True, single_dummy: bool = False,
           card_samples: Optional[int] = None, name: Optional[str] = None,
           on_review: Optional[Callable[[Review, int, int], None]] = None,
           on_step: Optional[Callable[[int, int, str], None]] = None,
           budget: Optional[float] = None, processes: int = 1) -> ReviewSet:
    """Review every deal of a PBN, LIN or JSON file: its text (a ``str``, never
    read as a file name), its path as a ``pathlib.Path``, or the ``GameSet``
    ``read_games`` / ``read_games_file`` gave.

    Returns a ``ReviewSet`` (a list of ``Review``) whose ``errors`` lists the
    deals that could not be read. A file with no readable deal raises
    ``FormatError`` (one bad deal) or ``ReviewError`` (several).
    ``samples``: deals the bidding advisor samples per call; ``seed`` makes
    its sampling repeatable. ``auction=False``: play only, for files whose
    auctions are not legal in the game (bridge files): the auction is neither
    checked nor reviewed, the play is reviewed in the file's contract.
    ``single_dummy``: also judge each card that cost double-dummy by what its
    player could know (``judge_costly_cards``; ``card_samples`` deals for
    each, default ``advisor.cardplay.default_samples``): it stays a mistake
    only when it is worse there too, else it is a fair guess.
    ``on_review(review, done, total)`` is called as each deal's review is
    finished (to show it at once, or to keep what is done when the run is
    interrupted). ``on_step(deal, total, what)`` says what the review of deal
    ``deal`` (1-based) is doing as it goes (``review_record``'s ``on_step``:
    the call or card it weighs). ``name``: the text's name in error messages
    (a file name; a path names itself). ``budget``: seconds the advisor may
    spend on one deal's calls (``review_auction``; None: no limit).
    ``processes``: how many processes weigh a deal's calls at once
    (``review_auction``: the same answers; ``vint review`` uses 2).
    """
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ValueError(f"samples must be a whole number >= 1, not {samples!r}")
    _check_budget(budget)
    _check_processes(processes)
    games = source if isinstance(source, GameSet) else read_games(
        source, rules=rules, format=format, auction=auction, name=name)
    auction = auction and not games.play_only      # a bridge file read_played found
    if not games:
        if len(games.errors) == 1:
            raise games.errors[0]
        first = games.errors[0]
        raise ReviewError(first.file, None, f"no deal could be read ({len(games.errors)} bad): "
                          + "; ".join(str(e) for e in games.errors))
    reviews = ReviewSet([], games.errors, games.notes)
    for game in games:
        reviews.append(review_record(game, rules=rules, auction_review=auction_review and auction,
                                     samples=samples, seed=seed, recommend=recommend,
                                     single_dummy=single_dummy, card_samples=card_samples,
                                     readings=auction, budget=budget, processes=processes,
                                     on_step=None if on_step is None else
                                     functools.partial(on_step, len(reviews) + 1, len(games))))
        if on_review is not None:
            on_review(reviews[-1], len(reviews), len(games))
    return reviews
