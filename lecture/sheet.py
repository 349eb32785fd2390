"""The numbers sheet: for each scene, every value it shows, as the exact string a viewer reads.

Scenes take their labels from here (as :class:`~mathcore.fmt.Shown`, with TeX) and tests
compare what a scene put on screen with the same sheet; ``lecture numbers`` prints it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from fractions import Fraction

import mathcore as mc
from lecture.lesson import Lesson
from mathcore import fmt
from mathcore.fmt import Shown

__all__ = [
    "MAX_SYMBOLIC",
    "Sheet",
    "dot_terms",
    "numbers_sheet",
    "readout",
    "scene_inputs",
    "scene_sheet",
    "sheet_builder",
    "sheet_for",
]

Sheet = dict[str, Shown]
MAX_SYMBOLIC = 9  # longest symbolic step (like 4/√5) worth showing before its value


def dot_terms(x: Sequence[Fraction], y: Sequence[Fraction], places: fmt.Places) -> Shown:
    """The expanded product ``2(1) + 1(2)`` (negative factors in parentheses).

    Parameters
    ----------
    x, y : sequence of Fraction
        Vectors of the same length.
    places : Places
        Formatting places.

    Returns
    -------
    Shown
    """

    def factor(v: Fraction, first: bool) -> Shown:
        s = fmt.number(v, places)
        return fmt.Shown(f"({s.text})", f"({s.tex})") if v < 0 and first else s

    terms = [(factor(a, True), factor(b, False)) for a, b in zip(x, y, strict=True)]
    text = " + ".join(f"{a.text}({b.text})" for a, b in terms)
    tex = " + ".join(f"{a.tex}({b.tex})" for a, b in terms)
    return fmt.Shown(text, tex)


def readout(kind: str, q: Sequence[float], k: Sequence[float], places: fmt.Places) -> Shown:
    """What a live readout shows for `q` against `k`: ``dot``, ``cos`` or ``theta``.

    Parameters
    ----------
    kind : {"dot", "cos", "theta"}
        Which readout.
    q, k : sequence of float
        The current query and the key.
    places : Places
        Formatting places (``readout`` for dot and cos, ``angle`` for theta).

    Returns
    -------
    Shown
        Fixed places; cos and theta of a zero vector are an em dash (undefined).
    """
    if kind == "dot":
        return fmt.fixed(mc.dot(q, k), places.readout)
    if mc.angle_class(q, k) is mc.AngleClass.UNDEFINED:
        return fmt.Shown("—", r"\text{---}")
    if kind == "cos":
        return fmt.fixed(mc.cosine(q, k), places.readout)
    s = fmt.fixed(mc.angle_degrees(q, k), places.angle)
    return fmt.Shown(f"{s.text}°", rf"{s.tex}^\circ")


Builder = Callable[[Lesson], Sheet]
_BUILDERS: dict[str, tuple[Builder, tuple[str, ...]]] = {}
# Modules of lecture.sheets that register builders; imported on first use.
_MODULES = ("seed", "intro", "scores", "magnitude", "quiz")


def sheet_for(scene: str, *tables: str) -> Callable[[Builder], Builder]:
    """Register the decorated function as the sheet builder of `scene`.

    Parameters
    ----------
    scene : str
        Scene class name.
    *tables : str
        Top-level lesson tables the scene reads (part of its render hash).
    """

    def register(builder: Builder) -> Builder:
        _BUILDERS[scene] = (builder, tables)
        return builder

    return register


def _builders() -> dict[str, tuple[Builder, tuple[str, ...]]]:
    for name in _MODULES:
        importlib.import_module(f"lecture.sheets.{name}")
    return _BUILDERS


def sheet_builder(scene: str) -> Builder | None:
    """The function that builds `scene`'s sheet, or None."""
    builder = _builders().get(scene)
    return builder[0] if builder else None


def scene_inputs(scene: str) -> tuple[str, ...]:
    """Top-level lesson tables `scene` reads (none for a scene without a sheet)."""
    builder = _builders().get(scene)
    return builder[1] if builder else ()


def scene_sheet(lesson: Lesson, scene: str) -> Sheet:
    """Every value `scene` shows for `lesson`, keyed by quantity.

    Parameters
    ----------
    lesson : Lesson
        A loaded lesson.
    scene : str
        A scene class name.

    Returns
    -------
    dict of str to Shown
        Empty for a scene that shows no numbers (or is outside the lecture).
    """
    builder = _builders().get(scene)
    return builder[0](lesson) if builder else {}


def numbers_sheet(lesson: Lesson) -> dict[str, Sheet]:
    """The whole sheet, in lesson order: scene name -> quantity -> :class:`Shown`.

    Examples
    --------
    >>> from lecture.lesson import load_lesson
    >>> s = numbers_sheet(load_lesson())
    >>> s["ProjectionDrop"]["comp"].text, s["SoftmaxBarMorph"]["weight1"].text
    ('≈ 1.79', '0.330')
    """
    from lecture.scenes import ORDER

    return {name: scene_sheet(lesson, name) for name in ORDER}
