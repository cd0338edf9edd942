"""What the calls of an auction say about the callers' hands: the advisor's default system.

The advisor samples the hands it cannot see; the calls already made narrow
them down. This module reads each call of the auction (except the advising
player's own) as a constraint in the ``advisor.constraints`` language, after a
deliberately modest reading of the seeds' advice (docs/advise.md, "The
default bidding system"):

Vint and its relatives (seed 004, the Russian advice):

- a pass at a player's first call, before anyone has bid, shows at most two
  aces ("with three or four aces one must say no-trumps at once");
- no-trumps at a player's first call shows three or four aces; later (and
  a responder's first call over partner's suit), two aces; one after
  partner's first-call no-trumps;
- a suit bid at level 2 or more as the auction's first bid (a bid "from the
  hand") shows six cards with three honours;
- a suit at level 1 as the auction's first bid (an opening) shows four cards
  with two honours and 11 points: the bidding policy's own opening row
  (``advisor.bidding.tables``), so that the partners the advisor samples are
  the ones its simulated seats would have opened with;
- raising a suit partner named shows four cards of it ("the supporting player
  should hold four trumps"), three when the raiser has called before (the
  policy's rebid row);
- a suit named at the first call after partner's first-call no-trumps shows
  five cards with an honour ("5-6 карт с онером");
- any other first naming of a suit by a player shows four cards with two
  honours (A K Q J 10): "a suit is named with at least four cards", "without
  honours and aces one does not bid";
- a player repeating a strain, doubles and misère bids say nothing more.

These texts are never stricter than the policy's rows. On top of them,
``system_readings`` reads every call (passes included) as the policy's own
call: the sampled hand is one with which ``advisor.bidding.policy`` makes
exactly that call after the calls before it. The texts are then the
sampler's fast vectorised filter and what is left when a human's call does
not fit the policy (the system readings are dropped first).

Skruuvi (seed 002's conventions):

- a suit named by a player for the first time shows a five-card suit with
  three honours or a six-card suit with two;
- grand (no-trumps, ``G``) at the player's first call shows three aces at
  level 1 (or below 5 in general) and four aces at level 2;
- passes and everything else say nothing (the kitty and the card exchange
  are not modelled).
"""

from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional, Sequence

from solver.cards import SEATS, Seat

from ..rules.base import PASS, RuleSet, normalise_call
from .constraints import SUIT_WORDS, Constraint, compile_constraint

__all__ = ["Inference", "read_auction", "system_readings"]

_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
_NO_TRUMPS = ("NT", "G")


class Inference(NamedTuple):
    """One thing a call says: the seat, the call, its number in the auction, the constraint text.

    A *system* reading (``rules`` set, from ``system_readings``) is not a
    constraint text but the bidding policy itself: the hand is one with which
    the policy (``advisor.bidding.policy``, the game's table) makes this call
    after the calls before it (``before``, space-separated, ``dealer`` dealing).
    """

    seat: str
    call: str
    index: int
    text: str
    why: str
    rules: str = ""
    dealer: str = ""
    before: str = ""

    def constraint(self) -> Constraint:
        if not self.rules:
            return compile_constraint(self.text)
        return compile_constraint(_policy_check(self.rules, self.seat, self.dealer,
                                                self.before, self.call))


def _suit_word(strain: str) -> str:
    return SUIT_WORDS[_SUIT_INDEX[strain]]


def read_auction(auction: Sequence[str], dealer, rules: RuleSet, *,
                 skip_seat: Optional[str] = None) -> List[Inference]:
    """What each call of ``auction`` (from the first caller) shows, in order.

    ``skip_seat``: a seat whose calls are not read (the advising player's own:
    that hand is known). Raises ``RulesError`` on a call the game does not know.
    """
    dealer = Seat.parse(dealer)
    system = rules.bidding_system
    named: Dict[Seat, set] = {s: set() for s in SEATS}      # strains each player has bid
    first_call: Dict[Seat, Optional[str]] = {s: None for s in SEATS}
    anyone_bid = False
    out: List[Inference] = []
    for index, raw in enumerate(auction):
        seat = rules.seat_of_call(dealer, index)
        call = normalise_call(raw)
        is_first = first_call[seat] is None
        text = why = None
        if call == PASS:
            if system == "vint" and is_first and not anyone_bid:
                text, why = "aces <= 2", "a first-turn pass denies three aces"
        elif call not in ("X", "XX"):
            bid = rules.read_bid(call)
            text, why = _bid_meaning(system, bid.level, bid.strain, seat, is_first,
                                     anyone_bid, named, first_call)
            named[seat].add(bid.strain)
            anyone_bid = True
        if is_first:
            first_call[seat] = call
        if text is not None and seat.name != skip_seat:
            out.append(Inference(seat.name, call, index, text, why))
    return out


