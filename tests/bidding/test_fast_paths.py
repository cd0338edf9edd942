"""The advisor's fast paths give the answers of the long ones (issue 32).

``Constraint.on_scalars`` (Python's operators, for one hand) against
``on_features`` (numpy's, for batches) on every hand text of the bidding
policy's tables and hand-made texts; ``Hand.from_mask``'s shortcut against
building the hand card by card; the level chooser's kept worth and the
trick inputs kept a hand against their long ways.
"""

import random

import pytest

from advisor.bidding.constraints import FEATURES, SUIT_WORDS, compile_constraint, hand_features
from advisor.bidding.policy import POLICY_FEATURES, Policy
from advisor.rules import get
from solver.cards import Hand, mask_to_cards
from solver.errors import DealError

TEXTS = ["hcp >= 12", "not hcp >= 12", "hcp + aces >= 3",
         "10 <= hcp <= 14 and spades >= 5", "hearts - spades >= 2 or not (clubs < 3)",
         "(hcp >= 20 or aces == 4) and not (spades != 4 or hearts > 3)",
         "hcp - 30 < 0 - 5", "longest >= 6 and shortest <= 1 or controls >= 5"]


def _policy_texts():
    out = set()
    for name in ("vint", "skruuvi", "semi-contract"):
        for row in Policy(get(name)).table:
            for suit in SUIT_WORDS:
                out.add(row.hand.format(suit=suit, partner="spades"))
    return sorted(out)


def _features(rng):
    f = {name: rng.randint(0, 40) for name in FEATURES}
    f.update({name: rng.randint(0, 8) for name in POLICY_FEATURES})
    return f


@pytest.mark.parametrize("text", TEXTS + _policy_texts())
def test_on_scalars_matches_on_features(text):
    c = compile_constraint(text, extra_features=POLICY_FEATURES)
    rng = random.Random(text)
    for _ in range(200):
        f = _features(rng)
        assert c.on_scalars(f) is bool(c.on_features(f)), f


def _random_text(rng, depth=0):
    """A random constraint of the language: sums, comparison chains, and / or /
    not and parentheses (the shapes the compiled Python must read as numpy does)."""
    def term():
        return rng.choice(list(FEATURES[:12]) + [str(rng.randint(0, 20))])

    def total():
        return " ".join([term()] + [f"{rng.choice('+-')} {term()}"
                                    for _ in range(rng.randint(0, 3))])

    def condition(d):
        kind = rng.random()
        if d < 4 and kind < 0.25:
            return f"not {condition(d + 1)}"
        if d < 4 and kind < 0.5:
            return f"({disjunction(d + 1)})"
        ops = ["<", "<=", ">", ">=", "==", "!="]
        return " ".join([total()] + [f"{rng.choice(ops)} {total()}"
                                     for _ in range(rng.choice((1, 1, 1, 2, 3)))])

    def disjunction(d):
        return " or ".join(" and ".join(condition(d) for _ in range(rng.randint(1, 3)))
                           for _ in range(rng.randint(1, 3)))
    return disjunction(depth)


@pytest.mark.parametrize("seed", range(20))
def test_on_scalars_matches_on_features_on_random_texts(seed):
    rng = random.Random(seed)
    for _ in range(20):
        text = _random_text(rng)
        while len(text) > 600:           # within the language's MAX_TEXT
            text = _random_text(rng)
        c = compile_constraint(text)
        for _ in range(30):
            f = _features(rng)
            assert c.on_scalars(f) is bool(c.on_features(f)), (text, f)


