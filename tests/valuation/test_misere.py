"""Misère end to end (issue 14): played deals scored with their aces, the
analysis and par with misère contracts and the all-pass deal, the review of
a misère play card by card."""

from __future__ import annotations

import pytest

from helpers import BENCHMARKS, play_out

import solver
from advisor import rules as game_rules
from advisor.analysis import analyse
from advisor.game import misere_contracts
from advisor.valuation import all_pass_outcome, misere_outcomes
from advisor.valuation.misere import aces_taken, misere_leaders, misere_tricks, play_objective
from advisor.par import par_from_outcomes, side_outcome
from advisor.postmortem import review_misere_play
from solver import Card, Deal, Hand, Seat

SKRUUVI = game_rules.get("skruuvi")
HEARTS_LOW = [f"H{r}" for r in "QJT98765432"]


def _deal(hands: dict) -> Deal:
    return Deal([Hand([Card.parse(c) for c in hands[s]]) for s in "NESW"])


def _play(deal: Deal, leader: str, leads: dict, chosen: dict, keep=()) -> list:
    """Play a deal out: ``leads[trick]`` and ``chosen[(seat, trick)]`` name cards;
    everyone else plays the lowest legal card not kept for later (``keep``)."""
    play = solver.Play(deal, "NT", leader)
    cards = []
    reserved = {Card.parse(c) for c in list(chosen.values()) + list(keep)}
    while len(cards) < 52:
        trick = len(play.tricks) + 1
        seat = play.on_move
        wanted = chosen.get((seat.name, trick)) or (leads.get(trick) if not play.trick else None)
        legal = play.legal_cards()
        if wanted is not None:
            card = Card.parse(wanted)
        else:
            free = [c for c in legal if c not in reserved] or legal
            card = min(free, key=lambda c: (c.rank, c.suit))
        assert card in legal, (seat, trick, card, legal)
        play.play(card)
        cards.append(card)
    return cards


def _spades_from(ranks):
    return [f"S{r}" for r in ranks]


def test_the_seeds_first_bolshevik_from_a_played_deal():
    # "a successful 7 misère in a Bolshevik round with Aces in the 2nd, 4th, 5th
    # and 8th tricks and no doubles would initially score -39 for each opponent
    # (39=20+2+4+5+8) and +117 to the declarer" (seed 002). North plays alone;
    # the stalker (West) holds every spade and wins every trick.
    hands = {
        "W": _spades_from("AKQJT98765432"),
        "N": ["CA"] + [f"C{r}" for r in "KQJT98765432"],
        "E": ["HA", "HK"] + HEARTS_LOW,
        "S": [f"D{r}" for r in "AKQJT98765432"],
    }
    deal = _deal(hands)
    leads = {t: c for t, c in enumerate(_spades_from("KAQJT98765432"), start=1)}
    leads[1], leads[2] = "SK", "SA"
    cards = _play(deal, "W", leads, {("E", 4): "HA", ("S", 5): "DA", ("N", 8): "CA"})
    aces = aces_taken(deal, "W", cards)
    assert aces == [(2, "W"), (4, "W"), (5, "W"), (8, "W")]
    score = SKRUUVI.score_bolshevik("7M", "N", 0, aces_taken=aces)
    assert score.players == {"N": 117, "E": -39, "S": -39, "W": -39}
    objective = play_objective(deal, SKRUUVI, "7M", "N", bolshevik=True)
    assert objective.value(0, aces) == 117


