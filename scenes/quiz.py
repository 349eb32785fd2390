"""QuizQuestion1 … QuizQuestion10: the lesson's "Uji pemahaman", one question per scene.

Scene ``QuizQuestionN`` shows the lesson's N-th ``[[quiz]]`` entry, of whatever kind the entry
names: the lesson's list decides the quiz's questions and their order. Every scene has the
same storyboard (:class:`QuizQuestion`): the question card, said aloud; an invitation to
pause, then a countdown in silence; then the seed's worked solution step by step, each step's
captions saying its numbers (and the answer followed by a silence). The last frame keeps the
question, every worked row and the answer, which a box marks.

What a question asks and how its solution goes belongs to its kind: one class per kind
(:class:`QuestionKind`; the registry :mod:`lesson.quizkinds` names it), mixed into the scene
once the lesson is loaded. Every number comes from the scene's sheet
(``lesson/sheets/quiz.py``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache

from manim import (
    DOWN,
    LEFT,
    PI,
    RIGHT,
    TAU,
    UP,
    Animation,
    Arc,
    Circle,
    Create,
    FadeIn,
    FadeOut,
    MathTex,
    Mobject,
    ReplacementTransform,
    RoundedRectangle,
    SurroundingRectangle,
    Text,
    UpdateFromAlphaFunc,
    VGroup,
    Write,
    config,
    linear,
)

from lesson import captions
from lesson.model import Quiz
from lesson.quizkinds import MAX_QUESTIONS, kind_of
from lesson.sheets.quiz import pause_seconds
from mathcore import fmt
from scenes.base import LessonScene
from scenes.frame import MIN_FONT, frame_box
from scenes.palette import C
from scenes.snapshot import font_size, is_text
from scenes.tagging import Num, tag
from scenes.textfit import fit_into

# The scenes are named by place; the names are built, not typed (no digits here).
__all__ = [
    "AttentionQuestion",
    "CosineQuestion",
    "CosineVsScaleQuestion",
    "DimensionQuestion",
    "DotSignQuestion",
    "MagnitudeQuestion",
    "OrthogonalQuestion",
    "ProjectionQuestion",
    "QuestionKind",
    "QuizQuestion",
    "WinnerQuestion",
    "ZeroQueryQuestion",
    "kind_class",
    "with_kind",
    *(f"QuizQuestion{n}" for n in range(1, MAX_QUESTIONS + 1)),
]

CARD_PAD = 0.22  # room between the card's border and the question
CARD_MAX_H = 3.0  # the question card never takes more of the frame than this
GAP = 0.45  # between the two solution columns, when one is not enough
STEP_BUFF = 0.34  # between two steps of the solution
QUESTION_TEXT, QUESTION_MATH = 26, 36
STEP_TEXT, STEP_MATH = 24, 34
INSET = 0.02  # inside the title-safe area's edge, so rounding never puts a text across it
CHAIN_INDENT = 0.6  # left margin of a chain's later lines
ROW_BUFF = 0.2  # between two rows of the recap
MARK_BUFF = 0.08  # between the answer and its marker
# Scales a recap page tries, down to the one at which STEP_MATH is MIN_FONT.
RECAP_SCALES = (1.0, 0.93, 0.86, 0.8, 0.74, 0.68, 0.63, 0.6)

Part = str | Num
PAIR_STEPS = ("langkah-pasangan-pertama", "langkah-pasangan-kedua")  # a magnitude question's


@dataclass
class Say:
    """One caption of a step, and how many of the step's rows appear while it is said.

    Attributes
    ----------
    key : str
        Catalogue key of the caption.
    rows : int
        How many of the step's next rows appear with it (-1: all the rest).
    result : bool
        The caption states the question's answer: a silence follows it
        (:meth:`~scenes.base.LessonScene.say` with ``result=True``).
    fields : dict of str to str
        Fields of the text that name a sheet value by role (``{"c": "cos1"}``).
    """

    key: str
    rows: int = -1
    result: bool = False
    fields: dict[str, str] = field(default_factory=dict)


@dataclass
class Step:
    """One section of the worked solution.

    Attributes
    ----------
    name : str
        Section name (kebab case).
    says : list of Say
        The captions said in the step, in order (a bare catalogue key is one caption with
        all the rows).
    rows : list of Mobject
        What the step adds to the screen, top to bottom.
    page : int
        Which screenful of the solution the step is on (set by the layout).
    answer : int or None
        Index of the row that states the question's answer (marked on the last frame).
    gather : list of (Mobject, Mobject)
        The last step of a solution that took more than one screenful: the worked rows of
        the earlier steps, each (the row as first shown, the same row in the recap), brought
        together before the step's own rows (set by the layout).
    mark : Mobject or None
        What the answer marker surrounds at the step's end (set by the layout, last step).
    """

    name: str
    says: list[Say] | str
    rows: list[Mobject] = field(default_factory=list)
    page: int = 0
    answer: int | None = None
    gather: list[tuple[Mobject, Mobject]] = field(default_factory=list)
    mark: Mobject | None = None

    def __post_init__(self) -> None:
        if isinstance(self.says, str):
            self.says = [Say(self.says)]

    @property
    def captions(self) -> list[Say]:
        """The step's captions (:attr:`says` as a list)."""
        assert not isinstance(self.says, str)
        return self.says

    @property
    def group(self) -> VGroup:
        """The rows stacked left-aligned (built once)."""
        if not hasattr(self, "_group"):
            self._group = VGroup(*self.rows).arrange(DOWN, aligned_edge=LEFT, buff=0.16)
        return self._group


class QuestionKind:
    """What one kind of question asks and how its solution goes (mixed into a quiz scene).

    A kind's class sets :attr:`code` and fills the hooks :meth:`question` (the card's rows)
    and :meth:`solution` (the steps, the last one named ``kesimpulan``), drawing with the
    helpers of the :class:`QuizQuestion` it is mixed into (:func:`with_kind`).
    """

    code: str = ""  # catalogue keys of the question start with ``qz_<code>_``

    def question(self, width: float) -> list[Mobject]:
        """The card's rows (words as Text, numbers in MathTex), at most `width` wide."""
        raise NotImplementedError

    def solution(self, width: float) -> list[Step]:
        """The worked solution's steps, each row at most `width` wide."""
        raise NotImplementedError

    def question_subtitle(self) -> str:
        """Catalogue key of the subtitle read with the question."""
        return f"qz_{self.code}_sub_question"

    def question_fields(self) -> dict[str, str]:
        """Fields of the question's subtitle that name sheet values by role (none here)."""
        return {}


def kind_class(kind: str) -> type[QuestionKind]:
    """The class of quiz kind `kind`, as the registry names it (:mod:`lesson.quizkinds`)."""
    spec = kind_of(kind)
    cls: type[QuestionKind] = getattr(importlib.import_module(spec.scene_module), spec.scene)
    return cls


@cache
def with_kind(scene: type[QuizQuestion], kind: type[QuestionKind]) -> type[QuizQuestion]:
    """Scene class `scene` asking a question of class `kind`: a class of the same name.

    Its name, module and place stay the scene's (``QuizQuestion3``), so its files, chapter
    and scene-list entry do; its question and solution are the kind's.
    """
    attrs = {"__module__": scene.__module__, "__qualname__": scene.__qualname__}
    made: type[QuizQuestion] = type(scene.__name__, (kind, scene), attrs)
    return made


