"""QuizQuestion1 … QuizQuestion10: the lesson's "Uji pemahaman", one question per scene.

Scene ``QuizQuestionN`` shows the lesson's N-th ``[[quiz]]`` entry, of whatever kind the entry
names: the lesson's list decides the quiz's questions and their order. Every scene has the
same storyboard (:class:`QuizQuestion`): the question card, said aloud; an invitation to
pause, then a countdown in silence; then the seed's worked solution step by step, each step's
captions saying its numbers (and the answer followed by a silence). The last frame keeps the
question, every worked row and the answer, which a box marks.

What a question asks and how its solution goes belongs to its kind: one class per kind
(:class:`~scenes.quiz.storyboard.QuestionKind`, in ``scenes/quiz/kinds``), made when the
lesson is loaded and held as the scene's ``kind``. Every number comes from the scene's sheet
(``lesson/sheets/quiz.py``).
"""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Animation,
    Arc,
    Circle,
    Create,
    FadeIn,
    FadeOut,
    ReplacementTransform,
    RoundedRectangle,
    Text,
    VGroup,
    VMobject,
    Write,
    config,
)

from lesson import captions
from lesson.quizkinds import kind_of
from lesson.sheets.quiz import pause_seconds
from mathcore import fmt
from scenes.frame import MIN_FONT, frame_box
from scenes.palette import C
from scenes.predict import empty_ring, ring_arc
from scenes.quiz.canvas import QuizCanvas
from scenes.quiz.kinds import part_for
from scenes.quiz.layout import (
    CARD_MAX_H,
    CARD_PAD,
    GAP,
    INSET,
    RECAP_SCALES,
    ROW_BUFF,
    STEP_BUFF,
    answer_marker,
    balance,
    smallest_font,
    stack_height,
)
from scenes.quiz.storyboard import QuestionKind, Step
from scenes.textfit import fit_into

__all__ = ["QuizQuestion"]


def answer_of(steps: list[Step]) -> tuple[int, int]:
    """(step, row) of the row that states the answer: the one a step names, else the last."""
    for i, step in enumerate(steps):
        if step.answer is not None:
            return i, step.answer
    return len(steps) - 1, len(steps[-1].rows) - 1


