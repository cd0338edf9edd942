"""Inputs that once gave wrong answers while the solver was being built.

Each was found by the minimax, oracle or DDS comparisons; kept here so that
the same mistake cannot come back unnoticed. Endings are checked against the
plain minimax in ``tests/helpers/minimax.py``, full deals against endplay (DDS).
"""

from __future__ import annotations

import pytest

from helpers import minimax
import solver

# (deal, trump, leader, trick, misere, lone): an unsound table entry once
# let a card stand for a run of cards that was no longer a run.
ENDINGS = [
    ("N:..AQ6. ..2.87 ..3.54 ..84.3", "S", "N", (), True, "E"),
    ("N:AQT... 3..Q. ...65 KJ...", "D", "E", ("D6", "D7", "D9"), True, None),
    ("N:...A4 ..K.53 ..AQ4. ..T92.", "NT", "N", ("CT",), True, None),
    # Quick tricks crossing to partner left the crossing suit's top card
    # out of the relevant cards.
    ("N:.J.8.T K..963. ..J2.86 4...K7", "NT", "W", ("D7", "D5"), False, None),
]


@pytest.mark.parametrize("deal,trump,leader,trick,misere,lone", ENDINGS)
def test_ending_matches_minimax(deal, trump, leader, trick, misere, lone):
    got = solver.solve_cards(deal, trump, leader, played=trick, misere=misere, lone=lone)
    want = minimax.solve_cards(deal, trump, leader, trick, misere=misere, lone=lone)
    assert {str(c): v for c, v in got.items()} == want
    # The side on move picks its best card: most tricks, or fewest in misère.
    best = min(want.values()) if misere else max(want.values())
    assert solver.solve(deal, trump, leader, played=trick, misere=misere, lone=lone) == best


FULL_DEALS = [
    "E:J743.72.KQT97.32 T6.QT.5432.KT764 Q5.AJ8643.6.J985 AK982.K95.AJ8.AQ",
    "N:T65.Q63.6.AQ7432 QJ2.J7.AK94.KT95 K87.AKT5.JT73.J6 A943.9842.Q852.8",
    "N:QT73.K762.Q2.KJ9 A654.5.A985.T743 J9.QJT94.K7643.A K82.A83.JT.Q8652",
    # Quick tricks that crossed to partner without marking partner's top
    # card of the crossing suit, or counted on a partner forced to ruff.
    "N:Q6.Q53.832.KQJ52 T52.76.KQ765.AT9 J983.KJT942.A9.4 AK74.A8.JT4.8763",
    "N:KJ8.A974.J76.Q53 A5.KQT5.KT954.KJ T9642.8.AQ8.9842 Q73.J632.32.AT76",
    "N:K8742.A.76.T6532 AJ5.KQ97.985.A84 Q93.854.KJT42.KJ T6.JT632.AQ3.Q97",
]


@pytest.mark.parametrize("deal", FULL_DEALS)
def test_full_deal_matches_dds(deal):
    types = pytest.importorskip("endplay.types")
    dds = pytest.importorskip("endplay.dds")
    theirs = dds.calc_dd_table(types.Deal(deal))
    ours = solver.dd_table(deal)
    for s, seat in enumerate("NESW"):
        for d, strain in enumerate(["S", "H", "D", "C", "NT"]):
            assert ours[seat, strain] == theirs[types.Denom(d), types.Player(s)], (seat, strain)
