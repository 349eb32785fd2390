"""Mobjects made once per process: a layout tried at several widths builds its texts once.

A column is laid out by building it at a width, measuring it and building it again
(:func:`~scenes.figure.fit_column`); each build types the same formulas and texts, and each
formula a long line may break in is typed once more to measure it
(:func:`~scenes.figure.formula_lines`). Making a MathTex or a Text costs its LaTeX or Pango
outline's parse and a deep copy of the outline; a copy of a made one costs the copy alone,
and a measurement of one costs nothing.

A made mobject keeps its points but not the parsed SVG path each glyph's points were made
from (manim reads that path once, when it makes the glyph): a deep copy of a formula, which
every animation of it makes, then costs about an eighth of what it did (2 ms against 16 ms
for ``q · k = (1)(3) + (2)(−1) = 1``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

from manim import Mobject

__all__ = ["LIMIT", "made", "pristine"]

M = TypeVar("M", bound=Mobject)

LIMIT = 512  # mobjects kept (a scene makes about a hundred); the least recently used goes first
_MADE: OrderedDict[Hashable, Mobject] = OrderedDict()


def pristine(key: Hashable, make: Callable[[], M]) -> M:
    """The mobject ``make()`` builds for `key`, built on the first call only.

    The caller may read it (its width, its glyphs' places) and must not change it: to
    show it, take :func:`made`'s copy.

    Parameters
    ----------
    key : hashable
        Everything the result depends on (texts, size, colour, and which kind of maker).
    make : callable
        Builds the mobject.

    Returns
    -------
    Mobject
    """
    mob = _MADE.get(key)
    if mob is None:
        mob = _MADE[key] = make()
        for part in mob.get_family():
            if getattr(part, "path_obj", None) is not None:
                part.path_obj = None  # the glyph's parsed SVG path: its points are made
        if len(_MADE) > LIMIT:
            _MADE.popitem(last=False)
    else:
        _MADE.move_to_end(key)
    return mob  # type: ignore[return-value]


def made(key: Hashable, make: Callable[[], M]) -> M:
    """A copy of :func:`pristine`'s mobject for `key`: the caller's to place, scale and show.

    Examples
    --------
    >>> from manim import Square
    >>> a = made(("square", 2), lambda: Square(side_length=2))
    >>> b = made(("square", 2), lambda: Square(side_length=3))
    >>> a is not b, float(b.width), float(pristine(("square", 2), Square).width)
    (True, 2.0, 2.0)
    """
    copy: M = pristine(key, make).copy()
    return copy
