"""Practising the auction: the player calls for one seat, the computer for the other three.

A ``Practice`` deals boards (random with a seed, with constraints on the
hands, or from a file of deals), and runs each auction: the computer seats
call by the advisor's bidding policy (``advisor.bidding.policy``, which sees
only its own hand and the calls), the player's calls are checked by the
game's rules, and the game's rules end the auction (Vint: 12 passes).

After each of the player's calls the policy says what it would have called,
and why, when that differs (``CallRecord.advice``); ``hint()`` asks before
calling; ``undo()`` takes back the player's last call; ``skip()`` leaves the
board unscored and deals the next. When the auction ends the board is
scored with the double-dummy tricks of its contract (``advisor.valuation``:
misère and all-pass deals by the misère search, Courts by the general
solver), par is worked out, and the score goes on the game's score sheet
(games and rubber bonuses).
``pbn()`` writes the finished boards as PBN that ``vint review`` reads.

``vint practice`` (``advisor.cli``) and the web page's practice tab
(``advisor.web``) are two faces of this class.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterator, List, Mapping, Optional, Tuple

import solver
from solver.cards import SEATS, Card, Deal, Hand, Seat
from solver.errors import VintError

from .bidding.constraints import Constraint, compile_constraint
from .bidding.policy import Decision, Policy
from .game import extra_strain, playable_contracts, rule_set
from .par import Par, par_of
from .records import GameRecord, read_games_file, write_pbn
from .rules.base import PASS, DealScore, RulesError, normalise_call, parse_seat
from .valuation import Budgets, Valuer
from .valuation.courts import CLI_NODES

__all__ = ["Practice", "PracticeError", "Board", "BoardResult", "CallRecord", "deal_boards"]

#: Random deals tried at most to find one that fits the constraints.
MAX_DEAL_ATTEMPTS = 100_000
#: How a finished board's contract is valued: misère and all-pass deals
#: exactly (a few seconds at most), a Courts bid within the budget ``vint
#: analyse`` gives (past it the board is not scored).
PRACTICE_BUDGETS = Budgets(courts_nodes=CLI_NODES)


class PracticeError(VintError):
    """A call or command that cannot be taken now: the message says why."""


@dataclass
class CallRecord:
    """One call of a board's auction.

    ``player``: made by the player (else by the computer). ``reason``: the
    computer's reason for its call. ``advice``: for the player's calls, what
    the policy would have called (None when it agrees).
    """

    seat: str
    call: str
    player: bool
    reason: Optional[str] = None
    advice: Optional[Decision] = None

    def to_dict(self) -> dict:
        return {"seat": self.seat, "call": self.call, "player": self.player,
                "reason": self.reason,
                "advice": None if self.advice is None else {"call": self.advice.call,
                                                            "reason": self.advice.reason}}


@dataclass
class BoardResult:
    """How a finished board scored: the contract played with its double-dummy tricks.

    ``contract`` is None when the deal was thrown in; ``declarer`` is None
    for the all-pass deal (Skruuvi's all-pass misère, Siberian Vint's
    распасовка: ``tricks`` are then the side on lead's); ``score`` is the rule
    set's ``DealScore`` (both sides' points; None when a budget left the
    tricks open, said in ``note``); ``events``: what it decided on the score
    sheet (games, rubber), in words.
    """

    contract: Optional[str]
    declarer: Optional[str]
    tricks: Optional[int]
    score: Optional[DealScore]
    par: Par
    table: "solver.DDTable"
    events: List[str] = field(default_factory=list)
    note: Optional[str] = None

    def to_dict(self) -> dict:
        return {"contract": self.contract, "declarer": self.declarer, "tricks": self.tricks,
                "score": None if self.score is None else {
                    "NS": self.score.total("NS"), "EW": self.score.total("EW"),
                    "net_ns": self.score.net("NS"),
                    "items": [list(i) for i in self.score.items]},
                "par": self.par.to_dict(), "dd_table": self.table.to_dict(),
                "events": list(self.events), "note": self.note}


@dataclass
class Board:
    """One deal of the session: its number, the cards, the dealer and the auction so far."""

    number: int
    deal: Deal
    dealer: Seat
    calls: List[CallRecord] = field(default_factory=list)
    result: Optional[BoardResult] = None

    @property
    def auction(self) -> List[str]:
        return [c.call for c in self.calls]

    @property
    def finished(self) -> bool:
        return self.result is not None


def deal_boards(rng: random.Random, constraints: Mapping[str, Constraint]
                ) -> Iterator[Tuple[Deal, Optional[Seat]]]:
    """Random deals in which every seat's hand meets its constraint (dealer: the session's)."""
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    while True:
        for _ in range(MAX_DEAL_ATTEMPTS):
            rng.shuffle(deck)
            hands = [Hand(deck[13 * i:13 * i + 13]) for i in range(4)]
            if all(c(hands[Seat.parse(s)]) for s, c in constraints.items()):
                yield Deal(hands), None
                break
        else:
            raise PracticeError(f"no deal in {MAX_DEAL_ATTEMPTS} random deals fits the "
                                "constraints: " + "; ".join(f"{s}: {c.describe()}"
                                                           for s, c in constraints.items()))


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
    the same boards; ``deals``: a PBN/LIN/JSON file's path (a string or a
    path) to take the deals from instead; ``constraints``: ``{seat: "hcp >= 12"}`` for random
    deals. The dealer turns clockwise from North, board by board (a file's
    dealer is kept).
    """

    def __init__(self, rules="vint", seat="S", *, seed: Optional[int] = None, deals=None,
                 constraints: Optional[Mapping[str, str]] = None):
        self.rules = rule_set(rules)
        self.seat = parse_seat(seat)
        self.policy = Policy(self.rules)
        self.seed = seed
        cons = {parse_seat(s).name: compile_constraint(c) for s, c in (constraints or {}).items()}
        if deals is not None and cons:
            raise PracticeError("give constraints or a file of deals, not both")
        self._deals = (_file_boards(deals, self.rules) if deals is not None
                       else deal_boards(random.Random(seed), cons))
        self.boards: List[Board] = []
        self.sheet = self.rules.sheet()
        self.new_board()

    # -- the board in play ------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.boards[-1]

    @property
    def to_call(self) -> Optional[Seat]:
        """The seat whose call it is; None when the board's auction is over."""
        b = self.board
        if b.finished or self.rules.auction_is_over(b.auction):
            return None
        return self.rules.seat_of_call(b.dealer, len(b.calls))

    def legal_calls(self) -> List[str]:
        return [] if self.to_call is None else self.rules.auction_legal_calls(self.board.auction)

    def hint(self) -> Decision:
        """What the policy would call for the player now."""
        if self.to_call != self.seat:
            raise PracticeError("it is not your turn to call")
        return self._decide(self.seat)

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
        if text not in legal:
            state = self.rules.auction_state(self.board.auction)
            why = None
            if text not in (PASS, "X", "XX"):
                why = self.rules.bid_problem(self.rules.read_bid(text), state)
            raise PracticeError(f"{text} is not allowed here" + (f": {why}" if why else "")
                                + f" (legal: {', '.join(legal[:8])}"
                                + (" ..." if len(legal) > 8 else "") + ")")
        advice = self._decide(self.seat)
        record = CallRecord(self.seat.name, text, True,
                            advice=None if advice.call == text else advice)
        self.board.calls.append(record)
        return [record] + self._computer_calls()

    def undo(self) -> None:
        """Take back the player's last call (and the computer's calls after it)."""
        b = self.board
        mine = [i for i, c in enumerate(b.calls) if c.player]
        if not mine:
            raise PracticeError("there is no call of yours to take back on this board")
        del b.calls[mine[-1]:]
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
        return out

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
               "finished": b.finished, "result": None, "hands": None,
               "sheet": self.sheet_summary(), "boards_done": len(self.finished_boards)}
        if b.finished:
            out["result"] = b.result.to_dict()
            out["hands"] = {s.name: b.deal[s].to_pbn() for s in SEATS}
        return out

    def pbn(self) -> str:
        """The finished boards as PBN (deal, dealer, auction, contract, the
        double-dummy result), readable by ``vint review``."""
        records = []
        for b in self.finished_boards:
            r = b.result
            tags = {"Event": f"Vint practice ({self.rules.name})", "Board": str(b.number),
                    "Scoring": self.rules.name, "Player": self.seat.name}
            auction = b.auction
            first = self.rules.auction_result(b.auction, b.dealer)[0]
            if r.contract is not None and r.contract != first:
                # Skruuvi: the contract comes from the extended bids, which PBN's
                # [Auction] cannot hold; the first auction goes in a note.
                tags["Note"] = ("first auction: " + " ".join(b.auction)
                                + f"; extended bids to {r.contract} by {r.declarer}")
                auction = []
            records.append(GameRecord(
                b.deal, dealer=b.dealer.name, auction=auction, contract=r.contract,
                declarer=r.declarer, result=r.tricks, tags=tags))
        return write_pbn(records, [b.result.table for b in self.finished_boards])

    # -- inside -------------------------------------------------------------------
    def _decide(self, seat: Seat) -> Decision:
        b = self.board
        return self.policy.call(b.deal[seat], seat=seat, dealer=b.dealer, auction=b.auction)

    def _computer_calls(self) -> List[CallRecord]:
        added = []
        while True:
            seat = self.to_call
            if seat is None:
                self._finish()
                return added
            if seat == self.seat:
                return added
            decision = self._decide(seat)
            record = CallRecord(seat.name, decision.call, False, reason=decision.reason)
            self.board.calls.append(record)
            added.append(record)

    def _final_contract(self) -> Tuple[Optional[str], Optional[Seat], Optional[str]]:
        """``(contract, declarer, note)`` of the finished auction; the all-pass
        deal's "declarer" is its opening leader (the side whose tricks count)."""
        b = self.board
        contract, declarer, leader = self.rules.auction_result(b.auction, b.dealer)
        if contract is None:
            return None, None, "thrown in: everyone passed"
        if contract == self.rules.all_pass_contract:
            if self.rules.all_pass_scores:
                return contract, Seat.parse(leader), (
                    "all-pass misère: all passed; each trick costs its taker a point "
                    "(double-dummy, each side taking as few tricks as it can; the ace "
                    "penalties are not scored)")
            return contract, Seat.parse(leader), ("распасовка: all passed; the side with "
                                                  "fewer tricks wins")
        if contract in playable_contracts(self.rules):
            return contract, Seat.parse(declarer), None
        if extra_strain(self.rules, contract) is not None:
            # Semi-contract's Courts and misère bids (the policy bids Courts):
            # played by the general solver.
            return contract, Seat.parse(declarer), "played by the Courts and misère solver"
        # Skruuvi: a kitty bid below level 5 is raised by the main players'
        # extended bids, which follow the policy (docs/advise.md).
        if self.rules.has_kitty_bids:
            contract, declarer = self.policy.final_contract(b.dealer, b.auction)
        if contract is None or contract not in playable_contracts(self.rules):
            return None, None, (f"the auction ends in {contract}, which the double-dummy "
                                "table cannot play yet")
        return contract, declarer, "the main players' extended bids follow the policy"

    def _finish(self) -> None:
        b = self.board
        valuer = Valuer(self.rules, b.deal, dealer=b.dealer, budgets=PRACTICE_BUDGETS)
        table = valuer.table()
        par = par_of(valuer)
        contract, declarer, note = self._final_contract()
        tricks = score = None
        if contract is not None:
            found = valuer.found(contract, declarer)
            if isinstance(found, int):
                tricks = found
                score = valuer.deal_score(contract, declarer)
            else:
                note = (f"{note}; its node budget ran out with declarer's side between "
                        f"{found.lower} and {found.upper} tricks, so the board is not scored")
        all_pass = contract == self.rules.all_pass_contract
        b.result = BoardResult(contract, None if declarer is None or all_pass
                               else declarer.name, tricks, score, par, table, note=note)
        if score is not None:
            b.result.events = list(self.sheet.add(score) or [])

    def _rebuild_sheet(self) -> None:
        """The sheet again from the finished boards (after an undo)."""
        self.sheet = self.rules.sheet()
        for b in self.finished_boards:
            if b.result.score is not None:
                b.result.events = list(self.sheet.add(b.result.score) or [])
