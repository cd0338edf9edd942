"""The web page in a real browser: headless Chromium driven through the page as a player would.

The page and the browser are tests/web/conftest.py's fixtures (skipped where
Chromium, its driver or selenium is missing).
"""

from __future__ import annotations

import re
import time

import pytest

import solver
from advisor.render import card_text
from helpers import DATA
from helpers.browser import severe_errors, tab, wait_for

# A Skruuvi deal whose misère searches with the aces take many seconds each.
SLOW_SKRUUVI = "N:KJ.A7.AQ3.AKQJ63 A64.T9863.T8742. T9872.KQ2.KJ6.85 Q53.J54.95.T9742"
DEAL = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"
OTHER = "N:A2.AKQJ5.K32.432 KQJ3.2.AQJT9.765 T98.T9876.54.AKQ 7654.43.876.JT98"


def test_a_player_uses_the_page(server, browser, tmp_path):
    from selenium.webdriver.common.by import By

    browser.get(server + "/")
    # Enter a deal and read its double-dummy table.
    field = browser.find_element(By.ID, "analyse-deal")
    field.clear()
    field.send_keys(OTHER)
    browser.find_element(By.ID, "analyse-go").click()
    table = wait_for(browser, "#analyse-result table.dd")
    rows = [r.text.split() for r in table.find_elements(By.TAG_NAME, "tr")[1:]]
    expected = solver.dd_table(OTHER)
    assert rows == [[seat] + [str(expected[seat, s]) for s in ("S", "H", "D", "C", "NT")]
                    for seat in "NESW"]
    result = browser.find_element(By.ID, "analyse-result").text
    assert "Par:" in result
    # One notation (issue 28): the par sentence's contracts in symbols too, and
    # the game's bid rank as a labelled line.
    assert not re.search(r"\b[1-7][SHDC]\b", result)
    assert "Bid rank in vint, lowest first: \u2660 \u2663 \u2666 \u2665 NT" in result
    browser.save_screenshot(str(tmp_path / "analyse.png"))

    # Play the first card: the best cards are marked with the declaring side's tricks.
    tab(browser, "play")
    assert browser.find_element(By.ID, "play-deal").get_attribute("value") == OTHER
    browser.find_element(By.ID, "play-start").click()
    best = wait_for(browser, "#play-result button.card.best")
    card = best.get_attribute("data-card")
    best.click()
    wait_for(browser, "#play-result .trick .face")
    # The played list writes cards as the hands do (render.notation): "♠J", "♥10".
    assert f"Played: {card_text(card, True)}" in browser.find_element(By.ID, "play-result").text

    # Ask for advice.
    tab(browser, "advise")
    samples = browser.find_element(By.ID, "advise-samples")
    samples.clear()
    samples.send_keys("12")
    browser.find_element(By.ID, "advise-go").click()
    call = wait_for(browser, "#advise-result .call-big")
    assert call.text.strip()
    assert browser.find_elements(By.CSS_SELECTOR, "#advise-result table.grid tr")

    # Load a review.
    tab(browser, "review")
    browser.find_element(By.ID, "review-file").send_keys(str(DATA / "vint_game.pbn"))
    browser.find_element(By.ID, "review-go").click()
    frame = wait_for(browser, "#review-result iframe.report")
    assert "1 deal(s) reviewed" in browser.find_element(By.ID, "review-result").text
    assert 'class="mistake"' in frame.get_attribute("srcdoc")
    shot = tmp_path / "review.png"
    browser.save_screenshot(str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000

    assert severe_errors(browser) == []


def _attached(element) -> bool:
    from selenium.common.exceptions import StaleElementReferenceException
    try:
        element.is_displayed()
        return True
    except StaleElementReferenceException:
        return False


@pytest.mark.slow
def test_a_skruuvi_analysis_shows_misere_with_its_aces(server, browser):
    # The grid shows each side's better declarer as the analysis chose it (a
    # misère's is the one taking fewer tricks, or with the aces the better
    # score); the all-pass misère and the notes are printed under it.
    import advisor
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    browser.get(server + "/")
    wait_for(browser, "#rules option")
    aces = browser.find_element(By.ID, "analyse-aces")
    assert not aces.is_displayed()              # Vint, the default game: no misère aces
    Select(browser.find_element(By.ID, "rules")).select_by_value("skruuvi")
    assert aces.is_displayed()
    field = browser.find_element(By.ID, "analyse-deal")
    field.clear()
    field.send_keys(DEAL)
    browser.find_element(By.ID, "analyse-aces").send_keys("60")
    browser.find_element(By.ID, "analyse-go").click()
    grid = wait_for(browser, "#analyse-result table.scores")
    header = grid.find_elements(By.TAG_NAME, "tr")[0].text.split()
    expected = advisor.analyse(DEAL, rules="skruuvi", dealer="N", aces_seconds=60)
    rows = {r.text.split()[0]: r.text.split()[1:] for r in grid.find_elements(By.TAG_NAME, "tr")[1:]}
    # Columns S H D C, then Skruuvi's own strains (render.notation): misère
    # is the last pair of columns.
    assert header[1:9:4] == ["\u2660", "\u2665"] and header[-4:] == ["M", "NS", "M", "EW"]
    for level in "567":
        for k, side in enumerate(("NS", "EW")):
            score = expected.side_outcome(level + "M", side).score
            assert rows[level][k - 2] == f"{score:+d}"
    text = browser.find_element(By.ID, "analyse-result").text
    assert f"NS {expected.all_pass.score:+d} with the aces" in text
    assert "Note: misère scores include the ace penalties" in text

    # Without the aces, on a deal where East would take 10 tricks in misère
    # and West 7: EW's entry is West's (the page once took the one with more).
    lopsided = "N:AKQ82.AKT98763.. ..T98654.KJ98653 97543.542.J32.T7 JT6.QJ.AKQ7.AQ42"
    expected = advisor.analyse(lopsided, rules="skruuvi", dealer="N")
    assert expected.side_outcome("5M", "EW").declarer == "W"
    assert expected.outcomes["5M"]["E"].score != expected.outcomes["5M"]["W"].score
    aces.clear()
    field.clear()
    field.send_keys(lopsided)
    old_grid = grid
    browser.find_element(By.ID, "analyse-go").click()
    WebDriverWait(browser, 120).until(lambda d: not _attached(old_grid))
    grid = wait_for(browser, "#analyse-result table.scores")
    rows = {r.text.split()[0]: r.text.split()[1:] for r in grid.find_elements(By.TAG_NAME, "tr")[1:]}
    assert rows["5"][-2:] == [f"{expected.side_outcome('5M', side).score:+d}"
                             for side in ("NS", "EW")]


def test_a_misere_search_past_its_budget_shows_as_an_estimate(server, browser, monkeypatch):
    # The page analyses with the misère trick searches' node budget; a search
    # stopped by it leaves an estimate, marked "about" and "~" as the CLI does.
    import functools

    import advisor
    from advisor.web import app as web_app
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    monkeypatch.setattr(web_app, "analyse", functools.partial(advisor.analyse, misere_nodes=200))
    browser.get(server + "/")
    wait_for(browser, "#rules option")
    Select(browser.find_element(By.ID, "rules")).select_by_value("skruuvi")
    field = browser.find_element(By.ID, "analyse-deal")
    field.clear()
    field.send_keys(DEAL)
    browser.find_element(By.ID, "analyse-go").click()
    grid = wait_for(browser, "#analyse-result table.scores")
    expected = advisor.analyse(DEAL, rules="skruuvi", dealer="N", misere_nodes=200)
    low, high = expected.all_pass.proved
    text = browser.find_element(By.ID, "analyse-result").text
    assert f"NS take about {expected.all_pass.tricks} ({low}-{high} proved)" in text
    assert "ran past the budget of 200 nodes" in text
    rows = {r.text.split()[0]: r.text.split()[1:] for r in grid.find_elements(By.TAG_NAME, "tr")[1:]}
    rough = expected.side_outcome("5M", "NS")
    assert rough.proved and rows["5"][-2] == f"~{rough.score:+d}"
    assert not rows["5"][0].startswith("~")     # spades: the DD table's, exact
    assert not severe_errors(browser)


@pytest.mark.slow
def test_a_player_practises_bidding(server, browser, tmp_path):
    from selenium.webdriver.common.by import By

    browser.get(server + "/")
    tab(browser, "practice")
    seed = browser.find_element(By.ID, "practice-seed")
    seed.clear()
    seed.send_keys("1")
    browser.find_element(By.ID, "practice-new").click()
    wait_for(browser, "#practice-result .bidbox button[data-call=P]")
    assert "you are S" in browser.find_element(By.ID, "practice-result").text
    # The hint names a call and its reason.
    hint_button = next(b for b in browser.find_elements(By.CSS_SELECTOR, "#practice-result button")
                       if b.text == "Hint")
    hint_button.click()
    hint = wait_for(browser, "#practice-hint", timeout=60)
    deadline = time.monotonic() + 60
    while "Advisor:" not in hint.text and time.monotonic() < deadline:
        time.sleep(0.1)
    assert "Advisor:" in hint.text
    # Pass at every turn until the auction is over (seed 1: E plays 2H, S
    # leads; the policy's auctions decide the seed: tests/test_practice.py
    # checks the same board from Python). The page redraws between finding
    # the Pass button and clicking it: a stale button is looked up again.
    from selenium.common.exceptions import StaleElementReferenceException
    for _ in range(80):
        if browser.find_elements(By.CSS_SELECTOR, "#practice-result .cardtable"):
            break
        try:
            passes = browser.find_elements(
                By.CSS_SELECTOR, "#practice-result .bidbox button[data-call=P]")
            if passes:
                passes[0].click()
        except StaleElementReferenceException:
            pass
        time.sleep(0.5)
    assert browser.find_elements(By.CSS_SELECTOR, "#practice-result table.grid.auction td")
    # The card table: the player's whole hand, the cards he may not play greyed.
    wait_for(browser, "#practice-result .cards.mine button.card")
    mine = browser.find_elements(By.CSS_SELECTOR, "#practice-result .cards.mine button.card")
    assert len(mine) == 13 and all(b.is_enabled() for b in mine)     # S leads: any card
    assert "Your card." in browser.find_element(By.ID, "practice-result").text
    _click_button(browser, "Hint")
    wait_for(browser, "#practice-hint table.cardhint", timeout=120)
    assert "The computer would play" in browser.find_element(By.ID, "practice-hint").text
    assert len(browser.find_elements(By.CSS_SELECTOR, "#practice-hint table.cardhint tr")) >= 2
    # Play a card: the computer plays on to S's next turn; the trick in the
    # middle says who played each card, and a follower's other suits are greyed.
    browser.find_elements(By.CSS_SELECTOR, "#practice-result .cards.mine button.card")[-1].click()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        cards = _attached_cards(browser)
        if cards is not None and len(cards) == 12:
            break
        time.sleep(0.3)
    text = browser.find_element(By.ID, "practice-result").text
    assert "Tricks: NS" in text and len(_attached_cards(browser)) == 12
    trick = browser.find_element(By.CSS_SELECTOR, "#practice-result .trick").text
    assert trick.startswith(("Trick 2", "S to lead", "Trick 1")), trick
    if browser.find_elements(By.CSS_SELECTOR, "#practice-result .cards.mine button.card.illegal"):
        assert not browser.find_element(
            By.CSS_SELECTOR, "#practice-result .cards.mine button.card.illegal").is_enabled()
    browser.save_screenshot(str(tmp_path / "practice-play.png"))
    # The last trick, on request, with its winner.
    browser.find_element(By.ID, "practice-last").click()
    last = wait_for(browser, "#practice-result .trick").text
    assert "Last trick (1), won by" in last and all(seat in last for seat in "NESW")
    # The computer plays the player's cards to the end of the board.
    _click_button(browser, "Auto")
    deadline = time.monotonic() + 300
    while "Result:" not in browser.find_element(By.ID, "practice-result").text:
        assert time.monotonic() < deadline, "auto did not finish the board"
        time.sleep(0.5)
    text = browser.find_element(By.ID, "practice-result").text
    assert "Result:" in text and "tricks taken" in text and "Par:" in text
    assert "Score sheet" in text and "Your cards" in text
    browser.save_screenshot(str(tmp_path / "practice.png"))
    assert severe_errors(browser) == []


def _click_button(browser, label: str) -> None:
    from selenium.webdriver.common.by import By
    next(b for b in browser.find_elements(By.CSS_SELECTOR, "#practice-result button")
         if b.text == label).click()


def _attached_cards(browser):
    """The player's cards on the card table now (None while it is being redrawn)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    try:
        return [b.text for b in browser.find_elements(
            By.CSS_SELECTOR, "#practice-result .cards.mine button.card")]
    except StaleElementReferenceException:
        return None


def test_closing_the_page_cancels_its_job(site, browser):
    # A long analysis (Skruuvi's misère with the aces), then the player leaves
    # the page: the page tells the server (pagehide + sendBeacon), whose job stops.
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    runner = site.app.extensions["vint_jobs"]
    browser.get(site.url + "/")
    wait_for(browser, "#rules option")
    Select(browser.find_element(By.ID, "rules")).select_by_value("skruuvi")
    field = browser.find_element(By.ID, "analyse-deal")
    field.clear()
    field.send_keys(SLOW_SKRUUVI)
    browser.find_element(By.ID, "analyse-aces").send_keys("60")
    browser.find_element(By.ID, "analyse-go").click()
    deadline = time.monotonic() + 30
    while not any(j["state"] == "running" for j in runner.snapshot()):
        assert time.monotonic() < deadline, "the analysis did not start"
        time.sleep(0.05)
    job = runner.get(next(j["id"] for j in runner.snapshot() if j["state"] == "running"))
    browser.get("about:blank")
    deadline = time.monotonic() + 10        # well inside the server's 60 s for a left job
    while job.state == "running":
        assert time.monotonic() < deadline, "the job ran on after its page closed"
        time.sleep(0.05)
    assert job.state == "cancelled" and job.stopped_by == "cancel"
