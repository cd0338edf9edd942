"""Practising a board: the player bids and plays one seat, the computer the other three.

A ``Practice`` deals boards (random with a seed, with constraints on the
hands, or from a file of deals), and runs each auction: the computer seats
call by the advisor's bidding policy (``advisor.bidding.policy``, which sees
only its own hand and the calls), the player's calls are checked by the
game's rules, and the game's rules end the auction (Vint: 12 passes).

``hint()`` asks the bidding advisor (``advisor.bidding.recommend``, as ``vint
advise`` and the review's verdict on a call do: one voice) what to call, with
the advice seed ``advice_seed``; ``hint(quick=True)``, or a session made with
``advice="policy"``, asks the bidding policy instead (instant; its reason
says so). After the player's call, ``CallRecord.advice`` holds the advisor's
word when he asked for a hint and then called otherwise and the advisor's lead
over his call is a mistake by the review's test
(``advisor.bidding.verdict``); with the policy's quick hints, the policy's
call when it differs. ``undo()`` takes back the player's last call;
``skip()`` leaves the board unscored and deals the next.

When the auction ends the hand is played (``play=True``, the default): the
player plays his own seat's cards (``play_card``; ``card_hint`` gives the
computer's choice with every card's expectation; ``undo`` takes back his
last card; ``claim`` claims tricks, allowed when no double-dummy defence
beats the claim; ``auto`` lets the computer play his cards to the end), the
computer the other three, each seat from what it can see
(``advisor.cardplay``: Vint has no dummy). The board is scored with the
tricks taken, and each of the player's cards is judged double-dummy and by
what he could know (the review's ``review_play`` and
``judge_costly_cards``). With ``play=False``, or a contract card play
cannot play (semi-contract's Courts), the board is scored with the
double-dummy tricks of its contract (``advisor.valuation``: misère and
all-pass deals by the misère search, Courts by the general solver). Either
way par is worked out, and the score goes on the game's score sheet (games
and rubber bonuses). ``pbn()`` writes the finished boards, with their play,
as PBN that ``vint review`` reads.

``vint practice`` (``advisor.cli``) and the web page's practice tab
(``advisor.web``) are two faces of this class.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Iterator, List, Mapping, Optional, Tuple

import numpy as np

import solver
from solver.cards import SEATS, SUIT_BITS, Card, Deal, Hand, Seat
from solver.errors import VintError

from .bidding.advise import recommend
from .bidding.constraints import Constraint, HandsFeatures, compile_constraint
from .bidding.policy import Decision, Policy
from .bidding.verdict import verdict
from .cardplay import BoardPlay, CardPlayError, CardValues, playable_by_card
from .cardplay.values import DEFAULT_WORKERS
from .game import LOWEST_FINAL_LEVEL, extra_strain, is_misere, playable_contracts, rule_set
from .par import Par, par_from_outcomes, par_of
from .postmortem import CardReview, MisereTooHard, judge_costly_cards, review_play
from .records import GameRecord, read_games, read_games_file, write_pbn
from .rules.base import PASS, DealScore, RulesError, normalise_call, parse_seat
from .rules.session import PartnerSession
from .rules.skruuvi_auction import ExtendedBidding
from .valuation import Budgets, Valuer
from .valuation.courts import CLI_NODES
from .valuation.misere import aces_taken

__all__ = ["Practice", "PracticeError", "Board", "BoardResult", "CallRecord", "CardRecord",
           "deal_boards"]

#: Random deals tried at most to find one that fits the constraints.
MAX_DEAL_ATTEMPTS = 100_000
#: Shuffles checked at once (numpy) while looking for a deal that fits; the
#: batches start small and double, so a common constraint costs little.
DEAL_BATCH = 4096
#: Nodes a finished board's misère trick search may use (a misère contract,
#: Skruuvi's all-pass misère, Siberian Vint's распасовка): an exact full-deal
#: misère takes 27 million nodes on average (a few seconds; benchmarks/README.md,
#: ``bench_misere.py``), but one all-pass deal of the tests took a billion (three
#: minutes while the player waited for the board's result). Past this budget the
#: par uses the estimate within the bounds proved (``valuation.misere``, about
#: two thirds of a trick off on average), and the result's note says so.
PRACTICE_MISERE_NODES = 50_000_000
#: How a finished board's contract is valued: misère and all-pass deals
#: exactly up to ``PRACTICE_MISERE_NODES``, a Courts bid within the budget
#: ``vint analyse`` gives (past either, a contract not played out is not scored).
PRACTICE_BUDGETS = Budgets(misere_nodes=PRACTICE_MISERE_NODES, misere_guard=True,
                           courts_nodes=CLI_NODES)
#: How a hint is found: by the bidding advisor (the default) or, quicker, the policy.
ADVICE = ("advisor", "policy")
#: The label of the policy's quick hint: it is not the advisor's recommendation.
QUICK_LABEL = "the policy's quick call (not the advisor's sampled advice)"
#: The player's name in a session with changing partners.
YOU = "You"
#: What a board after the end of a session with changing partners says.
SESSION_OVER = "the session with changing partners is over: this board is not scored"


class PracticeError(VintError):
    """A call or command that cannot be taken now: the message says why."""


@dataclass
class CallRecord:
    """One call of a board's auction.

    ``player``: made by the player (else by the computer). ``reason``: the
    computer's reason for its call. ``advice``: for the player's calls, the
    advisor's word when it flags the call (or the policy's call, with quick
    hints). ``stage``: ``"auction"`` (the first auction), or in Skruuvi
    ``"extended"`` (the main players' extended bids) or ``"doubling"`` (the
    doubling round).
    """

    seat: str
    call: str
    player: bool
    reason: Optional[str] = None
    advice: Optional[Decision] = None
    stage: str = "auction"

    def to_dict(self) -> dict:
        return {"seat": self.seat, "call": self.call, "player": self.player,
                "reason": self.reason, "stage": self.stage,
                "advice": None if self.advice is None else {"call": self.advice.call,
                                                            "reason": self.advice.reason}}


@dataclass
class CardRecord:
    """One card of a board's play: who played it, whether the player did, the
    trick's number, and the trick's winner when the card ended a trick."""

    seat: str
    card: str
    player: bool
    trick: int
    winner: Optional[str] = None

    def to_dict(self) -> dict:
        return {"seat": self.seat, "card": self.card, "player": self.player,
                "trick": self.trick, "winner": self.winner}


@dataclass
class BoardResult:
    """How a finished board scored.

    ``contract`` is None when the deal was thrown in; ``declarer`` is None
    for the all-pass deal (Skruuvi's all-pass misère, Siberian Vint's
    распасовка: ``tricks`` are then the side on lead's). ``played``: the
    hand was played out and ``tricks`` are the tricks taken (a claim's
    included); else ``tricks`` are the double-dummy tricks. ``dd_tricks``:
    the contract's double-dummy tricks from the start. ``score`` is the rule
    set's ``DealScore`` (both sides' points; None when a budget left the
    tricks open, said in ``note``); ``events``: what it decided on the score
    sheet (games, rubber), in words. ``cards``: the player's cards of a
    played board, each with its double-dummy cost and its single-dummy
    judgement (``postmortem.CardReview``); ``judged``: what that judging did.
    """

    contract: Optional[str]
    declarer: Optional[str]
    tricks: Optional[int]
    score: Optional[DealScore]
    par: Par
    table: "solver.DDTable"
    events: List[str] = field(default_factory=list)
    note: Optional[str] = None
    played: bool = False
    dd_tricks: Optional[int] = None
    cards: List[CardReview] = field(default_factory=list)
    judged: Optional[str] = None

    def to_dict(self) -> dict:
        return {"contract": self.contract, "declarer": self.declarer, "tricks": self.tricks,
                "played": self.played, "dd_tricks": self.dd_tricks,
                "score": None if self.score is None else {
                    "NS": self.score.total("NS"), "EW": self.score.total("EW"),
                    "net_ns": self.score.net("NS"),
                    "items": [list(i) for i in self.score.items]},
                "par": self.par.to_dict(), "dd_table": self.table.to_dict(),
                "events": list(self.events), "note": self.note,
                "cards": [c.to_dict() for c in self.cards], "judged": self.judged}


@dataclass
class Board:
    """One deal of the session: its number, the cards, the dealer, the auction
    so far and, once the auction is over, the contract (``contract``,
    ``declarer``: a ``Seat``, the all-pass deal's opening leader; ``note``)
    and its play (``play``: a ``cardplay.BoardPlay``, None when the board is
    not played out; ``cards``: each card played; ``claim``: the tricks of
    the rest the player's side claimed)."""

    number: int
    deal: Deal
    dealer: Seat
    calls: List[CallRecord] = field(default_factory=list)
    result: Optional[BoardResult] = None
    contract: Optional[str] = None
    declarer: Optional[Seat] = None
    note: Optional[str] = None
    play: Optional[BoardPlay] = None
    cards: List[CardRecord] = field(default_factory=list)
    claim: Optional[int] = None
    #: Skruuvi's doubling round: 0, 1 doubled, 2 redoubled.
    doubled: int = 0

    @property
    def auction(self) -> List[str]:
        """The first auction's calls (Skruuvi's extended bids and doubling
        round are ``extended`` and ``doubling``)."""
        return [c.call for c in self.calls if c.stage == "auction"]

    @property
    def extended(self) -> List[str]:
        return [c.call for c in self.calls if c.stage == "extended"]

    @property
    def doubling(self) -> List[str]:
        return [c.call for c in self.calls if c.stage == "doubling"]

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def phase(self) -> str:
        """``"auction"``, ``"play"`` or ``"over"``."""
        if self.finished:
            return "over"
        return "play" if self.play is not None else "auction"


def score_declarer(valuer: Valuer, contract: str, declarer: Optional[Seat]) -> str:
    """The seat the rules score ``contract`` for (the all-pass misère: its leader)."""
    return (declarer or valuer.how_played(contract, declarer).leader).name


def deal_boards(rng: random.Random, constraints: Mapping[str, Constraint]
                ) -> Iterator[Tuple[Deal, Optional[Seat]]]:
    """Random deals in which every seat's hand meets its constraint (dealer: the session's).

    The deck is shuffled again and again until the hands fit. Text constraints
    are checked on batches of shuffles at once (numpy); the deals are the ones
    a shuffle at a time would give: a batch's random state is kept, and the
    shuffles up to the one that fitted are made again from it.
    """
    deck = [Card(s, r).index for s in range(4) for r in range(2, 15)]
    seats = [(Seat.parse(s).value, c) for s, c in constraints.items()]
    vectorised = all(c.vectorised for _, c in seats)
    while True:
        tried, batch = 0, 1
        while tried < MAX_DEAL_ATTEMPTS:
            batch = min(2 * batch, DEAL_BATCH, MAX_DEAL_ATTEMPTS - tried)
            state, start = rng.getstate(), deck[:]
            shuffles = []
            for _ in range(batch if vectorised else 1):
                rng.shuffle(deck)
                shuffles.append(deck[:])
            tried += len(shuffles)
            found = _first_fitting(shuffles, seats, vectorised)
            if found is not None:
                if found < len(shuffles) - 1:
                    # Back to the batch's start, then the shuffles up to the one that fitted.
                    rng.setstate(state)
                    deck = start
                    for _ in range(found + 1):
                        rng.shuffle(deck)
                yield Deal(_hands(deck)), None
                break
        else:
            raise PracticeError(f"no deal in {MAX_DEAL_ATTEMPTS} random deals fits the "
                                "constraints: " + "; ".join(f"{s}: {c.describe()}"
                                                           for s, c in constraints.items()))


def _estimated_note(bounds, nodes: int) -> str:
    """The result's note when misère searches ran past their budget, ``nodes``."""
    widest = max(b.upper - b.lower for b in bounds)
    return (f"{len(bounds)} misère search{'es' if len(bounds) > 1 else ''} ran past the budget "
            f"of {nodes:,} nodes: the par uses estimates within the tricks proved (at most "
            f"{widest} apart)")


def _hands(deck: List[int]) -> List[Hand]:
    """The four hands, thirteen cards each, of a deck of card indices (``Card.index``)."""
    return [Hand([Card.from_index(i) for i in deck[13 * s:13 * s + 13]]) for s in range(4)]


def _first_fitting(shuffles: List[List[int]], seats, vectorised: bool) -> Optional[int]:
    """The index of the first shuffled deck (card indices) whose hands meet their
    seats' constraints (``seats``: (seat index, constraint) pairs), or None."""
    if not vectorised:
        for n, deck in enumerate(shuffles):
            hands = _hands(deck)
            if all(c(hands[s]) for s, c in seats):
                return n
        return None
    decks = np.array(shuffles, dtype=np.int64)
    fits = np.ones(len(shuffles), dtype=bool)
    for s, c in seats:
        cards = decks[:, 13 * s:13 * s + 13]
        fits &= np.broadcast_to(c.on_features(HandsFeatures(cards // SUIT_BITS,
                                                            cards % SUIT_BITS + 2)), fits.shape)
    hits = np.flatnonzero(fits)
    return int(hits[0]) if hits.size else None


def _file_boards(source, rules) -> Iterator[Tuple[Deal, Optional[Seat]]]:
    games = read_games_file(source, rules=rules, deal_only=True)
    if games.errors:
        raise games.errors[0]
    for g in games:
        if any(len(g.deal[s]) != 13 for s in SEATS):
            raise PracticeError(f"{g.source}, line {g.line}: practice needs full deals, "
                                "13 cards a hand")
        yield g.deal, None if g.dealer is None else Seat.parse(g.dealer)


class Practice:
    """A practice session (see the module's docstring).

    ``rules``: the game; ``seat``: the player's; ``seed``: the same seed deals
    the same boards (and the computer plays the same cards); ``deals``: a
    PBN/LIN/JSON file's path (a string or a path) to take the deals from
    instead; ``constraints``: ``{seat: "hcp >= 12"}`` for random deals. The
    dealer turns clockwise from North, board by board (a file's dealer is
    kept). ``play``: play the hand after the auction (False: bidding only).
    ``card_samples``: deals the computer samples for a card (None: its
    default, ``cardplay.default_samples``); ``workers``: threads solving them.
    ``advice``: ``"advisor"`` (hints by the bidding advisor, a few seconds
    each) or ``"policy"`` (the policy's call, instant, labelled as such);
    ``advice_samples``: the advisor's samples for a hint (None: ``recommend``'s
    default, as ``vint advise``).
    """

    def __init__(self, rules="vint", seat="S", *, seed: Optional[int] = None, deals=None,
                 constraints: Optional[Mapping[str, str]] = None, play: bool = True,
                 card_samples: Optional[int] = None, workers: int = DEFAULT_WORKERS,
                 partners: bool = False, session_deals: int = 24, advice: str = "advisor",
                 advice_samples: Optional[int] = None):
        if advice not in ADVICE:
            raise PracticeError(f"advice must be one of {', '.join(ADVICE)}, not {advice!r}")
        self.advice, self.advice_samples = advice, advice_samples
        #: The advisor's last recommendation for the player (the position's
        #: auction with it), kept so that his call can be judged by it.
        self._hinted: Optional[Tuple[Board, Tuple[str, ...], object]] = None
        self.rules = rule_set(rules)
        self.seat = parse_seat(seat)
        #: A session with changing partners (``partners=True``): the player
        #: ("You") keeps the seat, the computer players (named by the seats
        #: they start in) move round him after each rubber or Skruuvi set.
        #: ``session_deals``: a Skruuvi session's length (24 or 12 deals).
        self.partners: Optional[PartnerSession] = None
        self.session_deals = session_deals
        if partners:
            self.partners = self._new_partner_session()
        self.policy = Policy(self.rules)
        self.seed = seed
        self.play = play
        if card_samples is not None and (isinstance(card_samples, bool) or
                                         not isinstance(card_samples, int) or card_samples < 1):
            raise PracticeError(f"card_samples must be a whole number >= 1, not {card_samples!r}")
        self.card_samples, self.workers = card_samples, workers
        cons = {parse_seat(s).name: compile_constraint(c) for s, c in (constraints or {}).items()}
        if deals is not None and cons:
            raise PracticeError("give constraints or a file of deals, not both")
        self._deals = (_file_boards(deals, self.rules) if deals is not None
                       else deal_boards(random.Random(seed), cons))
        self.boards: List[Board] = []
        self.sheet = self.partners.sheet if self.partners else self.rules.sheet()
        self.new_board()

    def _new_partner_session(self) -> PartnerSession:
        others = [self.seat.lho, self.seat.partner, self.seat.rho]
        return PartnerSession(self.rules, [YOU] + [s.name for s in others],
                              deals=self.session_deals,
                              fixed=self.seat.name)

    # -- the board in play ------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.boards[-1]

    @property
    def stage(self) -> Optional[str]:
        """Where the board's bidding stands: ``"auction"`` (the first auction),
        Skruuvi's ``"extended"`` (the main players' extended bids after a kitty
        bid) and ``"doubling"`` (the doubling round after them, or after the
        all-pass misère), or None once the bidding is over."""
        b = self.board
        if b.finished or b.play is not None:
            return None
        if not self.rules.auction_is_over(b.auction):
            return "auction"
        if not self.rules.has_kitty_bids:
            return None
        kitty, bidder = self._kitty()
        if kitty is not None and not ExtendedBidding(self.rules).auction_state(
                [kitty] + b.extended).over:
            return "extended"
        contract, seat = self._doubled_contract()
        if contract is not None and not self.rules.doubling_is_over(contract, seat, b.doubling):
            return "doubling"
        return None

    @property
    def to_call(self) -> Optional[Seat]:
        """The seat whose call it is; None when the board's bidding is over."""
        b = self.board
        stage = self.stage
        if stage == "auction":
            return self.rules.seat_of_call(b.dealer, len(b.auction))
        if stage == "extended":
            # Call 0 is the kitty bid; the kitty bidder makes calls 1, 3, 5...
            _, bidder = self._kitty()
            return bidder if len(b.extended) % 2 == 0 else bidder.partner
        if stage == "doubling":
            contract, seat = self._doubled_contract()
            return Seat.parse(self.rules.doubling_turn(contract, seat, b.doubling))
        return None

    @property
    def to_play(self) -> Optional[Seat]:
        """The seat whose card it is; None outside the play."""
        b = self.board
        return None if b.phase != "play" else b.play.on_move

    def legal_calls(self) -> List[str]:
        """The calls the seat on turn may make now (in the extended bids, a pass
        that would end them below level 5 is not one)."""
        stage, b = self.stage, self.board
        if stage == "auction":
            return self.rules.auction_legal_calls(b.auction)
        if stage == "extended":
            kitty, _ = self._kitty()
            extended = ExtendedBidding(self.rules)
            out = []
            for call in extended.auction_legal_calls([kitty] + b.extended):
                try:
                    extended.auction_state([kitty] + b.extended + [call])
                except RulesError:
                    continue                # the pass that would stop below level 5
                out.append(call)
            return out
        if stage == "doubling":
            contract, seat = self._doubled_contract()
            return self.rules.doubling_legal_calls(contract, seat, b.doubling)
        return []

    # -- Skruuvi: the extended bids and the doubling round ---------------------------
    def _kitty(self) -> Tuple[Optional[str], Optional[Seat]]:
        """The first auction's kitty bid and its bidder; ``(None, None)`` for the
        all-pass misère (no extended bids)."""
        contract, declarer, _ = self.rules.auction_result(self.board.auction, self.board.dealer)
        if contract is None or declarer is None or contract == self.rules.all_pass_contract:
            return None, None
        return contract, Seat.parse(declarer)

    def _doubled_contract(self) -> Tuple[Optional[str], Optional[Seat]]:
        """The contract the doubling round is about and its ``seat`` (declarer,
        or the dealer for the all-pass misère)."""
        b = self.board
        kitty, bidder = self._kitty()
        if kitty is None:
            contract, _, _ = self.rules.auction_result(b.auction, b.dealer)
            return (contract, b.dealer) if contract == self.rules.all_pass_contract \
                else (None, None)
        contract, declarer, _ = self.rules.extended_auction_result(kitty, bidder.name, b.extended)
        return contract, Seat.parse(declarer)

    def _skruuvi_decision(self, seat: Seat, stage: str) -> Decision:
        """The computer's extended bid or doubling call (the policy models neither):
        in the extended bids a main player raises the last bid, when it is below
        level 5, to level 5 in its strain (``game.raise_kitty_bid``'s model), else
        passes; in the doubling round it passes."""
        if stage == "doubling":
            return Decision(PASS, "passes in the doubling round (the computer does not double "
                                  "or redouble: the bidding policy does not model doubles)")
        kitty, _ = self._kitty()
        last = ExtendedBidding(self.rules).auction_state([kitty] + self.board.extended).last_bid
        if last.level < LOWEST_FINAL_LEVEL:
            raised = f"{LOWEST_FINAL_LEVEL}{last.strain}"
            return Decision(raised, f"raises {last} to level {LOWEST_FINAL_LEVEL} in its strain: "
                                    f"the main players may not stop below level 5")
        return Decision(PASS, f"passes: {last} stands (the computer's extended bids only "
                              f"reach level 5)")

    def legal_cards(self) -> List[Card]:
        """The cards the player may play now ([] when it is not his turn)."""
        return self.board.play.legal_cards() if self.to_play == self.seat else []

    def advice_seed(self, calls: Optional[int] = None) -> int:
        """The advisor's seed for the call after ``calls`` calls of this board
        (default: now): the session's seed plus the calls before it, as ``vint
        review --seed SEED`` seeds the advice on each call of the saved board."""
        return (self.seed or 0) + (len(self.board.calls) if calls is None else calls)

    def recommendation(self):
        """The bidding advisor's ``Recommendation`` for the player now (the same
        as ``vint advise`` with the position and ``advice_seed()``)."""
        if self.to_call != self.seat or self.stage != "auction":
            raise PracticeError("it is not your turn to call in the first auction")
        b = self.board
        key = (b, tuple(b.auction))
        if self._hinted is not None and self._hinted[0] is b and self._hinted[1] == key[1]:
            return self._hinted[2]
        options = {} if self.advice_samples is None else {"samples": self.advice_samples}
        rec = recommend(b.deal[self.seat], seat=self.seat.name, dealer=b.dealer.name,
                        auction=list(b.auction), rules=self.rules.name,
                        seed=self.advice_seed(), **options)
        self._hinted = key + (rec,)
        return rec

    def hint(self, quick: Optional[bool] = None) -> Decision:
        """What to call now: the bidding advisor's recommendation and its reason
        (``quick=True``, or a session with ``advice="policy"``: the policy's
        call, its reason labelled as the policy's quick call)."""
        if self.to_call != self.seat:
            raise PracticeError("it is not your turn to call")
        if self.stage in ("extended", "doubling"):
            d = self._skruuvi_decision(self.seat, self.stage)
            return Decision(d.call, f"the computer's own rule, not the advisor's (it does not "
                                    f"advise Skruuvi's {self.stage} calls): {d.reason}")
        if quick or (quick is None and self.advice == "policy"):
            d = self._decide(self.seat)
            return Decision(d.call, f"{QUICK_LABEL}: {d.reason}", d.row)
        rec = self.recommendation()
        return Decision(rec.call, rec.reason)

    def call(self, call: str) -> List[CallRecord]:
        """The player's call; then the computer calls until the player's next turn
        or the end. Returns the records added (the player's first)."""
        if self.to_call != self.seat:
            raise PracticeError("the auction is over: deal the next board" if self.to_call is None
                                else f"it is {self.to_call.name}'s turn, not yours")
        try:
            text = normalise_call(call)
            if text != PASS and text not in ("X", "XX"):
                text = str(self.rules.read_bid(text))
        except RulesError as exc:
            raise PracticeError(f"{call!r} is not a call: {exc}") from None
        legal = self.legal_calls()
        stage = self.stage
        if text not in legal:
            why = None
            if text not in (PASS, "X", "XX") and stage == "auction":
                state = self.rules.auction_state(self.board.auction)
                why = self.rules.bid_problem(self.rules.read_bid(text), state)
            elif stage == "extended" and text == PASS:
                why = "the main players may not stop below level 5: bid on"
            elif stage == "extended":
                why = "an extended bid must be higher than the last"
            elif stage == "doubling":
                why = "the doubling round has pass, double (X) and, after a double, redouble (XX)"
            raise PracticeError(f"{text} is not allowed here" + (f": {why}" if why else "")
                                + f" (legal: {', '.join(legal[:8])}"
                                + (" ..." if len(legal) > 8 else "") + ")")
        advice = self._judge_call(text) if stage == "auction" else None
        record = CallRecord(self.seat.name, text, True, advice=advice, stage=stage)
        self.board.calls.append(record)
        return [record] + self._computer_calls()

    def passes_to_end(self) -> Optional[int]:
        """How many passes in a row (the player's and the computer's) end the
        auction from here (Vint: 12 after a bid, 8 with none); None outside
        the auction."""
        if self.stage != "auction":
            return None                 # the play, or Skruuvi's later rounds
        calls = list(self.board.auction)
        for n in range(1, 25):          # no game needs more than 12
            calls.append(PASS)
            try:
                if self.rules.auction_is_over(calls):
                    return n
            except RulesError:
                return None
        return None

    def pass_out(self) -> Tuple[int, List[CallRecord]]:
        """The player passes at each of his turns until the auction is over:
        ``(his passes, every call made meanwhile)``."""
        if self.to_call != self.seat:
            raise PracticeError("the auction is over: deal the next board" if self.to_call is None
                                else f"it is {self.to_call.name}'s turn, not yours")
        passes, records = 0, []
        # The first auction only: Skruuvi's extended bids and doubling round
        # are the player's own calls (a pass there may be refused).
        while self.to_call == self.seat and self.stage == "auction":
            records += self.call(PASS)
            passes += 1
        return passes, records

    # -- the play ---------------------------------------------------------------
    def card_hint(self) -> CardValues:
        """Each of the player's legal cards as the computer values it from his
        seat (``cardplay.CardValues``: the choice, each card's expectation)."""
        if self.to_play != self.seat:
            raise PracticeError("it is not your turn to play")
        return self.board.play.values()

    def play_card(self, card) -> List[CardRecord]:
        """The player's card; then the computer plays until the player's next turn
        or the end of the board. Returns the cards added (the player's first)."""
        if self.to_play != self.seat:
            raise PracticeError(self._not_your_card())
        try:
            Card.parse(card)
        except ValueError:
            raise PracticeError(f"{card!r} is not a card: write suit then rank, e.g. SA or "
                                "H10 (the auction is over)") from None
        try:
            added = [self._play(card, player=True)]
        except CardPlayError as exc:
            raise PracticeError(f"{Card.parse(card)} cannot be played: {exc}") from None
        return added + self._computer_cards()

    def auto(self, on_card: Optional[Callable[[int], None]] = None) -> List[CardRecord]:
        """The computer plays the player's cards too, to the end of the board.
        ``on_card(cards played so far)`` is called after each card (a web job's
        progress; an exception it raises stops the play there, the cards
        played kept)."""
        if self.to_play is None:
            raise PracticeError(self._not_your_card())
        return self._computer_cards(everyone=True, on_card=on_card)

    def claim(self, tricks: Optional[int] = None) -> Tuple[bool, str]:
        """The player claims ``tricks`` of the tricks left for his side (default
        all; in a misère, that his side takes at most that many). Granted when
        no double-dummy defence beats it: the board then ends with the claim.
        Returns ``(granted, what happened in words)``."""
        b = self.board
        if b.phase != "play":
            raise PracticeError("there is no play to claim in")
        left = b.play.tricks_left
        try:
            granted = b.play.claim(self.seat, tricks)
        except CardPlayError as exc:
            raise PracticeError(str(exc)) from None
        tricks = left if tricks is None else tricks
        what = f"{tricks} of the {left} tricks left" + (" at most" if b.play.misere else "")
        if not granted:
            best = b.play.dd_tricks(self.seat.side) - b.play.tricks_won(self.seat.side)
            return False, (f"claim of {what} refused: the other side can "
                           + (f"make you take {best}" if b.play.misere
                              else f"hold you to {best}") + " with best play")
        b.claim = tricks
        self._finish()
        return True, f"claim of {what} granted"

    def undo(self) -> None:
        """Take back the player's last card (and the computer's cards after it);
        with no card of his played on this board, his last call."""
        b = self.board
        mine = [i for i, c in enumerate(b.cards) if c.player]
        if b.play is not None and mine:
            b.play.take_back(mine[-1])
            del b.cards[mine[-1]:]
            b.claim = None
            if b.finished:
                b.result = None
                self._rebuild_sheet()
            return
        calls = [i for i, c in enumerate(b.calls) if c.player]
        if not calls:
            raise PracticeError("there is no call or card of yours to take back on this board")
        del b.calls[calls[-1]:]
        b.play, b.cards, b.claim = None, [], None
        b.contract = b.declarer = b.note = None
        b.doubled = 0
        if b.finished:
            b.result = None
            self._rebuild_sheet()

    def skip(self) -> Board:
        """Leave this board unscored and deal the next."""
        if self.board.finished:
            return self.new_board()
        self.boards.pop()
        return self.new_board(number=len(self.boards) + 1)

    def new_board(self, number: Optional[int] = None) -> Board:
        """Deal the next board and let the computer call up to the player's turn."""
        number = number or len(self.boards) + 1
        try:
            deal, dealer = next(self._deals)
        except StopIteration:
            raise PracticeError("no more deals in the file") from None
        self.boards.append(Board(number, deal, dealer or SEATS[(number - 1) % 4]))
        self._computer_calls()
        return self.board

    # -- the rest of the session -------------------------------------------------
    @property
    def finished_boards(self) -> List[Board]:
        return [b for b in self.boards if b.finished]

    def sheet_summary(self) -> dict:
        """The score sheet in plain data: totals, games and rubbers won so far."""
        out = {"totals": dict(self.sheet.totals())}
        for name in ("games", "rubbers"):
            if hasattr(self.sheet, name):
                out[name] = list(getattr(self.sheet, name))
        if hasattr(self.sheet, "below"):
            out["below"] = dict(self.sheet.below)
        if self.partners is not None:
            out["partners"] = self.partners.summary()
        return out

    def play_state(self) -> Optional[dict]:
        """The play in plain data (None before it): the contract, the player's
        cards (his hand as dealt, the ones left, the legal ones), the trick in
        progress and the last one complete, each card with its seat, the
        tricks won by each side and who is on move."""
        b = self.board
        if b.play is None:
            return None
        table = b.play
        tricks = table.play.tricks
        current = table.play.all_tricks()[-1] if table.play.trick else None
        last = tricks[-1] if tricks else None
        return {"contract": b.contract, "declarer": None if b.declarer is None
                else b.declarer.name, "trumps": table.trump.name, "misere": table.misere,
                "leader": table.how.leader.name, "side": table.side,
                "on_move": None if table.on_move is None else table.on_move.name,
                "hand": b.deal[self.seat].to_pbn(),
                "left": table.hand(self.seat).to_pbn(),
                "legal": [str(c) for c in self.legal_cards()],
                "trick": [] if current is None else [
                    {"seat": seat.name, "card": str(card)} for seat, card in current.cards],
                "trick_leader": table.play.trick_leader.name,
                "last_trick": None if last is None else {
                    "number": last.number, "winner": last.winner.name,
                    "cards": [{"seat": seat.name, "card": str(card)}
                              for seat, card in last.cards]},
                "tricks": {"NS": table.tricks_won("NS"), "EW": table.tricks_won("EW")},
                "cards": [c.to_dict() for c in b.cards], "claim": b.claim}

    def state(self) -> dict:
        """The session as plain data (the web page draws it)."""
        b = self.board
        to_call = self.to_call
        out = {"rules": self.rules.name, "seat": self.seat.name, "board": b.number,
               "dealer": b.dealer.name, "hand": b.deal[self.seat].to_pbn(),
               "auction": [c.to_dict() for c in b.calls],
               "first_caller": self.rules.seat_of_call(b.dealer, 0).name,
               "to_call": None if to_call is None else to_call.name,
               "legal": self.legal_calls() if to_call == self.seat else [],
               "phase": b.phase, "stage": self.stage, "doubled": b.doubled,
               "play": self.play_state(),
               "finished": b.finished, "result": None, "hands": None,
               "sheet": self.sheet_summary(), "boards_done": len(self.finished_boards)}
        if b.finished:
            out["result"] = b.result.to_dict()
            out["hands"] = {s.name: b.deal[s].to_pbn() for s in SEATS}
        return out

    def pbn(self) -> str:
        """The finished boards as PBN (deal, dealer, auction, contract, the play
        and the tricks taken, or the double-dummy result of a board not played
        out), readable by ``vint review``."""
        records = [self._record(b) for b in self.finished_boards]
        return write_pbn(records, [b.result.table for b in self.finished_boards])

    # -- inside -------------------------------------------------------------------
    def _record(self, b: Board) -> GameRecord:
        r = b.result
        tags = {"Event": f"Vint practice ({self.rules.name})", "Board": str(b.number),
                "Scoring": self.rules.name, "Player": self.seat.name}
        auction = b.auction
        first = self.rules.auction_result(b.auction, b.dealer)[0]
        if r.contract is not None and (r.contract != first or b.doubled):
            # Skruuvi: the contract comes from the extended bids and the
            # doubling round, which PBN's [Auction] cannot hold; the first
            # auction goes in a note.
            tags["Note"] = ("first auction: " + " ".join(b.auction)
                            + (f"; extended bids {' '.join(b.extended)}" if b.extended else "")
                            + f"; final contract {r.contract}"
                            + (f" by {r.declarer}" if r.declarer else "")
                            + ({1: ", doubled", 2: ", redoubled"}.get(b.doubled, "")))
            auction = []
        record = GameRecord(b.deal, dealer=b.dealer.name, auction=auction,
                            contract=r.contract, declarer=r.declarer, result=r.tricks, tags=tags)
        if r.contract is not None and r.declarer is not None:
            record.doubled = b.doubled          # [Contract "5HX"]: the review scores it so
        if r.played:
            record.play = [c.card for c in b.cards]
            record.leader, record.trump = b.play.how.leader.name, b.play.trump
            if r.declarer is None and b.play.finished:
                # The all-pass deal has no declaring side whose tricks PBN's
                # [Result] counts: the cards played tell them.
                record.result = None
        return record

    def _judge_call(self, text: str) -> Optional[Decision]:
        """The word on the player's call: with the advisor's hints, the
        advisor's when he asked for a hint on this turn and his call is a
        mistake by the review's test (``bidding.verdict``; no hint asked: no
        word, the review judges it); with the policy's quick hints, the
        policy's call when it differs, labelled."""
        if self.advice == "policy":
            d = self._decide(self.seat)
            return None if d.call == text else Decision(d.call, f"{QUICK_LABEL}: {d.reason}",
                                                        d.row)
        b = self.board
        if self._hinted is None or self._hinted[0] is not b or self._hinted[1] != tuple(b.auction):
            return None
        rec = self._hinted[2]
        word = verdict(rec, text)
        return Decision(rec.call, f"{word.comment}. {rec.reason}") if word.flagged else None

    def _decide(self, seat: Seat) -> Decision:
        b = self.board
        return self.policy.call(b.deal[seat], seat=seat, dealer=b.dealer, auction=b.auction)

    def _computer_calls(self) -> List[CallRecord]:
        added = []
        while True:
            seat = self.to_call
            if seat is None:
                self._auction_over()
                return added
            if seat == self.seat:
                return added
            stage = self.stage
            decision = (self._decide(seat) if stage == "auction"
                        else self._skruuvi_decision(seat, stage))
            record = CallRecord(seat.name, decision.call, False, reason=decision.reason,
                                stage=stage)
            self.board.calls.append(record)
            added.append(record)

    def _auction_over(self) -> None:
        """The contract; the play starts when there is one to play card by card,
        else the board is scored at once."""
        b = self.board
        b.contract, b.declarer, b.note = self._final_contract()
        all_pass = b.contract is not None and b.contract == self.rules.all_pass_contract
        declarer = None if all_pass else b.declarer
        if self.play and b.contract is not None and playable_by_card(
                self.rules, b.contract, declarer, b.dealer):
            b.play = BoardPlay(self.rules, b.deal, dealer=b.dealer, auction=b.auction,
                               contract=b.contract, declarer=declarer,
                               seed=(self.seed or 0) * 1000 + b.number,
                               samples=self.card_samples, workers=self.workers)
            self._computer_cards()
        else:
            if self.play and b.contract is not None:
                b.note = "; ".join(filter(None, [b.note, "not played out: card play cannot "
                                                 "play this contract; scored double-dummy"]))
            self._finish()

    def _not_your_card(self) -> str:
        b = self.board
        if b.phase == "auction":
            return "the auction is not over"
        if b.phase == "over":
            return "the board is over: deal the next board"
        return f"it is {self.to_play.name}'s turn to play, not yours"

    def _play(self, card, player: bool) -> CardRecord:
        b = self.board
        seat = b.play.on_move
        trick = len(b.play.play.tricks) + 1
        winner = b.play.play_card(card)
        record = CardRecord(seat.name, str(Card.parse(card)), player, trick,
                            None if winner is None else winner.name)
        b.cards.append(record)
        return record

    def _computer_cards(self, everyone: bool = False,
                        on_card: Optional[Callable[[int], None]] = None) -> List[CardRecord]:
        """The computer plays until the player's turn (``everyone``: to the end)."""
        b = self.board
        added = []
        while not b.play.finished and (everyone or b.play.on_move != self.seat):
            card, _ = b.play.computer_card()
            added.append(self._play(card, player=b.play.on_move == self.seat))
            if on_card is not None and not b.play.finished:
                on_card(len(added))
        if b.play.finished:
            self._finish()
        return added

    def _final_contract(self) -> Tuple[Optional[str], Optional[Seat], Optional[str]]:
        """``(contract, declarer, note)`` of the finished auction; the all-pass
        deal's "declarer" is its opening leader (the side whose tricks count)."""
        b = self.board
        contract, declarer, leader = self.rules.auction_result(b.auction, b.dealer)
        if contract is None:
            return None, None, "thrown in: everyone passed"
        if contract == self.rules.all_pass_contract:
            if self.rules.has_kitty_bids:
                b.doubled = self.rules.doubling_result(contract, b.dealer, b.doubling)
            if self.rules.all_pass_scores:
                doubled = {1: " (doubled)", 2: " (redoubled)"}.get(b.doubled, "")
                return contract, Seat.parse(leader), (
                    f"all-pass misère{doubled}: all passed; each trick costs its taker a point"
                    + ("" if self.play else " (double-dummy, each side taking as few tricks "
                       "as it can; the ace penalties are not scored)"))
            return contract, Seat.parse(leader), ("распасовка: all passed; the side with "
                                                  "fewer tricks wins")
        if contract in playable_contracts(self.rules) and not self.rules.has_kitty_bids:
            return contract, Seat.parse(declarer), None
        if extra_strain(self.rules, contract) is not None:
            # Semi-contract's Courts and misère bids (the policy bids Courts):
            # played by the general solver.
            return contract, Seat.parse(declarer), "played by the Courts and misère solver"
        # Skruuvi: the main players' extended bids made the contract, and the
        # doubling round may have doubled it.
        if self.rules.has_kitty_bids:
            contract, declarer = self._doubled_contract()
            b.doubled = self.rules.doubling_result(contract, declarer, b.doubling)
        note = "; ".join(filter(None, [
            f"extended bids: {' '.join(b.extended)}" if b.extended else None,
            {1: "doubled", 2: "redoubled"}.get(b.doubled)]))
        if contract is not None and is_misere(self.rules, contract):
            return contract, declarer, note or None
        if contract is None or contract not in playable_contracts(self.rules):
            return None, None, (f"the auction ends in {contract}, which the double-dummy "
                                "table cannot play yet")
        return contract, declarer, note or None

    def _finish(self) -> None:
        """Score the board: with the tricks taken when it was played out, else
        with its contract's double-dummy tricks."""
        b = self.board
        valuer = Valuer(self.rules, b.deal, dealer=b.dealer, budgets=PRACTICE_BUDGETS)
        table = valuer.table()
        par = par_of(valuer) if self.rules.all_pass_contract is None else par_from_outcomes(
            valuer.outcomes(playable_contracts(self.rules)), self.rules, b.dealer,
            all_pass=valuer.all_pass())   # four passes play the all-pass deal: no throw-in
        contract, declarer, note = b.contract, b.declarer, b.note
        tricks = score = dd = None
        if contract is not None and not (b.play is not None and b.play.misere):
            # (a played misère skips the exact full-deal misère search: seconds)
            found = valuer.found(contract, declarer)
            if isinstance(found, int):
                dd = tricks = found
                score = valuer.deal_score(contract, declarer)
                if b.doubled:
                    # Skruuvi's doubling round: the same tricks, scored doubled.
                    score = self.rules.score(b.deal, contract=contract,
                                             declarer=score_declarer(valuer, contract, declarer),
                                             tricks=tricks, doubled=b.doubled)
            else:
                side = "North-South" if Seat.parse(declarer or "N").side == "NS" else "East-West"
                note = "; ".join(filter(None, [
                    note, f"its node budget ran out with {side} between {found.lower} and "
                          f"{found.upper} tricks, so the board is not scored"]))
        if valuer.misere_bounds:
            note = "; ".join(filter(None, [note, _estimated_note(valuer.misere_bounds,
                                                                 valuer.budgets.misere_nodes)]))
        played = b.play is not None
        if played:
            tricks = self._tricks_taken(b)
            score = self._played_score(b, tricks)
        all_pass = contract == self.rules.all_pass_contract
        b.result = BoardResult(contract, None if declarer is None or all_pass
                               else declarer.name, tricks, score, par, table, note=note,
                               played=played, dd_tricks=dd)
        if score is not None:
            b.result.events = self._enter(score)
        if played:
            self._judge(b)

    def _tricks_taken(self, b: Board) -> int:
        """The tricks of the side ``b.declarer`` is on (for the all-pass deal, the
        side on lead), with the claim's."""
        side = b.declarer.side
        tricks = b.play.tricks_won(side)
        if b.claim is not None:
            left = b.play.tricks_left
            tricks += b.claim if side == self.seat.side else left - b.claim
        return tricks

    def _played_score(self, b: Board, tricks: int) -> DealScore:
        """The rule set's score for the tricks taken; with the whole play, also
        what the game scores from it (semi-contract's tricks won in declarer's
        hand, a Skruuvi misère's aces)."""
        extra = {}
        complete = b.play.finished and b.claim is None
        if complete and self.rules.scores_declarer_hand:
            extra["tricks_by_declarer"] = sum(1 for t in b.play.play.tricks
                                              if t.winner == b.declarer)
        if complete and self.rules.misere_aces and is_misere(self.rules, b.contract):
            extra["aces_taken"] = aces_taken(b.deal, b.play.how.leader, b.play.cards)
        if b.doubled:
            extra["doubled"] = b.doubled
        return self.rules.score(b.deal, contract=b.contract, declarer=b.declarer.name,
                                tricks=tricks, **extra)

    def _judge(self, b: Board) -> None:
        """Each of the player's cards against double-dummy play and against what
        he could know (the review's own functions, on the board as ``vint
        review`` reads it)."""
        record = next(iter(read_games(write_pbn([self._record(b)]), rules=self.rules)))
        try:
            cards = review_play(record, self.rules, seats={self.seat.name})
        except MisereTooHard as stop:
            b.result.note = "; ".join(filter(None, [b.result.note,
                                                    f"your cards are not judged: {stop}"]))
            return
        mine = [c.number for c in cards]
        b.result.judged = judge_costly_cards(record, self.rules, cards, which=mine,
                                             samples=self.card_samples,
                                             seed=(self.seed or 0) * 1000 + b.number)
        b.result.cards = cards

    def _enter(self, score) -> List[str]:
        """Put a board's score on the sheet (with changing partners: on the
        session's, which changes partners when a rubber or set ends)."""
        if self.partners is None:
            return list(self.sheet.add(score) or [])
        if self.partners.finished:
            return [SESSION_OVER]
        events = self.partners.add(score)
        self.sheet = self.partners.sheet
        return events

    def _rebuild_sheet(self) -> None:
        """The sheet again from the finished boards (after an undo)."""
        if self.partners is not None:
            self.partners = self._new_partner_session()
        self.sheet = self.partners.sheet if self.partners else self.rules.sheet()
        for b in self.finished_boards:
            if b.result.score is not None:
                b.result.events = self._enter(b.result.score)
