"""The advice's own speed (issue 32), each shortcut giving the same answers:
``DealStream`` gives the same deals in the same order however many are asked
at a time, so an advice that settles early draws only about the deals it used;
the legal calls a continuation asks for are read from contracts parsed once."""

import numpy as np
import pytest

from advisor.bidding import AdviceCache, recommend
from advisor.bidding import advise as adv
from advisor.bidding import sampling
from advisor.bidding.constraints import compile_constraint
from advisor.bidding.sampling import DealStream, SamplingError, sample_deals
from advisor.game import rule_set
from solver.cards import Deal, Hand, Seat

HAND = Hand.from_pbn("AKQ87.KJ4.A2.T93")
CONS = {"N": compile_constraint("hcp >= 10 and hearts >= 4"),
        "W": compile_constraint(lambda h: len(h.suit("C")) <= 3)}


def _stepped(step, n, **kw):
    stream = DealStream(HAND, "S", np.random.default_rng(7), CONS, limit=n, **kw)
    while len(stream.deals) < n:
        stream.take(len(stream.deals) + step)
    return stream


@pytest.mark.parametrize("step", [1, 7, 16])
def test_the_same_deals_in_the_same_order_whatever_the_step(step):
    eager = sample_deals(HAND, "S", 60, np.random.default_rng(7), CONS)
    stream = _stepped(step, 60)
    assert stream.deals == eager.deals and stream.attempts == eager.attempts
    # iterating a fresh stream gives them too, and stops at its limit
    again = DealStream(HAND, "S", np.random.default_rng(7), CONS, limit=60)
    assert list(again) == eager.deals


def test_a_stream_draws_only_what_is_asked(monkeypatch):
    made = []
    real = sampling.Deal

    class Counted:
        @staticmethod
        def from_masks(masks):
            made.append(masks)
            return real.from_masks(masks)

    monkeypatch.setattr(sampling, "Deal", Counted)
    stream = DealStream(HAND, "S", np.random.default_rng(3), CONS, limit=200)
    first = stream.take(5)
    rows_for_five = len(made)
    stream.take(5)                          # asked again: nothing more drawn
    assert len(made) == rows_for_five
    stream.take(20)
    monkeypatch.undo()
    assert len(first) == 5 and len(stream.deals) == 20
    # the rows turned into deals are those the text constraints let through
    # up to the 20th deal fitting the callable too, not the 200 asked of sample_deals
    assert 20 <= len(made) < 60
    assert stream.deals == sample_deals(HAND, "S", 20, np.random.default_rng(3), CONS).deals


def test_a_pool_stream_is_drawn_from_only_as_far_as_needed():
    earlier = DealStream(HAND, "S", np.random.default_rng(3), limit=100)
    strong = {"N": compile_constraint("hcp >= 12")}
    later = DealStream(HAND, "S", np.random.default_rng(4), strong, pool=earlier, limit=10)
    got = later.take(10)
    assert len(earlier.deals) < 100 and all(d["N"].hcp >= 12 for d in got)
    # the same deals as the eager sampler given the earlier deals as a list
    listed = sample_deals(HAND, "S", 100, np.random.default_rng(3)).deals
    assert got == sample_deals(HAND, "S", 10, np.random.default_rng(4), strong,
                               pool=listed).deals


def test_no_deal_at_all_still_raises_and_too_few_still_warn():
    stream = DealStream(HAND, "S", np.random.default_rng(0),
                        {"N": compile_constraint("aces >= 3")}, max_attempts=5000, limit=5)
    with pytest.raises(SamplingError, match="no deal fits"):
        stream.take(1)
    rare = DealStream(HAND, "S", np.random.default_rng(3), {"N": compile_constraint("hcp >= 19")},
                      max_attempts=3000, limit=50)
    assert rare.warning() is None                       # not asked yet: nothing to say
    assert 0 < len(rare.take(50)) < 50 and rare.exhausted
    assert "only" in rare.warning() and rare.attempts == 3000


def test_an_advice_that_settles_early_draws_only_its_samples():
    # No auction, so no reading of the policy's to check on half the samples:
    # the advice draws the deals of the rounds it solves and no more.
    cache = AdviceCache()
    rec = recommend("T62.Q84.J62.JT94", seat="N", dealer="N", auction="", samples=400,
                    seed=1, workers=1, cache=cache)
    assert rec.stopped_early and rec.samples < 400
    [drawn] = cache.deals.values()
    assert len(drawn.deals) == rec.samples
    # ... and they are the first deals the eager sampler gives with that seed
    eager = sample_deals(Hand.from_pbn("T62.Q84.J62.JT94"), "N", 400, np.random.default_rng(1))
    assert rec.deals == eager.deals[:rec.samples]


