"""advisor.render.text: the deal diagram and tables, with rich and in plain text."""

import pytest

from advisor.analysis import analyse_table
from advisor.render import dd_table_text, deal_diagram, render_table, score_grid_text
from solver.cards import Deal

DEAL = Deal.from_pbn("N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765")
NS = {"S": 7, "H": 9, "D": 4, "C": 7, "NT": 7}
EW = {"S": 4, "H": 3, "D": 9, "C": 4, "NT": 4}


def test_the_diagram_puts_north_on_top_and_west_left_of_east():
    lines = deal_diagram(DEAL, dealer="W").splitlines()
    assert lines[0].strip() == "N" and lines[1].strip() == "♠ AK32"
    assert lines[5].split() == ["W", "(dealer)", "E"]
    assert lines[6].split() == ["♠", "876", "♠", "JT9"]
    assert lines[10].strip() == "S" and lines[-1].strip() == "♣ KQJ4"
    assert "♠" not in deal_diagram(DEAL, symbols=False)


@pytest.mark.parametrize("use_rich", [True, False])
def test_tables_with_and_without_rich(use_rich):
    a = analyse_table(DEAL, {"N": NS, "S": NS, "E": EW, "W": EW})
    text = dd_table_text(a.table, symbols=False, use_rich=use_rich)
    rows = {line.split()[0]: line.split()[1:] for line in text.splitlines()[1:]
            if line.split() and line.split()[0] in "NESW"}
    assert rows["N"] == ["7", "9", "4", "7", "7"] and rows["E"] == ["4", "3", "9", "4", "4"]
    grid = score_grid_text(a, symbols=False, use_rich=use_rich)
    four = next(line.split() for line in grid.splitlines() if line.split()[:1] == ["4"])
    assert four[6] == "+1810*"          # 4D by EW, the par, in the D EW column
    three = next(line.split() for line in grid.splitlines() if line.split()[:1] == ["3"])
    assert three[7] == "+1950"          # 3H by NS


def test_plain_table_aligns_numbers_right():
    text = render_table("t", ["x", "n"], [["a", 5], ["b", 123]], use_rich=False)
    assert text.splitlines()[3:] == ["a    5", "b  123"]


@pytest.mark.parametrize("rules", ["vint", "skruuvi"])
def test_an_analysis_lists_strains_in_one_order(rules):
    # The DD table and the score grid both follow the game's order, lowest first
    # (Vint: S C D H NT); Skruuvi's G is said to be its no-trumps.
    from advisor.render import analysis_text
    a = analyse_table(DEAL, {"N": NS, "S": NS, "E": EW, "W": EW}, rules=rules)
    text = analysis_text(a, symbols=False, use_rich=False)
    lines = text.splitlines()
    header = next(line.split() for line in lines if line.split()[:1] == ["declarer"])
    assert header == ["declarer", "S", "C", "D", "H", "NT"]
    north = next(line.split() for line in lines if line.split()[:1] == ["N"] and
                 len(line.split()) == 6)
    assert north[1:] == [str(NS[s]) for s in ("S", "C", "D", "H", "NT")]
    grid = next(line.split() for line in lines if line.split()[:1] == ["level"])
    assert list(dict.fromkeys(grid[1::2])) == (["S", "C", "D", "H", "NT"] if rules == "vint"
                                                else ["S", "C", "D", "H", "G"])
    assert ("G is grand" in text) == (rules == "skruuvi")
