"""Progress inside long work (issue 28): semi-contract's Courts and misère
strains (8-25 s) and a review's deal (its calls, its cards) show where they
are on a terminal's stderr, and nothing of it reaches piped output."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from advisor.analysis import analyse_courts
from helpers import DATA, child_env
from solver.cards import Deal

EXAMPLE = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"

pty = pytest.importorskip("pty")


def _run_on_a_terminal(argv, tmp_path):
    """``vint ARGV`` with stderr on a pseudo-terminal and stdout on a file:
    ``(stdout, what the terminal received)``."""
    master, slave = pty.openpty()
    with open(tmp_path / "stdout.txt", "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "advisor.cli", *argv], stdout=out,
                                stderr=slave, stdin=subprocess.DEVNULL, cwd=tmp_path,
                                env=child_env())
        os.close(slave)
        received = []
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:                 # the child closed the terminal
                break
            if not data:
                break
            received.append(data)
        assert proc.wait(timeout=600) == 0
    os.close(master)
    return ((tmp_path / "stdout.txt").read_text(encoding="utf-8"),
            b"".join(received).decode("utf-8", "replace"))


def test_courts_progress_is_called_for_each_strain_and_declarer():
    seen = []
    rows = analyse_courts(Deal.from_pbn(EXAMPLE), max_nodes=200,
                          progress=lambda done, total, label: seen.append((done, total, label)))
    total = 4 * len(rows)
    assert [s[0] for s in seen] == list(range(total + 1)) and {s[1] for s in seen} == {total}
    # two threads solve strains at once (the misère Courts first): each
    # strain's declarer is announced once, in the order they start
    assert sorted(s[2] for s in seen[:-1]) == sorted(f"{r.strain} by {seat}" for r in rows
                                                     for seat in "NESW")
    assert seen[-1][2] == "done"


def test_semi_contract_analysis_shows_progress_on_a_terminal_only(tmp_path):
    out, terminal = _run_on_a_terminal(["analyse", "--rules", "semi-contract",
                                        "--max-nodes", "3000"], tmp_path)
    assert "Courts and misère:" in terminal and " by " in terminal
    assert "Courts and misère:" not in out and "\x1b" not in out
    assert "Double-dummy tricks" in out


def test_a_review_shows_its_deals_calls_on_a_terminal_only(tmp_path):
    out, terminal = _run_on_a_terminal(["review", "--samples", "2", "--card-samples", "2",
                                        str(DATA / "vint_game.pbn")], tmp_path)
    assert "reviewing deal 1 of 1: call " in terminal
    assert "reviewing" not in out and "\x1b" not in out and "Auction" in out
