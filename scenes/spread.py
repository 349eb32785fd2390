"""WhySqrtDk: why attention divides the scores by √dₖ, shown on drawn ±1 vectors."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    Circle,
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
    Write,
)

import mathcore as mc
from lesson.sheets.spread import products, scaled_ticks, softmax_draw, spread_ticks
from scenes.frame import frame_box
from scenes.palette import C
from scenes.predict import PredictionScene
from scenes.textfit import fit_into

__all__ = ["WhySqrtDk"]

INSET = 0.03  # keep clear of the title-safe edge by more than rounding
LABEL_W = 2.7  # the rows' left column: dₖ, the spread, √dₖ
STRIP_GAP = 0.35  # between the left column and the strips
TICKS_H = 0.4  # the tick labels under the last strip
DOT_MAX, DOT_MIN = 0.075, 0.035  # a dot's radius, as room allows
NAMES_H = 0.5  # the key names under the weight charts


class WhySqrtDk(PredictionScene):
    """The ``[spread]`` draws: raw dot products spread like √dₖ; divided by it, they do not."""

    def construct(self) -> None:
        """Storyboard: a guess, the assumption, raw spreads per dₖ, divided by √dₖ, softmax."""
        self.build()
        self.step("tebak")
        self.ask_first()
        self.step("asumsi")
        self.show_assumption()
        self.step("tanpa-skala")
        self.show_raw()
        self.step("dibagi-akar")
        self.show_scaled()
        self.step("softmax")
        self.show_softmax()

    # --- layout ------------------------------------------------------------------------
    def build(self) -> None:
        """The title, the assumption, the strips of dots per dimension and the weight charts."""
        self.hw, self.hh = (e - INSET for e in frame_box())
        self.title = self.t("ws_title", 34, C.TEXT)
        self.title.move_to((-self.hw, self.hh, 0), aligned_edge=UL)
        fit_into(self.title, 2 * self.hw, 0.7)
        self.below_title = self.title.get_bottom()[1] - 0.3
        self.guesses = VGroup(  # what the guess is about, each shown as it is asked
            self.formula(r"d_k \uparrow \;\Rightarrow\; q \cdot k \;?", size=60),
            self.formula(r"\textstyle\max_j w_j \;?", size=60, color=C.WEIGHT),
        ).arrange(DOWN, buff=0.6)
        self.build_assumption()
        self.build_header()
        self.build_strips()
        self.build_softmax()

    def build_assumption(self) -> None:
        """The paper's assumptions and what follows: Var(q · k) = dₖ."""
        one, zero = self.n("one"), self.n("zero")
        self.assumption = VGroup(
            self.t("ws_assume", 28, C.MUTED),
            self.formula(
                r"\mathbb{E}[q_i] = \mathbb{E}[k_i] =",
                zero,
                r",\quad \operatorname{Var}(q_i) = \operatorname{Var}(k_i) =",
                one,
                size=38,
            ),
            self.formula(
                r"\operatorname{Var}(q \cdot k)"
                r" = \sum_i \operatorname{Var}(q_i)\operatorname{Var}(k_i) = d_k",
                size=40,
                color=C.TEXT,
            ),
            self.t("ws_then", 28, C.TEXT),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.35)
        fit_into(self.assumption, 2 * self.hw, self.below_title + self.hh)
        self.assumption.move_to((0, (self.below_title - self.hh) / 2, 0))
        self.assumption.align_to(self.title, LEFT)

    def build_header(self) -> None:
        """One line under the title: how the vectors are drawn, and what RMS measures."""
        self.header = VGroup(  # in the order the voice names them
            self.t("ws_pairs", 26, C.MUTED),
            self.formula(r"q_i, k_i \in \{", self.n("neg_one"), ",", self.n("one"), r"\}", size=32),
            self.t("ws_rms", 26, C.TEXT),
        ).arrange(RIGHT, buff=0.5)
        fit_into(self.header, 2 * self.hw, 0.7)
        self.header.move_to((-self.hw, self.below_title + 0.1, 0), aligned_edge=UL)

    def build_strips(self) -> None:
        """A row per dimension: its labels, an axis, its scores as piles of dots, its spread.

        Equal scores pile up; a pile takes two dots side by side where the row is too low
        for it and the neighbouring scores leave room. Raw and scaled scores share the piles,
        on the axis of each (its ticks under the last row).
        """
        self.draws = products(self.lesson)
        rows = len(self.draws)
        top = self.header.get_bottom()[1] - 0.3
        bottom = -self.hh + TICKS_H
        self.row_h = (top - bottom) / rows
        self.x0 = -self.hw + LABEL_W + STRIP_GAP
        self.x1 = self.hw - 0.1
        raw_ticks = [float(t) for t in spread_ticks(self.lesson)]
        sc_ticks = [float(t) for t in scaled_ticks(self.lesson)]
        raw_top = max(max(abs(s) for _, ss in self.draws for s in ss), max(raw_ticks), 1)
        sc_top = max(
            max(abs(s) / math.sqrt(d) for d, ss in self.draws for s in ss), max(sc_ticks), 1
        )
        half = (self.x1 - self.x0) / 2
        self.units = (half / (1.06 * raw_top), half / (1.06 * sc_top))
        self.mid = (self.x0 + self.x1) / 2
        # neighbouring scores differ by 2 (raw), 2/√dₖ (scaled): the dots must fit between
        gap = min(2 * self.units[0], min(2 / math.sqrt(d) for d, _ in self.draws) * self.units[1])
        self.r = max(DOT_MIN, min(DOT_MAX, 0.36 * gap))
        pitch = 2 * self.r + 0.03
        room = self.row_h - 0.55  # above the axis, under the next row
        tallest = max(max(ss.count(s) for s in set(ss)) for _, ss in self.draws)
        self.cols = 2 if tallest * pitch > room and 2 * pitch <= 0.9 * gap else 1
        levels = math.ceil(tallest / self.cols)
        self.vstep = min(pitch, (room - 2 * self.r) / max(levels - 1, 1))

        self.rows = []
        for i, (d, scores) in enumerate(self.draws, start=1):
            axis_y = top - i * self.row_h + 0.42
            self.rows.append(self.row(i, d, scores, axis_y))
        last_axis = self.rows[-1]["axis_y"]
        self.ticks = [
            self.tick_labels("tick", raw_ticks, 0, last_axis),
            self.tick_labels("stick", sc_ticks, 1, last_axis),
        ]
        self.axis_names = [
            self.formula(r"s = q \cdot k", size=30, color=C.SCORE),
            self.formula(r"s / \sqrt{d_k}", size=30, color=C.SCORE),
        ]
        for name in self.axis_names:  # the axis's title, over the strips' right end
            name.move_to((self.x1, top, 0), aligned_edge=UP + RIGHT)

    def x_of(self, value: float, scale: int) -> float:
        """Where `value` lies on the raw (`scale` 0) or the scaled (1) axis."""
        return self.mid + value * self.units[scale]

    def row(self, i: int, d: int, scores: list[int], axis_y: float) -> dict[str, Any]:
        """Row `i`: labels, the axis with its ticks, the dots (raw and scaled), the spread bars."""
        labels = VGroup(
            self.formula("d_k =", self.n(f"d{i}"), size=32),
            self.formula(r"\mathrm{RMS}", *self.eq(f"rms{i}"), size=30, color=C.TEXT),
            self.formula(r"\sqrt{d_k}", *self.eq(f"root{i}"), size=28, color=C.MUTED),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.1)
        fit_into(labels, LABEL_W, self.row_h - 0.12)
        labels.move_to((-self.hw, axis_y + 0.5 * self.row_h - 0.42, 0), aligned_edge=LEFT)
        scaled_label = self.formula(r"\mathrm{RMS}", *self.eq(f"srms{i}"), size=30, color=C.TEXT)
        scaled_label.match_height(labels[1]).move_to(labels[1], aligned_edge=LEFT)
        axis = Line((self.x0, axis_y, 0), (self.x1, axis_y, 0), color=C.GRID, stroke_width=2)
        root = math.sqrt(d)
        piles: dict[int, int] = {}
        raw, scaled = VGroup(), VGroup()
        for s in sorted(scores):
            j = piles.get(s, 0)
            piles[s] = j + 1
            level, col = divmod(j, self.cols)
            # side by side, centred; a pile's last dot alone on its level stands in the middle
            width = min(self.cols, scores.count(s) - level * self.cols)
            shift = (col - (width - 1) / 2) * (2 * self.r + 0.03)
            y = axis_y + 0.05 + self.r + level * self.vstep
            for group, x in ((raw, self.x_of(s, 0)), (scaled, self.x_of(s / root, 1))):
                dot = Circle(radius=self.r, stroke_width=0, fill_color=C.SCORE, fill_opacity=1)
                group.add(dot.move_to((x + shift, y, 0)))
        rms = math.sqrt(sum(s * s for s in scores) / len(scores))
        return {
            "labels": labels,
            "scaled_label": scaled_label,
            "axis": axis,
            "dots": raw,
            "scaled_dots": scaled,
            "bar": self.spread_bar(rms * self.units[0], axis_y),
            "scaled_bar": self.spread_bar(rms / root * self.units[1], axis_y),
            "axis_y": axis_y,
        }

    def spread_bar(self, half: float, y: float) -> VGroup:
        """The spread ±RMS around zero, just under the axis, with end stops."""
        yb = y - 0.13
        left, right = self.mid - half, self.mid + half
        return VGroup(
            Line((left, yb, 0), (right, yb, 0), color=C.TEXT, stroke_width=4),
            Line((left, yb - 0.08, 0), (left, yb + 0.08, 0), color=C.TEXT, stroke_width=4),
            Line((right, yb - 0.08, 0), (right, yb + 0.08, 0), color=C.TEXT, stroke_width=4),
        )

    def tick_labels(self, prefix: str, values: list[float], scale: int, y: float) -> VGroup:
        """The tick values (from the sheet) under the last row, and a tick on every axis."""
        labels = VGroup()
        marks = VGroup()
        for j, v in enumerate(values, start=1):
            x = self.x_of(v, scale)
            label = self.formula(self.n(f"{prefix}{j}"), size=24, color=C.MUTED)
            labels.add(label.move_to((x, y - 0.3, 0), aligned_edge=UP))
            for row in self.rows:
                ay = row["axis_y"]
                marks.add(Line((x, ay - 0.05, 0), (x, ay + 0.05, 0), color=C.GRID, stroke_width=2))
        return VGroup(marks, labels)

    def build_softmax(self) -> None:
        """One query against the keys at the largest dₖ: its scores, and two weight charts."""
        d, scores = softmax_draw(self.lesson)
        weights = (mc.softmax(scores), mc.softmax(np.array(scores) / math.sqrt(d)))
        last = len(self.draws)
        head = VGroup(
            self.t("ws_soft_head", 30, C.TEXT),
            self.formula(r"d_k =", self.n(f"d{last}"), size=32),
        ).arrange(RIGHT, buff=0.4)
        formulas = VGroup(
            self.formula("s =", self.n("scores"), size=32, color=C.SCORE),
            self.formula(r"s / \sqrt{d_k}", *self.eq("logits"), size=32, color=C.SCORE),
        ).arrange(RIGHT, buff=0.7)
        top_part = VGroup(head, formulas).arrange(DOWN, aligned_edge=LEFT, buff=0.25)
        fit_into(top_part, 2 * self.hw, 1.4)
        top_part.move_to((-self.hw, self.below_title, 0), aligned_edge=UL)
        self.soft_top = top_part
        width = self.hw - 0.4
        top = top_part.get_bottom()[1] - 0.45
        self.charts = [
            self.chart(head_key, top_key, w, left, width, top)
            for head_key, top_key, w, left in (
                ("ws_raw_head", "top_raw", weights[0], -self.hw),
                ("ws_scaled_head", "top_scaled", weights[1], 0.4),
            )
        ]

    def chart(
        self,
        head_key: str,
        top_key: str,
        weights: np.ndarray,
        left: float,
        width: float,
        top: float,
    ) -> dict[str, Any]:
        """A weight chart from `top` down to the frame's foot.

        Its heading and largest weight, bars over a baseline up to a weight of 1, the key
        names under them, and 0 and 1 on its axis.
        """
        heading = VGroup(
            self.t(head_key, 30, C.TEXT),
            self.formula(r"\textstyle\max_j w_j", *self.eq(top_key), size=32, color=C.WEIGHT),
        ).arrange(RIGHT, buff=0.35)
        fit_into(heading, width, 0.6)
        heading.move_to((left, top, 0), aligned_edge=UL)
        base_y = -self.hh + NAMES_H
        height = top - 0.6 - 0.35 - base_y  # under a heading of at most 0.6
        ends = VGroup(
            self.formula(self.n("zero"), size=24, color=C.MUTED),
            self.formula(self.n("one"), size=24, color=C.MUTED),
        )
        axis_x = left + max(m.width for m in ends) + 0.15
        ends[0].move_to((axis_x - 0.1, base_y, 0), aligned_edge=RIGHT)
        ends[1].move_to((axis_x - 0.1, base_y + height, 0), aligned_edge=RIGHT)
        n = len(weights)
        slot = (left + width - axis_x - 0.1) / n
        bars, names = VGroup(), VGroup()
        for i, w in enumerate(weights):
            x = axis_x + 0.1 + slot * (i + 0.5)
            bar = Rectangle(
                width=min(0.9, 0.6 * slot),
                height=max(float(w) * height, 0.02),
                stroke_width=0,
                fill_color=C.WEIGHT,
                fill_opacity=1,
            )
            bars.add(bar.move_to((x, base_y, 0), aligned_edge=DOWN))
            name = MathTex(f"k_{{{i + 1}}}", font_size=28, color=C.KEY)
            names.add(name.move_to((x, base_y - 0.12, 0), aligned_edge=UP))
        right = axis_x + 0.1 + slot * n
        frame = VGroup(
            Line((axis_x, base_y, 0), (right, base_y, 0), color=C.MUTED, stroke_width=2),
            Line((axis_x, base_y + height, 0), (right, base_y + height, 0), color=C.GRID),
        )
        return {
            "heading": heading,
            "frame": VGroup(frame, ends, names),
            "bars": bars,
            "all": VGroup(heading, frame, ends, names, bars),
        }

    # --- steps -------------------------------------------------------------------------
    def rows_text(self, key: str, value: str, result: bool, also: str = "") -> None:
        """Say `key` naming each row's `value` (fields ``a``, ``b``, ``c``; `also`: ``u``, …)."""
        n = len(self.rows)
        fields = {name: f"{value}{i}" for i, name in enumerate("abc"[:n], start=1)}
        if also:
            fields |= {name: f"{also}{i}" for i, name in enumerate("uvw"[:n], start=1)}
        self.say(key, result=result, **fields)

    def ask_first(self) -> None:
        """Before any draw, a guess: the spread as dₖ grows, and softmax's top weight."""
        badge = self.ask("ws_predict", "ws_sub_predict", (self.title, *self.guesses))
        self.play(FadeIn(self.title), run_time=1)
        for beat, guess in zip(("grow", "weight"), self.guesses, strict=True):
            self.at(self.strings[f"ws_beat_predict_{beat}"])
            self.play(FadeIn(guess, shift=0.1 * UP), run_time=0.6)
        self.let_guess(badge)

    def show_assumption(self) -> None:
        """The assumptions, and the variance of the raw dot product they give."""
        self.say("ws_sub_assume", result=True)
        self.play(FadeOut(self.guesses), run_time=0.6)
        self.play(FadeIn(self.assumption[0]), Write(self.assumption[1]), run_time=1.5)
        self.at(self.strings["ws_beat_sum"])  # the variances add up: the sum as it is said
        self.play(Write(self.assumption[2]), run_time=1.5)
        self.at(self.strings["ws_beat_then"])  # the conclusion as the voice draws it
        self.play(FadeIn(self.assumption[3]), run_time=1)

    def show_raw(self) -> None:
        """Drawn pairs per dimension: the raw scores and their spread."""
        self.rows_text(f"ws_sub_draw{len(self.rows)}", "d", result=False)  # each dₖ named
        self.play(FadeOut(self.assumption), run_time=0.6)
        self.unfold(self.header, upto={"samples"})  # the count, then each dₖ as it is named
        for row in self.rows:  # each row as its dₖ is named, its scores drawn then
            self.play(FadeIn(row["labels"][0]), FadeIn(row["axis"]), run_time=0.5)
            self.play(
                LaggedStart(*[FadeIn(dot) for dot in row["dots"]], lag_ratio=0.05), run_time=0.6
            )
        self.unfold(self.header)  # the coordinates' values as they are said
        self.play(FadeIn(self.ticks[0]), FadeIn(self.axis_names[0]), run_time=0.6)
        trend = f"ws_sub_rms{len(self.rows)}_if_{self.sheet.decisions['trend']}"
        self.rows_text(trend, "rms", result=True, also="root")
        for row in self.rows:  # each spread as it is said, then √dₖ beside each
            self.play(FadeIn(row["labels"][1]), FadeIn(row["bar"]), run_time=0.7)
        for row in self.rows:
            self.play(FadeIn(row["labels"][2]), run_time=0.5)

    def show_scaled(self) -> None:
        """Every score divided by its √dₖ: the rows now have one spread."""
        near = self.sheet.decisions["near"]
        self.rows_text(f"ws_sub_scaled{len(self.rows)}_if_{near}", "srms", result=True)
        self.play(  # the axis first; then each row squeezed as its spread is said
            ReplacementTransform(self.ticks[0], self.ticks[1]),
            ReplacementTransform(self.axis_names[0], self.axis_names[1]),
            run_time=0.8,
        )
        for row in self.rows:
            self.play(
                Transform(row["dots"], row["scaled_dots"]),
                Transform(row["bar"], row["scaled_bar"]),
                ReplacementTransform(row["labels"][1], row["scaled_label"]),
                run_time=1.2,
            )

    def show_softmax(self) -> None:
        """Softmax of one query's raw and scaled scores at the largest dₖ."""
        shown = [
            m
            for row in self.rows
            for m in (row["labels"], row["scaled_label"], row["axis"], row["dots"], row["bar"])
        ]
        self.play(
            *[FadeOut(m) for m in shown],
            FadeOut(self.ticks[1]),
            FadeOut(self.axis_names[1]),
            FadeOut(self.header),
            run_time=0.6,
        )
        self.say(self.pick("ws_sub_raw", "raw"), result=True)
        self.play(FadeIn(self.soft_top), run_time=1)
        raw, scaled = self.charts
        self.play(FadeIn(raw["frame"]), FadeIn(raw["heading"]), run_time=0.8)
        self.at("top_raw")  # the bars grow as the largest weight is said
        self.play(*[GrowFromEdge(b, DOWN) for b in raw["bars"]], run_time=1.2)
        if self.sheet.decisions["raw"] == "dominant":  # the key that takes it all, lit
            self.at(self.strings["ws_beat_gradient"])
            tallest = max(raw["bars"], key=lambda b: b.height)
            self.play(Indicate(tallest, color=C.ACCENT, scale_factor=1.1), run_time=1.0)
        self.say(self.pick("ws_sub_scaled", "scaled"), result=True)
        self.play(FadeIn(scaled["frame"]), FadeIn(scaled["heading"]), run_time=0.8)
        self.at("top_scaled")
        self.play(*[GrowFromEdge(b, DOWN) for b in scaled["bars"]], run_time=1.2)