class QuizQuestion(LessonScene):
    """One question of "Uji pemahaman": card, pause with countdown, worked solution.

    A subclass per place sets :attr:`number`: it shows the lesson's entry of that number,
    and takes on the entry's kind when the lesson is loaded (:meth:`setup`). The question
    and the invitation to pause are said first; the countdown then runs in silence, so the
    silence before the solution is at least the lesson's pause (``[timing]``).
    """

    number: int = 0  # the [[quiz]] entry shown, counted from 1

    def setup(self) -> None:
        """Load the lesson and the sheet; then become a scene of the entry's kind."""
        super().setup()
        if not isinstance(self, QuestionKind):
            self.__class__ = with_kind(type(self), kind_class(self.quiz.kind))

    def construct(self) -> None:
        """Storyboard: the question, a pause to think, the solution step by step."""
        self.build()
        self.step("pertanyaan")
        self.show_question()
        if self.pause > 0:
            self.invite_pause()
            self.step("jeda")  # the invitation has been said: the countdown runs in silence
            self.count_down()
        for part in self.parts:
            self.step(part.name)
            self.reveal(part)

    # --- layout ------------------------------------------------------------------------
    @property
    def quiz(self) -> Quiz:
        """The ``[[quiz]]`` entry of the question."""
        return self.lesson.quiz[self.number - 1]

    def build(self) -> None:
        """Header, question card, the solution laid out below it, and the countdown.

        Everything stays inside the title-safe area (:func:`~scenes.frame.frame_box`).
        """
        half_w, half_h = frame_box()
        half_w, half_h = half_w - INSET, half_h - INSET
        self.area_w = 2 * half_w
        self.left = -half_w
        self.header = self.t("qz_header", 34, C.ACCENT)
        self.header.move_to([-half_w, half_h, 0], aligned_edge=UP + LEFT)
        self.tag = self.t("qz_tag", 24, C.MUTED)
        self.tag.move_to([half_w, half_h, 0], aligned_edge=UP + RIGHT).match_y(self.header)

        inner = self.area_w - 2 * CARD_PAD
        rows = VGroup(*self.question(inner)).arrange(DOWN, aligned_edge=LEFT, buff=0.2)
        fit_into(rows, inner, CARD_MAX_H)
        self.card = RoundedRectangle(
            corner_radius=0.15,
            width=self.area_w,
            height=rows.height + 2 * CARD_PAD,
            stroke_color=C.MUTED,
            stroke_width=1.5,
            fill_color=C.GRID,
            fill_opacity=0.35,
        )
        self.card.next_to(self.header, DOWN, buff=0.25).set_x(0)
        rows.move_to(self.card).align_to(self.card, LEFT).shift(CARD_PAD * RIGHT)
        self.question_rows = rows

        top = self.card.get_bottom()[1] - 0.35
        self.box_h = top + half_h
        self.box_top = top
        self.parts = self.layout_solution()
        self.countdown = self.build_countdown()

    def layout_solution(self) -> list[Step]:
        """Place the steps below the card; the last frame keeps the work and marks the answer.

        In one column if they all fit, else in pages (:meth:`paginate`). A solution that took
        more than one page ends on a recap (:meth:`recap`): its last step first brings the
        worked rows of every earlier step back, in two columns, then adds its own.
        """
        full = self.solution(self.area_w)
        body = VGroup(*[s.group for s in full]).arrange(DOWN, aligned_edge=LEFT, buff=STEP_BUFF)
        if body.height <= self.box_h:
            body.move_to([self.left, self.box_top, 0], aligned_edge=UP + LEFT)
            steps = full
        else:
            steps = self.paginate(full)
        if steps[-1].page > 0:
            steps[-1] = self.recap(steps)
        else:
            at, row = answer_of(steps)
            steps[-1].mark = steps[at].rows[row]
        return steps

    def paginate(self, full: list[Step]) -> list[Step]:
        """Place the steps in pages of two columns (the first page may hold them all).

        A page has two columns, filled like a newspaper: down the left, then down the
        right; when both are full the next step starts a new page (the old one is cleared
        first). A step too tall for half the width gets a full-width page of its own.
        """
        left = self.left
        col_w = (self.area_w - GAP) / 2
        half = self.solution(col_w)
        bottom = self.box_top - self.box_h
        steps: list[Step] = []
        page, column, y = -1, 2, self.box_top  # "column 2": no page open yet
        empty = True  # nothing placed on the open page yet
        for i, (wide, narrow) in enumerate(zip(full, half, strict=True)):
            tall = narrow.group.height > self.box_h  # needs a full-width page of its own
            fits = not tall and y - narrow.group.height >= bottom
            if column == 2 or (column == 1 and not fits) or (tall and not empty):
                page, column, y, empty = page + 1, 0, self.box_top, True
                rest = [s.group for s in full[i:]]
                if stack_height(rest) <= self.box_h:  # the rest fits one full-width page
                    body = VGroup(*rest).arrange(DOWN, aligned_edge=LEFT, buff=STEP_BUFF)
                    body.move_to([left, self.box_top, 0], aligned_edge=UP + LEFT)
                    for part in full[i:]:
                        part.page = page
                    return steps + full[i:]
            elif not fits:
                column, y = 1, self.box_top
            empty = False
            if tall:
                fit_into(wide.group, self.area_w, self.box_h)
                wide.group.move_to([left, self.box_top, 0], aligned_edge=UP + LEFT)
                wide.page, column = page, 2
                steps.append(wide)
                continue
            x = left + column * (col_w + GAP)
            narrow.group.move_to([x, y, 0], aligned_edge=UP + LEFT)
            y -= narrow.group.height + STEP_BUFF
            narrow.page = page
            steps.append(narrow)
        return steps

    def recap(self, steps: list[Step]) -> Step:
        """The last step of a solution that took more than one page, as a recap page.

        The worked rows of the earlier steps (every row but their sentences) come back in
        two columns, in reading order, balanced in height; the last step's own rows follow
        across the full width. The whole page shrinks until it fits below the card: formulas
        to no less than :data:`~scenes.frame.MIN_FONT`, sentences no smaller than that
        either (they re-wrap to the width they get instead).

        Parameters
        ----------
        steps : list of Step
            The solution as first laid out (the rows on screen before the last step).

        Returns
        -------
        Step
            The last step with its rows placed, :attr:`Step.gather` and :attr:`Step.mark`.
        """
        col_w = (self.area_w - GAP) / 2
        last = len(steps) - 1
        work = [(i, j) for i in range(last) for j, row in enumerate(steps[i].rows)]
        work = [(i, j) for i, j in work if not isinstance(steps[i].rows[j], Text)]
        target = answer_of(steps)
        built: dict[tuple[float, float], list[Step]] = {}

        def build(scale: float, width: float) -> list[Step]:
            """The solution built to be `width` wide once shrunk to `scale` (fresh per try)."""
            if (scale, width) not in built:
                built[scale, width] = self.solution(width / scale)
            return built[scale, width]

        def row(i: int, j: int, scale: float, width: float) -> Mobject:
            """Row `j` of step `i`: formulas at `scale`, sentences no smaller than the floor."""
            probe = build(scale, width)[i].rows[j]
            floor = max(scale, min(1.0, MIN_FONT / smallest_font(probe)))
            mob = build(floor, width)[i].rows[j] if floor != scale else probe
            return mob.scale(floor)

        chosen: tuple[list[Mobject], list[Mobject], int] = ([], [], 0)
        guess = 1.0
        for scale in RECAP_SCALES:
            if scale > guess + 1e-9 and scale != RECAP_SCALES[-1]:
                continue
            built.clear()
            table = [row(i, j, scale, col_w) for i, j in work]
            ends = range(len(steps[last].rows))
            wide = [row(last, j, scale, self.area_w) for j in ends]  # below both columns
            narrow = [row(last, j, scale, col_w) for j in ends]  # or in the columns
            heights = [self.place(table, wide), self.place(table + narrow, [])]
            best = 0 if heights[0] <= self.box_h or heights[0] <= heights[1] else 1
            chosen = (table, [wide, narrow][best], best)
            if heights[best] <= self.box_h:
                break
            guess = min(guess, scale * (self.box_h / heights[best]) ** 0.5)
        table, own, best = chosen
        if best:
            self.place(table + own, [])
        else:
            self.place(table, own)
        gather = [(steps[i].rows[j], new) for (i, j), new in zip(work, table, strict=True)]
        mark = own[target[1]] if target[0] == last else table[work.index(target)]
        end = steps[last]
        return Step(end.name, end.captions, own, end.page, end.answer, gather, mark)

    def place(self, columns: list[Mobject], below: list[Mobject]) -> float:
        """Place `columns` in two balanced columns and `below` them full width.

        Returns the height the page takes below the card.
        """
        col_w = (self.area_w - GAP) / 2
        bottom = self.box_top
        for x, column in zip((0, col_w + GAP), balance(columns, ROW_BUFF), strict=True):
            if column.submobjects:
                column.move_to([self.left + x, self.box_top, 0], aligned_edge=UP + LEFT)
                bottom = min(bottom, column.get_bottom()[1])
        if below:
            top = bottom - STEP_BUFF if columns else self.box_top
            group = VGroup(*below).arrange(DOWN, aligned_edge=LEFT, buff=ROW_BUFF)
            group.move_to([self.left, top, 0], aligned_edge=UP + LEFT)
            bottom = group.get_bottom()[1]
        return self.box_top - bottom

    def build_countdown(self) -> VGroup:
        """Ring, remaining seconds (formatted by mathcore.fmt) and a caption."""
        self.pause = pause_seconds(self.quiz, self.lesson.quiz_countdown)
        self.remaining = self.pause
        self.track = Circle(radius=0.75, color=C.GRID, stroke_width=10)
        self.ring = self.ring_arc(1.0)
        self.seconds = self.live(
            lambda: fmt.number(self.remaining, self.lesson.places),
            size=56,
            color=C.ACCENT,
        )
        centre = self.track.get_center()
        self.seconds.move_to(centre)
        caption = self.t("qz_pause", 26, C.MUTED).next_to(self.track, DOWN, buff=0.3)
        group = VGroup(self.track, self.ring, self.seconds, caption)
        top = self.box_top
        group.move_to([0, top - self.box_h / 2, 0])
        return group

    def ring_arc(self, fraction: float) -> Arc:
        """The part of the ring still left: a clockwise arc from twelve o'clock."""
        return Arc(
            radius=0.75,
            start_angle=PI / 2,
            angle=-TAU * max(fraction, 1e-3),
            arc_center=self.track.get_center(),
            color=C.ACCENT,
            stroke_width=10,
        )

    # --- content helpers ---------------------------------------------------------------
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
        items = []
        for i, seg in enumerate(segments):
            item = self.formula(*seg, size=size, color=color)
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

    # --- steps -------------------------------------------------------------------------
    def show_question(self) -> None:
        """Header, then the card and its question."""
        self.say(self.question_subtitle(), **self.question_fields())
        self.play(FadeIn(self.header), FadeIn(self.tag), run_time=0.8)
        self.play(FadeIn(self.card), FadeIn(self.question_rows, shift=0.1 * UP), run_time=1.5)
        self.hold(self.question_subtitle(), 2.3, least=3.0)

    def invite_pause(self) -> None:
        """Say the invitation to pause while the full countdown ring appears."""
        self.say(f"qz_{self.code}_sub_pause")
        self.play(FadeIn(self.countdown), run_time=0.5)

    def count_down(self) -> None:
        """A ring that empties while the seconds count down, in silence; then it goes away.

        One play per second: the readout changes only between plays, so no play ever
        draws the glyphs of a digit that has already been replaced.
        """
        total = self.pause
        for k in range(total):
            self.set_seconds(total - k)

            def tick(mob: Mobject, alpha: float, k: int = k) -> None:
                mob.become(self.ring_arc(1 - (k + alpha) / total))

            self.play(UpdateFromAlphaFunc(self.ring, tick), run_time=1, rate_func=linear)
        self.set_seconds(0)
        self.play(FadeOut(self.countdown), run_time=0.5)

    def set_seconds(self, seconds: int) -> None:
        """Show `seconds` on the countdown now, centred in the ring."""
        self.remaining = seconds
        self.seconds.refresh()
        self.seconds.move_to(self.track.get_center())

    def reveal(self, part: Step) -> None:
        """The step's captions in turn, each with its rows; every caption is said whole.

        The previous page is cleared first; a recap (:meth:`recap`) brings the earlier
        steps' worked rows back instead, moving those still on screen to their new places.
        The last step ends with its answer marked. A caption stays until it has been said
        and can be read (the scene holds at the next caption or at the section's end).
        """
        shown = 0
        for i, cue in enumerate(part.captions):
            self.say(cue.key, result=cue.result, **cue.fields)
            if i == 0:
                self.turn_page(part)
            count = len(part.rows) - shown if cue.rows < 0 else cue.rows
            for row in part.rows[shown : shown + count]:
                if isinstance(row, Text):
                    self.play(FadeIn(row, shift=0.1 * UP), run_time=0.8)
                else:
                    self.play(Write(row), run_time=1.4)
            shown += count
        if part.mark is not None:
            self.marker = answer_marker(part.mark)
            self.play(Create(self.marker), run_time=0.8)

    def turn_page(self, part: Step) -> None:
        """Clear the rows of earlier pages, or gather their work onto a recap page."""
        moved = {id(old) for old, _ in part.gather if old in self.mobjects}
        gone = [
            row
            for s in self.parts
            if s.page < part.page or (part.gather and s is not part)
            for row in s.rows
            if row in self.mobjects and id(row) not in moved
        ]
        anims: list[Animation] = [FadeOut(row) for row in gone]
        for old, new in part.gather:
            if id(old) in moved:
                anims.append(ReplacementTransform(old, new))
            else:
                anims.append(FadeIn(new))
        if anims:
            self.play(*anims, run_time=1.2 if part.gather else 0.6)

    def hold(self, key: str, spent: float, least: float = 1.5) -> None:
        """Wait until the subtitle `key` could be read (no cap), and at least `least` seconds."""
        need = captions.needed(self.strings[key], float(config.frame_rate), self.lang) - spent
        self.wait(max(least, need))


