"""The card table in a real browser (issue 28): card faces on a compass, the hand
on move with its illegal cards greyed, one card a click, the keys, the state in
the URL, a phone's width, dark mode and four colours, errors that clear.

The page and the browser are tests/web/conftest.py's fixtures (skipped where
Chromium, its driver or selenium is missing).
"""

from __future__ import annotations

import time
from urllib.parse import quote

import pytest

from advisor.practice import Practice
from helpers.browser import severe_errors, tab, wait_for

DEAL = "N:A2.AKQJ5.K32.432 KQJ3.2.AQJT9.765 T98.T9876.54.AKQ 7654.43.876.JT98"
# Hearts trumps, North declares, East leads the king of spades: South holds
# T98 of spades and must follow, so his ten other cards are not playable.
AFTER_LEAD = f"/#tab=play&pdeal={quote(DEAL)}&trump=H&decl=N&cards=SK"
SOUTH = {"ST", "S9", "S8", "HT", "H9", "H8", "H7", "H6", "D5", "D4", "CA", "CK", "CQ"}


def _by():
    from selenium.webdriver.common.by import By
    return By


def _south_buttons(browser):
    return browser.find_elements(_by().CSS_SELECTOR, "#play-result .seat-S button.face")


def _played(browser) -> str:
    return browser.find_element(_by().CSS_SELECTOR, "#play-result > p.note").text


def _wait(predicate, timeout=60, what="the page"):
    deadline = time.monotonic() + timeout
    while True:
        try:
            if predicate():
                return
        except Exception:           # a redraw between finding and reading: try again
            pass
        assert time.monotonic() < deadline, f"{what} did not come"
        time.sleep(0.1)


def _open_after_lead(browser, server):
    browser.get("about:blank")
    browser.get(server + AFTER_LEAD)
    wait_for(browser, "#play-result .seat-S button.face.best")


def _fragment(browser) -> str:
    return browser.execute_script("return decodeURIComponent(location.hash)")


def test_the_hand_on_move_shows_every_card_and_only_the_legal_ones_play(server, browser):
    By = _by()
    _open_after_lead(browser, server)
    buttons = _south_buttons(browser)
    # All thirteen cards, as faces (rank and suit symbol), not only the legal ones.
    assert {b.get_attribute("data-card") for b in buttons} == SOUTH
    enabled = {b.get_attribute("data-card") for b in buttons if b.is_enabled()}
    assert enabled == {"ST", "S9", "S8"}
    greyed = [b for b in buttons if "illegal" in b.get_attribute("class")]
    assert len(greyed) == 10 and not any(b.is_enabled() for b in greyed)
    heart = next(b for b in buttons if b.get_attribute("data-card") == "H9")
    assert heart.text.split() == ["9", "\u2665"]
    # The hand on move is highlighted (the old CSS never matched) and says so.
    south = browser.find_element(By.CSS_SELECTOR, "#play-result .seatbox.seat-S")
    north = browser.find_element(By.CSS_SELECTOR, "#play-result .seatbox.seat-N")
    assert "onmove" in south.get_attribute("class") and "to play" in south.text
    assert south.value_of_css_property("border-top-color") != \
        north.value_of_css_property("border-top-color")
    # The trick in the middle: East's king at East's side, with his letter.
    east_slot = browser.find_element(By.CSS_SELECTOR, "#play-result .trick .slot-E")
    assert east_slot.text.split() == ["E", "K", "\u2660"]

    # A click on a greyed card plays nothing (a script's click too).
    browser.execute_script("arguments[0].click()", heart)
    time.sleep(1)
    assert _played(browser) == "Played: \u2660K"
    # A legal card is played: West is on move next.
    next(b for b in _south_buttons(browser) if b.get_attribute("data-card") == "S9").click()
    wait_for(browser, "#play-result .seatbox.seat-W.onmove")
    assert _played(browser) == "Played: \u2660K \u26609"
    assert "cards=SK,S9" in _fragment(browser)
    assert severe_errors(browser) == []