def test_the_seeds_second_bolshevik_from_a_played_deal():
    # "player A plays 7 misère and wins one trick while the opponents take Aces
    # on the 2nd, 5th, 9th and 10th tricks, players C and D doubled but B did
    # not ... B will score -11 ... C and D will each score +4 ... A will score
    # +3". A is North; B, C, D are East, South, West. North wins the last
    # trick with the HK on West's H2.
    hands = {
        "W": _spades_from("AKQJT9876543") + ["H2"],
        "N": ["HK"] + [f"H{r}" for r in "QJT9876543"] + ["D3", "D2"],
        "E": ["S2", "HA"] + [f"D{r}" for r in "KQJT987654"] + ["C2"],
        "S": ["DA", "CA"] + [f"C{r}" for r in "KQJT9876543"],
    }
    deal = _deal(hands)
    leads = dict(enumerate(["SK", "SA"] + _spades_from("QJT9876543") + ["H2"], start=1))
    cards = _play(deal, "W", leads, {("E", 5): "HA", ("S", 9): "DA", ("S", 10): "CA"},
                  keep=["HK"])
    aces = aces_taken(deal, "W", cards)
    assert aces == [(2, "W"), (5, "W"), (9, "W"), (10, "W")]
    play = solver.Play(deal, "NT", "W")
    for c in cards:
        play.play(c)
    assert play.won[Seat.N] == 1 and play.tricks[-1].winner == Seat.N
    score = SKRUUVI.score_bolshevik("7M", "N", 1, aces_taken=aces, doubled_by=("S", "W"))
    assert score.players == {"N": 3, "E": -11, "S": 4, "W": 4}
    objective = play_objective(deal, SKRUUVI, "7M", "N", bolshevik=True)
    # The bidder's own objective has no doubles: 3 * (15 - 26) for the bidder.
    assert objective.value(1, aces) == SKRUUVI.score_bolshevik(
        "7M", "N", 1, aces_taken=aces).players["N"] == 33
    # Reviewed card by card, alone against three: each card's cost in tricks
    # and points; North's HK kept to the last trick costs North nothing more.
    reviews = review_misere_play(deal, SKRUUVI, "7M", "N", "W", cards, bolshevik=True,
                                 scored_from=3)
    assert len(reviews) == 52
    assert all(r.points_lost >= 0 and r.tricks_lost >= 0 for r in reviews)
    assert reviews[-1].after == 1            # North's tricks at the end


def test_a_bid_misere_played_out_scores_its_aces_by_trick_number():
    # A 5M by North: "for each Ace taken, the winners of the trick are penalised
    # the ordinal number of the trick" (seed 002). Any complete play: the aces
    # found in it are charged to the side that took them, and the rule set's
    # objective gives the same score.
    deal = Deal.from_pbn("N:AKQJ.AKQ.AK2.432 T987.JT9.QJT.JT9 6543.8765.987.65 2.432.6543.AKQ87")
    cards = _play(deal, "E", {}, {})
    aces = aces_taken(deal, "E", cards)
    assert len(aces) == 4
    play = solver.Play(deal, "NT", "E")
    for c in cards:
        play.play(c)
    ns = play.won[Seat.N] + play.won[Seat.S]
    result = SKRUUVI.score(deal, "5M", "N", ns, aces_taken=aces)
    for trick, who in aces:
        assert (Seat.parse(who).side, "above", -trick, f"ace taken in trick {trick}") \
            in result.items
    objective = play_objective(deal, SKRUUVI, "5M", "N")
    side_aces = [(t, Seat.parse(w).side) for t, w in aces]
    assert objective.value(ns, side_aces) == result.net("NS")


DEAL = "N:AKQJ.AKQ.AK2.432 T987.JT9.QJT.JT9 6543.8765.987.65 2.432.6543.AKQ87"


def test_misere_contracts_rank_as_each_game_says():
    # "The possible denominations, in ascending order, are misère, spades,
    # clubs, diamonds, hearts, grand" (Kitty); Kotka: "spades, clubs,
    # diamonds, hearts, misère, grand".
    assert misere_contracts("skruuvi") == ["5M", "6M", "7M"]
    assert misere_contracts("skruuvi-old") == ["5M", "6M", "7M"]
    assert misere_contracts("vint") == [] and misere_contracts("semi-contract") == []
    kitty = analyse(DEAL, rules="skruuvi", dealer="E")
    assert kitty.contracts[:2] == ["5M", "5S"] and kitty.contracts[-1] == "7G"
    kotka = analyse(DEAL, rules=SKRUUVI.kotka(), dealer="E")
    assert kotka.contracts[:6] == ["6S", "6C", "6D", "6H", "6M", "6G"]   # from six