def flow(items: list[Mobject], width: float, buff: float = 0.3, indent: float = 0.0) -> VGroup:
    """Lay `items` out left to right, starting a new (indented) line when one is full.

    Parameters
    ----------
    items : list of Mobject
        Pieces in reading order; one wider than a line is scaled to fit it.
    width : float
        Line width.
    buff : float
        Space between pieces on a line.
    indent : float
        Extra left margin of every line after the first.

    Returns
    -------
    VGroup
        One VGroup per line, left-aligned.
    """
    lines: list[list[Mobject]] = [[]]
    used = 0.0
    for item in items:
        room = width - (indent if len(lines) > 1 else 0.0)
        fit_into(item, room, 100.0)
        if lines[-1] and used + buff + item.width > room:
            lines.append([])
            used = 0.0
            room = width - indent
            fit_into(item, room, 100.0)
        used += (buff if lines[-1] else 0.0) + item.width
        lines[-1].append(item)
    rows = [VGroup(*line).arrange(RIGHT, buff=buff) for line in lines]
    group = VGroup(*rows).arrange(DOWN, aligned_edge=LEFT, buff=0.2)
    for row in rows[1:]:
        row.shift(indent * RIGHT)
    return group


def answer_marker(mob: Mobject) -> SurroundingRectangle:
    """A box around the answer `mob`, in the emphasis colour; it records what it marks.

    The box's ``marks`` is `mob`, so a step's snapshot knows which values are marked.
    """
    box = SurroundingRectangle(
        mob, color=C.ACCENT, buff=MARK_BUFF, corner_radius=0.08, stroke_width=3
    )
    box.marks = mob  # type: ignore[attr-defined]
    return box


