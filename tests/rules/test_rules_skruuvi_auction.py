"""Skruuvi (seed 002): the doubling round and the Bolshevik auction as calls."""

import pytest

from advisor import rules
from advisor.rules import RulesError

NEW = rules.get("skruuvi")
OLD = rules.get("skruuvi-old")

# Dealer N: E bids 1S, N later 2S, then eight passes: N is the kitty bidder.
KITTY = ["P", "1S", "P", "P", "2S"] + ["P"] * 8
# Extended bids: N passes, S bids 6H, four passes: S declares 6H, W leads.
EXTENDED = ["P", "6H"] + ["P"] * 4


# -- the first auction has no doubles ---------------------------------------

@pytest.mark.parametrize("game", [NEW, OLD, NEW.kotka()])
def test_no_double_in_the_first_auction(game):
    opening = "6S" if game.exchange_style == "kotka" else "1S"
    legal = game.auction_legal_calls([opening])
    assert opening not in legal and "P" in legal        # the auction itself works
    assert "X" not in legal and "XX" not in legal
    with pytest.raises(RulesError, match="after the extended bids"):
        game.auction_is_over([opening, "X"])
    with pytest.raises(RulesError, match="after the extended bids"):
        game.auction_is_over([opening, "P", "P", "P", "P", "P", "P", "XX"])


def test_old_callers_still_get_the_kitty_bid():
    assert NEW.auction_result(KITTY, dealer="N") == ("2S", "N", "E")
    assert NEW.auction_result(["P"] * 4, dealer="S") == ("AP", None, "W")


# -- who may double, when redouble ------------------------------------------

def test_defender_on_declarers_left_speaks_first_then_the_other():
    assert NEW.doubling_turn("6H", "S") == "W"
    assert NEW.doubling_legal_calls("6H", "S") == ["P", "X"]
    assert NEW.doubling_turn("6H", "S", ["P"]) == "E"
    assert NEW.doubling_legal_calls("6H", "S", ["P"]) == ["P", "X"]
    assert NEW.doubling_legal_calls("6H", "S", ["P", "P"]) == []
    assert NEW.doubling_result("6H", "S", ["P", "P"]) == 0


def test_after_a_double_the_main_player_on_the_doublers_left_may_redouble():
    # W (declarer's left) doubles: N (W's left) then S may redouble.
    assert NEW.doubling_turn("6H", "S", ["X"]) == "N"
    assert NEW.doubling_legal_calls("6H", "S", ["X"]) == ["P", "XX"]
    assert NEW.doubling_turn("6H", "S", ["X", "P"]) == "S"
    assert NEW.doubling_result("6H", "S", ["X", "P", "P"]) == 1
    assert NEW.doubling_result("6H", "S", ["X", "XX"]) == 2
    assert NEW.doubling_result("6H", "S", ["X", "P", "XX"]) == 2
    # E (declarer's right) doubles after W passed: S (E's left) first, then N.
    assert NEW.doubling_turn("6H", "S", ["P", "X"]) == "S"
    assert NEW.doubling_turn("6H", "S", ["P", "X", "P"]) == "N"
    assert NEW.doubling_result("6H", "S", ["P", "X", "P", "XX"]) == 2
    # A double is not followed by the other defender's call.
    assert NEW.doubling_legal_calls("6H", "S", ["X", "P", "P"]) == []


@pytest.mark.parametrize("calls, words", [
    (["XX"], "no double to redouble"),            # redouble without a double
    (["P", "XX"], "no double to redouble"),
    (["X", "X"], "may not double his own side"),   # N doubling N-S's contract
    (["P", "X", "X"], "may not double his own side"),
    (["6S"], "only pass, double"),                 # no bids in the doubling round
    (["P", "P", "X"], "after the doubling round is over"),
    (["X", "XX", "P"], "after the doubling round is over"),
])
def test_illegal_doubling_calls_raise(calls, words):
    with pytest.raises(RulesError, match=words):
        NEW.doubling_result("6H", "S", calls)
    with pytest.raises(ValueError):
        OLD.doubling_legal_calls("6H", "S", calls)


def test_unfinished_doubling_round_has_no_result():
    with pytest.raises(RulesError, match="E has still to call"):
        NEW.doubling_result("6H", "S", ["P"])
    with pytest.raises(RulesError, match="cannot be played"):
        NEW.doubling_result("3H", "S", [])        # nothing to double below level 4


