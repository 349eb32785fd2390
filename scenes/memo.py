"""Mobjects made once per process: a layout tried at several widths builds its texts once.

A column is laid out by building it at a width, measuring it and building it again
(:func:`~scenes.figure.fit_column`); each build types the same formulas and texts, and each
formula a long line may break in is typed once more to measure it
(:func:`~scenes.figure.formula_lines`). Making a MathTex or a Text costs its LaTeX or Pango
outline's parse and a deep copy of the outline; a copy of a made one costs the copy alone,
and a measurement of one costs nothing.

A made mobject keeps its points but not the parsed SVG path each glyph's points were made
from (manim reads that path once, when it makes the glyph), so the files a render keeps for
the next (:mod:`pipeline.shapes`) do not carry it. Every other formula or text (a label a
scene types itself, a brace, manim's own numbers) keeps its paths, and manim deep-copies every
mobject an animation transforms or fades: :func:`share_parsed_paths` makes each copy share
the parsed path instead of copying its every point (a copy of ``q · k = (1)(3) + (2)(−1) = 1``
cost 16 ms with its paths copied, 2 ms without; a dry run of AttentionScores with its
formulas cached, 4.1 s before and 2.3 s after).

What is left of a copy is manim's ``Mobject.__deepcopy__``: ``copy.deepcopy`` of each of a
part's thirty-odd attributes, most of them numbers, flags and names that ``deepcopy`` hands
back unchanged after a lookup, and the part's colours, each rebuilt through ``__reduce_ex__``.
:func:`fast_copies` gives a mobject and a colour a copy that keeps those values without the
call and copies each number array once, as ``deepcopy`` does (the same arrays, shared where
they were shared), and leaves everything else to ``deepcopy``: the copy is the one manim
makes, built in about half the time (a Text and a MathTex of 86 parts, 3.0 ms to 1.7 ms).

Importing this module changes nothing of manim's: the render worker and the dry run install
:func:`share_parsed_paths`, :func:`fast_copies` and :func:`fast_boundaries` through
:func:`pipeline.manim_adapter.install`, which checks manim's version first.
"""

from __future__ import annotations

import copy
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import PosixPath
from typing import Any, TypeVar, cast

import numpy as np
import svgelements
from manim import ManimColor, Mobject, VMobject
from manim.constants import CapStyleType, LineJointType

from scenes.svgparts import drop_groups

__all__ = [
    "LIMIT",
    "begin",
    "fast_boundaries",
    "fast_copies",
    "keep",
    "made",
    "made_here",
    "made_keys",
    "made_since",
    "manim_boundaries",
    "manim_copies",
    "pristine",
    "share_parsed_paths",
    "used",
    "watch",
]

M = TypeVar("M", bound=VMobject)

LIMIT = 512  # mobjects kept (a scene makes about a hundred); the least recently used goes first
_MADE: OrderedDict[Hashable, VMobject] = OrderedDict()
_USED: set[Hashable] = set()  # keys handed out in this process
_HERE: set[Hashable] = set()  # keys made in this process (not kept from an earlier one)
_WATCHERS: list[Callable[[VMobject | None, float], object]] = []  # see :func:`watch`


def _same_path(path: svgelements.Path, memo: dict[int, object]) -> svgelements.Path:
    return path


def share_parsed_paths() -> None:
    """A deep copy of a glyph shares the parsed SVG path its points were made from.

    Manim reads a glyph's ``path_obj`` once, when it makes the glyph's points, and never
    changes it; a deep copy of it (every point of every segment, as Python objects) is most
    of what copying a formula costs. Idempotent.

    Examples
    --------
    >>> import copy, tempfile
    >>> from manim import MathTex, tempconfig
    >>> share_parsed_paths()
    >>> with (  # LaTeX runs in a folder of its own, quietly (not the project's media/)
    ...     tempfile.TemporaryDirectory() as media,
    ...     tempconfig({"media_dir": media, "verbosity": "ERROR"}),
    ... ):
    ...     glyph = MathTex("x").get_family()[-1]
    >>> copy.deepcopy(glyph).path_obj is glyph.path_obj
    True
    """
    svgelements.Path.__deepcopy__ = _same_path


