"""Recap: the two readings of one product, the caveats, the next lesson, the sources."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, FadeIn, FadeOut, MathTex, VGroup, Write

from scenes.base import LessonScene
from scenes.frame import frame_box
from scenes.palette import C
from scenes.textfit import fit_into, reflow

__all__ = ["Recap"]

INSET = 0.02  # a hair inside the title-safe area, clear of rounding


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
        """Title; two reading cards side by side, then the caveats, then next and sources.

        Each step's block fills the title-safe area under the title; its type shrinks (never
        under 20 points) only when its text would not fit.
        """
        hw, hh = (h - INSET for h in frame_box())
        self.width = 2 * hw
        self.title = self.t("rc_title", 42, C.TEXT)
        fit_into(self.title, self.width, 1.0).move_to((-hw, hh, 0), aligned_edge=UP + LEFT)
        top = self.title.get_bottom()[1] - 0.5
        room = top + hh
        self.readings = reflow(self.reading_cards, lambda m: m.height, room)
        self.caveats = reflow(self.caveat_list, lambda m: m.height, room)
        closing = reflow(self.closing, lambda m: m.height, room)
        for block in (self.readings, self.caveats, closing):
            block.move_to((-hw, top, 0), aligned_edge=UP + LEFT)

    def reading_cards(self, scale: float) -> VGroup:
        """The geometric reading and the attention reading, side by side."""
        col = (self.width - 0.8) / 2
        text = max(32 * scale, 21)
        geometry = VGroup(
            self.t("rc_geometry_head", max(36 * scale, 24), C.PROJECTION),
            MathTex(
                r"q \cdot k = \|k\|_2\,\operatorname{comp}_k(q)", font_size=50 * scale, color=C.TEXT
            ),
            self.paragraph("rc_geometry", col, text),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.3)
        attention = VGroup(
            self.t("rc_attention_head", max(36 * scale, 24), C.WEIGHT),
            MathTex(
                r"w = \operatorname{softmax}\!\left(\frac{q \cdot k_i}{\sqrt{d_k}}\right)",
                font_size=50 * scale,
                color=C.TEXT,
            ),
            self.paragraph("rc_attention", col, text),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.3)
        for card in (geometry, attention):
            fit_into(card[1], col, 3.0)
        cards = VGroup(geometry, attention).arrange(RIGHT, aligned_edge=UP, buff=0.8)
        # the two formulas on one line, the two paragraphs on one line
        row_y = min(geometry[1].get_center()[1], attention[1].get_center()[1])
        for card in (geometry, attention):
            card[1].set_y(row_y)
            card[2].next_to(card[1], DOWN, aligned_edge=LEFT, buff=0.3)
        low = min(geometry[2].get_top()[1], attention[2].get_top()[1])
        for card in (geometry, attention):
            card[2].align_to((0, low, 0), UP)
        return cards

    def caveat_list(self, scale: float) -> VGroup:
        """What to keep in mind, one bullet each."""
        text = max(32 * scale, 21)
        return VGroup(
            self.t("rc_caveats_head", max(36 * scale, 24), C.TEXT),
            self.paragraph("rc_not_universal", self.width, text, indent="• "),
            self.paragraph("rc_cosine", self.width, text, indent="• "),
            self.paragraph("rc_geometry_other", self.width, text, indent="• "),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.35)

    def closing(self, scale: float) -> VGroup:
        """The next lesson, then the sources."""
        # said, not printed: the next lesson as the formula it reads term by term
        self.next = VGroup(
            self.t("rc_next_head", max(36 * scale, 24), C.TEXT),
            MathTex(r"q \cdot k =", r"\sum_i q_i\,k_i", font_size=max(44 * scale, 30)),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.25)
        self.sources = VGroup(
            self.t("rc_sources_head", max(36 * scale, 24), C.TEXT),
            *[
                self.paragraph(k, self.width, max(30 * scale, 21), indent=f"{i}. ")
                for i, k in enumerate(("rc_source_book", "rc_source_paper", "rc_source_pytorch"), 1)
            ],
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.2)
        return VGroup(self.next, self.sources).arrange(DOWN, aligned_edge=LEFT, buff=0.6)

    def show_readings(self) -> None:
        """The same product read twice."""
        self.say("rc_sub_readings")
        self.play(Write(self.title), run_time=1)
        for card, key in zip(self.readings, ("rc_geometry", "rc_attention"), strict=True):
            self.at_words(key)  # each reading as it is named
            self.play(FadeIn(card, shift=0.2 * UP), run_time=1.2)

    def show_caveats(self) -> None:
        """What a score is not, and what another inner product would change."""
        self.say("rc_sub_caveats")
        self.play(FadeOut(self.readings), FadeIn(self.caveats[0]))
        for line in self.caveats[1:-1]:
            self.play(FadeIn(line, shift=0.1 * RIGHT), run_time=0.9)
        self.at(self.strings["rc_beat_other"])  # the other geometry as it is named
        self.play(FadeIn(self.caveats[-1], shift=0.1 * RIGHT), run_time=0.9)

    def show_next(self) -> None:
        """The next step, then where the lesson comes from."""
        self.say("rc_sub_next")
        self.play(FadeOut(self.caveats), FadeIn(self.next[0]))
        product, terms = self.next[1]
        self.at_words("rc_beat_product")  # the product as it is named, its terms as they are
        self.play(Write(product))
        self.at_words("rc_beat_terms")
        self.play(Write(terms), run_time=1.5)
        self.say("rc_sub_sources")
        self.play(FadeIn(self.sources, shift=0.2 * UP))
        self.wait(1.5)
