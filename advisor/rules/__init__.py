"""The rules of Vint and its relatives, one module per game behind one interface.

>>> from advisor import rules
>>> vint = rules.get("vint")
>>> vint.score(None, contract="4D", declarer="N", tricks=10).below
{'NS': 380, 'EW': 114}

``names()`` lists the games; ``get(name)`` returns a rule set (see
``advisor.rules.base.RuleSet``); an unknown name raises ``RulesError``.
"""

from __future__ import annotations

from typing import Dict, List

from .base import AuctionState, Contract, DealScore, RuleSet, RulesError
from .rubber import RubberSheet
from .preference import Preference, PreferenceDeal, PreferenceError, PreferencePool
from .semi_contract import SemiContract
from .skruuvi import BolshevikScore, Skruuvi, SkruuviOld
from .vint import Vint
from .vint_foster import FosterVint
from .vint_siberian import SiberianVint

DEFAULT = "vint"

_GAMES: Dict[str, type] = {
    "vint": Vint,
    "vint-foster": FosterVint,
    "vint-siberian": SiberianVint,
    "skruuvi": Skruuvi,
    "skruuvi-old": SkruuviOld,
    "semi-contract": SemiContract,
}


#: Games for three hands: not in ``names()`` (whose games all deal four hands,
#: as the auction, par and advice code expects), but ``get`` finds them.
_THREE_HANDED: Dict[str, type] = {"preference": Preference}


def names() -> List[str]:
    """The names of the games, the default (``vint``) first."""
    return list(_GAMES)


def get(name: str = DEFAULT) -> RuleSet:
    """The rule set of a game, by the name users pass (``"vint"``, ``"skruuvi"``...)."""
    key = name.strip().lower() if isinstance(name, str) else name
    if key in _THREE_HANDED:
        return _THREE_HANDED[key]()
    if key not in _GAMES:
        raise RulesError(f"unknown rule set {name!r}: known ones are "
                         f"{', '.join(names() + list(_THREE_HANDED))}")
    return _GAMES[key]()


__all__ = ["names", "get", "DEFAULT", "RulesError", "DealScore", "Contract", "RuleSet",
           "AuctionState",
           "RubberSheet", "Vint", "Skruuvi", "SkruuviOld", "BolshevikScore",
           "SemiContract", "SiberianVint",
           "FosterVint", "Preference", "PreferenceDeal", "PreferenceError", "PreferencePool"]
