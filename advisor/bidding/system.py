"""What the calls of an auction say about the callers' hands: the advisor's default system.

The advisor samples the hands it cannot see; the calls already made narrow
them down. This module reads each call of the auction (except the advising
player's own) as a constraint in the ``advisor.constraints`` language (each
call's meaning is worked out in ``advisor.bidding.meanings``, which the
policy's learned correction shares), after a
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
  with two honours and 12 points: the bidding policy's own opening row
  (``advisor.bidding.tables``), so that the partners the advisor samples are
  the ones its simulated seats would have opened with;
- raising a suit partner named shows three cards of it or more: the policy's
  raise (seed 004's "the supporting player should hold four trumps" asks for
  four; the policy raises with three and an honour where its trick model's
  best level reaches the raise, docs/advise.md "The trick model");
- a player's first suit after partner's first-call no-trumps (a pass of
  its own before it or not, as the policy's response row) shows five cards
  with an honour ("5-6 карт с онером");
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

A system reading carries its own vectorised first filter, its *outline*:
what the policy's rows imply beyond the texts, exactly (``_outline``; the
policy's check then decides), with the sure tricks of the constraint
language (``sure_spades``...: the policy's count). A pass while nobody has
bid denies every opening (six trumps with three honours and seven sure
tricks, three aces, a four-card suit with two honours and 12 points); an
opening at level 2 or 3 holds seven or eight sure tricks, at level 1 denies
the rows before it; a responder's pass (partner has bid, the player not)
denies two aces, and one with 11 points after partner's first-call
no-trumps (its no-trumps rows); an overcall at level 1 holds five sure
tricks, at level 2 five cards with two honours and six, at level 3 six with
three and eight; a raise of
partner's suit three cards with an honour. They are not
the texts' reading of a human's call: the seeds ask less, and a player who
does not bid by the policy's table is not read by it (issue 32: a review's
sampler spent its time on hands these outlines reject at once).

Skruuvi (seed 002's conventions, "In the first round", "In response to
partner's opening"; ``_skruuvi_meaning``, docs/rules.md "The first auction's
low bids"):

- an opening (the auction's first bid) of 1 in a suit shows a five-card suit
  with three honours or a six-card suit with two, and an ace; of 2, a
  stronger suit (six with three honours, or five with four); of 3, about
  seven honours (read: six or more) and no good suit; at level 4 or more
  (5 and 6 are pre-emptive) nothing;
- an opening of 1 grand (``G``) shows three aces, 2 grand four, 3 grand about
  seven honours and at most two aces;
- in response to partner's first-call suit: raising it shows four cards to
  an honour; grand at the lowest legal level three aces, a single jump four;
  2 misère a void or low singleton in that suit; a new suit five cards with
  three honours or six with two (no ace needed);
- 2 grand over partner's first-call 1 grand shows the fourth ace;
- any other suit a player names for the first time below level 5 shows five
  cards with three honours or six with two, and grand at the player's first
  call three aces at level 1, four at level 2;
- passes and everything else say nothing (the kitty and the card exchange
  are not modelled).
"""

from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional, Sequence

from solver.cards import Seat

from ..rules.base import PASS, RuleSet, normalise_call
from .constraints import Constraint, compile_constraint
from .meanings import (At, bid_meaning, call_outline, lowest_level, meaning_from_reading,
                       skruuvi_meaning, walk)
from .policy import Policy

__all__ = ["Inference", "read_auction", "system_readings", "meaning_from_reading"]


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
    #: A system reading's outline (``_outline``): a text every hand with which
    #: the policy makes the call meets, the policy's check's vectorised first
    #: filter ("": none).
    outline: str = ""

    def constraint(self) -> Constraint:
        if not self.rules:
            return compile_constraint(self.text)
        check = compile_constraint(_policy_check(self.rules, self.seat, self.dealer,
                                                 self.before, self.call))
        return compile_constraint(self.outline) & check if self.outline else check


def read_auction(auction: Sequence[str], dealer, rules: RuleSet, *,
                 skip_seat: Optional[str] = None) -> List[Inference]:
    """What each call of ``auction`` (from the first caller) shows, in order.

    ``skip_seat``: a seat whose calls are not read (the advising player's own:
    that hand is known). Raises ``RulesError`` on a call the game does not know.
    """
    system = rules.bidding_system
    out: List[Inference] = []
    for at in walk(auction, dealer, rules):
        text = why = None
        if at.call == PASS:
            if system == "vint" and at.is_first and not at.anyone_bid:
                text, why = "aces <= 2", "a first-turn pass denies three aces"
        elif at.bid is not None:
            if system == "skruuvi":
                before = [normalise_call(c) for c in auction[:at.index]]
                text, why = skruuvi_meaning(at.bid.level, at.bid.strain, at.seat, at.is_first,
                                            at.anyone_bid, at.named, at.first_call,
                                            lowest_level(rules, before, at.bid.strain))
            else:
                text, why = bid_meaning(system, at.bid.level, at.bid.strain, at.seat,
                                        at.is_first, at.anyone_bid, at.named, at.first_call,
                                        at.first_bid)
        if text is not None and at.seat.name != skip_seat:
            out.append(Inference(at.seat.name, at.call, at.index, text, why))
    return out


def _outline(at: At) -> str:
    """A system reading's outline (``Inference.outline``): the sampler's first
    filter, ``call_outline``."""
    return call_outline(at)


# --------------------------------------------------------------------------
# The policy's own calls as readings

_POLICIES: Dict[str, Policy] = {}


def _policy_for(rules_name: str) -> Policy:
    """One bidding policy a game, shared by every reading (its decisions are
    remembered by hand and auction, so the sampler's questions stay cheap)."""
    policy = _POLICIES.get(rules_name)
    if policy is None:
        policy = _POLICIES[rules_name] = Policy(rules_name)
    return policy


def _policy_check(rules_name: str, seat: str, dealer: str, before: str, call: str):
    # Policy.call's question, with the auction read once for all the sampled hands.
    check = _policy_for(rules_name).maker(before.split(), seat, dealer, call)
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
    corrected = _policy_for(rules.name).correction is not None
    system = ("advisor.bidding.tables, with the correction learned from the advisor"
              if corrected else "advisor.bidding.tables")
    out: List[Inference] = []
    for at in walk(calls, dealer, rules):
        if at.seat.name == skip_seat or at.call in ("X", "XX"):
            continue
        what = "passes" if at.call == "P" else f"calls {at.call}"
        out.append(Inference(at.seat.name, at.call, at.index,
                             f"a hand with which the bidding system {what} here",
                             "the advisor's simulated players bid by this system "
                             f"({system}), so their hands are sampled this way",
                             rules.name, dealer.name, " ".join(calls[:at.index]),
                             _outline(at)))
    return out
