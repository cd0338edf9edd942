"""One notation everywhere (advisor/render/notation.py, issue 28): the same deal
rendered by every output lists its strains in one order (S H D C NT) and
writes its cards one way (suit, then rank, ten as 10)."""

import re

import pytest

import advisor
import solver
from advisor.cli import main
from advisor.render import analysis_text, review_html, review_text
from advisor.render.notation import card_text, display_strains, rank_order_line
from helpers import DATA, REPO

DEAL = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"
ORDER = ["S", "H", "D", "C", "NT"]
SYMBOL_ORDER = ["♠", "♥", "♦", "♣", "NT"]


def _header(text: str):
    """The strain columns of the first DD table in ``text``."""
    return next(line.split()[1:] for line in text.splitlines()
                if line.split()[:1] == ["declarer"])


@pytest.fixture(scope="module")
def table():
    return solver.dd_table(DEAL)


@pytest.fixture(scope="module")
def game_review():
    return advisor.review(DATA / "vint_game.pbn", auction_review=False)[0]


def test_every_output_lists_the_strains_in_one_order(capsys, table, game_review):
    # print(table): the solver's own order.
    assert str(table).splitlines()[0].split() == ORDER
    # vint solve, letters and symbols.
    assert main(["solve", DEAL, "--letters"]) == 0
    assert _header(capsys.readouterr().out) == ORDER
    # vint analyse: the DD table and the score grid, in every game.
    for rules in ("vint", "skruuvi", "vint-siberian", "semi-contract"):
        a = advisor.analyse_table(DEAL, table, rules=rules)
        text = analysis_text(a, symbols=True, use_rich=False)
        assert _header(text) == SYMBOL_ORDER, rules
        grid = next(line.split() for line in text.splitlines() if line.split()[:1] == ["level"])
        suits = list(dict.fromkeys(grid[1::2]))
        assert suits[:4] == SYMBOL_ORDER[:4], rules
    # The HTML review's DD table.
    page = review_html([game_review])
    dd = page[page.index('class="grid dd"'):]
    heads = re.findall(r"<th>(.*?)</th>", dd[:dd.index("</tr>")])[1:]
    assert [re.sub(r"<[^>]+>", "", h) for h in heads] == \
        [solver.cards.HTML_SUIT_SYMBOLS[s] for s in "SHDC"] + ["NT"]
    # The web page's DD table and score grid.
    js = (REPO / "advisor" / "web" / "static" / "app.js").read_text(encoding="utf-8")
    assert 'const STRAIN_ORDER = ["S", "H", "D", "C", "NT"];' in js
    assert 'const strains = ["S", "H", "D", "C", "NT"];' in js            # ddTableNode
    assert "displayStrains([...new Set(a.contracts" in js                  # scoreGridNode


def test_a_games_bid_rank_is_a_labelled_line(table):
    a = advisor.analyse_table(DEAL, table, rules="vint")
    assert "Bid rank in vint, lowest first: ♠ ♣ ♦ ♥ NT" in analysis_text(a, use_rich=False)
    assert rank_order_line("vint", ["S", "C", "D", "H", "NT"], False) == \
        "Bid rank in vint, lowest first: S C D H NT"


def test_display_order_puts_a_games_own_strains_after_the_suits():
    assert display_strains(["S", "C", "D", "H", "NT"]) == ORDER
    assert display_strains(["M", "S", "C", "D", "H", "G"]) == ["S", "H", "D", "C", "G", "M"]
    assert display_strains([solver.Strain.NT, solver.Strain.C, solver.Strain.S]) == \
        [solver.Strain.S, solver.Strain.C, solver.Strain.NT]


def test_cards_are_written_one_way_in_an_output(game_review):
    assert card_text("HT", True) == "♥10" and card_text("HT", False) == "H10"
    assert card_text("SJ", True) == "♠J" and card_text("NT", True) == "NT"
    for symbols in (True, False):
        text = review_text(game_review, symbols=symbols)
        # The diagram and the tricks both write the ten as 10, never T.
        assert "J109" in text and not re.search(r"\bJT9\b", text)
        assert not re.search(r"(?<![A-Z])[SHDC]T\b", text)
        if symbols:
            assert "♦10" in text and not re.search(r"\b[SHDC](?:[2-9]|10|[AKQJ])\b", text)
            # Contracts too: the contract line and the par sentence.
            assert "Contract 4♥ by N" in text and "Par: " in text
            par = next(line for line in text.splitlines() if line.startswith("Par: "))
            assert not re.search(r"\b[1-7][SHDC]\b", par)
        else:
            assert "D10" in text and "Contract 4H by N" in text


def test_courts_rows_and_practice_help_explain_the_games_own_strains():
    from advisor.game import rule_set
    from advisor.practice_cli import HELP, strain_help
    from advisor.render.text import COURTS_LEGEND, courts_text
    text = courts_text([])
    assert all(line in text for line in COURTS_LEGEND)
    assert "CT Courts" in text and "MCTNT" in text
    assert strain_help(rule_set("vint")) == ""
    skruuvi = strain_help(rule_set("skruuvi"))
    assert "G        grand: Skruuvi's no-trumps" in skruuvi and "M        misère (5M)" in skruuvi
    assert "CT       Courts" in strain_help(rule_set("semi-contract"))
    assert HELP.startswith("In the auction type a call")
