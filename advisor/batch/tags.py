"""The PBN tags ``vint annotate`` writes, and reading them back.

Bridge programs read and write a deal's double-dummy analysis in these tags
(docs/batch.md):

- ``[DoubleDummyTricks "746b5747b55862758627"]``: 20 hexadecimal digits, the
  tricks declarer's side takes with declarer's left-hand opponent leading, for
  declarers N, S, E, W (five digits each) in the strains NT, S, H, D, C: the
  order of the ``OptimumResultTable`` rows, the layout DDS-based tools write
  (checked against a file endplay ships, where both tags are given);
- ``[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]`` and its 20
  rows (``advisor.records.optimum_result_table``);
- bridge files: ``[OptimumScore "NS +620"]`` (NS's par score) and
  ``[ParContract "NS 4S"]`` (``advisor.batch.bridge``);
- the project's games: ``[VintRules "vint"]`` (the rule set),
  ``[VintPar "N 5H"]`` (par declarer and contract, ``Pass`` when thrown in)
  and ``[VintParScore "NS +3450"]`` (``advisor.par``, without doubles): a
  Vint par is not a bridge par, so it gets tags of its own.
"""

from __future__ import annotations

from typing import Dict, List, Optional

from solver.cards import Seat

from ..par import par_from_table
from ..records.pbn import optimum_result_table
from ..valuation import as_table
from .bridge import bridge_par, ns_score

__all__ = ["DD_TAGS", "BRIDGE_TAGS", "VINT_TAGS", "tags_for", "double_dummy_tricks",
           "read_double_dummy_tricks", "read_optimum_result_table", "TagError"]

#: The tags of the DD table, for every game.
DD_TAGS = ("DoubleDummyTricks", "OptimumResultTable")
#: Bridge par.
BRIDGE_TAGS = ("OptimumScore", "ParContract")
#: The par of one of the project's games.
VINT_TAGS = ("VintRules", "VintPar", "VintParScore")

#: The digits' order: declarers, then strains within each.
HEX_SEATS = ("N", "S", "E", "W")
HEX_STRAINS = ("NT", "S", "H", "D", "C")


class TagError(ValueError):
    """A tag value that is not what its name says (a bad ``DoubleDummyTricks``...)."""


def double_dummy_tricks(table) -> str:
    """The ``DoubleDummyTricks`` value of a DD table: 20 hex digits."""
    table = as_table(table)
    return "".join(f"{table[seat, strain]:x}" for seat in HEX_SEATS for strain in HEX_STRAINS)


def read_double_dummy_tricks(value: str) -> Dict[str, Dict[str, int]]:
    """``{seat: {strain: tricks}}`` from a ``DoubleDummyTricks`` value."""
    text = str(value).strip()
    if len(text) != 20 or any(c not in "0123456789abcdefABCDEF" for c in text):
        raise TagError(f"DoubleDummyTricks {text[:30]!r} is not 20 hexadecimal digits")
    digits = [int(c, 16) for c in text]
    if max(digits) > 13:
        raise TagError(f"DoubleDummyTricks {text!r} holds more than 13 tricks")
    return {seat: {strain: digits[5 * i + j] for j, strain in enumerate(HEX_STRAINS)}
            for i, seat in enumerate(HEX_SEATS)}


def read_optimum_result_table(lines) -> Dict[str, Dict[str, int]]:
    """``{seat: {strain: tricks}}`` from the rows of an ``OptimumResultTable``
    section (``"N NT  8"``, in any order)."""
    out: Dict[str, Dict[str, int]] = {}
    for line in lines:
        parts = str(line).split()
        if len(parts) != 3 or not parts[2].isdigit():
            raise TagError(f"OptimumResultTable row {str(line)[:30]!r} is not 'SEAT STRAIN TRICKS'")
        seat, strain, tricks = parts[0].upper(), parts[1].upper(), int(parts[2])
        if seat not in HEX_SEATS or strain not in HEX_STRAINS or tricks > 13:
            raise TagError(f"OptimumResultTable row {str(line)[:30]!r} is not 'SEAT STRAIN TRICKS'")
        out.setdefault(seat, {})[strain] = tricks
    return out


def tags_for(table, *, rules: str, dealer, vulnerable=(), deal=None) -> Dict[str, List[str]]:
    """The tags of one board: ``{tag name: its lines}`` (one line, or the tag
    line and the rows of a table), DD tags first, then the par tags of
    ``rules`` (``"bridge"`` or one of the project's games; ``deal`` scores
    honours and aces in those)."""
    table = as_table(table, deal)
    out = {"DoubleDummyTricks": [f'[DoubleDummyTricks "{double_dummy_tricks(table)}"]'],
           "OptimumResultTable": optimum_result_table(table)}
    dealer = Seat.parse(dealer).name
    if rules == "bridge":
        par = bridge_par(table, dealer=dealer, vulnerable=vulnerable)
        out["OptimumScore"] = [f'[OptimumScore "{par.optimum_score}"]']
        out["ParContract"] = [f'[ParContract "{par.par_contract}"]']
    else:
        par = par_from_table(table, dealer=dealer, rules=rules, deal=deal)
        out["VintRules"] = [f'[VintRules "{rules}"]']
        out["VintPar"] = [f'[VintPar "{vint_par_text(par)}"]']
        out["VintParScore"] = [f'[VintParScore "{ns_score(par.score)}"]']
    return out


def vint_par_text(par) -> str:
    """``N 5H``: the par declarer and contract; ``Pass`` when thrown in."""
    if par.contract is None:
        return "Pass"
    if par.declarer is None:                # an all-pass game that scores
        return par.contract
    return f"{par.declarer} {par.contract}"


def tag_names(rules: str) -> tuple:
    """The tags a board gets under ``rules``."""
    return DD_TAGS + (BRIDGE_TAGS if rules == "bridge" else VINT_TAGS)


def table_of_tags(tags: Dict[str, tuple], sections: Dict[str, list]) -> Optional[dict]:
    """The DD table a board's tags already give (``DoubleDummyTricks``, else
    ``OptimumResultTable``), or None. ``tags``/``sections``: a ``PBNGame``'s."""
    if "doubledummytricks" in tags:
        return read_double_dummy_tricks(tags["doubledummytricks"][1])
    if "optimumresulttable" in tags:
        return read_optimum_result_table(text for _line, text in
                                         sections.get("optimumresulttable", []))
    return None


__all__ += ["tag_names", "table_of_tags", "vint_par_text"]
