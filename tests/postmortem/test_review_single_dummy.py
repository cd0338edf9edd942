"""The single-dummy review: a card that cost a trick double-dummy is a mistake only
when it was worse on what its player could know; a guess that failed is a fair guess."""

import json

import pytest

from advisor.cardplay import PlayerView, card_values, judge_card, verdict
from advisor.cardplay.judge import Judgement
from advisor.postmortem import review

# Three cards each, no-trumps, W declares, N leads the S7 and E follows with the
# S3. South's ace and ten are a finesse either way: the ten wins when East holds
# the jack, the ace when West does (then the ten is good later). East holds it
# here, so the ace costs a trick double-dummy; on what South can see (his
# cards, the deck, the two spades played) both are worth the same.
FINESSE = "N:7.72.. J3.4.. AT.8.. 5.65.."
GUESSED_WRONG = ["S7", "S3", "SA", "S5", "ST", "H5", "H2", "SJ", "H4", "H8", "H6", "H7"]
# East plays the jack second instead: South's ten under it is no guess.
UNDER_THE_JACK = ["S7", "SJ", "ST", "S5"]


def _record(deal, play):
    return json.dumps([{"deal": deal, "contract": "1NT", "declarer": "W", "leader": "N",
                        "play": play}])


def test_a_two_way_finesse_guessed_wrong_is_a_fair_guess():
    rv = review(_record(FINESSE, GUESSED_WRONG), format="json", single_dummy=True)[0]
    ace = rv.cards[2]
    assert (ace.seat, ace.card, ace.tricks_lost, ace.best) == ("S", "SA", 1, ["ST"])
    assert ace.kind == "guess" and not ace.mistake
    assert ace.comment.startswith("cost 1 trick only double-dummy: a fair guess")
    assert ace.single_dummy is not None and not ace.single_dummy.worse
    assert rv.mistakes == [] and rv.guesses == [ace]
    assert rv.totals["S"]["guesses"] == 1 and rv.totals["S"]["mistakes"] == 0
    assert "1 card(s)" in rv.single_dummy
    data = rv.to_dict()
    assert data["guesses"][0]["kind"] == "guess" and data["mistakes"] == []
    assert data["cards"][2]["single_dummy"]["best"] in ("ST", "SA")
    # Without the single-dummy review the same card is a mistake, as before.
    plain = review(_record(FINESSE, GUESSED_WRONG), format="json")[0]
    assert plain.cards[2].mistake and plain.single_dummy is None


def test_the_guess_is_exact_over_every_layout():
    # 210 layouts fit what South has seen: taken each once, the two cards tie exactly.
    view = PlayerView.of_deal(FINESSE, "S", rules="vint", contract="1NT", declarer="W",
                              played=GUESSED_WRONG[:2])
    judged, _ = judge_card(view, "SA", samples=1000)
    assert judged.samples == 210 and judged.tricks_lost == 0 and not judged.worse
    # the ten was right double-dummy, and is chosen among equals as the lower card
    assert card_values(view, samples=1000).choice == "ST"


def test_playing_under_the_jack_is_a_mistake_both_ways():
    rv = review(_record(FINESSE, UNDER_THE_JACK), format="json", single_dummy=True)[0]
    ten = rv.cards[2]
    assert (ten.seat, ten.card, ten.tricks_lost) == ("S", "ST", 1)
    assert ten.kind == "mistake" and ten.mistake
    assert ten.comment.startswith("a mistake: cost 1 trick double-dummy and 1.00 tricks")
    assert "SA was better" in ten.comment
    # a trick worse in every deal South could face
    assert ten.single_dummy.worse and ten.single_dummy.tricks_lost == 1
    assert ten.single_dummy.samples >= 24 and ten.single_dummy.tricks_se == 0
    assert rv.mistakes == [ten] and rv.guesses == []


@pytest.mark.parametrize("lost, se, worse", [(0.4, 0.3, False), (0.5, 0.2, True),
                                            (1.0, 0.0, True), (0.0, 0.0, False),
                                            (-0.5, 0.1, False)])
def test_worse_means_beyond_two_standard_errors(lost, se, worse):
    j = Judgement("S", "SA", "ST", 24, None, None, lost, se)
    assert j.worse is worse
    kind, words = verdict(1, None, j)
    assert kind == ("mistake" if worse else "guess")
    assert verdict(0, 0, j) == (None, "")
    assert verdict(1, None, None) == ("mistake", "cost 1 trick double-dummy")


def test_points_decide_when_the_deal_scores():
    j = Judgement("N", "H2", "HK", 24, 120.0, 30.0, 0.1, 0.2)
    assert j.worse                                # 120 points beyond two errors of 30
    assert "120 points" in verdict(1, 100, j)[1] or "0.10 tricks" in verdict(1, 100, j)[1]
