"""Rows of outcomes, each from a ``Valuer``: the tables analyses and par are built on.

- ``contract_outcomes(table, rules, deal)``: every contract a DD table plays;
- ``misere_outcomes(deal, rules, ns_tricks)``: the game's bid misères;
- ``all_pass_outcome(deal, rules, dealer, ns_tricks)``: the all-pass deal;
- ``courts_outcomes(deal, rows, rules)``: semi-contract's Courts and misère
  bids whose four declarers' tricks are exact.

Each is ``{contract: {seat: ContractOutcome}}`` (or one outcome), lowest bid
first, scores North-South's net.
"""

from __future__ import annotations

from typing import Dict, List, Optional

from solver import Bounds
from solver.cards import Deal

from ..game import misere_contracts, playable_contracts, rule_set
from .courts import CourtsRow
from .outcome import ContractOutcome, full_deal
from .valuer import Valuer

__all__ = ["contract_outcomes", "misere_outcomes", "all_pass_outcome", "courts_outcomes"]

Outcomes = Dict[str, Dict[str, ContractOutcome]]


def contract_outcomes(table, rules="vint", deal: Optional[Deal] = None) -> Outcomes:
    """``{contract: {seat: ContractOutcome}}`` for every contract par offers.

    ``deal`` is needed for honours and aces; without it they are not scored.
    """
    rs = rule_set(rules)
    valuer = Valuer(rs, deal, table=table)
    return valuer.outcomes(playable_contracts(rs))


def misere_outcomes(deal, rules, ns_tricks: Dict[str, int]) -> Outcomes:
    """``{contract: {seat: ContractOutcome}}`` for the game's bid misères.

    ``ns_tricks``: ``misere.misere_tricks`` for (at least) every declarer's
    opening leader. ``made``: at most 7 - level tricks. Scores: NS minus EW,
    aces not included (``misere.ACES_NOTE``).
    """
    valuer = Valuer(rules, deal, misere_tricks=ns_tricks)
    return valuer.outcomes(misere_contracts(rules))


def all_pass_outcome(deal, rules, dealer, ns_tricks: Dict[str, int]
                     ) -> Optional[ContractOutcome]:
    """The all-pass deal: ``declarer`` "N" (its ``tricks`` are NS's), NS score.

    Skruuvi's all-pass misère scores each trick -1 to its taker (aces not
    included, ``misere.ACES_NOTE``); Siberian Vint's распасовка scores nothing
    (its X mark goes to the sheet, ``RuleSet.all_pass_note``). None in other
    games.
    """
    return Valuer(rules, deal, dealer=dealer, misere_tricks=ns_tricks).all_pass()


def courts_outcomes(deal, rows: List[CourtsRow], *, rules="semi-contract") -> Outcomes:
    """``{contract: {seat: ContractOutcome}}`` for every level of each row's
    strain whose four declarers' tricks are exact (a row with bounds is left
    out: par cannot rest on a result it does not know). In a losing strain
    ``tricks`` are the declaring side's tricks taken, ``made`` when it lost
    at least the contract's ``tricks_needed``."""
    rs = rule_set(rules)
    valuer = Valuer(rs, full_deal(deal))
    exact = [row for row in rows if not any(isinstance(t, Bounds) for t in row.tricks.values())]
    valuer.take_rows(exact)
    return valuer.outcomes(f"{level}{row.strain}" for row in exact for level in rs.levels)
