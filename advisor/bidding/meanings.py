"""What each call of an auction says about the caller's hand: the meanings of the
default bidding systems' calls, one call at a time.

``advisor.bidding.system`` reads whole auctions with them (``read_auction``,
``system_readings``); the policy's learned correction (``advisor.bidding.learned``)
checks a call against its meaning before making it (``meaning_from_reading``), so
the two read every call alike. Nothing here calls the policy: a meaning is the
outline of the policy's rows (tested against the policy in
tests/bidding/test_advise_system.py), written as constraint texts.
"""

from __future__ import annotations

from typing import Dict, NamedTuple, Optional, Sequence, Tuple

from solver.cards import SEATS, Seat

from ..rules.base import PASS, RuleSet, normalise_call
from ..rules.skruuvi_auction import MISERE
from .constraints import SUIT_WORDS

__all__ = ["At", "walk", "bid_meaning", "skruuvi_meaning", "call_outline", "lowest_level",
           "game_from_the_hand", "meaning_from_reading"]

_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
_NO_TRUMPS = ("NT", "G")


def game_from_the_hand(call: Optional[str]) -> Optional[str]:
    """The suit of ``call`` if, as the auction's first bid, it names a game "from
    the hand" (a suit at level two or more; seed 004: six trumps, three honours,
    seven or eight sure tricks), else None. The policy's ``partner_hand`` and the
    sampler's reading of a raise of it share this test."""
    if call is not None and call[:1] in "234567" and call[1:] in _SUIT_INDEX:
        return call[1:]
    return None


def _suit_word(strain: str) -> str:
    return SUIT_WORDS[_SUIT_INDEX[strain]]


class At(NamedTuple):
    """One call of an auction and what the calls before it had shown."""

    index: int
    seat: Seat
    call: str
    bid: object                         # the bid read (None: a pass, double or redouble)
    is_first: bool                      # the caller's first call
    anyone_bid: bool                    # before this call
    named: Dict[Seat, set]              # the strains each player had bid before it
    first_call: Dict[Seat, Optional[str]]
    first_bid: Optional[Tuple[Seat, str]] = None    # the auction's first bid, and whose


def walk(auction: Sequence[str], dealer, rules: RuleSet):
    """Each call of ``auction`` with the state before it (``At``)."""
    dealer = Seat.parse(dealer)
    named: Dict[Seat, set] = {s: set() for s in SEATS}      # strains each player has bid
    first_call: Dict[Seat, Optional[str]] = {s: None for s in SEATS}
    anyone_bid = False
    first_bid = None
    for index, raw in enumerate(auction):
        seat = rules.seat_of_call(dealer, index)
        call = normalise_call(raw)
        bid = rules.read_bid(call) if call not in (PASS, "X", "XX") else None
        yield At(index, seat, call, bid, first_call[seat] is None, anyone_bid,
                 {s: set(v) for s, v in named.items()}, dict(first_call), first_bid)
        if bid is not None:
            named[seat].add(bid.strain)
            anyone_bid = True
            if first_bid is None:
                first_bid = (seat, call)
        if first_call[seat] is None:
            first_call[seat] = call


#: A hand the policy opens with at the one level (its opening row: "{suit} >= 4 and
#: honours_{suit} >= 2 and hcp >= 12"), for some suit.
_OPENS = "hcp >= 12 and ({})".format(" or ".join(
    f"({w} >= 4 and honours_{w} >= 2)" for w in SUIT_WORDS))
#: A hand the policy opens "from the hand" at level 2 or 3 (six trumps, three
#: honours, seven sure tricks or more), for some suit.
_FROM_THE_HAND = " or ".join(f"({w} >= 6 and honours_{w} >= 3 and sure_{w} >= 7)"
                             for w in SUIT_WORDS)


def _from_the_hand(first_bid, partner: Seat, strain: str) -> bool:
    """The auction's first bid (``first_bid``: seat, call) was ``partner``'s game
    from the hand in ``strain`` (``policy.game_from_the_hand``)."""
    return (first_bid is not None and first_bid[0] == partner
            and game_from_the_hand(first_bid[1]) == strain)


def _raises_from_the_hand(at: At) -> bool:
    """``at`` is the caller's first bid (the policy's response rows: partner has
    bid, the caller has not), raising partner's game from the hand."""
    return not at.named[at.seat] and _from_the_hand(at.first_bid, at.seat.partner,
                                                    at.bid.strain)