class QuizQuestion(QuizCanvas):
    """One question of "Uji pemahaman": card, pause with countdown, worked solution.

    A subclass per place sets :attr:`number`: it shows the lesson's entry of that number,
    and takes on the entry's kind when the lesson is loaded (:meth:`setup`). The question
    and the invitation to pause are said first; the countdown then runs in silence, so the
    silence before the solution is at least the lesson's pause (``[timing]``).
    """

    def setup(self) -> None:
        """Load the lesson and the sheet; then make the entry's kind's part (:attr:`kind`)."""
        super().setup()
        self.kind: QuestionKind = part_for(kind_of(self.quiz.kind))(self)
        for whole, item in (("scores", "score"), ("logits", "logit"), ("weights", "weight")):
            parts = [f"{item}{i}" for i in range(1, 99) if f"{item}{i}" in self.sheet]
            if whole in self.sheet and parts:  # a list said is each of its items said
                self.items(whole, *parts)

    def construct(self) -> None:
        """Storyboard: the question, a pause to think, the solution step by step."""
        self.build()
        self.step("pertanyaan")
        self.show_question()
        counted = self.countdown_seconds > 0
        if counted:
            self.invite_pause()
            # the invitation has been said: the countdown is the silence between the steps
            self.step("jeda", pause=False)
            self.count_down()
        for i, part in enumerate(self.parts):
            self.step(part.name, pause=not (counted and i == 0))
            self.reveal(part)

    # --- layout ------------------------------------------------------------------------

    def build(self) -> None:
        """Header, question card, the solution laid out below it, and the countdown.

        Everything stays inside the title-safe area (:func:`~scenes.frame.frame_box`).
        """
        half_w, half_h = frame_box()
        half_w, half_h = half_w - INSET, half_h - INSET
        self.area_w = 2 * half_w
        self.left = -half_w
        self.header = self.t("qz_header", 34, C.TEXT)
        self.header.move_to((-half_w, half_h, 0), aligned_edge=UP + LEFT)
        self.tag = self.t("qz_tag", 24, C.MUTED)
        self.tag.move_to((half_w, half_h, 0), aligned_edge=UP + RIGHT).match_y(self.header)

        inner = self.area_w - 2 * CARD_PAD
        rows = VGroup(*self.kind.question(inner)).arrange(DOWN, aligned_edge=LEFT, buff=0.2)
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
        full = self.kind.solution(self.area_w)
        body = VGroup(*[s.group for s in full]).arrange(DOWN, aligned_edge=LEFT, buff=STEP_BUFF)
        if body.height <= self.box_h:
            body.move_to((self.left, self.box_top, 0), aligned_edge=UP + LEFT)
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
        half = self.kind.solution(col_w)
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
                    body.move_to((left, self.box_top, 0), aligned_edge=UP + LEFT)
                    for part in full[i:]:
                        part.page = page
                    return steps + full[i:]
            elif not fits:
                column, y = 1, self.box_top
            empty = False
            if tall:
                fit_into(wide.group, self.area_w, self.box_h)
                wide.group.move_to((left, self.box_top, 0), aligned_edge=UP + LEFT)
                wide.page, column = page, 2
                steps.append(wide)
                continue
            x = left + column * (col_w + GAP)
            narrow.group.move_to((x, y, 0), aligned_edge=UP + LEFT)
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
        # a sentence or a picture (in_recap False: a chart) is not worked again on the recap
        rows = {(i, j): steps[i].rows[j] for i, j in work}
        work = [w for w in work if getattr(rows[w], "in_recap", not isinstance(rows[w], Text))]
        target = answer_of(steps)
        built: dict[tuple[float, float], list[Step]] = {}

        def build(scale: float, width: float) -> list[Step]:
            """The solution built to be `width` wide once shrunk to `scale` (fresh per try)."""
            if (scale, width) not in built:
                built[scale, width] = self.kind.solution(width / scale)
            return built[scale, width]

        def row(i: int, j: int, scale: float, width: float) -> VMobject:
            """Row `j` of step `i`: formulas at `scale`, sentences no smaller than the floor."""
            probe = build(scale, width)[i].rows[j]
            floor = max(scale, min(1.0, MIN_FONT / smallest_font(probe)))
            mob = build(floor, width)[i].rows[j] if floor != scale else probe
            return mob.scale(floor)

        chosen: tuple[list[VMobject], list[VMobject], int] = ([], [], 0)
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

    def place(self, columns: list[VMobject], below: list[VMobject]) -> float:
        """Place `columns` in two balanced columns and `below` them full width.

        Returns the height the page takes below the card.
        """
        col_w = (self.area_w - GAP) / 2
        bottom = self.box_top
        for x, column in zip((0, col_w + GAP), balance(columns, ROW_BUFF), strict=True):
            if column.submobjects:
                column.move_to((self.left + x, self.box_top, 0), aligned_edge=UP + LEFT)
                bottom = min(bottom, column.get_bottom()[1])
        if below:
            top = bottom - STEP_BUFF if columns else self.box_top
            group = VGroup(*below).arrange(DOWN, aligned_edge=LEFT, buff=ROW_BUFF)
            group.move_to((self.left, top, 0), aligned_edge=UP + LEFT)
            bottom = group.get_bottom()[1]
        return float(self.box_top - bottom)

    def build_countdown(self) -> VGroup:
        """Ring, remaining seconds (formatted by mathcore.fmt) and a caption."""
        self.countdown_seconds = pause_seconds(self.quiz, self.lesson.quiz_countdown)
        self.remaining = self.countdown_seconds
        self.track = Circle(radius=0.75, color=C.GRID, stroke_width=10)
        self.ring = self.ring_arc(1.0)
        self.seconds = self.live(
            lambda: fmt.number(self.remaining, self.lesson.places),
            size=56,
            color=C.TEXT,  # the emptying ring is the highlight; its seconds are plain text
        )
        centre = self.track.get_center()
        self.seconds.move_to(centre)
        caption = self.t("qz_pause", 26, C.MUTED).next_to(self.track, DOWN, buff=0.3)
        group = VGroup(self.track, self.ring, self.seconds, caption)
        top = self.box_top
        group.move_to((0, top - self.box_h / 2, 0))
        return group

    def ring_arc(self, fraction: float) -> Arc:
        """The part of the ring still left: a clockwise arc from twelve o'clock."""
        return ring_arc(self.track.get_center(), 0.75, fraction)

    # --- content helpers ---------------------------------------------------------------

    # --- steps -------------------------------------------------------------------------
    def show_question(self) -> None:
        """Header, then the card and its question."""
        self.say(self.kind.question_subtitle(), result=False, **self.kind.question_fields())
        start = float(self.time)
        self.play(FadeIn(self.header), FadeIn(self.tag), run_time=0.8)
        self.play(FadeIn(self.card), run_time=0.6)
        self.unfold(self.question_rows, FadeIn, shift=0.1 * UP)  # each number as it is read
        # the question can be read whole: the time it took to unfold counts
        self.hold(self.kind.question_subtitle(), float(self.time) - start, least=3.0)

    def invite_pause(self) -> None:
        """Say the invitation to pause while the full countdown ring appears."""
        self.say(f"qz_{self.kind.code}_sub_pause")
        self.play(FadeIn(self.countdown), run_time=0.5)

    def count_down(self) -> None:
        """A ring that empties while the seconds count down, in silence; then it goes away.

        One play per second: the readout changes only between plays, so no play ever
        draws the glyphs of a digit that has already been replaced.
        """
        empty_ring(self, self.ring, self.track, self.countdown_seconds, 10, self.set_seconds)
        self.set_seconds(0)
        self.play(FadeOut(self.countdown), run_time=0.3)

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
        shown, unsaid = 0, list[VMobject]()
        for i, cue in enumerate(part.captions):
            self.say(cue.key, result=cue.result, **cue.fields)
            if i == 0:
                self.turn_page(part)
            hold = i < len(part.captions) - 1
            # a row whose numbers a later caption says goes on when that caption is said
            unsaid = [r for r in unsaid if not self.unfold_row(r, hold)]
            count = len(part.rows) - shown if cue.rows < 0 else cue.rows
            unsaid += [r for r in part.rows[shown : shown + count] if not self.unfold_row(r, hold)]
            shown += count
        if part.mark is not None:
            self.marker = answer_marker(part.mark)
            self.play(Create(self.marker), run_time=0.8)

    def unfold_row(self, row: VMobject, hold: bool) -> bool:
        """Show a row, each number as it is said (:meth:`unfold`); True once all of it shows."""
        if isinstance(row, Text):
            return self.unfold(row, FadeIn, hold_unsaid=hold, shift=0.1 * UP)
        return self.unfold(row, Write, 1.0, hold_unsaid=hold)

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
