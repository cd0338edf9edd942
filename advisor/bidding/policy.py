"""A player's call from its own hand and the auction: the bidding policy.

``Policy(rules).call(hand, seat=, dealer=, auction=)`` returns a
``Decision``: the call a player of this seat makes seeing only its own 13
cards and the calls so far, the reason in words, and the table row used.
It reads the game's bidding table (``advisor.bidding.tables``, data with a
passage of the rule texts for each row) and a simple evaluation of the hand:

- *sure tricks* in a trump suit: the suit's length less the missing top
  honours among its first three cards (A, K, Q), plus each side suit's
  unbroken run from the ace (A, AK, AKQ...); in no-trumps, the high-card points;
- the partnership's tricks in a strain, estimated by the trick model
  (``advisor.bidding.tricks``: fitted on double-dummy tables, from the hand
  and what partner's calls have shown), and the level whose expected score
  is best for them (``best_level``), which sets how high a ``tricks`` or
  ``reach`` row bids; where the model does not answer (Courts, Skruuvi) the
  sure tricks plus the tricks partner's calls have shown (``estimate_tricks``).

The policy is deterministic: the same hand and auction give the same call.
It is the computer seats' player in ``vint practice`` (``advisor.practice``)
and the other seats' player in the advisor's continuations. It never doubles,
never bids misère, bids semi-contract's Courts (``CT``) only by its table's
Courts rows (sure tricks counted in the Courts deck, ``courts_sure_tricks``),
and does not model Skruuvi's card exchange: docs/advise.md, "The bidding
policy", lists its limits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import count
from operator import mul
from typing import Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple

from solver.cards import Hand, Seat, suit_ranks

from ..game import raise_kitty_bid, rule_set
from ..rules.base import PASS, AuctionState, RulesError, normalise_call, split_calls
from . import learned as learned_model, tricks
from .meanings import game_from_the_hand
from .constraints import SUIT_RUN, SUIT_TRUMPS, SUIT_WORDS, Constraint, compile_constraint
from .sampling import and_terms
from .tables import Row, table_for

__all__ = ["Decision", "Policy", "PolicyError", "estimate_tricks", "sure_tricks",
           "courts_sure_tricks"]

#: Words the tables may use beyond the constraint language's features: ``sure`` (the
#: row's strain's sure tricks), ``partner_nt`` (1: partner's first call was no-trumps),
#: ``supported`` (1: partner has raised a strain of mine), ``partner_suit`` (1: partner
#: has named a suit), ``stands_mine`` (1: the bid that stands now is my own, in the
#: row's strain: bidding it again only raises my own contract), ``my_nt`` (1: my own
#: first bid was no-trumps), ``passed_first`` (1: my own first call was a pass),
#: ``partner_hand`` (1: partner's first call was the auction's first bid, a suit at level
#: two or more: a game "from the hand").
POLICY_FEATURES = ("sure", "partner_nt", "supported", "partner_suit", "stands_mine", "my_nt",
                   "passed_first", "partner_hand")
_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
_STRAIN_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "no-trumps",
                 "G": "grand"}
#: Semi-contract's Courts strain: the court cards (J Q K) form a fifth suit,
#: trumps in a Courts bid (seed 003; ``solver.general.COURTS``).
COURTS = "CT"
#: The Courts suit from the highest card down, as (suit index, rank): "JS JC JD
#: JH QS QC QD QH KS KC KD KH" read from the right.
_COURTS_ORDER = tuple((suit, rank) for rank in (13, 12, 11) for suit in (1, 2, 3, 0))

#: Tricks a partner has shown (suit contracts) by its calls, and points (no-trumps).
SHOWN_TRICKS = {"nt": 3, "raise": 2, "same": 3, "suit": 1, "pass": 1, "none": 1}
SHOWN_POINTS = {"nt": 14, "raise": 8, "same": 12, "suit": 12, "pass": 7, "none": 9}
#: Decisions (and row fits) a policy remembers before it starts afresh (a few MB at most).
DECISIONS_KEPT = 50_000
#: Auctions a policy's continuations remember (``_Step``) before starting afresh:
#: about 2 kB each (a bid copies the readings it changes), so about 20 MB at
#: most; a review of a 17-call auction reaches about 5,300.
STEPS_KEPT = 10_000




def _from_the_hand(reading: "_Reading") -> bool:
    """Partner's first call opened the auction with a game from the hand, and
    it is still partner's last suit."""
    suit = game_from_the_hand(reading.partner_first)
    return reading.opener == "partner" and suit is not None and reading.partner_last_suit == suit


class PolicyError(RulesError):
    """A question the policy cannot answer: the auction is over, or the hand is not 13 cards."""


@dataclass(frozen=True)
class Decision:
    """A call, why, and the table row it comes from (None for a pass no row chose)."""

    call: str
    reason: str
    row: Optional[Row] = None


def sure_tricks(hand: Hand, trump: Optional[int]) -> int:
    """Sure tricks of ``hand`` with ``trump`` (a suit index, or None: none).

    The trump suit counts its length less the top honours (A K Q) missing
    among its first three cards; every other suit its unbroken run from the ace.
    """
    return _facts(hand.mask).sure[trump]


def courts_sure_tricks(hand: Hand) -> int:
    """Sure tricks of ``hand`` in a Courts bid (the court cards trumps).

    As ``sure_tricks`` with the Courts deck's order: the trump suit (the court
    cards, KH KD KC highest) counts its length less the top three missing among
    its first three cards; each other suit (A low .. 10 high) its unbroken run
    down from the 10.
    """
    return _facts(hand.mask).sure[COURTS]