def balance(items: list[Mobject], buff: float) -> tuple[VGroup, VGroup]:
    """Split `items` (in reading order) into two left-aligned columns of about equal height.

    The left column takes the first items; the split makes the taller column as short as
    it can be.
    """
    best = len(items)
    for k in range(len(items), 0, -1):
        taller = max(stack_height(items[:k], buff), stack_height(items[k:], buff))
        if taller < max(stack_height(items[:best], buff), stack_height(items[best:], buff)):
            best = k
    columns = (VGroup(*items[:best]), VGroup(*items[best:]))
    for column in columns:
        if column.submobjects:
            column.arrange(DOWN, aligned_edge=LEFT, buff=buff)
    return columns


def answer_of(steps: list[Step]) -> tuple[int, int]:
    """(step, row) of the row that states the answer: the one a step names, else the last."""
    for i, step in enumerate(steps):
        if step.answer is not None:
            return i, step.answer
    return len(steps) - 1, len(steps[-1].rows) - 1


def smallest_font(mob: Mobject) -> float:
    """The smallest font size among the texts in `mob` (a large number if it has none)."""
    sizes = [font_size(m) for m in mob.get_family() if is_text(m) and m.width > 0]
    return min(sizes, default=1000.0)


def split_terms(tex: str) -> list[str]:
    r"""A value's TeX cut into the terms of its sum or tuple.

    A sum is cut before each `` + `` and `` - `` outside brackets, a tuple after each ``,\ ``.

    Examples
    --------
    >>> split_terms(r"2 \cdot 1 + (-1) \cdot 4 - 6")
    ['2 \\cdot 1', '+ (-1) \\cdot 4', '- 6']
    >>> split_terms(r"\approx (0.191,\ 0.786)")
    ['\\approx (0.191,', '0.786)']
    """
    out: list[str] = []
    depth, start = 0, 0
    for i, c in enumerate(tex):
        if c in "({":
            depth += 1
        elif c in ")}":
            depth -= 1
        elif depth == 0 and i > start and tex.startswith((" + ", " - "), i):
            out.append(tex[start:i])
            start = i + 1
        elif depth == 1 and tex.startswith(",\\ ", i):
            out.append(tex[start : i + 1])
            start = i + 3
    out.append(tex[start:])
    return [t for t in out if t.strip()]


def stack_height(groups: list[Mobject], buff: float = STEP_BUFF) -> float:
    """Height of `groups` stacked with `buff` between them."""
    return sum(g.height for g in groups) + buff * max(len(groups) - 1, 0)


# --- the kinds of question (lesson/quizkinds.py names them) ---------------------------
class DotSignQuestion(QuestionKind):
    """Kind ``dot-sign``: compute a dot product; what its sign says about the angle."""

    code = "sign"

    def question(self, width: float) -> list[Mobject]:
        """Compute x · y, and say what its sign means for the angle."""
        ask = self.para("qz_sign_q_compute", width, QUESTION_TEXT)
        pair = self.formula(self.n("x"), r"\cdot", self.n("y"), size=QUESTION_MATH)
        return [
            flow([ask, pair], width, buff=0.25),
            self.para("qz_sign_q_sign", width, QUESTION_TEXT),
        ]

    def solution(self, width: float) -> list[Step]:
        """Multiply and add; the sign against 0; what the sign cannot tell."""
        sign = self.sheet.decisions["dot"]
        segments: list[list[Part]] = [[self.n("expanded")]]
        total = "qz_sign_sub_total_short"
        if "products" in self.sheet:
            segments.append(["=", self.n("products")])
            total = "qz_sign_sub_total"
        segments.append(self.eq("dot"))
        # "−8 < 0 ⇒ θ > 90°"; a zero product is itself the answer: "0 ⇒ θ = 90°"
        relation = {"neg": ("<", ">"), "pos": (">", "<"), "zero": ("", "=")}[sign]
        compare: list[Part] = [self.n("dot")]
        if sign != "zero":
            compare += [relation[0], self.n("zero")]
        compare.append(rf"\;\Rightarrow\;\theta {relation[1]}")
        exact = "zero" if sign == "zero" else "sign"
        return [
            Step(
                "langkah-kalikan",
                [Say("qz_sign_sub_multiply"), Say(total, rows=0)],
                [self.para("qz_sign_multiply", width), self.chain(*segments, width=width)],
            ),
            Step(
                "langkah-tanda",
                [Say(self.pick("qz_sign_sub_sign", "dot"), result=True)],
                [
                    self.para(self.pick("qz_sign_sign", "dot"), width),
                    self.formula(*compare, self.n("right_angle"), size=STEP_MATH),
                ],
                answer=1,
            ),
            Step(
                "kesimpulan",
                f"qz_sign_sub_exact_{exact}",
                [self.para(f"qz_sign_exact_{exact}", width, color=C.ACCENT)],
            ),
        ]


