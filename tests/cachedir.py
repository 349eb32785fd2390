"""Where the test suite keeps what it may reuse from one run to the next (outside the checkout).

One place for every cache of the suite, so a fresh clone's second ``make test`` (and its first,
when another clone already ran on this machine) finds its LaTeX, voice takes and shared runs
warm. Each user of it takes a sub-folder of its own and keys its entries by content: nothing
stale is ever read back.
"""

from __future__ import annotations

import os
from pathlib import Path

PROJECT = "inner-product-lecture"


def cache_root() -> Path:
    """The suite's per-user cache folder, made if missing.

    ``$LECTURE_TEST_CACHE`` when set (a CI cache, or a fresh folder to run cold); otherwise
    ``$XDG_CACHE_HOME/inner-product-lecture/tests``, ``~/.cache/...`` when that is unset.

    Returns
    -------
    Path
        An existing folder, writable by this user.
    """
    given = os.environ.get("LECTURE_TEST_CACHE")
    if given:
        root = Path(given)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        root = Path(xdg) / PROJECT / "tests"
    root.mkdir(parents=True, exist_ok=True)
    return root
