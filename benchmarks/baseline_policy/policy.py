# FROZEN: advisor/bidding/policy.py as of commit 84d7fb7 (main when issue 33 began), the
# baseline of benchmarks/bench_match.py. Do not edit: change advisor/bidding instead.
"""A player's call from its own hand and the auction: the bidding policy.

``Policy(rules).call(hand, seat=, dealer=, auction=)`` returns a
``Decision``: the call a player of this seat makes seeing only its own 13
cards and the calls so far, the reason in words, and the table row used.
It reads the game's bidding table (``advisor.bidding.tables``, data with a
passage of the rule texts for each row) and a simple evaluation of the hand:

- *sure tricks* in a trump suit: the suit's length less the missing top
  honours among its first three cards (A, K, Q), plus each side suit's
  unbroken run from the ace (A, AK, AKQ...); in no-trumps, the high-card points;
- what partner has *shown* by its calls: tricks (or points) added to ours to
  estimate the partnership's tricks, which sets how high a ``tricks`` row bids.

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
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from solver.cards import Hand, Seat, suit_ranks

from advisor.game import raise_kitty_bid, rule_set
from advisor.rules.base import PASS, RulesError, normalise_call
from advisor.bidding.constraints import SUIT_WORDS, Constraint, compile_constraint
from .tables import Row, table_for

__all__ = ["Decision", "Policy", "PolicyError", "estimate_tricks", "sure_tricks",
           "courts_sure_tricks"]

#: Words the tables may use beyond the constraint language's features: ``sure`` (the
#: row's strain's sure tricks), ``partner_nt`` (1: partner's first call was no-trumps),
#: ``supported`` (1: partner has raised a strain of mine), ``partner_suit`` (1: partner
#: has named a suit), ``stands_mine`` (1: the bid that stands now is my own, in the
#: row's strain: bidding it again only raises my own contract).
POLICY_FEATURES = ("sure", "partner_nt", "supported", "partner_suit", "stands_mine")
_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
ACE, KING, QUEEN = 14, 13, 12
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


def _sure(ranks: Tuple[Tuple[int, ...], ...], trump: Optional[int]) -> int:
    total = 0
    for suit, cards in enumerate(ranks):
        if suit == trump:
            top = [r for r in cards[:3] if r >= QUEEN]
            total += len(cards) - (min(len(cards), 3) - len(top))
        else:
            run = 0
            for rank in cards:
                if rank != ACE - run:
                    break
                run += 1
            total += run
    return total


class _Facts(NamedTuple):
    """What the policy reads off one hand (computed once a hand: ``_facts``)."""

    ranks: Tuple[Tuple[int, ...], ...]      # each suit's ranks, high first
    features: Dict[str, int]                # the constraint language's features
    sure: Dict[object, int]                 # sure tricks by trump suit (None: no trumps; "CT")


@lru_cache(maxsize=4096)
def _facts(mask: int) -> _Facts:
    ranks = []
    for suit in range(4):
        bits = suit_ranks(mask, suit)
        ranks.append(tuple(r for r in range(14, 1, -1) if bits >> (r - 2) & 1))
    ranks = tuple(ranks)
    flat = [r for cards in ranks for r in cards]
    f = {"hcp": sum(max(0, r - 10) for r in flat)}
    for word, cards in zip(SUIT_WORDS, ranks):
        f[word] = len(cards)
        f[f"honours_{word}"] = sum(r >= 10 for r in cards)
        f[f"top_{word}"] = sum(r >= 12 for r in cards)
    for rank, word in ((14, "aces"), (13, "kings"), (12, "queens"), (11, "jacks"), (10, "tens")):
        f[word] = flat.count(rank)
    f["controls"] = 2 * f["aces"] + f["kings"]
    f["longest"] = max(len(c) for c in ranks)
    f["shortest"] = min(len(c) for c in ranks)
    sure = {t: _sure(ranks, t) for t in (None, 0, 1, 2, 3)}
    sure[COURTS] = _courts_sure(ranks)
    return _Facts(ranks, f, sure)


@dataclass
class _Reading:
    """What the auction says, as this policy reads it, from one seat's chair."""

    my_strains: List[str] = field(default_factory=list)
    partner_strains: List[str] = field(default_factory=list)
    partner_first: Optional[str] = None        # partner's first call (a bid or "P")
    partner_raised_me: bool = False
    anyone_bid: bool = False
    opponents_bid: bool = False
    mine_standing: Optional[str] = None        # the strain of the standing bid, if mine

    def key(self) -> tuple:
        """Everything a decision reads of the auction, as one hashable value."""
        return (tuple(self.my_strains), tuple(self.partner_strains), self.partner_first,
                self.partner_raised_me, self.anyone_bid, self.opponents_bid,
                self.mine_standing)

    def situation(self) -> str:
        if self.my_strains:
            return "rebid"
        if not self.anyone_bid:
            return "open"
        return "respond" if self.partner_strains else "overcall"

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