class CosineQuestion(QuestionKind):
    """Kind ``cosine``: u · v and the cosine of the angle; not the same quantity."""

    code = "cos"

    def question(self, width: float) -> list[Mobject]:
        """For u and v, compute u · v and cos θ."""
        names = [("u", "u", C.TEXT), ("v", "v", C.TEXT)]
        return [
            self.para("qz_cos_q", width, QUESTION_TEXT),
            self.vectors(names, width, QUESTION_MATH),
        ]

    def solution(self, width: float) -> list[Step]:
        """The product, both lengths (derived), the cosine, the difference."""
        cos: list[list[Part]] = [[r"\cos\theta = \frac{u \cdot v}{\|u\|_2\,\|v\|_2}"]]
        said, value = "qz_cos_sub_cos", "qz_cos_sub_value"
        if self.exact("dot", "norm_u", "norm_v"):
            cos.append(["=", *self.frac([self.n("dot")], self.product("norm_u", "norm_v"))])
            said = "qz_cos_sub_cos_ratio"
        if "cos_frac" in self.sheet:
            cos.append(["=", self.n("cos_frac")])
            value += "_frac"
        cos.append(self.eq("cos"))
        lengths = [
            [r"\|u\|_2 =", self.n("norm_u_terms"), *self.eq("norm_u")],
            [r"\|v\|_2 =", self.n("norm_v_terms"), *self.eq("norm_v")],
        ]
        return [
            Step(
                "langkah-hasil-kali",
                [Say("qz_cos_sub_dot"), Say("qz_cos_sub_dot_total", rows=0)],
                [
                    self.para("qz_cos_dot", width),
                    self.chain([r"u \cdot v =", self.n("expanded")], self.eq("dot"), width=width),
                ],
            ),
            Step(
                "langkah-panjang",
                "qz_cos_sub_lengths",
                [self.para("qz_cos_lengths", width), self.listing(lengths, width)],
            ),
            Step(
                "langkah-kosinus",
                [Say(said), Say(value, rows=0, result=True)],
                [self.para("qz_cos_cos", width), self.chain(*cos, width=width)],
            ),
            Step(
                "kesimpulan",
                self.pick("qz_cos_sub_note", "dot_vs_cos"),
                [self.para(self.pick("qz_cos_note", "dot_vs_cos"), width, color=C.ACCENT)],
                answer=0,
            ),
        ]


class ProjectionQuestion(QuestionKind):
    """Kind ``projection``: project q onto k; signed scalar length and projection vector."""

    code = "proj"

    def question(self, width: float) -> list[Mobject]:
        """Project q onto k."""
        names = [("q", "q", C.QUERY), ("k", "k", C.KEY)]
        return [
            self.para("qz_proj_q", width, QUESTION_TEXT),
            self.vectors(names, width, QUESTION_MATH),
        ]

    def solution(self, width: float) -> list[Step]:
        """Product and length; comp_k(q); proj_k(q) = (q · k / ‖k‖²) k; what the sign says."""
        comp: list[list[Part]] = [
            [r"\operatorname{comp}_k(q) = \frac{q \cdot k}{\|k\|_2}"],
        ]
        said = "qz_proj_sub_comp"
        if "comp_ratio" in self.sheet:
            comp.append(["=", self.n("comp_ratio")])
            said = "qz_proj_sub_comp_ratio"
        comp.append(self.eq("comp"))
        proj: list[list[Part]] = [
            [r"\operatorname{proj}_k(q) = \frac{q \cdot k}{\|k\|_2^2}\,k"],
            ["=", r"\frac{", self.n("dot"), "}{", self.n("kk"), r"}\,", self.n("k")],
            self.eq("proj"),
        ]
        firsts = [
            [r"q \cdot k =", self.n("expanded"), *self.eq("dot")],
            [r"\|k\|_2", *self.eq("norm_k")],
        ]
        return [
            Step(
                "langkah-hasil-kali",
                [Say("qz_proj_sub_first"), Say("qz_proj_sub_length", rows=0)],
                [self.para("qz_proj_first", width), self.listing(firsts, width)],
            ),
            Step(
                "langkah-proyeksi-skalar",
                [Say(said, result=True)],
                [
                    self.para("qz_proj_comp", width),
                    self.chain(*comp, width=width, color=C.PROJECTION),
                ],
            ),
            Step(
                "langkah-proyeksi-vektor",
                [Say("qz_proj_sub_proj", result=True)],
                [
                    self.para("qz_proj_proj", width),
                    self.formula(r"\|k\|_2^2 =", self.n("kk"), size=STEP_MATH),
                    self.chain(*proj, width=width, color=C.PROJECTION),
                ],
            ),
            Step(
                "kesimpulan",
                self.pick("qz_proj_sub_note", "dot"),
                [
                    self.para(self.pick("qz_proj_note", "dot"), width, color=C.ACCENT),
                    self.listing(
                        [
                            [r"\operatorname{comp}_k(q)", *self.eq("comp")],
                            [r"\operatorname{proj}_k(q)", *self.eq("proj")],
                        ],
                        width,
                        color=C.PROJECTION,
                    ),
                ],
                answer=1,
            ),
        ]


class OrthogonalQuestion(QuestionKind):
    """Kind ``orthogonal``: a zero dot product of non-zero vectors; the zero-vector caveat."""

    code = "orth"

    def question(self, width: float) -> list[Mobject]:
        """What follows from a zero product, and the care a zero vector needs."""
        return [self.para("qz_orth_q", width, QUESTION_TEXT)]

    def solution(self, width: float) -> list[Step]:
        """The angle formula, the lesson's example pair, cos θ = 0, the zero vector."""
        names = [("x", "x", C.TEXT), ("y", "y", C.TEXT)]
        lengths = [[r"\|x\|_2", *self.eq("norm_x")], [r"\|y\|_2", *self.eq("norm_y")]]
        forced = [
            [*self.product("norm_x", "norm_y"), r"\,\cos\theta =", self.n("dot")],
            [r"\;\Rightarrow\;\cos\theta =", self.n("zero")],
            [r"\;\Rightarrow\;\theta =", self.n("right_angle")],
        ]
        return [
            Step(
                "langkah-rumus",
                "qz_orth_sub_formula",
                [
                    self.para("qz_orth_formula", width),
                    MathTex(
                        r"x \cdot y = \|x\|_2\,\|y\|_2\cos\theta", font_size=STEP_MATH, color=C.TEXT
                    ),
                ],
            ),
            Step(
                "langkah-contoh",
                [
                    Say("qz_orth_sub_example", rows=2),
                    Say("qz_orth_sub_lengths", rows=1),
                    Say("qz_orth_sub_example_dot"),
                ],
                [
                    self.para("qz_orth_example", width),
                    self.vectors(names, width, STEP_MATH),
                    self.listing(lengths, width),
                    self.chain([r"x \cdot y =", self.n("expanded")], self.eq("dot"), width=width),
                ],
            ),
            Step(
                "langkah-tegak-lurus",
                [Say("qz_orth_sub_perpendicular", result=True)],
                [self.para("qz_orth_perpendicular", width), self.chain(*forced, width=width)],
            ),
            Step(
                "kesimpulan",
                "qz_orth_sub_zero_vector",
                [
                    self.formula(  # the answer stays in view
                        r"x \cdot y =",
                        self.n("dot"),
                        r"\;\Rightarrow\;\theta =",
                        self.n("right_angle"),
                        size=STEP_MATH,
                    ),
                    self.para("qz_orth_zero_vector", width, color=C.ACCENT),
                    self.formula(
                        self.n("origin"),
                        r"\cdot",
                        self.n("y"),
                        "=",
                        self.n("origin_dot"),
                        size=STEP_MATH,
                    ),
                ],
                answer=0,
            ),
        ]


