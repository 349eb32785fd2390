"""Where the test suite keeps what it may reuse from one run to the next (outside the checkout).

One place for every cache of the suite, so a fresh clone's second ``make test`` (and its first,
when another clone already ran on this machine) finds its LaTeX, voice takes and shared runs
warm. Each user of it takes a sub-folder of its own and keys its entries by content: nothing
stale is ever read back.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
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


STORE_DAYS = 14  # a clip of the suite's store not made again for this long is removed


def clip_store() -> Path:
    """The suite's clip store (``lecture --store``), kept between runs like the dry runs.

    A clip is stored under the hash of every input it was rendered from (the product's own
    rule for its store), so a later run reuses only what it would render the same; entries
    older than :data:`STORE_DAYS` go, so it does not grow without bound. Tests whose subject
    is not the render itself (the joined lesson, the pages, OCR, the quiz's silence) take
    their clips from it, so a warm run renders only what changed.

    Returns
    -------
    Path
        The store's folder (made when missing).
    """
    root = cache_root() / "clip-store"
    cutoff = time.time() - STORE_DAYS * 86400
    for entry in root.glob("??/" + "?" * 64):
        if entry.is_dir() and entry.stat().st_mtime < cutoff:
            shutil.rmtree(entry, ignore_errors=True)
    return root


# The render's own caches in a media folder, content-addressed by the product: LaTeX's SVGs
# by the TeX source, synthetic voice takes by text, voice and engine, the formulas and texts
# a render made by scene under a digest of the code that makes them.
RENDER_CACHES = ("Tex", "voice-cache", "made")
RUN_DAYS = 1  # a run's media folder left behind (the run was killed) is removed after this


def run_media() -> Path:
    """The media folder of this test run (``LECTURE_MEDIA`` for everything the suite runs).

    The suite never reads or writes the checkout's ``media/``, which holds what its user
    rendered: each run renders, plans and reads manifests in a folder of its own under
    :func:`cache_root`, whose caches are the suite's (:func:`share_render_caches`). The test
    processes of one run (pytest-xdist's workers inherit the variable) share the folder.

    Returns
    -------
    Path
        A new, empty folder (the first process of a run), or the run's (its workers).
    """
    given = os.environ.get("LECTURE_MEDIA")
    if given and os.environ.get("PYTEST_XDIST_WORKER"):
        return Path(given)
    runs = cache_root() / "runs"
    runs.mkdir(exist_ok=True)
    cutoff = time.time() - RUN_DAYS * 86400
    for old in runs.iterdir():
        if old.stat().st_mtime < cutoff:
            shutil.rmtree(old, ignore_errors=True)
    return Path(tempfile.mkdtemp(prefix=time.strftime("%Y%m%d-%H%M%S-"), dir=runs))


def share_render_caches(media: Path, names: tuple[str, ...] = RENDER_CACHES) -> list[Path]:
    """Point a media folder's missing LaTeX, voice and made-formula caches at the suite's,
    so a fresh clone's renders find every formula and synthetic take an earlier run made (as
    a working copy that renders every day does). An existing folder is left alone; files of
    the shared caches not made again for :data:`STORE_DAYS` days are removed.

    Parameters
    ----------
    media : Path
        The run's media folder (:func:`run_media`), or a test's own.
    names : tuple of str
        Which of :data:`RENDER_CACHES` to share (a test of the made formulas keeps its own
        ``made/`` and shares the LaTeX and voice caches only).

    Returns
    -------
    list of Path
        The links made (empty when the checkout has its own caches).
    """
    made = []
    cutoff = time.time() - STORE_DAYS * 86400
    for name in names:
        shared = cache_root() / name
        shared.mkdir(exist_ok=True)
        link = media / name
        if link.is_symlink() or link.exists():
            continue
        for f in shared.rglob("*"):
            if f.is_file() and f.stat().st_mtime < cutoff:
                f.unlink(missing_ok=True)
        media.mkdir(parents=True, exist_ok=True)
        try:
            link.symlink_to(shared, target_is_directory=True)
        except FileExistsError:  # another process of the run made it first
            continue
        made.append(link)
    return made