def test_a_double_click_sends_one_card(server, browser):
    from selenium.webdriver.common.action_chains import ActionChains

    By = _by()
    _open_after_lead(browser, server)
    # Count the page's POSTs (each card played is one).
    browser.execute_script("window.posts = []; const f = window.fetch;"
                           "window.fetch = (u, o) => { if (o && o.method === 'POST') "
                           "window.posts.push(String(o.body)); return f(u, o); };")
    card = next(b for b in _south_buttons(browser) if b.get_attribute("data-card") == "S8")
    ActionChains(browser).double_click(card).perform()
    wait_for(browser, "#play-result .seatbox.seat-W.onmove")
    time.sleep(1.5)                          # a second card would have gone by now
    assert _played(browser) == "Played: \u2660K \u26608"
    assert _fragment(browser).endswith("cards=SK,S8")
    assert browser.execute_script("return window.posts.length") == 1
    assert not browser.find_element(By.ID, "message").is_displayed()
    # Two clicks in one go from a script, before the page can redraw: one card.
    browser.execute_script("const b = document.querySelector("
                           "'#play-result .seat-W button.face:not([disabled])');"
                           "b.click(); b.click();")
    wait_for(browser, "#play-result .seatbox.seat-N.onmove")
    time.sleep(1.5)
    assert len(_played(browser).split()) == 4            # "Played:" and three cards
    assert browser.execute_script("return window.posts.length") == 2
    assert not browser.find_element(By.ID, "message").is_displayed()


def test_cards_and_calls_from_the_keyboard(server, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    By = _by()
    _open_after_lead(browser, server)
    assert "Keys" in browser.find_element(By.ID, "keys-help").text
    browser.find_element(By.TAG_NAME, "body").click()
    # A greyed card typed is not played; "S10" (or "ST") is.
    ActionChains(browser).send_keys("h9").perform()
    time.sleep(0.5)
    assert _played(browser) == "Played: \u2660K"
    ActionChains(browser).send_keys(Keys.ESCAPE, "s10").perform()
    wait_for(browser, "#play-result .seatbox.seat-W.onmove")
    assert _played(browser) == "Played: \u2660K \u266010"
    # The arrows walk over West's playable cards (his spades) and Enter plays one.
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT).perform()
    chosen = browser.switch_to.active_element.get_attribute("data-card")
    assert chosen and chosen[0] == "S"
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait_for(browser, "#play-result .seatbox.seat-N.onmove")
    assert _fragment(browser).endswith(f"cards=SK,ST,{chosen}")


def test_a_reload_or_a_shared_link_restores_the_view(server, browser):
    By = _by()
    browser.get("about:blank")
    browser.get(server + "/")
    field = browser.find_element(By.ID, "analyse-deal")
    field.clear()
    field.send_keys(DEAL)
    browser.find_element(By.ID, "analyse-go").click()
    wait_for(browser, "#analyse-result table.dd")
    browser.refresh()
    wait_for(browser, "#analyse-result table.dd")
    assert browser.find_element(By.ID, "analyse-deal").get_attribute("value") == DEAL
    # The Play tab with two cards played survives a reload: same tab, same cards.
    tab(browser, "play")
    browser.find_element(By.ID, "play-start").click()
    first = wait_for(browser, "#play-result button.face.best")
    first_card = first.get_attribute("data-card")
    first.click()
    _wait(lambda: len(_played(browser).split()) == 2, what="the first card")
    link = browser.current_url
    browser.refresh()
    wait_for(browser, "#play-result button.face")
    assert browser.find_element(By.CSS_SELECTOR, "#tabs button.active").get_attribute(
        "data-tab") == "play"
    assert browser.find_element(By.ID, "play").is_displayed()
    _wait(lambda: len(_played(browser).split()) == 2, what="the restored play")
    assert f"cards={first_card}" in _fragment(browser)
    # The same link in a fresh page (a shared link) shows the same view.
    browser.get("about:blank")
    browser.get(link)
    wait_for(browser, "#play-result button.face")
    _wait(lambda: len(_played(browser).split()) == 2, what="the shared play")
    assert browser.find_element(By.ID, "play").is_displayed()


