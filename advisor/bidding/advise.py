"""Recommend the call that maximises the expected score (issue 5).

A player holds 13 cards and has heard the auction so far. ``recommend``

1. reads the auction with the default bidding system
   (``advisor.bidding.system``) and the user's constraints
   (``advisor.bidding.constraints``) into a constraint per seat;
2. deals the unseen cards at random, keeping the deals that fit
   (``advisor.bidding.sampling``);
3. solves every sample double-dummy, only in the strains and for the
   declarers the candidate calls need, spreading samples over threads;
4. scores every candidate call on every sample under the game's rules:

   - *stands*: the auction ends right after the call (a bid is the final
     contract; a pass leaves the current contract, or throws the deal in);
   - *continued* (the default, ``reply="policy"``): every seat, ours
     included, goes on calling by the bidding policy (``advisor.bidding.policy``)
     from its own hand of the sample until the auction ends; the final
     contract is scored (``continue_auction``);
   - or, with ``reply="par"``, the old full-information reply: from there the
     opponents may outbid, then we may outbid them, and so on, as in par's
     auction game (``advisor.par.AuctionGame``) with ``raises=False``;

5. recommends the bidding policy's own call unless the call with the highest
   mean net score for the player's side beats it, on the paired differences
   of the same samples, by more than a practical margin (30 points) and two
   standard errors (a call whose system reading does not fit the hand: by
   more, and three); solves the samples in rounds and stops once that
   decision is settled (``_settled``), or at the sample count or the time
   budget; says "too close to call" only when the lead is within both two
   standard errors and the margin. When partner has left the system (his
   hand makes his calls by it on none of the deals that fit the rest of the
   auction, ``_partner_off_system``), the samples cannot read his hand, and
   the system's call stands (``Recommendation.partner_off_system``).

The strains considered: ours are no-trumps, suits the player holds four or
more of, and suits partner has bid; the opponents' are the suits and
no-trumps they have bid plus, in each sample, their longest combined suit.
In semi-contract whist the Courts-deck bids (Courts, Courts-No Trumps,
misère Courts, Courts with a long suit trumps) are candidates too, and every
Courts, misère Courts or misère contract is valued with a node budget per
sample (an estimate within the proved bounds when it runs out; the
``warning`` counts those samples). Every sample's contracts are valued by one
``advisor.valuation.Valuer`` (its ``ADVICE`` budgets).
See docs/advise.md for the model and its limits.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import os
import sys
import threading
import time
import weakref
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from solver import map_threads
from solver.cards import SEATS, STRAINS, Deal, Hand, Seat, Strain
from solver.errors import VintError

from ..game import (LOWEST_FINAL_LEVEL, close_auction, extra_strain, is_misere,
                    misere_contracts, passed_out, playable_contracts, raise_kitty_bid,
                    rule_set, strain_of)
from ..par import AuctionGame
from ..render.html import recommendation_html
from ..rules.base import PASS, RuleSet, RulesError, normalise_call, other_side, parse_seat
from ..rules.semi_contract import COURTS
from ..valuation import ADVICE, Budgets, Valuer, trick_key
from ..valuation.courts import ADVICE_NODES as COURTS_NODES
from ..valuation.misere import ACES_SPREAD, ADVICE_NODES, ESTIMATE_ERROR, aces_mean
from .constraints import Constraint, compile_constraint
from .policy import Policy
from .sampling import (DEFAULT_MAX_ATTEMPTS, DealStream, SamplingError, and_terms,
                       terms_that_fit)
from .system import Inference, read_auction, system_readings

__all__ = ["AdviseError", "AdviceCache", "Candidate", "Recommendation", "recommend", "prepare",
           "Situation", "value_sample"]

#: A contract a side cannot play in the model: worth this much against it.
_UNPLAYABLE = 10 ** 7


class AdviseError(VintError):
    """Bad input to the advisor: a hand that is not 13 cards, a seat not on turn..."""


# --------------------------------------------------------------------------
# Results

@dataclass
class Candidate:
    """One call the player could make, scored over the samples.

    ``mean`` and ``stderr``: the expected net score for the player's side
    (its points minus the other side's) and its standard error, with the
    opponents' best reply (or, with ``reply=False``, the call standing).
    ``mean_stands``: the mean if the auction ended after the call.
    ``contract``/``declarer``: what is played if it stands (None: thrown in).
    ``p_make``: how often that contract makes; ``tricks``: how often its
    declarer's side takes 0..13 tricks (these three, and ``stands``, with the
    policy's continuation: over the first ``recommend(stands_samples=)`` samples
    the call was scored on, 32 by default). ``samples``: the samples the call was
    scored on (fewer than the recommendation's when ``prune`` dropped it as
    clearly worse: the first ones). ``scores`` and ``stands``: the per-sample
    values, in the order of ``Recommendation.deals``. ``ends``: with the
    policy's continuation, where the auction ended after this call, as
    ``[(contract text, samples)]``, most often first (e.g. ``("4H by E", 12)``,
    ``("thrown in", 3)``). ``describes``: whether the system's reading of the
    call (``advisor.bidding.system.read_auction``) accepts the player's hand;
    a call that misdescribes it must beat the system's call by more.
    """

    call: str
    contract: Optional[str]
    declarer: Optional[str]
    mean: float = 0.0
    stderr: float = 0.0
    mean_stands: float = 0.0
    p_make: Optional[float] = None
    tricks: Optional[List[int]] = None
    samples: int = 0
    scores: List[int] = field(default_factory=list, repr=False)
    stands: List[int] = field(default_factory=list, repr=False)
    ends: List[Tuple[str, int]] = field(default_factory=list)
    describes: bool = True

    def to_dict(self, per_sample: bool = False) -> dict:
        out = {"call": self.call, "contract": self.contract, "declarer": self.declarer,
               "mean": round(self.mean, 2), "stderr": round(self.stderr, 2),
               "mean_stands": round(self.mean_stands, 2),
               "p_make": None if self.p_make is None else round(self.p_make, 4),
               "tricks": self.tricks, "samples": self.samples,
               "ends": [[text, n] for text, n in self.ends], "describes": self.describes}
        if per_sample:
            out["scores"], out["stands"] = list(self.scores), list(self.stands)
        return out


@dataclass
class Recommendation:
    """The advice: ``call``, a one-sentence ``reason`` and the ``candidates``, best first.

    ``deals`` are the samples used (``samples`` of them) and ``tricks`` their
    double-dummy tricks, ``{(declarer, strain): tricks}`` per deal, so the
    scores can be recomputed. ``warning`` says when fewer deals fitted than
    asked for; ``stopped_early`` when the decision settled before all
    samples were solved (``stopped_by_time``: when the ``seconds`` budget ran
    out first). ``policy_call``: the bidding policy's own call, the default
    recommendation (None when it is not weighed: ``reply`` other than
    ``"policy"``, or not among the candidates); ``margin``: the practical
    margin in points used (``too_close`` only within it).
    ``partner_off_system``: partner's hand makes his calls by the system on
    none of the deals that fit the rest of the auction (``_partner_off_system``),
    so the system's call was kept whatever the samples said.
    """

    call: str
    reason: str
    candidates: List[Candidate]
    samples: int
    seconds: float
    seat: str
    dealer: str
    auction: Tuple[str, ...]
    rules: str
    hand: str
    seed: Optional[int] = None
    reply: str = "policy"
    warning: Optional[str] = None
    stopped_early: bool = False
    too_close: bool = False
    attempts: int = 0
    policy_call: Optional[str] = None
    margin: float = 30.0
    stopped_by_time: bool = False
    partner_off_system: bool = False
    inferences: List[Inference] = field(default_factory=list)
    deals: List[Deal] = field(default_factory=list, repr=False)
    tricks: List[Dict[Tuple[str, str], int]] = field(default_factory=list, repr=False)

    def __repr__(self) -> str:
        top = ", ".join(f"{c.call} {c.mean:+.0f}" for c in self.candidates[:3])
        after = " ".join(self.auction) or "no calls"
        return (f"<Recommendation {self.call} for {self.seat} after {after} ({self.rules}): "
                f"{top}; {self.samples} samples>")

    def _repr_html_(self) -> str:
        return recommendation_html(self)

    def candidate(self, call: str) -> Candidate:
        """The candidate for one call (``"4H"``, ``"P"``)."""
        call = normalise_call(call)
        for c in self.candidates:
            if c.call == call:
                return c
        raise KeyError(f"{call} is not among the candidates")

    def to_dict(self, per_sample: bool = False) -> dict:
        """Plain data (JSON-ready). ``per_sample`` adds the deals and per-sample scores."""
        out = {"call": self.call, "reason": self.reason, "hand": self.hand, "seat": self.seat,
               "dealer": self.dealer, "auction": list(self.auction), "rules": self.rules,
               "samples": self.samples, "seconds": round(self.seconds, 3), "seed": self.seed,
               "reply": self.reply, "warning": self.warning, "too_close": self.too_close,
               "stopped_early": self.stopped_early, "stopped_by_time": self.stopped_by_time,
               "policy_call": self.policy_call, "margin": self.margin,
               "partner_off_system": self.partner_off_system, "attempts": self.attempts,
               "inferences": [i._asdict() for i in self.inferences],
               "candidates": [c.to_dict(per_sample) for c in self.candidates]}
        if per_sample:
            out["deals"] = [d.to_pbn() for d in self.deals]
        return out


# --------------------------------------------------------------------------
# The situation: who calls, what may be called, who would declare

@dataclass
class Situation:
    """Everything about the question that does not depend on the samples."""

    rules: RuleSet
    hand: Hand
    seat: Seat
    dealer: Seat
    auction: Tuple[str, ...]
    legal: List[str]
    current: Optional[str]                 # the contract if everyone passed now
    current_declarer: Optional[Seat]
    our_strains: List[Strain]
    our_declarer: Dict[Strain, Seat]
    their_bid: Dict[Strain, Seat]          # strains the opponents named, and who first
    candidates: List[Tuple[str, Optional[str], Optional[Seat]]]  # (call, contract, declarer)
    ladder: List[str]                      # contracts par may reach from here, lowest first
    inferences: List[Inference]
    exchange: Optional[str] = None         # Skruuvi's card exchange modelled: "kitty", "kotka"
    courts: List[str] = field(default_factory=list)  # our semi-contract Courts strains
    courts_nodes: int = COURTS_NODES       # the budget of one Courts or misère solve

    @property
    def side(self) -> str:
        return self.seat.side

    @property
    def budgets(self) -> Budgets:
        """The searches' budgets of one sample (``valuation.ADVICE``)."""
        return dataclasses.replace(ADVICE, courts_nodes=self.courts_nodes)

    def valuer(self, deal: Deal, cache: Optional["AdviceCache"] = None) -> Valuer:
        """The ``Valuer`` of one sample (the deal before the exchange, if modelled)."""
        return Valuer(self.rules, deal, dealer=self.dealer, exchange=self.exchange,
                      budgets=self.budgets, cache=None if cache is None else cache.tricks)

    @property
    def all_pass(self) -> Optional[str]:
        """The contract four passes with nothing bid play when it scores
        (Skruuvi's all-pass misère); None: thrown in (or only an X mark)."""
        return self.rules.all_pass_contract if self.rules.all_pass_scores else None