def test_misere_outcomes_use_the_fewest_tricks_and_the_better_declarer():
    deal = Deal.from_pbn(DEAL)
    tricks = misere_tricks(deal, misere_leaders("skruuvi", "E"))
    for leader, ns in tricks.items():
        on_lead = solver.solve(deal, "NT", leader, misere=True)
        assert ns == (on_lead if Seat.parse(leader).side == "NS" else 13 - on_lead)
    rows = misere_outcomes(deal, "skruuvi", tricks)
    for seat in "NESW":
        o = rows["5M"][seat]
        assert o.misere and o.made == (o.tricks <= 2)
        assert o.score == SKRUUVI.score(deal, "5M", seat, o.tricks).net("NS")
    ew = side_outcome(rows["6M"], "EW")
    assert ew.tricks == min(rows["6M"]["E"].tricks, rows["6M"]["W"].tricks)


def test_par_plays_the_all_pass_misere_when_no_opening_pays():
    # "If all four players pass at their first turn to speak, the auction ends
    # and an All-pass Misère is played" and "each trick counts one negative
    # point for the team that wins it": NS taking t tricks nets 13 - 2t.
    a = analyse(DEAL, rules="skruuvi", dealer="E")
    t = a.all_pass.tricks
    assert a.all_pass.score == 13 - 2 * t
    # Every opening loses for its side here; the all-pass misère is par.
    assert a.par.contract == "AP" and a.par.score == a.all_pass.score
    assert a.notes and "ace" in a.notes[0]
    # Without the all-pass deal the same auction game would throw it in.
    thrown = par_from_outcomes(a.outcomes, SKRUUVI, "E")
    assert thrown.contract is None or thrown.score != a.par.score


def test_all_pass_outcome_of_siberian_vint_is_an_x_mark():
    deal = Deal.from_pbn(DEAL)
    tricks = misere_tricks(deal, misere_leaders("vint-siberian", "N"))
    o = all_pass_outcome(deal, "vint-siberian", "N", tricks)
    assert (o.contract, o.score) == ("PASS", 0)
    a = analyse(DEAL, rules="vint-siberian", dealer="N")
    assert a.all_pass == o and any("X mark" in n for n in a.notes)
    assert a.par.contract != "PASS"       # an X mark is nobody's score in par


def test_a_misere_search_past_the_analysis_budget_gives_a_marked_estimate():
    # A deal whose misère searches finish at once is exact under the default
    # budget, with nothing marked; a tiny budget stops them, and each row is
    # then an estimate inside the tricks proved, which hold the exact answer.
    exact = analyse(DEAL, rules="skruuvi", dealer="E")
    assert exact.all_pass.proved is None and not any("budget" in n for n in exact.notes)
    rough = analyse(DEAL, rules="skruuvi", dealer="E", misere_nodes=200)
    low, high = rough.all_pass.proved
    assert low < high and low <= exact.all_pass.tricks <= high
    assert low <= rough.all_pass.tricks <= high
    stopped = [(c, seat) for c, row in rough.outcomes.items() for seat, o in row.items()
               if o.proved]
    assert stopped and all(rough.outcomes[c][seat].misere for c, seat in stopped)
    for c, seat in stopped:
        low, high = rough.outcomes[c][seat].proved
        assert low <= exact.outcomes[c][seat].tricks <= high
    note = next(n for n in rough.notes if "budget of 200 nodes" in n)
    assert "all pass: NS" in note and f"{stopped[0][0]} by {stopped[0][1]}" in note
    data = rough.to_dict()
    assert data["all_pass"]["tricks_proved"] == list(rough.all_pass.proved)
    assert "tricks_proved" not in exact.to_dict()["all_pass"]
    # Trump contracts are the DD table's, untouched by the budget.
    assert rough.outcomes["5S"] == exact.outcomes["5S"]
    with pytest.raises(ValueError, match="misere_nodes"):
        analyse(DEAL, rules="skruuvi", dealer="E", misere_nodes=0)


def test_analysis_without_misere_is_as_before():
    a = analyse(DEAL, rules="skruuvi", dealer="E", misere=False)
    assert "5M" not in a.contracts and a.all_pass is None and a.notes == ()


