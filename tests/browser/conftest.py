"""Browser tests: Debian's Chromium driven by Playwright against pytest-django's live server.

No ``playwright install``: the browser is ``/usr/bin/chromium`` (``.ci/run`` installs it). When it is
missing the tests skip with the reason — except under CI=true, where a missing browser fails the run.
"""

from __future__ import annotations

import atexit
import importlib.util
import os
import shutil
import tempfile
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Screenshots go to a temporary folder of this test run, removed at its end: the suite never writes the
# checkout. `make screenshots` refreshes the README's (BRABO_SCREENSHOTS_DIR=artifacts/screenshots).
if os.environ.get("BRABO_SCREENSHOTS_DIR"):
    SCREENSHOTS = Path(os.environ["BRABO_SCREENSHOTS_DIR"]).resolve()
else:
    SCREENSHOTS = Path(tempfile.mkdtemp(prefix="brabo-screenshots-"))
    atexit.register(shutil.rmtree, SCREENSHOTS, True)
VIEWPORT = {"width": 1280, "height": 800}


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


# Package scope, not session: Playwright's sync API keeps an event loop running in the test thread while it
# lives, and a test after the browser tests that calls an async view through Django's sync test client
# (/healthz) would meet it ("cannot use AsyncToSync in the same thread as an async event loop").
@pytest.fixture(scope="package")
def browser():
    reason = None
    if not os.path.exists(CHROMIUM):
        reason = f"{CHROMIUM} is missing (apt-get install chromium)"
    elif importlib.util.find_spec("playwright") is None:
        reason = "the playwright package is not installed (pip install -r requirements-dev.txt)"
    if reason:
        if _in_ci():
            pytest.fail(f"browser tests cannot run under CI: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop in this thread; the ORM calls the tests make between page
    # steps are still plain synchronous code, so Django's async guard is lifted for these tests only.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            yield b
            b.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(viewport=VIEWPORT, base_url=live_server.url)
    context.set_default_timeout(15_000)
    p = context.new_page()
    yield p
    context.close()
    # The live server outlives the test: a page's live stream would keep its server thread reading a
    # database this test is about to empty (and, at the end, destroy). End them while the database is here.
    from actions import live

    assert live.end_streams(timeout=30), "a live stream of this test did not end"


@pytest.fixture
def shot():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def _shot(page, name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=False)
        return path

    return _shot


def login(page, username: str) -> None:
    page.goto("/admin/login/?next=/admin/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("pw-" + username)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/admin/console/")
