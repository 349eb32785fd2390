"""Lines already said dim as the voice moves on; the line being said is at full strength.

A scene reveals a column of formulas and texts line by line as the voice says them
(:meth:`~scenes.base.LessonScene.unfold`, a ``Write`` or ``FadeIn`` in
:meth:`~scenes.base.LessonScene.play`). :class:`Focus` keeps the lines shown so far; when a
play reveals a new line (or lights one again: an ``Indicate`` of an earlier line, a number
said again), the lines of its column above and below it dim and it is at full strength
(signalling: the eye goes to what the voice speaks of, what is done steps back).

A dimmed glyph keeps WCAG 1.4.3's 4.5:1 against what is behind it: each colour dims only as
far as :func:`dim_opacity` allows (:data:`DIM_RATIO`, composited over its backdrop), so white
text dims a lot and a colour close to the limit hardly at all.

A line is one text on screen (a ``MathTex`` row, a ``Text`` paragraph) revealed on its own or
with other texts only (:func:`text_only`). Not lines: texts revealed with a figure (a legend
row's swatch, a bar's label, an axis's numbers), a title or heading (the scene's ``title`` or
``heading``), a label on a plane (inside a coordinate system's box: it belongs to the
picture), a live readout. Lines of one row (a table's cells
side by side) are said together and never dim each other; the parts of one formula written
in pieces (``Write(formula[0])``, then the rest) dim and light again together; lines
beside the column (no horizontal overlap, further apart) are another column and are left
alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from manim import Animation, CoordinateSystem, Indicate, Mobject, VMobject
from manim.mobject.text.tex_mobject import MathTexPart
from manim.utils.family import extract_mobject_family_members

from scenes.legibility import VISIBLE, box
from scenes.palette import BACKGROUND, TEXT_MIN, composite, contrast, hex_rgb
from scenes.snapshot import is_text
from scenes.tagging import LiveNumber

__all__ = [
    "DIM_RATIO",
    "SIGNALS",
    "Emphasis",
    "Focus",
    "Line",
    "dim_opacity",
    "line_texts",
    "text_only",
]

# A dimmed line's contrast: WCAG's 4.5:1 with room for the rounding of 8-bit pixels.
DIM_RATIO = TEXT_MIN + 0.2
SIGNALS: tuple[type[Animation], ...] = (Indicate,)  # a play that points at a line lights it


def dim_opacity(color: str, behind: str | tuple[float, float, float] = BACKGROUND) -> float:
    """The lowest opacity at which `color` over `behind` still reads at :data:`DIM_RATIO`.

    Parameters
    ----------
    color : str
        The text's colour (``#RRGGBB``).
    behind : str or tuple of float
        What it is painted over (the frame background, or a panel composited over it).

    Returns
    -------
    float
        An opacity in ``(0, 1]``: 1 when even the full colour reads under the ratio (it
        cannot dim).

    Examples
    --------
    >>> round(dim_opacity("#F2F2F2"), 2)  # white text on the frame dims to about half
    0.49
    >>> dim_opacity("#0072B2")  # Okabe–Ito's blue is 3.6:1 at full: it cannot dim
    1.0
    """
    base = hex_rgb(behind) if isinstance(behind, str) else behind

    def ratio(alpha: float) -> float:
        return contrast(composite([(color, alpha)], base), base)

    if ratio(1.0) <= DIM_RATIO:
        return 1.0
    lo, hi = 0.0, 1.0  # contrast grows with opacity: bisect for the least that keeps it
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if ratio(mid) >= DIM_RATIO else (mid, hi)
    return hi


class Emphasis(Animation):
    """One glyph's fill and outline opacity turned to `fill` and `stroke` (dim or light).

    The glyph itself is the animation's mobject, so the renderer redraws it as it changes,
    also while it is a piece of a formula still unfolding.
    """

    def __init__(self, glyph: VMobject, fill: float, stroke: float, **kwargs: Any) -> None:
        super().__init__(glyph, **kwargs)
        self.ends = (fill, stroke)
        self.starts = (fill, stroke)

    def create_starting_mobject(self) -> Mobject:
        """No copy: the start is two opacities (:meth:`begin`)."""
        return Mobject()

    def begin(self) -> None:
        """Note the glyph's opacities now: the change starts from them."""
        glyph = self.mobject
        assert isinstance(glyph, VMobject)
        self.starts = (float(glyph.get_fill_opacity()), float(glyph.get_stroke_opacity()))
        super().begin()

    def interpolate_mobject(self, alpha: float) -> None:
        """Set the opacities `alpha` of the way (after the rate function) to the ends."""
        t = self.rate_func(alpha)
        (f0, s0), (f1, s1) = self.starts, self.ends
        glyph = self.mobject
        assert isinstance(glyph, VMobject)
        glyph.set_fill(opacity=f0 + (f1 - f0) * t, family=False)
        glyph.set_stroke(opacity=s0 + (s1 - s0) * t, family=False)