class AdviceCache:
    """Work that successive ``recommend`` calls on one deal's auction can share
    (``recommend(cache=...)``; the post-mortem keeps one for each deal).

    - ``deals``: the deals last sampled for each player (by seat and hand), as
      the ``DealStream`` that drew them (its first ``samples`` deals, drawn
      only as far as anyone asked). A later call of the same player tries them
      first and keeps those that still fit what the auction now shows; since
      a later call's readings only add to the earlier ones, the kept deals
      are still fair draws.
    - ``too_few``: the auction's readings that left too few deals in each
      player's last call (``_sample_softly``): a later call whose readings
      begin with them tries them first, and when they leave too few again
      it need not draw with all of its own (the same deals either way).
    - ``tricks``: double-dummy tricks already solved, by ``(deal masks,
      table row, strain)``; a reused deal costs no search.
    - ``policies``: the bidding policy of each game, by its name: a policy
      remembers its decisions (by hand, reading and legal calls, all a
      decision depends on), so the continuations of a later call on the same
      deals cost look-ups where they repeat an earlier call's.
    - ``situations``: ``prepare``'s answers, by its arguments (the review asks
      it of each call to find the calls with one option, then ``recommend``
      asks it again of the calls it weighs).
    """

    def __init__(self):
        self.deals: Dict[Tuple[Seat, int], DealStream] = {}
        self.too_few: Dict[Tuple[Seat, int], Tuple[Inference, ...]] = {}
        self.tricks: Dict[tuple, int] = {}
        self.policies: Dict[str, Policy] = {}
        self.situations: Dict[tuple, Situation] = {}

    def situation(self, hand, *, seat, dealer, auction=(), rules="vint", strains=None,
                  exchange: bool = True) -> Situation:
        """``prepare``'s Situation, worked out once for this cache (a copy: the
        caller may change it). Bad input raises as ``prepare`` does."""
        key = (hand if isinstance(hand, str) else getattr(hand, "mask", id(hand)),
               str(seat), str(dealer), auction if isinstance(auction, str) else tuple(auction),
               rules, strains if not isinstance(strains, list) else tuple(strains),
               exchange)
        found = self.situations.get(key)
        if found is None:
            found = self.situations[key] = prepare(hand, seat=seat, dealer=dealer,
                                                   auction=auction, rules=rules,
                                                   strains=strains, exchange=exchange)
        return dataclasses.replace(found)

    def policy(self, rules: RuleSet) -> Policy:
        """The bidding policy of ``rules``' game, made once for this cache."""
        found = self.policies.get(rules.name)
        if found is None:
            found = self.policies[rules.name] = Policy(rules)
        return found

    def __repr__(self) -> str:
        return f"AdviceCache({len(self.deals)} players' deals, {len(self.tricks)} tricks)"


def _read_hand(hand, rs: RuleSet) -> Hand:
    if isinstance(hand, str):
        hand = Hand.from_pbn(hand)
    if not isinstance(hand, Hand):
        raise AdviseError(f"the hand must be a Hand or PBN text such as 'AKQ87.KJ4.A2.T93', "
                          f"not {hand!r}")
    kitty_game = rs.exchange_style == "kitty"
    if len(hand) != 13 and not (kitty_game and len(hand) == 12):
        also = " (12 in Skruuvi's Kitty game, before the exchange)" if kitty_game else ""
        raise AdviseError(f"the hand must hold 13 cards{also}, not {len(hand)} "
                          f"({hand.to_pbn()})")
    return hand


def _exchange_kind(rs: RuleSet, hand: Hand, exchange: bool) -> Optional[str]:
    """Which Skruuvi card exchange the samples go through before they are solved:
    ``"kitty"`` (a 12-card hand; the 4 cards no hand holds are the kitty),
    ``"kotka"``, or None (other games, ``exchange=False``, or a 13-card hand
    in the Kitty game: the deal as given is played)."""
    style = rs.exchange_style
    if not exchange or style is None:
        return None
    if style == "kitty":
        return "kitty" if len(hand) == 12 else None
    return "kotka"


def prepare(hand, *, seat, dealer, auction=(), rules="vint", strains=None,
            exchange: bool = True) -> Situation:
    """Check the question and work out the candidates (no sampling, no solving)."""
    rs = rule_set(rules)
    hand = _read_hand(hand, rs)
    if len(hand) == 12 and not exchange:
        raise AdviseError("a 12-card Kitty game hand is advised only with the card exchange "
                          "modelled (exchange=True): without it the deal has no 13 tricks")
    seat, dealer = parse_seat(seat), parse_seat(dealer)
    calls = auction.split() if isinstance(auction, str) else list(auction)
    try:
        calls = rs.auction_state(calls).calls
    except RulesError as exc:
        raise RulesError(f"illegal auction {' '.join(map(str, calls))!r}: {exc}") from None
    legal = rs.auction_legal_calls(calls)
    if not legal:
        raise AdviseError(f"the auction {' '.join(calls)!r} is over: there is no call to make")
    on_turn = rs.seat_of_call(dealer, len(calls))
    if on_turn != seat:
        raise AdviseError(f"after {' '.join(calls) or 'no calls'} with {dealer.name} dealing "
                          f"it is {on_turn.name}'s turn to call, not {seat.name}'s")
    current, current_declarer = _passed_out(rs, calls, dealer)

    ladder = playable_contracts(rs)
    partner_named, their_bid = set(), {}
    for i, call in enumerate(calls):
        who = rs.seat_of_call(dealer, i)
        if call == PASS or call in ("X", "XX"):
            continue
        strain = strain_of(rs, call)
        if strain is None:
            continue
        if who == seat.partner:
            partner_named.add(strain)
        elif who.side != seat.side:
            their_bid.setdefault(strain, who)
    asked = None if strains is None else ([strains] if isinstance(strains, str) else strains)
    courts = _our_courts(rs, hand, asked)
    if asked is None:
        our = {Strain.NT} | partner_named | {s for s in STRAINS[:4] if len(hand.suit(s)) >= 4}
    else:
        our = {Strain.parse(s) for s in asked if _courts_name(rs, s) is None}
    playable = {strain_of(rs, c) for c in ladder}
    our_strains = [s for s in STRAINS if s in our and s in playable]
    if strains is None and not any(c.rank >= 10 for c in hand.cards):
        # "без онеров и тузов игру не назначают" (seed 004): without an honour
        # (A K Q J 10) a player names no game, so passing is the only candidate
        # (Skruuvi's misère bids and semi-contract's misère Courts stay). The
        # simulated partner would take a bid at its table's word, and in a few
        # dozen samples the opponents' own competing often hides what such a
        # bid costs.
        our_strains = []
        courts = [c for c in courts if c in rs.losing_strains]

    candidates = [(PASS, current, current_declarer)]
    our_declarer: Dict[Strain, Seat] = {}
    low = kitty_low_bids(rs, legal)
    for call in legal:
        strain = strain_of(rs, call) if call not in ("X", PASS, "XX") else None
        if strain not in our_strains or (call not in ladder and call not in low):
            continue
        # A low kitty bid that stands is raised to level 5 by its bidder
        # (game.raise_kitty_bid): that is the contract played if it stands.
        contract, declarer = passed_out(rs, calls + [call], dealer)
        our_declarer.setdefault(strain, declarer)
        candidates.append((call, contract if call in low else call, declarer))
    # Skruuvi's misère bids (advisor.valuation.misere), unless the strains are limited:
    # the bidder declares if it stands (a low one raised to 5M).
    if strains is None:
        for call in legal:
            if call in misere_contracts(rs) or call in low:
                contract = raise_kitty_bid(rs, call, seat)[0]
                if is_misere(rs, contract):
                    candidates.append((call, contract, seat))
    # Semi-contract's Courts and misère Courts bids (advisor.valuation.courts): valued
    # by the general solver on a node budget (the sample's Valuer).
    for call in legal:
        if call not in (PASS, "X", "XX") and extra_strain(rs, call) in courts:
            _, declarer = _passed_out(rs, calls + [call], dealer)
            candidates.append((call, call, declarer))
    if current is not None:
        rank = rs.bid_rank(rs.contract(current))
        ladder = [c for c in ladder if rs.bid_rank(rs.contract(c)) >= rank]
    # The constraint texts first, then the policy's own calls (dropped first when
    # no deal fits: _sample_softly drops from the end).
    inferences = (read_auction(calls, dealer, rs, skip_seat=seat.name)
                  + system_readings(calls, dealer, rs, skip_seat=seat.name))
    return Situation(rs, hand, seat, dealer, tuple(calls), legal, current, current_declarer,
                     our_strains, our_declarer, their_bid, candidates, ladder, inferences,
                     _exchange_kind(rs, hand, exchange), courts)