class MagnitudeQuestion(QuestionKind):
    """Kind ``magnitude``: the same dot product from different lengths and directions."""

    code = "mag"

    def question(self, width: float) -> list[Mobject]:
        """Two pairs with the same product, and why that is not the same alignment."""
        pairs = [[self.n(f"x{i}"), r"\cdot", self.n(f"y{i}"), "=", self.n("dot")] for i in (1, 2)]
        return [
            self.listing(pairs, width, QUESTION_MATH),
            self.para("qz_mag_q", width, QUESTION_TEXT),
        ]

    def question_fields(self) -> dict[str, str]:
        """The two pairs, named in the question's subtitle."""
        return {f"{v}{t}": f"{v}{i}" for i, t in ((1, "a"), (2, "b")) for v in ("x", "y")}

    def pair_step(self, i: int, width: float) -> Step:
        """Lengths of pair `i` and the cosine of its angle."""
        lengths = [
            [r"\|", self.n(f"{v}{i}"), r"\|_2", *self.eq(f"norm_{v}{i}")] for v in ("x", "y")
        ]
        cos: list[list[Part]] = [[rf"\cos\theta_{{{i}}}"]]
        ratio = self.exact("dot", f"norm_x{i}", f"norm_y{i}")
        if ratio:
            den = self.product(f"norm_x{i}", f"norm_y{i}")
            cos[0] += ["=", *self.frac([self.n("dot")], den)]
        cos[0] += self.eq(f"cos{i}")
        first = "first" if i == 1 else "second"
        said = self.pick(f"qz_mag_sub_{first}", f"pair{i}")
        if not ratio:
            said = said.replace("_if_", "_plain_if_")
        fields = {"nx": f"norm_x{i}", "ny": f"norm_y{i}", "c": f"cos{i}"}
        return Step(
            PAIR_STEPS[i - 1],
            [Say(said, fields=fields)],
            [
                self.para(self.pick(f"qz_mag_{first}", f"pair{i}"), width),
                self.listing(lengths, width),
                self.formula(*cos[0], size=STEP_MATH),
            ],
        )

    def solution(self, width: float) -> list[Step]:
        """Each pair's cosine, then why the same product is not the same alignment."""
        compare: list[Part] = []
        for i in (1, 2):
            compare += [r"\qquad" if compare else "", rf"\cos\theta_{{{i}}}", *self.eq(f"cos{i}")]
        return [
            self.pair_step(1, width),
            self.pair_step(2, width),
            Step(
                "kesimpulan",
                [
                    Say(
                        self.pick("qz_mag_sub_note", "cosines"),
                        result=True,
                        fields={f"c{t}": f"cos{i}" for i, t in ((1, "a"), (2, "b"))},
                    )
                ],
                [
                    self.para(self.pick("qz_mag_note", "cosines"), width, color=C.ACCENT),
                    self.formula(*[p for p in compare if p != ""], size=STEP_MATH),
                ],
                answer=1,
            ),
        ]


class AttentionQuestion(QuestionKind):
    """Kind ``attention``: scores, scaled logits, softmax computed, weights; the heaviest key."""

    code = "att"

    @property
    def n_keys(self) -> int:
        """How many keys the question has."""
        return len(self.quiz.vectors["keys"])

    def question_subtitle(self) -> str:
        """Ask which key gets more weight (two keys) or the most weight (more keys)."""
        return "qz_att_sub_question_two" if self.n_keys == 2 else "qz_att_sub_question_many"

    def question(self, width: float) -> list[Mobject]:
        """The query, the keys and d_k."""
        names = [("q", "q", C.QUERY)]
        names += [(f"k_{{{i}}}", f"k{i}", C.KEY) for i in range(1, self.n_keys + 1)]
        names.append(("d_k", "d_k", C.TEXT))
        ask = "qz_att_q_two" if self.n_keys == 2 else "qz_att_q_many"
        return [
            self.para(ask, width, QUESTION_TEXT),
            self.vectors(names, width, QUESTION_MATH),
        ]

    def solution(self, width: float) -> list[Step]:
        """Scores, logits, exponentials, one weight as a fraction, weights, the top key."""
        keys = range(1, self.n_keys + 1)
        first = keys[0]  # the key whose weight is written out as a fraction
        dots = r",\ ".join(rf"q \cdot k_{{{i}}}" for i in keys)
        shifted = self.sheet.decisions["exp"] == "greater"  # e^(ℓ − m), decided exactly
        single = self.sheet.decisions["winner"] == "single"
        two = single and self.n_keys == 2  # "the larger weight" of two keys
        win_text = "qz_att_winner_two" if two else self.pick("qz_att_top", "winner")
        win_said = "qz_att_sub_winner_two" if two else self.pick("qz_att_sub_top", "winner")
        winner = flow(
            [
                self.para(win_text, width),
                self.formula(self.n("winners"), size=STEP_MATH, color=C.KEY),
            ],
            width,
            buff=0.25,
        )
        weights = self.chain(
            ["w", *self.eq("weights")],
            [r",\quad \textstyle\sum_i w_i =", self.n("sum")],
            width=width,
            color=C.WEIGHT,
        )
        return [
            Step(
                "langkah-skor",
                self.pick("qz_att_sub_scores", "keys"),
                [
                    self.para("qz_att_scores", width),
                    self.chain([f"s = ({dots})"], ["=", self.n("scores")], width=width),
                ],
            ),
            Step(
                "langkah-logit",
                self.pick("qz_att_sub_logits", "keys"),
                [
                    self.para("qz_att_logits", width),
                    self.formula(r"\sqrt{d_k} =", self.n("sqrt_d_k"), size=STEP_MATH),
                    self.chain([r"\ell = \frac{s}{\sqrt{d_k}}"], self.eq("logits"), width=width),
                ],
            ),
            Step(
                "langkah-eksponen",
                self.pick("qz_att_sub_exp", "exp"),
                [
                    self.para(self.pick("qz_att_exp", "exp"), width),
                    self.chain(*self.exponentials(shifted), width=width),
                ],
            ),
            Step(
                "langkah-softmax",
                [
                    Say(self.pick("qz_att_sub_frac", "exp"), rows=2, fields={"l": f"logit{first}"}),
                    Say(self.pick("qz_att_sub_softmax", "keys")),
                ],
                [
                    self.para("qz_att_softmax", width),
                    self.chain(*self.first_fraction(shifted, first), width=width, color=C.WEIGHT),
                    weights,
                ],
            ),
            Step(
                "kesimpulan",
                [Say(win_said, result=True)],
                [winner, self.para("qz_att_note", width, color=C.ACCENT)],
                answer=0,
            ),
        ]

    def power(self, i: int, shifted: bool) -> list[Part]:
        """``e^{ℓᵢ}`` with the sheet's logit (``e^{ℓᵢ − m}`` when shifted)."""
        if shifted:
            return ["e^{", self.n(f"logit{i}"), "-", self.n("max_logit"), "}"]
        return ["e^{", self.n(f"logit{i}"), "}"]

    def denominator(self, shifted: bool) -> list[Part]:
        """The sum of the exponentials, written out for up to three keys."""
        if self.n_keys > 3:
            return [r"\sum_j e^{\ell_j - m}" if shifted else r"\sum_j e^{\ell_j}"]
        parts: list[Part] = []
        for i in range(1, self.n_keys + 1):
            parts += (["+"] if i > 1 else []) + self.power(i, shifted)
        return parts

    def exponentials(self, shifted: bool) -> list[list[Part]]:
        """``Σⱼ e^{ℓⱼ} = e^{0.707} + … ≈ 2.028 + … ≈ 10.613`` (or with ℓⱼ − m).

        Every exponential is written out, one segment each, so a long sum wraps between them.
        """
        first: list[Part] = [r"\sum_j e^{\ell_j - m}" if shifted else r"\sum_j e^{\ell_j}"]
        if shifted:
            first += [r",\ m = \max_j \ell_j =", self.n("max_logit")]
        segments = [first]
        for i in range(1, self.n_keys + 1):
            segments.append([r"=" if i == 1 else r"+", *self.power(i, shifted)])
        return [*segments, self.eq("exp_terms"), self.eq("exp_sum")]

    def first_fraction(self, shifted: bool, first: int) -> list[list[Part]]:
        """``w₁ = e^{0.707}/(e^{0.707} + …) ≈ 2.028/10.613 ≈ 0.191`` for key `first`."""
        return [
            [f"w_{{{first}}} =", *self.frac(self.power(first, shifted), self.denominator(shifted))],
            self.eq("frac"),
            self.eq("first_weight"),
        ]