def test_all_pass_misere_doubling_goes_round_from_the_dealer():
    # Dealer E: E, S, W, N may double in turn.
    assert [NEW.doubling_turn("AP", "E", ["P"] * k) for k in range(4)] == ["E", "S", "W", "N"]
    assert NEW.doubling_result("AP", "E", ["P"] * 4) == 0
    # W doubles: N (W's left) then S (W's right) may redouble; E (W's partner) not.
    assert NEW.doubling_turn("AP", "E", ["P", "P", "X"]) == "N"
    assert NEW.doubling_turn("AP", "E", ["P", "P", "X", "P"]) == "S"
    assert NEW.doubling_result("AP", "E", ["P", "P", "X", "P", "P"]) == 1
    assert NEW.doubling_result("AP", "E", ["P", "P", "X", "P", "XX"]) == 2
    with pytest.raises(RulesError, match="already doubled"):
        NEW.doubling_result("AP", "E", ["X", "X"])


# -- auction_result with the extended bids and doubles -----------------------

def test_auction_result_carries_the_doubles():
    assert NEW.auction_result(KITTY, "N", extended=EXTENDED) == ("6H", "S", "W")
    assert NEW.auction_result(KITTY, "N", extended=EXTENDED, doubling=["P", "P"]) == \
        ("6H", "S", "W")
    assert NEW.auction_result(KITTY, "N", extended=EXTENDED, doubling=["X", "P", "P"]) == \
        ("6HX", "S", "W")
    assert NEW.auction_result(KITTY, "N", extended=EXTENDED, doubling=["P", "X", "XX"]) == \
        ("6HXX", "S", "W")
    assert NEW.auction_result(["P"] * 4, "N", doubling=["X", "P", "P"]) == ("APX", None, "E")
    kotka = NEW.kotka()
    assert kotka.auction_result(["P", "6M"] + ["P"] * 8, "E", extended=["P"] * 4,
                                doubling=["P", "X", "P", "P"]) == ("6MX", "S", "W")


def test_auction_result_refuses_what_does_not_fit():
    with pytest.raises(RulesError, match="extended bids"):
        NEW.auction_result(KITTY, "N", doubling=["P", "P"])
    with pytest.raises(RulesError, match="no extended bids"):
        NEW.auction_result(["P"] * 4, "N", extended=["P"] * 4)
    with pytest.raises(RulesError, match="not over"):
        NEW.auction_result(KITTY, "N", extended=EXTENDED, doubling=["X"])


@pytest.mark.parametrize("game, doubling, points", [
    (NEW, ["P", "P"], 35 + 2),              # 6H made with one overtrick
    (NEW, ["X", "P", "P"], (35 + 2) * 2),
    (NEW, ["X", "XX"], (35 + 2) * 3),
    (OLD, ["X", "XX"], (36 + 6) * 4),       # previous schedule: redouble x4
])
def test_scoring_a_doubled_contract_from_the_auction(game, doubling, points):
    contract, declarer, _ = game.auction_result(KITTY, "N", extended=EXTENDED,
                                                doubling=doubling)
    s = game.score(None, contract=contract, declarer=declarer, tricks=13)
    assert s.above == {"NS": points, "EW": 0}
    # The same as the doubled= argument.
    bare = contract.rstrip("X")
    assert s.above == game.score(None, contract=bare, declarer=declarer, tricks=13,
                                 doubled=len(contract) - len(bare)).above


def test_doubled_misere_from_the_auction_keeps_aces_undoubled():
    contract, declarer, _ = NEW.auction_result(["P"] * 4, "N", doubling=["X", "XX"])
    assert contract == "APXX"
    s = NEW.score(None, contract=contract, declarer="N", tricks=5, aces_taken=[(3, "NS")])
    assert s.above == {"NS": -5 * 3 - 3, "EW": -8 * 3}


def test_conflicting_double_marks_are_refused():
    with pytest.raises(RulesError, match="doubled=2 was given"):
        NEW.score(None, contract="6HX", declarer="S", tricks=12, doubled=2)
    assert NEW.score(None, contract="6HX", declarer="S", tricks=12, doubled="X").above["NS"] == 70


# -- Bolshevik auction ---------------------------------------------------------

