"""SoftmaxBarMorph: raw scores -> scaled logits -> softmax computed -> weights, a bar per key."""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Animation,
    FadeIn,
    FadeOut,
    GrowFromEdge,
    Indicate,
    LaggedStart,
    Line,
    MathTex,
    Rectangle,
    ReplacementTransform,
    Transform,
    VGroup,
    VMobject,
    Write,
)

import mathcore as mc
from lesson.sheets.softmax import SAID_LIST_MAX, score_ticks
from scenes.base import LessonScene
from scenes.frame import MIN_FONT, frame_box
from scenes.palette import C
from scenes.predict import PredictionScene
from scenes.tagging import Part
from scenes.textfit import fit_into

__all__ = ["SoftmaxBarMorph"]

COLUMN_W = 4.6  # the right column: the vectors, then the computation of softmax
GAP = 0.3
INSET = 0.03  # keep clear of the title-safe edge by more than rounding
STAGES = ("score", "logit", "exp", "weight")  # the bars' quantity at each stage
AXIS_KEYS = ("sb_axis_score", "sb_axis_logit", "sb_axis_exp", "sb_axis_weight")
WEIGHT = 3  # the stage of the weights, on a scale of their own (0 to 1)


def wrapped(
    scene: LessonScene,
    head: list[Part],
    terms: list[list[Part]],
    tail: list[Part],
    width: float,
    size: float,
) -> VGroup:
    """``head term term … tail`` as a formula, broken into indented lines no wider than `width`.

    Parameters
    ----------
    scene : LessonScene
        Makes the formulas (numbers keep their sheet keys).
    head, tail : list
        Parts before the first term and after the last.
    terms : list of list
        Each term's parts; a line break falls only between terms.
    width : float
        Widest line (scene units).
    size : float
        Font size.

    Returns
    -------
    VGroup
        The lines, left-aligned, later ones indented.
    """
    lines: list[list[Part]] = [list(head)]
    for term in terms:
        trial = scene.formula(*lines[-1], *term, size=size)
        if len(lines[-1]) > len(head if len(lines) == 1 else []) and trial.width > width:
            lines.append([])
        lines[-1] += term
    if scene.formula(*lines[-1], *tail, size=size).width > width and tail:
        lines.append([])
    lines[-1] += tail
    out = VGroup(*[scene.formula(*parts, size=size) for parts in lines])
    out.arrange(DOWN, aligned_edge=LEFT, buff=0.18)
    for line in out[1:]:
        line.shift(0.6 * RIGHT)
    return out