def call_outline(at: At) -> str:
    """What every hand with which Vint's policy (``advisor.bidding.tables``) makes
    ``at``'s call meets beyond the texts, derived from its rows that bid
    whenever their hand fits ("": nothing more). Tested against the policy on
    random hands (tests/bidding/test_advise_system.py)."""
    seat = at.seat
    if at.call == PASS:
        if not at.anyone_bid:
            # The opening rows: six trumps with three honours and seven or eight
            # sure tricks bid 'two' or 'three', three aces no-trumps at level 1, a
            # four-card suit with two honours and 12 points its suit at level 1;
            # every one is open while nobody has bid, so a pass denies them all; a
            # second pass, no-trumps with two aces and 14 points too (after a pass).
            later = "" if at.is_first else " and (aces <= 1 or hcp <= 13)"
            return f"aces <= 2 and not ({_OPENS}) and not ({_FROM_THE_HAND}){later}"
        if at.named[seat.partner] and not at.named[seat]:
            # The response rows: no-trumps at the cheapest level with two aces, or
            # one and 11 points after partner's first-call no-trumps; a no-trumps
            # bid is always left, so the responder's pass denies them.
            first = at.first_call[seat.partner]
            return ("aces == 0 or hcp <= 10" if first is not None and first.endswith("NT")
                    else "aces <= 1")
        return ""
    if at.bid is None or at.bid.strain not in _SUIT_INDEX or at.bid.strain in at.named[seat]:
        return ""
    word = _suit_word(at.bid.strain)
    if not at.anyone_bid:
        by_level = _OPENING_OUTLINES
    elif at.bid.strain in at.named[seat.partner]:
        if _raises_from_the_hand(at):
            return f"{word} >= 2"           # the raise of partner's game from the hand
        # The raise rows (three with an honour); the no-trumps opener's own suit,
        # when partner named it, holds five with two of A K Q or six with two.
        return f"{word} >= 3 and honours_{word} >= 1"
    elif not at.named[seat.partner] and not at.named[seat]:
        by_level = _OVERCALL_OUTLINES
    else:
        return ""
    return by_level.get(at.bid.level, "").format(suit=word)


#: An opening's outline by its level: the opening rows in order, 'three' with
#: eight sure tricks, 'two' with seven (six trumps, three honours), no-trumps
#: with three aces, then a suit at level 1; a bid at one level denies the rows
#: before it.
_OPENING_OUTLINES = {3: "sure_{suit} >= 8", 2: "sure_{suit} >= 7",
                     1: f"aces <= 2 and not ({_FROM_THE_HAND})"}     # no braces to format
#: An overcall's (only the opponents have bid): the overcall rows bid the
#: cheapest level, up to one with four cards, two honours and five sure tricks,
#: up to two with five, two and six, up to three with six, three and eight.
_OVERCALL_OUTLINES = {
    1: "sure_{suit} >= 5",
    2: "{suit} >= 5 and honours_{suit} >= 2 and sure_{suit} >= 6",
    3: "{suit} >= 6 and honours_{suit} >= 3 and sure_{suit} >= 8"}


def lowest_level(rules: RuleSet, before: Sequence[str], strain: str) -> Optional[int]:
    """The lowest level at which ``strain`` could be bid after ``before``."""
    levels = [rules.read_bid(c).level for c in rules.auction_legal_calls(list(before))
              if c not in (PASS, "X", "XX") and rules.read_bid(c).strain == strain]
    return min(levels) if levels else None


#: Skruuvi's honours: "'Honours' are the A, K, Q, J and 10 of each suit."
_ALL_HONOURS = " + ".join(f"honours_{w}" for w in SUIT_WORDS)


def skruuvi_meaning(level, strain, seat, is_first, anyone_bid, named, first_call, lowest):
    """``(constraint text, why)`` of one Skruuvi bid (seed 002's conventions,
    quoted in docs/rules.md), or ``(None, None)``. ``lowest``: the lowest level
    the bid's strain could be bid at then (a response's jump)."""
    if strain in named[seat] or level >= 5:
        # a repeat says nothing new; "5 or 6 misère (or any other denomination) -
        # preemptive", and the main players' final levels
        return None, None
    partner_first = first_call[seat.partner]
    # partner's first call named a suit ("1S"[1:] == "S"; a pass is "P")
    partner_suit = partner_first is not None and partner_first[1:] in _SUIT_INDEX
    opening = is_first and not anyone_bid
    if strain in _NO_TRUMPS:
        if not is_first:
            return None, None
        if partner_first is not None and partner_first[1:] in _NO_TRUMPS and level == 2:
            return "aces >= 1", "2 grand in response to 1 grand shows the fourth ace"
        if partner_suit and lowest is not None:
            if level == lowest:
                return "aces >= 3", "grand at the lowest level over partner's suit shows three aces"
            if level == lowest + 1:
                return "aces == 4", "grand at a single jump over partner's suit shows four aces"
            return None, None
        if level == 1:
            return "aces >= 3", "1 grand shows three aces"
        if level == 2:
            return "aces == 4", "2 grand shows four aces"
        if level == 3 and opening:
            return (f"{_ALL_HONOURS} >= 6 and aces <= 2",
                    "3 grand shows about seven honours, all suits alike, at most two aces")
        return None, None
    if strain == MISERE:
        if is_first and partner_suit and level == 2:
            word = _suit_word(partner_first[1:])
            return (f"{word} <= 1 and honours_{word} == 0",
                    f"2 misère over partner's {word} shows a void or low singleton in it")
        return None, None
    if strain not in _SUIT_INDEX:
        return None, None
    word = _suit_word(strain)
    honours = f"honours_{word}"
    if strain in named[seat.partner]:
        if is_first:
            return (f"{word} >= 4 and {honours} >= 1",
                    f"an immediate raise of partner's {word} shows four to an honour")
        return None, None
    if opening and level == 2:
        return (f"({word} >= 6 and {honours} >= 3) or ({word} >= 5 and {honours} >= 4)",
                f"2{strain} shows a stronger {word[:-1]} suit than a bid of 1")
    if opening and level == 3:
        return (f"{_ALL_HONOURS} >= 6",
                f"3{strain} shows about seven honours and no good suit")
    if opening and level == 4:
        return None, None
    suit = f"({word} >= 5 and {honours} >= 3) or ({word} >= 6 and {honours} >= 2)"
    if opening:
        return (f"({suit}) and aces >= 1",
                f"1{strain} shows five {word} with three honours or six with two, and an ace")
    return suit, f"a {word[:-1]} bid shows five cards with three honours or six with two"


