"""Recap: the two readings of one product, the caveats, the next lesson, the sources."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, FadeIn, FadeOut, MathTex, VGroup, Write

from scenes.common import C, LessonScene, fit_into

__all__ = ["Recap"]

EDGE = 0.45
WIDTH = 14.2 - 2 * EDGE


class Recap(LessonScene):
    """What to keep: q · k read geometrically and as an attention score, and its limits."""

    def construct(self) -> None:
        """Storyboard: two readings, caveats, next lesson and sources."""
        self.build()
        self.step("dua-bacaan")
        self.show_readings()
        self.step("peringatan")
        self.show_caveats()
        self.step("berikutnya")
        self.show_next()

    def build(self) -> None:
        """Title; two reading cards side by side, then the caveats, then next and sources."""
        self.title = self.t("rc_title", 38, C.ACCENT).to_corner(UP + LEFT, buff=EDGE)
        col = (WIDTH - 0.6) / 2
        geometry = VGroup(
            self.t("rc_geometry_head", 34, C.PROJECTION),
            MathTex(r"q \cdot k = \|k\|_2\,\operatorname{comp}_k(q)", font_size=48, color=C.TEXT),
            self.paragraph("rc_geometry", col, 30),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.25)
        attention = VGroup(
            self.t("rc_attention_head", 34, C.WEIGHT),
            MathTex(
                r"w = \operatorname{softmax}\!\left(\frac{q \cdot k_i}{\sqrt{d_k}}\right)",
                font_size=48,
                color=C.TEXT,
            ),
            self.paragraph("rc_attention", col, 30),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.25)
        self.readings = VGroup(geometry, attention).arrange(RIGHT, aligned_edge=UP, buff=0.6)
        fit_into(self.readings, WIDTH, 5.6)
        self.readings.next_to(self.title, DOWN, aligned_edge=LEFT, buff=0.6)
        self.caveats = VGroup(
            self.t("rc_caveats_head", 30, C.ACCENT),
            self.paragraph("rc_not_universal", WIDTH, 28, indent="• "),
            self.paragraph("rc_cosine", WIDTH, 28, indent="• "),
            self.paragraph("rc_geometry_other", WIDTH, 28, indent="• "),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.25)
        fit_into(self.caveats, WIDTH, 5.6)
        self.caveats.next_to(self.title, DOWN, aligned_edge=LEFT, buff=0.6)
        self.next = VGroup(
            self.t("rc_next_head", 30, C.ACCENT),
            self.paragraph("rc_next", WIDTH, 28),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.2)
        self.sources = VGroup(
            self.t("rc_sources_head", 30, C.ACCENT),
            *[
                self.paragraph(k, WIDTH, 26, indent=f"{i}. ")
                for i, k in enumerate(("rc_source_book", "rc_source_paper", "rc_source_pytorch"), 1)
            ],
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.16)
        closing = VGroup(self.next, self.sources).arrange(DOWN, aligned_edge=LEFT, buff=0.55)
        fit_into(closing, WIDTH, 5.6)
        closing.next_to(self.title, DOWN, aligned_edge=LEFT, buff=0.6)

    def show_readings(self) -> None:
        """The same product read twice."""
        self.say("rc_sub_readings")
        self.play(Write(self.title), run_time=1)
        for card in self.readings:
            self.play(FadeIn(card, shift=0.2 * UP), run_time=1.2)
        self.wait(1.5)

    def show_caveats(self) -> None:
        """What a score is not, and what another inner product would change."""
        self.say("rc_sub_caveats")
        self.play(FadeOut(self.readings), FadeIn(self.caveats[0]))
        for line in self.caveats[1:]:
            self.play(FadeIn(line, shift=0.1 * RIGHT), run_time=0.9)
        self.wait(1.5)

    def show_next(self) -> None:
        """The next step, then where the lesson comes from."""
        self.say("rc_sub_next")
        self.play(FadeOut(self.caveats))
        self.play(FadeIn(self.next, shift=0.2 * UP))
        self.wait(1)
        self.say("rc_sub_sources")
        self.play(FadeIn(self.sources, shift=0.2 * UP))
        self.wait(1.5)