@pytest.mark.slow
def test_a_bad_deal_clears_the_analysis_and_the_banner_clears_on_the_next_result(server, browser):
    By = _by()
    browser.get("about:blank")
    browser.get(server + "/")
    browser.find_element(By.ID, "analyse-go").click()
    wait_for(browser, "#analyse-result table.dd")
    field = browser.find_element(By.ID, "analyse-deal")
    field.clear()
    field.send_keys("N:AKQ.2.3")
    browser.find_element(By.ID, "analyse-go").click()
    message = wait_for(browser, "#message.shown", timeout=30)
    assert "four hands" in message.text
    assert browser.find_element(By.ID, "analyse-result").text == ""
    time.sleep(10)                           # no timer hides it under a later result...
    assert message.is_displayed()
    field.clear()
    field.send_keys(DEAL)
    browser.find_element(By.ID, "analyse-go").click()
    wait_for(browser, "#analyse-result table.dd")
    assert not browser.find_element(By.ID, "message").is_displayed()   # ...the result does


@pytest.mark.parametrize("view", ["analyse", "play", "play-end", "practice"])
def test_a_phone_has_no_sideways_scroll(server, browser, view, tmp_path):
    By = _by()
    browser.set_window_size(390, 844)
    try:
        browser.get("about:blank")
        if view == "analyse":
            browser.get(server + f"/#deal={quote(DEAL)}&analysed=1")
            wait_for(browser, "#analyse-result table.scores")
        elif view == "play":
            browser.get(server + AFTER_LEAD)
            wait_for(browser, "#play-result .seat-S button.face.best")
        elif view == "play-end":            # the list of the thirteen tricks
            browser.get(server + AFTER_LEAD)
            wait_for(browser, "#play-result .seat-S button.face.best")
            browser.find_element(By.ID, "play-best").click()
            wait_for(browser, "#play-result table.tricklist")
        else:
            _new_practice(browser, server)
        width = browser.execute_script("return window.innerWidth")
        assert width <= 400, f"the window is {width} px wide, not a phone's"
        scroll = browser.execute_script("return document.documentElement.scrollWidth")
        assert scroll <= width, f"{view}: the page is {scroll} px wide in a {width} px window"
        # Every card lies inside the window (a 13-card row wraps).
        right = browser.execute_script(
            "return Math.max(0, ...[...document.querySelectorAll('.tab.active .face')]"
            ".map((f) => f.getBoundingClientRect().right))")
        assert 0 < right <= width
        if view == "analyse":
            # The score grid scrolls inside its own box.
            box = browser.find_element(By.CSS_SELECTOR, "#analyse-result .scroll")
            assert int(box.get_attribute("scrollWidth")) > int(box.get_attribute("clientWidth"))
        browser.save_screenshot(str(tmp_path / f"{view}-390.png"))
    finally:
        browser.set_window_size(1200, 1400)


def _background(browser) -> tuple:
    colour = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
    return tuple(int(x) for x in colour[colour.index("(") + 1:colour.index(")")].split(",")[:3])


def test_dark_mode_follows_the_system_and_the_toggle(server, browser):
    By = _by()
    browser.get(server + "/")
    browser.execute_script("localStorage.clear()")
    try:
        browser.refresh()
        wait_for(browser, "#rules option")
        assert sum(_background(browser)) > 600                       # light
        toggle = browser.find_element(By.ID, "theme-toggle")
        toggle.click()
        assert toggle.text == "Theme: dark" and sum(_background(browser)) < 150
        browser.refresh()                                           # kept in this browser
        wait_for(browser, "#rules option")
        assert sum(_background(browser)) < 150
        browser.find_element(By.ID, "theme-toggle").click()
        assert sum(_background(browser)) > 600                       # light, whatever the system
        browser.find_element(By.ID, "theme-toggle").click()
        assert browser.find_element(By.ID, "theme-toggle").text == "Theme: system"
        # With the system in dark mode, "system" is dark.
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        # The page hears of it by an event a moment later: wait for it.
        _wait(lambda: sum(_background(browser)) < 150, timeout=10, what="the system's dark mode")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        browser.execute_script("localStorage.clear()")


def test_the_four_colour_deck(server, browser):
    By = _by()
    _open_after_lead(browser, server)
    try:
        def colour(card):
            return browser.find_element(
                By.CSS_SELECTOR, f"#play-result [data-card={card}]").value_of_css_property("color")
        assert colour("D5") == colour("H9") and colour("CA") == colour("S9")
        browser.find_element(By.ID, "fourcolour").click()
        assert len({colour(c) for c in ("S9", "H9", "D5", "CA")}) == 4
    finally:
        browser.execute_script("localStorage.clear()")


