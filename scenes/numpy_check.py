"""NumpyCheck: the seed's NumPy check as a listing, what it prints, and the exact values."""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Code,
    FadeIn,
    FadeOut,
    TransformFromCopy,
    VGroup,
    Write,
)

from lesson.sheets.numpy_check import OUTPUTS
from scenes.base import LessonScene, plain_text
from scenes.frame import frame_box
from scenes.palette import C
from scenes.tagging import tag
from scenes.textfit import fit_into, reflow, wrap_text
from scenes.typeface import MONO_FONT

__all__ = ["NumpyCheck"]

MONO = MONO_FONT  # the listing and what it prints: LaTeX's typewriter (Latin Modern Mono)
CODE_SIZE = 26  # the listing's type before it is fitted (its longest line sets the width)
ROW_SIZE = 28  # a printed line and its print call; reflowed down to no less than MIN_FONT
INSET = 0.02  # a hair inside the title-safe area, clear of rounding


class NumpyCheck(LessonScene):
    """The arithmetic of the projection scene, checked with NumPy (run when the sheet is built)."""

    def construct(self) -> None:
        """Storyboard: the listing, its output, each line against the exact value."""
        self.build()
        self.step("kode")
        self.show_code()
        self.step("keluaran")
        self.show_output()
        self.step("cocok")
        self.show_match()

    def build(self) -> None:
        """The listing over the whole frame, then a table in its place.

        Each row of the table is a print call, what it printed and the exact value under it.
        """
        hw, hh = (h - INSET for h in frame_box())
        self.hw, self.hh = hw, hh
        self.title = self.t("np_title", 40, C.TEXT)
        fit_into(self.title, 2 * hw, 1.0).move_to((-hw, hh, 0), aligned_edge=UP + LEFT)
        self.top = self.title.get_bottom()[1] - 0.35
        listing = Code(
            code_string=self.sheet["code"].text,
            language="python",
            formatter_style="monokai",
            add_line_numbers=False,
            background="rectangle",
            background_config={"stroke_color": C.MUTED, "fill_color": "#161b22"},
            paragraph_config={"font": MONO, "font_size": CODE_SIZE, "line_spacing": 0.75},
        )
        self.listing = fit_into(listing, 2 * hw, self.top + hh)
        tag(self.listing, "code", self.sheet["code"].text)
        self.listing.move_to((-hw, self.top, 0), aligned_edge=UP + LEFT)
        self.note = wrap_text(self.strings["np_note"], 2 * hw, 26, C.MUTED)
        self.note.move_to((-hw, -hh, 0), aligned_edge=DOWN + LEFT)
        room = self.top - (self.note.get_top()[1] + 0.35)
        table = reflow(self.output_table, lambda t: t.height, room)
        table.move_to((-hw, self.top, 0), aligned_edge=UP + LEFT)
        # spread the rows over the room the table leaves
        spare = room - table.height
        if spare > 0 and len(table) > 2:
            for i, row in enumerate(table[1:], start=1):
                row.shift(min(spare / (len(table) - 1), 0.5) * i * DOWN)

    def output_table(self, scale: float) -> VGroup:
        """Head, then per printed line: the print call, what it printed, the exact value."""
        size = max(ROW_SIZE * scale, 20)
        self.head = self.t("np_output", max(30 * scale, 20), C.MUTED)
        self.calls, self.lines, self.exact = VGroup(), VGroup(), VGroup()
        for name in OUTPUTS:
            self.calls.add(plain_text(f"print({name})", size, C.MUTED, MONO))
            printed = self.sheet[f"out_{name}"].text
            self.lines.add(tag(plain_text(printed, size, C.TEXT, MONO), f"out_{name}", printed))
        sub = max(36 * scale, 22)
        self.exact.add(
            self.formula(r"q \cdot k", *self.eq("dot"), size=sub),
            self.formula(r"\operatorname{comp}_k(q)", *self.eq("comp"), size=sub),
            self.formula(r"\operatorname{proj}_k(q)", *self.eq("proj"), size=sub),
            self.formula(r"\cos\theta", *self.eq("cos"), size=sub),
        )
        # a long printed line (NumPy writes tiny values in e-notation) narrows the type of the
        # call and line columns together, so each row stays one line
        wide = max(c.width for c in self.calls) + max(li.width for li in self.lines)
        if wide + 0.6 > 2 * self.hw:
            for m in (*self.calls, *self.lines):
                m.scale((2 * self.hw - 0.6) / wide)
        col = -self.hw + max(c.width for c in self.calls) + 0.6
        rows = VGroup()
        for call, line, value in zip(self.calls, self.lines, self.exact, strict=True):
            line.move_to((col, 0, 0), aligned_edge=LEFT)
            call.move_to((-self.hw, 0, 0), aligned_edge=LEFT).align_to(line, UP)
            fit_into(value, self.hw - col, 2.0)
            value.next_to(line, DOWN, aligned_edge=LEFT, buff=0.15)
            rows.add(VGroup(call, line, value))
        rows.arrange(DOWN, aligned_edge=LEFT, buff=0.3 * scale)
        return VGroup(self.head, *rows).arrange(DOWN, aligned_edge=LEFT, buff=0.3)

    def show_code(self) -> None:
        """The listing, with this lesson's q and k."""
        self.say("np_sub_code")
        self.play(FadeIn(self.title), FadeIn(self.listing, shift=0.2 * RIGHT), run_time=1.5)
        self.wait(2)

    def show_output(self) -> None:
        """What running it printed (the snippet ran when the numbers were computed).

        The listing makes way for a table; its print calls stay as the rows' names.
        """
        self.say("np_sub_output")
        prints = self.listing.code_lines[-len(OUTPUTS) :]
        self.play(
            *[TransformFromCopy(p, c) for p, c in zip(prints, self.calls, strict=True)],
            FadeOut(self.listing),
            FadeIn(self.head),
            run_time=1.2,
        )
        for line in self.lines:
            self.play(Write(line), run_time=0.8)
        self.wait(1)

    def show_match(self) -> None:
        """Each printed value beside the exact value the lesson computed."""
        self.say("np_sub_match", result=True)
        for value in self.exact:
            self.play(FadeIn(value, shift=0.1 * DOWN), run_time=0.7)
        self.play(FadeIn(self.note))
        self.wait(2)
