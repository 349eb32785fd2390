"""ScaleIsNotCosine: what the attention scale divides by, and why it is not a cosine."""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    Create,
    FadeIn,
    FadeOut,
    Indicate,
    Line,
    VGroup,
    VMobject,
    Write,
)

from scenes.base import LessonScene
from scenes.palette import C
from scenes.tagging import Part
from scenes.textfit import fit_into

__all__ = ["ScaleIsNotCosine"]

HW, HH = 6.37, 3.57  # inside the title-safe area (frame_box) by a little more than rounding
PANEL_X, PANEL_W = 3.22, 6.1  # ScaleIsNotCosine's halves: centres at ±PANEL_X, width


class ScaleIsNotCosine(LessonScene):
    """The ``[scale]`` pair: cosine divides by each length, attention by one factor per head."""

    def construct(self) -> None:
        """Storyboard: the raw product, two divisions, doubling q, the verdict."""
        self.build()
        self.step("skor-mentah")
        self.show_raw()
        self.step("dua-pembagian")
        self.show_divisions()
        self.step("besar-tetap-berpengaruh")
        self.show_doubling()
        self.step("bukan-kosinus")
        self.show_verdict()

    # --- layout ------------------------------------------------------------------------
    def build(self) -> None:
        """Header, the two panels, the doubled query and the verdict."""
        self.title = self.t("snc_title", 32)
        vectors = VGroup(
            self.formula("q =", self.n("q"), size=32, color=C.QUERY),
            self.formula("k =", self.n("k"), size=32, color=C.KEY),
            self.formula("d_k =", self.n("d_k"), size=32),
        ).arrange(RIGHT, buff=0.7)
        self.dot_row = self.formula(
            r"q \cdot k =", self.n("dot_terms"), "=", self.n("dot"), size=32
        )
        self.header = VGroup(self.title, vectors, self.dot_row)
        self.header.arrange(DOWN, aligned_edge=LEFT, buff=0.28)
        fit_into(self.header, 2 * HW, 2.4).move_to((-HW, HH, 0), aligned_edge=UL)
        self.vectors = vectors
        top = self.header.get_bottom()[1] - 0.4

        self.cos_panel = self.panel(
            "snc_cos_head",
            "snc_cos_sub",
            C.TEXT,
            [
                self.formula(
                    r"\cos\theta = \frac{q \cdot k}{\|q\|_2\,\|k\|_2}",
                    *self.chain("cos_ratio", "cos"),
                    size=34,
                ),
                self.formula(*self.norms(), size=30),
            ],
        )
        self.scaled_panel = self.panel(
            "snc_scaled_head",
            "snc_scaled_sub",
            C.SCORE,
            [
                self.formula(
                    r"\frac{q \cdot k}{\sqrt{d_k}}", *self.chain("scaled_ratio", "scaled"), size=34
                ),
                self.formula(r"\sqrt{d_k} =", self.n("sqrt_d_k"), size=30),
            ],
        )
        for p, x in ((self.cos_panel, -HW), (self.scaled_panel, HW - PANEL_W)):
            fit_into(p, PANEL_W, 2.9)
            p.move_to((x, top, 0), aligned_edge=UL)  # each starts at its half's left edge
        bottom = min(self.cos_panel.get_bottom()[1], self.scaled_panel.get_bottom()[1])
        self.divider = Line((0, top, 0), (0, bottom, 0), color=C.GRID, stroke_width=2)

        f = self.n("factor")
        doubled = self.formula(
            f,
            "q =",
            self.n("q_doubled"),
            r",\quad (",
            f,
            r"q) \cdot k =",
            self.n("dot_doubled"),
            size=30,
        )
        cos2 = VGroup(
            self.formula(r"\cos\theta", *self.chain(None, "cos_doubled"), size=30, color=C.TEXT),
            self.t("snc_cos_stays", 24, C.MUTED),
        ).arrange(RIGHT, buff=0.25)
        scaled2 = VGroup(
            self.formula(
                r"\frac{(",
                f,
                r"q) \cdot k}{\sqrt{d_k}}",
                *self.chain("scaled_doubled_ratio", "scaled_doubled"),
                size=30,
                color=C.SCORE,
            ),
            self.t(self.pick("snc_scaled", "doubled"), 24, C.MUTED),
        ).arrange(RIGHT, buff=0.25)
        for row in (cos2, scaled2):  # the word under its formula when both are long
            if row.width > PANEL_W:
                row.arrange(DOWN, aligned_edge=LEFT, buff=0.12)
        fit_into(cos2, PANEL_W, 1.4).move_to((-PANEL_X, 0, 0))
        fit_into(scaled2, PANEL_W, 1.4).move_to((PANEL_X, 0, 0))
        fit_into(doubled, 2 * HW, 0.6).move_to((0, bottom - 0.55, 0))
        row_top = doubled.get_bottom()[1] - 0.15
        for row in (cos2, scaled2):
            row.shift((row_top - row.get_top()[1]) * UP)
        self.doubling = VGroup(doubled, cos2, scaled2)

        self.verdict = VGroup(
            VGroup(
                self.t("snc_not_unit", 26, C.TEXT),
                self.formula(*self.norms(), size=32),
            ).arrange(RIGHT, buff=0.3),
            VGroup(
                self.t("snc_not_cos", 26, C.TEXT),
                self.formula(
                    r"\frac{q \cdot k}{\sqrt{d_k}}",
                    *self.chain(None, "scaled"),
                    r",\quad \cos\theta",
                    *self.chain(None, "cos"),
                    size=36,
                ),
            ).arrange(RIGHT, buff=0.3),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.3)
        # The verdict replaces everything under the title.
        top = self.title.get_bottom()[1] - 0.4
        fit_into(self.verdict, 2 * HW, top + HH)
        self.verdict.move_to((self.title.get_left()[0], top, 0), aligned_edge=UL)

    def norms(self) -> list[Part]:
        """Parts ``‖q‖₂ = …, ‖k‖₂ = …`` (≈ for a rounded length)."""
        return [
            r"\|q\|_2",
            *self.chain(None, "norm_q"),
            r",\quad \|k\|_2",
            *self.chain(None, "norm_k"),
        ]

    def chain(self, ratio: str | None, value: str) -> list[Part]:
        """Parts ``= ratio = value`` (the ratio when the sheet has it; ≈ for a rounded value)."""
        parts: list[Part] = []
        if ratio is not None and ratio in self.sheet:
            parts += ["=", self.n(ratio)]
        return [*parts, *self.eq(value)]

    def panel(self, head: str, sub: str, color: str, rows: list[VMobject]) -> VGroup:
        """A heading in the panel's colour, what it divides by, and its formulas."""
        for r in rows:
            r.set_color(color)
        body = VGroup(*rows).arrange(DOWN, aligned_edge=LEFT, buff=0.22)
        words = VGroup(self.t(head, 30, color), self.t(sub, 24, C.MUTED))
        words.arrange(DOWN, aligned_edge=LEFT, buff=0.1)
        return VGroup(words, body).arrange(DOWN, aligned_edge=LEFT, buff=0.3)

    # --- steps -------------------------------------------------------------------------
    def show_raw(self) -> None:
        """q, k, d_k and the raw dot product."""
        self.say(self.pick("snc_sub_raw", "pair"), result=True)
        self.play(FadeIn(self.title), FadeIn(self.vectors), run_time=1.2)
        self.play(Write(self.dot_row), run_time=1.5)
        self.wait(2)

    def show_divisions(self) -> None:
        """Cosine divides by both lengths; attention divides by √d_k."""
        self.say(self.pick("snc_sub_cos", "pair"))
        self.play(FadeIn(self.cos_panel[0]), Create(self.divider))
        self.play(Write(self.cos_panel[1]), run_time=2)
        self.wait(1)
        self.say("snc_sub_scaled", result=True)
        self.play(FadeIn(self.scaled_panel[0]))
        ratio, root = self.scaled_panel[1]
        self.play(Write(root), run_time=1)  # √dₖ as it is named
        self.at(self.strings["snc_beat_same"])  # one factor for every vector: √dₖ lit
        self.play(Indicate(root, color=C.ACCENT, scale_factor=1.1), run_time=0.8)
        self.play(Write(ratio), run_time=1.5)  # the score as it is said
        self.wait(2)

    def show_doubling(self) -> None:
        """Doubling q: the cosine stays, the scaled score doubles with it."""
        self.say(self.pick("snc_sub_double", "doubled"), result=True)
        self.play(FadeIn(self.doubling[0]), run_time=1)
        self.play(FadeIn(self.doubling[1]), run_time=1)
        self.play(FadeIn(self.doubling[2]), run_time=1)
        self.wait(2.5)

    def show_verdict(self) -> None:
        """Not unit length, not cosine."""
        self.say("snc_sub_verdict")
        self.play(
            FadeOut(self.vectors),
            FadeOut(self.dot_row),
            FadeOut(self.cos_panel),
            FadeOut(self.scaled_panel),
            FadeOut(self.divider),
            FadeOut(self.doubling),
            run_time=0.8,
        )
        self.play(FadeIn(self.verdict[0], shift=0.2 * UP), run_time=1)
        self.play(FadeIn(self.verdict[1], shift=0.2 * UP), run_time=1)
        self.wait(3)