def test_the_half_is_drawn_to_keep_the_policys_reading(monkeypatch):
    # The latest reading is the policy's own call: whether it stays depends on
    # half the samples fitting it, so that half is drawn even if the advice
    # settles before (the answer is then the one eager sampling gave).
    streams = []
    real = adv.DealStream

    def kept(*args, **kw):
        streams.append(real(*args, **kw))
        return streams[-1]

    monkeypatch.setattr(adv, "DealStream", kept)
    rec = recommend("8642.9753.864.32", seat="S", dealer="N", auction="1D 1H", samples=400,
                    seed=1, workers=1, min_samples=16)
    assert rec.stopped_early and rec.samples < 200
    assert any(i.rules for i in rec.inferences)
    assert len(streams[-1].deals) == 200


@pytest.mark.parametrize("rules", ["vint", "vint-foster", "skruuvi", "skruuvi-old", "semi-contract",
                                   "vint-siberian"])
def test_the_legal_calls_are_those_read_the_long_way(rules):
    # The policy's own continuations give auctions of every shape: the calls
    # allowed after each prefix, from the bids parsed once, are those the rule
    # set's contracts give when parsed again each time.
    from advisor.bidding.policy import Policy
    from solver.cards import Deal, Seat
    rs = rule_set(rules)
    policy = Policy(rs)
    rng = np.random.default_rng(2)
    checked = 0
    for _ in range(6):
        deal = Deal.from_masks(_random_masks(rng))
        calls = policy.play_out(deal, dealer=Seat.N, auction=[]) if len(deal["N"]) == 13 else []
        for i in range(len(calls) + 1):
            state = rs.auction_state(calls[:i])
            long_way = [] if state.over else (
                ["P"] + [d for d in ("X", "XX") if rs.allows_doubles
                         and rs.double_problem(d, state) is None]
                + [str(c) for c in map(rs.contract, rs.biddable())
                   if rs.bid_problem(c, state) is None])
            assert rs.auction_legal_calls(calls[:i]) == long_way
            checked += 1
    assert checked > 6


