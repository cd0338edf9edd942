"""Semi-contract's Courts and misère bids: values, bid order, play and analysis."""

import random

import pytest

import solver
from advisor import rules
from advisor.analysis import analyse_courts
from advisor.valuation.courts import courts_and_misere, play_of, reversed_ranks, strain_tricks
from solver.cards import Card, Deal, Hand
from solver.general import COURTS, COURTS_MISERE, STANDARD, GeneralSolver, Layout

SEMI = rules.get("semi-contract")
DEAL = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"


# The second table: "Courts-No Trumps 18 24 30 36 42 48 54 ... Courts 16 22 28 ...
# Courts-Hearts 14 20 26 ... Courts-Diamonds 12 18 24 ... Courts-Clubs 10 16 22 ...
# Courts-Spades 8 14 20 ..." (6 a level plus the suit value).
@pytest.mark.parametrize("strain,first,contract7", [
    ("MCTNT", 18, 378), ("MCT", 16, 364), ("MCTH", 14, 350), ("MCTD", 12, 336),
    ("MCTC", 10, 322), ("MCTS", 8, 308)])
def test_misere_courts_values_are_the_second_tables(strain, first, contract7):
    assert SEMI.trick_value(f"1{strain}") == first
    assert SEMI.contract_value(f"7{strain}") == contract7


def test_courts_combinations_score_as_their_suit_and_rank_below_it():
    assert SEMI.trick_value("3CTH") == SEMI.trick_value("3H") == 38
    assert SEMI.bid_rank(SEMI.contract("2H")) > SEMI.bid_rank(SEMI.contract("2CTH"))
    assert SEMI.bid_rank(SEMI.contract("2CTH")) > SEMI.bid_rank(SEMI.contract("2D"))
    assert SEMI.bid_rank(SEMI.contract("1NT")) > SEMI.bid_rank(SEMI.contract("1CTNT"))


def test_misere_courts_counts_the_tricks_lost():
    made = SEMI.score(None, "2MCTH", "N", 5)       # lost 8 = 6 + 2
    assert made.columns["NS"]["C"] == 2 * 20
    failed = SEMI.score(None, "2MCTH", "N", 6)
    assert failed.columns["NS"]["C"] == 0


def test_each_strain_plays_with_its_deck():
    assert play_of("CT") == (COURTS, "CT", False)
    assert play_of("CTH") == (COURTS, "H", False)
    assert play_of("CTNT") == (COURTS, None, False)
    assert play_of("MCT") == (COURTS_MISERE, "CT", True)
    assert play_of("MH") == (STANDARD, "H", True)


def test_plain_misere_is_the_fast_cores_misere_on_reversed_ranks_with_declarers_right_leading():
    # Seed 003: a misère bid reverses the ranking of the cards ("reversed
    # completely", unlike misère Courts); before issue 29 it played ace high.
    upside_down = reversed_ranks(DEAL)
    assert upside_down["N"].to_pbn() == "AK32.5432.A6.AK2"   # AK32.AKQJ.T2.A32 upside down
    differs = False
    for seat in "NESW":
        leader = solver.Seat.parse(seat).rho
        want = 13 - solver.solve(upside_down, "H", leader, misere=True)
        assert strain_tricks(DEAL, "MH", seat) == want
        differs |= want != 13 - solver.solve(DEAL, "H", leader, misere=True)
    assert differs


#: The normal deck with every suit's ranks reversed: the general solver's
#: reading of a plain misère bid, to check the fast core's relabelled deal against.
REVERSED = Layout("reversed", [(s, [Card.parse(s + r) for r in "AKQJT98765432"]) for s in "SHDC"])


def test_reversed_ranks_agree_with_the_general_solver_on_reversed_ranking():
    rng = random.Random(29)
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    general = GeneralSolver(REVERSED)
    for k in range(200):
        cards = rng.sample(deck, 16)
        hands = [cards[4 * i:4 * i + 4] for i in range(4)]
        ending = Deal([Hand(h) for h in hands])
        trump, leader = rng.choice(["S", "H", "D", "C", None]), k % 4
        fast = solver.solve(reversed_ranks(ending), trump or "NT", leader, misere=True)
        assert fast == general.solve(hands, trump, leader, misere=True), (ending, trump, leader)


def test_analysis_lists_every_courts_and_misere_strain():
    rows = analyse_courts(DEAL, max_nodes=200_000)
    assert [r.strain for r in rows] == list(rules.get("semi-contract").extra_strains)
    for r in rows:
        for seat, t in r.tricks.items():
            if isinstance(t, solver.Bounds):
                assert 0 <= t.lower <= t.upper <= 13
            else:
                assert 0 <= t <= 13
    assert analyse_courts(DEAL, rules="vint") == []


@pytest.mark.slow
def test_courts_tricks_are_consistent_between_partners_side():
    rows = courts_and_misere(DEAL, strains=["CTNT"], max_nodes=20_000_000)
    t = rows[0].tricks
    assert all(isinstance(v, int) for v in t.values())