def test_on_scalars_at_the_language_s_limits():
    from advisor.bidding.constraints import MAX_DEPTH, MAX_TEXT
    deep = "(" * MAX_DEPTH + "hcp >= 3" + ")" * MAX_DEPTH
    nots = "not " * MAX_DEPTH + "hcp >= 3"
    long_sum = " + ".join(["aces"] * ((MAX_TEXT - 10) // 7)) + " >= 9"
    rng = random.Random(1)
    for text in (deep, nots, long_sum, "hcp == hcp != 3 < 4"):
        assert len(text) <= MAX_TEXT
        c = compile_constraint(text)
        for _ in range(20):
            f = _features(rng)
            assert c.on_scalars(f) is bool(c.on_features(f)), (text[:40], f)


def test_on_scalars_of_a_callable_constraint():
    c = compile_constraint(lambda hand: len(hand) == 13)
    with pytest.raises(ValueError):
        c.on_scalars({"hcp": 3})


def test_from_mask_matches_the_long_way():
    rng = random.Random(5)
    for _ in range(500):
        cards = rng.sample(range(52), rng.randint(0, 13))
        mask = sum(1 << (16 * (i // 13) + i % 13) for i in cards)
        fast = Hand.from_mask(mask)
        slow = Hand(mask_to_cards(mask))
        assert fast == slow and fast.mask == slow.mask and fast.to_pbn() == slow.to_pbn()
        assert hash(fast) == hash(slow) and len(fast) == len(slow)


def test_from_mask_refuses_and_ignores_as_before():
    with pytest.raises(DealError):
        Hand.from_mask((1 << 14) - 1 | (1 << 16))        # 14 cards
    # bits outside the cards' places: the long way, which drops them
    odd = (1 << 13) | 1
    assert Hand.from_mask(odd) == Hand(mask_to_cards(odd))
    assert Hand.from_mask(odd).mask == 1


# --------------------------------------------------------------------------
# The advice itself: the same with the fast paths as the long way

import json  # noqa: E402
from pathlib import Path  # noqa: E402

from advisor.bidding import AdviceCache, recommend  # noqa: E402
from advisor.bidding.constraints import Constraint  # noqa: E402

POSITIONS = json.loads((Path(__file__).resolve().parents[2] / "benchmarks"
                        / "advise_positions.json").read_text())


def _answer(rec):
    return (rec.call, rec.samples, rec.stopped_early, [d.to_pbn() for d in rec.deals],
            [(c.call, c.mean, c.stderr, c.samples, c.mean_stands, c.p_make) for c in rec.candidates])


def _advise(pos, **kw):
    return recommend(pos["hand"], seat=pos["seat"], dealer=pos["dealer"],
                     auction=pos["auction"], rules=pos["rules"], samples=16, seed=3,
                     workers=1, **kw)


@pytest.mark.parametrize("index", [1, 3, 13])    # a Vint overcall and contest, a Skruuvi overcall
def test_advice_is_the_same_the_long_way(index, monkeypatch):
    pos = POSITIONS[index]
    fast = _answer(_advise(pos))
    monkeypatch.setattr(Constraint, "on_scalars", lambda self, f: bool(self.on_features(f)))
    monkeypatch.setattr(Hand, "from_mask", classmethod(lambda cls, m: cls(mask_to_cards(m))))
    assert _answer(_advise(pos)) == fast


def test_a_cache_shares_its_policy_without_changing_the_advice():
    pos = POSITIONS[3]                              # 1D P 1NT 2S, East to call
    shared = AdviceCache()
    first = _answer(_advise(pos, cache=shared))
    assert set(shared.policies) == {"vint"}
    policy = shared.policies["vint"]
    again = _answer(_advise(pos, cache=shared))     # the same deals (the pool), a warm policy
    assert shared.policies["vint"] is policy
    cold = AdviceCache()
    cold.deals = dict(shared.deals)
    assert again == first == _answer(_advise(pos, cache=cold))


def test_on_scalars_of_joined_constraints():
    both = (compile_constraint("sure >= 2", extra_features=POLICY_FEATURES)
            & compile_constraint("hcp >= 12"))
    f = dict.fromkeys(FEATURES, 0) | dict.fromkeys(POLICY_FEATURES, 0)
    for sure, hcp in ((2, 12), (1, 12), (2, 11)):
        f.update(sure=sure, hcp=hcp)
        assert both.on_scalars(f) is bool(both.on_features(f)) is (sure >= 2 and hcp >= 12)


# --------------------------------------------------------------------------
# The policy's hand facts and row tests: the same as the long way

import sys  # noqa: E402

from advisor.bidding import policy as policy_module  # noqa: E402


def _benchmarks_on_path():
    benchmarks = str(Path(__file__).resolve().parents[2] / "benchmarks")
    if benchmarks not in sys.path:
        sys.path.insert(0, benchmarks)


def _baseline():
    _benchmarks_on_path()
    from baseline_policy import policy as frozen
    return frozen


def test_hand_facts_from_the_suit_tables_are_the_long_ways():
    """``_facts`` reads each suit from a table of all 8192 holdings; the frozen
    baseline's copy reads the hand card by card."""
    long_way = _baseline()._facts
    rng = random.Random(11)
    for n in range(3000):
        cards = rng.sample(range(52), 13 if n % 3 else 12)
        mask = sum(1 << (16 * (c // 13) + c % 13) for c in cards)
        fast, slow = policy_module._facts(mask), long_way.__wrapped__(mask)
        sure = {k: fast.features[k] for k in fast.features if k.startswith("sure_")}
        assert fast.ranks == slow.ranks
        assert {k: v for k, v in fast.features.items() if k not in sure} == slow.features
        assert fast.sure == slow.sure, Hand.from_mask(mask).to_pbn()
        # The language's sure tricks (numpy's, for the sampler) are the policy's.
        assert sure == {"sure_nt": slow.sure[None],
                        **{f"sure_{w}": slow.sure[i] for i, w in enumerate(SUIT_WORDS)}}
        assert hand_features(Hand.from_mask(mask)) == fast.features


def _long_way_row(policy, hand, reading, legal):
    """The row and strain ``_decide`` should take, each row's text formatted and
    compiled afresh and tested by numpy (``on_features``)."""
    facts = policy_module._facts(hand.mask)
    partner = next((s for s in reversed(reading.partner_strains) if s in "SHDC"), None)
    for row in policy.table:
        if row.situation != reading.situation():
            continue
        for strain in policy._strains(row, hand, reading):
            if ("{partner}" in row.hand and partner is None) or \
                    ("{suit}" in row.hand and strain not in "SHDC"):
                continue
            word = SUIT_WORDS["SHDC".index(strain)] if strain in "SHDC" else "spades"
            text = row.hand.format(suit=word, partner=SUIT_WORDS["SHDC".index(partner)]
                                   if partner else "spades")
            extra = (facts.sure[policy_module.COURTS if strain == policy_module.COURTS
                                else "SHDC".index(strain) if strain in "SHDC" else None],
                     int(reading.partner_shows(strain, policy.nt) == "nt"),
                     int(reading.partner_raised_me),
                     int(any(s in "SHDC" for s in reading.partner_strains)),
                     int(reading.mine_standing == strain),
                     int(bool(reading.my_strains) and reading.my_strains[0] == policy.nt),
                     int(reading.my_first == "P"),
                     int(reading.opener == "partner" and reading.partner_first is not None
                         and reading.partner_first[:1] in "234567"
                         and reading.partner_first[1:] in "SHDC"
                         and partner == reading.partner_first[1:]))
            values = dict(facts.features, **dict(zip(POLICY_FEATURES, extra)))
            if not bool(compile_constraint(text, extra_features=POLICY_FEATURES)
                        .on_features(values)):
                continue
            if policy._bid(row, strain, hand, reading, legal) is not None:
                return row
    return None


@pytest.mark.parametrize("game", ["vint", "skruuvi", "semi-contract"])
def test_the_policys_rows_are_tested_as_the_long_way_tests_them(game):
    _benchmarks_on_path()
    from duplicate import board
    policy = Policy(get(game), learned=False)        # the table's rows (not the correction's)
    asked = 0
    for number in range(40):
        b = board(game, 21, number)
        calls = policy.play_out(b.deal, dealer=b.dealer, auction=[])
        for k in range(min(len(calls), 8)):
            seat = policy.rules.seat_of_call(b.dealer, k)
            reading = policy.reading(calls[:k], seat, b.dealer)
            legal = policy.legal_calls(calls[:k])
            for other in range(3):                      # the hand dealt, and two others
                hand = b.deal[seat] if other == 0 else board(game, 22 + other, number).deal[seat]
                decision = Policy(get(game), learned=False).call(
                    hand, seat=seat, dealer=b.dealer, auction=calls[:k])
                assert decision.row == _long_way_row(policy, hand, reading, legal)
                asked += 1
    assert asked > 500


@pytest.mark.parametrize("index", [2, 3, 10])   # passes before a bid, a 2S overcall, a pass
def test_the_system_readings_outlines_change_no_deal(index, monkeypatch):
    """The outlines only reject earlier what the policy's check rejects: the
    advice draws the same deals with them as without."""
    from advisor.bidding import system
    pos = POSITIONS[index]
    fast = _answer(_advise(pos))
    monkeypatch.setattr(system, "_outline", lambda at: "")
    assert _answer(_advise(pos)) == fast


def test_the_samplers_features_are_worked_out_only_when_a_test_reads_them():
    """The samplers' text tests read a few of the 31 features of each batch of
    hands (``HandsFeatures``, issue 32): the same arrays as
    ``features_of_cards``, whatever order they are read in, and the dear sure
    tricks only for a test that names them."""
    from advisor.bidding.constraints import HandsFeatures, features_of_cards
    import numpy as np
    suits = np.array([[0] * 5 + [1] * 4 + [2] * 4])
    ranks = np.array([[14, 13, 12, 3, 2, 14, 5, 4, 3, 9, 8, 7, 6]])
    assert int(features_of_cards(suits, ranks)["sure_spades"][0]) == 6    # AKQxx + the HA
    assert "sure_spades" not in features_of_cards(suits, ranks, sure=False)
    rng = np.random.default_rng(3)
    cards = np.array([rng.permutation(52)[:13] for _ in range(500)])
    suits, ranks = cards // 13, cards % 13 + 2
    every = features_of_cards(suits, ranks)
    lazy = HandsFeatures(suits, ranks)
    test = compile_constraint("spades >= 5 and hcp >= 12")
    assert (test.on_features(lazy) == test.on_features(every)).all()
    assert set(lazy) == {"spades", "hcp"}
    for name in reversed(list(every)):
        assert lazy[name].dtype == every[name].dtype and (lazy[name] == every[name]).all(), name
    with pytest.raises(KeyError):
        lazy["bogus"]
    both = compile_constraint("spades >= 5") & compile_constraint("sure_nt >= 2")
    assert (both.on_features(HandsFeatures(suits, ranks)) == both.on_features(every)).all()


def _long_expected(chooser, strain, estimate, spread, honours, aces, shares, trumps):
    """``LevelChooser.expected`` written out term by term, as it was before the
    honours' and aces' worth was kept by the hand's counts."""
    from math import comb, exp
    from advisor.bidding.tricks import _ACE, _HONOURS
    weights = [exp(-0.5 * ((t - estimate) / max(spread, 0.3)) ** 2) for t in range(14)]
    p = [w / sum(weights) for w in weights]
    made7 = sum(p[7:])
    worth = 0.0
    if chooser.honours:
        if trumps:
            for k in range(5 - honours + 1):
                q = comb(5 - honours, k) * shares[0] ** k * (1 - shares[0]) ** (5 - honours - k)
                n = honours + k
                worth += q * (_HONOURS.get(n, 0) - _HONOURS.get(5 - n, 0))
        for k in range(4 - aces + 1):
            q = comb(4 - aces, k) * shares[1] ** k * (1 - shares[1]) ** (4 - aces - k)
            n = aces + k
            worth += q * (2 * _ACE * (made7 - (1 - made7)) if n == 2
                          else _ACE * (n if n > 2 else -(4 - n)))
    return [sum(a * b for a, b in zip(p, row)) + worth * value
            for row, value in zip(chooser.scores[strain], chooser.values[strain])]


@pytest.mark.parametrize("seed", range(3))
def test_the_level_choosers_kept_worth_gives_the_long_ways_values(seed):
    from advisor.bidding.tricks import level_chooser
    rng = random.Random(seed)
    chooser = level_chooser("vint")
    for _ in range(300):
        strain = rng.choice(["S", "H", "D", "C", "NT"])
        args = (strain, rng.uniform(2, 13), rng.uniform(0.1, 3), rng.randint(0, 5),
                rng.randint(0, 4), (rng.random(), rng.random()), strain != "NT")
        fast, slow = chooser.expected(*args), _long_expected(chooser, *args)
        assert fast == pytest.approx(slow, rel=1e-12, abs=1e-9)
        assert max(range(7), key=fast.__getitem__) == max(range(7), key=slow.__getitem__)


def test_the_trick_inputs_kept_a_hand_are_the_models_own():
    """``Policy.trick_inputs`` keeps the hand's part a hand and strain: the
    inputs stay ``tricks.features``'s, whatever the auction or the order asked."""
    from advisor.bidding import tricks
    from advisor.bidding.policy import _facts
    rng = random.Random(5)
    policy = Policy(get("vint"))
    auctions = [([], "N", "N"), (["1H", "P"], "S", "N"), (["P", "1NT", "P"], "W", "E"),
                (["1C", "1S", "2C"], "W", "N")]
    for _ in range(60):
        mask = 0
        for card in rng.sample(range(52), 13):
            mask |= 1 << (16 * (card // 13) + card % 13)
        hand = Hand.from_mask(mask)
        facts = _facts(mask)
        for auction, seat, dealer in rng.sample(auctions, len(auctions)):
            reading = policy.reading(auction, seat, dealer)
            for strain in rng.sample(["S", "H", "D", "C", "NT"], 5):
                assert policy.trick_inputs(hand, strain, reading) == tricks.features(
                    facts.ranks, facts.features, facts.sure, reading, strain, policy.nt)
        assert set(facts.trick_hand) == {(s, policy.nt) for s in ("S", "H", "D", "C", "NT")}


def test_the_views_kept_on_a_reading_give_the_models_estimate_and_do_not_follow_a_copy():
    """``Policy.partnership_tricks`` takes the auction's part of the trick
    model's inputs, its weights, spread and shares from a view kept on the
    reading (issue 32): the estimate must stay the model's own on the full
    inputs, and a reading copied to note one more call must not keep the
    views of the one it came from (partner's raise changes the context)."""
    from advisor.bidding import tricks
    from solver.cards import Seat
    rng = random.Random(11)
    policy = Policy(get("vint"))
    model = tricks.model()
    before = policy.reading(["1H", "P"], "N", "N")        # partner has not called yet
    for _ in range(40):
        mask = 0
        for card in rng.sample(range(52), 13):
            mask |= 1 << (16 * (card // 13) + card % 13)
        hand = Hand.from_mask(mask)
        after = policy._noted(before, "2H", Seat.S, Seat.N)     # partner raises hearts
        for reading in (before, after):
            for strain in ("S", "H", "D", "C", "NT"):
                where = tricks.context(reading, strain, policy.nt)
                assert policy.partnership_tricks(hand, strain, reading) == model.estimate(
                    policy.trick_inputs(hand, strain, reading), strain, policy.nt, where)
                assert policy.trick_spread(strain, reading) == \
                    model.spread[model.key(strain, policy.nt, where)]
    assert tricks.context(before, "H", policy.nt) != tricks.context(after, "H", policy.nt)
    assert before._views is not after._views


def test_the_meanings_kept_are_the_systems_for_every_reading():
    """The learned correction asks what each candidate call means
    (``learned._means``) at every decision; the meaning is kept by what
    ``meaning_from_reading`` reads of the auction (issue 32). It must be that
    function's, for readings asked in any order: after partner's 1H, 2H is a
    raise (three hearts); before it, a suit of one's own."""
    from advisor.bidding import learned, meanings
    from solver.cards import Seat
    policy = Policy(get("vint"))
    readings = [policy.reading(["P"], "S", "N"),                               # partner passed
                policy._noted(policy.reading([], "S", "N"), "1H", Seat.N, Seat.N),
                policy.reading(["1S", "P", "2S", "P"], "S", "N"),             # my raised spades
                policy.reading(["P", "1D"], "S", "N")]                        # they opened
    for reading in readings + readings[::-1]:
        for call in ("P", "1S", "2H", "2NT", "3C", "4S"):
            text = meanings.meaning_from_reading(policy.rules, "N", reading, call) or "hcp >= 0"
            assert learned._means(policy, reading, call).source == text.strip()
    assert learned._means(policy, readings[0], "2H").source != \
        learned._means(policy, readings[1], "2H").source
