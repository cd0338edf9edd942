"""The text output fits the terminal (issue 28: lines of 97-115 columns in an
80-column terminal). With ``COLUMNS=80`` every line of the main commands'
text is at most 80 characters: long sentences are wrapped, too-wide tables
split into column groups (advisor/render/width.py); without a width (a pipe)
the lines stay whole."""

from __future__ import annotations

import io
import sys

import pytest

from advisor.cli import main
from advisor.render.text import render_table
from advisor.render.width import fit_lines
from helpers import DATA, played_file

WIDTH = 80

#: The commands run (``@name``: a file of shared/played), each on a built-in
#: example or a real played file.
COMMANDS = [
    ["analyse"],
    ["analyse", "--rules", "skruuvi"],
    ["analyse", "--rules", "vint-siberian"],
    ["analyse", "--rules", "preference"],
    ["analyse", "@ben__BBO_Forums_Sunday_Daylong_Daylong.pbn"],
    ["advise", "--hand", "AKQ87.KJ4.A2.T93", "--seat", "N", "--samples", "12", "--seed", "1"],
    ["advise", "--rules", "preference", "--hand", "AKQJ.AKQJ.7.7", "--seat", "0",
     "--samples", "8"],
    ["review", "--samples", "2", "--card-samples", "2", str(DATA / "vint_game.pbn")],
    ["review", "--play-only", "--no-auction-review", "@ben__cold_6d.pbn"],
]


def _long_lines(text: str, width: int = WIDTH):
    return [line for line in text.splitlines() if len(line) > width]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_main_commands_fit_80_columns(argv, monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    # "@name": a file of shared/played
    argv = [str(played_file(a[1:])) if a.startswith("@") else a for a in argv]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.strip() and _long_lines(out) == []


def test_practice_fits_80_columns(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    monkeypatch.setattr(sys, "stdin", io.StringIO("hint\npo\nsheet\npo\nquit\n"))
    assert main(["practice", "--seed", "5", "--no-play", "--save",
                 str(tmp_path / "s.pbn")]) == 0
    out = capsys.readouterr().out
    assert "Score sheet:" in out and _long_lines(out) == []


def test_without_a_width_the_lines_stay_whole(capsys):
    """A pipe with no COLUMNS: scripts get each sentence on one line."""
    assert main(["analyse"]) == 0
    out = capsys.readouterr().out
    assert _long_lines(out)
    assert any(line.startswith("Deal N:AK32.AKQJ.T2.A32") and "dealer: N" in line
               for line in out.splitlines())


def test_a_wide_table_is_split_into_column_groups_that_keep_their_pairs():
    headers = ["level"] + [f"{s} {side}" for s in "SHDCN" for side in ("NS", "EW")]
    rows = [[str(level)] + [f"+{level * 10000 + k}" for k in range(10)] for level in (1, 2)]
    for use_rich in (True, False):
        whole = render_table("T", headers, rows, use_rich=use_rich)
        assert max(len(line) for line in whole.splitlines()) > 60
        split = render_table("T", headers, rows, use_rich=use_rich, width=60, group=2)
        assert _long_lines(split, 60) == []
        assert split.splitlines()[0] == "T" and "T (continued)" in split
        # every cell is still there, each pair of columns in one part
        for cell in [h for h in headers[1:]] + [c for r in rows for c in r[1:]]:
            assert cell in split
        parts = split.split("T (continued)")
        for part in parts:
            sides = [h for h in headers[1:] if h in part]
            assert len(sides) % 2 == 0 and "level" in part


def test_fit_lines_wraps_at_spaces_and_indents_the_rest():
    text = "  " + " ".join(["word"] * 30) + "\nshort\n" + "─" * 90
    lines = fit_lines(text, 40).splitlines()
    assert all(len(line) <= 40 for line in lines[:-1]) and lines[-1] == "─" * 90
    assert lines[0].startswith("  word") and lines[1].startswith("    word")
    assert "short" in lines and fit_lines(text, None) == text
