"""Numbers on screen that carry their sheet key: formula parts, tagged mobjects, live readouts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from manim import (
    DOWN,
    RIGHT,
    UP,
    Mobject,
    SingleStringMathTex,
    VGroup,
    VMobject,
)

from mathcore.fmt import Shown

__all__ = ["LiveNumber", "Num", "Part", "attach", "attached", "part_of", "sheet_keys", "tag"]

M = TypeVar("M", bound=VMobject)


@dataclass(frozen=True)
class Num:
    """A number from the sheet placed into a formula: its key and how it is shown."""

    key: str
    shown: Shown


Part = str | Num  # a piece of a formula: TeX, or a number from the sheet


def attach(mob: Mobject, **values: Any) -> None:
    """Keep `values` on `mob` as attributes: what the code that made it knows of it.

    A layout's scale (``fit_scale``) and named parts (``parts``), a text's lines
    (``line_count``, ``source_text``), the sheet values a part shows (``sheet_key``,
    ``sheet_multi``): manim's mobjects have no such fields, so they go into the object's own
    attributes (copies carry them) and are read back with :func:`attached`.
    """
    vars(mob).update(values)


def part_of(group: Mobject, i: int) -> VMobject:
    """The `i`-th part of a group of vector mobjects (manim types a part as any Mobject)."""
    part = group[i]
    if not isinstance(part, VMobject):
        raise TypeError(f"part {i} of {type(group).__name__} is a {type(part).__name__}")
    return part


def attached(mob: Mobject, name: str) -> Any:
    """The value :func:`attach` kept on `mob` under `name` (KeyError if none)."""
    return vars(mob)[name]


def sheet_keys(mob: Mobject) -> set[str]:
    """The sheet values `mob` itself is tagged with (its ``sheet_key`` and ``sheet_multi``).

    Examples
    --------
    >>> from manim import VMobject
    >>> m = VMobject()
    >>> attach(m, sheet_key="dot", sheet_multi={"q": "(2, 1)"})
    >>> sorted(sheet_keys(m)), sheet_keys(VMobject())
    (['dot', 'q'], set())
    """
    keys = set(getattr(mob, "sheet_multi", None) or ())
    key = getattr(mob, "sheet_key", None)
    if key is not None:
        keys.add(key)
    return keys


def _tag(mob: VMobject, key: str, text: str | Callable[[], str]) -> None:
    attach(mob, sheet_key=key, sheet_text=text)


def tag(mob: M, key: str, text: str) -> M:
    """Mark `mob` as showing sheet value `key` (written `text`) that is not a formula.

    For values a scene sets in its own type (a code listing, a program's printed line), so
    the tests and the verifier know them as sheet values; returns `mob`.
    """
    _tag(mob, key, text)
    return mob


class LiveNumber(VMobject):
    """A readout rebuilt from cached glyphs only when its displayed string changes.

    Parameters
    ----------
    value : callable
        Returns the :class:`Shown` to display now; called every frame by an updater.
    font_size : float
        Font size of the digits.
    """

    _glyphs: dict[tuple[str, float], SingleStringMathTex] = {}

    def __init__(self, value: Callable[[], Shown], font_size: float = 32, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._value, self._font = value, font_size
        self.shown = value()
        self.sheet_key: str | None = None
        self._build()
        self.add_updater(lambda m: m.refresh())

    @property
    def sheet_text(self) -> str:
        """The text currently on screen."""
        return self.shown.text

    def _glyph(self, token: str) -> VMobject:
        """A fresh glyph: the cached TeX outline's points in a light VMobject (no deep copy)."""
        key = (token, self._font)
        if key not in self._glyphs:
            self._glyphs[key] = SingleStringMathTex(token, font_size=self._font)
        paths = self._glyphs[key].family_members_with_points()
        return VGroup(
            *(VMobject(stroke_width=0, fill_opacity=1).set_points(m.points.copy()) for m in paths)
        )

    def _build(self) -> None:
        anchor = self.get_left() if self.submobjects else None
        tokens = {"−": "-", "°": r"^{\circ}", "—": r"\text{---}"}
        old, old_text = list(self.submobjects), getattr(self, "_text", "")
        # keep the glyphs of characters that did not change; make only the new ones
        parts = [
            old[i] if i < len(old_text) and old_text[i] == c else self._glyph(tokens.get(c, c))
            for i, c in enumerate(self.shown.text)
        ]
        kept = {id(p) for p in parts}
        # A running play keeps drawing the glyphs it saw when it started: empty the dropped
        # ones (they are this readout's own) so no ghost digits stay on screen.
        for glyph in old:
            if id(glyph) not in kept:
                for m in glyph.get_family():
                    m.clear_points()
        self._text = self.shown.text
        self.submobjects = []
        self.add(*parts)
        self.arrange(RIGHT, buff=0.04 * self._font / 32, aligned_edge=DOWN)
        digit_h = next((p.height for p in parts if p.height > 0.1), 0.3)
        for c, p in zip(self.shown.text, parts, strict=True):
            if c in "−—":
                p.set_y(parts[0].get_bottom()[1] + digit_h / 2 if len(parts) > 1 else p.get_y())
            elif c == "°":
                p.align_to(self, UP)
        self.set_color(self.color)
        if anchor is not None:
            self.shift(anchor - self.get_left())

    def refresh(self) -> None:
        """Rebuild if the value's string changed."""
        shown = self._value()
        if shown != self.shown:
            self.shown = shown
            self._build()