class ZeroQueryQuestion(QuestionKind):
    """Kind ``zero-query``: a zero query; equal weights, and no angle."""

    code = "zero"

    @property
    def n_keys(self) -> int:
        """How many keys the question has."""
        return len(self.quiz.vectors["keys"])

    def question(self, width: float) -> list[Mobject]:
        """The zero query and the unmasked keys; ask for the weights and the angle."""
        names = [("q", "q", C.QUERY)]
        names += [(f"k_{{{i}}}", f"k{i}", C.KEY) for i in range(1, self.n_keys + 1)]
        return [
            self.para("qz_zero_q_setup", width, QUESTION_TEXT),
            self.vectors(names, width, QUESTION_MATH),
            self.para("qz_zero_q_ask", width, QUESTION_TEXT),
        ]

    def solution(self, width: float) -> list[Step]:
        """Zero scores, zero logits, softmax = 1/n each, and the undefined angle."""
        keys = range(1, self.n_keys + 1)
        scores = [[rf"q \cdot k_{{{i}}} =", self.n("score")] for i in keys]
        logit = [
            r"\ell_i = \frac{",
            self.n("score"),
            "}{",
            self.n("sqrt_d_k"),
            "} =",
            self.n("logit"),
        ]
        args: list[Part] = [r"\operatorname{softmax}("]
        values: list[Part] = [r"\left("]
        for i in keys:
            sep = [r",\ "] if i > 1 else []
            args += [*sep, self.n("logit")]
            values += [*sep, self.n("weight")]
        args.append(") =")
        values.append(r"\right)")
        equal = "two" if self.n_keys == 2 else "all"
        return [
            Step(
                "langkah-skor",
                "qz_zero_sub_scores",
                [self.para("qz_zero_scores", width), self.listing(scores, width)],
            ),
            Step(
                "langkah-softmax",
                [Say(f"qz_zero_sub_softmax_{equal}", result=True)],
                [
                    self.para("qz_zero_softmax", width),
                    self.formula(*logit, size=STEP_MATH),
                    self.chain(args, values, width=width),
                ],
            ),
            Step(
                "kesimpulan",
                f"qz_zero_sub_equal_{equal}",
                [
                    self.para(f"qz_zero_equal_{equal}", width),
                    self.listing(  # the answer stays in view: the weights, and no direction
                        [[r"w_i =", self.n("weight")], [r"\|q\|_2 =", self.n("norm_q")]],
                        width,
                        color=[C.WEIGHT, C.QUERY],
                    ),
                    self.para("qz_zero_no_angle", width, color=C.ACCENT),
                ],
                answer=1,
            ),
        ]


class CosineVsScaleQuestion(QuestionKind):
    """Kind ``cosine-vs-scale``: cosine similarity instead of q · k, versus scaling by √d_k."""

    code = "scale"

    def question(self, width: float) -> list[Mobject]:
        """What changes for q and k, and why it is not the standard scaling."""
        names = [("q", "q", C.QUERY), ("k", "k", C.KEY)]
        return [
            self.para("qz_scale_q_setup", width, QUESTION_TEXT),
            self.vectors(names, width, QUESTION_MATH),
            self.para("qz_scale_q_ask", width, QUESTION_TEXT),
        ]

    def solution(self, width: float) -> list[Step]:
        """Raw product, cosine, the standard scaled logit, the difference."""
        lengths = [[r"\|q\|_2", *self.eq("norm_q")], [r"\|k\|_2", *self.eq("norm_k")]]
        cos: list[list[Part]] = [[r"\cos\theta = \frac{q \cdot k}{\|q\|_2\,\|k\|_2}"]]
        said = "qz_scale_sub_cos_value"
        if self.exact("dot", "norm_q", "norm_k"):
            cos.append(["=", *self.frac([self.n("dot")], self.product("norm_q", "norm_k"))])
            said = "qz_scale_sub_cos_ratio"
        cos.append(self.eq("cos"))
        scaled: list[list[Part]] = [
            [r"\frac{q \cdot k}{\sqrt{d_k}}"],
            ["=", r"\frac{", self.n("dot"), "}{", self.n("sqrt_d_k"), "}"],
            self.eq("scaled"),
        ]
        return [
            Step(
                "langkah-hasil-kali",
                "qz_scale_sub_dot",
                [
                    self.para("qz_scale_dot", width),
                    self.formula(r"q \cdot k =", self.n("dot"), size=STEP_MATH),
                ],
            ),
            Step(
                "langkah-kosinus",
                [Say("qz_scale_sub_cos", rows=2), Say(said)],
                [
                    self.para("qz_scale_cos", width),
                    self.listing(lengths, width),
                    self.chain(*cos, width=width),
                ],
            ),
            Step(
                "langkah-skala",
                [Say("qz_scale_sub_scale", rows=2), Say("qz_scale_sub_scaled", result=True)],
                [
                    self.para("qz_scale_scale", width),
                    self.listing([["d_k =", self.n("d_k")]], width),
                    self.chain(*scaled, width=width),
                ],
            ),
            Step(
                "kesimpulan",
                "qz_scale_sub_note",
                [
                    self.para("qz_scale_note", width, color=C.ACCENT),
                    self.listing(
                        [
                            [r"\cos\theta", *self.eq("cos")],
                            [r"\frac{q \cdot k}{\sqrt{d_k}}", *self.eq("scaled")],
                        ],
                        width,
                        color=C.TEXT,
                    ),
                ],
                answer=1,
            ),
        ]


