"""The card-play benchmark's baseline and its paired play (benchmarks/bench_cardplay.py):
the baseline's rule of thumb card by card, and a versus board scored both ways."""

from __future__ import annotations

import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import bench_cardplay  # noqa: E402
from bench_cardplay import baseline_card  # noqa: E402
from advisor.cardplay import BoardPlay  # noqa: E402

DEAL = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"


def _table(played=(), contract="4H", declarer="N"):
    table = BoardPlay("vint", DEAL, dealer="N", contract=contract, declarer=declarer)
    for card in played:
        table.play_card(card)
    return table


def test_the_baseline_leads_its_lowest_card():
    # E on lead against 4H by N: his lowest card (the lower suit's on a tie of ranks).
    assert str(baseline_card(_table())) == "D5"


def test_the_baseline_wins_as_cheaply_as_it_can_unless_partner_is_winning():
    # E leads DA: S (second hand) cannot beat it, plays low; after S's D3, W's
    # partner E is winning: W plays low too.
    assert str(baseline_card(_table(["DA"]))) == "D3"
    assert str(baseline_card(_table(["DA", "D3"]))) == "D6"
    # E leads D5, S D3, W D6 (W's side winning): N wins as cheaply as he can, DT.
    assert str(baseline_card(_table(["D5", "D3", "D6"]))) == "DT"
    # E leads C8: S (KQJ4) beats it with the cheapest club that does, the jack.
    assert str(baseline_card(_table(["C8"]))) == "CJ"
    # E leads S9: S (Q54) has one spade that wins, the queen.
    assert str(baseline_card(_table(["S9"]))) == "SQ"


def test_a_versus_board_is_scored_from_both_sides():
    rules = bench_cardplay.rule_set("vint")
    b = bench_cardplay.make_board(rules, 27, 1)
    calls, contract, declarer = bench_cardplay.auction_of(rules, b)
    assert contract == "4C" and declarer == "N"      # as benchmarks/README's run bid it
    row = bench_cardplay.play_versus(rules, b, calls, contract, declarer, 1, "NS")
    assert set(row) == {"ns", "ns_tricks"} and 0 <= row["ns_tricks"] <= 13
    won = row["ns_tricks"]
    assert row["ns"] == rules.score(b.deal, contract, declarer, won).net("NS")
