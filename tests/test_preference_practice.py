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