class SoftmaxBarMorph(PredictionScene):
    """The attention trace of one query, as bars that morph through three stages."""

    def construct(self) -> None:
        """Storyboard: raw scores, scaled logits, softmax computed, weights, what they are not."""
        self.build()
        self.step("skor-mentah")
        self.show_scores()
        self.step("logit-berskala")
        self.morph_to(1)
        self.step("tebak")
        self.ask_winner()
        self.step("softmax-dihitung")
        self.compute_softmax()
        self.step("bobot-softmax")
        self.morph_to(WEIGHT)
        self.step("bukan-probabilitas")
        self.show_note()

    def ask_winner(self) -> None:
        """Before softmax: which key will get the largest weight? The keys lit as asked."""
        badge = self.ask("sb_predict", "sb_sub_predict")
        self.at(self.strings["sb_beat_predict"])
        self.play(Indicate(self.names, color=C.ACCENT, scale_factor=1.15), run_time=0.8)
        self.let_guess(badge)

    # --- layout ------------------------------------------------------------------------
    def build(self) -> None:
        """Values of every stage, the chart and its axes, and the fixed parts of the picture.

        Top band (full width): the stage's title and formula. Below it, the bar chart on the
        left with a labelled vertical axis and the key names under it, down to the bottom of
        the frame; on the right a column with the vectors, later the computation of softmax
        and under it the closing note.
        """
        At = self.lesson.attention
        self.n_keys = len(At.keys)
        self.keep = np.array(At.mask or (True,) * self.n_keys)
        raw = np.array([mc.dot(At.query, k) for k in At.keys])
        logits = mc.scaled_scores(At.query, At.keys)
        weights = mc.softmax(logits, self.keep)
        shift = float(max(logits[self.keep])) if self.sheet.decisions["exp"] == "greater" else 0
        exps = np.where(self.keep, np.exp(np.where(self.keep, logits, 0.0) - shift), 0.0)
        self.values = [raw, np.where(self.keep, logits, 0.0), exps, weights]
        self.hw, self.hh = (e - INSET for e in frame_box())
        self.shifted = self.sheet.decisions["exp"] == "greater"  # e^(ℓ − m), decided exactly
        self.build_band()
        body_top = self.band_bottom - GAP
        self.build_column(body_top, -self.hh)
        self.build_chart(-self.hw, self.column_left - 0.5, body_top, -self.hh)

    def build_band(self) -> None:
        """Each stage's title and formula, at the top across the whole width."""
        titles = ("sb_raw", "sb_scaled", "sb_computed", "sb_softmax")
        self.stage_titles = [self.t(k, 34, C.TEXT) for k in titles]
        power = r"\ell_i - m" if self.shifted else r"\ell_i"
        rule: list[Part] = [
            rf"w_i = \frac{{e^{{{power}}}}}{{\sum_j e^{{{power.replace('i', 'j')}}}}}"
        ]
        if self.shifted:
            rule += [r",\quad m = \max_j \ell_j =", self.n("max_logit")]
        lines: list[list[list[Part]]] = [
            [[r"s_i = q \cdot k_i,\quad s =", self.n("scores")]],
            [
                [r"\ell_i = \frac{q \cdot k_i}{\sqrt{d_k}},\quad \sqrt{d_k} =", self.n("sqrt_d_k")],
                [r"\ell", *self.eq("logits")],
            ],
            [rule],
            [["w", *self.eq("weights")], [r"\sum_i w_i =", self.n("sum")]],
        ]
        width = 2 * self.hw
        self.stage_formulas = []
        for title, parts in zip(self.stage_titles, lines, strict=True):
            title.move_to((-self.hw, self.hh, 0), aligned_edge=UP + LEFT)
            one: list[Part] = [
                p for i, line in enumerate(parts) for p in ([r",\quad"] if i else []) + line
            ]
            f: VMobject = self.formula(*one, size=36)
            if f.width > width and len(parts) > 1:  # too wide for one line: one per part
                f = VGroup(*[self.formula(*line, size=36) for line in parts])
                f.arrange(DOWN, aligned_edge=LEFT, buff=0.15)
            fit_into(f, width, 1.4)
            f.next_to(title, DOWN, aligned_edge=LEFT, buff=0.18)
            self.stage_formulas.append(f)
        self.band_bottom = min(f.get_bottom()[1] for f in self.stage_formulas)

    def build_column(self, top: float, bottom: float) -> None:
        """The query, keys and d_k on the right; the computation of softmax in their place."""
        key_rows = [
            self.formula(f"k_{{{i}}} =", self.n(f"k{i}"), size=34, color=C.KEY)
            for i in range(1, self.n_keys + 1)
        ]
        self.column = VGroup(
            self.formula("q =", self.n("q"), size=34, color=C.QUERY),
            *key_rows,
            self.formula("d_k =", self.n("d_k"), size=34),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.22)
        fit_into(self.column, COLUMN_W, top - bottom)
        self.column.move_to((self.hw, (top + bottom) / 2, 0), aligned_edge=RIGHT)
        self.note = self.paragraph("sb_note", COLUMN_W + 0.4, 26)
        self.computed = self.computation(top - bottom - self.note.height - 0.4)
        self.computed.move_to((self.hw, top, 0), aligned_edge=UP + RIGHT)
        self.note.move_to((self.hw, bottom, 0), aligned_edge=DOWN + RIGHT)
        self.column_left = min(m.get_left()[0] for m in (self.column, self.computed, self.note))

    def build_chart(self, left: float, right: float, top: float, bottom: float) -> None:
        """Bars, value labels, key names and the axes of the three quantities.

        Scores and logits share one scale (dividing by √d_k visibly shrinks the bars), with
        round ticks from the sheet; weights get their own scale, 0 to 1 over the chart's whole
        height, and the axis says which quantity it measures.
        """
        self.axis_names = [
            VGroup(
                MathTex(tex, font_size=30, color=color),
                self.t(key, 24, C.MUTED),
            ).arrange(RIGHT, buff=0.15)
            for tex, color, key in zip(
                (r"s_i", r"\ell_i", r"e^{\ell_i - m}" if self.shifted else r"e^{\ell_i}", r"w_i"),
                (C.SCORE, C.SCORE, C.SCORE, C.WEIGHT),
                AXIS_KEYS,
                strict=True,
            )
        ]
        for name in self.axis_names:
            fit_into(name, right - left, 1.0).move_to((left, top, 0), aligned_edge=UP + LEFT)
        top = max(n.get_bottom()[1] for n in self.axis_names) - 0.15
        # key names under the chart
        names: list[VMobject] = []
        for i in range(self.n_keys):
            key = MathTex(f"k_{{{i + 1}}}", font_size=32, color=C.KEY)
            if self.keep[i]:
                names.append(key)
            else:
                masked = self.t("sb_masked", 22, C.MUTED).next_to(key, DOWN, buff=0.08)
                names.append(VGroup(key, masked))
        self.names = VGroup(*names)
        names_h = max(n.height for n in names)
        # tick labels on the left of the axis: scores/logits, then weights
        tick_values = [float(t) for t in score_ticks(self.lesson)]
        ticks = [f"tick{i}" for i in range(1, len(tick_values) + 1)]
        tick_labels = [self.formula(self.n(k), size=28, color=C.MUTED) for k in ticks]
        w_labels = [
            self.formula(self.n(k), size=28, color=C.MUTED) for k in ("wtick_lo", "wtick_hi")
        ]
        tick_w = max(m.width for m in [*tick_labels, *w_labels])
        self.axis_x = left + tick_w + 0.15
        bars_left = self.axis_x + 0.15
        slot = (right - bars_left) / self.n_keys
        self.xs = [bars_left + slot * (i + 0.5) for i in range(self.n_keys)]
        self.bar_w = min(1.2, 0.6 * slot)
        for x, under in zip(self.xs, names, strict=True):
            under.move_to((x, bottom, 0), aligned_edge=DOWN)
        # value labels: as large as their slot allows, staggered in two rows when too wide
        self.label_size: float = 34 if self.n_keys <= 3 else 28
        every = [
            self.formula(self.n(f"{st}{i + 1}"), size=self.label_size)
            for st in STAGES
            for i in range(self.n_keys)
            if f"{st}{i + 1}" in self.sheet  # a masked key has no exponential
        ]
        widest = max(m.width for m in every)
        if widest > 0.95 * slot:
            self.label_size = max(MIN_FONT, self.label_size * 0.95 * slot / widest)
            widest *= self.label_size / (34 if self.n_keys <= 3 else 28)
        self.stagger = widest > 0.95 * slot
        label_h = max(m.height for m in every) * self.label_size / every[0].font_size
        room = 0.12 + label_h * (2.15 if self.stagger else 1) + 0.05
        below = room if min(self.values[0]) < 0 else 0.1  # labels under negative bars
        self.top, self.bottom = top - room, bottom + names_h + 0.15 + below
        # the scale of scores, logits and exponentials: from the lowest to the highest value
        finite = np.concatenate(self.values[:WEIGHT])
        lo = min(finite.min(), 0.0)
        hi = max(finite.max(), 0.0)
        if hi - lo < 1e-12:
            hi = lo + 1.0
        self.unit = (self.top - self.bottom) / (hi - lo)
        self.base_y = [self.bottom - lo * self.unit] * WEIGHT + [self.bottom]
        self.units = [self.unit] * WEIGHT + [self.top - self.bottom]
        self.axes = [
            self.axis(0, tick_labels, tick_values),
            self.axis(WEIGHT, w_labels, [0.0, 1.0]),
        ]
        self.bars = VGroup(*[self.bar(0, i) for i in range(self.n_keys)])
        self.value_labels = VGroup(*[self.value_label(0, i) for i in range(self.n_keys)])

    def axis(self, stage: int, labels: list[MathTex], values: list[float]) -> VGroup:
        """The baseline, the vertical axis, faint grid lines and tick labels of a quantity."""
        y = self.base_y[stage]
        right = self.xs[-1] + (self.xs[-1] - self.xs[-2]) / 2 if self.n_keys > 1 else self.xs[0]
        base = Line((self.axis_x, y, 0), (right, y, 0), color=C.MUTED, stroke_width=2)
        vertical = Line((self.axis_x, self.bottom, 0), (self.axis_x, self.top, 0), color=C.MUTED)
        vertical.set_stroke(width=2)
        grid, ticks = VGroup(), VGroup()
        for label, v in zip(labels, values, strict=True):
            ty = y + v * self.units[stage]
            if abs(v) > 1e-12:
                grid.add(Line((self.axis_x, ty, 0), (right, ty, 0), color=C.GRID, stroke_width=1))
            ticks.add(Line((self.axis_x - 0.08, ty, 0), (self.axis_x, ty, 0), color=C.MUTED))
            label.move_to((self.axis_x - 0.14, ty, 0), aligned_edge=RIGHT)
        return VGroup(grid, base, vertical, ticks, VGroup(*labels))

    def bar(self, stage: int, i: int) -> Rectangle:
        """Bar `i` at `stage`: above the baseline for a positive value, below for a negative one."""
        v = self.values[stage][i]
        masked = stage > 0 and not self.keep[i]
        h = max(abs(v) * self.units[stage], 0.03)
        color = C.MUTED if masked else (C.WEIGHT if stage == WEIGHT else C.SCORE)
        bar = Rectangle(
            width=self.bar_w,
            height=h,
            stroke_width=0,
            fill_color=color,
            fill_opacity=0.7 if masked else 0.9,
        )
        edge = DOWN if v >= 0 else UP
        return bar.move_to((self.xs[i], self.base_y[stage], 0), aligned_edge=edge)

    def value_label(self, stage: int, i: int) -> VMobject:
        """The bar's value from the sheet, just beyond the bar's end (none: a masked e^ℓ).

        Every other label sits one label higher when neighbouring labels would touch.
        """
        key = f"{STAGES[stage]}{i + 1}"
        if key not in self.sheet:
            return VGroup()
        label = self.formula(self.n(key), size=self.label_size)
        bar = self.bars[i] if stage == 0 else self.bar(stage, i)
        up = self.values[stage][i] >= 0
        label.next_to(bar, UP if up else DOWN, buff=0.12)
        if self.stagger and i % 2:
            label.shift((label.height + 0.1) * (UP if up else DOWN))
        return label

    def computation(self, height: float) -> VGroup:
        """The exponentials and their sum, then one key's fraction, in the column's place."""
        self.kept = [i + 1 for i in range(self.n_keys) if self.keep[i]]
        f = self.kept[0]  # the first allowed key: its weight is written out
        size = 34
        if self.shifted:
            top: list[Part] = ["e^{", self.n("first_logit"), "-", self.n("max_logit"), "}"]
            sigma_terms: list[list[Part]] = []
            below: list[Part] = [r"\sum_j e^{\ell_j - m}"]
            head: list[Part] = [r"\sum_j e^{\ell_j - m}"]
        else:
            top = ["e^{", self.n("first_logit"), "}"]
            sigma_terms = [
                ["+ e^{" if n else "e^{", self.n(f"logit{i}"), "}"] for n, i in enumerate(self.kept)
            ]
            below = [p for t in sigma_terms for p in t]
            head = [r"\sum_j e^{\ell_j} ="]
        exact = all(self.sheet[f"exp{i}"].exact for i in self.kept)
        terms: list[list[Part]] = [
            ["+", self.n(f"exp{i}")] if n else [self.n(f"exp{i}")] for n, i in enumerate(self.kept)
        ]
        width = COLUMN_W + 0.4
        frac = self.formula(f"w_{{{f}}} = \\frac{{", *top, "}{", *below, "}", size=size)
        if frac.width > width:  # the sum is written out above: name it here
            frac = self.formula(
                f"w_{{{f}}} = \\frac{{", *top, "}{", r"\sum_j e^{\ell_j}", "}", size=size
            )
        rows = VGroup(
            wrapped(self, head, sigma_terms, [], width, size),
            wrapped(self, ["=" if exact else r"\approx"], terms, self.eq("exp_sum"), width, size),
            frac,
            self.formula(*self.eq("frac"), *self.eq("first_weight"), size=size),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.3)
        for r in (rows[1], rows[3]):  # a chain's next link, indented under its start
            r.shift((rows[0].get_left()[0] + 0.6 - r.get_left()[0]) * RIGHT)
        return fit_into(rows, width, height)

    # --- steps -------------------------------------------------------------------------
    def show_scores(self) -> None:
        """Raw compatibility scores q · k_i: the vectors as they are read, then the bars grow."""
        n = range(1, self.n_keys + 1)
        for stage, whole in ((0, "scores"), (1, "logits"), (WEIGHT, "weights")):  # the lists
            self.items(whole, *(f"{STAGES[stage]}{i}" for i in n))
        self.say("sb_sub_raw")
        self.play(FadeIn(self.stage_titles[0]), run_time=0.8)
        self.unfold(self.column, hold_unsaid={"d_k"})  # q and each key as read; d_k later
        self.axis_name = self.axis_names[0]
        self.play(FadeIn(self.axes[0]), FadeIn(self.axis_name), FadeIn(self.names), run_time=1)
        self.play(  # on the scores' words
            Write(self.stage_formulas[0]),
            *[
                GrowFromEdge(b, DOWN if v >= 0 else UP)
                for b, v in zip(self.bars, self.values[0], strict=True)
            ],
            *[FadeIn(label) for label in self.value_labels],  # each its own, not their group
            run_time=1.5,
        )

    def morph_to(self, stage: int) -> None:
        """Bars grow or shrink to the next stage as its values are said; labels ride on them."""
        many = "" if self.n_keys <= SAID_LIST_MAX else "_many"  # a long list: on screen only
        if stage == 1:
            self.say("sb_sub_scaled")
            self.retitle(0, 1)
            self.unfold(self.stage_formulas[1], Write, hold_unsaid={"logits"})
            self.unfold(self.column)  # d_k as it is said
            self.say(f"sb_sub_logits{many}", result=True)
            if many:  # "written on each bar": the labels show as the caption says so
                self.points_at(*(f"logit{i}" for i in range(1, self.n_keys + 1)))
            self.play(ReplacementTransform(self.axis_name, self.axis_names[1]), run_time=0.6)
        else:
            self.say(f"sb_sub_softmax{many}", result=True)
            # a new quantity on a new scale: the axis says so
            self.retitle(
                2,
                3,
                ReplacementTransform(self.axis_name, self.axis_names[stage]),
                ReplacementTransform(self.axes[0], self.axes[1]),
            )
        self.axis_name = self.axis_names[stage]
        # the stage's values in its formula, then on the bars; the rest of it as it is said
        self.unfold(self.stage_formulas[stage], Write, 0.6, upto={"logits", "weights"})
        self.move_bars(stage, range(self.n_keys), 1.5)
        self.unfold(self.stage_formulas[stage], Write, 0.6)
        if stage == 1 and not self.keep.all():
            self.say("sb_sub_mask")

    def move_bars(self, stage: int, which: range | list[int], seconds: float = 1.5) -> None:
        """Bars `which` grow or shrink to `stage`'s values, their labels turning into its own."""
        new = {i: self.value_label(stage, i) for i in which}
        self.play(
            *[Transform(self.bars[i], self.bar(stage, i)) for i in which],
            *[ReplacementTransform(self.value_labels[i], new[i]) for i in which],
            run_time=seconds,
        )
        for i in which:
            self.value_labels.submobjects[i] = new[i]

    def retitle(self, old: int, new: int, *also: Animation) -> None:
        """The stage's title turns into the next and its formula goes (its next one is said)."""
        self.play(
            ReplacementTransform(self.stage_titles[old], self.stage_titles[new]),
            FadeOut(self.stage_formulas[old]),
            *also,
            run_time=0.8,
        )

    def compute_softmax(self) -> None:
        """Each logit's exponential, bar by bar as it is said; their sum; one weight's fraction."""
        self.say(self.pick("sb_sub_exp", "exp"))
        rows = self.computed
        self.play(FadeOut(self.column), run_time=0.6)
        self.retitle(1, 2)
        self.unfold(self.stage_formulas[2], Write)
        self.play(FadeIn(rows[0]), ReplacementTransform(self.axis_name, self.axis_names[2]))
        self.axis_name = self.axis_names[2]
        if self.sheet.decisions["exp"] != "greater":  # "the order is kept": the bars, in order
            self.at(self.strings["sb_beat_order"])
            kept = [self.bars[i - 1] for i in self.kept]
            self.play(LaggedStart(*[Indicate(b, color=C.ACCENT) for b in kept], lag_ratio=0.5))
            self.at(self.strings["sb_beat_ratio"])  # "a logit difference": the logits read
            labels = [self.value_labels[i - 1] for i in self.kept]
            self.play(LaggedStart(*[Indicate(m, color=C.ACCENT) for m in labels], lag_ratio=0.5))
        for i in self.kept:  # each bar grows to its exponential as it is said
            self.say(self.pick("sb_sub_exp_one", "exp"), ell=f"logit{i}", e=f"exp{i}")
            self.at("ell")  # the logit raised, lit as it is read; then its bar grows
            self.play(Indicate(self.value_labels[i - 1], color=C.ACCENT), run_time=0.8)
            self.move_bars(2, [i - 1])
            self.unfold(rows[1], hold_unsaid=True)
        if not self.keep.all():  # e^(−∞) = 0 is written on the masked bar as it is said
            masked = [i for i in range(self.n_keys) if not self.keep[i]]
            self.say("sb_sub_exp_mask", e=f"exp{masked[0] + 1}")
            self.move_bars(2, masked)
        self.say("sb_sub_sum")
        self.unfold(rows[1])
        self.say(self.pick("sb_sub_frac", "exp"), result=True)
        self.unfold(rows[2], Write)
        first = self.bars[self.kept[0] - 1]
        self.unfold(rows[3])
        self.play(Indicate(first, color=C.ACCENT, scale_factor=1.05), run_time=0.8)

    def show_note(self) -> None:
        """Weights are a normalised distribution, not calibrated relevance probabilities."""
        self.say("sb_sub_note")
        self.play(FadeIn(self.note, shift=0.2 * UP))
