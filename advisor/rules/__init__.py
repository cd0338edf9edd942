"""The rules of Vint and its relatives, one module per game behind one interface.

>>> from advisor import rules
>>> vint = rules.get("vint")
>>> vint.score(None, contract="4D", declarer="N", tricks=10).below
{'NS': 380, 'EW': 114}

``names()`` lists the games; ``get(name)`` returns a rule set (see
``advisor.rules.base.RuleSet``); an unknown name raises ``RulesError``.
Every game ``get`` knows deals four hands and has the ``RuleSet`` interface,
its capabilities declared as attributes (``misere_strain``,
``all_pass_contract``, ``exchange_style``...). Preference, for three hands,
is a type of its own: ``three_handed_names()`` and ``three_handed(name)``.
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


#: Games for three hands: a type of their own (Preference's players are 0, 1,
#: 2, its deal has a widow, its score is a pool), not a ``RuleSet``, whose
#: auction, par, advice and review code deals four hands.
_THREE_HANDED: Dict[str, type] = {"preference": Preference}


def names() -> List[str]:
    """The names of the four-hand games, the default (``vint``) first."""
    return list(_GAMES)


def three_handed_names() -> List[str]:
    """The names of the three-hand games (``three_handed``)."""
    return list(_THREE_HANDED)


def _key(name):
    return name.strip().lower() if isinstance(name, str) else name


def get(name: str = DEFAULT) -> RuleSet:
    """The rule set of a four-hand game, by the name users pass (``"vint"``,
    ``"skruuvi"``...)."""
    key = _key(name)
    if key in _THREE_HANDED:
        raise RulesError(f"{key} is a game for three hands, not a four-hand rule set: "
                         f"rules.three_handed({key!r}) gives its rules")
    if key not in _GAMES:
        raise RulesError(f"unknown rule set {name!r}: known ones are "
                         f"{', '.join(names() + list(_THREE_HANDED))}")
    return _GAMES[key]()


def three_handed(name: str) -> Preference:
    """The rules of a three-hand game by name (``"preference"``)."""
    key = _key(name)
    if key not in _THREE_HANDED:
        raise RulesError(f"unknown three-hand game {name!r}: known ones are "
                         f"{', '.join(_THREE_HANDED)}")
    return _THREE_HANDED[key]()


__all__ = ["names", "get", "three_handed_names", "three_handed", "DEFAULT", "RulesError",
           "DealScore", "Contract", "RuleSet",
           "AuctionState",
           "RubberSheet", "Vint", "Skruuvi", "SkruuviOld", "BolshevikScore",
           "SemiContract", "SiberianVint",
           "FosterVint", "Preference", "PreferenceDeal", "PreferenceError", "PreferencePool"]
