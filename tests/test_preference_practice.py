"""Preference practice (issue 29): the text's deal order, the auction with the
advisor at the other two seats, the pool, the command line and the web API."""

import subprocess
import sys

import pytest

from advisor.preference_practice import PreferencePractice, deal_board
from advisor.rules.preference import PreferenceError
from helpers import child_env
from solver.general import PIQUET


class _Unshuffled:
    """A "random" source that leaves the pack in order (the test reads the deal)."""

    def shuffle(self, pack):
        pass


def test_the_deal_goes_three_widow_four_three_from_the_dealers_left():
    # "Three cards are given to each player the first round, then two are laid
    # off for a widow, then four to each player, and then three to each."
    pack = list(PIQUET.deck)
    top = pack[::-1]                                # deal_board takes from the top
    deal = deal_board(_Unshuffled(), dealer=2)      # player 0 is on the dealer's left
    assert deal.hands[0][:3] == tuple(top[0:3]) and deal.hands[1][:3] == tuple(top[3:6])
    assert deal.hands[2][:3] == tuple(top[6:9])
    assert deal.widow == tuple(top[9:11])
    assert deal.hands[0][3:7] == tuple(top[11:15]) and deal.hands[2][7:] == tuple(top[29:32])
    assert deal_board(_Unshuffled(), dealer=0).hands[1][:3] == tuple(top[0:3])


def test_a_board_is_bid_scored_and_paid_through_the_pool():
    p = PreferencePractice(0, seed=3)
    for _ in range(3):
        while p.to_call == 0:
            legal = p.legal_calls()
            hint = p.hint()
            assert hint.call in legal or hint.call.startswith("W")
            p.call(hint.call)
        r = p.board.result
        assert r is not None
        if r["contract"] is not None:
            assert 0 <= r["tricks"] <= 10 and r["items"]
        p.new_board()
    balance = p.pool.balance
    assert sum(balance.values()) + p.pool.pool == 0          # every counter accounted for
    assert [b.dealer for b in p.boards[:3]] == [2, 0, 1]     # the deal passes to the left


def test_bad_calls_are_refused_and_undo_takes_back():
    p = PreferencePractice(0, seed=3)
    assert p.to_call == 0
    with pytest.raises(PreferenceError, match="first round"):
        p.call("W1")
    with pytest.raises(PreferenceError, match="no call of yours"):
        p.undo()
    with pytest.raises(PreferenceError, match="0, 1 or 2"):
        PreferencePractice(3)


def test_vint_practice_rules_preference_from_a_pipe(tmp_path):
    save = tmp_path / "pref.json"
    proc = subprocess.run(
        [sys.executable, "-m", "advisor.cli", "practice", "--rules", "preference", "--seed", "3",
         "--boards", "2", "--save", str(save)],
        input="hint\nfoo\n" + "P\n" * 20 + "quit\n", capture_output=True, text=True,
        timeout=600, cwd=tmp_path, env=child_env())
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Preference practice: you are player 0" in out and "the advisor would call" in out
    assert "first round: pass or name a suit" in out               # "foo" refused
    assert out.count("Pool: ") == 2 and "saved 2 board(s)" in out
    assert save.read_text(encoding="utf-8").startswith("[")


# --------------------------------------------------------------------------
# The four-player form (seed 001: "If four persons play, the dealer takes no cards")

