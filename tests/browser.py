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
