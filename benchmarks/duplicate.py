"""Duplicate matches between bidders: the boards, the bidders, the play and the score.

The pieces ``bench_match.py`` is made of (and what a later bench or a
training script may reuse):

- ``board(rules, seed, number)``: board ``number`` of a seeded set, its deal
  (13 cards a hand; Skruuvi's Kitty game 12 and a kitty of 4) and its dealer
  (N, E, S, W in turn); a board's deal depends on the seed and its number
  only, so a set can be extended and a run resumed;
- the bidders (``make_bidder``): ``pass``, ``policy`` (``advisor.bidding``'s
  policy as it is now), ``baseline`` (the frozen copy in
  ``benchmarks/baseline_policy``), ``allseeing`` (sees all four hands and
  names its side's best double-dummy contract) and ``advisor:N`` (the advisor
  at N samples a call at both seats of its side, ``advisor:N:one`` at the
  side's first seat, N or E, only; the policy at the other);
- ``Referee``: the final contract of an auction and its score for NS, played
  double-dummy with the game's opening leader and scored by the game's rules
  (a throw-in scores 0), by ``advisor.valuation.Valuer`` with the advisor's
  budgets: Skruuvi's low kitty bid raised to level 5 by its bidder and the
  card exchange made, misère and the all-pass misère by the misère search,
  semi-contract's Courts-deck contracts by the general solver. What is
  expensive is kept in a ``Store``;
- ``play_room`` / ``play_board``: one auction, and one board bid twice with
  the bidders swapping sides.

An illegal call is a bug of its bidder: ``play_room`` records it, plays a
pass in its place so the match can go on, and the bench reports it.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from pathlib import Path
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from advisor.game import (close_auction, extra_strain, is_misere, raise_kitty_bid, rule_set,
                          strain_of)
from advisor.rules.base import PASS, RuleSet, normalise_call
from advisor.valuation import Budgets, Valuer
from solver import DDTable, dd_table
from solver.cards import SEATS, STRAINS, Card, Deal, Hand, Seat

BENCHMARKS = Path(__file__).resolve().parent


# --------------------------------------------------------------------------
# Boards

class Board(NamedTuple):
    number: int
    deal: Deal
    dealer: Seat


def hand_size(rules: RuleSet) -> int:
    """Cards a hand holds during the auction: 12 in Skruuvi's Kitty game, else 13."""
    return 12 if rules.exchange_style == "kitty" else 13


def board(rules, seed: int, number: int) -> Board:
    """Board ``number`` of the set ``seed``: a random deal and the dealer N, E, S, W in turn."""
    rules = rule_set(rules)
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    random.Random(f"bench_match {seed} {number}").shuffle(deck)
    size = hand_size(rules)
    return Board(number, Deal([Hand(deck[size * i:size * i + size]) for i in range(4)]),
                 Seat(number % 4))


# --------------------------------------------------------------------------
# What is expensive, kept

class Store:
    """A key -> value map kept in a JSON-lines file (``path``; None: in memory only).

    ``put`` keeps a value in memory; ``save`` appends what is not yet on file.
    Values worked out in a worker process travel back with its result
    (``take_new``) and are saved by the parent (``add``), so the file has one writer.
    """

    def __init__(self, path: Optional[Path] = None):
        self.path = path
        self.values: Dict[str, object] = {}
        self.new: Dict[str, object] = {}
        if path is not None and path.exists():
            with path.open(encoding="utf-8") as f:
                for line in f:
                    if line.strip():
                        key, value = json.loads(line)
                        self.values[key] = value
        self._saved = set(self.values)

    def get(self, key: str):
        return self.values.get(key)

    def put(self, key: str, value) -> None:
        self.values[key] = self.new[key] = value

    def take_new(self) -> Dict[str, object]:
        new, self.new = self.new, {}
        return new

    def add(self, entries: Dict[str, object]) -> None:
        """Keep ``entries`` (this or another process's ``take_new``) and append
        those not yet on file to it."""
        entries = {k: v for k, v in entries.items() if k not in self._saved}
        self.values.update(entries)
        self._saved.update(entries)
        if self.path is not None and entries:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as f:
                for item in entries.items():
                    f.write(json.dumps(item) + "\n")

    def save(self) -> None:
        """Append this process's new values to the file."""
        self.add(self.take_new())


# --------------------------------------------------------------------------
# The referee: the final contract, played and scored

