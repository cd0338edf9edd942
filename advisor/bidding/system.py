"""What the calls of an auction say about the callers' hands: the advisor's default system.

The advisor samples the hands it cannot see; the calls already made narrow
them down. This module reads each call of the auction (except the advising
player's own) as a constraint in the ``advisor.constraints`` language, after a
deliberately modest reading of the seeds' advice (docs/advise.md, "The
default bidding system"):

Vint and its relatives (seed 004, the Russian advice):

- a pass at a player's first call, before anyone has bid, shows at most two
  aces ("with three or four aces one must say no-trumps at once");
- no-trumps at a player's first call shows three or four aces; later, two
  aces, or one after partner's first-call no-trumps;
- a suit bid at level 2 or more as the auction's first bid (a bid "from the
  hand") shows six cards with three honours;
- a suit at level 1 as the auction's first bid (an opening) shows four cards
  with two honours and 11 points: the bidding policy's own opening row
  (``advisor.bidding.tables``), so that the partners the advisor samples are
  the ones its simulated seats would have opened with;
- raising a suit partner named shows four cards of it ("the supporting player
  should hold four trumps");
- any other first naming of a suit by a player shows four cards with two
  honours (A K Q J 10): "a suit is named with at least four cards", "without
  honours and aces one does not bid";
- a player repeating a strain, doubles and misère bids say nothing more.

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

__all__ = ["Inference", "read_auction"]

_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
_NO_TRUMPS = ("NT", "G")


class Inference(NamedTuple):
    """One thing a call says: the seat, the call, its number in the auction, the constraint text."""

    seat: str
    call: str
    index: int
    text: str
    why: str

    def constraint(self) -> Constraint:
        return compile_constraint(self.text)


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
        if is_first:
            return "aces >= 3", "no-trumps at the first turn shows three or four aces"
        partner_first = first_call[seat.partner]
        if partner_first is not None and partner_first.endswith(("NT", "G")):
            return "aces >= 1", "no-trumps after partner's first-turn no-trumps shows an ace"
        return "aces >= 2", "no-trumps after a pass or a suit shows two aces"
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
        return f"{word} >= 4", f"raising partner's {word} shows four of them"
    if is_first and not anyone_bid and level == 1:
        # The policy's own opening row (advisor.bidding.tables, "names the highest and
        # longest suit"): read the opening as the seats that opened it would have held it.
        return (f"{word} >= 4 and {honours} >= 2 and hcp >= 11",
                f"opening 1{strain} shows four or more {word} with two honours, 11 points")
    return (f"{word} >= 4 and {honours} >= 2",
            f"naming {word} shows four or more with two honours")
