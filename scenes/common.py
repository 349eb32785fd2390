"""What every lesson scene shares: palette, lesson and sheet, labelled formulas, snapshots."""

from __future__ import annotations

import os
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    MathTex,
    Mobject,
    Scene,
    SingleStringMathTex,
    Tex,
    Text,
    VGroup,
    VMobject,
    config,
)

from lecture.lesson import DEFAULT_LESSON, Lesson, load_lesson
from lecture.sheet import scene_sheet
from mathcore.fmt import Shown
from scenes.strings import catalogue

__all__ = [
    "C",
    "FRAME_MARGIN",
    "LessonScene",
    "LiveNumber",
    "Num",
    "Snapshot",
    "fit_into",
    "frame_box",
]

FRAME_MARGIN = 0.25  # no text closer than this to the frame edge


class C:
    """Okabe–Ito colour-blind-safe palette; the same role keeps its colour in every scene."""

    QUERY = "#E69F00"  # orange
    KEY = "#56B4E9"  # sky blue
    PROJECTION = "#009E73"  # bluish green
    RESIDUAL = "#D55E00"  # vermillion
    POSITIVE = "#0072B2"  # blue
    NEGATIVE = "#CC79A7"  # reddish purple
    ACCENT = "#F0E442"  # yellow
    MUTED = "#8A8F98"
    TEXT = "#F2F2F2"
    GRID = "#3A4250"


@dataclass(frozen=True)
class Num:
    """A number from the sheet placed into a formula: its key and how it is shown."""

    key: str
    shown: Shown


def _tag(mob: Mobject, key: str, text: str | Callable[[], str]) -> None:
    mob.sheet_key = key  # type: ignore[attr-defined]
    mob.sheet_text = text  # type: ignore[attr-defined]


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


def fit_into(mob: Mobject, width: float, height: float) -> Mobject:
    """Scale `mob` down (never up) so it fits a `width` x `height` box."""
    s = min(1.0, width / max(mob.width, 1e-6), height / max(mob.height, 1e-6))
    return mob.scale(s)


@dataclass
class Snapshot:
    """What was on screen at the end of one section."""

    section: str
    time: float
    numbers: dict[str, str] = field(default_factory=dict)
    number_boxes: dict[str, np.ndarray] = field(default_factory=dict)
    number_kinds: dict[str, str] = field(default_factory=dict)  # "part" of a formula, or "text"
    boxes: list[tuple[str, np.ndarray]] = field(default_factory=list)
    mismatched: list[tuple[str, str, str]] = field(default_factory=list)


def _visible(m: Mobject) -> bool:
    if isinstance(m, VMobject):
        fill, stroke = m.get_fill_opacities(), m.get_stroke_opacities()
        return bool(np.any(fill > 0.05) or np.any(stroke > 0.05))
    return True


def _box(m: Mobject) -> np.ndarray:
    """Bounding box ``[[x0, y0], [x1, y1]]`` in scene units."""
    return np.array([m.get_corner(DOWN + LEFT)[:2], m.get_corner(UP + RIGHT)[:2]])


def _text_mobjects(mobs: list[Mobject]) -> list[Mobject]:
    out: list[Mobject] = []
    for m in mobs:
        if isinstance(m, Text | MathTex | Tex | SingleStringMathTex | LiveNumber):
            if m.width > 0 and any(_visible(p) for p in m.family_members_with_points()):
                out.append(m)
        else:
            out.extend(_text_mobjects(m.submobjects))
    return out


