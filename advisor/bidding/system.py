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

from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from solver.cards import SEATS, Seat

from ..rules.base import PASS, RuleSet, normalise_call
from ..rules.skruuvi_auction import MISERE
from .constraints import SUIT_WORDS, Constraint, compile_constraint
from .policy import Policy, game_from_the_hand

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


def _suit_word(strain: str) -> str:
    return SUIT_WORDS[_SUIT_INDEX[strain]]


def read_auction(auction: Sequence[str], dealer, rules: RuleSet, *,
                 skip_seat: Optional[str] = None) -> List[Inference]:
    """What each call of ``auction`` (from the first caller) shows, in order.

    ``skip_seat``: a seat whose calls are not read (the advising player's own:
    that hand is known). Raises ``RulesError`` on a call the game does not know.
    """
    system = rules.bidding_system
    out: List[Inference] = []
    for at in _walk(auction, dealer, rules):
        text = why = None
        if at.call == PASS:
            if system == "vint" and at.is_first and not at.anyone_bid:
                text, why = "aces <= 2", "a first-turn pass denies three aces"
        elif at.bid is not None:
            if system == "skruuvi":
                before = [normalise_call(c) for c in auction[:at.index]]
                text, why = _skruuvi_meaning(at.bid.level, at.bid.strain, at.seat, at.is_first,
                                             at.anyone_bid, at.named, at.first_call,
                                             _lowest_level(rules, before, at.bid.strain))
            else:
                text, why = _bid_meaning(system, at.bid.level, at.bid.strain, at.seat,
                                         at.is_first, at.anyone_bid, at.named, at.first_call,
                                         at.first_bid)
        if text is not None and at.seat.name != skip_seat:
            out.append(Inference(at.seat.name, at.call, at.index, text, why))
    return out


class _At(NamedTuple):
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


def _walk(auction: Sequence[str], dealer, rules: RuleSet):
    """Each call of ``auction`` with the state before it (``_At``)."""
    dealer = Seat.parse(dealer)
    named: Dict[Seat, set] = {s: set() for s in SEATS}      # strains each player has bid
    first_call: Dict[Seat, Optional[str]] = {s: None for s in SEATS}
    anyone_bid = False
    first_bid = None
    for index, raw in enumerate(auction):
        seat = rules.seat_of_call(dealer, index)
        call = normalise_call(raw)
        bid = rules.read_bid(call) if call not in (PASS, "X", "XX") else None
        yield _At(index, seat, call, bid, first_call[seat] is None, anyone_bid,
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


def _raises_from_the_hand(at: _At) -> bool:
    """``at`` is the caller's first bid (the policy's response rows: partner has
    bid, the caller has not), raising partner's game from the hand."""
    return not at.named[at.seat] and _from_the_hand(at.first_bid, at.seat.partner,
                                                    at.bid.strain)


def _outline(at: _At) -> str:
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


def _lowest_level(rules: RuleSet, before: Sequence[str], strain: str) -> Optional[int]:
    """The lowest level at which ``strain`` could be bid after ``before``."""
    levels = [rules.read_bid(c).level for c in rules.auction_legal_calls(list(before))
              if c not in (PASS, "X", "XX") and rules.read_bid(c).strain == strain]
    return min(levels) if levels else None


#: Skruuvi's honours: "'Honours' are the A, K, Q, J and 10 of each suit."
_ALL_HONOURS = " + ".join(f"honours_{w}" for w in SUIT_WORDS)


def _skruuvi_meaning(level, strain, seat, is_first, anyone_bid, named, first_call, lowest):
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


def _bid_meaning(system, level, strain, seat, is_first, anyone_bid, named, first_call,
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
    decide = _policy_for(rules_name).caller(before.split(), seat, dealer)

    def check(hand) -> bool:
        return decide(hand).call == call
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
    for at in _walk(calls, dealer, rules):
        if at.seat.name == skip_seat or at.call in ("X", "XX"):
            continue
        what = "passes" if at.call == "P" else f"calls {at.call}"
        out.append(Inference(at.seat.name, at.call, at.index,
                             f"a hand with which the bidding system {what} here",
                             "the advisor's simulated players bid by this system "
                             "(advisor.bidding.tables), so their hands are sampled this way",
                             rules.name, dealer.name, " ".join(calls[:at.index]),
                             _outline(at)))
    return out
