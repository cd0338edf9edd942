"""The constraint language of the advisor (advisor/constraints.py)."""

import re

import numpy as np
import pytest

from advisor.bidding.constraints import (FEATURES, ConstraintError, compile_constraint, features_of_cards,
                                 hand_features)
from solver.cards import Hand

HAND = Hand.from_pbn("AKQ87.KJ4.A2.T93")      # 17 hcp, 5-3-2-3, two aces
TOP = [3, 1, 1, 0]                             # A K Q held in each suit


def test_features_of_a_hand():
    f = hand_features(HAND)
    assert set(f) == set(FEATURES)
    assert (f["hcp"], f["spades"], f["hearts"], f["diamonds"], f["clubs"]) == (17, 5, 3, 2, 3)
    assert (f["aces"], f["kings"], f["queens"], f["jacks"], f["tens"]) == (2, 2, 1, 1, 1)
    assert f["controls"] == 6
    assert f["honours_spades"] == 3 and f["honours_clubs"] == 1
    assert [f[f"top_{s}"] for s in ("spades", "hearts", "diamonds", "clubs")] == TOP
    assert (f["longest"], f["shortest"]) == (5, 2)


@pytest.mark.parametrize("text, expected", [
    ("hcp >= 12 and hearts >= 5", False),
    ("hcp >= 12 and spades >= 5", True),
    ("12 <= hcp <= 17", True),
    ("12 <= hcp < 17", False),
    ("not (spades < 5) or aces == 4", True),
    ("not spades >= 5", False),
    ("spades + hearts >= 8 and spades - diamonds == 3", True),
    ("hearts == 3 or clubs == 3 and diamonds == 9", True),   # and binds tighter than or
    ("(hearts == 3 or clubs == 3) and diamonds == 9", False),
    ("HCP>=17", True),
    ("controls != 6", False),
])
def test_expressions(text, expected):
    assert compile_constraint(text)(HAND) is expected


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("hcp", "needs a comparison"),
    ("hcp >= ", "ends too early"),
    ("points >= 12", "unknown word 'points'"),
    ("hcp >= 12)", "unexpected ')'"),
    ("(hcp >= 12", "not closed"),
    ("hcp >= 12; import os", "cannot read"),
    ("__import__('os') > 1", "unknown word '__import__'"),
    ("hcp >= 1.5", "cannot read"),
])
def test_errors_name_the_problem(text, message):
    with pytest.raises(ConstraintError, match=re.escape(message)) as info:
        compile_constraint(text)
    assert isinstance(info.value, ValueError)


def test_callables():
    assert compile_constraint(lambda h: h.hcp > 16)(HAND) is True
    with pytest.raises(ConstraintError, match="must return True or False"):
        compile_constraint(lambda h: 3)(HAND)
    with pytest.raises(ConstraintError, match="ZeroDivisionError"):
        compile_constraint(lambda h: 1 / 0 > 1)(HAND)
    with pytest.raises(ConstraintError, match="not 5"):
        compile_constraint(5)


def test_combining_constraints():
    both = compile_constraint("hcp >= 12") & compile_constraint("hearts >= 5")
    assert both.vectorised and both(HAND) is False
    mixed = compile_constraint("hcp >= 12") & compile_constraint(lambda h: len(h.suit("S")) == 5)
    assert not mixed.vectorised and mixed(HAND) is True


def test_vectorised_matches_hand_by_hand():
    rng = np.random.default_rng(7)
    c = compile_constraint("(hcp >= 10 and longest >= 5) or not aces <= 1 or 4 <= shortest")
    cards = np.array([rng.permutation(52)[:13] for _ in range(300)])
    suits, ranks = cards // 13, cards % 13 + 2
    many = c.on_features(features_of_cards(suits, ranks))
    one_by_one = [c(Hand.from_mask(sum(1 << int(16 * s + r - 2) for s, r in zip(ss, rr))))
                  for ss, rr in zip(suits, ranks)]
    assert many.dtype == bool and list(many) == one_by_one
    assert 0 < sum(one_by_one) < 300