def _random_masks(rng):
    cards = rng.permutation(52)
    masks = [0, 0, 0, 0]
    for k, card in enumerate(cards):
        masks[k % 4] |= 1 << (16 * (card // 13) + card % 13)
    return masks


def test_the_stands_figures_on_the_first_samples_change_no_decision():
    # The candidates' own contracts ("if it stands") are solved on the first
    # STAND_SAMPLES samples only: the same call, samples, means and per-sample
    # scores as solving them on every sample, with fewer searches (counted as
    # the double-dummy entries the shared cache holds).
    kw = dict(seat="S", dealer="N", auction="1H P", samples=48, seed=5, workers=1,
              early_stop=False)
    lean_cache, full_cache = AdviceCache(), AdviceCache()
    lean = recommend("AKQ87.KJ4.A2.T93", cache=lean_cache, **kw)
    full = recommend("AKQ87.KJ4.A2.T93", cache=full_cache, stands_samples=None, **kw)
    assert (lean.call, lean.samples) == (full.call, full.samples)
    # the reason's comparison is the same; its "makes in" names the samples it covers
    assert lean.reason.split(" on average")[1:] == full.reason.split(" on average")[1:] or \
        lean.reason.split(" on average over 48")[1:] == full.reason.split(" on average")[1:]
    assert [(c.call, c.mean, c.stderr, c.samples, c.scores) for c in lean.candidates] == \
        [(c.call, c.mean, c.stderr, c.samples, c.scores) for c in full.candidates]
    assert len(lean_cache.tricks) < len(full_cache.tricks)
    for a, b in zip(lean.candidates, full.candidates):
        n = min(adv.STAND_SAMPLES, a.samples)
        assert a.stands == b.stands[:n] and len(b.stands) == b.samples
        assert a.mean_stands == pytest.approx(np.mean(b.stands[:n]))
        if a.tricks is not None:
            assert sum(a.tricks) == n
    # (the reason may open with "Too close to call: ..." before the same figures)
    assert lean.call != "P" and (
        f"{lean.call} makes in {lean.candidates[0].p_make:.0%} of the first "
        f"{adv.STAND_SAMPLES} samples and scores") in lean.reason


@pytest.mark.parametrize("bad", [-1, 2.5, True, "32"])
def test_bad_stands_samples_are_refused(bad):
    with pytest.raises(adv.AdviseError, match="stands_samples"):
        recommend("AKQ87.KJ4.A2.T93", seat="S", dealer="N", auction="1H P", samples=16,
                  seed=1, stands_samples=bad)


def test_no_stands_figures_change_no_decision_and_save_searches():
    # stands_samples=0 (the auction review's: it shows only the means): the
    # same call, samples, means and scores; no "if it stands" figures, and
    # fewer double-dummy entries solved (counted in the shared cache).
    kw = dict(seat="S", dealer="N", auction="1H P", samples=32, seed=5, workers=1)
    none_cache, some_cache = AdviceCache(), AdviceCache()
    none = recommend("AKQ87.KJ4.A2.T93", cache=none_cache, stands_samples=0, **kw)
    some = recommend("AKQ87.KJ4.A2.T93", cache=some_cache, **kw)
    assert (none.call, none.samples) == (some.call, some.samples)
    assert [(c.call, c.mean, c.stderr, c.samples, c.scores) for c in none.candidates] == \
        [(c.call, c.mean, c.stderr, c.samples, c.scores) for c in some.candidates]
    assert all(c.stands == [] and c.p_make is None and c.tricks is None
               for c in none.candidates)
    assert len(none_cache.tricks) < len(some_cache.tricks)
    assert f"scores {none.candidates[0].mean:+.0f} on average over" in none.reason


def test_the_cache_prepares_each_situation_once(monkeypatch):
    calls = []
    real = adv.prepare
    monkeypatch.setattr(adv, "prepare", lambda *a, **kw: calls.append(kw) or real(*a, **kw))
    cache = AdviceCache()
    kw = dict(seat="S", dealer="N", auction=["1H", "P"], rules="vint")
    first = cache.situation("AKQ87.KJ4.A2.T93", **kw)
    first.courts_nodes = 1                       # a copy: the cached one is unchanged
    again = cache.situation("AKQ87.KJ4.A2.T93", **kw)
    assert len(calls) == 1 and again.courts_nodes != 1
    assert again.candidates == real("AKQ87.KJ4.A2.T93", **kw).candidates
    cache.situation("AKQ87.KJ4.A2.T93", **{**kw, "auction": ["1H", "2D"]})
    assert len(calls) == 2                       # another auction: prepared anew
    with pytest.raises(ValueError, match="four suits"):
        cache.situation("AKQ87.KJ4.A2", **kw)


def test_an_auctions_end_is_read_once(monkeypatch):
    # The continuations' finished auctions repeat from sample to sample: each
    # one's result is read once (adv._ENDS), the same answer every time.
    from advisor.game import rule_set
    from advisor.bidding.policy import Policy
    rs = rule_set("vint")
    policy = Policy(rs)
    read = []
    real = type(rs).auction_result
    monkeypatch.setattr(type(rs), "auction_result",
                        lambda self, *a: read.append(a) or real(self, *a))
    adv._ENDS.pop(rs, None)
    deal = Deal.from_pbn("N:AKQ87.KJ4.A2.T93 J65.AQ8.KQ43.AJ8 T4.T9762.J76.K54 932.53.T985.Q762")
    first = [adv.continue_auction(rs, policy, deal, Seat.N, ["1S"]) for _ in range(3)]
    assert len(set(first)) == 1 and len(read) == 1
    plays = policy.play_out(deal, dealer=Seat.N, auction=["1S"])
    contract, declarer, _ = real(rs, plays, Seat.N)
    assert first[0] == (contract, None if declarer is None else Seat.parse(declarer))


def test_quick_switching_is_set_for_the_rounds_and_put_back(monkeypatch):
    import sys
    before = sys.getswitchinterval()
    seen = []
    real = adv.map_threads
    monkeypatch.setattr(adv, "map_threads",
                        lambda *a: seen.append(sys.getswitchinterval()) or real(*a))
    one = recommend("AKQ87.KJ4.A2.T93", seat="S", dealer="N", auction="1H P", samples=16,
                    seed=3, workers=1)
    two = recommend("AKQ87.KJ4.A2.T93", seat="S", dealer="N", auction="1H P", samples=16,
                    seed=3, workers=2)
    assert seen == [before, min(before, adv.SWITCH_INTERVAL)]
    assert sys.getswitchinterval() == before
    assert [(c.call, c.scores) for c in one.candidates] == \
        [(c.call, c.scores) for c in two.candidates]
    with adv.quick_switching(2):                 # nested: the outer one puts it back
        with adv.quick_switching(2):
            assert sys.getswitchinterval() == min(before, adv.SWITCH_INTERVAL)
        assert sys.getswitchinterval() == min(before, adv.SWITCH_INTERVAL)
    assert sys.getswitchinterval() == before
