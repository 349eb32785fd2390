"""Scenes that exist only for the tests (made renderable through LECTURE_EXTRA_SCENES)."""

from __future__ import annotations

from manim import FadeIn, MathTex

from scenes.common import LessonScene


class BrokenTex(LessonScene):
    """A formula LaTeX cannot compile: its render must fail alone, with the TeX error."""

    def construct(self) -> None:
        self.step("kaput")
        self.play(FadeIn(MathTex(r"q \undefinedmacro k")))