def _passed_out(rs: RuleSet, calls, dealer) -> Tuple[Optional[str], Optional[Seat]]:
    """``game.passed_out``, and also a semi-contract Courts or misère contract
    (which the DD table cannot play, but the advisor values)."""
    contract, declarer = passed_out(rs, calls, dealer)
    if contract is not None or (not rs.extra_strains and not misere_contracts(rs)):
        return contract, declarer
    closed, _ = close_auction(rs, calls)
    found, who, _ = rs.auction_result(closed, dealer)
    if extra_strain(rs, found) is not None:
        return found, Seat.parse(who)
    if misere_contracts(rs) and who is not None:
        # A Skruuvi misère bid that stands (a low one raised to 5M): the
        # advisor values it by the misère search, not a throw-in.
        found, bidder = raise_kitty_bid(rs, found, who)
        if is_misere(rs, found):
            return found, bidder
    return contract, declarer


def kitty_low_bids(rs: RuleSet, legal: Sequence[str]) -> List[str]:
    """The legal bids of ``legal`` below level 5 (Skruuvi's Kitty game first
    auction, seed 002: "lower bids are used in the early rounds to convey
    information"), lowest first; [] in every other game and auction.

    Each is a candidate like any bid: scored by the auction the policy plays
    on from it (the kitty bidder raising a kitty bid below 5 to level 5,
    ``game.raise_kitty_bid``) and the card exchange that contract brings.
    """
    if not rs.has_kitty_bids:
        return []
    return [call for call in legal if call not in (PASS, "X", "XX")
            and rs.read_bid(call).level < LOWEST_FINAL_LEVEL]


def _courts_name(rs: RuleSet, strain) -> Optional[str]:
    """A Courts-deck strain named in ``strains=`` (``"CT"``, ``"mctnt"``), or None."""
    if not rs.courts_strains or not isinstance(strain, str):
        return None
    found = rs.strain_names.get(strain.strip().upper())
    return found if found in rs.courts_strains else None


#: A suit's cards in the Courts deck (A..10): with this many a Courts-suit bid
#: (``CTH``...) is a candidate, as four cards make a suit one in the normal deck.
COURTS_SUIT_CARDS = 5


def _our_courts(rs: RuleSet, hand: Hand, asked) -> List[str]:
    """The Courts-deck strains whose bids are candidates (semi-contract only).

    By default Courts (``CT``, the court cards trumps), Courts-No Trumps, the
    misère Courts ``MCT`` and ``MCTNT``, and Courts with a suit trumps for each
    suit the player holds ``COURTS_SUIT_CARDS`` pips (A..10) of: the Courts
    deck's counterparts of no-trumps and the player's long suits. ``asked``
    (``strains=``): exactly the Courts strains named there.
    """
    if not rs.courts_strains:
        return []
    if asked is not None:
        return [c for c in rs.courts_strains if c in {_courts_name(rs, s) for s in asked}]
    pips = {t.name: sum(1 for r in hand.suit(t) if r <= 10 or r == 14) for t in STRAINS[:4]}
    suits = [COURTS + t for t in ("S", "C", "D", "H") if pips[t] >= COURTS_SUIT_CARDS]
    return [c for c in rs.courts_strains if c in (COURTS, COURTS + "NT", "M" + COURTS,
                                                   "M" + COURTS + "NT", *suits)]


# --------------------------------------------------------------------------
# Per sample: what to solve, and the value of every candidate

def _their_strains(sit: Situation, deal: Deal) -> Dict[Strain, Seat]:
    """The opponents' strains in one sample, each with its declarer."""
    them = [s for s in SEATS if s.side != sit.side]
    out = dict(sit.their_bid)
    combined = {t: sum(len(deal[s].suit(t)) for s in them) for t in STRAINS[:4]}
    longest = max(STRAINS[:4], key=lambda t: (combined[t], -int(t)))
    playable = {strain_of(sit.rules, c) for c in sit.ladder}
    if longest in playable:
        out.setdefault(longest, None)
    for strain, who in list(out.items()):
        if who is None:                   # nobody named it: the longer (or stronger) hand
            if strain == Strain.NT:
                out[strain] = max(them, key=lambda s: (_aces(deal[s]), deal[s].hcp))
            else:
                out[strain] = max(them, key=lambda s: (len(deal[s].suit(strain)), deal[s].hcp))
    return out


def _aces(hand: Hand) -> int:
    return sum(1 for s in STRAINS[:4] if 14 in hand.suit(s))


def _needs(sit: Situation, theirs: Dict[Strain, Seat]) -> Dict[Strain, set]:
    """Strain -> the declarers whose tricks one sample needs."""
    needs: Dict[Strain, set] = {}
    for strain, who in sit.our_declarer.items():
        needs.setdefault(strain, set()).add(who)
    if sit.current is not None and strain_of(sit.rules, sit.current) is not None:
        needs.setdefault(strain_of(sit.rules, sit.current), set()).add(sit.current_declarer)
    for strain, who in theirs.items():
        needs.setdefault(strain, set()).add(who)
    return needs


def value_sample(sit: Situation, deal: Deal, *, policy: Optional[Policy] = None,
                 par_reply: bool = False, cache: Optional["AdviceCache"] = None, live=None,
                 stands: bool = True):
    """One sample's ``Valuer`` with the tricks its candidates need solved, and
    what the bidding after each candidate needs: ``(valuer, finals)`` with a
    ``policy`` (each live candidate's final contract, ``_policy_finals``; with
    ``stands``, the candidates' own contracts solved too), else ``(valuer,
    theirs)`` (with ``par_reply``, the opponents' strains and declarers of
    ``_their_strains``; empty without). The scoring asks the valuer;
    ``recommend`` runs this on its threads."""
    if policy is not None:
        return _policy_sample(sit, policy, deal, cache, live, stands)
    return _reply_sample(sit, deal, par_reply, cache)


def _reply_sample(sit: Situation, deal: Deal, reply: bool, cache=None):
    """``value_sample`` when each call stands or the reply is par's."""
    theirs = _their_strains(sit, deal) if reply else {}
    valuer = sit.valuer(deal, cache)
    valuer.solve_strains(_needs(sit, theirs))
    valuer.solve((c, d) for _, c, d in sit.candidates + [(None, sit.current,
                                                          sit.current_declarer)]
                 if extra_strain(sit.rules, c) is not None)
    return valuer, theirs


#: Samples solved between two looks at the early stop: fixed, so that the
#: answer does not depend on the number of workers.
CHUNK = 16
#: How the bidding goes on after each candidate call (``recommend(reply=...)``).
REPLIES = ("policy", "par", "none")


def _read_reply(reply) -> str:
    if reply is True:
        return "par"
    if reply is False or reply is None:
        return "none"
    if reply not in REPLIES:
        raise AdviseError(f"reply must be one of {', '.join(REPLIES)}, not {reply!r}")
    return reply


def continue_auction(rules: RuleSet, policy: Policy, deal: Deal, dealer: Seat,
                     calls: Sequence[str]) -> Tuple[Optional[str], Optional[Seat]]:
    """The auction after ``calls`` when every seat calls by ``policy`` with its own
    hand of ``deal``: ``(final contract, declarer)`` (``(None, None)``: thrown in)."""
    return _auction_end(rules, policy, dealer, tuple(policy.play_out(deal, dealer=dealer,
                                                                     auction=calls)))


#: Each game's finished auctions' results, by dealer and calls: a recommendation's
#: continuations end in the same few auctions on most samples, and reading an
#: auction's result again from its first call was a tenth of their time (issue 32).
_ENDS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
#: Auctions remembered a game at most (the memory of a long-running web page).
ENDS_KEPT = 50_000


def _auction_end(rules: RuleSet, policy: Policy, dealer: Seat,
                 calls: Tuple[str, ...]) -> Tuple[Optional[str], Optional[Seat]]:
    """``continue_auction``'s answer for a finished auction, worked out once."""
    known = _ENDS.get(rules)
    if known is None:
        known = _ENDS[rules] = {}
    key = (dealer, policy.rules.has_kitty_bids, calls)
    found = known.get(key)
    if found is None:
        if policy.rules.has_kitty_bids:
            found = policy.final_contract(dealer, calls)
        else:
            contract, declarer, _ = rules.auction_result(calls, dealer)
            found = contract, None if declarer is None else Seat.parse(declarer)
        if len(known) >= ENDS_KEPT:
            known.clear()
        known[key] = found
    return found


