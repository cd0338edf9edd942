"""The advice's reason and order say what the numbers show (issue 31, item 3):
a pass's reason comes from where the auction goes, two calls that reach the
same contract are never "too close to call", and a call dropped early is
placed by how far it trailed the best on the samples both were scored on."""

from collections import defaultdict

import numpy as np
import pytest

from advisor.bidding import advise as adv
from advisor.bidding import recommend
from solver.cards import Seat


def test_a_pass_that_loses_says_where_the_auction_goes():
    # The hand: a pass with nothing bid scored -1265 on average and
    # was explained as "no one else gains by bidding".
    rec = recommend("T62.Q84.J62.JT94", seat="N", dealer="N", auction="", samples=32, seed=1)
    assert rec.call == "P"
    assert "no one else gains" not in rec.reason
    assert "the opponents declare on" in rec.reason
    passing = rec.candidate("P")
    assert sum(n for _, n in passing.ends) == passing.samples
    assert passing.to_dict()["ends"][0][0] == passing.ends[0][0]


def test_skruuvi_pass_names_the_all_pass_misere():
    rec = recommend("T62.Q84.J62.JT94", seat="N", dealer="N", auction="", rules="skruuvi",
                    samples=16, seed=1, min_samples=16)
    passing = rec.candidate("P")
    assert any(text == "the all-pass misère" for text, _ in passing.ends)
    assert "thrown in" not in " ".join(text for text, _ in passing.ends)


def _fake_rec(sit, rows, final_rows):
    cands = adv._candidates(sit, [defaultdict(lambda: 10)] * len(rows), rows, rows, tuple(range(rows.shape[1])),
                            final_rows)
    return adv.Recommendation(call=cands[0].call, reason="", candidates=cands,
                              samples=len(rows), seconds=0.0, seat="N", dealer="N",
                              auction=(), rules="vint", hand=sit.hand.to_pbn())


def test_calls_reaching_the_same_contract_are_not_too_close():
    sit = adv.prepare("AKQJT98.A2.K2.A2", seat="N", dealer="N", auction="", strains=["S"])
    calls = [c[0] for c in sit.candidates]
    k1, k2 = calls.index("1S"), calls.index("2S")
    rng = np.random.default_rng(5)
    rows = rng.normal(0, 500, size=(20, len(calls))).round()
    rows[:, k1] = rows[:, k2] = 4000 + rng.normal(0, 300, 20).round()  # the same on each sample
    finals = [[("4S", Seat.N)] * len(calls) for _ in range(20)]
    for f in finals:                      # the others end elsewhere
        for k in range(len(calls)):
            if k not in (k1, k2):
                f[k] = ("1NT", Seat.E)
    rec = _fake_rec(sit, rows, finals)
    reason = adv._reason(rec, rows, sit, finals)
    assert {rec.candidates[0].call, rec.candidates[1].call} == {"1S", "2S"}
    assert not rec.too_close
    assert "same final contract on every sample" in reason
    # Without the continuations (as before) the same numbers were "too close".
    rec2 = _fake_rec(sit, rows, [])
    assert "Too close" in adv._reason(rec2, rows, sit, [])
    assert rec2.too_close


def test_a_dropped_call_is_placed_by_its_deficit_on_shared_samples():
    sit = adv.prepare("AKQJT98.A2.K2.A2", seat="N", dealer="N", auction="", strains=["S"])
    calls = [c[0] for c in sit.candidates]
    n = len(calls)
    rows = np.full((64, n), -5000.0)
    best, wide, dropped = calls.index("4S"), calls.index("6S"), calls.index("1S")
    rows[:, best] = np.r_[np.full(16, 5000.0), np.full(48, 3000.0)]   # mean 3500
    rows[:, wide] = rows[:, best] - 900                                 # trails by 900
    rows[:16, dropped] = 4700.0            # dropped after 16: its own mean 4700 > 6S's
    rows[16:, dropped] = np.nan            # but it trailed the best by 300 there
    live = tuple(k for k in range(n) if k != dropped)
    cands = adv._candidates(sit, [defaultdict(lambda: 10)] * 64, rows, rows, live, [])
    order = [c.call for c in cands]
    assert order[0] == "4S"
    assert order.index("1S") < order.index("6S")       # 300 behind, 6S 900 behind
    assert cands[order.index("1S")].samples == 16


@pytest.mark.parametrize("final, words", [
    ((None, None), "thrown in"),
    (("4H", Seat.E), "4H by E"),
    (("?", None), "a contract the table cannot play"),
])
def test_final_text(final, words):
    sit = adv.prepare("AKQJT98.A2.K2.A2", seat="N", dealer="N", auction="")
    assert adv._final_text(sit, final) == words