@pytest.mark.parametrize("bad", ["4H", None])
def test_a_misere_review_needs_a_misere(bad):
    from advisor.game import is_misere
    assert not is_misere("skruuvi", bad)
    assert is_misere("skruuvi", "6M") and is_misere("skruuvi", "AP")
    assert not is_misere("vint-siberian", "PASS")     # counted, but no misère score


def test_a_played_all_pass_misere_is_reviewed_card_by_card():
    # A JSON file: four passes (Skruuvi's all-pass misère, dealer's left
    # leads), then each player's first legal card. The review values each card
    # by tricks and, in the last tricks, by points with the aces.
    import json

    from advisor.postmortem import review_record
    from advisor.records import read_games
    obj = {"deal": DEAL, "dealer": "N", "auction": ["P", "P", "P", "P"]}
    record = read_games(json.dumps(obj), rules="skruuvi", format="json")[0]
    assert (record.contract, record.declarer, record.leader) == ("AP", None, "E")
    obj["play"] = play_out(record.deal, record.trump, record.leader)
    record = read_games(json.dumps(obj), rules="skruuvi", format="json")[0]
    rv = review_record(record, rules="skruuvi", auction_review=False)
    assert rv.play_note is None and len(rv.cards) == 52
    assert rv.par.contract == "AP"
    # W kept the CA and discarded the D4 in trick 7; N then led the DK in
    # trick 9 and took W's CA: both cost points, no tricks. From 9 cards a
    # hand (SCORED_FROM_CARDS) the review also sees that N's HK lead in trick
    # 6 cost a point against leading the DA there.
    costly = {(c.trick, c.seat, c.card): c for c in rv.mistakes}
    assert set(costly) == {(6, "N", "HK"), (7, "W", "D4"), (9, "N", "DK")}
    assert costly[6, "N", "HK"].best == ["DA"] and costly[6, "N", "HK"].points_lost == 1
    assert costly[7, "W", "D4"].best == ["CA"] and costly[7, "W", "D4"].tricks_lost == 0
    assert all(c.points_lost > 0 for c in costly.values())


def test_a_misere_play_past_the_review_budget_is_not_reviewed_and_says_why(monkeypatch):
    # Each position's misère search has a node budget (postmortem.MISERE_REVIEW_NODES);
    # a deal whose play runs past it is reported, not judged on a guess, and
    # its par is still there.
    import json

    import advisor.postmortem as postmortem
    from advisor.postmortem import MisereTooHard, review_record
    from advisor.records import read_games
    obj = {"deal": DEAL, "dealer": "N", "auction": ["P", "P", "P", "P"]}
    record = read_games(json.dumps(obj), rules="skruuvi", format="json")[0]
    obj["play"] = play_out(record.deal, record.trump, record.leader)
    record = read_games(json.dumps(obj), rules="skruuvi", format="json")[0]
    with pytest.raises(MisereTooHard, match="card 1 ran past its budget of 1,000 nodes"):
        review_misere_play(record.deal, "skruuvi", "AP", None, record.leader, record.play,
                           max_nodes=1000)
    monkeypatch.setattr(postmortem, "MISERE_REVIEW_NODES", 1000)
    rv = review_record(record, rules="skruuvi", auction_review=False)
    assert rv.cards == [] and "ran past its budget of 1,000 nodes" in rv.play_note
    assert rv.par.contract == "AP"
    # Within the budget the review is the exact one.
    exact = review_misere_play(record.deal, "skruuvi", "AP", None, record.leader,
                               record.play, max_nodes=None)
    assert review_misere_play(record.deal, "skruuvi", "AP", None, record.leader, record.play,
                              max_nodes=10 ** 8) == exact and len(exact) == 52


def test_a_guarded_misere_search_stopped_proves_bounds_near_the_value():
    # The analysis's budget guards (narrow=False); when it stops a search, a
    # short narrowing search narrows its bounds: both hold the exact value.
    from advisor.valuation.misere import misere_on_lead
    deal = Deal.from_pbn(DEAL)
    exact, _ = misere_on_lead(deal, "E")
    for budget in (500, 5_000, 50_000):
        guarded, tricks = misere_on_lead(deal, "E", max_nodes=budget, narrow=False)
        narrowed, _ = misere_on_lead(deal, "E", max_nodes=budget)
        if isinstance(guarded, solver.Bounds):
            assert guarded.lower <= exact <= guarded.upper
            assert guarded.lower <= tricks <= guarded.upper
            # at least as narrow as narrowing alone on the same budget
            assert guarded.upper - guarded.lower <= narrowed.upper - narrowed.lower
        else:
            assert guarded == exact