@pytest.mark.slow
def test_misere_courts_rows_are_exact_at_the_clis_budget():
    """The CLI's example deal: misère Courts is exact for every declarer at
    ``CLI_NODES`` (it was bounds 0-13 at 1.5M nodes before the partition
    table and the trump bounds)."""
    from advisor.valuation.courts import CLI_NODES
    rows = courts_and_misere(DEAL, strains=["MCT", "MCTNT"], max_nodes=CLI_NODES)
    assert [dict(r.tricks) for r in rows] == [{"N": 8, "E": 5, "S": 8, "W": 5},
                                              {"N": 9, "E": 4, "S": 9, "W": 4}]


def test_par_with_courts_bids_finds_the_courts_sacrifice():
    """On the example EW's best conventional try costs them more than NS's 5H;
    with the optional Courts bids East's 11 tricks in Courts-Clubs (a 6CTC
    down one) cost less: par moves to that sacrifice."""
    from advisor.analysis import analyse
    from advisor.par import par_with_courts
    from advisor.valuation import courts_outcomes
    a = analyse(DEAL, rules="semi-contract")
    assert (a.par.contract, a.par.declarer, a.par.score) == ("5H", "N", 290)
    rows = courts_and_misere(DEAL, strains=["CTC", "CTD"], max_nodes=2_000_000)
    assert rows[0].tricks == {"N": 1, "E": 11, "S": 1, "W": 11}
    par = par_with_courts(a, rows)
    assert (par.contract, par.declarer) == ("6CTC", "E")
    assert par.score == SEMI.score(DEAL, "6CTC", "E", 11).net("NS") == 75
    # every level of an exact row is offered, scored as the rules score it
    out = courts_outcomes(DEAL, rows)
    assert sorted(out) == sorted(f"{lv}{s}" for lv in range(1, 8) for s in ("CTC", "CTD"))
    assert out["5CTC"]["E"].made and not out["6CTC"]["E"].made


def test_par_with_courts_leaves_out_rows_with_bounds():
    from advisor.analysis import analyse
    from advisor.par import par_with_courts
    from advisor.valuation import courts_outcomes
    from advisor.valuation.courts import CourtsRow
    a = analyse(DEAL, rules="semi-contract")
    rows = [CourtsRow("CTC", {"N": 1, "E": solver.Bounds(10, 11), "S": 1, "W": 11},
                      {"NS": None, "EW": None})]
    assert courts_outcomes(DEAL, rows) == {}
    assert par_with_courts(a, rows) == a.par
    assert par_with_courts(a, []) is None


def test_misere_courts_outcomes_count_tricks_lost():
    from advisor.valuation import courts_outcomes
    from advisor.valuation.courts import CourtsRow
    rows = [CourtsRow("MCT", {"N": 3, "E": 9, "S": 3, "W": 9}, {"NS": None, "EW": None})]
    out = courts_outcomes(DEAL, rows)
    # N takes 3 tricks, loses 10: a 4MCT (10 tricks) is made, a 5MCT is not
    assert out["4MCT"]["N"].made and not out["5MCT"]["N"].made
    assert out["4MCT"]["N"].misere and out["4MCT"]["N"].score > 0


#: The example deal's exact rows, as main solved them before the shared
#: tables, the guesses and the threads (benchmarks/courts_deals.json keeps all 17).
EXACT_ROWS = {"MS": {"N": 10, "E": 4, "S": 10, "W": 4}, "CT": {"N": 6, "E": 6, "S": 6, "W": 6},
              "CTH": {"N": 4, "E": 9, "S": 4, "W": 9}, "MCTH": {"N": 9, "E": 4, "S": 9, "W": 4}}


@pytest.mark.parametrize("workers", [1, 2])
def test_courts_rows_are_the_exact_ones_on_any_number_of_threads(workers):
    seen = []
    rows = courts_and_misere(DEAL, strains=list(EXACT_ROWS), max_nodes=None, workers=workers,
                             progress=lambda done, total, label: seen.append((done, label)))
    assert {r.strain: dict(r.tricks) for r in rows} == EXACT_ROWS
    assert [r.strain for r in rows] == list(EXACT_ROWS)          # in the order asked
    assert all(r.nodes > 0 for r in rows if r.strain != "MS")
    # each declarer of each strain announced once, then "done"
    assert sorted(label for _, label in seen[:-1]) == sorted(
        f"{s} by {seat}" for s in EXACT_ROWS for seat in "NESW")
    assert [done for done, _ in seen] == list(range(17))


def test_a_stop_reaches_the_threads_solving_courts_rows():
    """Ctrl-C or a server's stop (``solver.stop_when``) ends the workers'
    searches within milliseconds, not when their strain is done."""
    import time
    hard = "N:Q9.8743.K543.KJ8 AJ5.QT6.JT6.9752 7632.52.A982.Q63 KT84.AKJ9.Q7.AT4"
    start = time.perf_counter()
    with solver.stop_when(lambda: time.perf_counter() - start > 0.3):
        with pytest.raises(KeyboardInterrupt):
            courts_and_misere(hard, strains=["MCT", "MCTNT"], max_nodes=None, workers=2)
    assert time.perf_counter() - start < 3


def test_bad_workers_are_refused():
    with pytest.raises(ValueError, match="workers"):
        courts_and_misere(DEAL, strains=["CT"], workers=0)