@dataclass
class Line:
    """One text revealed on screen: its glyphs, their full opacities, whether it is dimmed."""

    text: Mobject
    glyphs: list[VMobject]
    full: list[tuple[float, float]]  # (fill, stroke) opacity of each glyph at full strength
    dimmed: bool = False


def line_texts(mob: Mobject) -> list[Mobject]:
    """The texts in `mob`'s family, outermost first found (a ``MathTex``, not its parts).

    A part of a formula revealed on its own (``Write(formula[0])``) is a text too.
    """
    if is_text(mob) or isinstance(mob, MathTexPart):
        return [mob]
    return [t for sub in mob.submobjects for t in line_texts(sub)]


def text_only(mob: Mobject) -> bool:
    """Whether everything `mob` draws is the glyphs of texts (no swatch, bar, box or axis).

    Only such a reveal shows lines: texts revealed with a figure (a legend row's swatch, a
    bar's label, an axis's numbers) belong to the figure and keep their strength.
    """
    glyphs = {id(g) for t in line_texts(mob) for g in t.family_members_with_points()}
    drawn = mob.family_members_with_points()
    return bool(drawn) and all(id(m) in glyphs for m in drawn)


def _glyphs(text: Mobject) -> list[VMobject]:
    return [m for m in text.family_members_with_points() if isinstance(m, VMobject)]


def _overlap(a: np.ndarray, b: np.ndarray, axis: int) -> bool:
    """Whether boxes `a` and `b` share more than a sliver along `axis` (0: x, 1: y)."""
    share = min(a[1][axis], b[1][axis]) - max(a[0][axis], b[0][axis])
    return bool(share > 0.2 * min(a[1][axis] - a[0][axis], b[1][axis] - b[0][axis]))


