"""The general solver (any ranking, 3 or 4 players) against plain minimax and the fast core."""

import random
import time

import pytest

import solver
from solver.cards import Deal, Hand
from solver.errors import DealError, PositionError, VintError
from solver.general import (COURTS, COURTS_MISERE, PIQUET, STANDARD, GeneralSolver, Layout,
                            LayoutError, solve_general, solve_general_cards)

from helpers.general_minimax import minimax

LAYOUTS = [(STANDARD, 4), (COURTS, 4), (COURTS_MISERE, 4), (PIQUET, 3)]


def _random_ending(rng, layout, n, k):
    cards = rng.sample(layout.deck, n * k)
    return [cards[i * k:(i + 1) * k] for i in range(n)]


def _trumps(layout):
    return [None] + list(layout.suit_names)


@pytest.mark.parametrize("layout,n", LAYOUTS, ids=lambda x: getattr(x, "name", str(x)))
def test_endings_agree_with_plain_minimax(layout, n):
    rng = random.Random(hash(layout.name) % 1000)
    g = GeneralSolver(layout)
    for _ in range(200):
        k = rng.randint(1, 4 if n == 4 else 5)
        hands = _random_ending(rng, layout, n, k)
        trump = rng.choice(_trumps(layout))
        leader = rng.randrange(n)
        side = {0, 2} if n == 4 else {rng.randrange(n)}
        misere = rng.random() < 0.35
        got = g.solve(hands, trump, leader, side=side, misere=misere)
        t = layout.trump_index(trump)
        want = minimax([[layout.place[c] for c in h] for h in hands], t, leader, side, misere)
        assert got == want, (hands, trump, leader, side, misere)


@pytest.mark.parametrize("layout,n", LAYOUTS, ids=lambda x: getattr(x, "name", str(x)))
def test_card_values_agree_with_minimax_mid_trick(layout, n):
    rng = random.Random(7)
    for _ in range(40):
        k = rng.randint(2, 3)
        hands = _random_ending(rng, layout, n, k)
        trump = rng.choice(_trumps(layout))
        leader = rng.randrange(n)
        # the leader plays a card: the next player's every card is valued
        first = hands[leader].pop(0)
        side = {0, 2} if n == 4 else {leader}
        values = solve_general_cards(hands, layout, trump, leader, side=side, played=[first])
        p = (leader + 1) % n
        led = layout.place[first][0]
        legal = [c for c in hands[p] if layout.place[c][0] == led] or hands[p]
        assert set(values) == set(legal)
        t = layout.trump_index(trump)
        for card, v in values.items():
            rest = [list(h) for h in hands]
            rest[p].remove(card)
            # finish the trick by brute force through minimax over the whole
            # position: replay with the two cards put back as a fresh trick
            full = [list(h) for h in hands]
            full[leader].append(first)
            alt = [[layout.place[c] for c in h] for h in full]
            want = _after_two(alt, t, leader, side, layout.place[first], layout.place[card], n)
            assert v == want


def _after_two(hands, trump, leader, side, c1, c2, n):
    """Minimax value once the leader has played c1 and the next player c2."""
    hs = [set(h) for h in hands]
    hs[leader].discard(c1)
    hs[(leader + 1) % n].discard(c2)
    # brute force the rest of the trick, then minimax
    best = None
    players = [(leader + i) % n for i in range(2, n)]

    def rest(i, trick, hs):
        if i == len(players):
            b = 0
            for j in range(1, n):
                s, r = trick[j]
                bs, br = trick[b]
                if (s == bs and r > br) or (s == trump and bs != trump):
                    b = j
            w = (leader + b) % n
            return (1 if w in side else 0) + minimax(hs, trump, w, side)
        p = players[i]
        follow = [c for c in hs[p] if c[0] == trick[0][0]] or list(hs[p])
        vals = []
        for c in follow:
            nh = [set(h) for h in hs]
            nh[p].discard(c)
            vals.append(rest(i + 1, trick + [c], nh))
        return max(vals) if p in side else min(vals)

    best = rest(0, [c1, c2], hs)
    return best


