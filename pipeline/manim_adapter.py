"""Every change this project makes to manim's internals, installed here and only here.

A render or a dry run is faster with five of manim's internals (and of svgelements', which
manim parses SVGs with) replaced by functions of :mod:`scenes` that give the same result,
each compared with manim's own by a test (``tests/test_shapes.py``):

- an SVG becomes the parts manim makes and the groups of its named elements only, each glyph
  outline parsed once (:func:`scenes.svgparts.lean_svgs`: ``SVGMobject.get_mobjects_from``,
  ``svgelements.Path.parse``);
- a deep copy of a glyph shares its parsed SVG path (:func:`scenes.memo.share_parsed_paths`:
  ``svgelements.Path.__deepcopy__``);
- mobjects and colours deep-copy without a ``deepcopy`` call per attribute
  (:func:`scenes.memo.fast_copies`: ``Mobject.__deepcopy__``, ``ManimColor.__deepcopy__``);
- a VMobject's boundary points are gathered by numpy (:func:`scenes.memo.fast_boundaries`:
  ``VMobject.get_points_defining_boundary``);
- within one scene run, MathTex and Tex get their SVGs through :mod:`pipeline.texbatch`,
  which typesets a scene's missing formulas in one LaTeX run (:func:`typesetting`: the
  ``tex_to_svg_file`` that ``manim.mobject.text.tex_mobject`` calls).

Importing a module of :mod:`scenes` (or this one) changes nothing: the render worker and the
dry run call :func:`install` before they make a scene, and :func:`install` first checks that
the installed manim is the one these functions were written against (:data:`MANIM`), and
refuses another in one line (:class:`ManimMismatch`); the ``lecture`` command checks it
before it starts any render (:func:`check_manim`).
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["MANIM", "ManimMismatch", "check_manim", "install", "installed_manim", "typesetting"]

# The manim release series the replaced internals are copied from and tested against
# (pyproject.toml pins the same: manim>=0.22,<0.23).
MANIM = (0, 22)


class ManimMismatch(RuntimeError):
    """The installed manim is not the one the project's changes of its internals are for."""


def installed_manim() -> str:
    """The version of the installed manim, from its package metadata (``0.22.0``).

    Raises
    ------
    ManimMismatch
        When no manim is installed.
    """
    try:
        return importlib.metadata.version("manim")
    except importlib.metadata.PackageNotFoundError:
        raise ManimMismatch(_wanted("no manim is installed")) from None


def _wanted(found: str) -> str:
    major, minor = MANIM
    return (
        f"{found}; the lecture replaces internals of manim {major}.{minor} only "
        f"(pip install 'manim>={major}.{minor},<{major}.{minor + 1}')"
    )


def check_manim(version: str | None = None) -> None:
    """Refuse a manim of another series than :data:`MANIM`, in one line.

    Parameters
    ----------
    version : str, optional
        The version to check (default: the installed manim's, :func:`installed_manim`).

    Raises
    ------
    ManimMismatch
        A one-line message naming the version found and the one wanted.

    Examples
    --------
    >>> check_manim("0.22.0")  # of the series: nothing to say
    >>> try:
    ...     check_manim("0.19.1")
    ... except ManimMismatch as e:
    ...     message = str(e)
    >>> len(message.splitlines()), message[:42]
    (1, 'manim 0.19.1 is installed; the lecture rep')
    """
    found = installed_manim() if version is None else version
    series = found.split(".")[:2]
    if series != [str(n) for n in MANIM]:
        raise ManimMismatch(_wanted(f"manim {found} is installed"))


def install() -> None:
    """Check manim's version, then install every lasting replacement (see the module's text).

    Idempotent; the render worker and the dry run call it before they make a scene.

    Raises
    ------
    ManimMismatch
        The installed manim is of another series than :data:`MANIM` (nothing is installed).
    """
    check_manim()
    from scenes import memo, svgparts

    svgparts.lean_svgs()
    memo.share_parsed_paths()
    memo.fast_copies()
    memo.fast_boundaries()


@contextmanager
def typesetting(tex_to_svg_file: Callable[..., Path]) -> Iterator[None]:
    """Within the block, MathTex and Tex get each formula's SVG file from `tex_to_svg_file`.

    It takes manim's arguments (``expression, environment=None, tex_template=None``) and
    returns the SVG's path; manim's own is ``manim.utils.tex_file_writing.tex_to_svg_file``.
    Manim's is back after the block.
    """
    import manim.mobject.text.tex_mobject as tex_mobject

    names = vars(tex_mobject)  # where MathTex finds tex_to_svg_file
    before = names["tex_to_svg_file"]
    names["tex_to_svg_file"] = tex_to_svg_file
    try:
        yield
    finally:
        names["tex_to_svg_file"] = before
