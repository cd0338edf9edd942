"""What a player knows at his turn (``advisor.cardplay.PlayerView``): his hand,
the auction, the cards played, and what follows from them by the rules of play."""

import pytest

from solver.cards import Card, Seat, Strain
from advisor.cardplay import CardPlayError, PlayerView, playable_by_card

DEAL = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"


def test_the_view_follows_the_play_without_seeing_other_hands():
    # N declares 4H, E leads: E, S, W, N; the diamond ace wins, then East leads a spade.
    played = ["DA", "D3", "D6", "D2", "SJ", "SQ", "S6", "SA", "HA", "HT"]
    view = PlayerView.of_deal(DEAL, "S", rules="vint", contract="4H", declarer="N",
                              played=played)
    assert (view.trump, view.misere, view.leader) == (Strain.H, False, Seat.E)
    assert view.won == {"NS": 1, "EW": 1} and view.winners == [Seat.E, Seat.N]
    assert view.trick == [Card.parse("HA"), Card.parse("HT")] and view.on_move == Seat.S
    assert [str(c) for c in view.legal_cards()] == ["H5", "H4", "H3", "H2"]
    assert view.held("E") == 10 and view.held("W") == 11
    assert view.voids == {s: set() for s in Seat}
    # S sees neither E's nor W's cards: they are among the unseen
    assert view.unseen & Card.parse("DK").mask and view.unseen & Card.parse("S8").mask
    assert not view.unseen & Card.parse("DA").mask          # played
    # East's turn is not South's: South has nothing to play
    assert PlayerView.of_deal(DEAL, "S", rules="vint", contract="4H", declarer="N",
                              played=[]).legal_cards() == []


def test_voids_are_read_from_the_cards_played():
    # E cashes three diamonds; S, with two, discards a club on the third.
    played = ["DA", "D3", "D6", "D2", "DK", "D4", "D7", "DT", "DQ", "C4"]
    view = PlayerView.of_deal(DEAL, "N", rules="vint", contract="4H", declarer="N",
                              played=played)
    assert view.voids[Seat.S] == {int(Strain.D)} and view.on_move == Seat.W
    assert view.won == {"NS": 0, "EW": 2}


@pytest.mark.parametrize("played, words", [
    (["DA", "D3", "D6", "S2"], "N's S2"),            # N holds diamonds: a revoke of his own
    (["DA", "D3", "D6", "D6"], "played already"),
    (["SA"], "N holds it"),                            # E cannot lead N's card
    (["DA", "S2"], "S does not hold it"),
])
def test_cards_the_view_knows_to_be_wrong_are_refused(played, words):
    seat = "S" if "S does" in words else "N"
    with pytest.raises(CardPlayError, match=words):
        PlayerView.of_deal(DEAL, seat, rules="vint", contract="4H", declarer="N",
                           played=played)


def test_a_player_who_showed_out_cannot_follow_later():
    with pytest.raises(CardPlayError, match="showed out"):
        PlayerView.of_deal(DEAL, "N", rules="vint", contract="4H", declarer="N",
                           played=["DA", "D3", "C5", "D2", "DK", "D4", "D9"])


def test_the_contract_comes_from_the_auction():
    view = PlayerView.of_deal(DEAL, "E", rules="vint", dealer="N",
                              auction="1H P P P P P P P P P P P P".split())
    assert (view.contract, view.declarer, view.leader) == ("1H", Seat.N, Seat.E)
    with pytest.raises(CardPlayError, match="no contract"):
        PlayerView.of_deal(DEAL, "E", rules="vint", dealer="N", auction=["P"] * 4)


def test_misere_and_the_all_pass_deal_are_played_without_trumps_for_fewest_tricks():
    view = PlayerView.of_deal(DEAL, "E", rules="skruuvi", dealer="N", contract="AP")
    assert (view.trump, view.misere, view.leader, view.how.side) == (Strain.NT, True, Seat.E,
                                                                    "NS")
    view = PlayerView.of_deal(DEAL, "S", rules="skruuvi", contract="6M", declarer="N")
    assert view.misere and view.leader == Seat.E


def test_courts_contracts_are_not_played_by_card_play():
    assert playable_by_card("semi-contract", "1MH", "N")         # the normal deck, misère
    assert not playable_by_card("semi-contract", "1CT", "N")     # the Courts deck
    with pytest.raises(CardPlayError, match="Courts deck"):
        PlayerView.of_deal(DEAL, "S", rules="semi-contract", contract="1CT", declarer="N")
    view = PlayerView.of_deal(DEAL, "S", rules="semi-contract", contract="1MH", declarer="N")
    assert (view.trump, view.misere) == (Strain.H, True)


def test_an_ending_needs_its_deck():
    with pytest.raises(CardPlayError, match="deck"):
        PlayerView("vint", "S", "A2...", contract="1NT", declarer="W")
    view = PlayerView.of_deal("N:7.72.. J3.4.. AT.8.. 5.65..", "S", rules="vint",
                              contract="1NT", declarer="W")
    assert view.cards_each == 3 and bin(view.deck).count("1") == 12