def _bid_meaning(system, level, strain, seat, is_first, anyone_bid, named, first_call):
    """``(constraint text, why)`` of one bid, or ``(None, None)``."""
    if strain in named[seat]:
        return None, None                                    # a repeat says nothing new
    if strain in _NO_TRUMPS:
        if system == "skruuvi":
            if not is_first or level >= 5:
                return None, None
            if level == 2:
                return "aces == 4", "2 grand at the first turn shows four aces"
            return "aces >= 3", "grand at the first turn shows three aces"
        partner_first = first_call[seat.partner]
        if partner_first is not None and partner_first.endswith(("NT", "G")):
            return "aces >= 1", "no-trumps after partner's first-turn no-trumps shows an ace"
        if is_first and not any(s in _SUIT_INDEX for s in named[seat.partner]):
            return "aces >= 3", "no-trumps at the first turn shows three or four aces"
        # Also a responder's first call over partner's suit: "имея двух Тузов ... без
        # козырей после паса или после уже назначенной масти" (the policy's response row).
        return "aces >= 2", "no-trumps after a pass or a suit shows two aces"
    if strain == "CT" and system == "vint":
        # Semi-contract's Courts: the policy's Courts row (advisor.bidding.tables,
        # docs/rules.md "Bidding Courts") bids it with six court cards or more.
        # Also the sampler's fast first filter for the system reading of the call.
        return ("jacks + queens + kings >= 6",
                "a Courts bid shows six or more court cards (J Q K), its trumps")
    if strain not in _SUIT_INDEX:
        return None, None                                    # misère and other bids
    word = _suit_word(strain)
    honours = f"honours_{word}"
    if system == "skruuvi":
        return (f"({word} >= 5 and {honours} >= 3) or ({word} >= 6 and {honours} >= 2)",
                f"a {word[:-1]} bid shows five cards with three honours or six with two")
    if is_first and not anyone_bid and level >= 2:
        return (f"{word} >= 6 and {honours} >= 3",
                f"{level}{strain} from the hand shows six {word} with three honours")
    if strain in named[seat.partner]:
        if is_first:
            return f"{word} >= 4", f"raising partner's {word} shows four of them"
        # The policy's rebid raises with three and an honour ("support partner's suit").
        return f"{word} >= 3", f"raising partner's {word} later shows three of them"
    if is_first and not anyone_bid and level == 1:
        # The policy's own opening row (advisor.bidding.tables, "names the highest and
        # longest suit"): read the opening as the seats that opened it would have held it.
        return (f"{word} >= 4 and {honours} >= 2 and hcp >= 11",
                f"opening 1{strain} shows four or more {word} with two honours, 11 points")
    partner_first = first_call[seat.partner]
    if is_first and partner_first is not None and partner_first.endswith(("NT", "G")):
        # "показывают 'без паса' свою самую длинную масть, 5-6 карт с онером"
        return (f"{word} >= 5 and {honours} >= 1",
                f"a {word[:-1]} after partner's no-trumps shows five or more with an honour")
    return (f"{word} >= 4 and {honours} >= 2",
            f"naming {word} shows four or more with two honours")


# --------------------------------------------------------------------------
# The policy's own calls as readings

_POLICIES: Dict[str, object] = {}


def _policy_for(rules_name: str):
    """One bidding policy a game, shared by every reading (its decisions are
    remembered by hand and auction, so the sampler's questions stay cheap)."""
    policy = _POLICIES.get(rules_name)
    if policy is None:
        from .policy import Policy                     # policy imports this package's tables
        policy = _POLICIES[rules_name] = Policy(rules_name)
    return policy


def _policy_check(rules_name: str, seat: str, dealer: str, before: str, call: str):
    policy = _policy_for(rules_name)
    auction = before.split()
    # Policy.call's question, with the auction read once for all the sampled hands.
    reading = policy._read(auction, Seat.parse(seat), Seat.parse(dealer))
    legal = policy.legal_calls(auction)

    def check(hand) -> bool:
        return policy._remembered(hand, reading, legal).call == call
    check.__name__ = f"{seat} calls {call} by the system after {before or 'no calls'}"
    return check


def system_readings(auction: Sequence[str], dealer, rules: RuleSet, *,
                    skip_seat: Optional[str] = None) -> List[Inference]:
    """Each call of ``auction`` (but ``skip_seat``'s) read as the bidding policy's
    own call: the caller holds a hand with which the policy
    (``advisor.bidding.policy``, the game's table of ``advisor.bidding.tables``)
    makes exactly that call after the calls before it. The seats the advisor
    simulates call by that policy, so these readings sample the partners and
    opponents its continuations assume; the constraint texts of
    ``read_auction`` are the same rows' coarse outline (and the sampler's
    fast first filter).

    Only Vint's system (the policy never bids misère, doubles or Skruuvi's
    extended bids, so a Skruuvi auction is not read this way). A human's
    call the policy would not make leaves few or no deals: the advisor then
    drops these readings first (``advise._sample_softly``).
    """
    if rules.bidding_system != "vint":
        return []
    dealer = Seat.parse(dealer)
    calls = [normalise_call(c) for c in auction]
    out: List[Inference] = []
    for index, call in enumerate(calls):
        seat = rules.seat_of_call(dealer, index)
        if seat.name == skip_seat or call in ("X", "XX"):
            continue
        out.append(Inference(seat.name, call, index, f"the system's call {call}",
                             f"{call} is the call the bidding table makes with this hand",
                             rules.name, dealer.name, " ".join(calls[:index])))
    return out