@dataclass
class Focus:
    """The lines a scene revealed, and which of them are dimmed.

    Parameters
    ----------
    keep : list of Mobject
        What never dims (the scene's title and headings).
    """

    keep: list[Mobject] = field(default_factory=list)
    lines: dict[int, Line] = field(default_factory=dict)
    parts: dict[int, int] = field(default_factory=dict)  # a formula's part -> the formula

    def together(self, texts: Iterable[Mobject], whole: Mobject) -> None:
        """Note that the formula parts among `texts` are parts of one formula, `whole`."""
        for text in texts:
            if isinstance(text, MathTexPart):
                self.parts[id(text)] = id(whole)

    def is_line(self, text: Mobject, planes: list[np.ndarray]) -> bool:
        """Whether `text` is a line of a column (see the module's notes)."""
        if isinstance(text, LiveNumber) or text.get_family_updaters():
            return False
        kept = {id(m) for k in self.keep for m in k.get_family()}
        if id(text) in kept:
            return False
        lo, hi = box(text)
        centre = (lo + hi) / 2
        return not any(np.all(centre >= p[0]) and np.all(centre <= p[1]) for p in planes)

    def change(
        self,
        scene: list[Mobject],
        said: Iterable[Mobject],
        own: set[int],
        run_time: float,
        pointed: Iterable[Mobject] = (),
    ) -> list[Animation]:
        """What changes as the texts `said` are revealed: the earlier lines of their column dim.

        Parameters
        ----------
        scene : list of Mobject
            The scene's mobjects now (before the play).
        said : iterable of Mobject
            The texts the play reveals: the lines being said.
        own : set of int
            Ids of the glyphs the play animates itself (a ``FadeIn``'s, an ``Indicate``'s):
            their opacities are set here, at once, before it starts from them.
        run_time : float
            Seconds of the play: the dimming takes as long.
        pointed : iterable of Mobject
            Lines shown before that the play points at (an ``Indicate``): lit again, at
            full; they dim nothing (the line being read stays at full beside them).

        Returns
        -------
        list of Animation
            One :class:`Emphasis` per glyph on screen that dims or lights again; play them
            with the play's own animations.
        """
        drawn = extract_mobject_family_members(scene, use_z_index=True, only_those_with_points=True)
        on = {id(m) for m in drawn}
        for key, gone in list(self.lines.items()):  # a line that left: at full, forgotten
            if not any(id(g) in on for g in gone.glyphs):
                self._set(gone, gone.full)
                del self.lines[key]
                self.parts.pop(key, None)
        planes = [box(m) for top in scene for m in top.get_family() if _axis_drawn(m, on)]
        now: list[Line] = []
        for text in said:
            line = self.lines.get(id(text))
            if line is None:
                if not self.is_line(text, planes):
                    continue
                glyphs = _glyphs(text)
                full = [
                    (float(g.get_fill_opacity()), float(g.get_stroke_opacity())) for g in glyphs
                ]
                line = self.lines[id(text)] = Line(text, glyphs, full)
            elif not line.dimmed:
                continue  # already at full: the voice goes on with the same line
            now.append(line)
        whole = self.parts | {  # a formula's parts, each a line when shown alone: the formula
            id(part): id(t) for top in scene for t in line_texts(top) for part in t.submobjects
        }
        lit = [self.lines[id(t)] for t in pointed if id(t) in self.lines]
        lit += self._parts_with(lit, whole)  # the whole formula, not only the part pointed at
        anims: list[Animation] = []
        for line in [*now, *lit]:  # the lines being said, or said again: at full
            if line.dimmed:
                anims += self._turn(line, line.full, on, own, run_time)
                line.dimmed = False
        if not now:
            return anims
        letters = {id(g) for top in scene for t in line_texts(top) for g in t.get_family()}
        boxes = [box(line.text) for line in now]
        current = {id(line) for line in [*now, *lit, *self._parts_with(now, whole)]}
        left = {
            id(line): line
            for line in self.lines.values()
            if not line.dimmed
            and id(line) not in current
            and not any(_overlap(box(line.text), b, 1) for b in boxes)
        }
        # a line of the column dims, and with it the other parts of its formula
        fading = [ln for ln in left.values() if any(_overlap(box(ln.text), b, 0) for b in boxes)]
        fading += self._parts_with(fading, whole)
        for line in fading:
            if left.pop(id(line), None) is None:
                continue
            dim = self._dim_levels(line, drawn, letters)
            anims += self._turn(line, dim, on, own, run_time)
            line.dimmed = True
        return anims

    def _parts_with(self, lines: list[Line], whole: dict[int, int]) -> list[Line]:
        """The other lines that are parts of the same formula as any of `lines`.

        `whole` maps a part of a formula on screen to the formula (ids).
        """
        formulas = {whole[id(line.text)] for line in lines if id(line.text) in whole}
        mine = {id(line) for line in lines}
        return [
            other
            for other in self.lines.values()
            if id(other) not in mine and whole.get(id(other.text)) in formulas
        ]

    def _dim_levels(
        self, line: Line, drawn: list[Mobject], letters: set[int]
    ) -> list[tuple[float, float]]:
        """Each glyph's opacities dimmed: as low as its colour keeps :data:`DIM_RATIO`."""
        behind = _backdrop(line, drawn, letters)
        out = []
        for glyph, (fill, stroke) in zip(line.glyphs, line.full, strict=True):
            f = min(fill, dim_opacity(_hex(glyph.get_fill_color()), behind))
            s = stroke
            if glyph.get_stroke_width() > 0 and stroke > VISIBLE:
                s = min(stroke, dim_opacity(_hex(glyph.get_stroke_color()), behind))
            out.append((f, s))
        return out

    @staticmethod
    def _set(line: Line, levels: list[tuple[float, float]]) -> None:
        for glyph, (fill, stroke) in zip(line.glyphs, levels, strict=True):
            glyph.set_fill(opacity=fill, family=False)
            glyph.set_stroke(opacity=stroke, family=False)

    @staticmethod
    def _turn(
        line: Line, levels: list[tuple[float, float]], on: set[int], own: set[int], run_time: float
    ) -> list[Animation]:
        """Turn `line` to `levels`: glyphs on screen in time, the others (and `own`) at once."""
        anims: list[Animation] = []
        for glyph, (fill, stroke) in zip(line.glyphs, levels, strict=True):
            if id(glyph) in on and id(glyph) not in own:
                anims.append(Emphasis(glyph, fill, stroke, run_time=run_time))
            else:
                glyph.set_fill(opacity=fill, family=False)
                glyph.set_stroke(opacity=stroke, family=False)
        return anims


def _hex(color: object) -> str:
    """A manim colour as ``#RRGGBB`` (none: the frame's background)."""
    return str(color.to_hex()) if hasattr(color, "to_hex") else BACKGROUND


def _axis_drawn(m: Mobject, on: set[int]) -> bool:
    """Whether `m` is a coordinate system whose axes are on screen."""
    if not isinstance(m, CoordinateSystem):
        return False
    return any(id(p) in on for p in m.get_axes().family_members_with_points())


def _backdrop(line: Line, drawn: list[Mobject], letters: set[int]) -> tuple[float, float, float]:
    """The colour behind `line`'s middle: the frame and the filled shapes under it there.

    `letters` are the glyphs of every text on screen: a glyph is not a backdrop.
    """
    glyphs = {id(m) for m in line.text.get_family()}
    lo, hi = box(line.text)
    centre = (lo + hi) / 2
    layers = []
    for m in drawn:
        if id(m) in glyphs:
            break  # drawn over the line: not behind it
        if id(m) in letters or not isinstance(m, VMobject) or m.get_fill_opacity() <= 0.01:
            continue
        a, b = box(m)
        if np.all(centre >= a) and np.all(centre <= b):
            layers.append((_hex(m.get_fill_color()), float(m.get_fill_opacity())))
    return composite(layers, BACKGROUND)
