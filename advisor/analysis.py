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

from .exchange import exchange_kind, exchanged_tables, read_kitty
from .game import playable_contracts, rule_set, strain_of
from .par import (ContractOutcome, Par, ParError, as_table, best_for_side, contract_outcomes, full_deal,
                  par_from_outcomes, side_outcome)
from .rules.base import aces, trump_honours

__all__ = ["Analysis", "Exchange", "analyse", "analyse_table", "analyse_before_exchange"]

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
    - ``exchange``: for a Skruuvi deal given before the card exchange, the
      exchange each contract went through (``Exchange``), else None; ``table``
      is then the table of levels 6 and 7.
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
            "scores": {c: {seat: {"tricks": o.tricks, "score": o.score, "made": o.made}
                           for seat, o in row.items()}
                       for c, row in self.outcomes.items()},
            "honours": self.honours,
            "aces": self.aces,
            "best": {side: outcome(o) for side, o in self.best.items()},
            "par": self.par.to_dict(),
            **({"exchange": self.exchange.to_dict(self.par)} if self.exchange else {}),
        }


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
        level = rs.contract(contract).level
        group = 5 if self.kind == "kitty" and level < 6 else 7
        return self.played.get((strain, Seat.parse(declarer), group))

    def to_dict(self, par: Par) -> dict:
        out = {"kind": self.kind,
               "kitty": None if self.kitty is None else self.kitty.to_pbn(),
               "dd_tables": {str(level): t.to_dict() for level, t in self.tables.items()}}
        if par.contract is not None:
            out["par_deal_played"] = self.deal_for(par.contract, par.declarer,
                                                   "skruuvi").to_pbn()
        return out


def analyse(deal, *, rules="vint", dealer="N", table=None, kitty=None,
            before_exchange: bool = False) -> Analysis:
    """Analyse a full deal (a ``Deal`` or PBN text) under a game's rules.

    ``table``: a precomputed DD table (``solver.DDTable`` or dict); without it
    ``solver.dd_table(deal)`` is solved (the only costly step).

    Skruuvi: ``kitty`` (4 cards; the hands hold 12) or ``before_exchange=True``
    (Kotka, 13 cards a hand) says the deal is given before the card exchange;
    every contract is then scored on the deal its own exchange produces
    (``advisor.exchange``). Without them the deal is the one played.
    """
    if kitty is not None or before_exchange:
        if table is not None:
            raise ParError("a deal before the exchange has no single DD table: "
                           "leave out table=")
        return analyse_before_exchange(deal, rules=rules, dealer=dealer, kitty=kitty)
    deal = full_deal(deal)
    if table is None:
        table = dd_table(deal)
    return analyse_table(deal, table, rules=rules, dealer=dealer)


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
    by_level = {level: contract_outcomes(t, rs) for level, t in tables.items()}
    outcomes = {c: by_level[rs.contract(c).level][c] for c in playable_contracts(rs)}
    return Analysis(
        deal=deal, rules=rs.name, dealer=dealer, table=tables[7], outcomes=outcomes,
        honours={suit.name: trump_honours(deal, suit) for suit in SUITS},
        aces=aces(deal),
        best={side: best_for_side(outcomes, side) for side in SIDES},
        par=par_from_outcomes(outcomes, rs, dealer),
        exchange=Exchange(kind, kitty, tables, played),
    )


def analyse_table(deal, table, *, rules="vint", dealer="N") -> Analysis:
    """``analyse`` with a given DD table (a ``solver.DDTable`` or dict)."""
    deal = full_deal(deal)
    rs = rule_set(rules)
    dealer = Seat.parse(dealer).name
    table = as_table(table, deal)
    outcomes = contract_outcomes(table, rs, deal)
    return Analysis(
        deal=deal, rules=rs.name, dealer=dealer, table=table, outcomes=outcomes,
        honours={suit.name: trump_honours(deal, suit) for suit in SUITS},
        aces=aces(deal),
        best={side: best_for_side(outcomes, side) for side in SIDES},
        par=par_from_outcomes(outcomes, rs, dealer),
    )




def analyse_courts(deal, *, rules="semi-contract", max_nodes=None) -> list:
    """Semi-contract's Courts and misère strains, which the DD table leaves out:
    each strain's tricks per declarer and each side's best contract
    (``advisor.semi_play.courts_and_misere``; empty for other games)."""
    from .semi_play import DEFAULT_NODES, courts_and_misere
    if rule_set(rules).name != "semi-contract":
        return []
    return courts_and_misere(deal, rules=rules, max_nodes=max_nodes or DEFAULT_NODES)
