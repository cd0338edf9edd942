"""The HTML report: self-contained, and opened by a real (headless) browser."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

import advisor
from advisor.render import review_html
from helpers import DATA



@pytest.fixture(scope="module")
def page():
    reviews = advisor.review(DATA / "vint_game.pbn", auction_review=False)
    return review_html(reviews, title="Test <review>")


def test_page_is_self_contained(page):
    assert page.startswith("<!DOCTYPE html>") and "<style>" in page
    assert not re.search(r"https?://|\bsrc=|<link|<script|@import|url\(", page)
    assert "<title>Test &lt;review&gt;</title>" in page
    # The two costly cards are highlighted, with their cost in the cell's title.
    cells = re.findall(r'<td class="mistake" title="([^"]*)">', page)
    assert cells == ["loses 1 trick(s), 580 points; best: DA DK DQ",
                     "loses 2 trick(s), 660 points; best: CA"]


def test_the_dd_table_and_the_best_cards_are_on_the_page(page):
    import solver
    table = re.search(r'<table class="grid dd">(.*?)</table>', page).group(1)
    rows = re.findall(r"<tr><td>([NESW])</td>((?:<td>\d+</td>)+)</tr>", table)
    # Vint's order, lowest first: spades, clubs, diamonds, hearts, no-trumps.
    dd = solver.dd_table(advisor.records.read_games(DATA / "vint_game.pbn")[0].deal)
    assert [(seat, re.findall(r"\d+", cells)) for seat, cells in rows] == \
        [(seat, [str(dd[seat, s]) for s in ("S", "C", "D", "H", "NT")]) for seat in "NESW"]
    best = re.findall(r'<span class="best">best (.*?)</span></td>', page)
    assert [re.sub(r"<[^>]+>|&\w+;", "", b) for b in best] == ["A K Q", "A"]


def test_errors_are_listed():
    good = (DATA / "vint_game.pbn").read_text(encoding="utf-8")
    bad = good.replace('[Dealer "N"]', '[Dealer "X"]').split("\n\n", 1)[1]
    reviews = advisor.review(good + "\n" + bad, auction_review=False, format="pbn")
    page = review_html(reviews)
    assert page.count('<section class="deal">') == 1
    assert re.search(r'<li class="error">&lt;text&gt;, line \d+: unknown dealer', page)


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def test_browser_renders_the_report(page, tmp_path):
    browser = _chromium()
    if browser is None:
        pytest.skip("no chromium installed (apt-get install chromium)")
    html = tmp_path / "report.html"
    html.write_text(page, encoding="utf-8")
    shot = tmp_path / "report.png"
    flags = [browser, "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}"]
    try:
        dom = subprocess.run(flags + ["--dump-dom", html.as_uri()], capture_output=True,
                             text=True, timeout=90, check=True).stdout
        subprocess.run(flags + [f"--screenshot={shot}", "--window-size=900,1600", html.as_uri()],
                       capture_output=True, timeout=90, check=True)
    except subprocess.TimeoutExpired:
        pytest.fail("chromium did not finish within 90 s")
    # The browser parsed the page into the same structure: 13 trick rows plus a header,
    # two highlighted cards, the diagram and the totals.
    tricks = re.search(r'<table class="grid tricks">(.*?)</table>', dom, re.S).group(1)
    assert tricks.count("<tr>") == 14
    assert len(re.findall(r'<td class="mistake"', dom)) == 2
    assert re.search(r'<td class="mistake" title="[^"]*">\s*<span class="black">♣</span>3 −2',
                     dom)
    assert "<b>N (dealer)</b>" in dom
    assert shot.stat().st_size > 10_000 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_auction_comments_are_shown():
    from types import SimpleNamespace

    def recommend(hand, *, seat, dealer, auction, rules, samples, seed):
        best = "2H" if len(auction) == 2 else "P" if auction else "1H"
        return SimpleNamespace(call=best, candidates=[SimpleNamespace(call=best, mean=10.0)])

    reviews = advisor.review(DATA / "vint_game.pbn", recommend=recommend)
    page = review_html(reviews)
    # 2D (E) and 3H (S) differ from the advice, and so does N's 4H; passes agree.
    assert page.count('class="call disagree"') == 3
    assert '<td class="call disagree" title="advisor: 2H">3<span class="red">&hearts;</span>' \
        in page
    assert re.findall(r"<li>(\d+)\. ([NESW]) ", page) == [("2", "E"), ("3", "S"), ("5", "N")]
