"""The formulas and texts a render made, kept for the next render of the same scene.

A scene makes each of its formulas and texts once per process (:mod:`scenes.memo`): the
LaTeX or Pango outline is parsed into shapes, which costs tens of milliseconds a formula
even when the TeX cache holds its SVG, and a scene makes about a hundred. The worker keeps
what a render made in ``made/`` beside the TeX cache, one file per scene (never inside manim's
``Tex/`` folder: manim removes every entry of it that is not an SVG whenever it compiles a
formula, and plain ``manim`` run in the project would meet our folder there), and hands it to
the next render
of the scene (:func:`scenes.memo.keep`), which then makes only what is new: a number the
author edited, a new caption.

A file is kept under a digest of everything the made mobjects depend on besides their keys
(:func:`code_digest`: the scene kit's, the lesson layer's and the math core's code, the
manim configuration, manim's and ManimPango's versions); an edit of that code starts the
scene afresh and the file of the old digest is removed. A text's outline depends on the
picture's size in pixels too (manim lays a text out with Pango on a canvas of the render's
pixel width, which cuts a line longer than the picture), so each picture size keeps its own
file (:func:`canvas`): a low-quality preview and a medium build never hand each other texts.
The files are pickles this program wrote into its own cache; one that cannot be read is
ignored (the render makes everything).
"""

from __future__ import annotations

import hashlib
import pickle
import shutil
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from pipeline.files import atomic_write
from pipeline.job import source_digests

__all__ = ["FOLDER", "canvas", "code_digest", "kept", "load", "move_from_tex", "save"]

FOLDER = "made"  # a folder of the media root, beside manim's Tex/
# the code a made formula or text depends on, besides its key (texts, size, colour)
CODE = ("scenes", "lesson", "mathcore")


def code_digest(root: Path | None = None) -> str:
    """A digest of the code and versions that made mobjects depend on besides their keys.

    Examples
    --------
    >>> len(code_digest()), code_digest() == code_digest()
    (16, True)
    """
    h = hashlib.sha256()
    for rel, digest in sorted(source_digests(CODE, (".py",), root).items()):
        h.update(f"{rel}\0{digest}\0".encode())
    for package in ("manim", "manimpango"):
        try:
            h.update(f"{package} {version(package)}\0".encode())
        except PackageNotFoundError:
            h.update(f"{package} -\0".encode())
    return h.hexdigest()[:16]


def move_from_tex(tex: Path, kept: Path) -> None:
    """Move the kept files an earlier version wrote into ``Tex/made`` to `kept`, once.

    Manim prunes its ``Tex/`` folder of everything but SVGs and fails on a folder there, so
    nothing of ours may stay in it. Another process may be moving it at the same time: the
    first rename wins and the folder left over is removed.

    Parameters
    ----------
    tex : pathlib.Path
        Manim's LaTeX folder (``media/Tex``).
    kept : pathlib.Path
        Where the kept files live now (``media/made``).
    """
    old = tex / FOLDER
    if not old.is_dir() or old.is_symlink():
        return
    kept.parent.mkdir(parents=True, exist_ok=True)
    try:
        old.rename(kept)
    except OSError:  # `kept` exists already (or another process moved it): the old one goes
        shutil.rmtree(old, ignore_errors=True)


def canvas() -> str:
    """The picture size manim makes texts for now, ``<width>x<height>`` in pixels."""
    from manim import config

    return f"{config.pixel_width}x{config.pixel_height}"


def _file(folder: Path, scene: str, digest: str, size: str) -> Path:
    return folder / f"{scene}-{size}-{digest}.pickle.z"


def load(folder: Path, scene: str, digest: str, size: str) -> int:
    """Give :mod:`scenes.memo` what the last render of `scene` made under `digest`.

    Parameters
    ----------
    folder : pathlib.Path
        Where the files are kept.
    scene : str
        The scene's class name.
    digest : str
        :func:`code_digest` of the code now.
    size : str
        :func:`canvas`, the picture size of the render.

    Returns
    -------
    int
        How many mobjects were handed over (0 without a file, or with one unreadable).
    """
    from scenes import memo

    path = _file(folder, scene, digest, size)
    try:
        entries = pickle.loads(zlib.decompress(path.read_bytes()))
    except Exception:  # none yet, or a damaged or foreign file: make everything
        return 0
    if not isinstance(entries, dict):
        return 0
    memo.keep(entries)
    return len(entries)


def save(folder: Path, scene: str, digest: str, size: str) -> int:
    """Keep what this process's render of `scene` used, if it made anything new.

    The mobjects :func:`scenes.memo.used` returns are written to `scene`'s file of picture
    size `size` under `digest` in one rename; its files of that size under other digests
    (and of an earlier version, which named no size) are removed.

    Returns
    -------
    int
        How many mobjects were written (0 when the render made nothing new).
    """
    from scenes import memo

    if not memo.made_here():
        return 0
    entries = memo.used()
    folder.mkdir(parents=True, exist_ok=True)
    path = _file(folder, scene, digest, size)
    atomic_write(path, zlib.compress(pickle.dumps(entries, protocol=pickle.HIGHEST_PROTOCOL), 1))
    earlier = [
        *folder.glob(f"{scene}-{size}-*.pickle.z"),
        *folder.glob(f"{scene}-{'?' * 16}.pickle.z"),
    ]
    for old in earlier:
        if old != path:
            old.unlink(missing_ok=True)
    return len(entries)


@contextmanager
def kept(folder: Path, tex: Path, scene: str) -> Iterator[None]:
    """Hand one run of `scene` what its last run made, then keep what this one made.

    Used around a render or a dry run, inside its manim configuration (the picture size
    names the file, :func:`canvas`).

    Parameters
    ----------
    folder : pathlib.Path
        Where the files are kept (``media/made``).
    tex : pathlib.Path
        Manim's LaTeX folder, from which an earlier version's ``Tex/made`` is moved.
    scene : str
        The scene's class name.
    """
    from scenes import memo

    memo.begin()
    digest, size = code_digest(), canvas()
    move_from_tex(tex, folder)
    load(folder, scene, digest, size)
    yield
    save(folder, scene, digest, size)
