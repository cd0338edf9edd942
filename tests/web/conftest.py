"""The browser tests' fixtures: the page on a free port and a headless Chromium
(``helpers.browser``), shared by the modules of this folder for the session.

The browser fixture skips cleanly where Chromium, its driver or selenium is
missing (CI installs Debian's chromium and chromium-driver; see .ci/run).
"""

from __future__ import annotations

import pytest

from helpers.browser import browser_parts, chromium, serve


@pytest.fixture(scope="session")
def site():
    """The page served on a free port of 127.0.0.1: ``url`` and ``app``."""
    served = serve()
    yield served
    served.stop()


@pytest.fixture(scope="session")
def server(site):
    return site.url


@pytest.fixture(scope="session")
def chromium_driver(tmp_path_factory):
    """One headless Chromium for the session."""
    if browser_parts() is None:
        pytest.skip("no chromium, chromedriver or selenium (apt-get install chromium "
                    "chromium-driver; pip install selenium)")
    driver = chromium(tmp_path_factory.mktemp("profile"))
    yield driver
    driver.quit()


@pytest.fixture
def browser(chromium_driver):
    """The session's Chromium with its console log emptied first: what a test
    finds in the log is its own (a test that asks for a bad deal on purpose
    leaves an HTTP 400 there, which the next test's check of the log would
    otherwise read; the tests run in any selection, -m slow or not)."""
    chromium_driver.get_log("browser")
    return chromium_driver
