"""Scenes that exist only for the tests (made renderable through LECTURE_EXTRA_SCENES)."""

from __future__ import annotations

from fractions import Fraction

from manim import DOWN, FadeIn, MathTex, VGroup

from lesson.model import load_lesson
from lesson.sheet import Sheet
from mathcore import fmt
from mathcore.fmt import Shown
from scenes.base import LessonScene
from scenes.tagging import Num


class BrokenTex(LessonScene):
    """A formula LaTeX cannot compile: its render must fail alone, with the TeX error."""

    def construct(self) -> None:
        self.step("kaput")
        self.play(FadeIn(MathTex(r"q \undefinedmacro k")))


class WrongLabel(LessonScene):
    """Shows one number other than the one its label claims: verification must catch it."""

    def construct(self) -> None:
        self.step("salah")
        right = self.formula("q =", Num("q", Shown("(2, 1)", r"(2,\ 1)")), size=48)
        wrong = MathTex(r"q \cdot k =", "5", font_size=48)  # the sheet says 4
        wrong[1].sheet_key, wrong[1].sheet_text = "dot", "4"
        VGroup(right, wrong).arrange(DOWN, buff=1)
        self.play(FadeIn(right), FadeIn(wrong))
        self.wait(1)


class SpokenNumber(LessonScene):
    """One short caption that says a number of the lesson (q · k of its projection pair).

    The lesson is read directly (an extra scene declares no lesson keys), so the caption's
    words change when an author edits ``projection.query``: a recording of it goes stale.
    """

    def setup(self) -> None:
        super().setup()
        lesson = self.given_lesson or load_lesson()
        q, k = lesson.projection.query, lesson.projection.key
        value = sum((Fraction(str(a)) * Fraction(str(b)) for a, b in zip(q, k, strict=True)))
        self.sheet = Sheet({"dot": fmt.number(value, fmt.Places())})
        self.strings = {"fx_sub_dot": "Hasil kali titik q · k = {dot}.", "fx_sub_end": "Selesai."}

    def construct(self) -> None:
        self.step("angka")
        self.say("fx_sub_dot")
        self.play(FadeIn(MathTex(r"q \cdot k", font_size=48)), run_time=0.5)
        self.step("akhir")
        self.say("fx_sub_end")
        self.wait(0.5)


class Pause(LessonScene):
    """A short scene that reads nothing from the lesson: every lesson shares its clip."""

    def construct(self) -> None:
        from manim import Square

        self.step("jeda")
        self.play(FadeIn(Square()), run_time=0.5)
        self.wait(0.5)


class Slow(LessonScene):
    """A scene that takes some seconds to render: long enough to kill its worker mid-render."""

    def construct(self) -> None:
        from manim import Rotate, Square

        self.step("putar")
        square = Square()
        self.add(square)
        self.play(Rotate(square, angle=12.0), run_time=14)


class ShowQuery(LessonScene):
    """Writes the lesson's ``projection.query`` (declared as its reads, see test_watch.py).

    Plain text, no LaTeX, half a second: a cheap scene whose clip an edit of that key
    makes stale.
    """

    def construct(self) -> None:
        from manim import Text

        self.step("query")
        q = self.lesson.projection.query
        self.play(FadeIn(Text(", ".join(str(x) for x in q), font_size=48)), run_time=0.5)
        self.wait(0.5)