def bid_meaning(system, level, strain, seat, is_first, anyone_bid, named, first_call,
                first_bid=None):
    """``(constraint text, why)`` of one bid, or ``(None, None)``."""
    if strain in named[seat]:
        return None, None                                    # a repeat says nothing new
    if strain in _NO_TRUMPS:
        partner_first = first_call[seat.partner]
        if partner_first is not None and partner_first.endswith(("NT", "G")):
            return "aces >= 1", "no-trumps after partner's first-turn no-trumps shows an ace"
        if is_first and not any(s in _SUIT_INDEX or s == "CT" for s in named[seat.partner]):
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
    if is_first and not anyone_bid and level >= 2:
        return (f"{word} >= 6 and {honours} >= 3",
                f"{level}{strain} from the hand shows six {word} with three honours")
    if strain in named[seat.partner]:
        if not named[seat] and _from_the_hand(first_bid, seat.partner, strain):
            # The policy's raise of a game partner named "from the hand" (six
            # trumps with three honours): two trumps are support enough.
            return (f"{word} >= 2",
                    f"raising partner's {word} from the hand shows two or more of them")
        # The policy raises with three and an honour, at once (where the trick
        # model's best level reaches the raise) or later ("support partner's suit").
        return f"{word} >= 3", f"raising partner's {word} shows three or more of them"
    if is_first and not anyone_bid and level == 1:
        # The policy's own opening row (advisor.bidding.tables, "names the highest and
        # longest suit"): read the opening as the seats that opened it would have held it.
        return (f"{word} >= 4 and {honours} >= 2 and hcp >= 12",
                f"opening 1{strain} shows four or more {word} with two honours, 12 points")
    partner_first = first_call[seat.partner]
    partner_no_suit = named[seat.partner] and not named[seat.partner] & set(_SUIT_INDEX)
    if not named[seat] and (partner_no_suit or partner_first is not None
                            and partner_first.endswith(("NT", "G"))):
        # "показывают 'без паса' свою самую длинную масть, 5-6 карт с онером": over
        # partner's first-turn no-trumps, and over partner's later no-trumps (two
        # aces after a pass) when partner has named no suit (the policy's rows).
        return (f"{word} >= 5 and {honours} >= 1",
                f"a {word[:-1]} after partner's no-trumps shows five or more with an honour")
    return (f"{word} >= 4 and {honours} >= 2",
            f"naming {word} shows four or more with two honours")


def meaning_from_reading(rules: RuleSet, seat: Seat, reading, call: str) -> str:
    """What the sampler reads into ``call`` made by ``seat`` (Vint's system), as
    one constraint text: ``read_auction``'s text and the system reading's
    outline (``call_outline``), joined ("": nothing). The auction is given as the
    policy's reading of it from ``seat``'s chair (``Policy.reading``): what a
    call means depends only on the caller's and partner's strains and first
    calls, whether anyone has bid, and whether partner's first call opened a
    game from the hand, all of which the reading holds (where it cannot tell
    the last, partner's pass and later game from the hand, the stricter
    meaning is taken). The learned correction (``advisor.bidding.learned``)
    moves a call only to one whose meaning the hand fits, so that what the
    sampler reads of the policy's calls stays true of them."""
    seat = Seat.parse(seat)
    call = normalise_call(call)
    named: Dict[Seat, set] = {s: set() for s in SEATS}
    named[seat] = set(reading.my_strains)
    named[seat.partner] = set(reading.partner_strains)
    first_call: Dict[Seat, Optional[str]] = {s: None for s in SEATS}
    first_call[seat], first_call[seat.partner] = reading.my_first, reading.partner_first
    first_bid = None
    if reading.opener == "partner" and reading.partner_first not in (None, PASS):
        first_bid = (seat.partner, reading.partner_first)
    bid = rules.read_bid(call) if call not in (PASS, "X", "XX") else None
    at = At(0, seat, call, bid, reading.my_first is None, reading.anyone_bid, named,
             first_call, first_bid)
    text = None
    if call == PASS:
        if at.is_first and not at.anyone_bid:
            text = "aces <= 2"
    elif bid is not None:
        text = bid_meaning(rules.bidding_system, bid.level, bid.strain, seat, at.is_first,
                            at.anyone_bid, named, first_call, first_bid)[0]
    parts = [t for t in (text, call_outline(at)) if t]
    return " and ".join(f"({t})" for t in parts)
