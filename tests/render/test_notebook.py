"""Notebook views (issue 12): short reprs and ``_repr_html_`` for the main results."""

from html.parser import HTMLParser

import advisor
import solver
from helpers import DATA

DEAL = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"
GAME = DATA / "vint_game.pbn"


class _Cells(HTMLParser):
    """The text of every table cell, and whether every opened tag was closed."""

    def __init__(self, html: str):
        super().__init__()
        self.cells, self.open, self._text = [], [], None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag not in ("br",):
            self.open.append(tag)
        if tag in ("td", "th"):
            self._text = ""

    def handle_endtag(self, tag):
        assert self.open and self.open.pop() == tag, f"</{tag}> closes nothing"
        if tag in ("td", "th"):
            self.cells.append(self._text.strip())
            self._text = None

    def handle_data(self, data):
        if self._text is not None:
            self._text += data


def test_a_deal_and_its_table_show_as_html():
    deal = solver.Deal.from_pbn(DEAL)
    page = _Cells(deal._repr_html_())
    assert not page.open
    assert any(c.startswith("N") and "AKQJ" in c for c in page.cells)    # North's hearts
    table = solver.dd_table(deal)
    cells = _Cells(table._repr_html_()).cells
    assert cells[:6] == ["declarer", "♠", "♥", "♦", "♣", "NT"]
    assert cells[6:12] == ["N"] + [str(table["N", s]) for s in ("S", "H", "D", "C", "NT")]
    part = _Cells(solver.dd_table(deal, strains="NT", declarers=["N", "S"])._repr_html_())
    assert part.cells == ["declarer", "NT", "N", "8", "S", "8"]


def test_a_recommendation_has_a_short_repr_and_an_html_view():
    rec = advisor.recommend("AKQ87.KJ4.A2.T93", seat="S", dealer="S", samples=6, seed=1,
                            workers=1)
    text = repr(rec)
    assert len(text) < 200 and text.startswith(f"<Recommendation {rec.call} for S")
    page = _Cells(rec._repr_html_())
    assert not page.open
    assert len(page.cells) == 4 * (len(rec.candidates) + 1)
    assert f"{rec.candidates[0].mean:+.0f}" in page.cells


def test_a_review_shows_as_its_report_section():
    rv = advisor.review(GAME, auction_review=False)[0]
    assert repr(rv).endswith("4H, 52 card(s), 2 costly>")
    page = rv._repr_html_()
    assert page.startswith('<section class="deal">') and 'class="mistake"' in page
    assert not _Cells(page).open
