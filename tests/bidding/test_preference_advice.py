"""Preference's auction advice (issue 29): sampled unseen hands and widow."""

import pytest

from advisor.bidding.preference import advise_preference, lay_off
from advisor.rules.preference import PreferenceError, read_cards


def test_lay_off_keeps_the_trumps_and_sheds_the_shortest_side_suit_first():
    hand = read_cards("SA SK SQ SJ S7 HA HK HQ D7 C8 C9 C7", "hand")   # twelve, widow taken
    assert sorted(str(c) for c in lay_off(hand, "S")) == ["C7", "D7"]
    assert all(c.suit != 1 for c in lay_off(hand, "H"))


def test_first_round_offers_only_suits_above_the_last_named():
    a = advise_preference("AKQJ.AKQJ.7.7", 1, 2, ["D"], samples=6, seed=2)
    assert set(a.values) == {"P", "H"}
    with pytest.raises(PreferenceError, match="does not outrank"):
        advise_preference("AKQJ.AKQJ.7.7", 2, 2, ["H", "D"], samples=6)


@pytest.mark.parametrize("hand, options, match", [
    ("AKQJ.AKQJ.7.", {}, "10 different cards"),
    ("AKQJ.AKQJ.7.2", {}, "32-card pack"),
    ("AKQJ.AKQJ.7.7", {"samples": 1}, "samples"),
    ("AKQJ.AKQJ.7.7", {"player": 3}, "0, 1 or 2"),
])
def test_bad_requests_are_clear_errors(hand, options, match):
    kwargs = {"player": 0, "dealer": 2, **options}
    with pytest.raises(PreferenceError, match=match):
        advise_preference(hand, kwargs.pop("player"), kwargs.pop("dealer"), **kwargs)


def test_the_widow_takers_trump_is_his_longest_then_strongest_suit():
    from advisor.bidding.preference import widow_trump
    assert widow_trump(read_cards("SA SK SQ SJ S7 HA HK HQ D7 C8 C9 C7", "twelve")) == "S"
    # Four hearts and four clubs: the hearts hold more of A K Q J.
    assert widow_trump(read_cards("HA HK H8 H7 CJ C9 C8 C7 SA S7 D8 D7", "twelve")) == "H"
    # The same honours: the higher cards.
    assert widow_trump(read_cards("HA H9 H8 H7 CA CT C8 C7 SK S7 D8 D7", "twelve")) == "C"


def test_the_widow_is_valued_by_a_trump_named_from_the_takers_twelve_cards(monkeypatch):
    """The trump is chosen seeing the hand and the widow only, one per sample
    (the advice once took, on each sample, the best trump with every hand seen)."""
    from advisor.bidding import preference as advice
    seen = []

    original = advice.widow_trump

    def spy(cards):
        seen.append(frozenset(cards))
        return original(cards)
    monkeypatch.setattr(advice, "widow_trump", spy)
    hand = read_cards("SA SK SQ SJ S7 HA HK HQ D7 C8", "hand")
    a = advice.advise_preference(hand, 0, 2, ["P", "P", "P"], samples=8, seed=3)
    assert a.round == "widow" and len(seen) == 8
    assert all(len(s) == 12 and set(hand) <= s for s in seen)
    assert len(set(seen)) > 1                  # a widow of its own each sample