def _new_practice(browser, server):
    """A practice session of seed 1 started on a fresh page, its bidding box shown."""
    By = _by()
    browser.get("about:blank")
    browser.get(server + "/#tab=practice&pseed=1")
    _wait(lambda: browser.find_element(By.ID, "practice-seed").get_attribute("value") == "1",
          what="the linked seed")
    browser.find_element(By.ID, "practice-new").click()
    wait_for(browser, "#practice-result .bidbox button[data-call=P]")
    return By


def test_the_computers_reasons_are_text_on_the_page(server, browser):
    By = _new_practice(browser, server)
    reasons = browser.find_element(By.CSS_SELECTOR, "#practice-result .reasons").text
    expected = Practice(rules="vint", seat="S", seed=1).state()["auction"]
    computer = [c for c in expected if not c["player"]]
    assert computer and all(c["reason"] in reasons for c in computer)
    assert browser.find_element(By.CSS_SELECTOR, "#practice-result .reasons li").is_displayed()


def test_a_reload_draws_the_practice_session_where_it_was(server, browser):
    By = _new_practice(browser, server)
    browser.find_element(By.CSS_SELECTOR, "#practice-result .bidbox button[data-call=P]").click()
    _wait(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#practice-result .reasons li"))
          > len(Practice(rules="vint", seat="S", seed=1).state()["auction"]),
          what="the auction after the player's pass")
    before = browser.find_element(By.CSS_SELECTOR, "#practice-result .reasons").text
    link = browser.current_url
    assert "psid=" in link
    browser.get("about:blank")
    browser.get(link)
    _wait(lambda: browser.find_element(By.CSS_SELECTOR, "#practice-result .reasons").text
          == before, what="the session drawn again")
    # A session the server no longer holds is said so; the link drops it.
    browser.get("about:blank")
    browser.get(server + "/#tab=practice&pseed=1&psid=" + "0" * 32)
    wait_for(browser, "#message.shown")
    assert "no such practice session" in browser.find_element(By.ID, "message").text
    assert "psid" not in _fragment(browser)


# --------------------------------------------------------------------------
# Preference (issue 29): three players, the widow

def _preference(browser, server, fragment=""):
    from selenium.webdriver.support.ui import Select
    By = _by()
    browser.get("about:blank")
    browser.get(server + "/" + fragment)
    wait_for(browser, "#rules optgroup option[value=preference]")
    Select(browser.find_element(By.ID, "rules")).select_by_value("preference")
    return By


def test_preference_practice_draws_three_hands_and_the_widow(server, browser, tmp_path):
    from advisor.preference_practice import PreferencePractice

    By = _preference(browser, server, "#tab=practice")
    seats = [o.get_attribute("value") for o in
             browser.find_elements(By.CSS_SELECTOR, "#practice-seat option")]
    assert seats == ["0", "1", "2"]
    seed = browser.find_element(By.ID, "practice-seed")
    seed.clear()
    seed.send_keys("3")
    browser.find_element(By.ID, "practice-new").click()
    wait_for(browser, "#practice-result .myhand .face")
    expected = PreferencePractice(0, seed=3)
    state = expected.state()
    mine = browser.find_elements(By.CSS_SELECTOR, "#practice-result .myhand .face")
    assert [f.get_attribute("data-card") for f in mine] == \
        [c[0] + c[1:].replace("10", "T") for c in state["hand"]]
    # The Hint button runs the advisor as a job and says its call and why.
    browser.execute_script("[...document.querySelectorAll('#practice-result .bidbox button')]"
                           ".find((b) => b.textContent === 'Hint').click();")
    hint = wait_for(browser, "#practice-hint", timeout=60)
    for _ in range(120):
        if hint.text.startswith("Advisor:"):
            break
        time.sleep(0.5)
    assert hint.text.startswith("Advisor:") and "\u2014" in hint.text
    assert not browser.find_elements(By.CSS_SELECTOR, "#message.shown")
    # Pass at each turn (the computer's calls come with their reasons as text)
    # until the board is over: the three hands and the widow face up.
    for _ in range(20):
        if "Result:" in browser.find_element(By.ID, "practice-result").text:
            break
        browser.execute_script("const b = document.querySelector("
                               "'#practice-result .bidbox button[data-call=P]');"
                               "if (b && !b.disabled) b.click();")
        time.sleep(0.7)
    wait_for(browser, "#practice-result .compass.three .widow .face", timeout=60)
    hands = browser.find_elements(By.CSS_SELECTOR, "#practice-result .compass.three .seatbox")
    assert len(hands) == 3
    assert sorted(len(h.find_elements(By.CSS_SELECTOR, ".face")) for h in hands) == [10, 10, 10]
    assert len(browser.find_elements(By.CSS_SELECTOR, "#practice-result .widow .face")) == 2
    text = browser.find_element(By.ID, "practice-result").text
    assert "player 0 (you)" in text and "Balances:" in text and "pool" in text
    computer = [li.text for li in browser.find_elements(
        By.CSS_SELECTOR, "#practice-result ol.prefauction li:not(.mine)")]
    assert computer and all("\u2014" in t for t in computer)      # each with its reason
    browser.save_screenshot(str(tmp_path / "preference-practice.png"))
    assert severe_errors(browser) == []