class Referee:
    """Plays and scores final contracts of one game's boards (see the module's docstring).

    Every contract is valued by ``advisor.valuation.Valuer``, the one owner of
    what a contract is worth, with the advisor's kind of budgets:
    ``courts_nodes``, the node budget of one semi-contract Courts or misère
    solve (past it, an estimate within the proved bounds); ``misere_nodes``, of
    a Skruuvi misère search (None: exact, which can take minutes a deal); a
    Skruuvi misère adds its aces' mean worth. A deal's double-dummy table and
    the scores of the slower contracts are kept in the ``Store``.
    """

    def __init__(self, rules, store: Optional[Store] = None, *, courts_nodes: int = 200_000,
                 misere_nodes: Optional[int] = 100_000):
        self.rules = rule_set(rules)
        self.store = store if store is not None else Store()
        self.courts_nodes = courts_nodes
        self.misere_nodes = misere_nodes
        self.budgets = Budgets(misere_nodes=misere_nodes, courts_nodes=courts_nodes,
                               courts_each_fresh=True, aces="mean")
        # Skruuvi's deals are dealt before the card exchange: each contract is
        # played on the deal its own exchange produces.
        self.exchange = (None if self.rules.exchange_style is None else
                         "kitty" if self.rules.has_kitty_bids else "kotka")
        self._last: Optional[Tuple[Board, Valuer]] = None

    def final(self, calls: Sequence[str], dealer: Seat) -> Tuple[Optional[str], Optional[Seat]]:
        """``(contract, declarer)`` after ``calls`` and as many passes as end the
        auction: ``(None, None)`` thrown in, ``("AP", None)`` Skruuvi's all-pass
        misère; a Skruuvi kitty bid below 5 raised to 5 by its bidder."""
        closed, _ = close_auction(self.rules, list(calls))
        contract, declarer, _ = self.rules.auction_result(closed, dealer)
        if contract is None or declarer is None:
            return contract, None
        declarer = Seat.parse(declarer)
        if self.rules.has_kitty_bids:
            return raise_kitty_bid(self.rules, contract, declarer)
        return contract, declarer

    def ns(self, board: Board, contract: Optional[str], declarer: Optional[Seat]) -> int:
        """NS's net score when ``contract`` is played by ``declarer`` (None: thrown in, 0)."""
        if contract is None:
            return 0
        valuer = self.valuer(board)
        rs = self.rules
        if self.exchange is None and not is_misere(rs, contract) \
                and extra_strain(rs, contract) is None:
            return valuer.score(contract, declarer)        # from the kept DD table
        key = (f"ns {self.rules.name} {board.deal.to_pbn()} {board.dealer.name} {contract} "
               f"{declarer.name if declarer is not None else '-'} {self.courts_nodes} "
               f"{self.misere_nodes}")
        found = self.store.get(key)
        if found is None:
            found = valuer.score(contract, declarer)
            self.store.put(key, found)
        return found

    def valuer(self, board: Board) -> Valuer:
        """The board's Valuer (the last board's is kept: its contracts are asked in turn)."""
        if self._last is None or self._last[0] is not board:
            table = None if self.exchange is not None else \
                DDTable(board.deal, self.table(board.deal))
            self._last = (board, Valuer(self.rules, board.deal, dealer=board.dealer,
                                        table=table, exchange=self.exchange,
                                        budgets=self.budgets))
        return self._last[1]

    def table(self, deal: Deal) -> Dict[tuple, int]:
        """The deal's whole double-dummy table ``{(declarer, strain): tricks}``, kept."""
        key = f"dd {deal.to_pbn()}"
        rows = self.store.get(key)
        if rows is None:
            found = dd_table(deal)
            rows = [[found[seat, strain] for strain in STRAINS] for seat in SEATS]
            self.store.put(key, rows)
        return {(seat, strain): rows[i][j] for i, seat in enumerate(SEATS)
                for j, strain in enumerate(STRAINS)}


# --------------------------------------------------------------------------
# Bidders

class Bidder:
    """Makes calls for the seats of one side: ``call(board, calls, seat)``.

    ``start(board, room)`` is called before each auction; ``version`` names what
    the bidder's calls depend on (a run's saved results are kept by it).
    """

    name = "?"
    version = "1"

    def start(self, board: Board, room: int) -> None:
        pass

    def call(self, board: Board, calls: Sequence[str], seat: Seat) -> str:
        raise NotImplementedError