_PLAYABLE: Dict[str, frozenset] = {}


def _playable(rules: RuleSet) -> frozenset:
    """``playable_contracts`` as a set, worked out once a game (asked once a sample)."""
    found = _PLAYABLE.get(rules.name)
    if found is None:
        found = _PLAYABLE[rules.name] = frozenset(playable_contracts(rules))
    return found


def _policy_finals(sit: Situation, policy: Policy, deal: Deal, live=None):
    """Each candidate's final contract in one sample: ``[(contract, declarer)]``;
    with ``live`` (candidate indices), only those candidates' (the others: None).

    A contract the double-dummy table cannot play (Skruuvi's all-pass misère,
    Siberian Vint's распасовка, a misère bid) comes back as ``("?", None)``.
    """
    playable = _playable(sit.rules)
    finals = []
    for k, (call, _, _) in enumerate(sit.candidates):
        if live is not None and k not in live:
            finals.append(None)
            continue
        contract, declarer = continue_auction(sit.rules, policy, deal, sit.dealer,
                                              list(sit.auction) + [call])
        if contract is not None and (contract not in playable or declarer is None) \
                and not is_misere(sit.rules, contract) \
                and (declarer is None or extra_strain(sit.rules, contract) is None):
            contract, declarer = "?", None
        finals.append((contract, declarer))
    return finals


def _policy_sample(sit: Situation, policy: Policy, deal: Deal, cache=None, live=None,
                   stands: bool = True):
    """``value_sample`` when the bidding goes on by the policy: the tricks
    solved of the final contracts of the ``live`` candidates' continuations
    (default: all candidates) and, with ``stands``, those candidates' own
    contracts (the *stands* values, which the decision does not use). The rows
    of one strain are solved together, sharing one transposition table."""
    finals = _policy_finals(sit, policy, deal, live)
    wanted = [f for f in finals if f is not None] + [
        (c, d) for k, (_, c, d) in enumerate(sit.candidates)
        if stands and finals[k] is not None]
    valuer = sit.valuer(deal, cache)
    valuer.solve((c, d) for c, d in wanted if c != "?")
    return valuer, finals


def _ours(sit: Situation, ns: int) -> int:
    """A North-South score as the player's side's."""
    return ns if sit.side == "NS" else -ns


def _stand(sit: Situation, valuer: Valuer, contract, declarer) -> int:
    """Our side's net if the auction ends with this candidate: with nothing
    bid a pass ends it in four passes, Skruuvi's all-pass misère (scored by
    the rules), elsewhere a throw-in (0)."""
    if contract is None and sit.current is None and sit.all_pass is not None:
        return _ours(sit, valuer.score(sit.all_pass, None))
    return _ours(sit, valuer.score(contract, declarer))


def _reply_values(sit: Situation, valuer: Valuer, theirs: Dict[Strain, Seat]) -> List[int]:
    """Each candidate's value (our side's net) when the bidding goes on as in par."""
    rs, ladder, us = sit.rules, sit.ladder, sit.side
    them = other_side(us)
    index = {c: i for i, c in enumerate(ladder)}
    current_i = index.get(sit.current)

    def declarer(i: int, side: str) -> Optional[Seat]:
        if i == current_i and sit.current_declarer.side == side:
            return sit.current_declarer
        strain = strain_of(rs, ladder[i])
        return (sit.our_declarer if side == us else theirs).get(strain)

    def value(i: int, side: str) -> int:
        who = declarer(i, side)
        if who is None:                   # a strain this side does not play in the model
            return -_UNPLAYABLE if side == "NS" else _UNPLAYABLE
        return valuer.score(ladder[i], who)

    auction = AuctionGame(ladder, [rs.bid_rank(rs.contract(c)) for c in ladder], value,
                          lambda i, s: (declarer(i, s) or Seat.N).name, us,
                          raises=False, keep_line=False)
    sign = 1 if us == "NS" else -1
    values = []
    for call, contract, bidder in sit.candidates:
        if call not in index and call != PASS and contract in index:
            # a Skruuvi kitty bid below 5: par's auction from the contract it is
            # raised to (the opponents may still outbid it)
            ns = auction.after_bid(index[contract], us).score
        elif call not in index and call != PASS:    # misère, Courts: not on the DD ladder
            ns = valuer.score(contract, bidder if bidder is not None else sit.seat)
        elif call == PASS and sit.current is not None and current_i is None:
            ns = valuer.score(sit.current, sit.current_declarer)   # a Courts contract stands
        elif call != PASS:
            ns = auction.after_bid(index[call], us).score
        elif sit.current is None:         # nothing bid: the opponents may open, or it is thrown in
            # Four passes: Skruuvi's all-pass misère, elsewhere a throw-in.
            passed = 0 if sit.all_pass is None else valuer.score(sit.all_pass, None)
            options = [passed] + [auction.after_bid(j, them).score for j in range(len(ladder))
                             if declarer(j, them) is not None]
            ns = max(options) if them == "NS" else min(options)
        elif sit.current_declarer.side == us:
            ns = auction.after_bid(current_i, us).score
        else:                             # theirs: it stands (partner's later calls are not modelled)
            ns = value(current_i, them)
        values.append(sign * ns)
    return values


# --------------------------------------------------------------------------
# The recommendation

def _constraints_by_seat(sit: Situation, user) -> Dict[str, Constraint]:
    out: Dict[str, Constraint] = {}
    for inf in sit.inferences:
        c = inf.constraint()
        out[inf.seat] = out[inf.seat] & c if inf.seat in out else c
    for key, source in (user or {}).items():
        seat = parse_seat(key).name
        c = compile_constraint(source)
        out[seat] = out[seat] & c if seat in out else c
    return out


def _stream(sit: Situation, readings: List[Inference], user, seed, max_attempts, *,
            pool=(), limit: Optional[int] = None) -> DealStream:
    """The deals for ``sit``'s hand that fit ``readings`` (and the user's
    constraints), drawn from ``seed`` as they are asked for."""
    kept = Situation(**{**sit.__dict__, "inferences": readings})
    return DealStream(sit.hand, sit.seat, np.random.default_rng(seed),
                      _constraints_by_seat(kept, user), max_attempts=max_attempts,
                      pool=pool, limit=limit)


def _sample_softly(sit: Situation, user, samples: int, seed, max_attempts, pool=(),
                   too_few: Optional[dict] = None):
    """Sample with the auction's readings; when no deal fits them, drop the
    readings one at a time, the latest first (a later call's reading is the
    least certain), until deals fit. The policy's own calls (system readings,
    listed after the texts) are dropped first: all of them when no deal fits,
    the latest one when fewer than half the samples do.
    Returns ``(DealStream, warning or None)``: the deals are drawn as the
    advice asks for them (at most ``samples``), except that the half is drawn
    at once when the latest reading is the policy's (to know whether it stays).

    The user's own constraints are never dropped: if they alone leave no
    deal, that is the user's error (``SamplingError``).

    ``too_few`` (``AdviceCache.too_few``, kept between one player's calls):
    the readings that left too few deals in this player's last call. When
    they begin this call's readings and only the policy's readings follow,
    they are tried first: if they leave too few deals again (this call's
    seed), so do all of this call's readings (the same deals drawn, more
    readings to fit), and ``_fewest_dropped`` starts above them. A human's
    auction the system cannot read costs two draws of every
    ``max_attempts`` deal a call, not three (issue 32: a review's later
    calls). The same readings are dropped and the same deals drawn as
    without it; when they leave enough deals this time, nothing is
    assumed.
    """
    readings = list(sit.inferences)
    dropped: List[Inference] = []
    while True:
        try:
            drawn = _stream(sit, readings, user, seed, max_attempts, pool=pool, limit=samples)
            drawn.take(1)
        except SamplingError as exc:
            if not readings:
                raise
            system = [r for r in readings if r.rules]
            if system:
                # No deal at all: the policy's own calls go first, all at once (each
                # try costs max_attempts deals); then the texts, one at a time.
                dropped.extend(reversed(system))
                readings = [r for r in readings if not r.rules]
                if exc.passed_texts or not readings:
                    continue
            # The texts alone let no deal through: the latest goes, but what of
            # it the hand allows is kept (sampling.terms_that_fit).
            dropped.append(readings.pop())
            part = _kept_part(sit, readings, dropped[-1], user, seed)
            if part is not None:
                readings.append(part)
            continue
        half = math.ceil(samples / 2)
        known = _known_too_few(too_few, sit, user, readings, samples, seed, max_attempts, pool)
        if readings and readings[-1].rules and (known or len(drawn.take(half)) < samples / 2):
            # The policy's own calls leave too few deals (a call the table makes
            # only with rare hands, a human's call it would not make): drop them,
            # the latest first, until half the samples fit, rather than decide on
            # a handful of deals; the texts still hold.
            drawn, m, few = _fewest_dropped(sit, user, samples, seed, max_attempts, pool,
                                            readings, known)
            if too_few is not None and not user:
                too_few[sit.seat, sit.hand.mask] = tuple(readings[:len(readings) - few])
            for _ in range(m):
                dropped.append(readings.pop())
        if not dropped:
            return drawn, None
        what = "; ".join(f"{d.seat}'s {d.call} ({d.text})" for d in dropped)
        part = "".join(f"; kept of {r.seat}'s {r.call}: {r.text}" for r in readings
                       if r not in sit.inferences)
        return drawn, (f"no deal fits every reading of the auction with this hand; "
                       f"relaxed: {what}{part}")