def test_preference_advice_and_review_on_the_page(server, browser, tmp_path):
    import json

    from helpers.preference import played

    By = _preference(browser, server, "#tab=advise")
    assert browser.find_element(By.ID, "advise-hand").get_attribute("value") == "AKQJ.AKQJ.7.7"
    samples = browser.find_element(By.ID, "advise-samples")
    samples.clear()
    samples.send_keys("4")
    browser.find_element(By.ID, "advise-go").click()
    wait_for(browser, "#advise-result .call-big")
    text = browser.find_element(By.ID, "advise-result").text
    assert "Preference, player" in text and "samples of the two unseen hands and the widow" in text
    assert len(browser.find_elements(By.CSS_SELECTOR, "#advise-result table.grid tr")) >= 3
    assert "rules=preference" in _fragment(browser)

    game = tmp_path / "pref.json"
    game.write_text(json.dumps(played(2, "S")))
    tab(browser, "review")
    browser.find_element(By.ID, "review-file").send_keys(str(game))
    browser.find_element(By.ID, "review-go").click()
    wait_for(browser, "#review-result .prefreview .compass.three")
    review = browser.find_element(By.CSS_SELECTOR, "#review-result .prefreview")
    assert "player 2 declares" in review.text and "Double-dummy at the start" in review.text
    assert len(review.find_elements(By.CSS_SELECTOR, ".seatbox .face")) == 30
    assert [f.get_attribute("data-card") for f in
            review.find_elements(By.CSS_SELECTOR, ".widow .face")] == ["DT", "CT"]
    # The declarer sits at the bottom.
    assert "player 2" in review.find_element(By.CSS_SELECTOR, ".seatbox.seat-S").text


def test_a_siberian_dd_table_says_whose_lead_it_counts(server, browser):
    """Siberian Vint's own leader differs from the DD table's (issue 28): the
    page says how to read the table, as `vint analyse` does; Vint keeps the
    plain note."""
    import advisor

    By = _by()
    expected = advisor.analyse(DEAL, rules="vint-siberian").to_dict()["dd_table_leader"]
    assert expected["note"]
    browser.get("about:blank")
    browser.get(server + f"/#rules=vint-siberian&deal={quote(DEAL)}&analysed=1")
    wait_for(browser, "#analyse-result table.dd", timeout=60)
    notes = [p.text for p in browser.find_elements(By.CSS_SELECTOR, "#analyse-result p.note")]
    assert expected["note"] in notes
    browser.get("about:blank")
    browser.get(server + f"/#rules=vint&deal={quote(DEAL)}&analysed=1")
    wait_for(browser, "#analyse-result table.dd", timeout=60)
    notes = [p.text for p in browser.find_elements(By.CSS_SELECTOR, "#analyse-result p.note")]
    assert "Declarer's left-hand opponent leads." in notes


