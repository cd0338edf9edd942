"""The solver against DDS (through the ``endplay`` package) on fresh random deals.

Conventions of endplay 0.5 (read from its source and checked below on oracle
positions): ``Denom`` and ``Player`` are S H D C NT = 0..4 and N E S W = 0..3,
like ours; ``calc_dd_table(deal)[denom, player]`` is the tricks of ``player``
as declarer; ``solve_board`` scores each card with the tricks of the side on
move from the remaining tricks, the current one included (the same as
``solve_cards``); ``analyse_play`` counts the declarer's tricks (the leader's
right-hand opponent's side), tricks already won included, like ours.
"""

from __future__ import annotations

import random

import pytest

from helpers import oracle_row, solver_module, str_cards

endplay_types = pytest.importorskip("endplay.types")
endplay_dds = pytest.importorskip("endplay.dds")

SEATS = "NESW"
STRAINS = ("S", "H", "D", "C", "NT")
RANKS = "23456789TJQKA"


@pytest.fixture(scope="module", autouse=True)
def one_dds_thread():
    """DDS on one thread: the machine is shared and the answers do not depend on it."""
    try:
        from endplay import _dds

        _dds.SetMaxThreads(1)
    except (ImportError, AttributeError):  # pragma: no cover - other endplay versions
        pass


def ep_card_name(card) -> str:
    return "SHDC"[int(card.suit)] + card.rank.abbr


def ep_position(pbn: str, trump: str, leader: str, trick=()):
    """An endplay Deal for a position: hands, trump, leader and the current trick."""
    deal = endplay_types.Deal(pbn, first=endplay_types.Player.find(leader),
                              trump=endplay_types.Denom.find(trump))
    for card in trick:
        deal.play(card, from_hand=False)
    return deal


def ep_solve_cards(pbn, trump, leader, trick=()) -> dict:
    deal = ep_position(pbn, trump, leader, trick)
    return {ep_card_name(c): v for c, v in endplay_dds.solve_board(deal)}


def random_deal_pbn(rng: random.Random) -> str:
    deck = [s + r for s in "SHDC" for r in RANKS]
    rng.shuffle(deck)
    hands = []
    for i in range(4):
        cards = deck[13 * i:13 * (i + 1)]
        hands.append(".".join(
            "".join(sorted((c[1] for c in cards if c[0] == s), key=RANKS.index, reverse=True))
            for s in "SHDC"))
    return "N:" + " ".join(hands)


@pytest.mark.parametrize("index", range(5))
def test_endplay_conventions_on_oracle_positions(index):
    """Our reading of endplay (who is on move, whose tricks) reproduces the oracle."""
    row = oracle_row("positions.jsonl", index)
    got = ep_solve_cards(row["deal"], row["trump"], row["leader"], row["trick"])
    assert got == row["cards"]
    row = oracle_row("dd_tables.jsonl", index)
    table = endplay_dds.calc_dd_table(endplay_types.Deal(row["deal"]))
    for seat in SEATS:
        for strain in STRAINS:
            assert table[endplay_types.Denom.find(strain),
                         endplay_types.Player.find(seat)] == row["tricks"][seat][strain]


@pytest.mark.parametrize("seed", range(10))
def test_dd_table_vs_dds(seed):
    solver = solver_module()
    pbn = random_deal_pbn(random.Random(1000 + seed))
    ours = solver.dd_table(solver.Deal.from_pbn(pbn))
    theirs = endplay_dds.calc_dd_table(endplay_types.Deal(pbn))
    wrong = []
    for seat in SEATS:
        for strain in STRAINS:
            expected = theirs[endplay_types.Denom.find(strain), endplay_types.Player.find(seat)]
            got = ours[seat, strain]
            if got != expected:
                wrong.append(f"declarer {seat} in {strain}: DDS {expected}, got {got}")
    assert not wrong, f"deal {pbn}:\n  " + "\n  ".join(wrong)


def random_play(rng: random.Random, pbn: str, trump: str, leader: str, n_cards: int):
    """Play ``n_cards`` random legal cards from the start of a deal.
    Returns (pbn of the cards left, leader of the current trick, cards on it, all cards)."""
    deal = ep_position(pbn, trump, leader)
    played = []
    for _ in range(n_cards):
        card = rng.choice(deal.legal_moves())
        played.append(ep_card_name(card))
        deal.play(card)
    trick = [ep_card_name(c) for c in deal.curtrick]
    # Cards on the current trick are out of the hands already: that is our convention too.
    return deal.to_pbn(), SEATS[int(deal.first)], trick, played


def make_midplay_cases():
    rng = random.Random(4242)
    cases = []
    for n in range(30):
        pbn = random_deal_pbn(rng)
        trump = rng.choice(STRAINS)
        leader = rng.choice(SEATS)
        n_cards = rng.randrange(1, 45)
        cases.append(pytest.param(random_play(rng, pbn, trump, leader, n_cards)[:3] + (trump,),
                                  id=f"{n}-{n_cards}cards"))
    return cases


@pytest.mark.parametrize("position", make_midplay_cases())
def test_midplay_solve_cards_vs_dds(position):
    solver = solver_module()
    pbn, leader, trick, trump = position
    expected = ep_solve_cards(pbn, trump, leader, trick)
    args = (solver.Deal.from_pbn(pbn), trump, leader)
    played = [solver.Card.parse(c) for c in trick]
    got = str_cards(solver.solve_cards(*args, played=played))
    where = f"deal={pbn!r} trump={trump} leader={leader} trick={trick}"
    assert got == expected, f"solve_cards on {where}: DDS {expected}, got {got}"
    assert solver.solve(*args, played=played) == max(expected.values()), where


@pytest.mark.parametrize("seed", range(3))
def test_analyse_play_vs_dds(seed):
    solver = solver_module()
    rng = random.Random(99 + seed)
    pbn = random_deal_pbn(rng)
    trump, leader = rng.choice(STRAINS), rng.choice(SEATS)
    cards = random_play(rng, pbn, trump, leader, 10)[3]
    expected = list(endplay_dds.analyse_play(ep_position(pbn, trump, leader), cards))
    got = solver.analyse_play(solver.Deal.from_pbn(pbn), trump, leader,
                              [solver.Card.parse(c) for c in cards])
    assert list(got) == expected, (
        f"analyse_play deal={pbn!r} trump={trump} leader={leader} cards={cards}: "
        f"DDS {expected}, got {list(got)}")