def _known_too_few(too_few: Optional[dict], sit: Situation, user, readings: List[Inference],
                   samples: int, seed, max_attempts, pool) -> int:
    """How many of the latest policy readings, dropped, still leave too few
    deals, as far as this player's last call tells (``_sample_softly``'s
    ``too_few``), checked on this call's draw: 0 when nothing is known (or
    the readings it names leave enough this time)."""
    if too_few is None or user:
        return 0
    before = too_few.get((sit.seat, sit.hand.mask))
    if before is None or tuple(readings[:len(before)]) != before:
        return 0
    m = len(readings) - len(before)
    run = 0
    while run < len(readings) and readings[-1 - run].rules:
        run += 1
    if not 1 <= m <= run:
        return 0
    drawn = _stream(sit, readings[:len(before)], user, seed, max_attempts, pool=pool,
                    limit=samples)
    return m if len(drawn.take(math.ceil(samples / 2))) < samples / 2 else 0


def _fewest_dropped(sit: Situation, user, samples: int, seed, max_attempts, pool,
                    readings: List[Inference], known: int = 0):
    """How many of the latest policy readings (the run of them at the end of
    ``readings``, which with all of them leave fewer than half the samples)
    must go for half the samples to fit: ``(DealStream, m, few)``, m >= 1;
    all of the run when even that is too few. ``few``: the most of them
    found to leave too few when dropped (m - 1, or the whole run when even
    that is too few). ``known``: that many are known to leave too few
    (``_known_too_few``); the search starts above them.

    Dropping them one at a time, the latest first, draws ``max_attempts``
    deals a try, and a human's auction of passes after a call the system would
    not make can take a dozen tries (issue 32: 4 s of a review's call). The
    tries draw the same deals (the same seed) and a deal that fits some
    readings fits any fewer of them, so the number fitting grows with m, and a
    search by halves finds the same m, and the same stream, in a few tries.
    """
    run = 0
    while run < len(readings) and readings[-1 - run].rules:
        run += 1

    def stream(m: int):
        return _stream(sit, readings[:len(readings) - m], user, seed, max_attempts,
                       pool=pool, limit=samples)

    half = math.ceil(samples / 2)

    def fits(drawn) -> bool:
        return len(drawn.take(half)) >= samples / 2

    # A try that leaves too few draws all max_attempts deals; one that leaves
    # enough stops once half the samples are in (often from the pool). So the
    # search starts from the whole run dropped and keeps 1, 2, 4, 8... of its
    # readings until a try leaves too few, then halves what is between: the
    # reading the system cannot make is usually an early call of the run (a
    # human's call, then a run of passes), so one try leaves too few, not
    # three or four. If even the whole run dropped leaves too few, so does
    # every smaller m.
    found = stream(run)
    if not fits(found):
        return found, run, run
    too_few, enough, kept = known, run, 1      # m = 0 is known to leave too few
    while run - kept > too_few:
        drawn = stream(run - kept)
        if not fits(drawn):
            too_few = run - kept
            break
        enough, found, kept = run - kept, drawn, 2 * kept
    while enough - too_few > 1:
        m = (too_few + enough) // 2
        drawn = stream(m)
        if fits(drawn):
            enough, found = m, drawn
        else:
            too_few = m
    return found, enough, too_few


def _kept_part(sit: Situation, readings: List[Inference], reading: Inference, user,
               seed) -> Optional[Inference]:
    """What of a text reading that lets no deal through the hand allows, as a
    reading of its own (issue 31: over 1S with KQJT9 of spades, North still
    holds four spades and 12 points, only not the two spade honours); None
    when nothing of it can be kept, or it cannot be split."""
    terms = and_terms(reading.text)
    if reading.rules or len(terms) < 2:
        return None
    others = _constraints_by_seat(Situation(**{**sit.__dict__, "inferences": readings}), user)
    kept = terms_that_fit(sit.hand, sit.seat, reading.seat, terms, others,
                          np.random.default_rng(seed))
    if not kept or len(kept) == len(terms):
        return None
    return reading._replace(text=" and ".join(kept),
                            why=f"{reading.why} (kept in part: your hand rules out "
                                f"{' and '.join(t for t in terms if t not in kept)})")


def _dropped(relaxed: Optional[str], sit: Situation) -> List[Inference]:
    """The readings a relaxed sampling dropped (named in its warning)."""
    if not relaxed:
        return []
    return [i for i in sit.inferences if f"{i.seat}'s {i.call} ({i.text})" in relaxed]


def _partner_off_system(sit: Situation, user, relaxed: Optional[str], seed,
                        max_attempts) -> bool:
    """Has partner left the system? True when the sampling had to drop
    partner's system readings (the policy's own calls: ``_sample_softly``),
    deals fit every other reading without his, and on none of the first
    ``OFF_SYSTEM_DEALS`` of them does partner's hand make his calls by the
    policy: given the rest of the auction and the player's hand, partner's
    calls are not the system's. (When the readings fail together only
    because each is rare, partner's hand makes his calls on some of those
    deals: that is not a departure.)

    Then the samples cannot read partner's hand (his reading is gone, and his
    continuations in them are the policy's, which he is not following), so
    ``recommend`` keeps the system's call. Without this, two advisors of one
    side, each reading the other's departures as system calls, outbid each
    other up to a grand slam (issue 33: board 349 of the seed-3 match, 4S 4D
    5S 5D ... 7NT, -8,472 where the policy stopped in 3D). Ben keeps its
    network's call likewise when too few samples fit the auction.
    """
    dropped = _dropped(relaxed, sit)
    partner = sit.seat.partner.name
    if not any(d.rules and d.seat == partner for d in dropped):
        return False
    his = [i for i in sit.inferences if i.rules and i.seat == partner]
    kept = [i for i in sit.inferences if i not in his]
    try:
        deals = _stream(sit, kept, user, seed, max_attempts,
                        limit=OFF_SYSTEM_DEALS).take(OFF_SYSTEM_DEALS)
    except SamplingError:
        return False                       # the others' readings fail too: not his alone
    makes = [i.constraint() for i in his]
    seat = sit.seat.partner
    return not any(all(c(deal[seat]) for c in makes) for deal in deals)


#: The deals ``_partner_off_system`` draws without partner's system readings:
#: if his hand makes his calls by the policy on none of them, he has left it.
OFF_SYSTEM_DEALS = 100


def _stats(values: np.ndarray) -> Tuple[float, float]:
    n = len(values)
    mean = float(values.mean()) if n else 0.0
    se = float(values.std(ddof=1) / math.sqrt(n)) if n > 1 else float("inf")
    return mean, se


def _paired(rows: np.ndarray, a: int, b: int) -> Tuple[float, float]:
    """Mean and standard error of column ``a`` minus column ``b`` over the
    samples both were scored on (common random numbers: the same deals)."""
    diff = rows[:, a] - rows[:, b]
    return _stats(diff[~np.isnan(diff)])


#: The practical margin (points): a difference smaller than this does not
#: matter at the table, so two calls within it are "too close to call" and a
#: call must beat the system's call by more than it to be recommended instead.
MARGIN = 30.0
#: A call the system reads as showing what the hand does not hold (a 1NT
#: opening with one ace) is misread by a partner who bids by the system, in
#: ways the samples only partly see: it must beat the system's call by this
#: much more than the margin, and by three standard errors instead of two.
MISDESCRIBE_EXTRA = 100.0
#: Standard errors a call's lead over the system's call must exceed.
DEPART_Z = 2.0
MISDESCRIBE_Z = 3.0
#: Standard errors of the paired difference that end sampling early.
SETTLE_Z = 3.0


@dataclass(frozen=True)
class _Rule:
    """How the decision is taken: the base call (the policy's own, or None:
    the best mean), the margin, and per candidate the lead over the base it
    needs and its z (more for a call that misdescribes the hand)."""

    base: Optional[int]
    margin: float
    need: Tuple[float, ...]
    z: Tuple[float, ...]


def _decide(rows: np.ndarray, live: Tuple[int, ...], rule: _Rule) -> int:
    """The recommended candidate: the call with the best mean (ties: the
    earlier candidate) if there is no base or it beats the base (the system's
    call) by more than its ``need`` and its ``z`` standard errors of the paired
    difference; else the base. Only the best mean may displace the base: a
    call that clears the bar but scores less than another that does not is
    more likely a lucky draw among many candidates than a better call."""
    means = {k: float(np.nanmean(rows[:, k])) for k in live}
    best = max(live, key=lambda k: (round(means[k], 6), -k))
    if rule.base is None or best == rule.base:
        return best
    lead, se = _paired(rows, best, rule.base)
    if lead > rule.need[best] and (se == 0 or lead > rule.z[best] * se):
        return best
    return rule.base


