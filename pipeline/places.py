"""Where a lesson's outputs go: its folder, ``media/`` and ``voice/`` in it, and the code's root.

Read by every module that writes (the render settings re-export these names, see
:mod:`pipeline.settings`); imports no other module of the pipeline, so the voice package
(:mod:`pipeline.voice`), which the settings read for the voice registry, can ask where its
cache and recordings go without an import circle.
"""

from __future__ import annotations

import os
from pathlib import Path

from lesson.model import DEFAULT_LESSON

__all__ = ["PROJECT_MARK", "ROOT", "lesson_folder", "media_root", "recordings_root", "use_lesson"]

# The folder holding the project's packages: the checkout, or site-packages when installed.
# Code is read from it, never written to it.
ROOT = Path(__file__).resolve().parent.parent
# The marker of a lesson project folder: manim's own project file (this checkout has one).
PROJECT_MARK = "manim.cfg"


def lesson_folder(lesson_file: Path) -> Path:
    """The folder a lesson's renders, pages, decks and recordings go into.

    The nearest folder at or above the lesson file that holds a ``manim.cfg`` (a project of
    several lessons, as the checkout: ``lessons/*.toml`` write into its ``media/`` and
    ``voice/``), else the folder the lesson file is in (a folder of ``lecture new``). The lesson
    an installed package ships (the default, inside site-packages) belongs to the current
    folder: nothing is ever written into the package.

    Parameters
    ----------
    lesson_file : Path
        The lesson's TOML file (it need not exist).

    Returns
    -------
    Path
        An absolute path.

    Examples
    --------
    >>> import tempfile
    >>> top = Path(tempfile.mkdtemp()).resolve()
    >>> lesson_folder(top / "mine" / "lesson.toml") == top / "mine"
    True
    >>> _ = (top / "manim.cfg").write_text("[CLI]")
    >>> lesson_folder(top / "lessons" / "variants" / "v1.toml") == top
    True
    """
    path = Path(lesson_file).resolve()
    for folder in path.parents:
        if (folder / PROJECT_MARK).is_file():
            return folder
    if path.is_relative_to(ROOT / "lessons"):  # shipped with an installed package
        return Path.cwd().resolve()
    return path.parent


def media_root() -> Path:
    """Where renders and the render caches go: ``LECTURE_MEDIA`` if set, else ``media/``.

    ``media/`` of the lesson's folder (:func:`lesson_folder`): the ``lecture`` command sets
    ``LECTURE_MEDIA`` for the lesson it runs (:func:`use_lesson`); without it, the default
    lesson's folder (the checkout, or the current folder for an installed package).

    The folder holds each lesson's renders (``<lesson-id>/<quality>/``) and the caches every
    render shares: ``Tex/`` (manim's own LaTeX folder, which plain ``manim`` reads and prunes
    too), ``voice-cache/`` (synthetic takes), ``made/`` (formulas and texts a render made,
    :mod:`pipeline.shapes`) and ``clip-store/``. Nothing of ours lives inside ``Tex/``.

    Returns
    -------
    Path
        An absolute path (a relative ``LECTURE_MEDIA`` is taken from the working folder).
    """
    given = os.environ.get("LECTURE_MEDIA")
    return Path(given).resolve() if given else lesson_folder(DEFAULT_LESSON) / "media"


def recordings_root() -> Path:
    """Where recorded takes live: ``LECTURE_RECORDINGS`` if set, else ``voice/``.

    ``voice/`` of the lesson's folder, as :func:`media_root` has ``media/``.

    Returns
    -------
    Path
        The folder (it need not exist).
    """
    given = os.environ.get("LECTURE_RECORDINGS")
    return Path(given) if given else lesson_folder(DEFAULT_LESSON) / "voice"


def use_lesson(lesson_file: Path) -> None:
    """Send this process's and its children's outputs to `lesson_file`'s folder.

    Sets ``LECTURE_MEDIA`` and ``LECTURE_RECORDINGS`` to ``media/`` and ``voice/`` of
    :func:`lesson_folder`, each unless it is set already (the user's choice, or the suite's):
    every module reads them when asked where to write, and the render workers inherit them.
    """
    folder = lesson_folder(lesson_file)
    os.environ.setdefault("LECTURE_MEDIA", str(folder / "media"))
    os.environ.setdefault("LECTURE_RECORDINGS", str(folder / "voice"))