class Policy:
    """The calls of one game's bidding table (see the module's docstring)."""

    def __init__(self, rules="vint"):
        self.rules = rule_set(rules)
        # Skruuvi's Kitty game: 12 cards a hand during the first auction.
        self.hand_sizes = (12, 13) if self.rules.exchange_style == "kitty" else (13,)
        self.table = table_for(self.rules)
        order = tuple(self.rules.strain_order)
        self.nt = "G" if "G" in order else "NT"
        self.suits = [s for s in order if s in _SUIT_INDEX]
        self._compiled: Dict[str, Constraint] = {}
        self._strain_of: Dict[str, str] = {}
        # Legal calls after an auction: asked again and again along continuations.
        self._legal = lru_cache(maxsize=8192)(
            lambda calls: tuple(self.rules.auction_legal_calls(list(calls))))
        # Decisions by (hand, reading of the auction, legal calls): a call depends
        # on nothing else, and a continuation asks the same question again each
        # time a round of passes goes by (Vint closes a bid after 12 passes).
        self._decisions: Dict[tuple, Decision] = {}
        # Whether a hand fits a row's words: the same hand meets the same rows
        # under many auctions.
        self._fits_seen: Dict[tuple, bool] = {}

    def _sizes(self) -> str:
        """The hand sizes the policy calls with, in words ("12 or 13")."""
        return " or ".join(map(str, self.hand_sizes))

    def legal_calls(self, auction: Sequence[str]) -> Tuple[str, ...]:
        """The calls the next player may make after ``auction`` (empty: it is over);
        remembered, since continuations ask about the same auctions again and again."""
        return self._legal(tuple(auction))

    # -- the call -------------------------------------------------------------------
    def call(self, hand: Hand, *, seat, dealer, auction: Sequence[str]) -> Decision:
        """The call ``seat`` makes with ``hand`` after ``auction`` (from the first caller)."""
        seat, dealer = Seat.parse(seat), Seat.parse(dealer)
        if len(hand) not in self.hand_sizes:
            raise PolicyError(f"the policy calls with {self._sizes()} cards, not {len(hand)}")
        auction = [normalise_call(c) for c in auction]
        legal = self.legal_calls(auction)
        if not legal:
            raise PolicyError("the auction is over: there is no call to make")
        if self.rules.seat_of_call(dealer, len(auction)) != seat:
            raise PolicyError(f"it is {self.rules.seat_of_call(dealer, len(auction)).name}'s "
                              f"turn, not {seat.name}'s")
        return self._remembered(hand, self._read(auction, seat, dealer), legal)

    def _remembered(self, hand: Hand, reading: "_Reading", legal: Tuple[str, ...]) -> Decision:
        return _remember(self._decisions, (hand.mask, reading.key(), legal),
                         lambda: self._decide(hand, reading, legal))

    def _decide(self, hand: Hand, reading: "_Reading", legal: Tuple[str, ...]) -> Decision:
        situation = reading.situation()
        facts = _facts(hand.mask)
        features = facts.features
        for row in self.table:
            if row.situation != situation:
                continue
            for strain in self._strains(row, hand, reading):
                extra = (facts.sure[COURTS if strain == COURTS else _SUIT_INDEX.get(strain)],
                         int(reading.partner_shows(strain, self.nt) == "nt"),
                         int(reading.partner_raised_me),
                         int(any(s in _SUIT_INDEX for s in reading.partner_strains)),
                         int(reading.mine_standing == strain))
                if not self._fits(row, strain, reading, hand.mask, extra):
                    continue
                bid = self._bid(row, strain, hand, reading, legal)
                if bid is not None:
                    return Decision(bid, f"{row.reason} ({_summary(features)})", row)
        return Decision(PASS, _pass_reason(situation, features))

    def play_out(self, hands, *, dealer, auction: Sequence[str]) -> List[str]:
        """The auction after ``auction`` when every seat calls by this policy with
        its own hand (``hands[seat]``, e.g. a ``Deal``) until the game's rules end it:
        the whole list of calls.

        The same calls as asking :meth:`call` seat by seat, but each seat's
        reading of the auction is kept up to date call by call instead of read
        again from the start: the advisor plays out thousands of auctions.
        """
        dealer = Seat.parse(dealer)
        calls = [normalise_call(c) for c in auction]
        readings = {seat: self._read(calls, seat, dealer) for seat in Seat}
        for seat in Seat:
            if len(hands[seat]) not in self.hand_sizes:
                raise PolicyError(f"the policy calls with {self._sizes()} cards, not "
                                  f"{len(hands[seat])}")
        legal = self.legal_calls(calls)
        while legal:
            who = self.rules.seat_of_call(dealer, len(calls))
            call = self._remembered(hands[who], readings[who], legal).call
            calls.append(call)
            for seat, reading in readings.items():
                self._note(reading, call, who, seat)
            legal = self.legal_calls(calls)
        return calls

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

    # -- inside ---------------------------------------------------------------------
    def _read(self, auction, seat: Seat, dealer: Seat) -> _Reading:
        r = _Reading()
        for i, call in enumerate(auction):
            self._note(r, call, self.rules.seat_of_call(dealer, i), seat)
        return r

    def _note(self, r: _Reading, call: str, who: Seat, seat: Seat) -> None:
        """Add ``who``'s ``call`` to ``seat``'s reading ``r`` of the auction."""
        if who == seat.partner and r.partner_first is None:
            r.partner_first = call
        if call == PASS or call in ("X", "XX"):
            return
        strain = self._strain_of.get(call)
        if strain is None:
            strain = self._strain_of[call] = self.rules.read_bid(call).strain
        r.anyone_bid = True
        r.mine_standing = strain if who == seat else None
        if who == seat:
            r.my_strains.append(strain)
        elif who == seat.partner:
            if strain in r.my_strains:
                r.partner_raised_me = True
            r.partner_strains.append(strain)
        else:
            r.opponents_bid = True

    def _strains(self, row: Row, hand: Hand, reading: _Reading) -> List[str]:
        if row.strain == "NT":
            return [self.nt]
        if row.strain == "partner":
            suits = [s for s in reversed(reading.partner_strains) if s in _SUIT_INDEX]
            return suits[:1]
        if row.strain == "own":
            return reading.my_strains[-1:]
        if row.strain == COURTS:
            return [COURTS] if COURTS in self.rules.strain_order else []
        # My suits, best first: longest, most honours, highest in the game's order.
        ranks = _facts(hand.mask).ranks

        def key(s):
            cards = ranks[_SUIT_INDEX[s]]
            return (len(cards), sum(r >= 10 for r in cards), self.suits.index(s))
        return sorted(self.suits, key=key, reverse=True)

    def _fits(self, row: Row, strain: str, reading: _Reading, mask: int, extra) -> bool:
        """Whether the hand ``mask`` fits ``row`` for ``strain``; ``extra`` holds the
        values of POLICY_FEATURES (sure tricks, partner_nt, supported, partner_suit,
        stands_mine)."""
        partner = next((s for s in reversed(reading.partner_strains) if s in _SUIT_INDEX), None)
        if "{partner}" in row.hand and partner is None:
            return False
        text = row.hand.format(
            suit=SUIT_WORDS[_SUIT_INDEX[strain]] if strain in _SUIT_INDEX else "spades",
            partner=SUIT_WORDS[_SUIT_INDEX[partner]] if partner else "spades")
        if "{suit}" in row.hand and strain not in _SUIT_INDEX:
            return False
        def fits() -> bool:
            constraint = self._compiled.get(text)
            if constraint is None:
                constraint = compile_constraint(text, extra_features=POLICY_FEATURES)
                self._compiled[text] = constraint
            values = dict(_facts(mask).features, **dict(zip(POLICY_FEATURES, extra)))
            return bool(constraint.on_features(values))
        return _remember(self._fits_seen, (text, mask, extra), fits)

    def _bid(self, row: Row, strain: str, hand: Hand, reading: _Reading,
             legal: Sequence[str]) -> Optional[str]:
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
            shown = reading.partner_shows(strain, self.nt)
            cap = min(cap, estimate_tricks(hand, strain, shown, self.nt) - 6)
        if levels[0] > cap:
            return None
        if row.level == "reach":         # as high as the tricks reach, at once
            return f"{max(lv for lv in levels if lv <= cap)}{strain}"
        return f"{levels[0]}{strain}"


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
