"""Headless Chromium through selenium, as the deck, page and preview tests drive it."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any


def chromium(profile: Path, window: str = "1280,720", *flags: str) -> Any:
    """A headless Chromium with its own profile folder: it logs network and console events,
    plays media without a gesture and fetches nothing in the background (updates, sync).

    Parameters
    ----------
    profile : Path
        The user-data folder.
    window : str
        The window's size, ``"W,H"``.
    *flags : str
        More command-line flags (``--mute-audio``).

    Returns
    -------
    selenium.webdriver.Chrome
        The driver; the caller quits it.
    """
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--window-size={window}",
        "--autoplay-policy=no-user-gesture-required",
        f"--user-data-dir={profile}",
        *flags,
    ):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)


AXE = Path(__file__).resolve().parent / "js" / "node_modules" / "axe-core" / "axe.min.js"
# what axe-core checks: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and its best practices
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def axe_violations(driver: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it stands (installed by ``make setup``).

    Parameters
    ----------
    driver : selenium.webdriver.Chrome
        A driver on the page, in the state to check.

    Returns
    -------
    list of dict
        Each violation's ``id``, ``impact``, ``help`` and the selectors of its nodes.
    """
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(AXE.read_text(encoding="utf-8"))
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}})"
        ".then((r) => done(r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.map((n) => n.target.join(' '))}))))"
        ".catch((e) => done([{id: 'axe-error', impact: 'error', help: String(e), nodes: []}]));",
        AXE_TAGS,
    )
    return list(result)


# an element's text as the page wrote it: each formula (a <math> element, whose rendered text
# is its tokens one a line) as the formula's text (its data-formula), spaces collapsed
SHOWN_TEXT = (
    "const c = arguments[0].cloneNode(true);"
    "c.querySelectorAll('math').forEach((m) => m.replaceWith(m.dataset.formula));"
    "return c.textContent.replace(/\\s+/g, ' ').trim();"
)


def shown_text(element: Any) -> str:
    """The text of `element` (a selenium WebElement) as the page wrote it, formulas as text."""
    return str(element.parent.execute_script(SHOWN_TEXT, element))