def _settled(rows: np.ndarray, live: Tuple[int, ...], rule: _Rule) -> bool:
    """Is the decision settled, so that more samples would not change it?

    - Keeping the base (the system's call, or the best mean): every other live
      call's lead over it is, even at its upper bound (two standard errors
      above its mean), below what it would need (the margin; more for a call
      that misdescribes the hand). Calls that reach the same contracts differ
      by 0 ± 0 and settle at once.
    - Leaving it: the call chosen leads every other live call by more than
      ``SETTLE_Z`` standard errors."""
    chosen = _decide(rows, live, rule)
    base = chosen if rule.base is None else rule.base
    if chosen == base:
        for k in live:
            if k == base:
                continue
            lead, se = _paired(rows, k, base)
            if not math.isfinite(se) or lead + 2 * se >= rule.need[k]:
                return False
        return True
    for k in live:
        if k == chosen:
            continue
        lead, se = _paired(rows, chosen, k)
        if not (lead > 0 and (se == 0 or lead > SETTLE_Z * se)):
            return False
    return True


def _survivors(rows: np.ndarray, live: Tuple[int, ...], z: float = 3.0,
               keep: Optional[int] = None) -> Tuple[int, ...]:
    """The candidates (indices of ``rows``' columns) still worth scoring: the
    live ones that do not trail the best live one by more than ``z`` standard
    errors of the paired difference, and ``keep`` (the system's call, against
    which the others are judged). Every live column is complete (a candidate
    is scored on every sample until it is dropped)."""
    if len(live) < 2:
        return live
    cols = rows[:, list(live)]
    means = cols.mean(axis=0)
    best = int(np.argmax(means))             # the first of equal means
    out = []
    for j, k in enumerate(live):
        mean, se = _stats(cols[:, best] - cols[:, j])
        if j == best or k == keep or not (mean > 0 and (se == 0 or mean > z * se)):
            out.append(k)
    return tuple(out)


def _describes(sit: Situation, call: str) -> bool:
    """Does the system's reading of ``call`` here (``read_auction``'s text
    for it) accept the player's hand? A call it says nothing about does."""
    try:
        read = read_auction(list(sit.auction) + [call], sit.dealer, sit.rules)
    except RulesError:
        return True
    mine = [i for i in read if i.index == len(sit.auction)]
    return all(i.constraint()(sit.hand) for i in mine)


def _policy_call(sit: Situation, policy: Optional[Policy]) -> Optional[str]:
    """The bidding policy's own call for the player's hand (None when there
    is no policy or it cannot call this hand, e.g. a Kitty game's 12 cards)."""
    if policy is None or len(sit.hand) != 13:
        return None
    try:
        return policy.call(sit.hand, seat=sit.seat, dealer=sit.dealer,
                           auction=list(sit.auction)).call
    except (RulesError, ValueError):
        return None


def _rule(sit: Situation, policy_call: Optional[str], margin: float,
          describes: Sequence[bool], hold: bool = False) -> _Rule:
    """How ``recommend`` decides; ``hold``: the system's call (if any) stands
    whatever the samples say (partner has left the system)."""
    calls = [c[0] for c in sit.candidates]
    base = calls.index(policy_call) if policy_call in calls else None
    if base is None:                       # the best mean decides: no call is favoured
        describes = [True] * len(calls)
    need = tuple(margin if ok else margin + MISDESCRIBE_EXTRA for ok in describes)
    if hold and base is not None:
        need = tuple(0.0 if k == base else math.inf for k in range(len(calls)))
    z = tuple(DEPART_Z if ok else MISDESCRIBE_Z for ok in describes)
    return _Rule(base, margin, need, z)


#: The most samples ``recommend`` draws: more would only take longer (hours at
#: this size) without changing a call.
MAX_SAMPLES = 100_000
#: With the policy's continuation, the samples on which each candidate's own
#: contract is solved for its *stands* figures (``mean_stands``, ``p_make``,
#: ``tricks``): the first 32. The decision never uses them (the continuation's
#: final contracts are scored), and past 32 samples they cost a fifth to a half
#: of an advice's searches (issue 32, benchmarks/README.md); ``None``: every sample.
STAND_SAMPLES = 32


