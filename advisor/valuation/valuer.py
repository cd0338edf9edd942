"""One owner for what a contract is worth on a deal: the ``Valuer``.

``Valuer(rules, deal)`` answers, for one deal under one game's rules, how
many tricks the declaring side takes in any contract and what that scores,
whatever the contract needs:

- a contract the double-dummy table plays (``4H``, Skruuvi's ``5G``): the
  fast solver's tricks, with the game's own opening leader
  (``game.declarer_tricks``);
- a bid misère (Skruuvi's ``6M``) and the all-pass deal (``AP``, Siberian
  Vint's ``PASS``): the misère trick search (``valuation.misere``);
- semi-contract's Courts and misère bids: the general solver
  (``valuation.courts``);
- a Skruuvi deal given before the card exchange: each contract on the deal
  its own exchange produces (``valuation.exchange``).

Tricks are the declaring side's (for the all-pass deal, the side of the seat
named as declarer); ``score`` is North-South's net score (their points minus
East-West's) by the rule set's ``score``. ``Budgets`` says how long a search
may run and how a misère's aces count; past a budget a search gives bounds,
and an estimate within them is scored (``found`` has the bounds, ``rough``
and ``misere_bounds`` say which). Everything is remembered for the deal:
asking twice costs nothing, and ``solve(pairs)`` solves many at once (the
contracts of one strain on one transposition table). ``cache`` (a dict)
shares double-dummy and Courts tricks between the Valuers of many deals, as
the bidding advisor's samples of one auction do.

Analysis, par, the advisor, the review and practice value contracts here
and nowhere else.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

from solver import Bounds, DDTable, Objective, Solver, dd_table
from solver.cards import SEATS, STRAINS, Deal, Seat, Strain

from ..game import (declarer_tricks, extra_strain, misere_contracts, rule_set, strain_of,
                    table_row)
from ..rules.base import DealScore
from . import courts, misere
from .courts import Rough, estimate, fresh_tricks, strain_tricks
from .exchange import (LEVEL_GROUPS, contract_text, exchanged_tables, kitty_left,
                       level_group, play_deal)
from .outcome import ContractOutcome, ParError, as_table

__all__ = ["Valuer", "Budgets", "ContractPlay", "EXACT", "ADVICE", "trick_key",
           "misere_value"]

#: What a search found: exact tricks, or what a budgeted one proved.
Found = Union[int, Bounds, Rough]


@dataclass(frozen=True)
class Budgets:
    """How long the Valuer's searches may run, and how a misère's aces count.

    - ``misere_nodes``: nodes a misère trick search may use (None: exact);
      past it, ``misere.misere_estimate`` within the bounds proved;
    - ``misere_guard``: that budget only guards against a search that runs
      too long (an analysis, a practice board): the search keeps the exact
      search's order of tests instead of narrowing from both ends, a fifth
      fewer nodes on the deals that finish, wider bounds on those that stop;
    - ``courts_nodes``: nodes a Courts or misère-bid general solve may use
      (None: exact); past it, ``courts.estimate`` within the bounds;
    - ``courts_each_fresh``: each general solve on a solver of its own with a
      small table (``courts.fresh_tricks``), so that its answer depends on
      nothing solved before (the advisor's samples, in any order and thread);
    - ``aces``: ``None``, a Skruuvi misère scores its contract and tricks
      only (``misere.ACES_NOTE``); ``"mean"``, plus the aces' mean worth on
      random deals (``misere.ACES_MEAN``, the advisor's estimate).
    """

    misere_nodes: Optional[int] = None
    misere_guard: bool = False
    courts_nodes: Optional[int] = courts.DEFAULT_NODES
    courts_each_fresh: bool = False
    aces: Optional[str] = None

    def __post_init__(self):
        if self.aces not in (None, "mean"):
            raise ParError(f"Budgets.aces is None or 'mean', not {self.aces!r}")


#: Every search exact: one deal's analysis, a practice board.
EXACT = Budgets(courts_nodes=None)
#: The bidding advisor's: a sample's share of its time (docs/advise.md).
ADVICE = Budgets(misere_nodes=misere.ADVICE_NODES, courts_nodes=courts.ADVICE_NODES,
                 courts_each_fresh=True, aces="mean")


class ContractPlay(NamedTuple):
    """How a contract is played, as a search of its cards needs it.

    ``strain``: the fast solver's strain (``"S"`` .. ``"NT"``) or a strain
    of the general solver (``"CT"``, ``"MH"``: ``courts.play_of`` gives its
    deck and trumps); ``leader``: who leads to the first trick; ``misere``:
    each side takes as few tricks as it can; ``side``: the side whose tricks
    ``Valuer.tricks`` counts (the declaring side; North-South in the all-pass
    deal unless another seat is named).
    """

    strain: str
    leader: Seat
    misere: bool
    side: str


#: What each contract of a rule set is, worked out once a rule set: the
#: advisor asks it of the same contracts on every sample.
_FACTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _facts(rs, contract) -> Tuple[str, Optional[str], int]:
    """``(kind, strain, level)`` of a contract: its kind (``"all-pass"``,
    ``"misere"``, ``"extra"`` for the general solver, ``"dd"``), the strain
    its tricks are kept under (``trick_key``) and its level."""
    game = _FACTS.get(rs)
    if game is None:
        game = _FACTS[rs] = (frozenset(misere_contracts(rs)), {})
    miseres, known = game
    found = known.get(contract)
    if found is None:
        strain, extra = strain_of(rs, contract), extra_strain(rs, contract)
        if contract is not None and contract == rs.all_pass_contract:
            kind = "all-pass"
        elif contract in miseres:
            kind = "misere"
        elif extra is not None:
            kind = "extra"
        elif strain is not None:
            kind = "dd"
        else:
            raise ParError(f"{rs.name} plays no contract {contract!r}")
        level = 0 if kind == "all-pass" else rs.contract(contract).level
        found = known[contract] = (kind, strain.name if strain is not None else extra, level)
    return found


def trick_key(rules, contract, declarer, exchange: Optional[str] = None) -> tuple:
    """Where a deal's tricks for ``contract`` by ``declarer`` are kept:
    ``(declarer, strain)`` (the DD strain's name, or the extra strain), and
    for a deal before Skruuvi's exchange also the level group whose exchange
    the deal goes through (``exchange.level_group``)."""
    _, strain, level = _facts(rule_set(rules), contract)
    key = (Seat.parse(declarer).name, strain)
    if exchange is None:
        return key
    return key + (level_group(exchange, level),)


class Valuer:
    """What contracts are worth on one deal under one game's rules (see the module).

    ``deal``: a ``Deal`` or PBN text; None only with ``table``, whose tricks
    then score without honours and aces. ``dealer``: who dealt (the all-pass
    deal's leader is the dealer's left). ``table``: a DD table already
    solved (``solver.DDTable`` or a dict). ``misere_tricks``: ``{leader: NS
    tricks}`` of misère searches already made (``misere.misere_tricks``).
    ``exchange``: ``"kitty"`` or ``"kotka"`` when the deal is given before
    Skruuvi's card exchange (``kitty``: the Kitty game's four cards, by
    default the cards no hand holds). ``budgets``: ``Budgets``; ``cache``: a
    dict shared by the Valuers of many deals.
    """

    def __init__(self, rules, deal=None, *, dealer="N", table=None, misere_tricks=None,
                 exchange: Optional[str] = None, kitty=None, budgets: Budgets = EXACT,
                 cache: Optional[dict] = None):
        self.rules = rule_set(rules)
        if deal is None and table is None:
            raise ParError("a Valuer needs the deal or its DD table")
        self.deal = None if deal is None else Deal.from_pbn(deal)
        self.dealer = Seat.parse(dealer)
        self.exchange = exchange
        if exchange == "kitty" and kitty is None:
            kitty = kitty_left(self.deal)
        self.kitty = kitty
        self.budgets = budgets
        self.cache = cache
        self._table = None if table is None else as_table(table, self.deal)
        self._preset = dict(misere_tricks or {})
        self._found: Dict[tuple, Tuple[Found, int]] = {}
        self._misere: Dict[tuple, Tuple[Found, int]] = {}
        self._scores: Dict[tuple, int] = {}
        self._played: Dict[tuple, Deal] = {}
        self._solver: Optional[Solver] = None
        #: Keys (``trick_key``) whose tricks are an estimate: a Courts or
        #: misère-bid solve stopped by its budget.
        self.rough: List[tuple] = []
        #: The bounds of each misère search a budget stopped, for a scored contract.
        self.misere_bounds: List[Bounds] = []
        #: Was a Skruuvi misère scored with the aces' mean (``Budgets.aces``)?
        self.aces_by_mean = False

    def __repr__(self) -> str:
        what = self.deal.to_pbn() if self.deal is not None else "a DD table"
        return (f"<Valuer {self.rules.name} {what}: {len(self._found) + len(self._misere)} "
                f"solved>")

    # -- what a contract is ------------------------------------------------
    def how_played(self, contract, declarer) -> ContractPlay:
        """How ``contract`` by ``declarer`` is played (``ContractPlay``); the
        all-pass deal's leader is the auction's (the dealer's left)."""
        kind, strain, _ = _facts(self.rules, contract)
        declarer = self._declarer(contract, declarer)
        if kind == "all-pass":
            leader = Seat.parse(self.rules.all_pass_result(self.dealer)[2])
            return ContractPlay("NT", leader, True, declarer.side)
        leader = self.rules.opening_leader(declarer)
        if kind == "misere":
            return ContractPlay("NT", leader, True, declarer.side)
        return ContractPlay(strain, leader, strain in self.rules.losing_strains, declarer.side)

    def objective(self, contract, declarer) -> Objective:
        """What the declaring side plays for in ``contract`` (a ``solver.Objective``:
        its net score by tricks taken, and in a Skruuvi misère what each ace
        taken adds), from the rule set's ``play_objective``; for the all-pass
        deal, North-South's unless another seat is named."""
        declarer = self._declarer(contract, declarer)
        deal = self.played_deal(contract, declarer)
        full = deal is not None and all(len(deal[s]) == 13 for s in SEATS)
        return self.rules.play_objective(deal if full else None, contract, declarer)

    def _kind(self, contract) -> str:
        """``"all-pass"``, ``"misere"``, ``"extra"`` (the general solver) or ``"dd"``."""
        return _facts(self.rules, contract)[0]

    def key(self, contract, declarer) -> tuple:
        """``trick_key`` of this Valuer's game and exchange."""
        return trick_key(self.rules, contract, declarer, self.exchange)

    def played_deal(self, contract, declarer) -> Deal:
        """The deal played in ``contract`` by ``declarer``: the deal itself, or
        the deal after the card exchange that contract brings."""
        if self.exchange is None:
            return self.deal
        declarer = None if declarer is None else Seat.parse(declarer)
        where = (contract, declarer)
        if where not in self._played:
            self._played[where] = play_deal(self.rules, self.deal, contract, declarer,
                                            kitty=self.kitty, dealer=self.dealer)
        return self._played[where]

    def _warm(self) -> Solver:
        """One solver for the deal's related searches (exchanged deals, exact misère)."""
        if self._solver is None:
            self._solver = Solver()
        return self._solver

    # -- solving -------------------------------------------------------------
    def solve(self, pairs: Iterable[Tuple[Optional[str], object]]) -> None:
        """Solve the tricks of every ``(contract, declarer)`` not known yet: the
        double-dummy ones a strain at a time (its declarers on one table), the
        general solver's one by one. A pair without a contract or declarer is
        skipped; misère contracts are searched when scored."""
        needs: Dict[Strain, set] = {}
        for contract, declarer in pairs:
            if contract is None or declarer is None:
                continue
            kind = self._kind(contract)
            declarer = Seat.parse(declarer)
            if kind == "extra":
                self._solve_extra(contract, declarer)
            elif kind == "dd" and self.exchange is not None:
                self._solve_exchanged(contract, declarer)
            elif kind == "dd":
                needs.setdefault(Strain[_facts(self.rules, contract)[1]], set()).add(declarer)
        self.solve_strains(needs)

    def solve_strains(self, needs: Dict[Strain, Iterable]) -> None:
        """Solve the double-dummy tricks of each strain for its declarers
        (``{Strain.H: {N, S}}``): on a deal before the exchange, for every
        level group's exchange (``exchange.LEVEL_GROUPS``)."""
        if self.exchange is not None:
            for strain, declarers in needs.items():
                for declarer in declarers:
                    for level in LEVEL_GROUPS[self.exchange]:
                        self._solve_exchanged(contract_text(level, strain), declarer)
            return
        for strain, declarers in needs.items():
            declarers = [Seat.parse(d) for d in declarers]
            known = self._rows(strain, {table_row(self.rules, d) for d in declarers})
            for d in declarers:
                tricks = declarer_tricks(known, self.rules, d, strain)
                self._found[d.name, strain.name] = (tricks, tricks)

    def _rows(self, strain: Strain, rows: set) -> Dict[tuple, int]:
        """DD table entries ``{(row, strain): tricks}`` for the rows wanted: from
        the table given, the cache, or one ``dd_table`` call for the rest."""
        if self._table is not None:
            return {(row, strain): self._table[row, strain] for row in rows}
        must_trump = self.rules.must_trump
        # The shared cache keys must-trump tricks apart (a cache may serve two games).
        masks = self.deal.masks if not must_trump else (self.deal.masks, "must_trump")
        cache = self.cache
        known = {} if cache is None else {
            (row, strain): cache[masks, row, strain] for row in rows
            if (masks, row, strain) in cache}
        missing = sorted(row for row in rows if (row, strain) not in known)
        if missing:
            table = dd_table(self.deal, strains=[strain], declarers=missing,
                             must_trump=must_trump)
            for row in missing:
                known[row, strain] = table[row, strain]
                if cache is not None:
                    cache[masks, row, strain] = table[row, strain]
        return known

    def _solve_exchanged(self, contract, declarer: Seat) -> None:
        """A trump or grand contract on the deal after its exchange (one warm
        solver for the deal's exchanged deals: they share most cards)."""
        key = self.key(contract, declarer)
        if key in self._found:
            return
        strain = Strain[key[1]]
        played = self.played_deal(contract, declarer)
        tricks = self._warm().dd_table(played, strains=[strain], declarers=[declarer],
                                       must_trump=self.rules.must_trump)[declarer, strain]
        self._found[key] = (tricks, tricks)

    def _solve_extra(self, contract, declarer: Seat) -> None:
        """A Courts or misère-bid contract by the general solver (the fast
        core's misère search for semi-contract's plain misère bids), within
        ``Budgets.courts_nodes``."""
        key = self.key(contract, declarer)
        if key in self._found:
            return
        strain, nodes = key[1], self.budgets.courts_nodes
        if self.budgets.courts_each_fresh:
            where = (self.deal.masks, strain, declarer.name, nodes)
            found = None if self.cache is None else self.cache.get(where)
            if found is None:
                found = fresh_tricks(self.deal, strain, declarer, nodes, rules=self.rules)
                if self.cache is not None:
                    self.cache[where] = found
        else:
            found = strain_tricks(self.deal, strain, declarer, rules=self.rules,
                                  max_nodes=nodes)
        if not isinstance(found, int):
            self.rough.append(key)
        self._found[key] = (found, estimate(found))

    def table(self) -> DDTable:
        """The deal's whole DD table (declarer's left-hand opponent leads), solved
        once; the contracts the table plays are then read from it."""
        if self.exchange is not None:
            raise ParError("a deal before the exchange has no single DD table")
        if self._table is None:
            self._table = dd_table(self.deal, must_trump=self.rules.must_trump)
        return self._table

    def exchanged_tables(self):
        """``({level: DDTable}, {(strain, seat, level): Deal})`` of a deal before
        the exchange (``exchange.exchanged_tables``); its contracts are then
        read from them."""
        if self.exchange is None:
            raise ParError("the deal is played as dealt: it has no exchanged tables")
        tables, played = exchanged_tables(self.rules, self.deal, kitty=self.kitty,
                                          dealer=self.dealer, solver=self._warm())
        for level, table in tables.items():
            for seat in SEATS:
                for strain in STRAINS:
                    key = (seat.name, strain.name, level_group(self.exchange, level))
                    self._found.setdefault(key, (table[seat, strain],) * 2)
        return tables, played

    def courts_rows(self, strains=None, progress=None) -> list:
        """Semi-contract's Courts and misère strains (``courts.courts_and_misere``:
        each strain's tricks per declarer, one solver a deck layout, within
        ``Budgets.courts_nodes``; ``progress`` as there); their contracts are
        then read from them. [] in a game without such strains."""
        if not self.rules.extra_strains:
            return []
        rows = courts.courts_and_misere(self.deal, rules=self.rules, strains=strains,
                                        max_nodes=self.budgets.courts_nodes,
                                        progress=progress)
        self.take_rows(rows)
        return rows

    def take_rows(self, rows) -> None:
        """Keep the tricks of ``courts.CourtsRow`` rows solved elsewhere."""
        for row in rows:
            for seat, found in row.tricks.items():
                self._found.setdefault((seat, row.strain), (found, estimate(found)))

    # -- tricks --------------------------------------------------------------
    def _entry(self, contract, declarer) -> Tuple[Found, int]:
        """``(found, tricks)`` of the declaring side: what the search found and
        the tricks scored (an estimate when it was stopped)."""
        kind = self._kind(contract)
        if kind in ("all-pass", "misere"):
            return self._misere_entry(contract, declarer)
        key = self.key(contract, declarer)
        if key not in self._found:
            self.solve([(contract, declarer)])
        return self._found[key]

    def _misere_entry(self, contract, declarer) -> Tuple[Found, int]:
        """A misère's tricks from the misère trick search (``misere.misere_on_lead``),
        from the game's opening leader, on the deal as played."""
        declarer = self._declarer(contract, declarer)
        leader = self.how_played(contract, declarer).leader
        where = (contract, declarer)
        if where not in self._misere:
            deal = self.played_deal(contract, declarer)
            n = len(deal[leader])
            if leader.name in self._preset:
                ns = self._preset[leader.name]
                found = on_lead = ns if leader.side == "NS" else n - ns
            else:
                found, on_lead = misere.misere_on_lead(
                    deal, leader, max_nodes=self.budgets.misere_nodes,
                    warm=self._warm() if self.budgets.misere_nodes is None else None,
                    narrow=not self.budgets.misere_guard)
            if leader.side != declarer.side:         # the other side's tricks
                on_lead = n - on_lead
                if isinstance(found, Bounds):
                    found = Bounds(n - found.upper, n - found.lower)
                else:
                    found = n - found
            self._misere[where] = (found, on_lead)
        return self._misere[where]

    def found(self, contract, declarer) -> Found:
        """The declaring side's tricks as the search found them: a number, or
        what a search stopped by its budget proved (``solver.Bounds``, or a
        Courts solve's ``courts.Rough``)."""
        return self._entry(contract, declarer)[0]

    def tricks(self, contract, declarer) -> int:
        """The declaring side's tricks in ``contract`` played by ``declarer`` (for
        the all-pass deal, the side of the seat given; None: North-South's):
        exact, or the estimate within what a stopped search proved."""
        return self._entry(contract, declarer)[1]

    @property
    def solved(self) -> Dict[tuple, int]:
        """The double-dummy and general solver's tricks known so far, by
        ``trick_key`` (misère searches are kept by leader, not here)."""
        return {key: tricks for key, (_, tricks) in self._found.items()}

    # -- scores --------------------------------------------------------------
    def _declarer(self, contract, declarer) -> Seat:
        if declarer is None and contract == self.rules.all_pass_contract:
            return Seat.N
        return Seat.parse(declarer)

    def deal_score(self, contract, declarer) -> DealScore:
        """The rule set's ``DealScore`` of ``contract`` by ``declarer`` with
        ``tricks`` (a misère's aces not included)."""
        declarer = self._declarer(contract, declarer)
        tricks = self.tricks(contract, declarer)
        misere_kind = self._kind(contract) in ("all-pass", "misere")
        # After Skruuvi's exchange the deal played is not the deal given; the
        # game scores no honours, so a trump contract's score needs no deal.
        deal = (self.played_deal(contract, declarer) if misere_kind
                else None if self.exchange is not None else self.deal)
        return self.rules.score(deal, contract=contract, declarer=declarer.name, tricks=tricks)

    def score(self, contract, declarer) -> int:
        """North-South's net score of ``contract`` by ``declarer`` (None: thrown
        in, 0); a Skruuvi misère adds its aces' mean with ``Budgets.aces``."""
        if contract is None:
            return 0
        declarer = self._declarer(contract, declarer)
        where = (contract, declarer)
        if where not in self._scores:
            value = self.deal_score(contract, declarer).net("NS")
            if self._kind(contract) in ("all-pass", "misere"):
                found = self.found(contract, declarer)
                if isinstance(found, Bounds):
                    self.misere_bounds.append(found)
                if self.budgets.aces == "mean" and self.rules.misere_aces:
                    leader = self.how_played(contract, declarer).leader
                    value += misere.aces_mean(self.rules, contract, leader)
                    self.aces_by_mean = True
            self._scores[where] = value
        return self._scores[where]

    def outcome(self, contract, declarer) -> ContractOutcome:
        """``contract`` by ``declarer`` as a ``ContractOutcome`` (the all-pass
        deal: declarer ``"N"``, North-South's tricks). ``made``: the tricks
        undertaken, or in a misère at most those allowed (7 - level), in a
        losing strain at least those undertaken lost."""
        declarer = self._declarer(contract, declarer)
        kind = self._kind(contract)
        tricks, score = self.tricks(contract, declarer), self.score(contract, declarer)
        if kind in ("all-pass", "misere"):
            found = self.found(contract, declarer)
            proved = (found.lower, found.upper) if isinstance(found, Bounds) else None
            made = True if kind == "all-pass" else tricks <= 7 - self.rules.contract(contract).level
            return ContractOutcome(contract, declarer.name, tricks, score, made, True,
                                   proved=proved)
        c = self.rules.contract(contract)
        losing = c.strain in self.rules.losing_strains
        made = (13 - tricks if losing else tricks) >= c.tricks_needed
        return ContractOutcome(contract, declarer.name, tricks, score, made, losing)

    def outcomes(self, contracts: Iterable[str]) -> Dict[str, Dict[str, ContractOutcome]]:
        """``{contract: {seat: ContractOutcome}}`` for each of ``contracts``
        (in that order), every seat declaring."""
        contracts = list(contracts)
        self.solve((c, seat) for c in contracts for seat in SEATS)
        return {c: {seat.name: self.outcome(c, seat) for seat in SEATS} for c in contracts}

    def all_pass(self) -> Optional[ContractOutcome]:
        """The deal played when all four pass (Skruuvi's all-pass misère,
        Siberian Vint's распасовка; declarer ``"N"``: North-South's tricks and
        score), or None where the deal is thrown in."""
        contract = self.rules.all_pass_contract
        return None if contract is None else self.outcome(contract, "N")


def misere_value(deal, rules, contract, declarer, dealer, *,
                 max_nodes: Optional[int] = misere.ADVICE_NODES,
                 estimates: Optional[list] = None) -> int:
    """NS minus EW for a misère contract (or the all-pass deal) played on
    ``deal`` as the advisor values it: the tricks from the misère trick
    search, the aces by their mean worth (``ACES_MEAN``: the advisor's
    estimate, not this deal's aces). With ``max_nodes`` the search may stop
    early: then ``misere_estimate`` within the bounds it proved is scored, and
    the bounds are appended to ``estimates`` when it is given. On full
    13-card deals the default budget seldom finishes (an exact full-deal
    misère takes seconds): the estimate is off by ``ESTIMATE_ERROR`` tricks
    on average on random deals."""
    valuer = Valuer(rules, deal, dealer=dealer,
                    budgets=Budgets(misere_nodes=max_nodes, aces="mean"))
    value = valuer.score(contract, declarer)
    if estimates is not None:
        estimates.extend(valuer.misere_bounds)
    return value