def _agrees_with_fast_solver(rng, k, misere_share, endings=60):
    """``endings`` random endings of ``k`` cards a hand, one general solver for
    all, each equal to the fast core's answer (misère on ``misere_share``)."""
    g = GeneralSolver(STANDARD)
    for _ in range(endings):
        hands = _random_ending(rng, STANDARD, 4, k)
        deal = Deal([Hand(h) for h in hands])
        trump = rng.choice(["S", "H", "D", "C", "NT"])
        leader = rng.randrange(4)
        misere = rng.random() < misere_share
        assert g.solve(hands, trump, leader, misere=misere) == \
            solver.solve(deal, trump, leader, misere=misere), (hands, trump, leader, misere)


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_standard_layout_agrees_with_fast_solver_on_endings(k):
    _agrees_with_fast_solver(random.Random(k), k, 0.3)


@pytest.mark.slow
def test_standard_layout_agrees_with_fast_solver_on_full_deals():
    rng = random.Random(11)
    g = GeneralSolver(STANDARD)
    checked = 0
    while checked < 3:
        cards = rng.sample(STANDARD.deck, 52)
        hands = [cards[i * 13:(i + 1) * 13] for i in range(4)]
        deal = Deal([Hand(h) for h in hands])
        got = g.solve(hands, "S", 0, max_nodes=3_000_000)
        if isinstance(got, solver.Bounds):     # a hard deal: the bounds must hold
            assert got.lower <= solver.solve(deal, "S", 0) <= got.upper
            continue
        assert got == solver.solve(deal, "S", 0)
        checked += 1


def test_court_cards_follow_the_court_suit_not_their_printed_suit():
    # KH is a Courts card: it cannot follow hearts, so on a heart lead it is
    # a discard (no trumps) and South's H2 is forced to follow hearts.
    hands = [["HK"], ["H3"], ["H2"], ["S5"]]
    assert solve_general(hands, COURTS, None, 1, side={1, 3}) == 1
    values = solve_general_cards([["HK", "H9"], ["S2"], ["H2", "SA"], ["S5", "C4"]],
                                 COURTS, "CT", 1, side={0, 2}, played=["H3"])
    assert set(values) == {solver.Card.parse("H2")}       # must follow with the heart pip
    # Aces rank lowest: the ace of spades loses to the two.
    assert solve_general([["SA"], ["S2"], ["S3"], ["S4"]], COURTS, None, 0, side={0, 2}) == 0
    assert solve_general([["SA"], ["S2"], ["S3"], ["S4"]], COURTS_MISERE, None, 0,
                         side={0, 2}) == 1


def test_courts_ranking_is_the_texts():
    order = [str(c) for c in COURTS.suits[4]]
    assert order == ["SJ", "CJ", "DJ", "HJ", "SQ", "CQ", "DQ", "HQ", "SK", "CK", "DK", "HK"]
    assert [str(c) for c in COURTS_MISERE.suits[4]] == \
        ["SK", "CK", "DK", "HK", "SQ", "CQ", "DQ", "HQ", "SJ", "CJ", "DJ", "HJ"]
    assert [str(c) for c in COURTS.suits[0]][0] == "SA"
    assert len(PIQUET.deck) == 32


def test_bad_input_names_the_problem():
    with pytest.raises(DealError, match="twice"):
        solve_general([["SA"], ["SA"], ["S3"], ["S4"]], COURTS, None, 0)
    with pytest.raises(PositionError, match="as many cards"):
        solve_general([["SA", "S5"], ["S2"], ["S3"], ["S4"]], COURTS, None, 0)
    with pytest.raises(DealError, match="not a card"):
        solve_general([["S2"], ["S3"], ["S4"]], PIQUET, "H", 0)
    with pytest.raises(VintError):
        solve_general([["SA"], ["S2"], ["S3"], ["S4"]], COURTS, "X", 0)
    with pytest.raises(PositionError, match="led suit"):
        # player 1 discarded H3 while holding S3
        solve_general([["S9"], ["S3"], ["S5", "S6"], ["S7", "S8"]], STANDARD, None, 0,
                      played=["S2", "H3"])
    with pytest.raises(LayoutError):
        Layout("x", [("A", ["SA"]), ("B", ["SA"])])
    assert issubclass(LayoutError, ValueError)


