"""An SVG's parts as manim makes them, without a group for every element nobody can name.

Manim turns a parsed SVG into parts in ``SVGMobject.get_mobjects_from``: it walks the
elements, makes each shape a part, and makes a :class:`~manim.VGroup` for *every* element,
named by the element's ``id`` or, without one, ``numbered_group_<n>``, adding each part to
the group of every element above it. The groups become ``id_to_vgroup_dict``, which a
MathTex reads to find the parts of each of its substrings (``get_part_by_tex``, the
``unique…`` groups). A Pango text makes four groups a glyph (its style group, its ``use``,
the symbol's copy, the path), a third of the time a text takes to make (75,793 groups for the
325 texts of one cold dry run of the default lesson), and a copy of the text copies them all
again (a copy of a text of 53 glyphs, 2.3 ms with its groups, 0.6 ms without).

:func:`lean_svgs` makes the same parts and the groups of the elements with an ``id``
only: a ``numbered_group`` name is made up while walking and cannot be asked for. A text's
groups are then dropped when it is made once for a process (:func:`drop_groups`): a Text
never reads them.

Before that, svgelements parses the outline (``d``) of every glyph each time the glyph is
used: a text of 80 characters parses 80 outlines, most of them met before in the same text.
:func:`lean_svgs` also keeps each outline's parsed segments, and a path with an outline met
before takes copies of them, as ``copy`` of an svgelements path copies its segments (a text
of 80 characters, 88 ms to 70 ms).

Importing this module changes nothing: the render worker and the dry run install both
through :func:`pipeline.manim_adapter.install`, which checks manim's version first;
:func:`manim_svgs` gives manim's and svgelements' own back inside a block, to compare.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import svgelements as se
from manim import MarkupText, Mobject, SVGMobject, Text, VGroup, VMobject, logger

__all__ = ["drop_groups", "lean_svgs", "manim_svgs"]

_MANIMS = SVGMobject.get_mobjects_from
_PARSE = se.Path.parse
OUTLINES = 8192  # parsed outlines kept (a glyph at one size is one); the oldest goes first
_OUTLINES: dict[str, list[Any]] = {}
# the elements manim makes a part of (the list in ``get_mobjects_from``)
_SHAPES = (se.Path, se.SimpleLine, se.Rect, se.Circle, se.Ellipse, se.Polygon, se.Polyline, se.Text)


def _parts_and_named_groups(
    self: SVGMobject, svg: se.SVG
) -> tuple[list[VMobject], dict[str, VGroup]]:
    """``SVGMobject.get_mobjects_from`` with groups for the root and named elements only."""
    result: list[VMobject] = []
    stack: list[tuple[Any, int]] = [(svg, 1)]
    above: list[str | None] = ["root"]  # the names of the elements above, None if it has none
    groups: dict[str, VGroup] = {"root": VGroup()}
    while stack:
        element, depth = stack.pop()
        above = above[:depth]
        try:
            name: str | None = str(element.values["id"])
        except Exception:  # manim names it numbered_group_<n>, never looked up
            name = None
        if name is not None:
            groups[name] = VGroup()
        above.append(name)
        if isinstance(element, se.Group | se.Use):
            stack.extend((sub, depth + 1) for sub in element[::-1])
        try:
            if isinstance(element, _SHAPES):
                mob = self.get_mob_from_shape_element(element)
                if mob is not None:
                    result.append(mob)
                    for parent in above[:-1]:
                        if parent is not None:
                            groups[parent].add(mob)
        except Exception as e:  # as manim does: the element is left out
            logger.error(f"Exception occurred in 'get_mobjects_from'. Details: {e}")
    return result, groups


def _parse_once(self: se.Path, pathdef: str) -> None:
    """``svgelements.Path.parse``: an outline met before gives copies of its segments."""
    if self._segments:  # segments before it: parsing joins the first to them
        _PARSE(self, pathdef)
        return
    parsed = _OUTLINES.get(pathdef)
    if parsed is None:
        _PARSE(self, pathdef)
        if len(_OUTLINES) >= OUTLINES:
            del _OUTLINES[next(iter(_OUTLINES))]
        _OUTLINES[pathdef] = [copy.copy(segment) for segment in self._segments]
        return
    self._length = None
    self._segments.extend(copy.copy(segment) for segment in parsed)


def lean_svgs() -> None:
    """SVGs become the parts manim makes, the groups of named elements, outlines parsed once.

    Idempotent.

    Examples
    --------
    >>> import tempfile
    >>> from manim import MathTex, tempconfig
    >>> lean_svgs()
    >>> with (  # LaTeX runs in a folder of its own, quietly (not the project's media/)
    ...     tempfile.TemporaryDirectory() as media,
    ...     tempconfig({"media_dir": media, "verbosity": "ERROR"}),
    ... ):
    ...     formula = MathTex("a", "+", "b", "+", "c")
    >>> [p.tex_string for p in formula], len(formula.get_part_by_tex("b"))
    (['a', '+', 'b', '+', 'c'], 1)
    >>> any(name.startswith("numbered_group") for name in formula.id_to_vgroup_dict)
    False
    """
    SVGMobject.get_mobjects_from = _parts_and_named_groups  # type: ignore[method-assign]
    se.Path.parse = _parse_once


@contextmanager
def manim_svgs() -> Iterator[None]:
    """Within the block, SVGs are parsed and become parts and groups as manim alone does."""
    mine = SVGMobject.get_mobjects_from, se.Path.parse
    SVGMobject.get_mobjects_from = _MANIMS  # type: ignore[method-assign]
    se.Path.parse = _PARSE
    try:
        yield
    finally:
        SVGMobject.get_mobjects_from, se.Path.parse = mine  # type: ignore[method-assign]


def drop_groups(mob: Mobject) -> None:
    """Empty the SVG groups of each Pango text in `mob`'s family (a text never reads them)."""
    for part in mob.get_family():
        if isinstance(part, Text | MarkupText):
            part.id_to_vgroup_dict = {}
