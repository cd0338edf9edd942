"""The web page in headless Chromium: serve it, start the browser, wait for a view.

Shared by the browser tests (``tests/web/conftest.py``) and the screenshot
tool (``tools/web_screenshots.py``), which drive the page the same way.
"""

from __future__ import annotations

import logging
import shutil
import threading
from types import SimpleNamespace

#: Chromium's flags: headless, no network of its own, no first-run dialogs.
CHROMIUM_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run", "--hide-scrollbars")


def browser_parts():
    """``(chromium, chromedriver)`` paths, or None when either (or selenium) is missing."""
    browser = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")
                    if shutil.which(n)), None)
    driver = shutil.which("chromedriver")
    try:
        import selenium  # noqa: F401
    except ImportError:
        return None
    return (browser, driver) if browser and driver else None


def serve():
    """The page served on a free port of 127.0.0.1: ``url``, ``app`` and ``stop()``."""
    from werkzeug.serving import make_server

    from advisor.web import create_app

    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    # The application checks the Host and Origin against the port it serves.
    holder = {}
    srv = make_server("127.0.0.1", 0, lambda env, start: holder["app"](env, start),
                      threaded=True)
    app = holder["app"] = create_app(workers=2, port=srv.server_port)
    threading.Thread(target=srv.serve_forever, daemon=True).start()

    def stop():
        srv.shutdown()
        app.extensions["vint_jobs"].shutdown()
    return SimpleNamespace(url=f"http://127.0.0.1:{srv.server_port}", app=app, stop=stop)


def chromium(profile, size=(1200, 1400)):
    """A headless Chromium with its own profile folder, ``size`` pixels wide and high."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    parts = browser_parts()
    if parts is None:
        raise RuntimeError("needs chromium, chromedriver and selenium (apt-get install "
                           "chromium chromium-driver; pip install selenium)")
    options = Options()
    options.binary_location = parts[0]
    for flag in CHROMIUM_FLAGS + (f"--window-size={size[0]},{size[1]}",
                                  f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(parts[1]), options=options)
    driver.set_page_load_timeout(60)
    return driver


def wait_for(driver, css, timeout=120):
    """The first element matching ``css`` once there is one (``timeout`` seconds at most)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, timeout).until(lambda d: d.find_elements(By.CSS_SELECTOR, css))
    return driver.find_element(By.CSS_SELECTOR, css)


def tab(driver, name):
    """Click the page's tab ``name`` (analyse, play, advise, practice, review)."""
    from selenium.webdriver.common.by import By
    driver.find_element(By.CSS_SELECTOR, f"#tabs button[data-tab={name}]").click()


def severe_errors(driver):
    """The page's severe console errors since the log was last read (the
    ``browser`` fixture empties it before each test), the missing favicon aside."""
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"
            and "favicon" not in e["message"]]