def _courts_sure(ranks: Tuple[Tuple[int, ...], ...]) -> int:
    held = [(s, r) for s, r in _COURTS_ORDER if r in ranks[s]]
    top = sum(1 for card in held[:3] if card in _COURTS_ORDER[:3])
    total = len(held) - (min(len(held), 3) - top)
    for cards in ranks:
        run = 0
        for rank in (r for r in cards if r <= 10):       # 10 high down to 2, then the ace
            if rank != 10 - run:
                break
            run += 1
        total += run
    return total


class _Facts(NamedTuple):
    """What the policy reads off one hand (computed once a hand: ``_facts``)."""

    ranks: Tuple[Tuple[int, ...], ...]      # each suit's ranks, high first
    features: Dict[str, int]                # the constraint language's features
    sure: Dict[object, int]                 # sure tricks by trump suit (None: no trumps; "CT")
    #: The trick model's inputs from the hand alone, by (strain, no-trump word),
    #: filled as asked (``Policy.trick_inputs``): a hand is asked about the same
    #: strains at each of its calls, in every continuation of an advice.
    trick_hand: Dict[Tuple[str, str], List[float]]


class _SuitFacts(NamedTuple):
    """One suit's holding (13 bits, ``suit_ranks``) read once for all hands."""

    ranks: Tuple[int, ...]      # high first
    honours: int                # A K Q J 10
    top: int                    # A K Q
    hcp: int
    counts: Tuple[int, ...]     # aces, kings, queens, jacks, tens
    run: int                    # the unbroken run from the ace (a side suit's sure tricks)
    trumps: int                 # the sure tricks as trumps: length less missing top honours


def _suit_facts(bits: int) -> _SuitFacts:
    cards = tuple(r for r in range(14, 1, -1) if bits >> (r - 2) & 1)
    return _SuitFacts(cards, sum(r >= 10 for r in cards), sum(r >= 12 for r in cards),
                      sum(max(0, r - 10) for r in cards),
                      tuple(cards.count(r) for r in (14, 13, 12, 11, 10)),
                      int(SUIT_RUN[bits]), int(SUIT_TRUMPS[bits]))


#: Every holding of a suit, by its 13 bits.
_SUITS = tuple(_suit_facts(bits) for bits in range(1 << 13))
_COUNT_WORDS = ("aces", "kings", "queens", "jacks", "tens")


@lru_cache(maxsize=4096)
def _facts(mask: int) -> _Facts:
    suits = [_SUITS[suit_ranks(mask, suit)] for suit in range(4)]
    ranks = tuple(x.ranks for x in suits)
    f = {"hcp": sum(x.hcp for x in suits)}
    for word, x in zip(SUIT_WORDS, suits):
        f[word] = len(x.ranks)
        f[f"honours_{word}"] = x.honours
        f[f"top_{word}"] = x.top
    for i, word in enumerate(_COUNT_WORDS):
        f[word] = sum(x.counts[i] for x in suits)
    f["controls"] = 2 * f["aces"] + f["kings"]
    lengths = [len(c) for c in ranks]
    f["longest"] = max(lengths)
    f["shortest"] = min(lengths)
    runs = sum(x.run for x in suits)
    sure = {None: runs}
    for t, x in enumerate(suits):               # trump t, and the other suits' runs
        sure[t] = runs - x.run + x.trumps
    f["sure_nt"] = runs
    for t, word in enumerate(SUIT_WORDS):
        f[f"sure_{word}"] = sure[t]
    sure[COURTS] = _courts_sure(ranks)
    return _Facts(ranks, f, sure, {})


class _View(NamedTuple):
    """The trick model for one strain as one reading of the auction sees it
    (``Policy._view``)."""

    weights: List[float]        # the model's weights in the reading's context
    auction: Tuple[float, ...]  # tricks.auction_alone
    spread: float               # the model's residual spread there
    shares: List[float]         # partner's expected share of the honours and aces