class LessonScene(Scene):
    """A scene that reads one lesson and its part of the numbers sheet.

    The lesson file comes from ``LECTURE_LESSON`` (default: the bundled lesson) and the
    language from ``LECTURE_LANG`` (default ``id``). Numbers reach the screen only through
    :meth:`num` and :meth:`formula`, which tag each part with its sheet key, so tests can
    compare what is shown with the sheet. At each section end a :class:`Snapshot` records
    the numbers and the text boxes on screen.
    """

    lesson: Lesson
    sheet: dict[str, Shown]

    def setup(self) -> None:
        """Load the lesson, the sheet and the string catalogue."""
        self.lesson = load_lesson(os.environ.get("LECTURE_LESSON", str(DEFAULT_LESSON)))
        self.sheet = scene_sheet(self.lesson, type(self).__name__)
        self.lang = os.environ.get("LECTURE_LANG", "id")
        self.strings = catalogue(self.lang)
        self.snapshots: list[Snapshot] = []
        self._section = ""
        self._caption: tuple[str, float] | None = None

    # --- content helpers -------------------------------------------------------------
    def n(self, key: str) -> Num:
        """The sheet value `key`, ready to place in :meth:`formula`."""
        return Num(key, self.sheet[key])

    def eq(self, key: str) -> list[str | Num]:
        """Parts for "= value" (exact) or "≈ value" (rounded) after an expression."""
        num = self.n(key)
        return ["=", num] if num.shown.exact else [num]

    def t(self, key: str, size: float = 28, color: str = C.TEXT) -> Text:
        """Catalogue text `key` as a Text mobject.

        A ``{name}`` placeholder in the catalogue text is filled with the sheet value `name`
        (its plain text), and the Text is tagged with it like a formula part.
        """
        template = self.strings[key]
        names = [f for _, f, _, _ in string.Formatter().parse(template) if f]
        values = {n: self.sheet[n].text for n in names}
        mob = Text(template.format(**values), font_size=size, color=color)
        if values:
            mob.sheet_multi = values  # type: ignore[attr-defined]
        return mob

    def formula(self, *parts: str | Num, size: float = 34, color: str = C.TEXT) -> MathTex:
        """A TeX formula whose :class:`Num` parts carry their sheet key.

        Parameters
        ----------
        *parts : str or Num
            Plain TeX pieces and sheet numbers, in order.
        size : float
            Font size.
        color : str
            Colour of the whole formula.

        Returns
        -------
        MathTex
        """
        texs = [p.shown.tex if isinstance(p, Num) else p for p in parts]
        mob = MathTex(*texs, font_size=size, color=color)
        for i, p in enumerate(parts):
            if isinstance(p, Num):
                _tag(mob[i], p.key, p.shown.text)
        return mob

    def live(self, value: Callable[[], Shown], size: float = 34, color: str = C.TEXT) -> LiveNumber:
        """A live readout; set ``.sheet_key`` when it rests on a sheet value."""
        return LiveNumber(value, font_size=size, color=color)

    # --- sections, subcaptions and snapshots -----------------------------------------
    def step(self, name: str) -> None:
        """End the current section (caption, snapshot) and start section `name`."""
        if self._section:
            self._end_caption()
            self._snapshot()
        self.next_section(name)
        self._section = name

    def say(self, key: str) -> None:
        """Show catalogue text `key` as the subtitle from now until the next one or section end."""
        self._end_caption()
        self._caption = (self.strings[key], float(self.time))

    def _end_caption(self) -> None:
        if self._caption is None:
            return
        text, start = self._caption
        self._caption = None
        length = float(self.time) - start
        if length > 0:
            self.add_subcaption(text, duration=length, offset=-length)

    def tear_down(self) -> None:
        """Close the last subtitle and snapshot the last section."""
        self._end_caption()
        self._snapshot()
        super().tear_down()

    def _snapshot(self) -> None:
        snap = Snapshot(self._section, float(self.time))
        for m in self.mobjects:
            for part in m.get_family():
                tags = dict(getattr(part, "sheet_multi", {}))
                if getattr(part, "sheet_key", None) is not None:
                    tags[part.sheet_key] = part.sheet_text
                if not tags or not any(_visible(p) for p in part.family_members_with_points()):
                    continue
                for key, text in tags.items():
                    if key in snap.numbers and snap.numbers[key] != text:
                        snap.mismatched.append((key, snap.numbers[key], text))
                    snap.numbers[key] = text
                    snap.number_boxes[key] = _box(part)
                    snap.number_kinds[key] = (
                        "part" if key == getattr(part, "sheet_key", None) else "text"
                    )
        for m in _text_mobjects(self.mobjects):
            label = getattr(m, "sheet_key", None) or type(m).__name__
            snap.boxes.append((label, _box(m)))
        self.snapshots.append(snap)


def frame_box() -> tuple[float, float]:
    """Half-width and half-height of the frame minus the margin."""
    return config.frame_width / 2 - FRAME_MARGIN, config.frame_height / 2 - FRAME_MARGIN


def fitted_plane(points: list[np.ndarray], width: float, height: float) -> Any:
    """A NumberPlane with equal x/y units that holds every point with a unit of room.

    Parameters
    ----------
    points : list of array
        2-D points (lesson coordinates) the plane must show; the origin is always included.
    width, height : float
        The box (scene units) the plane must fit.

    Returns
    -------
    NumberPlane
        Unlabelled grid (no tick numbers: every number on screen comes from the sheet).
    """
    from manim import NumberPlane

    pts = np.array([[0.0, 0.0], *[np.asarray(p, dtype=float)[:2] for p in points]])
    lo = np.floor(pts.min(axis=0)) - 1
    hi = np.ceil(pts.max(axis=0)) + 1
    span = hi - lo
    unit = min(width / span[0], height / span[1])
    step = 1 if unit > 0.3 else 2
    return NumberPlane(
        x_range=(lo[0], hi[0], step),
        y_range=(lo[1], hi[1], step),
        x_length=unit * span[0],
        y_length=unit * span[1],
        background_line_style={"stroke_color": C.GRID, "stroke_width": 1, "stroke_opacity": 0.8},
        axis_config={"stroke_color": C.MUTED, "stroke_width": 2},
    )


def clip_line(plane: Any, direction: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ends (scene coordinates) of the line through the origin along `direction`, in `plane`."""
    u = np.asarray(direction, dtype=float) / np.linalg.norm(direction)
    lo = np.array([plane.x_range[0], plane.y_range[0]])
    hi = np.array([plane.x_range[1], plane.y_range[1]])
    ts = [b / u[i] for i in range(2) if abs(u[i]) > 1e-12 for b in (lo[i], hi[i])]
    inside = [t for t in ts if np.all(t * u >= lo - 1e-9) and np.all(t * u <= hi + 1e-9)]
    return plane.c2p(*(min(inside) * u)), plane.c2p(*(max(inside) * u))


def half_plane(plane: Any, normal: np.ndarray, sign: int) -> list[np.ndarray]:
    """Corners (scene coordinates) of the part of `plane` where ``sign * <x, normal> >= 0``."""
    (x0, x1), (y0, y1) = plane.x_range[:2], plane.y_range[:2]
    rect = [np.array(p, dtype=float) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
    side = [sign * float(np.dot(p, normal)) for p in rect]
    out: list[np.ndarray] = []
    for i, p in enumerate(rect):
        j = (i + 1) % len(rect)
        if side[i] >= 0:
            out.append(p)
        if (side[i] >= 0) != (side[j] >= 0):
            t = side[i] / (side[i] - side[j])
            out.append(p + t * (rect[j] - p))
    return [plane.c2p(*p) for p in out]
