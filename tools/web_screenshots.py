"""Screenshots of the web page (``vint serve``) at 1366 px and 390 px, for the docs.

    python tools/web_screenshots.py [--out docs/screenshots]

Serves the page on a free port of 127.0.0.1, drives the installed Chromium
through chromedriver and selenium as a player would (analyse a deal, play a
card on the Play tab and play best to the end, practise to the card table), and saves a PNG of each
view at a desktop width (1366 px) and a phone's (390 px), a Preference board
(three hands and the widow), plus the card table in dark mode. Rerun it after changing the page; the PNGs are kept in
docs/screenshots and shown in README.md.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _browser_helpers():
    """tests/helpers/browser.py, the browser tests' own driving, loaded from its
    file (the tests folder on sys.path would hide the installed ``solver``
    behind tests/solver)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "vint_browser_helpers", ROOT / "tests" / "helpers" / "browser.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_helpers = _browser_helpers()
browser_parts, chromium, serve, wait_for = (_helpers.browser_parts, _helpers.chromium,
                                            _helpers.serve, _helpers.wait_for)
DEAL = "N:A2.AKQJ5.K32.432 KQJ3.2.AQJT9.765 T98.T9876.54.AKQ 7654.43.876.JT98"
WIDTHS = {"desktop": (1366, 900), "phone": (390, 844)}


def shot(driver, path: Path, width: int, height: int) -> None:
    """The whole page at ``width``: the window grows to the page's height."""
    driver.set_window_size(width, height)
    time.sleep(0.3)
    full = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(width, min(max(height, full + 120), 4000))
    time.sleep(0.3)
    driver.save_screenshot(str(path))
    driver.set_window_size(width, height)
    print(path)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from selenium.webdriver.common.by import By

    if browser_parts() is None:
        sys.exit("needs chromium, chromedriver and selenium (apt-get install chromium "
                 "chromium-driver; pip install selenium)")
    served = serve()
    url = served.url
    with tempfile.TemporaryDirectory() as profile:
        driver = chromium(profile)
        try:
            for name, (width, height) in WIDTHS.items():
                driver.set_window_size(width, height)
                driver.get("about:blank")
                # Analyse a deal: the hands on the compass, the DD table, par, the grid.
                driver.get(f"{url}/#deal={DEAL.replace(' ', '%20')}&analysed=1")
                wait_for(driver, "#analyse-result table.scores")
                shot(driver, out / f"analyse-{name}.png", width, height)
                # The Play tab after East's lead: South must follow suit (the
                # other cards greyed), each legal card with its tricks.
                driver.get(f"{url}/#tab=play&pdeal={DEAL.replace(' ', '%20')}&trump=H&decl=N"
                           "&cards=SK")
                wait_for(driver, "#play-result button.face.best")
                shot(driver, out / f"play-{name}.png", width, height)
                # "Play best to the end": the last trick in the middle, the tricks listed.
                driver.find_element(By.ID, "play-best").click()
                wait_for(driver, "#play-result table.tricklist")
                shot(driver, out / f"play-end-{name}.png", width, height)
                # Practice to the card table (seed 1: S passes, E plays 2H, S leads).
                driver.get(f"{url}/#tab=practice&pseed=1")
                wait_for(driver, "#rules option")
                driver.find_element(By.ID, "practice-new").click()
                for _ in range(120):
                    if driver.find_elements(By.CSS_SELECTOR, "#practice-result .cardtable"):
                        break
                    driver.execute_script(
                        "const b = document.querySelector('#practice-result "
                        ".bidbox button[data-call=P]'); if (b && !b.disabled) b.click();")
                    time.sleep(0.5)
                wait_for(driver, "#practice-result .cards.mine button.face")
                shot(driver, out / f"practice-{name}.png", width, height)
                # Preference practice, passing to the end of a board: the
                # auction with its reasons, the three hands and the widow.
                driver.get("about:blank")
                driver.get(f"{url}/#tab=practice&rules=preference&pseed=3")
                wait_for(driver, "#rules optgroup option")
                for _ in range(60):
                    if driver.find_elements(By.CSS_SELECTOR, "#practice-result .widow .face"):
                        break
                    driver.execute_script(
                        "const b = document.querySelector('#practice-result "
                        ".bidbox button[data-call=P]'); if (b && !b.disabled) b.click();"
                        "else if (!document.querySelector('#practice-result .myhand'))"
                        " document.getElementById('practice-new').click();")
                    time.sleep(0.7)
                wait_for(driver, "#practice-result .widow .face")
                shot(driver, out / f"preference-{name}.png", width, height)
            # Dark mode: the Play tab again with the toggle set to dark.
            width, height = WIDTHS["desktop"]
            driver.get(f"{url}/#tab=play&pdeal={DEAL.replace(' ', '%20')}&trump=H&decl=N&cards=SK")
            driver.execute_script("localStorage.setItem('vint-theme', 'dark'); applyLooks();")
            wait_for(driver, "#play-result button.face.best")
            shot(driver, out / "play-dark-desktop.png", width, height)
            driver.execute_script("localStorage.removeItem('vint-theme');")
        finally:
            driver.quit()
            served.stop()


if __name__ == "__main__":
    main()