class PassBidder(Bidder):
    name = "pass"

    def call(self, board, calls, seat):
        return PASS


def source_version(*paths: Path) -> str:
    """A short hash of the files' text: a bidder's results are kept by it."""
    h = hashlib.sha1()
    for path in paths:
        h.update(path.read_bytes())
    return h.hexdigest()[:8]


class PolicyBidder(Bidder):
    """The calls of a bidding policy (``policy.call(hand, seat=, dealer=, auction=)``)."""

    def __init__(self, name: str, policy, version: str):
        self.name, self.policy, self.version = name, policy, version

    def call(self, board, calls, seat):
        return self.policy.call(board.deal[seat], seat=seat, dealer=board.dealer,
                                auction=list(calls)).call


class AllSeeingBidder(Bidder):
    """Sees all four hands and, at each turn, makes the call after which its
    side scores most if everyone else passes from then on: a pass (what stands
    now), any legal bid of its own, or a pass leaving partner a bid that would
    score more, when partner is still to call. Only contracts the
    double-dummy table plays are named (no misère, no Courts). Against a side
    that always passes, the first of its side to call names its side's best
    double-dummy contract at once: the ceiling of what bidding can win there.
    """

    name = "allseeing"

    def __init__(self, referee: Referee):
        self.referee = referee
        rs = referee.rules
        self._playable = {c for c in rs.contracts() if strain_of(rs, c) is not None
                          and not (rs.has_kitty_bids and rs.contract(c).level < 5)}

    def _value(self, board, calls, side: str) -> int:
        contract, declarer = self.referee.final(calls, board.dealer)
        ns = self.referee.ns(board, contract, declarer)
        return ns if side == "NS" else -ns

    def call(self, board, calls, seat):
        rs = self.referee.rules
        calls = list(calls)
        legal = rs.auction_legal_calls(calls)
        best, best_value = PASS, self._value(board, calls + [PASS], seat.side)
        bids = [c for c in legal if c in self._playable]
        for bid in bids:
            value = self._value(board, calls + [bid], seat.side)
            if value > best_value:
                best, best_value = bid, value
        # Partner's turn comes before the auction ends: a contract partner
        # would declare may be worth more (Vint: the last bidder declares).
        later = calls + [PASS, PASS]
        if not rs.auction_is_over(later[:-1]) and not rs.auction_is_over(later) \
                and rs.seat_of_call(board.dealer, len(later)) == seat.partner:
            for bid in bids:
                if bid in rs.auction_legal_calls(later) and \
                        self._value(board, later + [bid], seat.side) > best_value:
                    return PASS
        return best


class AdvisorBidder(Bidder):
    """``advisor.recommend`` at ``samples`` a call at both seats of its side
    (``one_seat``: at N or E only, the current policy at the partner's seat);
    seeded by board, room and call, so a run can be repeated.

    A seat that passed and has seen no bid since passes again without asking
    (a Vint auction's closing rounds of passes ask the same question up to
    three times: the answer would differ only by the samples' luck)."""

    def __init__(self, rules: RuleSet, samples: int, one_seat: bool, policy, version: str):
        self.rules, self.samples, self.one_seat = rules, samples, one_seat
        self.policy = policy
        self.name = f"advisor:{samples}" + (":one" if one_seat else "")
        self.version = version + "p"
        self._cache = None
        self._room = 0
        self._passed: Dict[Seat, int] = {}       # seat -> bids seen when it last passed

    def start(self, board, room):
        from advisor.bidding import AdviceCache
        self._cache, self._room, self._passed = AdviceCache(), room, {}

    def call(self, board, calls, seat):
        from advisor.bidding import recommend
        if self.one_seat and seat not in (Seat.N, Seat.E):
            return self.policy.call(board.deal[seat], seat=seat, dealer=board.dealer,
                                    auction=list(calls)).call
        bids = sum(c != PASS for c in calls)
        if self._passed.get(seat) == bids:
            return PASS
        seed = (board.number * 4 + self._room) * 64 + len(calls)
        call = recommend(board.deal[seat], seat=seat, dealer=board.dealer, auction=list(calls),
                         rules=self.rules, samples=self.samples, seed=seed, workers=1,
                         cache=self._cache).call
        if call == PASS:
            self._passed[seat] = bids
        return call


BIDDERS = ("pass", "policy", "policy:table", "policy:learned", "baseline", "allseeing", "advisor:N", "advisor:N:one")