# values deepcopy returns as they are (``copy._deepcopy_atomic``; an enum copies to itself),
# and a path (an SVG's file name), which cannot change: deepcopy rebuilds an equal one
_KEPT: frozenset[type] = frozenset(
    {int, float, bool, str, bytes, complex, type(None), LineJointType, CapStyleType, PosixPath}
)
_NIL = object()


def _copied(attrs: dict[str, Any], memo: dict[int, Any]) -> None:
    """Replace each value of `attrs` (a copy of an object's) by what ``deepcopy`` makes of it."""
    for name, value in attrs.items():
        kind = type(value)
        if kind in _KEPT:
            continue
        if kind is np.ndarray and not value.dtype.hasobject:
            new = memo.get(id(value), _NIL)
            if new is _NIL:  # an array met twice is copied once, as deepcopy does
                new = memo[id(value)] = value.copy(order="K")
            attrs[name] = new
        else:
            attrs[name] = copy.deepcopy(value, memo)


T = TypeVar("T")


def _attrs_deepcopy(self: T, memo: dict[int, Any]) -> T:
    """A new object of `self`'s class, its attributes deep copies of `self`'s.

    What ``deepcopy`` makes of a colour through ``__reduce_ex__``, without that call.
    """
    result = self.__class__.__new__(self.__class__)
    memo[id(self)] = result
    attrs = result.__dict__
    attrs.update(self.__dict__)
    _copied(attrs, memo)
    return result


def _mobject_deepcopy(self: Mobject, memo: dict[int, Any]) -> Mobject:
    """``Mobject.__deepcopy__`` (manim's): each attribute deep-copied, ``original_id`` set."""
    result = _attrs_deepcopy(self, memo)
    result.original_id = str(id(self))
    return result


# manim's own copies, kept to compare with (:func:`manim_copies`)
_MANIMS: dict[type, Any] = {
    Mobject: Mobject.__dict__["__deepcopy__"],
    ManimColor: ManimColor.__dict__.get("__deepcopy__"),
}


@contextmanager
def manim_copies() -> Iterator[None]:
    """Within the block, mobjects and colours copy as manim alone copies them."""
    mine = {kind: kind.__dict__.get("__deepcopy__") for kind in _MANIMS}
    try:
        for kind, copier in _MANIMS.items():
            _set_copier(kind, copier)
        yield
    finally:
        for kind, copier in mine.items():
            _set_copier(kind, copier)


def _set_copier(kind: type, copier: Any) -> None:
    if copier is None:
        if "__deepcopy__" in kind.__dict__:
            delattr(kind, "__deepcopy__")
    else:
        setattr(kind, "__deepcopy__", copier)  # noqa: B010


def fast_copies() -> None:
    """Mobjects and colours deep-copy as manim's copy does, in about half the time. Idempotent.

    Examples
    --------
    >>> from manim import Square
    >>> fast_copies()
    >>> square = Square(color="#58C4DD")
    >>> twin = square.copy()
    >>> twin.points is not square.points and bool((twin.points == square.points).all())
    True
    >>> twin.color == square.color, twin.stroke_width == square.stroke_width
    (True, True)
    """
    _set_copier(Mobject, _mobject_deepcopy)
    _set_copier(ManimColor, _attrs_deepcopy)


_MANIMS_BOUNDARY = VMobject.get_points_defining_boundary


def _anchors(self: VMobject) -> np.ndarray:
    """``VMobject.get_points_defining_boundary``: every part's anchors, in manim's order.

    Manim interleaves each part's start and end anchors row by row in Python and builds the
    array from the rows; here numpy interleaves them, the same points in the same order.
    """
    parts = []
    for part in cast(list[VMobject], self.get_family()):
        points = part.points
        if points.shape[0] == 1:
            parts.append(points)
            continue
        n = part.n_points_per_cubic_curve
        starts, ends = points[::n], points[n - 1 :: n]
        if len(starts) != len(ends):  # manim's zip(strict=True) raises: let it
            return cast(np.ndarray, _MANIMS_BOUNDARY(self))
        parts.append(np.stack([starts, ends], axis=1).reshape(-1, points.shape[1]))
    if not any(len(p) for p in parts):
        return np.array(())  # what manim gives when no part has a point
    return np.concatenate(parts)