def recommend(hand, *, seat, dealer, auction: Union[str, Sequence[str]] = (), rules="vint",
              samples: int = 200, seed: Optional[int] = None,
              constraints: Optional[Mapping[str, Union[str, Callable]]] = None,
              reply="policy", strains=None, workers: Optional[int] = None,
              min_samples: int = 32, early_stop: bool = True, prune: bool = True,
              max_attempts: int = DEFAULT_MAX_ATTEMPTS,
              progress: Optional[Callable[[int, int], None]] = None,
              cache: Optional[AdviceCache] = None, exchange: bool = True,
              courts_nodes: int = COURTS_NODES, seconds: Optional[float] = None,
              margin: float = MARGIN, keep_policy: bool = True,
              stands_samples: Optional[int] = STAND_SAMPLES) -> Recommendation:
    """The call with the highest expected net score for the player's side.

    ``hand``: a ``Hand`` or PBN text (S.H.D.C); ``seat`` the player's seat,
    ``dealer`` the dealer's; ``auction`` the calls so far from the first
    caller (``("1S", "P")`` or ``"1S P"``); ``rules`` a game's name;
    ``samples`` deals to sample; ``seed`` makes the answer repeatable;
    ``constraints``: ``{seat: "hcp >= 12 and hearts >= 5" or function(Hand)}``.

    ``reply``: how the bidding goes on after each call. ``"policy"`` (the
    default): every seat, ours included, calls by the bidding policy
    (``advisor.bidding.policy``), seeing only its own hand, until the auction
    ends, and that contract is scored; ``"par"``: the old full-information
    reply, in which the opponents outbid exactly when it pays in that sample
    (``advisor.par.AuctionGame``); ``"none"``: each call is the final
    contract (``True``/``False`` mean ``"par"``/``"none"``);
    ``strains`` overrides our strains (e.g. ``["H", "NT"]``); ``workers``
    threads solve samples (default: all cores; the answer does not depend on
    it). ``samples`` is the most deals solved: they are solved in rounds of
    ``CHUNK``, every candidate on the same deals (paired differences), and
    ``early_stop`` ends sampling once the decision is settled (``_settled``),
    after ``min_samples``; ``seconds`` (None: no limit) ends it when the time
    is up (``stopped_by_time``; a time budget makes the answer depend on the
    machine's speed, the sample count does not). ``keep_policy``
    (``reply="policy"``): the bidding policy's own call is the recommendation
    unless another call beats it, on the paired difference, by more than
    ``margin`` points and two standard errors (a call whose system reading
    does not fit the hand: by ``MISDESCRIBE_EXTRA`` more and three standard
    errors); ``margin`` is also the difference below which two calls are
    "too close to call". ``prune`` (``reply="policy"`` only) stops scoring,
    and solving for, a call that trails the best by 3 standard errors after
    ``min_samples`` (never the policy's call)
    (checked every ``CHUNK`` samples; its figures then cover the samples it
    was scored on, ``Candidate.samples``); ``progress(done, total)`` is
    called as samples are solved; ``cache``
    (an ``AdviceCache``) shares sampled deals and solved tricks with the
    other calls of the same auction that are given the same cache.

    ``stands_samples`` (``reply="policy"``): the candidates' own contracts, the
    *if it stands* figures (``Candidate.mean_stands``, ``p_make``, ``tricks``,
    ``stands``), are solved on the first ``stands_samples`` samples only
    (default ``STAND_SAMPLES``, 32; None: on every sample; 0: on none, their
    figures then empty or None, as the auction review asks: it shows only the
    means); the decision and ``mean`` do not depend on it.

    Skruuvi: each sample's final contract is solved on the deal after the
    card exchange it brings (``advisor.valuation.exchange``; ``exchange=False``: on the
    deal as sampled). In the Kitty game give the 12 cards held before the
    exchange; the unseen cards are dealt 12 a hand and 4 to the kitty.

    Semi-contract: the Courts, misère Courts and misère contracts are solved
    by ``advisor.valuation.courts`` with ``courts_nodes`` nodes a solve (default
    ``courts.ADVICE_NODES``); a solve that runs out scores an estimate
    within the tricks it proved (``courts.estimate``), and ``warning`` says
    on how many samples.

    Bad input raises a ``ValueError`` subclass (``AdviseError``,
    ``RulesError``, ``ConstraintError``, ``SamplingError``, ``ParseError``...).
    """
    start = time.perf_counter()
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise AdviseError(f"samples must be a whole number >= 1, not {samples!r}")
    if samples > MAX_SAMPLES:
        raise AdviseError(f"samples must be at most {MAX_SAMPLES:,} (the standard error of a "
                          f"mean is already tiny there), not {samples:,}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise AdviseError(f"seed must be a whole number >= 0 (or None), not {seed!r}")
    reply = _read_reply(reply)
    if isinstance(courts_nodes, bool) or not isinstance(courts_nodes, int) or courts_nodes < 1:
        raise AdviseError(f"courts_nodes must be a whole number >= 1, not {courts_nodes!r}")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not math.isfinite(seconds) or seconds <= 0):
        raise AdviseError(f"seconds must be a number of seconds > 0 (or None: no time limit), "
                          f"not {seconds!r}")
    if isinstance(margin, bool) or not isinstance(margin, (int, float)) \
            or not math.isfinite(margin) or margin < 0:
        raise AdviseError(f"margin must be a number of points >= 0, not {margin!r}")
    if isinstance(min_samples, bool) or not isinstance(min_samples, int) or min_samples < 1:
        raise AdviseError(f"min_samples must be a whole number >= 1, not {min_samples!r}")
    if stands_samples is not None and (isinstance(stands_samples, bool)
                                       or not isinstance(stands_samples, int)
                                       or stands_samples < 0):
        raise AdviseError(f"stands_samples must be a whole number >= 0 (0: none; None: every "
                          f"sample), not {stands_samples!r}")
    workers = workers or os.cpu_count() or 1
    sit = (prepare if cache is None else cache.situation)(
        hand, seat=seat, dealer=dealer, auction=auction, rules=rules, strains=strains,
        exchange=exchange)
    sit.courts_nodes = courts_nodes
    pool_key = (sit.seat, sit.hand.mask)
    pool = cache.deals.get(pool_key, ()) if cache is not None else ()
    drawn, relaxed = _sample_softly(sit, constraints, samples, seed, max_attempts, pool,
                                    None if cache is None else cache.too_few)
    if cache is not None:
        cache.deals[pool_key] = drawn
    policy = None
    if reply == "policy":
        policy = Policy(sit.rules) if cache is None else cache.policy(sit.rules)
    pruning = prune and reply == "policy"
    live: Tuple[int, ...] = tuple(range(len(sit.candidates)))
    policy_call = _policy_call(sit, policy) if keep_policy else None
    describes = [_describes(sit, call) for call, _, _ in sit.candidates]
    off_system = (policy_call is not None and relaxed is not None
                  and _partner_off_system(sit, constraints, relaxed, seed, max_attempts))
    rule = _rule(sit, policy_call, float(margin), describes, hold=off_system)
    if rule.base is None:
        policy_call = None
        off_system = False

    def solve(deal, live, stands):
        return value_sample(sit, deal, policy=policy, par_reply=reply == "par", cache=cache,
                            live=live, stands=stands)

    def with_stands(i: int) -> bool:
        """Is sample ``i``'s *stands* row solved? (Only the policy's continuation
        scores without it; the other replies score the stands values themselves.)"""
        return reply != "policy" or stands_samples is None or i < stands_samples

    nan = float("nan")
    rows, stand_rows, all_tricks, final_rows = [], [], [], []
    unplayable = estimated = courts_rough = aces_by_mean = 0
    stopped = by_time = False
    while True:
        lo = len(rows)
        batch = drawn.take(lo + CHUNK)[lo:]       # drawn as the rounds ask for them
        if not batch:                              # the sampler ran out of attempts
            break
        with quick_switching(workers):
            solved = map_threads(lambda job, live=live: solve(job[1], live,
                                                              with_stands(job[0])),
                                 list(enumerate(batch, lo)), workers)
        for i, (deal, (valuer, extra)) in enumerate(zip(batch, solved), lo):
            stands = [_stand(sit, valuer, c, d) if k in live and with_stands(i) else nan
                      for k, (_, c, d) in enumerate(sit.candidates)]
            stand_rows.append(stands)
            if reply == "policy":
                unplayable += sum(f is not None and f[0] == "?" for f in extra)
                final_rows.append(extra)
                rows.append([nan if f is None else 0 if f[0] == "?"
                             else _ours(sit, valuer.score(*f)) for f in extra])
            elif reply == "par":
                rows.append(_reply_values(sit, valuer, extra))
            else:
                rows.append(stands)
            all_tricks.append(valuer.solved)
            estimated += bool(valuer.misere_bounds)
            aces_by_mean += valuer.aces_by_mean
            courts_rough += bool(valuer.rough)
        if progress is not None:
            progress(len(rows), _expected(drawn, samples))
        if len(rows) >= _expected(drawn, samples):
            break
        if seconds is not None and time.perf_counter() - start >= seconds:
            by_time = stopped = True
            break
        if len(rows) < min_samples:
            continue
        table = np.array(rows, dtype=float)
        if pruning:
            live = _survivors(table, live, keep=rule.base)
        if early_stop and _settled(table, live, rule):
            stopped = True
            break
    used = drawn.deals[:len(rows)]
    table = np.array(rows, dtype=float)
    chosen = _decide(table, live, rule)
    candidates = _candidates(sit, all_tricks, table, np.array(stand_rows, dtype=float), live,
                             final_rows, first=chosen, describes=describes)
    warnings = [w for w in (drawn.warning(), relaxed) if w]
    if exchange and sit.exchange is None and sit.rules.exchange_style == "kitty":
        warnings.append("a Kitty game hand holds 12 cards before the exchange; with 13 the "
                        "deal is solved as dealt, without the kitty and the card exchange")
    if estimated:
        warnings.append(f"on {estimated} of {len(rows)} samples a misère or all-pass value is "
                        f"a rough estimate: the misère trick search stopped at its budget "
                        f"({ADVICE_NODES:,} nodes; an exact full-deal misère takes seconds) "
                        f"and an estimate within the tricks it proved is scored (the "
                        f"bounds' middle averaged with a quick playout; off by "
                        f"{ESTIMATE_ERROR:.2f} tricks on average on random test deals)")
    if aces_by_mean:
        warnings.append(f"on {aces_by_mean} of {len(rows)} samples a misère or all-pass misère "
                        f"is scored: its ace penalties by their mean worth on random deals "
                        f"(ACES_MEAN), not that deal's, which the exact search would take "
                        f"about a minute to find; one deal's aces differ from the mean by "
                        f"about {ACES_SPREAD} points")
    if courts_rough:
        warnings.append(f"on {courts_rough} of {len(rows)} samples a Courts or misère value is "
                        f"a rough estimate: the general solver stopped at its budget "
                        f"({courts_nodes:,} nodes; an exact Courts solve takes 0.1-1 s) and "
                        f"an estimate within the tricks it proved is scored (the target of the "
                        f"test it stopped in; off by about a trick on average on test deals)")
    if by_time:
        warnings.append(f"the time budget ({seconds:g} s) ran out after {len(rows)} of "
                        f"{_expected(drawn, samples)} samples: another machine, or a busier "
                        f"one, may stop elsewhere (give samples alone for a repeatable answer)")
    if unplayable:
        warnings.append(f"{unplayable} continuation(s) ended in a contract the double-dummy "
                        "table cannot play (misère, all-pass); they are valued 0")
    rec = Recommendation(
        call=candidates[0].call, reason="", candidates=candidates, samples=len(used),
        seconds=0.0, seat=sit.seat.name, dealer=sit.dealer.name, auction=sit.auction,
        rules=sit.rules.name, hand=sit.hand.to_pbn(), seed=seed, reply=reply,
        warning="; ".join(warnings) or None, stopped_early=stopped, attempts=drawn.attempts,
        policy_call=policy_call, margin=float(margin), stopped_by_time=by_time,
        partner_off_system=off_system,
        inferences=[i for i in sit.inferences if i not in _dropped(relaxed, sit)],
        deals=used, tricks=all_tricks)
    rec.reason = _reason(rec, table, sit, final_rows)
    rec.seconds = time.perf_counter() - start
    return rec


#: Python's switch interval (seconds) while the workers solve a round of
#: samples. A worker back from a search (which releases the GIL) waits for the
#: GIL up to this long while the other runs Python (the policy's
#: continuations); at Python's default, 5 ms, the searches queued behind the
#: continuations and a second worker made the review slower than one (issue
#: 32, benchmarks/README.md). The answers do not depend on it.
SWITCH_INTERVAL = 0.0005
_SWITCHING = threading.Lock()
_switch_users = [0, 0.0]          # the rounds running now, and the interval before them


@contextlib.contextmanager
def quick_switching(workers: int):
    """``SWITCH_INTERVAL`` for the duration, with more than one worker (the
    interpreter's setting is the process's: the first of several rounds at once
    sets it and the last puts the one before back)."""
    if workers <= 1:
        yield
        return
    with _SWITCHING:
        if _switch_users[0] == 0:
            _switch_users[1] = sys.getswitchinterval()
            sys.setswitchinterval(min(SWITCH_INTERVAL, _switch_users[1]))
        _switch_users[0] += 1
    try:
        yield
    finally:
        with _SWITCHING:
            _switch_users[0] -= 1
            if _switch_users[0] == 0:
                sys.setswitchinterval(_switch_users[1])


def _expected(drawn: DealStream, samples: int) -> int:
    """The samples an advice solves at most: ``samples``, or as many deals as
    fitted when the sampler ran out of attempts before them."""
    return len(drawn.deals) if drawn.exhausted else samples


def _final_text(sit: Situation, final) -> str:
    """One continuation's final contract in words: ``"4H by E"``, ``"thrown in"``,
    ``"the all-pass misère"``, or where the table cannot play it."""
    contract, declarer = final
    if contract == "?":
        return "a contract the table cannot play"
    if contract is None:
        return "thrown in"
    if contract == sit.rules.all_pass_contract and declarer is None:
        return "the all-pass misère" if sit.rules.all_pass_scores else "thrown in"
    return contract if declarer is None else f"{contract} by {declarer.name}"


def _ends(sit: Situation, final_rows, k: int) -> List[Tuple[str, int]]:
    """Candidate ``k``'s final contracts over the samples it was scored on,
    most often first (ties: the first met)."""
    counts: Dict[str, int] = {}
    for finals in final_rows:
        if finals[k] is not None:
            text = _final_text(sit, finals[k])
            counts[text] = counts.get(text, 0) + 1
    return sorted(counts.items(), key=lambda item: -item[1])