def test_budget_gives_bounds_that_hold():
    rng = random.Random(3)
    cards = rng.sample(COURTS.deck, 52)
    hands = [cards[i * 13:(i + 1) * 13] for i in range(4)]
    got = solve_general(hands, COURTS, "CT", 0, max_nodes=1000)
    assert isinstance(got, solver.Bounds) and 0 <= got.lower <= got.upper <= 13


@pytest.mark.slow
def test_full_preference_deals_solve_and_agree_with_card_values():
    rng = random.Random(5)
    g = GeneralSolver(PIQUET)
    for _ in range(3):
        cards = rng.sample(PIQUET.deck, 30)
        hands = [cards[i * 10:(i + 1) * 10] for i in range(3)]
        start = time.time()
        v = g.solve(hands, "H", 0, side={0})
        values = g.solve_cards(hands, "H", 0, side={0})
        assert max(values.values()) == v
        assert time.time() - start < 60


def test_a_group_of_equivalent_cards_stays_a_group_where_an_entry_is_reused():
    """Found by comparing with the fast core: a result reached by trying one
    card of a group of touching cards was reused in a position where those
    cards no longer touch (the group's lowest card was not made relevant)."""
    deal = Deal.from_pbn("N:82.JT2.7.KJ52 5.863.T984.84 T6.94.KQ65.AQ K93.AKQ5.A3.6")
    hands = [list(deal[s]) for s in range(4)]
    assert GeneralSolver(STANDARD).solve(hands, "D", 2, misere=True) == \
        solver.solve(deal, "D", 2, misere=True) == 6


@pytest.mark.parametrize("k", [6, 7, 8, 9, 10])
def test_partition_table_agrees_with_fast_solver_on_longer_endings(k):
    """The table's entries stand for every position with the same shape and
    owners of the relevant top cards: on endings long enough for entries to
    be reused across positions, a wrong relevant set would show here (one
    solver for all, so entries of one ending meet the next)."""
    _agrees_with_fast_solver(random.Random(100 + k), k, 0.5)


def test_a_full_table_forgets_its_shallow_entries_and_answers_the_same():
    """A table of 1,024 entries fills many times over on 8-card endings (it
    then forgets the entries nearest the end of play): every answer is still
    the fast core's."""
    rng = random.Random(32)
    g = GeneralSolver(STANDARD, table_bits=10)
    for i in range(10):
        hands = _random_ending(rng, STANDARD, 4, 8)
        deal = Deal([Hand(h) for h in hands])
        leader = rng.randrange(4)
        misere = i % 2 == 1
        assert g.solve(hands, "S", leader, misere=misere) == \
            solver.solve(deal, "S", leader, misere=misere), (hands, leader, misere)
    assert sum(s.prunes for s in g._searches.values()) > 0      # the table did fill


@pytest.mark.parametrize("layout", [COURTS, COURTS_MISERE], ids=lambda x: x.name)
def test_shared_sides_and_any_guess_give_the_plain_answers(layout):
    """``share_sides``: the other side's count is the rest of the tricks (misère
    too), and a guess, right or wrong, only changes the order of the tests."""
    rng = random.Random(7)
    plain, shared = GeneralSolver(layout), GeneralSolver(layout, share_sides=True)
    for _ in range(80):
        k = rng.randint(2, 5)
        hands = _random_ending(rng, layout, 4, k)
        trump = rng.choice(_trumps(layout))
        leader = rng.randrange(4)
        side = rng.choice([{0, 2}, {1, 3}])
        misere = rng.random() < 0.5
        want = plain.solve(hands, trump, leader, side=side, misere=misere)
        guess = rng.choice([None, 0, k, rng.randint(0, k), 99, -3])
        got = shared.solve(hands, trump, leader, side=side, misere=misere, guess=guess)
        assert got == want, (hands, trump, leader, side, misere, guess)


def test_shared_sides_bounds_are_the_sides_own():
    """A budget-stopped solve counted from the other side reports the asked
    side's bounds, and they hold."""
    deal = Deal.from_pbn("N:Q9.8743.K543.KJ8 AJ5.QT6.JT6.9752 7632.52.A982.Q63 "
                         "KT84.AKJ9.Q7.AT4")
    hands = [[c for c in deal[s]] for s in range(4)]
    exact = GeneralSolver(COURTS).solve(hands, "CT", 0, side={1, 3})
    got = GeneralSolver(COURTS, share_sides=True).solve(hands, "CT", 0, side={1, 3},
                                                        max_nodes=2000)
    assert isinstance(got, solver.Bounds) and got.lower <= exact <= got.upper