def test_preference_for_four_players_on_the_page(server, browser):
    """Seed 001's four-player form (issue 29): the page offers 3 or 4 players,
    the seats 0-3 with four; player 3 deals board 1 and sits it out, so it is
    played by the three others at once and drawn with their hands only."""
    from selenium.webdriver.support.ui import Select

    By = _preference(browser, server, "#tab=practice")
    box = browser.find_element(By.ID, "practice-players-box")
    assert box.is_displayed()
    seats = lambda: [o.get_attribute("value") for o in
                     browser.find_elements(By.CSS_SELECTOR, "#practice-seat option")]
    assert seats() == ["0", "1", "2"]
    Select(browser.find_element(By.ID, "practice-players")).select_by_value("4")
    assert seats() == ["0", "1", "2", "3"]
    Select(browser.find_element(By.ID, "practice-seat")).select_by_value("3")
    seed = browser.find_element(By.ID, "practice-seed")
    seed.clear()
    seed.send_keys("3")
    browser.find_element(By.ID, "practice-new").click()
    wait_for(browser, "#practice-result .compass.three .widow .face", timeout=90)
    text = browser.find_element(By.ID, "practice-result").text
    assert "you are player 3 (you deal and sit this one out)" in text
    names = [n.text for n in browser.find_elements(
        By.CSS_SELECTOR, "#practice-result .compass.three .seatbox")]
    assert len(names) == 3 and not any("player 3" in n for n in names)
    assert all(len(h.find_elements(By.CSS_SELECTOR, ".face")) == 10 for h in
               browser.find_elements(By.CSS_SELECTOR, "#practice-result .compass.three .seatbox"))
    assert "player 3" in text.split("Balances:")[1]          # four players on the sheet
    # A four-hand game hides the choice again.
    Select(browser.find_element(By.ID, "rules")).select_by_value("vint")
    assert not box.is_displayed()
    assert severe_errors(browser) == []


# --------------------------------------------------------------------------
# Play best to the end, the last trick

FRESH = f"/#tab=play&pdeal={quote(DEAL)}&trump=H&decl=N&cards="


def _cards_in_link(browser) -> list:
    fragment = _fragment(browser)
    return fragment.split("cards=", 1)[1].split("&")[0].split(",") if "cards=" in fragment else []


def _count_posts(browser):
    browser.execute_script("window.posts = []; const f = window.fetch;"
                           "window.fetch = (u, o) => { if (o && o.method === 'POST') "
                           "window.posts.push(String(o.body)); return f(u, o); };")


def _centre(browser) -> dict:
    """The cards in the middle of the Play tab's table: {seat: card}, each
    found at its player's side with his letter."""
    out = {}
    for slot in browser.find_elements(_by().CSS_SELECTOR, "#play-result .trick .slot"):
        faces = slot.find_elements(_by().CSS_SELECTOR, ".face")
        if faces:
            seat = slot.get_attribute("class").split("slot-")[1]
            assert slot.find_element(_by().CSS_SELECTOR, ".who").text == seat
            out[seat] = faces[0].get_attribute("data-card")
    return out


def _wait_for_the_end(browser, timeout=180):
    _wait(lambda: "All cards played." in browser.find_element(_by().ID, "play-result").text,
          timeout=timeout, what="the thirteenth trick")


