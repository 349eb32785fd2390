"""NumpyCheck: the seed's NumPy check as a listing, what it prints, and the exact values."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, Code, FadeIn, Text, VGroup, Write

from lesson.sheets.numpy_check import OUTPUTS
from scenes.common import C, LessonScene, fit_into, tag

__all__ = ["NumpyCheck"]

EDGE = 0.4
MONO = "DejaVu Sans Mono"


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
        """The listing on the left; the printed lines and their exact values on the right."""
        self.title = self.t("np_title", 36, C.ACCENT).to_corner(UP + LEFT, buff=EDGE)
        listing = Code(
            code_string=self.sheet["code"].text,
            language="python",
            formatter_style="monokai",
            add_line_numbers=False,
            background="rectangle",
            background_config={"stroke_color": C.MUTED, "fill_color": "#161b22"},
            paragraph_config={"font": MONO, "font_size": 22},
        )
        self.listing = listing.scale(min(8.3 / listing.width, 5.8 / listing.height))
        tag(self.listing, "code", self.sheet["code"].text)
        self.listing.next_to(self.title, DOWN, aligned_edge=LEFT, buff=0.35)

        head = self.t("np_output", 26, C.MUTED)
        lines = VGroup()
        for name in OUTPUTS:
            printed = self.sheet[f"out_{name}"].text
            lines.add(
                tag(Text(printed, font=MONO, font_size=24, color=C.TEXT), f"out_{name}", printed)
            )
        exact = [
            self.formula(r"q \cdot k", *self.eq("dot"), size=30),
            self.formula(r"\operatorname{comp}_k(q)", *self.eq("comp"), size=30),
            self.formula(r"\operatorname{proj}_k(q)", *self.eq("proj"), size=30),
            self.formula(r"\cos\theta", *self.eq("cos"), size=30),
        ]
        self.lines = lines.arrange(DOWN, aligned_edge=LEFT, buff=0.42)
        self.exact = VGroup(*exact)
        for line, value in zip(self.lines, self.exact, strict=True):
            value.next_to(line, DOWN, aligned_edge=LEFT, buff=0.1)
        right = VGroup(head, VGroup(*[VGroup(a, b) for a, b in zip(lines, exact, strict=True)]))
        right[1].arrange(DOWN, aligned_edge=LEFT, buff=0.3)
        right.arrange(DOWN, aligned_edge=LEFT, buff=0.3)
        room = 14.2 / 2 - EDGE - (self.listing.get_right()[0] + 0.5)
        fit_into(right, room, 6.3)
        right.next_to(self.listing, RIGHT, aligned_edge=UP, buff=0.5)
        self.head = head
        self.note = self.t("np_note", 24, C.MUTED)
        fit_into(self.note, 13.4, 0.8).to_edge(DOWN, buff=EDGE).to_edge(LEFT, buff=EDGE)

    def show_code(self) -> None:
        """The listing, with this lesson's q and k."""
        self.say("np_sub_code")
        self.play(FadeIn(self.title), FadeIn(self.listing, shift=0.2 * RIGHT), run_time=1.5)
        self.wait(2)

    def show_output(self) -> None:
        """What running it printed (the snippet ran when the numbers were computed)."""
        self.say("np_sub_output")
        self.play(FadeIn(self.head))
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
