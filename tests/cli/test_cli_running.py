"""Running vint on real terminals (issue 12): terminals that cannot print the suit
symbols, ``vint --version``, and ``vint solve`` on a position."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from advisor.cli import EXAMPLE_DEAL, main, version
from helpers import DATA, child_env
from advisor.render import printable
from solver import solve_cards
from solver.cards import Deal

GAME = DATA / "vint_game.pbn"


def run_vint(args, encoding, cwd):
    """``python -m advisor.cli ARGS`` with stdout in ``encoding`` (as a terminal set so)."""
    env = child_env(dict(os.environ, PYTHONIOENCODING=encoding))
    return subprocess.run([sys.executable, "-m", "advisor.cli", *args], cwd=cwd, env=env,
                          capture_output=True, timeout=300)


@pytest.mark.parametrize("encoding", ["ascii", "cp1251"])
@pytest.mark.parametrize("args", [
    ["solve", EXAMPLE_DEAL],
    ["solve", EXAMPLE_DEAL, "--letters"],
    ["analyse", "--example"],
    ["analyse", "--example", "--letters"],
    ["advise", "--hand", "AKQ87.KJ4.A2.T93", "--seat", "N", "--samples", "4", "--seed", "1"],
    ["review", str(GAME), "--no-auction-review"],
])
def test_terminals_that_cannot_print_symbols_get_letters(args, encoding, tmp_path):
    proc = run_vint(args, encoding, tmp_path)
    assert proc.returncode == 0, proc.stderr.decode(encoding, "replace")
    out = proc.stdout.decode(encoding)
    assert "\ufffd" not in out and "?" * 3 not in out
    if args[0] in ("solve", "analyse"):
        assert "N " in out and " NT" in out          # the DD table, strains in letters
    if args[0] == "review":
        assert "DJ" in out and "H" in out


def test_printable_keeps_what_the_stream_prints_and_translates_the_rest():
    class Stream:
        def __init__(self, encoding):
            self.encoding = encoding
    text = "┏━━┓ ♠A ♥K │ 3 ± 2"
    assert printable(text, Stream("utf-8")) == text
    assert printable(text, Stream("ascii")) == "+--+ SA HK | 3 +/- 2"


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"vint {version()}"
    assert version()[0].isdigit()


def test_solve_a_position_prints_every_legal_cards_value(capsys):
    assert main(["solve", EXAMPLE_DEAL, "--trump", "H", "--leader", "E", "--letters"]) == 0
    out = capsys.readouterr().out
    values = solve_cards(Deal.from_pbn(EXAMPLE_DEAL), "H", "E")
    rows = {line.split()[0]: int(line.split()[1]) for line in out.splitlines()[1:]}
    assert rows == {str(c): v for c, v in values.items()}
    assert out.splitlines()[0].startswith("E to play")


def test_solve_a_position_after_cards_played_misere_and_lone(capsys):
    assert main(["solve", EXAMPLE_DEAL, "--trump", "H", "--leader", "E",
                 "--played", "DJ D3 D6 D2 SJ", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["on_move"], data["leader"], data["played"]) == ("S", "E", ["SJ"])
    remaining = Deal.from_pbn(data["deal"])
    assert data["cards"] == {str(c): v for c, v in
                             solve_cards(remaining, "H", "E", played=["SJ"]).items()}
    for option in (["--misere"], ["--lone", "N"]):
        assert main(["solve", EXAMPLE_DEAL, "--trump", "NT", "--leader", "E", "--json",
                     *option]) == 0
        data = json.loads(capsys.readouterr().out)
        kwargs = {"misere": True} if option == ["--misere"] else {"lone": "N"}
        assert data["cards"] == {str(c): v for c, v in solve_cards(
            Deal.from_pbn(EXAMPLE_DEAL), "NT", "E", **kwargs).items()}


def test_solve_a_position_needs_trump_and_leader(capsys):
    assert main(["solve", EXAMPLE_DEAL, "--trump", "H"]) == 2
    assert "needs --trump" in capsys.readouterr().err
    assert main(["solve", EXAMPLE_DEAL, "--trump", "H", "--leader", "E", "--played", "S4"]) == 2
    assert "E plays S4, a card not in that hand" in capsys.readouterr().err
