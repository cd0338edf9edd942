"""Analysing a full deal: the DD table, every contract's score, honours, aces, par.

>>> a = analyse("N:AKQJ.AKQ.AK2.432 T987.JT9.QJT.JT9 6543.8765.987.65 2.432.6543.AKQ87")
>>> a.par.contract, a.par.declarer           # doctest: +SKIP
('6H', 'N')

One double-dummy table is solved per deal; everything else is counting and
scoring with the chosen rule set. ``Analysis.to_dict()`` is the JSON layout
documented in docs/analysis.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional

from solver.cards import SUITS, Deal, Seat

from .game import misere_contracts, playable_contracts, rule_set, strain_of, table_leader
from .par import Par, best_for_side, par_from_outcomes, side_outcome
from .rules.base import aces, trump_honours
from .valuation import ContractOutcome, ParError, Valuer, full_deal
from .valuation.courts import DEFAULT_NODES
from .valuation.exchange import LEVEL_GROUPS, exchange_kind, level_group, read_kitty
from .valuation.misere import ACES_NOTE, ANALYSIS_NODES, add_aces, aces_notes, budget_note
from .valuation.valuer import Budgets

__all__ = ["Analysis", "Exchange", "table_leader", "analyse", "analyse_table", "analyse_before_exchange",
           "analyse_courts"]

SIDES = ("NS", "EW")


@dataclass(frozen=True)
class Analysis:
    """Everything ``analyse`` finds out about one deal.

    - ``table``: the solver's DD table (declarer's left-hand opponent leads);
    - ``outcomes``: ``{contract: {seat: ContractOutcome}}`` for every contract
      the game offers to par, lowest bid first; tricks are counted with the
      game's own opening leader, scores are NS minus EW;
    - ``honours``: trump honours (A K Q J 10) each side holds, by suit;
    - ``aces``: aces each side holds;
    - ``best``: each side's best contract if the other side never bids (None
      if the game offers no contract);
    - ``par``: the par result (``advisor.par``, ``advisor.find_par``);
    - ``all_pass``: the deal played when all four pass (Skruuvi's all-pass
      misère, Siberian Vint's распасовка; ``declarer`` "N": NS's tricks), or
      None when the game throws it in or misère was not solved;
    - ``notes``: what the scores leave out (misère aces, the X mark);
    - ``exchange``: for a Skruuvi deal given before the card exchange, the
      exchange each contract went through (``Exchange``), else None; ``table``
      is then the table of levels 6 and 7.

    Misère contracts (Skruuvi's 5M..7M) are in ``outcomes`` with ``misere``
    set: tricks from the misère trick search, from the game's opening leader.
    """

    deal: Deal
    rules: str
    dealer: str
    table: object
    outcomes: Dict[str, Dict[str, ContractOutcome]]
    honours: Dict[str, Dict[str, int]]
    aces: Dict[str, int]
    best: Dict[str, Optional[ContractOutcome]]
    par: Par
    all_pass: Optional[ContractOutcome] = None
    notes: tuple = ()
    exchange: Optional["Exchange"] = None

    @property
    def contracts(self) -> List[str]:
        """The contracts scored, lowest bid first."""
        return list(self.outcomes)

    def score(self, contract: str, declarer) -> int:
        """NS score (NS minus EW) of one contract played by one declarer."""
        return self.outcomes[contract][Seat.parse(declarer).name].score

    def side_outcome(self, contract: str, side: str) -> ContractOutcome:
        """A contract played by the side's better declarer."""
        return side_outcome(self.outcomes[contract], side)

    def to_dict(self) -> dict:
        """The JSON layout of docs/analysis.md."""
        def outcome(o: Optional[ContractOutcome]):
            return None if o is None else {
                "contract": o.contract, "declarer": o.declarer, "tricks": o.tricks,
                "score": o.score, "made": o.made}

        return {
            "deal": self.deal.to_pbn(),
            "rules": self.rules,
            "dealer": self.dealer,
            "dd_table": self.table.to_dict(),
            "dd_table_leader": table_leader(self.rules),
            "contracts": self.contracts,
            "scores": {c: {seat: {"tricks": o.tricks, "score": o.score, "made": o.made,
                                  **_aces_dict(o), **_proved_dict(o)}
                           for seat, o in row.items()}
                       for c, row in self.outcomes.items()},
            # Each side's better declarer of each contract (``side_outcome``):
            # the grid's entry, so a reader need not repeat its rule.
            "side_declarer": {c: {side: side_outcome(row, side).declarer for side in SIDES}
                              for c, row in self.outcomes.items()},
            "honours": self.honours,
            "aces": self.aces,
            "best": {side: outcome(o) for side, o in self.best.items()},
            "par": self.par.to_dict(),
            "all_pass": None if self.all_pass is None else {
                "contract": self.all_pass.contract, "ns_tricks": self.all_pass.tricks,
                "score": self.all_pass.score, **_aces_dict(self.all_pass),
                **_proved_dict(self.all_pass)},
            "notes": list(self.notes),
            **({"exchange": self.exchange.to_dict(self.par, self.rules)}
               if self.exchange else {}),
        }


def _aces_dict(o: ContractOutcome) -> dict:
    """A misère scored with its aces: ``"aces": "exact"``, or the NS bounds
    ``[lower, upper]`` the budgeted search proved; nothing otherwise."""
    if not o.with_aces:
        return {}
    return {"aces": "exact" if o.bounds is None else list(o.bounds)}


def _proved_dict(o: ContractOutcome) -> dict:
    """A misère whose trick search ran past its budget: ``"tricks_proved":
    [lower, upper]`` (the declaring side's; the all-pass deal's North-South's),
    ``tricks`` being the estimate within them; nothing otherwise."""
    return {} if o.proved is None else {"tricks_proved": list(o.proved)}


@dataclass(frozen=True)
class Exchange:
    """How a deal given before Skruuvi's card exchange was analysed.

    - ``kind``: ``"kitty"`` or ``"kotka"``; ``kitty``: the kitty (Kitty game);
    - ``tables``: ``{level: DDTable}``: each entry solved on the deal after the
      exchange that contract brings (``advisor.valuation.exchange``);
    - ``played``: ``{(strain, seat, level): Deal}``, those deals.
    """

    kind: str
    kitty: Optional[object]
    tables: Dict[int, object]
    played: Dict[tuple, Deal]

    def deal_for(self, contract: str, declarer: str, rules) -> Optional[Deal]:
        """The deal played in ``contract`` by ``declarer`` after the exchange."""
        rs = rule_set(rules)
        strain = strain_of(rs, contract)
        group = level_group(self.kind, rs.contract(contract).level)
        return self.played.get((strain, Seat.parse(declarer), group))

    def to_dict(self, par: Par, rules) -> dict:
        def group_label(kind, group):
            levels = [level for level in range(4, 8) if level_group(kind, level) == group]
            return f"{levels[0]}-{levels[-1]}"

        out = {"kind": self.kind,
               "kitty": None if self.kitty is None else self.kitty.to_pbn(),
               # One table per exchange group, named by its levels ("4-5", "6-7";
               # Kotka's one table "4-7"), not repeated for every level.
               "dd_tables": {group_label(self.kind, group): self.tables[group].to_dict()
                             for group in LEVEL_GROUPS[self.kind]}}
        if par.contract is not None:
            out["par_deal_played"] = self.deal_for(par.contract, par.declarer,
                                                   rules).to_pbn()
        return out


def analyse(deal, *, rules="vint", dealer="N", table=None, misere: bool = True, kitty=None,
            before_exchange: bool = False, aces_seconds: Optional[float] = None,
            progress=None, misere_nodes: Optional[int] = ANALYSIS_NODES) -> Analysis:
    """Analyse a full deal (a ``Deal`` or PBN text) under a game's rules.

    ``table``: a precomputed DD table (``solver.DDTable`` or dict); without it
    ``solver.dd_table(deal)`` is solved (the costly step, with the misère
    trick searches: ``misere=False`` leaves misère and all-pass deals out).

    Skruuvi: ``kitty`` (4 cards; the hands hold 12) or ``before_exchange=True``
    (Kotka, 13 cards a hand) says the deal is given before the card exchange;
    every trump and grand contract is then scored on the deal its own exchange
    produces (``advisor.valuation.exchange``). Without them the deal is the one played.

    ``aces_seconds``: score Skruuvi's misère contracts and all-pass misère
    with their ace penalties, each by a scored search of at most this many
    seconds (``advisor.valuation.misere.add_aces``; ``progress`` is passed on). Without
    it they count tricks only (``ACES_NOTE``).

    ``misere_nodes``: the nodes each misère trick search may use (default
    ``valuation.misere.ANALYSIS_NODES``, about 15 s; None: exact, which on
    rare deals takes minutes). A search stopped by it leaves its row the
    estimate within the tricks it proved: ``ContractOutcome.proved`` is set
    and a note names the row.
    """
    if misere_nodes is not None and (isinstance(misere_nodes, bool)
                                     or not isinstance(misere_nodes, int) or misere_nodes < 1):
        raise ParError(f"misere_nodes is a number of nodes, 1 or more (None: exact), "
                       f"not {misere_nodes!r}")
    if aces_seconds is not None:
        _check_aces_seconds(aces_seconds, rules)
    if aces_seconds is not None and (kitty is not None or before_exchange or not misere):
        raise ParError("the ace penalties are scored on misère rows, which need the deal as "
                       "played and the misère searches (no kitty, before_exchange or "
                       "misere=False)")
    if kitty is not None or before_exchange:
        if table is not None:
            raise ParError("a deal before the exchange has no single DD table: "
                           "leave out table=")
        return analyse_before_exchange(deal, rules=rules, dealer=dealer, kitty=kitty)
    rs = rule_set(rules)
    valuer = Valuer(rs, full_deal(deal), dealer=dealer, table=table,
                    budgets=Budgets(misere_nodes=misere_nodes, misere_guard=True,
                                    courts_nodes=None))
    valuer.table()
    with_misere = misere and bool(misere_contracts(rs) or rs.all_pass_contract)
    return _analysis(valuer, with_misere, aces_seconds, progress)


def _check_aces_seconds(seconds, rules) -> None:
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
        raise ParError(f"aces_seconds is a number of seconds above 0, not {seconds!r}")
    if not rule_set(rules).misere_aces:
        raise ParError(f"only Skruuvi's misère scores ace penalties, not {rule_set(rules).name}'s")


#: What the analysis of a deal before the exchange leaves out.
BEFORE_EXCHANGE_NOTE = ("misère contracts and the all-pass misère are not analysed on a "
                        "deal before the exchange: give the deal as played for them")


def analyse_before_exchange(deal, *, rules="skruuvi", dealer="N", kitty=None) -> Analysis:
    """``analyse`` of a Skruuvi deal before the card exchange (see ``analyse``)."""
    rs = rule_set(rules)
    dealer = Seat.parse(dealer).name
    if not isinstance(deal, Deal):
        deal = Deal.from_pbn(deal)
    kind = exchange_kind(rs, kitty)
    if kitty is not None:
        kitty = read_kitty(kitty, deal)
    valuer = Valuer(rs, deal, dealer=dealer, exchange=kind, kitty=kitty)
    tables, played = valuer.exchanged_tables()
    outcomes = valuer.outcomes(playable_contracts(rs))
    return Analysis(
        deal=deal, rules=rs.name, dealer=dealer, table=tables[7], outcomes=outcomes,
        honours={suit.name: trump_honours(deal, suit) for suit in SUITS},
        aces=aces(deal),
        best={side: best_for_side(outcomes, side) for side in SIDES},
        par=par_from_outcomes(outcomes, rs, dealer),
        notes=(BEFORE_EXCHANGE_NOTE,),
        exchange=Exchange(kind, kitty, tables, played),
    )


def analyse_table(deal, table, *, rules="vint", dealer="N", misere_tricks=None,
                  aces_seconds: Optional[float] = None, progress=None) -> Analysis:
    """``analyse`` with a given DD table (a ``solver.DDTable`` or dict).

    ``misere_tricks``: ``{leader: NS tricks}`` with each side taking as few
    tricks as it can (``valuation.misere.misere_tricks``), for the leaders of
    ``misere_leaders``; without it misère and all-pass deals are left out.
    ``aces_seconds``, ``progress``: as for ``analyse``.
    """
    deal = full_deal(deal)
    rs = rule_set(rules)
    if aces_seconds is not None:    # as in analyse, which checks before solving the table
        _check_aces_seconds(aces_seconds, rs)
    valuer = Valuer(rs, deal, dealer=dealer, table=table, misere_tricks=misere_tricks)
    return _analysis(valuer, misere_tricks is not None, aces_seconds, progress)


def _analysis(valuer: Valuer, with_misere: bool, aces_seconds: Optional[float],
              progress) -> Analysis:
    """The ``Analysis`` of a deal as played, every contract valued by ``valuer``
    (the misère contracts and the all-pass deal too, ``with_misere``)."""
    rs, deal, dealer = valuer.rules, valuer.deal, valuer.dealer.name
    contracts = playable_contracts(rs)
    if with_misere:
        contracts = sorted(contracts + misere_contracts(rs),
                           key=lambda c: rs.bid_rank(rs.contract(c)))
    outcomes = valuer.outcomes(contracts)
    all_pass, notes = None, ()
    if with_misere:
        all_pass = valuer.all_pass()
        if aces_seconds is not None:
            outcomes, all_pass = add_aces(deal, rs, dealer, outcomes, all_pass,
                                          max_seconds=aces_seconds, progress=progress)
        if all_pass is not None:
            notes = tuple(n for n in (ACES_NOTE if rs.misere_aces else None, rs.all_pass_note)
                          if n)
        if aces_seconds is not None:
            notes = aces_notes(outcomes, all_pass) + tuple(n for n in notes if n != ACES_NOTE)
        stopped = budget_note(outcomes, all_pass, valuer.budgets.misere_nodes or 0)
        if stopped:
            notes += (stopped,)
    # Par counts the all-pass deal only where it scores (Skruuvi); the X mark
    # of Siberian Vint's распасовка goes to whoever wins the rubber.
    scored_all_pass = all_pass if all_pass is not None and rs.all_pass_scores else None
    return Analysis(
        deal=deal, rules=rs.name, dealer=dealer, table=valuer.table(), outcomes=outcomes,
        honours={suit.name: trump_honours(deal, suit) for suit in SUITS},
        aces=aces(deal),
        best={side: best_for_side(outcomes, side) for side in SIDES},
        par=par_from_outcomes(outcomes, rs, dealer, all_pass=scored_all_pass),
        all_pass=all_pass, notes=notes,
    )


def analyse_courts(deal, *, rules="semi-contract", max_nodes=None, exact=False,
                   progress=None) -> list:
    """Semi-contract's Courts and misère strains, which the DD table leaves out:
    each strain's tricks per declarer and each side's best contract
    (``valuation.courts.courts_and_misere``; empty for other games).
    ``max_nodes``: each solve's budget (default ``courts.DEFAULT_NODES``);
    ``exact=True``: no budget at all. ``progress(done, total, label)``: called
    as each strain's declarer is started (a few seconds in all on most deals;
    the strains are solved on two threads, ``courts.WORKERS``)."""
    budgets = Budgets(courts_nodes=None if exact else (max_nodes or DEFAULT_NODES))
    return Valuer(rules, deal, budgets=budgets).courts_rows(progress=progress)
