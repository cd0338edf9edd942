"""The interface every game's rules share, and the pieces they have in common.

A rule set (``RuleSet`` subclass) knows how to

- read a contract (``"4D"``, ``"7NT"``, game-specific ones such as ``"5M"``),
- score one deal (``score``) into a ``DealScore`` with points above and below
  the line for each side,
- run an auction (``auction_state``, ``auction_legal_calls``,
  ``auction_is_over``, ``auction_result``), with the game's opening leader
  (``opening_leader``) and the name of the bidding system that reads its
  calls (``bidding_system``),
- start a ``ScoreSheet`` that adds deals up into games and rubbers.

Every game's ``score(deal, contract, declarer, tricks, **options)`` takes the
same four required arguments; its options (``trick_winners``, ``doubled``,
``aces_taken``, ``vulnerable``...) are keyword-only, and one a game does not
use is refused with a ``RulesError``.

Sides are the strings ``"NS"`` and ``"EW"``; seats are ``"N" "E" "S" "W"``
(or ``solver.cards.Seat``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from solver.cards import Card, Deal, Seat, Strain
from solver.errors import VintError
from solver.objective import Objective

SIDES = ("NS", "EW")
PASS = "P"

# The trump suit of a strain letter, as the solver's cards number them.
SUIT_OF = {"S": Strain.S, "H": Strain.H, "D": Strain.D, "C": Strain.C}
HONOUR_RANKS = (14, 13, 12, 11, 10)  # A K Q J 10
ACE = 14


class RulesError(VintError):
    """Bad input to a rule set: unknown game, contract, seat, call or trick count."""


# --------------------------------------------------------------------------
# Seats and sides

def parse_seat(seat) -> Seat:
    """Read a seat (``"N"``, ``"north"``, ``Seat.N``), raising ``RulesError``."""
    try:
        return Seat.parse(seat)
    except ValueError:
        raise RulesError(f"unknown seat {seat!r}: use N, E, S or W") from None


def side_of(seat) -> str:
    """``"NS"`` or ``"EW"``: the partnership a seat belongs to."""
    return parse_seat(seat).side


def other_side(side: str) -> str:
    """The opposing partnership."""
    side = parse_side(side)
    return "EW" if side == "NS" else "NS"


def parse_side(side) -> str:
    """Read ``"NS"`` / ``"EW"`` (any case), raising ``RulesError``."""
    if isinstance(side, str) and side.strip().upper() in SIDES:
        return side.strip().upper()
    raise RulesError(f"unknown side {side!r}: use NS or EW")


def side_or_seat(who) -> str:
    """A side (``"NS"``/``"EW"``) given directly or as one of its seats."""
    if isinstance(who, str) and who.strip().upper() in SIDES:
        return who.strip().upper()
    return side_of(who)


def check_tricks(tricks, total: int = 13) -> int:
    """A trick count must be a whole number 0..total."""
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= total:
        raise RulesError(f"tricks must be a whole number from 0 to {total}, not {tricks!r}")
    return tricks


# --------------------------------------------------------------------------
# Contracts

@dataclass(frozen=True)
class Contract:
    """A bid or final contract: a level 1..7 and a denomination.

    ``strain`` is the game's canonical letter(s): ``S C D H NT`` and, in some
    games, ``M`` (misère) and others.
    """

    level: int
    strain: str

    def __str__(self) -> str:
        # Level 0 marks a contract nobody bid, such as Skruuvi's all-pass misère.
        return f"{self.level}{self.strain}" if self.level else self.strain

    @property
    def tricks_needed(self) -> int:
        """Tricks the declaring side undertakes to win (six plus the level)."""
        return 6 + self.level

    @property
    def trumps(self) -> Optional[Strain]:
        """The trump suit, or None without trumps."""
        return SUIT_OF.get(self.strain)


#: The longest text read as a contract (a longer one is refused, not parsed).
_MAX_CONTRACT = 40


def _split_contract(text: str) -> Optional[Tuple[str, str]]:
    """``"3 NT"`` -> ``("3", "NT")``: the level's digits and the strain's name, or
    None. Linear in the text (no regular expression to backtrack)."""
    text = text.strip()
    digits = len(text) - len(text.lstrip("0123456789"))
    name = text[digits:].strip()
    if not digits or not name or name[0].isdigit() or not text[:digits].isascii():
        return None
    return text[:digits], name


def parse_contract(text, strains: Dict[str, str], levels: Iterable[int]) -> Contract:
    """Read ``"4D"``, ``"3 NT"``, ``"5m"`` using a game's table of strain names.

    ``strains`` maps every accepted spelling (upper case) to the canonical one.
    """
    if isinstance(text, Contract):
        text = str(text)
    if not isinstance(text, str):
        raise RulesError(f"cannot read a contract from {text!r}")
    if len(text) > _MAX_CONTRACT:
        raise RulesError(f"cannot read contract {text[:_MAX_CONTRACT]!r}...: "
                         f"{len(text)} characters is too long for a contract")
    parts = _split_contract(text)
    levels = tuple(levels)
    if parts is None or len(parts[0]) > 2:
        raise RulesError(f"cannot read contract {text!r}: write a level and a strain, e.g. 4D")
    level, name = int(parts[0]), parts[1].upper()
    if name not in strains:
        known = ", ".join(sorted(set(strains.values())))
        raise RulesError(f"unknown strain {parts[1]!r} in contract {text!r}: use {known}")
    if level not in levels:
        raise RulesError(f"contract {text!r} has level {level}: levels are "
                         f"{levels[0]} to {levels[-1]}")
    return Contract(level, strains[name])


STANDARD_STRAINS = {"S": "S", "C": "C", "D": "D", "H": "H", "NT": "NT", "N": "NT",
                    "♠": "S", "♣": "C", "♦": "D", "♥": "H"}


# --------------------------------------------------------------------------
# Counting cards: honours and aces

def count_by_side(deal: Deal, cards: Sequence[Tuple[int, int]]) -> Dict[str, int]:
    """How many of ``cards`` ((suit, rank) pairs) each side holds."""
    wanted = 0
    for s, r in set(cards):
        wanted |= Card(s, r).mask
    counts = {"NS": 0, "EW": 0}
    for seat in Seat:             # one mask test a hand: the advisor scores thousands of deals
        counts[seat.side] += bin(deal[seat].mask & wanted).count("1")
    return counts


def trump_honours(deal: Deal, trumps: Strain) -> Dict[str, int]:
    """Trump honours (A K Q J 10 of trumps) held by each side."""
    return count_by_side(deal, [(int(trumps), r) for r in HONOUR_RANKS])


def aces(deal: Deal) -> Dict[str, int]:
    """Aces held by each side."""
    return count_by_side(deal, [(s, ACE) for s in range(4)])


def runs(ranks: Sequence[int]) -> List[List[int]]:
    """The unbroken sequences in some ranks (high first): [14, 13, 12, 9, 8] ->
    [[14, 13, 12], [9, 8]]."""
    out: List[List[int]] = []
    for r in ranks:
        if out and out[-1][-1] == r + 1:
            out[-1].append(r)
        else:
            out.append([r])
    return out


def check_deal(deal) -> Optional[Deal]:
    """``None`` or a full ``solver.cards.Deal`` (PBN text is read too)."""
    if deal is None or isinstance(deal, Deal):
        pass
    elif isinstance(deal, str):
        try:
            deal = Deal.from_pbn(deal)
        except ValueError as exc:
            raise RulesError(f"cannot read the deal: {exc}") from None
    else:
        raise RulesError(f"deal must be a solver.cards.Deal, PBN text or None, not {deal!r}")
    if deal is not None and any(len(deal[s]) != 13 for s in Seat):
        raise RulesError("scoring honours and aces needs the full deal, 13 cards a hand")
    return deal


# --------------------------------------------------------------------------
# The score of one deal

@dataclass
class DealScore:
    """What one deal scores, side by side, above and below the line.

    ``items`` lists every entry as ``(side, "above"/"below", points, why)``, so a
    score can be explained; ``trick_winners`` (sides, in play order) is kept when
    the play is known, for a score sheet that must know who reached game first.
    """

    contract: Optional[str]
    declarer: Optional[str]
    tricks: Optional[int]
    trick_value: int = 0
    below: Dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    above: Dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    items: List[Tuple[str, str, int, str]] = field(default_factory=list)
    trick_winners: Optional[Tuple[str, ...]] = None
    #: Points below the line by column, for games that keep columns
    #: (semi-contract: side -> {"A": .., "B": .., "C": ..}).
    columns: Optional[Dict[str, Dict[str, int]]] = None
    #: The side that revoked (renounced) in this deal, in games whose score
    #: sheet then limits it (Siberian Vint: it cannot reach game this deal).
    revoke: Optional[str] = None

    def add(self, side: str, where: str, points: int, why: str) -> None:
        """Write ``points`` for ``side`` above or below the line (0 is skipped)."""
        if points:
            getattr(self, where)[side] += points
            self.items.append((side, where, points, why))

    def total(self, side: str) -> int:
        side = parse_side(side)
        return self.below[side] + self.above[side]

    def net(self, side: str) -> int:
        """That side's total for the deal minus the other side's."""
        side = parse_side(side)
        return self.total(side) - self.total(other_side(side))


def score_all_tricks(result: DealScore, won: Dict[str, int],
                     slams: Optional[Dict[int, int]] = None) -> None:
    """Vint's rule: both sides score every trick they win below the line.

    ``slams`` (tricks -> points) also scores 12 or 13 tricks above the line for
    whichever side wins them, bid or not (docs/rules.md, "vint / Slam Bonuses").
    """
    for side, n in won.items():
        result.add(side, "below", n * result.trick_value, f"{n} tricks at {result.trick_value}")
        if slams:
            result.add(side, "above", slams.get(n, 0), f"{n} tricks won")


def trick_winner_sides(trick_winners, expected: Optional[Dict[str, int]] = None):
    """Read the winners of the tricks in play order (seats or sides) as sides.

    ``expected`` (side -> tricks) is checked against the count when given.
    """
    if trick_winners is None:
        return None
    sides = [side_or_seat(w) for w in trick_winners]
    if len(sides) > 13:
        raise RulesError(f"a deal has 13 tricks, not {len(sides)} trick winners")
    if expected is not None and len(sides) == 13:
        for side, n in expected.items():
            if sides.count(side) != n:
                raise RulesError(f"trick_winners give {side} {sides.count(side)} tricks, "
                                 f"but the score says {n}")
    return tuple(sides)


# --------------------------------------------------------------------------
# Auctions

def normalise_call(call) -> str:
    """``"P"`` for a pass (``"Pass"``, ``"p"``, ``"-"``), otherwise the text upper-cased."""
    if not isinstance(call, str) or not call.strip():
        raise RulesError(f"cannot read call {call!r}")
    text = call.strip().upper()
    if text in ("P", "PASS", "-"):
        return PASS
    return text


def split_calls(auction) -> List[str]:
    """An auction given as text (``"1S P 2H"``) or as a list of calls, as a list."""
    return auction.split() if isinstance(auction, str) else list(auction)


@dataclass
class AuctionState:
    """Where an auction stands after some calls (``RuleSet.auction_state``).

    ``calls``: the calls, normalised (``"P"``, ``"1S"``, ``"X"``);
    ``last_bid``: the highest bid so far and ``last_bidder`` its index in
    ``calls``; ``bidders``: the index of every bid; ``passes``: passes since
    the last bid or double (or since the start); ``doubled``: 0, 1 (X) or 2
    (XX) on the last bid; ``over``: the auction has ended.
    """

    calls: List[str] = field(default_factory=list)
    last_bid: Optional[Contract] = None
    last_bidder: Optional[int] = None
    bidders: List[int] = field(default_factory=list)
    passes: int = 0
    doubled: int = 0
    over: bool = False

    @property
    def index(self) -> int:
        """The index the next call will have."""
        return len(self.calls)


class RuleSet:
    """Base class of the games' rule sets.

    Subclasses set ``name``, ``strain_order`` (the denominations, lowest first),
    ``levels`` and the auction's pass counts, and write ``score``.
    """

    name = "?"
    strain_order: Tuple[str, ...] = ("S", "C", "D", "H", "NT")
    strain_names: Dict[str, str] = STANDARD_STRAINS
    levels: Tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
    #: Passes after the last bid that end the auction.
    passes_after_bid = 3
    #: Passes with no bid at all that end the auction (the deal is thrown in
    #: or, in some games, an all-pass game is played).
    passes_without_bid = 4
    #: May a player bid over his or her own bid with no one bidding between?
    may_overcall_self = True
    #: Are "X" (double) and "XX" (redouble) calls?
    allows_doubles = False
    #: Who calls first: 0 the dealer, 1 the dealer's left-hand player.
    first_caller = 0
    #: The bidding system the advisor reads this game's calls with
    #: (``advisor.bidding.system``): ``"vint"`` (seed 004) or ``"skruuvi"`` (seed 002).
    bidding_system = "vint"
    #: Does the first auction end in a kitty bid that the main players may
    #: have to raise (Skruuvi, seed 002: ``extended_auction_result``)?
    has_kitty_bids = False
    #: Do the defenders double (and declarer redouble) in a round after the
    #: bidding (Skruuvi, seed 002), so that a record's ``[Contract "5HX"]``
    #: is scored doubled (``score(..., doubled=)``)?
    has_doubling_round = False

    # -- What the game has. Every game sets each of these (None, () or False
    # where it does not apply); callers read them instead of asking a game
    # its name, so a new game is one class and nothing outside it changes.
    #: The strain letter of a bid misère, played without trumps for the fewest
    #: tricks and scored by ``score`` (Skruuvi's ``M``), or None. Semi-contract's
    #: misère bids are ``extra_strains`` with scores of their own.
    misere_strain: Optional[str] = None
    #: Does a side pay for the aces it takes in a misère (Skruuvi: the trick
    #: number; ``score(..., aces_taken=...)``, ``play_objective``)?
    misere_aces = False
    #: The contract played when all four pass, as ``auction_result`` names it
    #: (Skruuvi's all-pass misère ``AP``, Siberian Vint's распасовка ``PASS``);
    #: None: the deal is thrown in.
    all_pass_contract: Optional[str] = None
    #: Does the all-pass deal score points (Skruuvi: each trick costs its
    #: taker)? False where it only marks the sheet (Siberian Vint's X) or is
    #: thrown in.
    all_pass_scores = False
    #: What an analysis says of the all-pass deal when its score is not points
    #: (Siberian Vint's X mark), or None.
    all_pass_note: Optional[str] = None
    #: Strains the double-dummy table cannot play and the general solver plays
    #: (semi-contract's misère and Courts bids), in the order reports show them.
    extra_strains: Tuple[str, ...] = ()
    #: Those of ``extra_strains`` played with the deck organised for Courts.
    courts_strains: Tuple[str, ...] = ()
    #: Strains whose declaring side undertakes to lose tricks (semi-contract's
    #: misère and misère Courts bids); ``score`` counts the tricks it loses.
    losing_strains: Tuple[str, ...] = ()
    #: The card exchange before the play: ``"kitty"`` (Skruuvi's Kitty game:
    #: 12 cards a hand in the first auction), ``"kotka"`` (four cards each way),
    #: or None (the hands are played as dealt).
    exchange_style: Optional[str] = None
    #: The exchange styles ``with_exchange`` offers (Skruuvi: both), or ().
    exchange_styles: Tuple[str, ...] = ()
    #: Is there a Bolshevik, one player against three (``score_bolshevik``)?
    has_bolshevik = False
    #: Does ``score`` take ``tricks_by_declarer`` (semi-contract pays for each
    #: trick declarer wins from his own hand in a fulfilled contract)?
    scores_declarer_hand = False
    #: Does each trump honour score the contract's trick value for the side
    #: holding it, whatever the tricks (Vint, seed 000)? The bidding's level
    #: chooser adds their expected worth (``advisor.bidding.tricks``).
    honours_score_trick_value = False
    #: Must a player who cannot follow suit play a trump if he holds one?
    #: True only in Siberian Vint (seed 004: «если масти нет, то козыря»); any
    #: trump will do (no overruffing). Every other game discards freely. The
    #: advisor passes it to the solver as its play rule ``must_trump``.
    must_trump: bool = False

    # -- contracts --------------------------------------------------------
    def contract(self, text) -> Contract:
        """Read a contract of this game."""
        return parse_contract(text, self.strain_names, self.levels)

    def contracts(self) -> List[str]:
        """Every contract this game scores, lowest first."""
        return [f"{lv}{st}" for lv in self.levels for st in self.strain_order]

    def trick_value(self, contract) -> int:  # pragma: no cover - per game
        raise NotImplementedError

    def score(self, deal, contract, declarer, tricks, **options) -> DealScore:
        """Score one deal: ``contract`` played by ``declarer``, whose side won ``tricks``.

        ``deal`` (a full ``solver.cards.Deal``, or None) is needed for the
        games that score honours and aces. Options are the game's own.
        """
        raise NotImplementedError  # pragma: no cover - per game

    def play_objective(self, deal, contract, declarer, **options) -> Objective:
        """What declarer's side plays for in ``contract``, as a ``solver.Objective``:
        its net score (``score(...).net``) for every number of tricks it may take.

        With the deal, honours and aces held are in the score too (they can
        depend on the tricks: Vint's aces two-all go to the side with more
        tricks). Games that score cards taken in play (Skruuvi's misère aces)
        add those terms.
        """
        side = parse_seat(declarer).side
        return Objective(side, [self.score(deal, contract, declarer, t, **options).net(side)
                                for t in range(14)])

    def sheet(self):
        """A new, empty score sheet for this game."""
        return self.ScoreSheet(self)

    def with_exchange(self, style: str) -> "RuleSet":
        """The same rules with the card exchange ``style`` (one of
        ``exchange_styles``; Skruuvi's ``"kotka"`` is its no-kitty game)."""
        if style is not None and style == self.exchange_style:
            return self
        raise RulesError(f"the {self.name} rules have no {style!r} card exchange"
                         + (f": use {', '.join(self.exchange_styles)}"
                            if self.exchange_styles else " (Skruuvi has)"))

    def _begin(self, deal, contract, declarer, tricks, extra, trick_winners=None, read=None):
        """Check a ``score`` call's arguments and start its ``DealScore``.

        ``extra``: options the game does not use (refused). Returns
        ``(contract, deal, result, won)``; ``won`` maps each side to its
        tricks. ``read`` reads the contract (default ``self.contract``).
        """
        if extra:
            raise RulesError(f"{self.name} does not use {', '.join(sorted(extra))} when scoring")
        c = (read or self.contract)(contract)
        seat = parse_seat(declarer)
        tricks = check_tricks(tricks)
        deal = check_deal(deal)
        won = {seat.side: tricks, other_side(seat.side): 13 - tricks}
        result = DealScore(str(c), seat.name, tricks, self.trick_value(c),
                           trick_winners=trick_winner_sides(trick_winners, won))
        return c, deal, result, won

    # -- who plays --------------------------------------------------------
    def opening_leader(self, declarer) -> Seat:
        """Who leads to the first trick: declarer's left-hand opponent (most games)."""
        return parse_seat(declarer).lho

    def seat_of_call(self, dealer, index: int) -> Seat:
        """The seat that makes call number ``index`` (from 0) of an auction."""
        return Seat((parse_seat(dealer) + self.first_caller + index) % 4)

    # -- auction ----------------------------------------------------------
    def bid_rank(self, contract: Contract) -> Tuple[int, int]:
        """Sort key of a bid: level first, then the denomination's rank."""
        return contract.level, self.strain_order.index(contract.strain)

    def read_bid(self, call: str) -> Contract:
        """Read one bid of the auction."""
        return self.contract(call)

    def auction_state(self, auction) -> AuctionState:
        """Check an auction call by call (a list, or text such as ``"1S P"``) and
        return where it stands; an illegal call raises ``RulesError``."""
        state = AuctionState()
        for raw in split_calls(auction):
            self._add_call(state, raw)
        return state

    def state_after(self, state: AuctionState, call: str) -> AuctionState:
        """``state`` with one more call made, checked as ``auction_state`` checks
        it (``state`` itself is left as it was): an auction walked call by call
        without reading it again from the start."""
        after = AuctionState(state.calls[:], state.last_bid, state.last_bidder,
                             state.bidders[:], state.passes, state.doubled, state.over)
        self._add_call(after, call)
        return after

    def _add_call(self, state: AuctionState, raw: str) -> None:
        """Check the next call ``raw`` and note it in ``state``."""
        i = state.index
        call = normalise_call(raw)
        if state.over:
            raise RulesError(f"call {i + 1} ({raw!r}) comes after the auction is over")
        if call in ("X", "XX") and self.allows_doubles:
            problem = self.double_problem(call, state)
            if problem:
                raise RulesError(f"call {i + 1} ({raw!r}) is illegal: {problem}")
            state.doubled, state.passes = len(call), 0
        elif call in ("X", "XX"):
            raise RulesError(f"call {i + 1} ({raw!r}) is illegal: {self.no_doubles()}")
        elif call != PASS:
            bid = self.read_bid(call)
            problem = self.bid_problem(bid, state)
            if problem:
                raise RulesError(f"call {i + 1} ({raw!r}) is illegal: {problem}")
            state.last_bid, state.last_bidder, state.passes = bid, i, 0
            state.doubled = 0
            state.bidders.append(i)
            call = str(bid)
        else:
            state.passes += 1
        state.calls.append(call)
        state.over = self.auction_ended(state)

    def bid_problem(self, bid: Contract, state: AuctionState) -> Optional[str]:
        """Why ``bid`` may not be the next call after ``state``, or None."""
        last = state.last_bid
        if last is not None and self.bid_rank(bid) <= self.bid_rank(last):
            return f"{bid} is not higher than {last}"
        if (not self.may_overcall_self and last is not None
                and (state.index - state.last_bidder) % 4 == 0):
            return "a player may not raise his own bid unless someone has bid since"
        return None

    @staticmethod
    def double_problem(call: str, state: AuctionState) -> Optional[str]:
        """Why a double ("X") or redouble ("XX") may not be the next call, or None."""
        if state.last_bid is None:
            return "there is no bid to double"
        opponents = (state.index - state.last_bidder) % 2 == 1
        if call == "X" and (state.doubled or not opponents):
            return "only an opponent may double, once, the last bid"
        if call == "XX" and (state.doubled != 1 or opponents):
            return "only the bidding side may redouble, and only a double"
        return None

    def no_doubles(self) -> str:
        """Why a double ("X") or redouble ("XX") is refused in a game without them."""
        return f"{self.name} has no doubles (X, XX)"

    def auction_ended(self, state: AuctionState) -> bool:
        """Has the auction ended with its last call?"""
        if state.last_bid is None:
            return state.passes >= self.passes_without_bid
        return state.passes >= self.passes_after_bid

    def auction_is_over(self, auction) -> bool:
        """True once the auction has ended (an illegal call raises ``RulesError``)."""
        return self.auction_state(auction).over

    def auction_legal_calls(self, auction) -> List[str]:
        """The calls the next player may make: ``"P"`` and every legal bid.

        Empty when the auction is over.
        """
        return self.legal_calls_at(self.auction_state(auction))

    def legal_calls_at(self, state: AuctionState) -> List[str]:
        """``auction_legal_calls`` of the auction that stands at ``state``."""
        if state.over:
            return []
        doubles = [d for d in ("X", "XX") if self.allows_doubles
                   and self.double_problem(d, state) is None]
        if type(self).bid_problem is RuleSet.bid_problem:
            bids = self._bids_above(state)
        else:
            bids = [text for bid, text in self._biddable_read()
                    if self.bid_problem(bid, state) is None]
        return [PASS] + doubles + bids

    def _bids_above(self, state: AuctionState) -> List[str]:
        """The bids ``RuleSet.bid_problem`` lets through after ``state``, without
        asking it bid by bid (the continuations' most frequent question)."""
        last = state.last_bid
        if last is None:
            return [text for _, text in self._biddable_read()]
        if not self.may_overcall_self and (state.index - state.last_bidder) % 4 == 0:
            return []
        floor = self.bid_rank(last)
        return [text for rank, text in self._biddable_entry()[1] if rank > floor]

    def _biddable_read(self) -> List[Tuple[Contract, str]]:
        """``biddable()`` read into contracts once (the advisor's continuations
        ask for the legal calls tens of thousands of times): ``[(bid, text)]``."""
        return self._biddable_entry()[0]

    def _biddable_entry(self) -> Tuple[List[Tuple[Contract, str]], List[Tuple[tuple, str]]]:
        """``biddable()`` read once: ``([(bid, text)], [(bid_rank, text)])``,
        kept by the texts (a game may change what it lets be bid)."""
        texts = tuple(self.biddable())
        known = self.__dict__.setdefault("_biddable_known", {})
        found = known.get(texts)
        if found is None:
            pairs = [(c, str(c)) for c in map(self.contract, texts)]
            found = known[texts] = (pairs, [(self.bid_rank(c), text) for c, text in pairs])
        return found

    def biddable(self) -> List[str]:
        """The contracts that may be bid in the auction: every level and strain."""
        return RuleSet.contracts(self)

    def auction_result(self, auction, dealer) -> Tuple[Optional[str], Optional[str], Optional[str]]:
        """``(contract, declarer, leader)`` of a finished auction.

        The first caller calls first. When everyone passed the deal is thrown
        in: ``(None, None, None)``. The declarer is the last (and highest)
        bidder; ``opening_leader`` says who leads.
        """
        dealer = parse_seat(dealer)
        state = self.auction_state(auction)
        if not state.over:
            raise RulesError("the auction is not over yet")
        if state.last_bid is None:
            return self.all_pass_result(dealer)
        declarer = self.declarer_of(state, dealer)
        return str(state.last_bid), declarer.name, self.opening_leader(declarer).name

    def declarer_of(self, state: AuctionState, dealer) -> Seat:
        """The declarer of a finished auction: the last (and highest) bidder."""
        return self.seat_of_call(dealer, state.last_bidder)

    def all_pass_result(self, dealer: Seat):
        """``(contract, declarer, leader)`` when nobody bid: thrown in."""
        return None, None, None

    def __repr__(self) -> str:
        return f"<rules {self.name}>"
