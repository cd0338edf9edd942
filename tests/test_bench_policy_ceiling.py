"""The ceiling bench's pieces (benchmarks/bench_policy_ceiling.py): the policy's tables
fed a better trick estimate, and the both-hands estimate."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from solver.cards import Deal, Hand, Seat

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import bench_policy_ceiling as ceiling  # noqa: E402
from duplicate import PassBidder, Referee, board, play_board  # noqa: E402

from advisor.bidding.policy import Policy  # noqa: E402


def test_partner_features_count_both_hands():
    # N (30 points) and S (QJT in three suits, 9 points); E and W hold the rest.
    deal = Deal.from_pbn("N:AKQ2.AK2.AK2.AK2 J543.543.543.543 T987.QJT.QJT.QJT 6.9876.9876.9876")
    mine, partner = deal[Seat.N], deal[Seat.S]
    spades = ceiling.partner_features(mine, partner, "S")
    # bias, points, aces, kings, trumps between them, their A K Q, their A K Q J T
    assert spades[:7] == [1.0, 39, 4, 4, 8, 3, 4]
    assert ceiling.partner_features(partner, mine, "S")[:7] == spades[:7]
    nt = ceiling.partner_features(mine, partner, "NT")
    assert nt[1:6] == [39, 4, 4, 4, 4]         # points, aces, kings, queens, suits stopped


def test_the_policy_asks_its_spread_of_one_method():
    """The hook the bench fills: ``best_level`` reads ``trick_spread``, so a
    near-certain estimate of 13 tricks bids the grand slam and of 6 passes."""
    class Sure(Policy):
        tricks = 13.0

        def partnership_tricks(self, hand, strain, reading):
            return self.tricks

        def trick_spread(self, strain, reading):
            return 0.3

    policy = Sure("vint")
    hand = Hand.from_pbn("432.9876.9876.98")
    reading = policy.reading(["1S", "P"], Seat.S, Seat.N)
    assert policy.best_level(hand, "S", reading) == 7
    policy.tricks = 6.0                      # one trick short of any contract
    assert policy.best_level(hand, "S", reading) == 1


def test_knowing_the_double_dummy_tricks_bids_more_than_the_policy(tmp_path):
    referee = Referee("vint")
    exact = ceiling.KnowingBidder("tables+dd", lambda brd, room, seat, strain: (
        next(t for (s, st), t in referee.table(brd.deal).items()
             if s == seat and st.name == strain), 0.3))
    policy = ceiling.make_bidder("policy", referee)
    passing = PassBidder()
    boards = [board("vint", 5, n) for n in range(12)]
    knowing = sum(play_board(b, exact, passing, referee)["diff"] for b in boards)
    plain = sum(play_board(b, policy, passing, referee)["diff"] for b in boards)
    assert knowing > plain


def test_the_bench_refuses_fitting_on_the_boards_it_measures(capsys):
    with pytest.raises(SystemExit):
        ceiling.main(["--seed", "2", "--fit-seed", "2"])
    assert "--fit-seed must differ" in capsys.readouterr().err


def test_pieces_of_partners_hand_are_named_and_checked(capsys):
    deal = Deal.from_pbn("N:AKQ2.AK2.AK2.AK2 J543.543.543.543 T987.QJT.QJT.QJT 6.9876.9876.9876")
    mine, partner = deal[Seat.N], deal[Seat.S]
    base = ceiling.piece_features(mine, partner, "S", [])
    # partner's points, spades, A K Q of spades, aces, short side suits (none)
    assert ceiling.piece_features(mine, partner, "S", ["hcp", "len", "hon", "aces", "short"]) \
        == base + [9, 4, 0, 0, 0]
    with pytest.raises(SystemExit):
        ceiling.main(["--pieces", "hcp+kings"])
    assert "unknown piece(s) kings" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        ceiling.main(["--direct-pieces", "len+queens"])
    assert "unknown piece(s) queens" in capsys.readouterr().err


def test_where_lost_sorts_the_rooms_whose_contracts_differ():
    def row(first, second):
        return {"rooms": [dict(zip(("contract", "declarer", "ns"), first)),
                          dict(zip(("contract", "declarer", "ns"), second))]}
    tables = [row(("3D", "N", 100), (None, None, 0)), row(("4S", "S", 200), ("2H", "E", -90))]
    direct = [row(("5S", "N", 400), ("1NT", "W", -60)), row(("4S", "S", 200), ("3H", "E", -140))]
    assert ceiling.where_lost(tables, direct) == {
        "another strain": [1, 300], "passed out by the first": [1, 60], "lower": [1, 50]}


def test_a_direct_bidder_names_its_contract_at_once_then_passes():
    class Sure:                     # twelve tricks in spades, five elsewhere
        spread = {"suit": 0.5, "nt": 0.5}

        def __call__(self, mine, partner, strain):
            return 12.0 if strain == "S" else 5.0

    bidder = ceiling.PartnerDirectBidder(Sure(), "direct+hcp")
    brd = board("vint", 5, 0)
    first = bidder.call(brd, [], brd.dealer)
    assert bidder.name == "direct+hcp"
    assert first.endswith("S") and int(first[0]) >= 5
    assert bidder.call(brd, [first, "P"], brd.dealer.partner) == "P"