@dataclass
class _Reading:
    """What the auction says, as this policy reads it, from one seat's chair."""

    my_strains: List[str] = field(default_factory=list)
    partner_strains: List[str] = field(default_factory=list)
    partner_first: Optional[str] = None        # partner's first call (a bid or "P")
    my_first: Optional[str] = None             # my own first call
    partner_raised_me: bool = False
    anyone_bid: bool = False
    opponents_bid: bool = False
    mine_standing: Optional[str] = None        # the strain of the standing bid, if mine
    my_levels: Dict[str, int] = field(default_factory=dict)       # my highest level a strain
    partner_levels: Dict[str, int] = field(default_factory=dict)  # partner's, a strain
    their_level: int = 0                       # the opponents' highest level
    opener: Optional[str] = None               # who made the first bid: me, partner, them
    partner_aces: int = 0                      # the aces partner's no-trumps have shown

    def key(self) -> tuple:
        """Everything a decision reads of the auction, as one hashable value."""
        return (tuple(self.my_strains), tuple(self.partner_strains), self.partner_first,
                self.my_first, self.partner_raised_me, self.anyone_bid, self.opponents_bid,
                self.mine_standing, tuple(sorted(self.my_levels.items())),
                tuple(sorted(self.partner_levels.items())), self.their_level, self.opener,
                self.partner_aces)

    def copy(self) -> "_Reading":
        """A reading to note more calls in, leaving this one as it is."""
        other = _Reading.__new__(_Reading)
        other.__dict__.update(self.__dict__)
        other.__dict__.pop("_views", None)      # kept of this reading only (Policy._view)
        other.my_strains, other.partner_strains = self.my_strains[:], self.partner_strains[:]
        other.my_levels, other.partner_levels = dict(self.my_levels), dict(self.partner_levels)
        return other

    def situation(self) -> str:
        if self.my_strains:
            return "rebid"
        if not self.anyone_bid:
            return "open"
        return "respond" if self.partner_strains else "overcall"

    @property
    def partner_last_suit(self) -> Optional[str]:
        """The last suit partner has named (None: none yet): ``{partner}`` in the tables."""
        return next((s for s in reversed(self.partner_strains) if s in _SUIT_INDEX), None)

    def partner_shows(self, strain: str, nt: str) -> str:
        """What partner's calls show for a contract in ``strain`` (a SHOWN_* key)."""
        if self.partner_first is not None and self.partner_first.endswith(nt) \
                and self.partner_first != PASS:
            return "nt"
        if self.partner_raised_me and strain in self.my_strains:
            return "raise"
        if strain in self.partner_strains:
            return "same"
        if self.partner_strains:
            return "suit"
        return "none" if self.partner_first is None else "pass"


