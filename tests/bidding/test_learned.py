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
    low, high = training.ranges(rows)
    assert low == pytest.approx(committed.low, abs=1e-5)
    assert high == pytest.approx(committed.high, abs=1e-5)
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
    table, corrected = Policy("vint", learned=False), Policy("vint", learned=True)
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
            fits = {c: learned._means(corrected, reading, c).on_scalars(_facts(deal[seat].mask)
                                                                       .features) for c in gains}
            above = [c for c, g in gains.items() if g is not None and g > model.margin]
            if mine.call != theirs.call:
                changed += 1
                assert mine.call in legal and mine.row is None
                assert mine.call in above and fits[mine.call]
                # the best predicted gain among the calls whose meaning the hand fits
                assert all(gains[c] <= gains[mine.call] for c in above if fits[c])
                assert mine.reason.startswith("the correction learned from the advisor")
                assert f"the table's {theirs.call}" in mine.reason
            else:
                kept += 1
                assert not any(fits[c] for c in above)
    assert changed and kept


def test_the_samplers_question_has_the_policys_answer_where_the_correction_changes_calls():
    """Issue 32: ``Policy.maker`` (does this hand make that call?) skips the
    correction's full search where it cannot give the call; its answers must
    be the corrected policy's, for every candidate call, on auctions where
    the correction changes calls (a fresh policy each time, so nothing it
    remembered from ``call`` answers for it)."""
    table = Policy("vint", learned=False)
    rng = random.Random(5)
    changed = said_yes = 0
    for _ in range(25):
        deal, dealer = _random_deal(rng), Seat.parse("NESW"[rng.randrange(4)])
        policy = Policy("vint")
        auction = policy.play_out(deal, dealer=dealer, auction=[])
        for i in range(len(auction)):
            seat = policy.rules.seat_of_call(dealer, i)
            before = auction[:i]
            fresh = Policy("vint")
            truth = fresh.call(deal[seat], seat=seat, dealer=dealer, auction=before).call
            changed += truth != table.call(deal[seat], seat=seat, dealer=dealer,
                                           auction=before).call
            for call in learned.candidates(fresh, fresh.legal_calls(before)):
                makes = Policy("vint").maker(before, seat, dealer, call)
                said_yes += makes(deal[seat])
                assert makes(deal[seat]) == (call == truth)
    assert changed >= 3 and said_yes > 50


def test_the_correction_is_for_vint_only_and_needs_its_file(tmp_path, monkeypatch):
    assert Policy("vint").correction is not None               # the default where there is one
    assert Policy("vint", learned=False).correction is None
    for game in ("skruuvi", "semi-contract", "vint-siberian"):
        assert Policy(game).correction is None                 # the table alone elsewhere
        with pytest.raises(PolicyError, match="learned for vint, not"):
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
    assert bidder.policy.correction is not None and bidder.name == "policy"
    assert make_bidder("policy:table", Referee(rule_set("vint"))).policy.correction is None


def test_a_calls_meaning_from_the_reading_is_what_the_sampler_reads():
    # The correction checks a call against the system's meaning worked out from the
    # policy's reading; the sampler reads it from the auction (read_auction's text
    # and the system reading's outline). Random auctions, the policy's calls with a
    # third of them replaced by random bids: the two agree, or (partner's game from
    # the hand after its own pass, which the reading cannot tell) the reading's is
    # the stricter: every hand that fits it fits the sampler's.
    from advisor.bidding.constraints import compile_constraint
    from advisor.bidding.system import meaning_from_reading, read_auction, system_readings
    policy = Policy("vint", learned=False)
    rules = policy.rules
    rng = random.Random(6)
    compared = stricter = 0
    for _ in range(120):
        deal, dealer = _random_deal(rng), Seat.parse("NESW"[rng.randrange(4)])
        auction = []
        while policy.legal_calls(auction) and len(auction) < 40:
            seat = rules.seat_of_call(dealer, len(auction))
            bids = [c for c in policy.legal_calls(auction) if c != "P" and int(c[0]) <= 4]
            call = rng.choice(bids) if bids and rng.random() < 0.3 else \
                policy.call(deal[seat], seat=seat, dealer=dealer, auction=auction).call
            i = len(auction)
            texts = [x.text for x in read_auction(auction + [call], dealer, rules) if x.index == i]
            texts += [x.outline for x in system_readings(auction + [call], dealer, rules)
                      if x.index == i]
            sampler = " and ".join(f"({t})" for t in texts if t)
            mine = meaning_from_reading(rules, seat, policy.reading(auction, seat, dealer), call)
            compared += 1
            if mine != sampler:
                stricter += 1
                assert mine and sampler
                strict, loose = compile_constraint(mine), compile_constraint(sampler)
                for _ in range(300):
                    h = _random_deal(rng)[Seat.parse("N")]
                    assert not strict(h) or loose(h), (auction, call, mine, sampler)
            auction.append(call)
    assert compared > 2000 and stricter < compared / 100