def test_the_advisor_values_the_all_pass_misere_by_the_rules():
    # After three passes a fourth ends the Skruuvi auction in the all-pass
    # misère: each sample's pass is worth what the rules score for it (the
    # misère trick search's tricks), not 0 as for a throw-in.
    from advisor.bidding import recommend
    from advisor.valuation import misere_value
    rec = recommend("2.432.6543.AKQ87", seat="W", dealer="N", auction="P P P",
                    rules="skruuvi", samples=8, seed=1)
    passed = rec.candidate("P")
    want = [-misere_value(deal, "skruuvi", "AP", None, "N") for deal in rec.deals]
    assert passed.scores == want            # West is EW: minus NS's score
    assert any(v != 0 for v in want)


def test_misere_bids_are_candidates_scored_with_the_misere_objective():
    # A hand of small cards after partner's pass: 5M is a legal Skruuvi bid and
    # a candidate; as it stands each sample scores the misère by the rules.
    from advisor.bidding import recommend
    from advisor.valuation import misere_value
    hand = "5432.5432.432.32"
    for reply in ("none", "par", "policy"):
        rec = recommend(hand, seat="W", dealer="N", auction="P P 5S", rules="skruuvi",
                        samples=6, seed=2, reply=reply)
        calls = [c.call for c in rec.candidates]
        assert {"6M", "7M"} <= set(calls) and "5M" not in calls     # 5M is below 5S
        six = rec.candidate("6M")
        want = [-misere_value(deal, "skruuvi", "6M", "W", "N") for deal in rec.deals]
        assert six.stands == want
        assert six.p_make == sum(v > 0 for v in want) / len(want)


def test_a_played_bid_misere_is_read_and_reviewed():
    # "6M" by North after eight passes; East leads (declarer's left). Each
    # player's first legal card; the review gives each card's cost in tricks
    # and points, and par includes the misère contracts.
    import json

    from advisor.postmortem import review_record
    from advisor.records import read_games
    obj = {"deal": DEAL, "dealer": "N", "auction": ["6M"] + ["P"] * 8}
    record = read_games(json.dumps(obj), rules="skruuvi", format="json")[0]
    assert (record.contract, record.declarer, record.leader) == ("6M", "N", "E")
    obj["play"] = play_out(record.deal, record.trump, record.leader)
    rv = review_record(read_games(json.dumps(obj), rules="skruuvi", format="json")[0],
                       rules="skruuvi", auction_review=False)
    assert rv.play_note is None and len(rv.cards) == 52
    fewest = solver.solve(DEAL, "NT", "E", misere=True)
    assert rv.dd_start == 13 - fewest              # NS's tricks with fewest-tricks play
    assert all(c.points_lost is not None and c.points_lost >= 0 for c in rv.cards)
    data = rv.to_dict()
    assert data["contract_dd_tricks"] == rv.dd_start
    assert data["contract_dd_score_ns"] == SKRUUVI.score(DEAL, "6M", "N", rv.dd_start).net("NS")


def test_advice_says_when_misere_values_are_estimates():
    # On full deals the advisor's misère search (ADVICE_NODES) rarely finishes;
    # a value taken from the middle of its bounds must not pass for exact.
    from advisor.bidding.advise import recommend
    from advisor.valuation import misere_value
    rec = recommend("AKQJ987.K4.A2.T9", seat="N", dealer="N", rules="skruuvi", samples=4,
                    seed=5, workers=1, early_stop=False)
    # every sample scores the all-pass misère, its aces by their mean
    from advisor.valuation.misere import ACES_SPREAD
    assert (f"on 4 of 4 samples a misère or all-pass misère is scored: its ace penalties by "
            f"their mean worth") in rec.warning and f"about {ACES_SPREAD} points" in rec.warning
    estimates = []
    misere_value(rec.deals[0], "skruuvi", "AP", None, "N", estimates=estimates)
    if estimates:                      # the budget ran out on this sample
        assert "rough estimate" in rec.warning
        from advisor.valuation.misere import ESTIMATE_ERROR
        assert f"quick playout; off by {ESTIMATE_ERROR:.2f} tricks on average" in rec.warning
        assert all(b.lower <= b.upper for b in estimates)
    exact = []
    value = misere_value(rec.deals[0], "skruuvi", "AP", None, "N", max_nodes=None,
                         estimates=exact)
    assert exact == [] and isinstance(value, int)