def fast_boundaries() -> None:
    """A VMobject's boundary points (its corners, centre, edges) gathered by numpy. Idempotent.

    Manim lays a mobject out from them (``get_corner``, ``get_center``, ``next_to``), and a
    step's snapshot measures every text by them: a corner of a text of 53 glyphs, 1.6 ms to 0.5 ms.

    Examples
    --------
    >>> from manim import Square
    >>> fast_boundaries()
    >>> [float(x) for x in Square(side_length=2).get_corner((1, 1, 0))[:2]]
    [1.0, 1.0]
    """
    VMobject.get_points_defining_boundary = _anchors  # type: ignore[method-assign]


@contextmanager
def manim_boundaries() -> Iterator[None]:
    """Within the block, boundary points are gathered as manim alone gathers them."""
    mine = VMobject.get_points_defining_boundary
    VMobject.get_points_defining_boundary = _MANIMS_BOUNDARY  # type: ignore[method-assign]
    try:
        yield
    finally:
        VMobject.get_points_defining_boundary = mine  # type: ignore[method-assign]


def _light(mob: M) -> M:
    """`mob` without its glyphs' parsed SVG paths (their points are made) nor a text's groups."""
    drop_groups(mob)
    for part in mob.get_family():
        if getattr(part, "path_obj", None) is not None:
            vars(part)["path_obj"] = None  # the parsed SVG, not needed once points are made
    return mob


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
        for told in _WATCHERS:
            told(None, 0.0)
        t0 = time.perf_counter()
        mob = _MADE[key] = _light(make())
        _HERE.add(key)
        for told in _WATCHERS:
            told(mob, time.perf_counter() - t0)
        if len(_MADE) > LIMIT:
            _MADE.popitem(last=False)
    else:
        _MADE.move_to_end(key)
    _USED.add(key)
    return cast(M, mob)  # made by a `make` of this key's kind


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


def keep(entries: Mapping[Hashable, VMobject], here: bool = False) -> None:
    """Take mobjects made earlier (in another process) as :func:`pristine` would make them.

    A later :func:`pristine` of one of these keys returns it without making it. The caller
    answers for each being what ``make()`` would build now (same code, same key). With
    `here`, they count as made by this run (:func:`made_here`): a copy of this process made
    them for it (:mod:`pipeline.texbatch`).

    Examples
    --------
    >>> from manim import Circle
    >>> keep({("kept circle",): Circle(radius=3)})
    >>> float(pristine(("kept circle",), Circle).width)
    6.0
    """
    for key, mob in entries.items():
        if key not in _MADE:
            _MADE[key] = _light(mob)
            if here:
                _HERE.add(key)
    while len(_MADE) > LIMIT:
        _MADE.popitem(last=False)


def begin() -> None:
    """Start counting a new run of a scene in this process: what it uses and what it makes.

    The made mobjects stay (a later run takes them as it takes kept ones): only
    :func:`used` and :func:`made_here` start again, so that a process that runs several
    scenes keeps each one's own.
    """
    _USED.clear()
    _HERE.clear()


def used() -> dict[Hashable, VMobject]:
    """The mobjects :func:`pristine` handed out since :func:`begin` (made or kept), by key."""
    return {k: _MADE[k] for k in _USED if k in _MADE}


def made_here() -> int:
    """How many mobjects were made since :func:`begin` (not kept from an earlier one)."""
    return len(_HERE)


def watch(told: Callable[[VMobject | None, float], object]) -> None:
    """From now on :func:`pristine` calls ``told(None, 0.0)``, makes, ``told(mob, seconds)``."""
    _WATCHERS.append(told)


def made_keys() -> frozenset[Hashable]:
    """The keys of the mobjects made since :func:`begin`, as they stand now."""
    return frozenset(_HERE)


def made_since(before: frozenset[Hashable]) -> dict[Hashable, VMobject]:
    """The mobjects made since :func:`begin` whose keys are not in `before` (:func:`made_keys`).

    Examples
    --------
    >>> from manim import Square
    >>> mark = made_keys()
    >>> side = pristine(("made since", 5), lambda: Square(side_length=5))
    >>> list(made_since(mark)) == [("made since", 5)] and made_since(made_keys()) == {}
    True
    """
    return {k: _MADE[k] for k in _HERE - before if k in _MADE}
