"""Skruuvi's auctions (seed 002): the state machines a deal's bidding goes through.

1. The first auction, with the kitty or without it (Kotka): the ordinary
   auction of ``RuleSet`` with Skruuvi's bids (``first_auction_problem``);
   eight passes after a bid end it, four passes without one make the
   all-pass misère.
2. The extended bidding of the two main players after the card exchange
   (``ExtendedBidding``): four passes in a row end it at level 5 or more.
3. The doubling round after the extended bids (``doubling_state``).
4. The Bolshevik auction (``bolshevik_state``) and its own doubling round
   (``bolshevik_doubles``).

``advisor.rules.skruuvi.Skruuvi`` offers each of them as methods; the
interpretations are in docs/rules.md ("skruuvi").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Tuple

from solver.cards import Seat

from .base import PASS, AuctionState, Contract, RuleSet, RulesError, normalise_call, parse_seat, \
    split_calls

GRAND, MISERE, ALL_PASS = "G", "M", "AP"


def first_auction_problem(bid: Contract, min_bid: int, style: str) -> Optional[str]:
    """Why a bid cannot be made in the first auction (before the usual "not higher"), or None."""
    if bid.strain == ALL_PASS:
        return "AP is not a bid"
    if bid.level < min_bid:
        return f"the lowest bid in a {style} game is at level {min_bid}"
    return None


# --------------------------------------------------------------------------
# 2. The extended bidding

class ExtendedBidding(RuleSet):
    """The main players' extended bidding: calls start with the kitty bid, four
    passes in a row end it, and the final contract is at level 5 or more."""

    passes_after_bid = 4

    def __init__(self, game: RuleSet):
        self.game = game
        self.name = f"{game.name} extended bidding"
        self.strain_order = game.strain_order
        self.strain_names = game.strain_names

    def contract(self, text) -> Contract:
        return self.game.contract(text)

    def read_bid(self, call: str) -> Contract:
        return self.game.read_bid(call)

    def bid_problem(self, bid: Contract, state: AuctionState) -> Optional[str]:
        if state.index == 0:
            return None                   # the kitty bid, already made
        return first_auction_problem(bid, 1, "extended") or super().bid_problem(bid, state)

    def auction_ended(self, state: AuctionState) -> bool:
        over = super().auction_ended(state)
        if over and state.last_bid.level < 5:
            raise RulesError(f"the main players cannot stop at {state.last_bid}: "
                             "the final contract must be at level 5 or more")
        return over

    def result(self, kitty_bid, kitty_bidder, calls) -> Tuple[str, str, str]:
        """``(contract, declarer, leader)``: declarer is the last bidder (the
        kitty bidder if both just passed); declarer's left-hand opponent leads."""
        bidder = parse_seat(kitty_bidder)
        state = self.auction_state([str(self.contract(kitty_bid))] + split_calls(calls))
        if not state.over:
            raise RulesError("the extended bidding is not over: it needs four passes in a row")
        # Call 0 is the kitty bid; the kitty bidder makes calls 1, 3, 5...
        last = state.last_bidder
        declarer = bidder if last == 0 or last % 2 == 1 else bidder.partner
        return str(state.last_bid), declarer.name, declarer.lho.name


# --------------------------------------------------------------------------
# 3. The doubling round

@dataclass
class DoublingState:
    """Where a doubling round stands: ``doubled`` 0/1/2, who doubled, the calls
    so far, and ``queue``: who may still call, in order (empty: it is over)."""

    queue: List[Seat]
    doubled: int = 0
    doubler: Optional[Seat] = None
    calls: List[str] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return not self.queue


def doubling_state(contract: Contract, seat, calls) -> DoublingState:
    """Check a doubling round call by call.

    ``seat`` is the declarer, or the dealer for the all-pass misère (``AP``).
    Kitty / Kotka: the defender on declarer's left, then (if he passed) the
    other defender, may double; after a double the main player on the
    doubler's left, then (if he passed) the other main player, may redouble.
    All-pass misère: from the dealer clockwise each may double; after a
    double the doubler's left-hand, then right-hand player may redouble.
    """
    seat = parse_seat(seat)
    if contract.strain == ALL_PASS:
        state, main_side = DoublingState([seat, seat.lho, seat.partner, seat.rho]), None
    else:
        state, main_side = DoublingState([seat.lho, seat.rho]), seat.side
    for i, raw in enumerate(split_calls(calls)):
        call = normalise_call(raw)
        if state.over:
            raise RulesError(f"call {i + 1} ({raw!r}) comes after the doubling round is over")
        who = state.queue.pop(0)
        if call not in (PASS, "X", "XX"):
            raise RulesError(f"call {i + 1} ({raw!r}) is illegal: the doubling round "
                             "has only pass, double (X) and redouble (XX)")
        problem = None
        if call == "X" and main_side == who.side:
            problem = (f"{who.name} is a main player and may not double his own side's "
                       "contract (only redouble a double)")
        elif call == "X" and state.doubled:
            problem = (f"{who.name} may not double: the contract is already doubled "
                       "(the other side may redouble)")
        elif call == "XX" and not state.doubled:
            problem = f"{who.name} may not redouble: there is no double to redouble"
        if problem:
            raise RulesError(f"call {i + 1} ({raw!r}) is illegal: {problem}")
        if call == "X":
            state.doubled, state.doubler = 1, who
            # The doubler's left-hand player first, then the other opponent
            # of the doubler (partner of the first, or the doubler's right).
            state.queue = [who.lho, who.rho]
        elif call == "XX":
            state.doubled, state.queue = 2, []
        state.calls.append(call)
    return state


# --------------------------------------------------------------------------
# 4. The Bolshevik auction

