"""Dealing the cards a player has not seen (``advisor.cardplay.HiddenCards``):
every deal fits what he has seen, the layouts are drawn uniformly, and the
auction's readings hold unless they had to be dropped."""

import collections
import math

import numpy as np

from solver.cards import SEATS, Card, Deal, Seat
from advisor.bidding.constraints import compile_constraint
from advisor.cardplay import HiddenCards, PlayerView
from advisor.cardplay import hidden as hidden_module

DEAL = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"
#: E cashes three diamonds; S discards a club on the third (S is void), W to play.
PLAYED = ["DA", "D3", "D6", "D2", "DK", "D4", "D7", "DT", "DQ", "C4"]


def _fits(view: PlayerView, deal: Deal) -> bool:
    """Does a full deal fit what ``view`` has seen?"""
    if deal[view.seat] != view.hand:
        return False
    for seat in SEATS:
        hand = deal[seat].mask
        if len(deal[seat]) != view.cards_each or any(not hand & c.mask
                                                     for c in view.by_seat[seat]):
            return False
        left = hand & ~view.played_mask
        if any(left & (0x1FFF << (16 * suit)) for suit in view.voids[seat]):
            return False
    return True


def test_every_deal_fits_the_cards_played_and_the_voids():
    view = PlayerView.of_deal(DEAL, "W", rules="vint", contract="4H", declarer="N",
                              played=PLAYED)
    drawn = HiddenCards(view).draw(200, np.random.default_rng(3))
    assert len(drawn.deals) == 200 and drawn.relaxed is None
    assert all(_fits(view, d) for d in drawn.deals)
    # S showed out of diamonds: the outstanding diamonds (W holds none) are E's or N's
    assert all(not d["S"].mask & Card.parse("D5").mask for d in drawn.deals)
    assert any(d["E"].mask & Card.parse("D5").mask for d in drawn.deals)


def test_layouts_are_drawn_uniformly():
    # Three cards each; S on move after N's S7 and E's S3: 210 layouts, no voids yet.
    view = PlayerView.of_deal("N:7.72.. J3.4.. AT.8.. 5.65..", "S", rules="vint",
                              contract="1NT", declarer="W", played=["S7", "S3"])
    hidden = HiddenCards(view)
    assert hidden.layouts == 210
    rows = hidden.random_layouts(21_000, np.random.default_rng(1))
    counts = collections.Counter(r.tobytes() for r in rows)
    assert len(counts) == 210
    chi2 = sum((n - 100) ** 2 / 100 for n in counts.values())
    assert chi2 < 209 + 4 * math.sqrt(2 * 209)        # chi-square, 209 degrees of freedom


def test_voids_are_drawn_uniformly_too():
    # Four cards each, E declares no-trumps, S leads: W shows out of spades on the
    # second trick. S's view: the spades left go to N or E, never to W.
    deal = "N:AT2.3.. KQ3.5.. 54.K2.. J.Q76.."
    played = ["S4", "SJ", "SA", "S3", "ST", "SQ", "S5", "H6"]
    view = PlayerView.of_deal(deal, "S", rules="vint", contract="1NT", declarer="E",
                              played=played)
    assert view.voids[Seat.W] == {0}
    hidden = HiddenCards(view)
    every = {r.tobytes() for r in hidden.random_layouts(3000, np.random.default_rng(9))}
    drawn = hidden.draw(hidden.layouts, np.random.default_rng(0))      # each layout once
    assert len(every) == hidden.layouts == len(drawn.deals)
    assert all(_fits(view, d) for d in drawn.deals)
    rows = hidden.random_layouts(200 * hidden.layouts, np.random.default_rng(4))
    counts = collections.Counter(r.tobytes() for r in rows)
    k = hidden.layouts - 1
    chi2 = sum((n - 200) ** 2 / 200 for n in counts.values())
    assert chi2 < k + 4 * math.sqrt(2 * k)