def make_bidder(spec: str, referee: Referee) -> Bidder:
    """The bidder named by ``spec`` (one of ``BIDDERS``) for the referee's game."""
    rs = referee.rules
    if spec == "pass":
        return PassBidder()
    if spec == "allseeing":
        return AllSeeingBidder(referee)
    if spec == "baseline":
        from baseline_policy import Policy as Baseline
        return PolicyBidder("baseline", Baseline(rs), "frozen")
    from advisor.bidding.policy import Policy
    bidding = BENCHMARKS.parent / "advisor" / "bidding"
    # The policy's calls depend on its code, its tables, its trick model's
    # weights and the learned correction (its weights, and the system's meanings
    # it keeps); the advisor's on the whole package's.
    table_files = [bidding / name for name in ("policy.py", "tables.py", "tricks.py",
                                               "tricks_model.json") if (bidding / name).exists()]
    policy_files = table_files + [bidding / name for name in ("learned.py", "learned_model.json",
                                                               "system.py", "constraints.py")
                                  if (bidding / name).exists()]
    if spec in ("policy", "policy:learned"):
        # The policy as the package plays it: the table and the correction learned
        # from the advisor (advisor.bidding.learned); policy:learned requires it.
        return PolicyBidder("policy", Policy(rs, learned=True if spec == "policy:learned" else None),
                            source_version(*policy_files))
    if spec == "policy:table":
        # The table alone, without the learned correction.
        return PolicyBidder("policy-table", Policy(rs, learned=False), source_version(*table_files))
    parts = spec.split(":")
    if parts[0] == "advisor" and len(parts) in (2, 3) and parts[1].isdigit() \
            and int(parts[1]) > 0 and (len(parts) == 2 or parts[2] == "one"):
        version = source_version(*sorted(bidding.glob("*.py")), *sorted(bidding.glob("*.json")))
        return AdvisorBidder(rs, int(parts[1]), len(parts) == 3, Policy(rs), version)
    raise ValueError(f"unknown bidder {spec!r}: one of {', '.join(BIDDERS)} "
                     f"(N: samples a call)")


# --------------------------------------------------------------------------
# Rooms and boards

def play_room(board: Board, ns: Bidder, ew: Bidder, referee: Referee, room: int = 0) -> dict:
    """One auction of ``board``, NS calling by ``ns`` and EW by ``ew``; the final
    contract played and scored: ``{"calls", "contract", "declarer", "ns", "illegal"}``."""
    rs = referee.rules
    ns.start(board, room)
    if ew is not ns:
        ew.start(board, room)
    calls: List[str] = []
    illegal = []
    legal = rs.auction_legal_calls(calls)
    while legal:
        seat = rs.seat_of_call(board.dealer, len(calls))
        bidder = ns if seat.side == "NS" else ew
        call = normalise_call(bidder.call(board, tuple(calls), seat))
        if call not in legal:
            illegal.append({"bidder": bidder.name, "seat": seat.name, "call": call,
                            "after": " ".join(calls)})
            call = PASS
        calls.append(call)
        legal = rs.auction_legal_calls(calls)
    contract, declarer = referee.final(calls, board.dealer)
    return {"calls": " ".join(calls), "contract": contract,
            "declarer": declarer.name if declarer is not None else None,
            "ns": referee.ns(board, contract, declarer), "illegal": illegal}


def play_board(board: Board, a: Bidder, b: Bidder, referee: Referee) -> dict:
    """``board`` bid twice: ``a`` NS and ``b`` EW, then ``b`` NS and ``a`` EW.
    ``diff`` is A's net over both rooms: NS's score in the first less in the second."""
    rooms = [play_room(board, a, b, referee, 0), play_room(board, b, a, referee, 1)]
    return {"board": board.number, "deal": board.deal.to_pbn(), "dealer": board.dealer.name,
            "rooms": rooms, "diff": rooms[0]["ns"] - rooms[1]["ns"]}


def referee_version() -> str:
    """A short hash of the code a board's result depends on besides the bidders'
    (the deals, the referee, the rooms): a run's saved results are kept by it."""
    import inspect
    h = hashlib.sha1()
    for part in (hand_size, board, Referee, play_room, play_board):
        h.update(inspect.getsource(part).encode())
    return h.hexdigest()[:8]


def mean_se(values: Sequence[float]) -> Tuple[float, float]:
    """The mean and its standard error (inf with fewer than two values)."""
    n = len(values)
    if n == 0:
        return 0.0, math.inf
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)
