"""The correction learned from the advisor (advisor.bidding.learned; training/learned.py)."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest

from advisor.bidding import learned
from advisor.bidding.policy import Policy, PolicyError, _facts
from solver.cards import Card, Deal, Hand, Seat

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def training():
    spec = importlib.util.spec_from_file_location("training_learned",
                                                  REPO / "training" / "learned.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _random_deal(rng):
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    rng.shuffle(deck)
    return Deal([Hand(deck[13 * i:13 * i + 13]) for i in range(4)])


def test_the_committed_model_is_what_the_committed_data_fits(training):
    # The model file must be reproducible from the repository: same data, same weights.
    rows = training.examples(training.read_decisions(sorted(training.DATA.glob("*.jsonl"))))
    assert len(rows) > 1000
    weights = training.fit(rows)
    committed = learned.Correction.load()
    assert set(weights) == set(committed.weights)
    for kind, w in weights.items():
        assert w == pytest.approx(committed.weights[kind], abs=1e-3), kind
    assert committed.margin == training.MARGIN
    assert str(len(rows)) in committed.about


def test_the_fit_finds_a_planted_rule(training):
    # One kind whose target is 100 times the first situation flag plus 7 times hcp/10.
    rng = random.Random(3)
    rows = []
    for i in range(400):
        x = [1.0] + [float(rng.random() < 0.5)] + [rng.random() * 2 for _ in range(18)]
        rows.append(((0, i), {"1S": ("P:other", x, 100 * x[1] + 7 * x[5], None)}))
    w = training.fit(rows)["P:other"]
    assert w[1] == pytest.approx(100, rel=0.05) and w[5] == pytest.approx(7, rel=0.1)


def test_the_correction_changes_a_call_only_where_it_predicts_more_than_its_margin():
    table, corrected = Policy("vint"), Policy("vint", learned=True)
    model = corrected.correction
    rng = random.Random(11)
    changed = kept = 0
    for _ in range(40):
        deal, dealer = _random_deal(rng), Seat.parse("NESW"[rng.randrange(4)])
        auction = corrected.play_out(deal, dealer=dealer, auction=[])
        for i in range(len(auction)):
            seat = corrected.rules.seat_of_call(dealer, i)
            before = auction[:i]
            mine = corrected.call(deal[seat], seat=seat, dealer=dealer, auction=before)
            theirs = table.call(deal[seat], seat=seat, dealer=dealer, auction=before)
            assert mine.call == auction[i]
            reading = corrected.reading(before, seat, dealer)
            legal = corrected.legal_calls(before)
            inputs = learned.inputs(corrected, _facts(deal[seat].mask), deal[seat], reading,
                                    legal, theirs.call)
            gains = {c: model.predict(k, x) for c, (k, x) in inputs.items()}
            if mine.call != theirs.call:
                changed += 1
                assert mine.call in legal and mine.row is None
                assert gains[mine.call] > model.margin
                assert gains[mine.call] == max(g for g in gains.values() if g is not None)
                assert mine.reason.startswith("the correction learned from the advisor")
                assert f"the table's {theirs.call}" in mine.reason
            else:
                kept += 1
                assert all(g is None or g <= model.margin for g in gains.values())
    assert changed and kept


def test_the_correction_is_for_vint_only_and_needs_its_file(tmp_path, monkeypatch):
    for game in ("skruuvi", "semi-contract", "vint-siberian"):
        with pytest.raises(PolicyError, match="learned for Vint 1886"):
            Policy(game, learned=True)
    monkeypatch.setattr(learned, "MODEL_FILE", tmp_path / "missing.json")
    learned.load.cache_clear()
    try:
        with pytest.raises(PolicyError, match="missing.json"):
            Policy("vint", learned=True)
    finally:
        learned.load.cache_clear()


def test_a_model_file_for_other_inputs_is_refused(tmp_path):
    path = tmp_path / "model.json"
    data = json.loads(learned.MODEL_FILE.read_text())
    data["features"] = data["features"][:-1]
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="inputs"):
        learned.Correction.load(path)
    with pytest.raises(ValueError, match="weights"):
        learned.Correction({"P:other": [0.0] * 3}, 500)


def test_the_match_knows_the_learned_bidder():
    import sys
    sys.path.insert(0, str(REPO / "benchmarks"))
    from duplicate import Referee, make_bidder
    from advisor.game import rule_set
    bidder = make_bidder("policy:learned", Referee(rule_set("vint")))
    assert bidder.policy.correction is not None and bidder.name == "policy-learned"