def _candidates(sit: Situation, all_tricks, rows, stand_rows, live,
                final_rows=(), first: Optional[int] = None,
                describes: Optional[Sequence[bool]] = None) -> List[Candidate]:
    out = []
    for k, (call, contract, declarer) in enumerate(sit.candidates):
        scored = ~np.isnan(rows[:, k])             # a dropped candidate: its first samples
        stood = scored & ~np.isnan(stand_rows[:, k])   # its stands: the first stands_samples
        values, stands = rows[scored, k], stand_rows[stood, k]
        mean, se = _stats(values)
        c = Candidate(call, contract, None if declarer is None else declarer.name, mean, se,
                      float(stands.mean()) if len(stands) else 0.0,
                      samples=int(scored.sum()),
                      scores=[int(v) for v in values], stands=[int(v) for v in stands],
                      ends=_ends(sit, final_rows, k),
                      describes=True if describes is None else bool(describes[k]))
        misere = extra_strain(sit.rules, contract) in sit.rules.losing_strains
        if contract is not None and len(stands) and is_misere(sit.rules, contract):
            # A misère scores above 0 for its side exactly when it makes, by its
            # trick score: the aces' mean (ACES_MEAN) taken back out.
            aces = aces_mean(sit.rules, contract, sit.rules.opening_leader(declarer))
            c.p_make = float((stands - (aces if sit.side == "NS" else -aces) > 0).mean())
        elif contract is not None and len(stands):
            key = trick_key(sit.rules, contract, declarer, sit.exchange)
            taken = [t[key] for t, ok in zip(all_tricks, stood) if ok]
            need = sit.rules.contract(contract).tricks_needed
            c.tricks = [taken.count(n) for n in range(14)]
            # a semi-contract misère makes when its side loses enough tricks
            c.p_make = sum((13 - n if misere else n) >= need for n in taken) / len(taken)
        out.append(c)
    # Best first. A call dropped early (``prune``) was scored on the first
    # samples only, so its own mean is not comparable with the others': every
    # call is placed by how far it trails the best live call on the samples
    # both were scored on (for the live calls: the difference of their means).
    # Ties: the earlier candidate (pass, then the lower bid). ``first``: the
    # call recommended (``_decide``: the system's call unless beaten clearly),
    # placed first; the others by how far they trail it.
    live_k = [k for k in range(len(out)) if k in live] or list(range(len(out)))
    top = first if first is not None else max(live_k, key=lambda k: (round(out[k].mean, 6), -k))

    def trails(k: int) -> float:
        diff = rows[:, top] - rows[:, k]
        diff = diff[~np.isnan(diff)]
        return round(float(diff.mean()), 6) if len(diff) else math.inf

    order = sorted(range(len(out)), key=lambda k: (k != top, trails(k), k))
    return [out[k] for k in order]


def _pass_what(sit: Situation, best: Candidate, final_rows, k: int) -> str:
    """Why a pass with nothing bid: where the auction goes from there (who
    declares how often, and the contract seen most often)."""
    finals = [f[k] for f in final_rows if f[k] is not None]
    if not finals:                         # no continuation (reply "par" or "none")
        return "Passing"
    n = len(finals)
    text, most = best.ends[0]
    if most == n:
        return f"Passing (the auction then ends in {text} on every sample)"
    them = sum(d is not None and d.side != sit.side for _, d in finals)
    us = sum(d is not None and d.side == sit.side for _, d in finals)
    parts = []
    if them:
        parts.append(f"the opponents declare on {them / n:.0%} of samples")
    if us:
        parts.append(f"our side on {us / n:.0%}")
    no_declarer: Dict[str, int] = {}       # thrown in, the all-pass misère...
    for final in finals:
        if final[1] is None:
            words = _final_text(sit, final)
            no_declarer[words] = no_declarer.get(words, 0) + 1
    parts += [f"{words} on {k / n:.0%}" for words, k in no_declarer.items()]
    return f"Passing ({', '.join(parts)}; most often {text})"


def _same_ends(final_rows, k1: int, k2: int) -> bool:
    """Do two candidates' continuations end in the same contract on every
    sample both were scored on (so they score the same)?"""
    both = [(f[k1], f[k2]) for f in final_rows if f[k1] is not None and f[k2] is not None]
    return bool(both) and all(a == b for a, b in both)


def _reason(rec: Recommendation, rows: np.ndarray, sit: Situation, final_rows=()) -> str:
    best = rec.candidates[0]
    n = rec.samples
    if best.call == PASS:
        if best.contract is None:
            what = _pass_what(sit, best, final_rows,
                              [c[0] for c in sit.candidates].index(PASS))
        else:
            what = (f"Passing ({best.contract} by {best.declarer} makes in {best.p_make:.0%})"
                    if best.p_make is not None else
                    f"Passing ({best.contract} by {best.declarer} stands)")
        head = f"{what} scores {best.mean:+.0f} on average over {n} samples"
    elif not best.stands:                   # stands_samples=0: its own contract not solved
        head = f"{best.call} scores {best.mean:+.0f} on average over {n} samples"
    elif len(best.stands) < best.samples:   # its own contract solved on the first samples only
        head = (f"{best.call} makes in {best.p_make:.0%} of the first {len(best.stands)} "
                f"samples and scores {best.mean:+.0f} on average over {n}")
    else:
        head = (f"{best.call} makes in {best.p_make:.0%} of {n} samples "
                f"and scores {best.mean:+.0f} on average")
    if len(rec.candidates) < 2:
        return head + "; it is the only call considered."
    second = rec.candidates[1]
    k1 = [c[0] for c in sit.candidates].index(best.call)
    k2 = [c[0] for c in sit.candidates].index(second.call)
    other = "passing" if second.call == PASS else second.call
    if final_rows and _same_ends(final_rows, k1, k2):
        # Not a close call: both lead to the same contract, so either does;
        # the lower (the earlier candidate) is named.
        return (f"{head}; {other} leads to the same final contract on every sample "
                f"(either call does as well).")
    diff, se = _paired(rows, k1, k2)    # the samples both were scored on
    se_text = "" if not math.isfinite(se) else f" ± {se:.0f}"
    margin = rec.margin
    system = rec.policy_call
    if rec.partner_off_system and best.call == system:
        partner = Seat[rec.seat].partner.name
        more = (f"; {other} scores {-diff:.0f}{se_text} points more on them"
                if diff < 0 else f", ahead of {other} by {diff:.0f}{se_text} points")
        return (f"{head} (the system's call){more}. The system's call stands: "
                f"{partner}'s calls are not the system's with any hand the sampler found "
                f"that fits the rest of the auction beside yours, so the samples cannot "
                f"read his hand.")
    if system is not None and best.call != system:
        # Leaving the system's call: say why (it won clearly, on the same deals).
        kp = [c[0] for c in sit.candidates].index(system)
        lead, lead_se = _paired(rows, k1, kp)
        sys_name = "passing" if system == PASS else system
        why = (f"it beats the system's call, {sys_name}, by {lead:.0f} ± {lead_se:.0f} points "
               f"on the same deals: more than {DEPART_Z if best.describes else MISDESCRIBE_Z:g} "
               f"standard errors and the {margin + (0 if best.describes else MISDESCRIBE_EXTRA):g}-"
               f"point margin")
        if not best.describes:
            why += (f" (the system reads {best.call} as showing what this hand does not hold, "
                    f"so a partner bidding by it misreads the hand: it must win by more)")
        if second.call == system:
            return f"{head}; {why}."
        if math.isfinite(se) and diff > 2 * se:
            return f"{head}, beating {other} by {diff:.0f}{se_text} points; {why}."
        if abs(diff) <= margin:
            rec.too_close = True
            return (f"Too close to call: {best.call} and {other} ({head}; its lead, "
                    f"{diff:.0f}{se_text} points, is within two standard errors and the "
                    f"{margin:g}-point margin); {why}.")
        return (f"{head}, ahead of {other} by {diff:.0f}{se_text} points (within two standard "
                f"errors); {why}.")
    mark = " (the system's call)" if system is not None else ""
    if math.isfinite(se) and diff > 2 * se and diff > 0:
        return f"{head}{mark}, beating {other} by {diff:.0f}{se_text} points."
    if system is not None and diff < 0:
        # The system's call kept although another call's mean is higher: its
        # lead is within the noise or the margin.
        lead = -diff
        need = margin if second.describes else margin + MISDESCRIBE_EXTRA
        if lead <= margin:
            rec.too_close = True
            return (f"Too close to call: {best.call} and {other} ({head}{mark}; {other} "
                    f"scores {lead:.0f}{se_text} points more, within the {margin:g}-point "
                    f"margin), so the system's call stands.")
        return (f"{head}{mark}; {other} scores {lead:.0f}{se_text} points more, not enough to "
                f"leave the system (it would need more than {need:g} points and "
                f"{DEPART_Z if second.describes else MISDESCRIBE_Z:g} standard errors).")
    if system is not None and diff > margin:
        # The system's call, ahead: another call would have to overtake it and
        # then beat it clearly, so it stands even where the lead is not yet sure.
        return f"{head}{mark}, ahead of {other} by {diff:.0f}{se_text} points."
    if abs(diff) <= margin or not math.isfinite(se):
        rec.too_close = True
        return (f"Too close to call: {best.call} and {other} ({head}{mark}; its lead, "
                f"{diff:.0f}{se_text} points, is within two standard errors and the "
                f"{margin:g}-point margin).")
    return (f"{head}{mark}, ahead of {other} by {diff:.0f}{se_text} points (within two "
            f"standard errors: more samples could change it).")
