"""The quiz scenes' drawing kit: what a kind's part draws its question and solution with.

:class:`QuizCanvas` is the scene a kind's part (:mod:`scenes.quiz.kinds`) is drawn on: the
lesson's entry, the sheet's numbers (``n``, ``eq``, ``pick``, ``formula`` from
:class:`~scenes.base.LessonScene`) and the quiz's own helpers, paragraphs, fractions,
products, chains of equalities and listings. :class:`~scenes.quiz.scene.QuizQuestion` adds the
storyboard.
"""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    MathTex,
    Text,
    VGroup,
    VMobject,
)

from lesson.model import Quiz
from scenes.base import LessonScene
from scenes.palette import C
from scenes.quiz.layout import (
    CHAIN_INDENT,
    STEP_MATH,
    STEP_TEXT,
    Part,
    flow,
    split_terms,
)
from scenes.tagging import Num, tag
from scenes.textfit import fit_into

__all__ = ["QuizCanvas"]


class QuizCanvas(LessonScene):
    """A scene that shows one ``[[quiz]]`` entry, with the helpers its kind draws with.

    Attributes
    ----------
    number : int
        The entry shown, counted from 1 (a subclass per place sets it).
    """

    number: int = 0  # the [[quiz]] entry shown, counted from 1

    @property
    def quiz(self) -> Quiz:
        """The ``[[quiz]]`` entry of the question."""
        return self.lesson.quiz[self.number - 1]

    def para(self, key: str, width: float, size: float = STEP_TEXT, color: str = C.TEXT) -> Text:
        """Catalogue text `key` wrapped to `width`; ``{name}`` is filled from the sheet."""
        return self.paragraph(key, width, size, color)

    def frac(self, num: list[Part], den: list[Part]) -> list[Part]:
        """Parts of a fraction ``num / den`` in TeX."""
        return [r"\frac{", *num, "}{", *den, "}"]

    def product(self, *keys: str) -> list[Part]:
        """Sheet values written as a product: ``√5√5``, ``4 · 1``."""
        parts: list[Part] = []
        for i, key in enumerate(keys):
            num = self.n(key)
            if i:
                parts.append(r"\cdot" if num.shown.tex[:1].isdigit() else r"\,")
            parts.append(num)
        return parts

    def chain(
        self, *segments: list[Part], width: float, size: float = STEP_MATH, color: str = C.TEXT
    ) -> VGroup:
        """A chain of equalities, wrapped onto further lines between its segments.

        A segment wider than a line whose value is a sum or a tuple (six products, six
        weights) is broken between its terms instead of shrunk (:meth:`broken`).
        """
        items: list[VMobject] = []
        for i, seg in enumerate(segments):
            item: VMobject = self.formula(*seg, size=size, color=color)
            room = width - (CHAIN_INDENT if i else 0.0)
            if item.width > room:
                item = self.broken(seg, room, size, color) or item
            items.append(item)
        return flow(items, width, buff=0.12, indent=CHAIN_INDENT)

    def broken(self, seg: list[Part], room: float, size: float, color: str) -> VGroup | None:
        """Segment `seg` in lines no wider than `room`, broken between the terms of its value.

        The value (the segment's last part, a sheet number) is one group of lines tagged
        with its key; what comes before it stands left of its first line. None when the
        segment does not end in a value that has terms to break between.
        """
        num = seg[-1] if seg else None
        if not isinstance(num, Num):
            return None
        terms = split_terms(num.shown.tex)
        if len(terms) < 2:
            return None
        head = self.formula(*seg[:-1], size=size, color=color) if seg[:-1] else VGroup()
        room -= head.width + 0.12 if seg[:-1] else 0.0
        widths = [MathTex(t, font_size=size).width for t in terms]
        lines: list[list[str]] = [[]]
        used = 0.0
        for term, w in zip(terms, widths, strict=True):
            if lines[-1] and used + w > room:
                lines.append([])
                used = 0.0
            lines[-1].append(term)
            used += w + 0.1 * size / STEP_MATH
        block = VGroup(*[MathTex(" ".join(ln), font_size=size, color=color) for ln in lines])
        block.arrange(DOWN, aligned_edge=LEFT, buff=0.12)
        for line in block:
            fit_into(line, room, 100.0)
        tag(block, num.key, num.shown.text)
        if seg[:-1]:
            block.next_to(head, RIGHT, buff=0.12)
            block.shift((head.get_center()[1] - block[0].get_center()[1]) * UP)
        return VGroup(head, block)

    def listing(
        self,
        rows: list[list[Part]],
        width: float,
        size: float = STEP_MATH,
        color: str | list[str] = C.TEXT,
    ) -> VGroup:
        """Formulas side by side, separated by commas, wrapped onto lines as needed.

        `color` is one colour for all, or one per formula.
        """
        colors = color if isinstance(color, list) else [color] * len(rows)
        items = [
            self.formula(*row, *([","] if i < len(rows) - 1 else []), size=size, color=c)
            for i, (row, c) in enumerate(zip(rows, colors, strict=True))
        ]
        return flow(items, width, buff=0.4)

    def vectors(self, names: list[tuple[str, str, str]], width: float, size: float) -> VGroup:
        """A listing ``q = (…), k = (…)`` from (TeX name, sheet key, colour) triples."""
        rows: list[list[Part]] = [[f"{tex} =", self.n(key)] for tex, key, _ in names]
        return self.listing(rows, width, size, [c for _, _, c in names])

    def exact(self, *keys: str) -> bool:
        """True when every sheet value `keys` is written exactly (no ``≈``)."""
        return all(self.sheet[k].exact for k in keys)
