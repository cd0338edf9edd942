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

from solver import dd_table
from solver.cards import SUITS, Deal, Seat

from .exchange import (LEVEL_GROUPS, exchange_kind, exchanged_tables, level_group,
                       read_kitty)
from .game import playable_contracts, rule_set, strain_of
from .misere import (ACES_NOTE, X_MARK_NOTE, add_aces, aces_notes, all_pass_outcome,
                     has_misere_aces, misere_leaders, misere_outcomes, misere_tricks)
from .par import (ContractOutcome, Par, ParError, as_table, best_for_side, contract_outcomes, full_deal,
                  par_from_outcomes, side_outcome)
from .rules.base import aces, trump_honours

__all__ = ["Analysis", "Exchange", "analyse", "analyse_table", "analyse_before_exchange",
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
            "contracts": self.contracts,
            "scores": {c: {seat: {"tricks": o.tricks, "score": o.score, "made": o.made,
                                  **_aces_dict(o)}
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
                "score": self.all_pass.score, **_aces_dict(self.all_pass)},
            "notes": list(self.notes),
            **({"exchange": self.exchange.to_dict(self.par)} if self.exchange else {}),
        }


def _aces_dict(o: ContractOutcome) -> dict:
    """A misère scored with its aces: ``"aces": "exact"``, or the NS bounds
    ``[lower, upper]`` the budgeted search proved; nothing otherwise."""
    if not o.with_aces:
        return {}
    return {"aces": "exact" if o.bounds is None else list(o.bounds)}


@dataclass(frozen=True)
class Exchange:
    """How a deal given before Skruuvi's card exchange was analysed.

    - ``kind``: ``"kitty"`` or ``"kotka"``; ``kitty``: the kitty (Kitty game);
    - ``tables``: ``{level: DDTable}``: each entry solved on the deal after the
      exchange that contract brings (``advisor.exchange``);
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

    def to_dict(self, par: Par) -> dict:
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
                                                   "skruuvi").to_pbn()
        return out


def analyse(deal, *, rules="vint", dealer="N", table=None, misere: bool = True, kitty=None,
            before_exchange: bool = False, aces_seconds: Optional[float] = None,
            progress=None) -> Analysis:
    """Analyse a full deal (a ``Deal`` or PBN text) under a game's rules.

    ``table``: a precomputed DD table (``solver.DDTable`` or dict); without it
    ``solver.dd_table(deal)`` is solved (the costly step, with the misère
    trick searches: ``misere=False`` leaves misère and all-pass deals out).

    Skruuvi: ``kitty`` (4 cards; the hands hold 12) or ``before_exchange=True``
    (Kotka, 13 cards a hand) says the deal is given before the card exchange;
    every trump and grand contract is then scored on the deal its own exchange
    produces (``advisor.exchange``). Without them the deal is the one played.

    ``aces_seconds``: score Skruuvi's misère contracts and all-pass misère
    with their ace penalties, each by a scored search of at most this many
    seconds (``advisor.misere.add_aces``; ``progress`` is passed on). Without
    it they count tricks only (``ACES_NOTE``).
    """
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
    deal = full_deal(deal)
    if table is None:
        table = dd_table(deal)
    tricks = None
    if misere and misere_leaders(rules, dealer):
        tricks = misere_tricks(deal, misere_leaders(rules, dealer))
    return analyse_table(deal, table, rules=rules, dealer=dealer, misere_tricks=tricks,
                         aces_seconds=aces_seconds, progress=progress)


def _check_aces_seconds(seconds, rules) -> None:
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
        raise ParError(f"aces_seconds is a number of seconds above 0, not {seconds!r}")
    if not has_misere_aces(rules):
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
    tables, played = exchanged_tables(rs, deal, kitty=kitty, dealer=dealer)
    # One outcome table per exchange group (the Kitty game's levels 4-5 and
    # 6-7 share their exchanges), read by each contract's level.
    by_group = {group: contract_outcomes(tables[group], rs) for group in LEVEL_GROUPS[kind]}
    outcomes = {c: by_group[level_group(kind, rs.contract(c).level)][c]
                for c in playable_contracts(rs)}
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
    tricks as it can (``advisor.misere.misere_tricks``), for the leaders of
    ``misere_leaders``; without it misère and all-pass deals are left out.
    ``aces_seconds``, ``progress``: as for ``analyse``.
    """
    deal = full_deal(deal)
    rs = rule_set(rules)
    if aces_seconds is not None:    # as in analyse, which checks before solving the table
        _check_aces_seconds(aces_seconds, rs)
    dealer = Seat.parse(dealer).name
    table = as_table(table, deal)
    outcomes = contract_outcomes(table, rs, deal)
    all_pass, notes = None, ()
    if misere_tricks is not None:
        extra = misere_outcomes(deal, rs, misere_tricks)
        outcomes = dict(sorted({**outcomes, **extra}.items(),
                               key=lambda kv: rs.bid_rank(rs.contract(kv[0]))))
        all_pass = all_pass_outcome(deal, rs, dealer, misere_tricks)
        if aces_seconds is not None:
            outcomes, all_pass = add_aces(deal, rs, dealer, outcomes, all_pass,
                                          max_seconds=aces_seconds, progress=progress)
        notes = tuple(n for n, wanted in ((ACES_NOTE, bool(extra) or rs.name != "vint-siberian"),
                                          (X_MARK_NOTE, rs.name == "vint-siberian"))
                      if wanted and all_pass is not None)
        if aces_seconds is not None:
            notes = aces_notes(outcomes, all_pass) + tuple(n for n in notes if n != ACES_NOTE)
    # Par counts the all-pass deal only where it scores (Skruuvi); the X mark
    # of Siberian Vint's распасовка goes to whoever wins the rubber.
    scored_all_pass = all_pass if all_pass is not None and all_pass.contract == "AP" else None
    return Analysis(
        deal=deal, rules=rs.name, dealer=dealer, table=table, outcomes=outcomes,
        honours={suit.name: trump_honours(deal, suit) for suit in SUITS},
        aces=aces(deal),
        best={side: best_for_side(outcomes, side) for side in SIDES},
        par=par_from_outcomes(outcomes, rs, dealer, all_pass=scored_all_pass),
        all_pass=all_pass, notes=notes,
    )




def analyse_courts(deal, *, rules="semi-contract", max_nodes=None, exact=False) -> list:
    """Semi-contract's Courts and misère strains, which the DD table leaves out:
    each strain's tricks per declarer and each side's best contract
    (``advisor.semi_play.courts_and_misere``; empty for other games).
    ``max_nodes``: each solve's budget (default ``semi_play.DEFAULT_NODES``);
    ``exact=True``: no budget at all."""
    from .semi_play import DEFAULT_NODES, courts_and_misere
    if rule_set(rules).name != "semi-contract":
        return []
    return courts_and_misere(deal, rules=rules,
                             max_nodes=None if exact else (max_nodes or DEFAULT_NODES))