class WinnerQuestion(QuestionKind):
    """Kind ``winner``: which key wins without softmax computed; after q × 3 and q × (−1)."""

    code = "win"

    @property
    def n_keys(self) -> int:
        """How many keys the question has."""
        return len(self.quiz.vectors["keys"])

    @property
    def many(self) -> str:
        """``two`` for two keys (the larger weight), else ``many`` (the largest)."""
        return "two" if self.n_keys == 2 else "many"

    def question_subtitle(self) -> str:
        """The question said whole, each key with its coordinates (``{k*}`` lists them)."""
        return f"qz_win_sub_question_{self.many}"

    def question(self, width: float) -> list[Mobject]:
        """No softmax: the query and keys, which key wins, and after q × 3 and q × (−1)."""
        rows: list[list[Part]] = [["q =", self.n("q")]]
        rows += [[self.n(f"name{i}"), "=", self.n(f"k{i}")] for i in range(1, self.n_keys + 1)]
        colors = [C.QUERY] + [C.KEY] * self.n_keys
        return [
            self.para("qz_win_q_setup", width, QUESTION_TEXT),
            self.listing(rows, width, QUESTION_MATH, colors),
            self.para(f"qz_win_q_ask_{self.many}", width, QUESTION_TEXT),
        ]

    def solution(self, width: float) -> list[Step]:
        """Scores and the winner; × 3 keeps the order, sharper; × (−1) reverses it."""
        keys = range(1, self.n_keys + 1)
        dots = r",\ ".join(rf"q \cdot k_{{{i}}}" for i in keys)
        return [
            Step(
                "langkah-skor",
                [Say("qz_win_sub_scores", rows=2), Say("qz_win_sub_order")],
                [
                    self.para("qz_win_scores", width),
                    self.chain([f"s = ({dots})"], ["=", self.n("scores")], width=width),
                    self.para(f"qz_win_order_{self.many}", width),
                    self.formula(  # the weights' top is the scores' top
                        r"\arg\max_i w_i = \arg\max_i s_i =",
                        self.n("winner"),
                        size=STEP_MATH,
                        color=C.KEY,
                    ),
                ],
            ),
            Step(
                "langkah-perbesar",
                self.pick("qz_win_sub_three", "sharper"),
                [
                    self.para("qz_win_three", width),
                    self.chain([self.n("three"), "s ="], [self.n("scores_up")], width=width),
                    self.formula(
                        self.n("winner_up"),
                        r"\colon\ w",
                        *self.eq("weight"),
                        r"\;\longrightarrow\; w",
                        *self.eq("weight_up"),
                        size=STEP_MATH,
                        color=C.WEIGHT,
                    ),
                ],
            ),
            Step(
                "kesimpulan",
                [Say(f"qz_win_sub_reverse_{self.many}", result=True)],
                [
                    self.para("qz_win_reverse", width),
                    self.chain(
                        ["(", self.n("minus_one"), r")\,s ="], [self.n("scores_neg")], width=width
                    ),
                    self.listing(  # the three answers side by side, the last one new
                        [
                            [r"q\colon", self.n("winner")],
                            [self.n("three"), r"q\colon", self.n("winner_up")],
                            ["(", self.n("minus_one"), r")\,q\colon", self.n("winner_neg")],
                        ],
                        width,
                        color=C.KEY,
                    ),
                ],
                answer=2,
            ),
        ]


class DimensionQuestion(QuestionKind):
    """Kind ``dimension``: a prediction, what √dₖ is for; then the reasoning and an example."""

    code = "dim"

    def question(self, width: float) -> list[Mobject]:
        """The assumptions, then the ask: grows, shrinks or stays, unscaled and scaled."""
        return [
            self.para("qz_dim_q_assume", width, QUESTION_TEXT),
            self.para("qz_dim_q_ask", width, QUESTION_TEXT),
        ]

    def weights(self, first: str, second: str) -> list[list[Part]]:
        """The largest weight at each dₖ: ``d_k = 4: w_max ≈ 0.464``, one formula per dₖ."""
        return [
            [r"d_k =", self.n(d), r"\colon\ w_{\max}", *self.eq(w)]
            for d, w in (("dk_small", first), ("dk_large", second))
        ]

    def solution(self, width: float) -> list[Step]:
        """Var(q · k) = dₖ; the example unscaled; divided by √dₖ, and the answer."""
        pairs = (("dk_small", "root_small"), ("dk_large", "root_large"))
        roots = [[r"d_k =", self.n(d), r",\ \sqrt{d_k}", *self.eq(r)] for d, r in pairs]
        arrow = r"\;\longrightarrow\;"
        answer: list[list[Part]] = [
            [r"q \cdot k\colon\ ", self.n("raw_small"), arrow, self.n("raw_large")],
            [
                r"\frac{q \cdot k}{\sqrt{d_k}}\colon\ ",
                self.n("scaled_small"),
                arrow,
                self.n("scaled_large"),
            ],
        ]
        return [
            Step(
                "langkah-sebaran",
                "qz_dim_sub_spread",
                [
                    self.para("qz_dim_spread", width),
                    self.formula(r"\operatorname{Var}(q \cdot k) = d_k", size=STEP_MATH),
                    self.listing(roots, width),
                ],
            ),
            Step(
                "langkah-tanpa-skala",
                [
                    Say(self.pick("qz_dim_sub_raw", "example")),
                    Say(self.pick("qz_dim_sub_peak", "peak"), rows=0),
                ],
                [
                    self.para("qz_dim_raw", width),
                    self.listing(self.weights("raw_small", "raw_large"), width, color=C.WEIGHT),
                ],
            ),
            Step(
                "kesimpulan",
                [
                    Say(self.pick("qz_dim_sub_scaled", "moderate")),
                    Say(self.pick("qz_dim_sub_answer", "example"), rows=0, result=True),
                ],
                [
                    self.para("qz_dim_scaled", width),
                    self.listing(answer, width, color=C.WEIGHT),
                ],
                answer=1,
            ),
        ]


# --- the scenes, one per place in the quiz ---------------------------------------------
class QuizQuestion1(QuizQuestion):
    """The lesson's first question."""

    number = 1


class QuizQuestion2(QuizQuestion):
    """The lesson's second question."""

    number = 2


class QuizQuestion3(QuizQuestion):
    """The lesson's third question."""

    number = 3


class QuizQuestion4(QuizQuestion):
    """The lesson's fourth question."""

    number = 4


class QuizQuestion5(QuizQuestion):
    """The lesson's fifth question."""

    number = 5


class QuizQuestion6(QuizQuestion):
    """The lesson's sixth question."""

    number = 6


class QuizQuestion7(QuizQuestion):
    """The lesson's seventh question."""

    number = 7


class QuizQuestion8(QuizQuestion):
    """The lesson's eighth question."""

    number = 8


class QuizQuestion9(QuizQuestion):
    """The lesson's ninth question."""

    number = 9


class QuizQuestion10(QuizQuestion):
    """The lesson's tenth question."""

    number = 10
