"""Each legal card valued over deals that fit what the player has seen
(``advisor.cardplay.card_values`` / ``choose_card``): the double-dummy values
of every sample in the game's score, the choice and its ties, the seed."""

import numpy as np
import pytest

import solver
from solver.cards import Card, Deal
from advisor import rules as game_rules
from advisor.cardplay import (CardPlayError, CardValues, HiddenCards, PlayerView, card_values,
                              choose_card, default_samples)

DEAL = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"
FINESSE = "N:7.72.. J3.4.. AT.8.. 5.65.."


def _left(view, deal):
    return Deal.from_masks([m & ~view.played_mask for m in deal.masks])


def test_values_are_the_samples_double_dummy_tricks_and_scores():
    view = PlayerView.of_deal(DEAL, "W", rules="vint", contract="4H", declarer="N",
                              played=["DA", "D3"])
    values = card_values(view, samples=6, seed=2)
    assert values.samples == 6 and len(values.deals) == 6
    vint = game_rules.get("vint")
    for k, deal in enumerate(values.deals):
        dd = solver.solve_cards(_left(view, deal), "H", "E", played=view.trick)
        for j, card in enumerate(view.legal_cards()):
            ew = dd[card]                       # W on move: EW's tricks from here
            assert values.tricks[k, j] == ew
            ns_score = vint.score(deal, "4H", "N", 13 - ew).net("NS")   # honours of the sample
            assert values.points[k, j] == -ns_score
    means = values.tricks.mean(axis=0)
    assert [c.tricks for c in values.cards] == pytest.approx(list(means))


def test_the_same_seed_gives_the_same_card_and_another_seed_other_deals():
    view = PlayerView.of_deal(DEAL, "E", rules="vint", contract="4H", declarer="N")
    a, b = card_values(view, seed=7, samples=8), card_values(view, seed=7, samples=8)
    assert a.deals == b.deals and a.choice == b.choice
    assert card_values(view, seed=8, samples=8).deals != a.deals
    assert choose_card(view, seed=7, samples=8) == Card.parse(a.choice)


def test_exact_values_when_every_layout_is_taken():
    # Three cards each, NT: N leads the S7, E follows low. S's ace and ten are a
    # guess of where the jack lies: over all 210 layouts they are worth the same,
    # and the lower of equal cards is chosen.
    view = PlayerView.of_deal(FINESSE, "S", rules="vint", contract="1NT", declarer="W",
                              played=["S7", "S3"])
    values = card_values(view, samples=500)
    assert values.samples == HiddenCards(view).layouts == 210
    assert values["SA"].tricks == values["ST"].tricks and values.choice == "ST"
    loss = values.loss("SA")
    assert loss.tricks == 0 and loss.points is None         # an ending has no score
    # and by hand: every layout solved
    total = {"SA": 0, "ST": 0}
    for deal in values.deals:
        dd = solver.solve_cards(_left(view, deal), "NT", "N", played=view.trick)
        for card in total:
            total[card] += dd[Card.parse(card)]
    assert values["SA"].tricks == pytest.approx(total["SA"] / 210)


def test_equal_cards_tie_to_the_lowest():
    # N leads the heart ace in no-trumps: W's 8 7 6 of hearts are a run (E holds
    # the 9), worth the same in every deal; the lowest is played.
    view = PlayerView.of_deal(DEAL, "W", rules="vint", contract="1NT", declarer="W",
                              played=["HA", "HT", "H2"])
    values = card_values(view, samples=6)
    assert {c.card for c in values} == {"H8", "H7", "H6"}
    assert len({(c.tricks, c.points) for c in values}) == 1 and values.choice == "H6"


def test_the_choice_is_by_points_first_then_tricks():
    # A made-up pair of cards over three deals: SA takes more tricks on average,
    # SK scores more (the contract made every time): the score decides.
    view = PlayerView.of_deal(DEAL, "N", rules="vint", contract="4H", declarer="N",
                              played=["SJ", "SQ", "S6"])
    cards = [Card.parse("SA"), Card.parse("SK")]
    points = np.array([[500, 300], [-300, 300], [500, 300]])
    tricks = np.array([[12, 10], [9, 10], [12, 10]])
    values = CardValues(view, cards, points, tricks, [], None, False)
    assert values.choice == "SK" and values.loss("SA").points == pytest.approx(200 / 3)
    assert values.ranked()[0].card == "SK"
    same = CardValues(view, cards, np.array([[300, 300]]), np.array([[11, 10]]), [], None,
                      False)
    assert same.choice == "SA"                # equal points: more tricks


def test_it_must_be_the_players_turn():
    view = PlayerView.of_deal(DEAL, "S", rules="vint", contract="4H", declarer="N")
    with pytest.raises(CardPlayError, match="E's turn"):
        card_values(view)
    with pytest.raises(CardPlayError, match="samples"):
        card_values(PlayerView.of_deal(DEAL, "E", rules="vint", contract="4H", declarer="N"),
                    samples=0)


def test_a_misere_plays_for_fewest_tricks():
    # Skruuvi 6M by N, E leads. Late in the hand the ending is solved exactly.
    deal = "N:A2.3.. K3.4.. Q4.5.. J5.6.."
    view = PlayerView.of_deal(deal, "N", rules="skruuvi", contract="6M", declarer="N",
                              played=["H4", "H5", "H6"])
    values = card_values(view, samples=10)
    assert not values.estimated and values.misere
    assert values.choice == "H3"                    # the only heart: N must follow
    view = PlayerView.of_deal(deal, "E", rules="skruuvi", contract="6M", declarer="N")
    values = card_values(view, samples=10)
    # E wants NS to take tricks: leading the king lets N under-play it
    best = min(values, key=lambda c: c.tricks)    # EW's own tricks, fewest best
    assert values.choice == best.card


def test_a_full_deal_misere_is_valued_by_playouts_at_first():
    view = PlayerView.of_deal(DEAL, "E", rules="skruuvi", dealer="N", contract="AP")
    values = card_values(view, samples=3, seed=1)
    assert values.estimated and values.samples == 3
    assert values.points is not None and len(values) == len(view.legal_cards())


def test_the_default_samples_fall_late_in_the_hand():
    assert default_samples(13) < default_samples(10)
    assert default_samples(3) < default_samples(10) and default_samples(1) <= 8
    assert default_samples(12, misere=True) < default_samples(12)