def test_few_layouts_are_each_taken_once():
    view = PlayerView.of_deal("N:7.72.. J3.4.. AT.8.. 5.65..", "S", rules="vint",
                              contract="1NT", declarer="W", played=["S7", "S3"])
    drawn = HiddenCards(view).draw(500, np.random.default_rng(0))
    assert len(drawn.deals) == 210 == len(set(drawn.deals))
    assert all(_fits(view, d) for d in drawn.deals)


def test_the_auctions_readings_hold_in_every_deal():
    # E opens 1NT: three or four aces by the system's reading (and the policy's call).
    deal = "N:Q32.Q92.T32.QT92 AK4.AK3.A54.J876 T987.T876.K9.K53 J65.J54.QJ876.A4"
    auction = ["P", "1NT", "P", "P"] + ["P"] * 8
    view = PlayerView.of_deal(deal, "S", rules="vint", dealer="N", auction=auction)
    drawn = HiddenCards(view).draw(40, np.random.default_rng(5))
    aces = compile_constraint("aces >= 3")
    assert "aces >= 3" not in (drawn.relaxed or "")
    assert all(aces(d["E"]) for d in drawn.deals)


def test_a_call_the_system_would_not_make_is_dropped_and_said():
    # N "opens" 7NT with nothing: no deal fits the reading, which is dropped.
    deal = "N:32.5432.5432.432 AKQJ.AK.AK.AKQJ5 T98.QJT.QJT9.T98 7654.9876.876.76"
    auction = ["7NT"] + ["P"] * 12
    view = PlayerView.of_deal(deal, "W", rules="vint", dealer="N", auction=auction)
    drawn = HiddenCards(view).draw(16, np.random.default_rng(1))
    assert len(drawn.deals) == 16 and "N's 7NT" in drawn.relaxed
    assert drawn.skip and all(isinstance(x, str) for x in drawn.skip)
    again = HiddenCards(view).draw(16, np.random.default_rng(2), skip=drawn.skip)
    assert again.relaxed == drawn.relaxed


def test_readings_the_cards_played_contradict_are_checked_on_few_deals(monkeypatch):
    # Trick 10 of a 1H played out (practice, seed 3): the passes' policy readings
    # let through almost no layout of the cards left. Without a pilot (a later
    # card of the same player) each set of readings was checked on up to 20,000
    # deals one by one: half a minute a card. Now at most MAX_CHECKS a set.
    deal = "N:K2.AK83.Q986.732 A943.T54.53.AK54 QJ65.9.AKJ.QJT86 T87.QJ762.T742.9"
    auction = ["1H"] + ["P"] * 12
    played = ("CK C6 C9 C2 D3 DK D2 D6 H9 HJ HK H4 C3 CA C8 S7 C4 CT H2 C7 D4 DQ D5 DJ "
              "D8 S3 DA D7 SJ S8 SK SA C5 CJ H6 H8 HA H5 S5").split()
    view = PlayerView.of_deal(deal, "W", rules="vint", dealer="N", auction=auction,
                              contract="1H", declarer="N", played=played)
    hidden = HiddenCards(view)
    system = sum(1 for i, _ in hidden.readings if i.rules)
    built = collections.Counter()
    hand, full = hidden_module.Hand.from_mask, hidden_module.Deal.from_masks

    def counted(kind, make):
        def made(masks):
            built[kind] += 1
            return make(masks)
        return staticmethod(made)

    monkeypatch.setattr(hidden_module.Hand, "from_mask", counted("hands", hand))
    monkeypatch.setattr(hidden_module.Deal, "from_masks", counted("deals", full))
    drawn = hidden.draw(12, np.random.default_rng(0), skip=frozenset())
    assert len(drawn.deals) >= 6 and all(_fits(view, d) for d in drawn.deals)
    assert system and drawn.dropped
    # Each attempt (one per reading dropped, and the last) checks at most
    # MAX_CHECKS deals, each by the hands of the three other seats at most;
    # only the deals kept are built whole.
    attempts = len(drawn.dropped) + 1
    assert built["hands"] <= attempts * hidden_module.MAX_CHECKS * 3
    assert built["deals"] <= attempts * 12