def test_bolshevik_once_round_from_the_dealer():
    assert NEW.bolshevik_legal_calls([], "E") == ["P", "B"]
    assert NEW.bolshevik_auction_result(["P", "B", "P", "P"], "E") == ("7M", "S", "E")
    assert NEW.bolshevik_auction_result(["P"] * 4, "E") == (None, None, None)
    assert NEW.bolshevik_legal_calls(["P"] * 4, "E") == []
    with pytest.raises(RulesError, match="after the Bolshevik auction is over"):
        NEW.bolshevik_auction_result(["P"] * 5, "E")
    with pytest.raises(RulesError, match="only bid is Bolshevik"):
        NEW.bolshevik_legal_calls(["7M"], "E")


def test_players_who_have_played_are_skipped():
    # Dealer N, only E and W still to play: E speaks first, then W; done after two.
    assert NEW.bolshevik_auction_result(["P", "B"], "N", to_play=["E", "W"]) == ("7M", "W", "S")
    assert NEW.bolshevik_auction_result(["P", "P"], "N", to_play="EW") == (None, None, None)


def test_several_bidders_choose_in_turn():
    calls = ["B", "P", "B", "B"]                  # dealer N: N, S, W bid
    assert NEW.bolshevik_legal_calls(calls, "N") == ["PLAY", "W"]
    assert NEW.bolshevik_auction_result(calls + ["PLAY"], "N") == ("7M", "N", "W")
    assert NEW.bolshevik_legal_calls(calls + ["W"], "N") == ["PLAY", "W"]
    assert NEW.bolshevik_auction_result(calls + ["W", "PLAY"], "N") == ("7M", "S", "E")
    # All but one withdraw: the last bidder must play, without a call.
    assert NEW.bolshevik_auction_result(calls + ["W", "W"], "N") == ("7M", "W", "S")
    with pytest.raises(RulesError, match="plays .PLAY. or withdraws"):
        NEW.bolshevik_legal_calls(calls + ["P"], "N")


def test_forced_bolshevik():
    # Two players to play (N, W), two deals left: the last speaker (W) must bid.
    assert NEW.bolshevik_legal_calls(["P"], "N", to_play="NW", deals_left=2) == ["B"]
    with pytest.raises(RulesError, match="forced Bolshevik"):
        NEW.bolshevik_auction_result(["P", "P"], "N", to_play="NW", deals_left=2)
    assert NEW.bolshevik_auction_result(["P", "B"], "N", to_play="NW",
                                        deals_left=2) == ("7M", "W", "S")
    # Someone else bid: the last speaker may pass.
    assert NEW.bolshevik_legal_calls(["B"], "N", to_play="NW", deals_left=2) == ["P", "B"]
    # More deals left than players: all may pass.
    assert NEW.bolshevik_auction_result(["P", "P"], "N", to_play="NW",
                                        deals_left=3) == (None, None, None)
    with pytest.raises(RulesError, match="deals_left"):
        NEW.bolshevik_legal_calls([], "N", to_play="NW", deals_left=1)


def test_bolshevik_extended_bid_and_doubles_feed_the_score():
    assert NEW.bolshevik_contract("P") == "7M"
    assert NEW.bolshevik_contract("7G") == "7G"
    with pytest.raises(RulesError, match="raises to 7"):
        NEW.bolshevik_contract("6S")
    # Bidder N: W (the stalker), E, S speak; then N.
    assert NEW.bolshevik_doubling_result("N", ["P", "P", "P"]) == ((), False)
    doubled_by, redoubled = NEW.bolshevik_doubling_result("N", ["P", "X", "X", "XX"])
    assert (doubled_by, redoubled) == (("E", "S"), True)
    with pytest.raises(RulesError, match="cannot redouble"):
        NEW.bolshevik_doubling_result("N", ["P", "P", "P", "XX"])
    with pytest.raises(RulesError, match="may only double or pass"):
        NEW.bolshevik_doubling_result("N", ["XX", "P", "P"])
    with pytest.raises(RulesError, match="not over"):
        NEW.bolshevik_doubling_result("N", ["X", "P", "P"])
    # The text's second example, doublers from the round: C = S and D = W doubled.
    contract, bidder, _ = NEW.bolshevik_auction_result(["B", "P", "P", "P"], "N")
    doubled_by, redoubled = NEW.bolshevik_doubling_result(bidder, ["X", "P", "X", "P"])
    assert set(doubled_by) == {"S", "W"} and not redoubled
    s = NEW.score_bolshevik(NEW.bolshevik_contract("P"), bidder=bidder, tricks=1,
                            aces_taken=[(2, "E"), (5, "S"), (9, "W"), (10, "E")],
                            doubled_by=doubled_by, redoubled=redoubled)
    assert s.players == {"N": 3, "E": -11, "S": 4, "W": 4}