def estimate_tricks(hand: Hand, strain: str, shown: str, nt: str) -> int:
    """The partnership's tricks in ``strain``: ours (``sure_tricks``, or points in
    no-trumps) and what partner has ``shown`` (a key of ``SHOWN_TRICKS``)."""
    if strain == nt:
        points = _facts(hand.mask).features["hcp"] + SHOWN_POINTS[shown]
        return max(0, min(13, 6 + (points - 20) // 2))
    if strain == COURTS:
        return min(13, courts_sure_tricks(hand) + SHOWN_TRICKS[shown])
    return min(13, sure_tricks(hand, _SUIT_INDEX[strain]) + SHOWN_TRICKS[shown])


class _Step:
    """One auction as the policy's continuations walk it (``Policy.play_out``):
    who calls next, the legal calls, each seat's reading and decision context,
    and the auctions one call longer, made when first reached.

    The advisor continues the same few auctions on hundreds of samples: each
    seat's reading and the legal calls are worked out once per auction, not
    once per sample. What a step says is never changed once made (a reading
    is copied before a call is noted in it; only the contexts and the longer
    auctions are added when first asked, the same whoever asks), so
    continuations on several threads can share it.
    """

    __slots__ = ("who", "state", "legal", "readings", "contexts", "after")

    def __init__(self, who: Seat, state: AuctionState, legal: Tuple[str, ...],
                 readings: Tuple["_Reading", ...]):
        self.who = who
        self.state = state                              # the rules' view of the auction
        self.legal = legal
        self.readings = readings                        # by seat
        self.contexts: List[Optional[int]] = [None] * 4  # by seat, made when asked
        self.after: Dict[str, "_Step"] = {}


class Policy:
    """The calls of one game's bidding table (see the module's docstring)."""

    def __init__(self, rules="vint", *, learned: Optional[bool] = None):
        """``learned``: with the correction learned from the advisor
        (``advisor.bidding.learned``) on top of the table; None (the default):
        where there is one for the game (Vint 1886), True: required, False:
        the table alone."""
        self.rules = rule_set(rules)
        # Skruuvi's Kitty game: 12 cards a hand during the first auction.
        self.hand_sizes = (12, 13) if self.rules.exchange_style == "kitty" else (13,)
        self.table = table_for(self.rules)
        # The rows of each situation, in the table's order (with their index).
        self._rows_of: Dict[str, List[Tuple[int, Row]]] = {}
        for index, row in enumerate(self.table):
            self._rows_of.setdefault(row.situation, []).append((index, row))
        order = tuple(self.rules.strain_order)
        self.nt = "G" if "G" in order else "NT"
        self.suits = [s for s in order if s in _SUIT_INDEX]
        self._bid_of: Dict[str, Tuple[str, int]] = {}
        self._levels: Optional[tricks.LevelChooser] = None     # made when first asked
        # Legal calls after an auction: asked again and again along continuations.
        self._legal = lru_cache(maxsize=8192)(
            lambda calls: tuple(self.rules.auction_legal_calls(list(calls))))
        # Decisions by (hand, reading of the auction, legal calls): a call depends
        # on nothing else, and a continuation asks the same question again each
        # time a round of passes goes by (Vint closes a bid after 12 passes).
        self._decisions: Dict[tuple, Decision] = {}
        # ``maker``'s answers, by (hand, context, call).
        self._made: Dict[tuple, bool] = {}
        # Each row's condition compiled for a (strain, partner's suit), and the
        # hand's suits in the order "suit" rows try them, by hand.
        self._rows_compiled: Dict[tuple, Optional[Constraint]] = {}
        self._suit_order: Dict[int, List[str]] = {}
        # A decision's context (the reading's key and the legal calls) as a small
        # number, so a remembered decision is looked up by (hand, number); a
        # number is never given to another context, even after a fresh start.
        self._contexts: Dict[tuple, int] = {}
        self._context_numbers = count()
        # play_out's empty auction by dealer, each with its longer auctions.
        self._steps: Dict[Seat, _Step] = {}
        self._steps_made = 0
        self._legal_lists: Dict[Tuple[str, ...], Tuple[str, ...]] = {}
        # The bids in order (the learned correction's standing bid).
        self.bids = tuple(self.rules.contracts())
        self.bid_order = {bid: i for i, bid in enumerate(self.bids)}
        # The correction learned from the advisor (``advisor.bidding.learned``),
        # for the game it was learned in (Vint 1886).
        self.correction = None
        if learned is not False:
            found = learned_model.load() if tricks.model() is not None else None
            if found is None:
                if learned:
                    raise PolicyError(f"the learned correction needs {learned_model.MODEL_FILE.name} "
                                      "and the trick model beside it")
            elif found.learned_for(self.rules):
                self.correction = found
            elif learned:
                raise PolicyError(f"the learned correction is learned for {found.game}, "
                                  f"not {self.rules.name}")

    def _sizes(self) -> str:
        """The hand sizes the policy calls with, in words ("12 or 13")."""
        return " or ".join(map(str, self.hand_sizes))

    def legal_calls(self, auction: Sequence[str]) -> Tuple[str, ...]:
        """The calls the next player may make after ``auction`` (empty: it is over);
        remembered, since continuations ask about the same auctions again and again."""
        return self._legal(tuple(auction))

    # -- the call -------------------------------------------------------------------
    def call(self, hand, *, seat, dealer, auction) -> Decision:
        """The call ``seat`` makes with ``hand`` (a ``Hand`` or PBN text, S.H.D.C)
        after ``auction`` (from the first caller: a list of calls or ``"1S P"``)."""
        seat, dealer = Seat.parse(seat), Seat.parse(dealer)
        if isinstance(hand, str):
            hand = Hand.from_pbn(hand)
        elif not isinstance(hand, Hand):
            raise PolicyError(f"the hand must be a Hand or PBN text (\"AKQ2.T98.765.432\"), "
                              f"not {type(hand).__name__}")
        if len(hand) not in self.hand_sizes:
            raise PolicyError(f"the policy calls with {self._sizes()} cards, not {len(hand)}")
        auction = [normalise_call(c) for c in split_calls(auction)]
        legal = self.legal_calls(auction)
        if not legal:
            raise PolicyError("the auction is over: there is no call to make")
        if self.rules.seat_of_call(dealer, len(auction)) != seat:
            raise PolicyError(f"it is {self.rules.seat_of_call(dealer, len(auction)).name}'s "
                              f"turn, not {seat.name}'s")
        return self._remembered(hand, self._read(auction, seat, dealer), legal)

    def caller(self, auction: Sequence[str], seat, dealer) -> Callable[[Hand], Decision]:
        """``seat``'s call after ``auction`` as a function of its hand: the auction
        read once for many hands (the sampler asks it of thousands of hands
        whether they make a call). The same decisions as ``call``."""
        reading, legal = self._read_once(auction, seat, dealer)
        return lambda hand: self._remembered(hand, reading, legal)

    def _read_once(self, auction: Sequence[str], seat, dealer
                   ) -> Tuple["_Reading", Tuple[str, ...]]:
        """``caller``'s and ``maker``'s reading of ``auction`` from ``seat`` and
        its legal calls."""
        seat, dealer = Seat.parse(seat), Seat.parse(dealer)
        auction = [normalise_call(c) for c in auction]
        return self._read(auction, seat, dealer), self.legal_calls(auction)

    def maker(self, auction: Sequence[str], seat, dealer, call: str) -> Callable[[Hand], bool]:
        """Does ``seat`` make ``call`` after ``auction`` with a hand: the same answer
        as ``caller(auction, seat, dealer)(hand).call == call``, the sampler's
        question about each of its hands. Most hands answer no, and the learned
        correction's full search is skipped where neither the table's call nor the
        correction can be ``call`` (``Correction.could_choose``; issue 32)."""
        reading, legal = self._read_once(auction, seat, dealer)
        call = normalise_call(call)
        context = self._context(reading, legal)
        correction = self.correction

        def answer(hand: Hand) -> bool:
            decision = self._decisions.get((hand.mask, context))
            if decision is not None:
                return decision.call == call
            known_levels: dict = {}         # level_values of this decision, by strain
            table = self._table_decision(hand, reading, legal, known_levels)
            facts = _facts(hand.mask)
            if correction is not None and (table.call == call or correction.could_choose(
                    self, facts, hand, reading, legal, table.call, call, known_levels)):
                decision = _remember(self._decisions, (hand.mask, context), lambda: self._corrected(
                    table, facts, hand, reading, legal, known_levels))
                return decision.call == call
            return table.call == call

        # The answers are remembered too (the sampler's tries draw the same deals).
        return lambda hand: _remember(self._made, (hand.mask, context, call),
                                      lambda: answer(hand))

    def _remembered(self, hand: Hand, reading: "_Reading", legal: Tuple[str, ...],
                    context: Optional[int] = None) -> Decision:
        if context is None:
            context = self._context(reading, legal)
        return _remember(self._decisions, (hand.mask, context),
                         lambda: self._decide(hand, reading, legal))

    def _context(self, reading: "_Reading", legal: Tuple[str, ...]) -> int:
        """The number of the decision context (what ``reading`` says, ``legal``)."""
        key = (reading.key(), legal)
        number = self._contexts.get(key)
        if number is None:
            if len(self._contexts) >= DECISIONS_KEPT:
                self._contexts.clear()
            number = self._contexts[key] = next(self._context_numbers)
        return number

    def _decide(self, hand: Hand, reading: "_Reading", legal: Tuple[str, ...]) -> Decision:
        known_levels: dict = {}             # level_values of this decision, by strain
        return self._corrected(self._table_decision(hand, reading, legal, known_levels),
                               _facts(hand.mask), hand, reading, legal, known_levels)

    def _table_decision(self, hand: Hand, reading: "_Reading", legal: Tuple[str, ...],
                        known_levels: dict) -> Decision:
        """The table's decision (``advisor.bidding.tables``), before the correction;
        ``known_levels`` keeps ``level_values`` by strain for the rest of the decision."""
        situation = reading.situation()
        facts = _facts(hand.mask)
        features = facts.features
        partner = reading.partner_last_suit
        supported = int(reading.partner_raised_me)
        partner_suit = int(any(s in _SUIT_INDEX for s in reading.partner_strains))
        my_nt = int(bool(reading.my_strains) and reading.my_strains[0] == self.nt)
        passed_first = int(reading.my_first == PASS)
        partner_hand = int(_from_the_hand(reading))
        by_strain: Dict[str, dict] = {}     # the hand's features and the policy's, a strain
        for index, row in self._rows_of.get(situation, ()):
            for strain in self._strains(row, hand, reading):
                values = by_strain.get(strain)
                if values is None:
                    extra = (facts.sure[COURTS if strain == COURTS else _SUIT_INDEX.get(strain)],
                             int(reading.partner_shows(strain, self.nt) == "nt"), supported,
                             partner_suit, int(reading.mine_standing == strain), my_nt,
                             passed_first, partner_hand)
                    values = by_strain[strain] = dict(features, **dict(zip(POLICY_FEATURES, extra)))
                if not self._fits(index, strain, partner, values):
                    continue
                bid = self._bid(row, strain, hand, reading, legal, known_levels)
                if bid is not None:
                    return Decision(bid, f"{row.reason}"
                                         f"{self._longer_note(row, strain, hand, reading, legal, known_levels)}"
                                         f" ({_summary(features)}"
                                         f"{self._tricks_note(row, hand, strain, reading, known_levels)})",
                                    row)
        return Decision(PASS, _pass_reason(situation, features))

    def _corrected(self, table: Decision, facts, hand: Hand, reading: "_Reading",
                   legal: Tuple[str, ...], known_levels: dict) -> Decision:
        """The table's decision, or the learned correction's call where it
        predicts a gain over it of more than its margin (``self.correction``)."""
        if self.correction is None:
            return table
        found = self.correction.best(self, facts, hand, reading, legal, table.call, known_levels)
        if found is None:
            return table
        call, role, gain = found
        return Decision(call, f"the correction learned from the advisor's self-play: "
                              f"{learned_model.KIND_WORDS[role]}, about {gain:.0f} points better than the "
                              f"table's {table.call} on hands like this (the table: "
                              f"{table.reason})", None)

    def play_out(self, hands, *, dealer, auction: Sequence[str]) -> List[str]:
        """The auction after ``auction`` when every seat calls by this policy with
        its own hand (``hands[seat]``, e.g. a ``Deal``) until the game's rules end it:
        the whole list of calls.

        The same calls as asking :meth:`call` seat by seat, but each seat's
        reading of the auction and the legal calls are worked out once an
        auction (``_Step``) and shared by every continuation that reaches it:
        the advisor plays out thousands of auctions from the same few.
        """
        dealer = Seat.parse(dealer)
        calls = [normalise_call(c) for c in auction]
        for seat in Seat:
            if len(hands[seat]) not in self.hand_sizes:
                raise PolicyError(f"the policy calls with {self._sizes()} cards, not "
                                  f"{len(hands[seat])}")
        step = self._first_step(calls, dealer)
        while step.legal:
            who = step.who
            context = step.contexts[who]
            if context is None:
                context = step.contexts[who] = self._context(step.readings[who], step.legal)
            decision = self._decisions.get((hands[who].mask, context))
            if decision is None:
                decision = self._remembered(hands[who], step.readings[who], step.legal, context)
            call = decision.call
            calls.append(call)
            step = step.after.get(call) or self._next_step(step, call, len(calls), dealer)
        return calls

    def _first_step(self, calls: List[str], dealer: Seat) -> _Step:
        """The step of the auction ``calls``: walked from the empty auction's,
        so every auction asked about shares the steps of its earlier calls."""
        step = self._steps.get(dealer)
        if step is None:
            self._forget_steps_if_full()
            state = self.rules.auction_state([])
            step = self._steps[dealer] = _Step(
                self.rules.seat_of_call(dealer, 0), state, tuple(self.rules.legal_calls_at(state)),
                tuple(_Reading() for _ in Seat))
        for n, call in enumerate(calls):
            step = step.after.get(call) or self._next_step(step, call, n + 1, dealer)
        return step

    def _next_step(self, step: _Step, call: str, length: int, dealer: Seat) -> _Step:
        """``step`` with ``call`` made (the auction is then ``length`` calls long);
        a seat's reading that the call changes is copied first."""
        self._forget_steps_if_full()
        readings = tuple(self._noted(reading, call, step.who, seat)
                         for seat, reading in zip(Seat, step.readings))
        state = self.rules.state_after(step.state, call)
        legal = tuple(self.rules.legal_calls_at(state))
        legal = self._legal_lists.setdefault(legal, legal)   # one tuple for many steps
        after = step.after[call] = _Step(self.rules.seat_of_call(dealer, length), state,
                                         legal, readings)
        return after

    def _forget_steps_if_full(self) -> None:
        """Start afresh once ``STEPS_KEPT`` steps were made (continuations under
        way keep the steps they hold)."""
        self._steps_made += 1
        if self._steps_made > STEPS_KEPT:   # the empty auctions' steps: every other hangs on them
            self._steps.clear()
            self._legal_lists.clear()
            self._steps_made = 1

    # -- Skruuvi: the main players' extended bids -------------------------------------
    def final_contract(self, dealer, auction) -> Tuple[Optional[str], Optional[Seat]]:
        """``(contract, declarer)`` of a finished auction; a Skruuvi first auction
        whose kitty bid is below level 5 is raised by the kitty bidder to level 5
        in its strain and everyone passes (``game.raise_kitty_bid``: the policy
        does not model the partner's extended bids)."""
        contract, declarer, _ = self.rules.auction_result(auction, dealer)
        if contract is None or declarer is None:
            return contract, None
        if not self.rules.has_kitty_bids:
            return contract, Seat.parse(declarer)
        return raise_kitty_bid(self.rules, contract, declarer)

    # -- the partnership's tricks ----------------------------------------------------
    def reading(self, auction: Sequence[str], seat, dealer) -> "_Reading":
        """What ``auction`` says, as this policy reads it from ``seat``'s chair."""
        return self._read([normalise_call(c) for c in auction], Seat.parse(seat),
                          Seat.parse(dealer))

    def trick_inputs(self, hand: Hand, strain: str, reading: "_Reading") -> List[float]:
        """The trick model's inputs for ``strain`` (``advisor.bidding.tricks.features``)."""
        facts = _facts(hand.mask)
        return tricks.features(facts.ranks, facts.features, facts.sure, reading, strain, self.nt,
                               hand_part=self._hand_part(facts, strain))

    def _hand_part(self, facts: _Facts, strain: str) -> List[float]:
        """The trick model's inputs from the hand alone (``tricks.hand_features``),
        kept a hand and strain."""
        part = facts.trick_hand.get((strain, self.nt))
        if part is None:
            part = facts.trick_hand[strain, self.nt] = tricks.hand_features(
                facts.ranks, facts.features, facts.sure, strain, self.nt)
        return part

    def partnership_tricks(self, hand: Hand, strain: str, reading: "_Reading") -> Optional[float]:
        """The tricks the partnership is expected to take in ``strain``, the player
        declaring, by the trick model (``advisor.bidding.tricks``); None where
        the model does not answer (Courts, Skruuvi, no model file)."""
        if not self._model_answers(strain):
            return None
        view = self._view(strain, reading)
        facts = _facts(hand.mask)
        x = tricks.features(facts.ranks, facts.features, facts.sure, reading, strain, self.nt,
                            hand_part=self._hand_part(facts, strain), auction_part=view.auction)
        return sum(map(mul, view.weights, x))       # TrickModel.estimate, the weights kept

    def _view(self, strain: str, reading: "_Reading") -> "_View":
        """What the trick model's estimate for ``strain`` takes from the auction
        alone, kept on the reading (the sampler asks one reading of thousands
        of hands, the continuations share theirs): the same numbers as
        ``tricks.context``, ``tricks.auction_alone`` and the model's tables."""
        views = reading.__dict__.get("_views")
        if views is None:
            views = reading.__dict__["_views"] = {}
        key = (strain, self.nt)
        found = views.get(key)
        if found is None:
            model, where = tricks.model(), tricks.context(reading, strain, self.nt)
            name = model.key(strain, self.nt, where)
            found = views[key] = _View(model.weights[name],
                                       tuple(tricks.auction_alone(reading, strain)),
                                       model.spread[name], model.shares[where])
        return found

    def _model_answers(self, strain: str) -> bool:
        """Does the trick model answer for ``strain`` (not Courts, Vint's system,
        the model file there)?"""
        return strain != COURTS and self.rules.bidding_system == "vint" \
            and tricks.model() is not None

    def level_values(self, hand: Hand, strain: str, reading: "_Reading",
                     known_levels: Optional[dict] = None) -> Tuple[float, List[float]]:
        """The trick model's estimate of the partnership's tricks in ``strain``
        and the expected score of each level 1..7 there (``tricks.LevelChooser``,
        the player's honours and aces counted); Vint's system only. ``known_levels``:
        the answers for this hand and reading by strain, read and filled (one
        decision asks for a strain's levels up to four times)."""
        if known_levels is not None:
            answer = known_levels.get(strain)
            if answer is None:
                answer = known_levels[strain] = self.level_values(hand, strain, reading)
            return answer
        found = self.partnership_tricks(hand, strain, reading)
        if found is None:
            raise PolicyError(f"the trick model does not answer for {strain} in "
                              f"{self.rules.name}")
        if self._levels is None:
            self._levels = tricks.level_chooser(self.rules.name)
        features = _facts(hand.mask).features
        trumps = strain in _SUIT_INDEX
        honours = features[f"honours_{SUIT_WORDS[_SUIT_INDEX[strain]]}"] if trumps else 0
        return found, self._levels.expected(strain, found, self.trick_spread(strain, reading),
                                            honours, features["aces"],
                                            self._view(strain, reading).shares, trumps)

    def suit_word(self, strain: str) -> Optional[str]:
        """The constraint language's word for a suit strain ("spades"); None otherwise."""
        return SUIT_WORDS[_SUIT_INDEX[strain]] if strain in _SUIT_INDEX else None

    def best_level(self, hand: Hand, strain: str, reading: "_Reading",
                   known_levels: Optional[dict] = None) -> int:
        """How high a ``tricks`` or ``reach`` row may bid ``strain``: the level
        whose expected score is best (``tricks.LevelChooser``) for the trick
        model's estimate and spread and the honours and aces the player holds;
        where the model does not answer, ``estimate_tricks`` less six."""
        if not self._model_answers(strain):
            return estimate_tricks(hand, strain, reading.partner_shows(strain, self.nt),
                                   self.nt) - 6
        values = self.level_values(hand, strain, reading, known_levels)[1]
        return 1 + max(range(7), key=values.__getitem__)

    def trick_spread(self, strain: str, reading: "_Reading") -> float:
        """How far the partnership's tricks may stray from ``partnership_tricks``:
        the trick model's residual spread where partner's calls leave it
        (``benchmarks/bench_policy_ceiling.py`` puts better knowledge here)."""
        return self._view(strain, reading).spread

    def _tricks_note(self, row: Row, hand: Hand, strain: str, reading: "_Reading",
                     known_levels: Optional[dict] = None) -> str:
        """For a ``tricks`` or ``reach`` row, the trick model's count in words."""
        if row.level not in ("tricks", "reach"):
            return ""
        found = self.partnership_tricks(hand, strain, reading)
        if found is None:
            return ""
        return (f"; the partnership's tricks in {_STRAIN_WORDS.get(strain, strain)} estimated at "
                f"{found:.1f}, best bid at level {self.best_level(hand, strain, reading, known_levels)}")

    # -- inside ---------------------------------------------------------------------
    def _read(self, auction, seat: Seat, dealer: Seat) -> _Reading:
        r = _Reading()
        for i, call in enumerate(auction):
            self._note(r, call, self.rules.seat_of_call(dealer, i), seat)
        return r

    def _noted(self, r: _Reading, call: str, who: Seat, seat: Seat) -> _Reading:
        """``r`` with ``who``'s ``call`` noted, ``r`` itself left as it is: the same
        object when the call changes nothing in it (most passes)."""
        if (call == PASS or call in ("X", "XX")) and not (
                who == seat.partner and r.partner_first is None) and not (
                who == seat and r.my_first is None):
            return r
        r = r.copy()
        self._note(r, call, who, seat)
        return r

    def _note(self, r: _Reading, call: str, who: Seat, seat: Seat) -> None:
        """Add ``who``'s ``call`` to ``seat``'s reading ``r`` of the auction."""
        partners_first = who == seat.partner and r.partner_first is None
        if partners_first:
            r.partner_first = call
        if who == seat and r.my_first is None:
            r.my_first = call
        if call == PASS or call in ("X", "XX"):
            return
        bid = self._bid_of.get(call)
        if bid is None:
            read = self.rules.read_bid(call)
            bid = self._bid_of[call] = (read.strain, read.level)
        strain, level = bid
        if who == seat.partner and strain == self.nt and not r.partner_aces:
            r.partner_aces = _shown_aces(r, partners_first)   # read before this bid is noted
        if not r.anyone_bid:
            r.opener = "me" if who == seat else "partner" if who == seat.partner else "them"
        r.anyone_bid = True
        r.mine_standing = strain if who == seat else None
        if who == seat:
            r.my_strains.append(strain)
            r.my_levels[strain] = max(level, r.my_levels.get(strain, 0))
        elif who == seat.partner:
            if strain in r.my_strains:
                r.partner_raised_me = True
            r.partner_strains.append(strain)
            r.partner_levels[strain] = max(level, r.partner_levels.get(strain, 0))
        else:
            r.opponents_bid = True
            r.their_level = max(level, r.their_level)

    def _strains(self, row: Row, hand: Hand, reading: _Reading) -> List[str]:
        if row.strain == "NT":
            return [self.nt]
        if row.strain == "partner":
            suit = reading.partner_last_suit
            return [suit] if suit is not None else []
        if row.strain == "own":
            return reading.my_strains[-1:]
        if row.strain == COURTS:
            return [COURTS] if COURTS in self.rules.strain_order else []
        # My suits, best first: longest, most honours, highest in the game's order.
        return _remember(self._suit_order, hand.mask, lambda: self._order_suits(hand.mask))

    def _order_suits(self, mask: int) -> List[str]:
        ranks = _facts(mask).ranks

        def key(s):
            cards = ranks[_SUIT_INDEX[s]]
            return (len(cards), sum(r >= 10 for r in cards), self.suits.index(s))
        return sorted(self.suits, key=key, reverse=True)

    def _longer_note(self, row: Row, strain: str, hand: Hand, reading: _Reading,
                     legal: Sequence[str], known_levels: Optional[dict] = None) -> str:
        """Why a row names ``strain`` when the hand holds a longer suit (issue 31:
        "names the highest and longest suit" said of a 4-card suit beside six
        clubs): the longer suits this row tried first, and what ruled each out
        (the row's condition's terms that fail for it, or no bid left); "" when
        ``strain`` is the longest or the row does not choose among our suits."""
        if row.strain != "suit" or strain not in _SUIT_INDEX:
            return ""
        ranks = _facts(hand.mask).ranks
        length = len(ranks[_SUIT_INDEX[strain]])
        notes = []
        for other in self._strains(row, hand, reading):
            if other == strain:
                break
            n = len(ranks[_SUIT_INDEX[other]])
            if n <= length:
                continue
            word = SUIT_WORDS[_SUIT_INDEX[other]]
            values = dict(_facts(hand.mask).features, **{f: 0 for f in POLICY_FEATURES})
            failing = [t for t in and_terms(row.hand.format(suit=word, partner="spades"))
                       if word in t and not self._term(t).on_scalars(values)]
            if failing:
                why = f"{' and '.join(failing)} does not hold"
            elif self._bid(row, other, hand, reading, legal, known_levels) is None:
                why = "no bid in it is left at this row's level"
            else:
                why = "this row's condition does not hold for it"
            notes.append(f"{word} ({n} cards): {why}")
        if not notes:
            return ""
        return (f"; {SUIT_WORDS[_SUIT_INDEX[strain]]} ({length} cards) rather than the longer "
                + ", ".join(notes))

    def _term(self, text: str) -> Constraint:
        """One condition compiled once (with the policy's own words)."""
        return _policy_term(text)

    def _row_constraint(self, index: int, strain: str, partner: Optional[str]):
        """Row ``index``'s hand condition for ``strain`` with partner's suit
        ``partner``, compiled once (None: the row does not apply: it names
        partner's suit and partner has named none, or a suit and ``strain`` is none)."""
        key = (index, strain, partner)
        if key not in self._rows_compiled:
            row = self.table[index]
            if ("{partner}" in row.hand and partner is None) or \
                    ("{suit}" in row.hand and strain not in _SUIT_INDEX):
                self._rows_compiled[key] = None
            else:
                self._rows_compiled[key] = self._term(row.hand.format(
                    suit=SUIT_WORDS[_SUIT_INDEX[strain]] if strain in _SUIT_INDEX else "spades",
                    partner=SUIT_WORDS[_SUIT_INDEX[partner]] if partner else "spades"))
        return self._rows_compiled[key]

    def _fits(self, index: int, strain: str, partner: Optional[str], values: dict) -> bool:
        """Whether the hand fits row ``index`` for ``strain``: ``values`` holds its
        features and, for ``strain``, those of POLICY_FEATURES (sure tricks,
        partner_nt, supported, partner_suit, stands_mine, my_nt, passed_first,
        partner_hand).
        Not remembered: a fresh hand (the sampler's) is asked once, and a
        remembered decision (``_decisions``) already covers a hand asked again."""
        constraint = self._row_constraint(index, strain, partner)
        return constraint is not None and constraint.on_scalars(values)

    def _bid(self, row: Row, strain: str, hand: Hand, reading: _Reading,
             legal: Sequence[str], known_levels: Optional[dict] = None) -> Optional[str]:
        levels = [lv for lv in range(1, 8) if f"{lv}{strain}" in legal]
        if not levels:
            return None
        if isinstance(row.level, int):
            return f"{row.level}{strain}" if row.level in levels else None
        if row.level == "jump":          # a single jump: one above the cheapest
            jump = levels[0] + 1
            ok = jump in levels and (row.up_to is None or jump <= row.up_to)
            return f"{jump}{strain}" if ok else None
        cap = 7 if row.up_to is None else row.up_to
        if row.level in ("tricks", "reach"):
            cap = min(cap, self.best_level(hand, strain, reading, known_levels))
        if levels[0] > cap:
            return None
        if row.level == "reach":         # as high as the tricks reach, at once
            return f"{max(lv for lv in levels if lv <= cap)}{strain}"
        return f"{levels[0]}{strain}"


@lru_cache(maxsize=4096)
def _policy_term(text: str) -> Constraint:
    """A condition of the tables compiled with the policy's own words, once for
    every policy (a match or a test makes many; a Constraint only adds its
    compiled scalar test when first asked, the same for every asker)."""
    return compile_constraint(text, extra_features=POLICY_FEATURES)


def _shown_aces(r: "_Reading", first_call: bool) -> int:
    """The aces partner's first no-trumps shows, by the seed's convention (seed 004:
    "имея четырех Тузов ... 'без козырей' по первому разу; имея двух Тузов ...
    'без козырей' после паса или после уже назначенной масти"; one ace "когда
    партнер в первый тур говорил 'без козырей'"), read before the call is noted:
    three at the auction's first bid when it is partner's ``first_call``, one
    over my own first-turn no-trumps, two otherwise (after partner's own pass
    too: "после паса")."""
    if not r.anyone_bid and first_call:
        return 3
    return 1 if r.my_strains and r.my_strains[0] in ("NT", "G") else 2


def _remember(store: dict, key, compute):
    """``store[key]``, computed by ``compute()`` the first time; a full store
    (``DECISIONS_KEPT`` entries) starts afresh."""
    value = store.get(key)
    if value is None:
        if len(store) >= DECISIONS_KEPT:
            store.clear()
        value = store[key] = compute()
    return value


def _summary(f) -> str:
    return f"{f['hcp']} points, {f['aces']} ace{'s' if f['aces'] != 1 else ''}, longest suit {f['longest']}"


def _pass_reason(situation: str, f) -> str:
    what = {"open": "no opening bid fits", "respond": "no response fits",
            "overcall": "no overcall fits", "rebid": "the partnership's tricks go no higher"}
    return f"passes: {what[situation]} ({_summary(f)})"