@pytest.mark.slow
def test_play_best_to_the_end_keeps_the_double_dummy_value(server, browser):
    import solver

    By = _by()
    browser.get("about:blank")
    browser.get(server + FRESH)
    wait_for(browser, "#play-result .seat-E button.face.best")
    # The value the page shows at the start (the best of East's leads, as the
    # declaring side NS counts it) is the solver's.
    expected = 13 - solver.solve(DEAL, "H", "E")
    shown = {int(b.find_element(By.CSS_SELECTOR, ".value").text) for b in
             browser.find_elements(By.CSS_SELECTOR, "#play-result .seat-E button.face.best")}
    assert shown == {expected}
    browser.find_element(By.TAG_NAME, "body").click()
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(browser).send_keys("b").perform()            # the key B
    _wait_for_the_end(browser)
    text = browser.find_element(By.ID, "play-result").text
    assert f"Tricks: NS {expected}, EW {13 - expected}." in text
    cards = _cards_in_link(browser)
    assert len(cards) == 52 and len(set(cards)) == 52
    assert len(_played(browser).split()) == 53                # "Played:" and 52 cards
    # Every card was one of the best: the declaring side's double-dummy total
    # never moved from the start's.
    assert solver.analyse_play(DEAL, "H", "E", cards) == [expected] * 53
    # The last trick lies in the middle and all thirteen are listed, each won
    # by the player the solver says.
    tricks = solver.check_play(DEAL, "H", "E", cards).tricks
    assert _centre(browser) == {seat.name: str(card) for seat, card in tricks[-1].cards}
    assert f"won by {tricks[-1].winner.name}" in browser.find_element(
        By.CSS_SELECTOR, "#play-result .trick .tricklabel").text
    rows = browser.find_elements(By.CSS_SELECTOR, "#play-result table.tricklist tr")[1:]
    assert [r.find_elements(By.TAG_NAME, "td")[-1].text for r in rows] == \
        [t.winner.name for t in tricks]
    assert not browser.find_element(By.ID, "play-best").is_enabled()
    assert severe_errors(browser) == []


def test_the_last_trick_on_demand(server, browser):
    import solver

    By = _by()
    # Two tricks of best play, then East's lead to the third: "Last trick"
    # shows the second one with who played each card and who won it.
    play = solver.check_play(DEAL, "H", "E", [])
    for _ in range(8):
        values = solver.solve_cards(play.remaining(), play.trump, play.trick_leader,
                                    played=play.trick)
        play.play(max(values, key=values.get))
    cards = [str(c) for t in play.tricks for _, c in t.cards]
    second = play.tricks[1]
    browser.get("about:blank")
    browser.get(server + FRESH + ",".join(cards))
    wait_for(browser, "#play-result button.face.best")
    assert _centre(browser) == {}
    browser.find_element(By.ID, "play-last").click()
    wait_for(browser, "#play-result .trick .slot .face")
    assert _centre(browser) == {seat.name: str(card) for seat, card in second.cards}
    label = browser.find_element(By.CSS_SELECTOR, "#play-result .trick .tricklabel").text
    assert label == f"Last trick (2), won by {second.winner.name}"
    # Back to this trick with the key L; L again shows the last one.
    from selenium.webdriver.common.action_chains import ActionChains
    browser.find_element(By.TAG_NAME, "body").click()
    ActionChains(browser).send_keys("l").perform()
    _wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#play-result .trick .slot .face") == [],
          what="the current trick")
    assert browser.find_element(By.ID, "play-last").text == "Last trick"
    ActionChains(browser).send_keys("l").perform()
    _wait(lambda: len(browser.find_elements(By.CSS_SELECTOR,
                                            "#play-result .trick .slot .face")) == 4,
          what="the last trick again")
    # A card played goes back to the trick in progress.
    browser.find_element(By.CSS_SELECTOR, "#play-result button.face.best").click()
    _wait(lambda: len(_cards_in_link(browser)) == 9, what="the ninth card")
    assert "Last trick" not in browser.find_element(
        By.CSS_SELECTOR, "#play-result .trick .tricklabel").text
    # Before any trick is complete there is no last trick to show.
    browser.get("about:blank")
    browser.get(server + FRESH)
    wait_for(browser, "#play-result button.face.best")
    assert not browser.find_element(By.ID, "play-last").is_enabled()


@pytest.mark.slow
def test_a_double_click_on_play_best_sends_one_sequence(server, browser):
    from selenium.webdriver.common.action_chains import ActionChains

    By = _by()
    _open_after_lead(browser, server)
    _count_posts(browser)
    ActionChains(browser).double_click(browser.find_element(By.ID, "play-best")).perform()
    # A script's clicks too, while the first card is on its way.
    browser.execute_script("const b = document.getElementById('play-best'); b.click(); b.click();")
    _wait_for_the_end(browser)
    time.sleep(1.5)                        # a second sequence would be sending by now
    cards = _cards_in_link(browser)
    assert len(cards) == 52 and len(set(cards)) == 52 and cards[0] == "SK"
    plays = browser.execute_script("return window.posts")
    assert len(plays) == 51                # one POST a card after East's lead
    assert not browser.find_element(By.ID, "message").is_displayed()