@dataclass
class BolshevikState:
    """Where a Bolshevik auction stands.

    ``speakers``: the players still to play their Bolshevik, from the dealer;
    ``bidders``: those who said Bolshevik, in order; ``player``: who plays
    (None: nobody, or not decided yet); ``next``: who calls next (None when
    over); ``forced``: the last speaker must bid if no one else has.
    """

    speakers: List[Seat]
    forced: bool
    calls: List[str] = field(default_factory=list)
    bidders: List[Seat] = field(default_factory=list)
    player: Optional[Seat] = None
    over: bool = False
    next: Optional[Seat] = None

    def legal_calls(self) -> List[str]:
        if self.over:
            return []
        k = len(self.calls)
        if k >= len(self.speakers):
            return ["PLAY", "W"]
        if self.forced and k == len(self.speakers) - 1 and not self.bidders:
            return ["B"]
        return [PASS, "B"]

    def _settle(self) -> None:
        """Mark the auction over once its player is known (or nobody bid)."""
        n = len(self.calls)
        if self.player is not None:
            self.over = True
        elif n >= len(self.speakers):
            if len(self.bidders) <= 1:
                self.player = self.bidders[0] if self.bidders else None
                self.over = True
            elif n - len(self.speakers) == len(self.bidders) - 1:   # all but the last withdrew
                self.player = self.bidders[-1]
                self.over = True


def _bolshevik_call(raw) -> str:
    call = normalise_call(raw)
    return {"BOLSHEVIK": "B", "WITHDRAW": "W"}.get(call, call)


def bolshevik_state(calls, dealer, to_play=None, deals_left=None) -> BolshevikState:
    """The Bolshevik auction: one round from the dealer, skipping players who
    have played their contract; each says ``P`` or ``B`` (Bolshevik). With two
    or more bidders, they then say in bidding order ``PLAY`` or ``W``
    (withdraw) until one plays; if all but the last withdraw, the last plays.
    ``deals_left`` (deals of the set still to play): when it equals the number
    of players yet to play, the last to speak must bid if no one else has.
    """
    dealer = parse_seat(dealer)
    waiting = set(Seat) if to_play is None else {parse_seat(s) for s in to_play}
    if not waiting:
        raise RulesError("every player has played his Bolshevik: the set is over")
    forced = False
    if deals_left is not None:
        if isinstance(deals_left, bool) or not isinstance(deals_left, int) \
                or deals_left < len(waiting):
            raise RulesError(f"{len(waiting)} players have still to play a Bolshevik, "
                             f"so deals_left must be a whole number >= {len(waiting)}, "
                             f"not {deals_left!r}")
        forced = deals_left == len(waiting)
    speakers = [s for s in (Seat((dealer + k) % 4) for k in range(4)) if s in waiting]
    state = BolshevikState(speakers, forced)
    for i, raw in enumerate(split_calls(calls)):
        call = _bolshevik_call(raw)
        if state.over:
            raise RulesError(f"call {i + 1} ({raw!r}) comes after the Bolshevik "
                             "auction is over")
        if i < len(speakers):
            who = speakers[i]
            if call not in (PASS, "B"):
                raise RulesError(f"call {i + 1} ({raw!r}) is illegal: the only bid "
                                 "is Bolshevik (B); otherwise pass (P)")
            if call == PASS and forced and i == len(speakers) - 1 and not state.bidders:
                raise RulesError(f"call {i + 1} ({raw!r}) is illegal: forced Bolshevik: "
                                 f"{who.name} speaks last and no one has bid")
            if call == "B":
                state.bidders.append(who)
        else:
            who = state.bidders[i - len(speakers)]
            if call not in ("PLAY", "W"):
                raise RulesError(f"call {i + 1} ({raw!r}) is illegal: {who.name} either "
                                 "plays (PLAY) or withdraws (W)")
            if call == "PLAY":
                state.player = who
        state.calls.append(call)
        state._settle()
    if not state.over:
        k = len(state.calls)
        state.next = speakers[k] if k < len(speakers) else state.bidders[k - len(speakers)]
    return state


def bolshevik_doubles(bidder, calls) -> Tuple[Tuple[str, ...], bool]:
    """``(doubled_by, redoubled)`` of a Bolshevik doubling round.

    From the stalker (bidder's right) clockwise each opponent passes or
    doubles (for himself alone); then, if anyone doubled, the bidder passes
    or redoubles (all the doublers).
    """
    bidder = parse_seat(bidder)
    opponents = [bidder.rho, bidder.lho, bidder.partner]
    calls = [normalise_call(c) for c in split_calls(calls)]
    doublers = []
    for i, (who, call) in enumerate(zip(opponents, calls)):
        if call == "XX":
            raise RulesError(f"call {i + 1} ('XX') is illegal: {who.name} is an opponent "
                             "and may only double or pass; the bidder redoubles")
        if call not in (PASS, "X"):
            raise RulesError(f"call {i + 1} ({call!r}) is illegal: pass or double (X)")
        if call == "X":
            doublers.append(who.name)
    rest = calls[3:]
    if len(calls) < 3 or (doublers and not rest):
        raise RulesError("the Bolshevik doubling round is not over")
    if not doublers and rest:
        raise RulesError("nobody doubled, so the bidder cannot redouble: the round ended "
                         "after the three opponents")
    if len(rest) > 1:
        raise RulesError("the Bolshevik doubling round ends with the bidder's call")
    if rest and rest[0] not in (PASS, "XX"):
        raise RulesError(f"the bidder ({bidder.name}) passes or redoubles (XX), "
                         f"not {rest[0]!r}")
    return tuple(doublers), bool(rest) and rest[0] == "XX"