def _cached_exact():
    """``[(deal, leader, exact misère tricks of the side on lead)]`` from
    benchmarks/misere_exact.json (the deals over its exact budget left out)."""
    import json
    cache = json.loads((BENCHMARKS
                        / "misere_exact.json").read_text())
    out = []
    for key, exact in sorted(cache.items()):
        if isinstance(exact, int):
            *masks, leader = key.split()
            out.append((solver.Deal.from_masks([int(m) for m in masks]), leader, exact))
    return out


def test_the_stated_error_of_the_misere_estimate_is_the_measured_one():
    """The advisor's warning states how far its misère estimate is from the
    exact value (``ESTIMATE_ERROR``); recomputed here on the cached exact
    values of benchmarks/misere_exact.json (node counts are deterministic),
    so a change to the search, the playout or the budget that moves it fails
    until the warning says so. The estimate lies within the proved bounds,
    each bound holds the exact value, and the estimate beats the bounds'
    middle, the advisor's estimate before, by at least a quarter."""
    from advisor.valuation.misere import ADVICE_NODES, ESTIMATE_ERROR, misere_estimate
    errors, middle = [], []
    for deal, leader, exact in _cached_exact():
        got = solver.solve(deal, "NT", leader, misere=True, max_nodes=ADVICE_NODES)
        if isinstance(got, solver.Bounds):
            assert got.lower <= exact <= got.upper
            estimate = misere_estimate(deal, leader, got)
            assert got.lower <= estimate <= got.upper
            errors.append(abs(estimate - exact))
            middle.append(abs((got.lower + got.upper) // 2 - exact))
        else:
            assert got == exact
    assert len(errors) >= 170                 # 173 deals; one or two searches finish
    mean = sum(errors) / len(errors)
    assert abs(mean - ESTIMATE_ERROR) < 0.01, mean
    assert mean <= 0.75 * sum(middle) / len(middle)


def test_the_misere_estimate_is_deterministic_and_a_playout_counts_every_trick():
    """The same deal and bounds give the same estimate, whatever came before
    (the advisor's answer must not depend on the order of its samples); the
    playout's tricks of the side on lead and of the other side add up to the
    deal's tricks, whoever leads."""
    from advisor.valuation.misere import misere_estimate, playout_tricks
    cases = _cached_exact()[:6]
    first = [misere_estimate(d, l, solver.Bounds(3, 10)) for d, l, _ in cases]
    solver.solve(cases[0][0], "NT", "N", misere=True)      # any other search in between
    assert [misere_estimate(d, l, solver.Bounds(3, 10)) for d, l, _ in reversed(cases)] \
        == first[::-1]
    for deal, leader, _ in cases:
        ours = playout_tricks(deal, solver.Seat.parse(leader))
        assert 0 <= ours <= 13 and ours == int(ours)
    import random
    rng = random.Random(3)
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    for k in range(12):
        rng.shuffle(deck)
        n = rng.choice((5, 6, 7))
        deal = Deal([Hand(deck[n * i:n * i + n]) for i in range(4)])
        seat = Seat(rng.randrange(4))
        exact = solver.solve(deal, "NT", seat, misere=True)
        # nothing played out: the ending is the deal, solved exactly (either side on lead)
        assert playout_tricks(deal, seat, tricks=0) == exact
        # all but the last trick played by the ordering (both sides may slip)
        played = playout_tricks(deal, seat, tricks=n - 1)
        assert played == int(played) and 0 <= played <= n


# --- The analysis with the ace penalties (``analyse(..., aces_seconds=...)``) ---

def _example():
    from advisor.cli import EXAMPLE_DEAL
    return Deal.from_pbn(EXAMPLE_DEAL)


@pytest.fixture(scope="module")
def with_aces():
    """The built-in example (every misère search finishes in well under a second)."""
    return analyse(_example(), rules="skruuvi", dealer="N", aces_seconds=60)


def test_analysis_with_aces_scores_every_misere_by_the_scored_search(with_aces):
    deal, a = _example(), with_aces
    plain = analyse(deal, rules="skruuvi", dealer="N")
    for contract in misere_contracts("skruuvi"):
        for seat in "NESW":
            o, before = a.outcomes[contract][seat], plain.outcomes[contract][seat]
            assert o.with_aces and o.bounds is None
            assert (o.tricks, o.made) == (before.tricks, before.made)
            # Declarer's side's exact score, from the game's opening leader; the
            # analysis keeps NS minus EW.
            objective = SKRUUVI.play_objective(deal, contract, seat)
            value = solver.solve_scored(deal, "NT", SKRUUVI.opening_leader(Seat.parse(seat)),
                                        objective)
            assert o.score == (value if Seat.parse(seat).side == "NS" else -value)
    # The all-pass misère: NS's score, the dealer's left-hand opponent leading.
    value = solver.solve_scored(deal, "NT", "E", SKRUUVI.play_objective(deal, "AP", "N"))
    assert a.all_pass.with_aces and a.all_pass.score == value
    # The aces move some scores here, and par is found on the scores with them.
    assert any(a.outcomes[c][s].score != plain.outcomes[c][s].score
               for c in misere_contracts("skruuvi") for s in "NESW")
    assert a.par == par_from_outcomes(a.outcomes, SKRUUVI, "N", all_pass=a.all_pass)
    assert a.notes[0].startswith("misère scores include the ace penalties")
    assert a.to_dict()["scores"]["5M"]["N"]["aces"] == "exact"


def test_analysis_with_aces_picks_a_sides_declarer_by_its_score(with_aces):
    for contract in misere_contracts("skruuvi"):
        for side, seats in (("NS", "NS"), ("EW", "EW")):
            best = side_outcome(with_aces.outcomes[contract], side)
            assert best.net_for(side) == max(with_aces.outcomes[contract][s].net_for(side)
                                             for s in seats)


def test_analysis_with_aces_past_its_budget_gives_proved_bounds(with_aces):
    from advisor.render.text import analysis_text
    rough = analyse(_example(), rules="skruuvi", dealer="N", aces_seconds=1e-6)
    bounded = [o for row in rough.outcomes.values() for o in row.values() if o.bounds]
    assert bounded, "a budget of a microsecond should stop some search"
    plain = analyse(_example(), rules="skruuvi", dealer="N")
    for o in bounded:
        low, high = o.bounds
        exact = with_aces.outcomes[o.contract][o.declarer].score
        assert low <= exact <= high
        # shown: the fewest-tricks score and the aces' mean, moved into the bounds
        from advisor.valuation.misere import aces_mean
        guess = plain.outcomes[o.contract][o.declarer].score + aces_mean(
            "skruuvi", o.contract, SKRUUVI.opening_leader(Seat.parse(o.declarer)))
        assert o.score == min(max(guess, low), high)
    text = analysis_text(rough, symbols=False)
    assert "~" in text and "proved" in text and "bounds the search proved" in text
    assert rough.to_dict()["scores"][bounded[0].contract][bounded[0].declarer]["aces"] \
        == list(bounded[0].bounds)


@pytest.mark.parametrize("options, wrong", [
    (dict(rules="vint"), "only Skruuvi"),
    (dict(rules="vint-siberian"), "only Skruuvi"),
    (dict(rules="skruuvi", aces_seconds=0), "above 0"),
    (dict(rules="skruuvi", aces_seconds=float("nan")), "above 0"),
    (dict(rules="skruuvi", misere=False), "misère rows"),
    (dict(rules="skruuvi", before_exchange=True), "misère rows"),
])
def test_analysis_with_aces_refuses_what_it_cannot_score(options, wrong):
    from advisor.par import ParError
    options.setdefault("aces_seconds", 5)
    with pytest.raises(ParError, match=wrong):
        analyse(_example(), dealer="N", **options)


# --- The advisor's misère aces: their mean worth (``ACES_MEAN``) ---

def _aces_rows():
    import json
    return json.loads((BENCHMARKS
                       / "misere_aces.json").read_text())


def test_aces_mean_is_the_mean_measured_on_the_kept_deals():
    # ACES_MEAN cannot drift from the deals it was measured on
    # (python benchmarks/bench_misere_aces.py), nor lack them.
    from advisor.valuation.misere import ACES_MEAN, ACES_SPREAD
    rows = _aces_rows()
    spread = []
    for (rules, contract), mean in ACES_MEAN.items():
        d = [r["scored"] - r["trick_score"] for r in rows[rules][contract]
             if isinstance(r["scored"], int)]
        assert len(d) >= 5, (rules, contract)
        measured = sum(d) / len(d)
        assert mean == round(measured), (rules, contract, measured)
        spread += [abs(x - measured) for x in d]
    assert ACES_SPREAD == round(sum(spread) / len(spread))
    # skruuvi-old's all-pass misère borrows skruuvi's mean: the same objective
    deal = _example()
    assert game_rules.get("skruuvi-old").play_objective(deal, "AP", "N") \
        == SKRUUVI.play_objective(deal, "AP", "N")
    assert set(ACES_MEAN) == {(r, c) for r in ("skruuvi", "skruuvi-old")
                              for c in ("5M", "6M", "7M", "AP")} - {("skruuvi-old", "AP")}


def test_the_advisors_misere_value_adds_the_aces_mean():
    from advisor.valuation import misere_value
    from advisor.valuation.misere import ACES_MEAN
    deal = _example()
    for contract, declarer in (("5M", "N"), ("6M", "E"), ("7M", "W")):
        leader = SKRUUVI.opening_leader(Seat.parse(declarer))
        on_lead = solver.solve(deal, "NT", leader, misere=True)
        ns = on_lead if leader.side == "NS" else 13 - on_lead
        tricks = ns if Seat.parse(declarer).side == "NS" else 13 - ns
        trick_score = SKRUUVI.score(deal, contract, declarer, tricks).net("NS")
        # the mean is the declaring side's (the side not on lead), in NS's points here
        mean = ACES_MEAN[("skruuvi", contract)]
        mean = mean if Seat.parse(declarer).side == "NS" else -mean
        assert misere_value(deal, "skruuvi", contract, declarer, "N", max_nodes=None) \
            == trick_score + mean
    # The all-pass misère: East (dealer North's left) leads, so NS gets the mean.
    on_lead = solver.solve(deal, "NT", "E", misere=True)
    trick_score = SKRUUVI.score(deal, "AP", "N", 13 - on_lead).net("NS")
    assert misere_value(deal, "skruuvi", "AP", None, "N", max_nodes=None) \
        == trick_score + ACES_MEAN[("skruuvi", "AP")]
    # A game without misère aces measured adds nothing.
    assert misere_value(deal, "vint-siberian", "PASS", None, "N", max_nodes=None) == 0


@pytest.mark.slow
def test_the_kept_aces_rows_are_what_the_solver_finds():
    # The quickest kept deal of each (rules, contract), solved again.
    from advisor.game import rule_set
    for rules, by_contract in _aces_rows().items():
        rs = rule_set(rules)
        for contract, rows in by_contract.items():
            row = min((r for r in rows if isinstance(r["scored"], int)),
                      key=lambda r: r["seconds"])
            deal = Deal.from_pbn(row["deal"])
            objective = rs.play_objective(deal, contract, "N")
            ew = solver.solve(deal, "NT", "E", misere=True)
            assert objective.by_tricks[13 - ew] == row["trick_score"]
            assert solver.solve_scored(deal, "NT", "E", objective) == row["scored"]


def test_analyse_table_refuses_aces_where_the_game_has_none():
    # analyse_table, called with a table of one's own, checks as analyse does
    # (it once ignored aces_seconds for a game without misère aces).
    from advisor.analysis import analyse_table
    from advisor.par import ParError
    with pytest.raises(ParError, match="only Skruuvi"):
        analyse_table(_example(), solver.dd_table(_example()), rules="vint", aces_seconds=5)