def test_four_players_the_dealer_takes_no_cards_and_the_deal_passes_left():
    p = PreferencePractice(0, seed=5, persons=4)
    sat_out = []
    start = dict(p.pool.balance)                       # before board 1's payments
    for number in range(1, 9):
        b = p.board
        assert b.number == number and b.sitter == (number + 2) % 4   # board 1: person 3 deals
        # The three others hold the cards, from the dealer's left, dealt 3-widow-4-3.
        assert b.persons == tuple((b.sitter + k) % 4 for k in (1, 2, 3))
        assert all(len(h) == 10 for h in b.deal.hands) and len(b.deal.widow) == 2
        state = p.state()
        assert state["dealer"] == b.sitter and state["sitting_out"] == b.sitter
        if b.sitter == 0:
            # The player deals: he holds no cards and never calls; the computer
            # calls for the three others and the board ends by itself.
            assert p.me is None and state["hand"] == [] and b.finished
            assert not any(c["mine"] for c in b.calls)
        while not b.finished:
            assert p.to_call == 0 and p.to_call in b.persons
            p.call(p.hint().call)
        callers = {c["player"] for c in b.calls}
        assert b.sitter not in callers and callers <= set(b.persons)
        # Only the declarer pays or is paid: the dealer who sat out, never.
        moved = {q for q in range(4) if p.pool.balance[q] != start[q]}
        assert b.sitter not in moved
        if b.result["contract"] is not None:
            assert b.result["declarer"] in b.persons and moved <= {b.result["declarer"]}
        else:
            assert not moved
        hands = p.state()["hands"]
        assert hands[b.sitter] is None and sum(h is not None for h in hands) == 3
        sat_out.append(b.sitter)
        start = dict(p.pool.balance)
        p.new_board()
    assert sat_out == [3, 0, 1, 2, 3, 0, 1, 2]       # each sits out one deal in four
    # Four antes; every counter is in the pool or a balance.
    assert len(p.pool.balance) == 4 and sum(p.pool.balance.values()) + p.pool.pool == 0


def test_the_four_player_pool_pays_only_the_declarer():
    from advisor.rules.preference import PreferencePool
    pool = PreferencePool(10, persons=4)
    assert pool.pool == 40 and pool.balance == {0: -10, 1: -10, 2: -10, 3: -10}
    s = pool.record(3, "H", 7, widow_bid=2)             # person 3 declares
    assert s.from_pool == {3: 28} and pool.balance[3] == -10 - 2 + 28
    assert pool.balance[0] == pool.balance[1] == pool.balance[2] == -10
    with pytest.raises(PreferenceError, match="0, 1, 2 or 3"):
        pool.record(4, "H", 7)
    with pytest.raises(PreferenceError, match="0, 1 or 2"):
        PreferencePool(10).record(3, "H", 7)
    with pytest.raises(PreferenceError, match="three or four"):
        PreferencePool(10, persons=5)
    with pytest.raises(PreferenceError, match="0, 1, 2 or 3"):
        PreferencePractice(4, persons=4)


def test_vint_practice_preference_players_4_from_a_pipe(tmp_path):
    save = tmp_path / "pref4.json"
    proc = subprocess.run(
        [sys.executable, "-m", "advisor.cli", "practice", "--rules", "preference",
         "--players", "4", "--seat", "3", "--seed", "3", "--boards", "4", "--save", str(save)],
        input="P\n" * 20 + "quit\n", capture_output=True, text=True, timeout=600,
        cwd=tmp_path, env=child_env())
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "you are player 3 of four; the dealer takes no cards" in out
    # Board 1: player 3 (you) deals and sits out; then 0, 1, 2 deal.
    assert "Board 1, player 3 deals and takes no cards: you sit this deal out" in out
    for number, dealer in ((2, 0), (3, 1), (4, 2)):
        assert f"Board {number}, player {dealer} deals and takes no cards. Your hand" in out
    assert out.count("Pool: ") == 4 and "player 3 " in out.split("Pool: ")[1]
    assert out.count(": deals, no cards") == 4
    import json
    boards = json.loads(save.read_text(encoding="utf-8"))
    assert [b["dealer"] for b in boards] == [3, 0, 1, 2]
    assert [b["players"] for b in boards][0] == [0, 1, 2]
    for argv, words in ((["--players", "4"], "--rules preference"),
                        (["--rules", "preference", "--seat", "3"], "0, 1 or 2")):
        bad = subprocess.run([sys.executable, "-m", "advisor.cli", "practice", *argv, "--save",
                              str(tmp_path / "x.json")], input="", capture_output=True,
                             text=True, timeout=120, cwd=tmp_path, env=child_env())
        assert bad.returncode == 2 and words in bad.stderr
