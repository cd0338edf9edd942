"""Objectives (solver.Objective) built from the games' scoring agree with the scoring itself."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor import rules
from solver import Deal, Objective
from solver.objective import ObjectiveError

SKRUUVI = [rules.get("skruuvi"), rules.get("skruuvi-old")]
DEAL = Deal.from_pbn("N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765")


@st.composite
def plays(draw):
    """Tricks won by the declaring side, and the aces taken: (trick, seat) pairs that fit."""
    tricks = draw(st.integers(0, 13))
    winners = draw(st.permutations(["N"] * tricks + ["E"] * (13 - tricks)))
    ace_tricks = draw(st.lists(st.integers(1, 13), max_size=4))
    return tricks, [(k, winners[k - 1]) for k in ace_tricks]


@pytest.mark.parametrize("game", SKRUUVI, ids=lambda g: g.name)
@pytest.mark.parametrize("contract", ["5M", "6M", "7M", "5MX", "6MXX", "AP", "APX", "5S", "7G"])
@settings(max_examples=60, deadline=None)
@given(play=plays())
def test_skruuvi_objective_scores_like_the_rules(game, contract, play):
    tricks, aces = play
    objective = game.play_objective(None, contract, "N")
    scored = game.score(None, contract, "N", tricks, aces_taken=aces).net("NS")
    assert objective.side == "NS"
    assert objective.value(tricks, aces) == scored


@settings(max_examples=80, deadline=None)
@given(play=plays(), doubled=st.sets(st.sampled_from(["E", "S", "W"])), redoubled=st.booleans(),
       contract=st.sampled_from(["7M", "7S", "7G"]))
def test_bolshevik_objective_is_the_bidders_score(play, doubled, redoubled, contract):
    tricks, aces = play
    game = rules.get("skruuvi")
    redoubled = redoubled and bool(doubled)
    objective = game.bolshevik_objective(contract, "N", doubled_by=doubled, redoubled=redoubled)
    scored = game.score_bolshevik(contract, "N", tricks, aces_taken=aces if contract == "7M"
                                  else (), doubled_by=doubled, redoubled=redoubled)
    assert objective.side == "N" and objective.lone
    assert objective.value(tricks, aces if contract == "7M" else []) == scored.players["N"]


@pytest.mark.parametrize("name", ["vint", "vint-foster", "vint-siberian", "semi-contract"])
@pytest.mark.parametrize("contract", ["1S", "4H", "6NT", "7C"])
def test_trick_games_objective_is_the_net_score_with_the_deal(name, contract):
    game = rules.get(name)
    objective = game.play_objective(DEAL, contract, "E")
    assert objective.side == "EW" and not objective.has_aces
    assert list(objective.by_tricks) == [game.score(DEAL, contract, "E", t).net("EW")
                                         for t in range(14)]


def test_vint_objective_grows_with_tricks():
    # In a trick game more tricks never hurt: playing for the score is playing for tricks.
    for contract in ("1S", "3NT", "7H"):
        by_tricks = rules.get("vint").play_objective(DEAL, contract, "N").by_tricks
        assert list(by_tricks) == sorted(by_tricks)


@pytest.mark.parametrize("args, words", [
    (("NS", range(13)), "14 numbers"),
    (("NS", range(14), [0] * 12), "13 numbers"),
    (("XY", range(14)), "side"),
    (("NS", [10 ** 9] * 14), "at most"),
    (("NS", [1.5] * 14), "whole numbers"),
])
def test_bad_objectives_are_named(args, words):
    with pytest.raises(ObjectiveError, match=words):
        Objective(*args)


def test_objective_basics():
    assert Objective.tricks("EW").value(9, [(1, "EW")]) == 9
    assert Objective.fewest_tricks("N").lone and Objective.fewest_tricks("N").value(3, []) == -3
    lone = Objective("S", range(14), [-1] * 13, [1] * 13)
    assert lone.value(2, [(3, "S"), (4, "N"), (5, "W")]) == 2 - 1 + 1 + 1
    assert lone == Objective("S", range(14), [-1] * 13, [1] * 13) and hash(lone)
