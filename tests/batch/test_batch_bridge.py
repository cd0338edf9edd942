"""Bridge scoring and par (advisor.batch.bridge) against DDS's par (endplay.dds.par)."""

import numpy as np
import pytest

from advisor.batch.bridge import (BridgeError, board_vulnerable, bridge_par, bridge_score,
                                  parse_vulnerable)
from solver.cards import Card, Deal

endplay = pytest.importorskip("endplay")
from endplay.dds import calc_dd_table, par  # noqa: E402
from endplay.types import Deal as EDeal  # noqa: E402
from endplay.types import Denom, Player, Vul  # noqa: E402

CARDS = [Card(s, r) for s in range(4) for r in range(2, 15)]
PLAYERS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
DENOMS = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs,
          "NT": Denom.nt}
VULS = {(): Vul.none, ("NS",): Vul.ns, ("EW",): Vul.ew, ("NS", "EW"): Vul.both}
STRAIN_OF = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S", "nt": "NT"}


def random_deal(rng) -> Deal:
    masks = [0, 0, 0, 0]
    for k, c in enumerate(rng.permutation(52)):
        masks[k // 13] |= CARDS[c].mask
    return Deal.from_masks(masks)


@pytest.mark.parametrize("args, score", [
    ((4, "S", 10, False), 420), ((3, "NT", 10, True), 630), ((1, "C", 7, False), 70),
    ((2, "H", 8, False), 110), ((5, "D", 11, True), 600), ((6, "NT", 12, False), 990),
    ((7, "NT", 13, True), 2220), ((4, "H", 9, False), -50), ((4, "H", 8, True), -200),
])
def test_undoubled_scores(args, score):
    assert bridge_score(*args) == score


@pytest.mark.parametrize("args, score", [
    ((1, "NT", 6, False), -100), ((4, "S", 7, False), -500), ((4, "S", 5, False), -1100),
    ((4, "S", 7, True), -800), ((3, "C", 8, True), -200),
    ((4, "H", 10, False), 590), ((2, "C", 9, True), 380), ((1, "S", 7, False), 160),
])
def test_doubled_scores(args, score):
    assert bridge_score(*args, doubled=True) == score


def test_vulnerability_is_read_as_pbn_writes_it():
    assert parse_vulnerable("None") == parse_vulnerable("-") == parse_vulnerable("Love") == ()
    assert parse_vulnerable("All") == parse_vulnerable("Both") == ("NS", "EW")
    assert parse_vulnerable("N-S") == ("NS",) and parse_vulnerable("EW") == ("EW",)
    with pytest.raises(BridgeError, match="unknown vulnerability"):
        parse_vulnerable("maybe")
    assert [board_vulnerable(b) for b in (1, 2, 3, 4, 17)] == [(), ("NS",), ("EW",),
                                                               ("NS", "EW"), ()]


@pytest.mark.slow
def test_par_agrees_with_dds_on_random_deals():
    """Score and every par contract (level, strain, declarer, doubled, result),
    for 20 random deals under each vulnerability and dealer (320 pars)."""
    rng = np.random.default_rng(2024)
    compared = 0
    for _ in range(20):
        deal = random_deal(rng)
        dds = calc_dd_table(EDeal(deal.to_pbn()))
        table = {s: {st: dds[d, p] for st, d in DENOMS.items()} for s, p in PLAYERS.items()}
        for vulnerable, vul in VULS.items():
            for dealer, player in PLAYERS.items():
                ours = bridge_par(table, dealer=dealer, vulnerable=vulnerable)
                theirs = par(dds, vul, player)
                assert ours.score == theirs.score, (deal.to_pbn(), dealer, vulnerable)
                want = sorted((c.level, STRAIN_OF[c.denom.name], c.declarer.abbr,
                               c.penalty.name == "doubled", c.result) for c in theirs)
                got = sorted((c.level, c.strain, seat, c.doubled, c.result)
                             for c in ours.contracts for seat in c.seats)
                assert got == want, (deal.to_pbn(), dealer, vulnerable)
                compared += 1
    assert compared == 320


def test_par_tag_values():
    # NS make 7NT on top cards; nobody can sacrifice profitably at the 8 level.
    table = {"N": {s: 13 for s in DENOMS}, "S": {s: 13 for s in DENOMS},
             "E": {s: 0 for s in DENOMS}, "W": {s: 0 for s in DENOMS}}
    p = bridge_par(table, dealer="E", vulnerable="None")
    assert p.score == 1520 and p.optimum_score == "NS +1520"
    assert p.par_contract == "NS 7NT"
    flat = {seat: {s: 6 for s in DENOMS} for seat in "NESW"}
    passed = bridge_par(flat, dealer="N", vulnerable=())
    assert passed.score == 0 and passed.par_contract == "Pass" and passed.contracts == ()