def test_a_guess_that_is_not_a_number_is_refused():
    with pytest.raises(PositionError, match="guess"):
        GeneralSolver(COURTS).solve([["SA"], ["S2"], ["S3"], ["S4"]], None, 0, guess="6")


def test_cancel_searches_stops_a_general_search():
    """``map_threads`` stops the workers' general searches on Ctrl-C with
    ``_general.cancel_searches`` (they run without the GIL)."""
    from solver import _general
    deal = Deal.from_pbn("N:Q9.8743.K543.KJ8 AJ5.QT6.JT6.9752 7632.52.A982.Q63 "
                         "KT84.AKJ9.Q7.AT4")
    hands = [[c for c in deal[s]] for s in range(4)]
    _general.cancel_searches()
    try:
        start = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            GeneralSolver(COURTS_MISERE).solve(hands, None, 0, misere=True)
        assert time.perf_counter() - start < 2
    finally:
        _general.clear_cancel()
    assert GeneralSolver(COURTS).solve([["SA"], ["S2"], ["S3"], ["S4"]], None, 0) == 0


def test_a_general_search_lets_other_threads_run():
    """The search runs without the GIL (Courts strains are solved on two
    threads): while one thread searches, this one is never held up for long.

    The worker repeats a capped search for at least 0.6 s, whatever
    the machine's speed, and times each search; had a search held the GIL,
    this thread would have waited as long as that search took."""
    import threading
    deal = Deal.from_pbn("N:Q9.8743.K543.KJ8 AJ5.QT6.JT6.9752 7632.52.A982.Q63 "
                         "KT84.AKJ9.Q7.AT4")
    hands = [[c for c in deal[s]] for s in range(4)]
    searches = []

    def search_for_a_while():
        begun = time.perf_counter()
        while time.perf_counter() - begun < 0.6:
            one = time.perf_counter()
            GeneralSolver(COURTS_MISERE).solve(hands, None, 0, misere=True,
                                               max_nodes=3_000_000)
            searches.append(time.perf_counter() - one)

    worker = threading.Thread(target=search_for_a_while)
    worker.start()
    last, gap = time.perf_counter(), 0.0
    while worker.is_alive():
        now = time.perf_counter()
        gap, last = max(gap, now - last), now
        time.sleep(0.001)
    worker.join()
    assert searches                                  # the worker searched...
    longest = max(searches)
    assert longest > 0.1                             # ...long enough to tell...
    assert gap < longest / 2                         # ...and never held this thread


@pytest.mark.slow
def test_misere_courts_endings_of_five_cards_agree_with_plain_minimax():
    """Misère Courts (the costly strains) on endings long enough for the
    misère cut-offs, the skipped low cards and the table to act: five suits
    of unequal length, a trump or none, each declarer's side as the
    semi-contract analysis solves it (one shared table, the partner's value
    the guess)."""
    rng = random.Random(28)
    g = GeneralSolver(COURTS_MISERE, share_sides=True)
    for _ in range(4):
        hands = _random_ending(rng, COURTS_MISERE, 4, 5)
        trump = rng.choice(_trumps(COURTS_MISERE))
        t = COURTS_MISERE.trump_index(trump)
        places = [[COURTS_MISERE.place[c] for c in h] for h in hands]
        guess = None
        for side in ({0, 2}, {1, 3}):
            leader = rng.randrange(4)
            want = minimax(places, t, leader, side, True)
            got = g.solve(hands, trump, leader, side=side, misere=True, guess=guess)
            assert got == want, (hands, trump, leader, side)
            guess = 5 - got


@pytest.mark.parametrize("k", [6, 7, 8, 9])
def test_misere_endings_agree_with_fast_solver(k):
    """Every ending misère, where the general search's misère bounds and
    ordering do all the work (one solver, so entries meet other endings):
    the fast core's answers."""
    _agrees_with_fast_solver(random.Random(280 + k), k, 1.0, endings=100)
