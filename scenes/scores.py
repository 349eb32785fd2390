"""AttentionScores: many query-key scores at once, from one matrix product to the outputs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from manim import (
    DOWN,
    LEFT,
    ORIGIN,
    RIGHT,
    UL,
    UP,
    Animation,
    AnimationGroup,
    Arrow,
    Create,
    Dot,
    FadeIn,
    FadeOut,
    GrowArrow,
    Line,
    MathTex,
    Rectangle,
    ReplacementTransform,
    RoundedRectangle,
    Transform,
    VGroup,
    VMobject,
)

import mathcore as mc
from lesson.sheets.scores import FIRST
from lesson.sheets.softmax import SAID_LIST_MAX
from scenes.base import LessonScene
from scenes.frame import MIN_FONT
from scenes.geometry import arrow_between, fitted_plane
from scenes.palette import C
from scenes.tagging import attach
from scenes.textfit import fit_into

__all__ = ["AttentionScores"]

STRIP_TOP, STRIP_H, STRIP_W, STRIP_GAP = 3.56, 1.0, 12.76, 0.38
LEFT_X, MID_X, RIGHT_X = -6.37, -0.15, 6.37  # left column [LEFT_X, MID_X], right [.., RIGHT_X]
AREA_TOP, AREA_BOTTOM = 2.3, -3.56
STAGES = ("matmul", "scale", "mask", "softmax", "values")


@dataclass
class Grid:
    """Cell centres of a matrix and the block its entries fill (scene coordinates)."""

    xs: list[float]
    ys: list[float]
    left: float
    right: float
    top: float
    bottom: float

    @classmethod
    def make(
        cls, widths: list[float], rows: int, top_left: np.ndarray, pitch: float, gap: float
    ) -> Grid:
        """Columns of the given widths and `rows` rows `pitch` apart, top-left at `top_left`."""
        x0, y0 = float(top_left[0]), float(top_left[1])
        xs, x = [], x0
        for w in widths:
            xs.append(x + w / 2)
            x += w + gap
        ys = [y0 - pitch * (i + 0.5) for i in range(rows)]
        return cls(xs, ys, x0, x - gap, y0, y0 - pitch * rows)

    def cell(self, i: int, j: int) -> np.ndarray:
        """Centre of entry (i, j)."""
        return np.array([self.xs[j], self.ys[i], 0.0])


def bracket(grid: Grid, side: int) -> VMobject:
    """A square bracket left (`side` = -1) or right (+1) of the grid's entries."""
    x = grid.left - 0.16 if side < 0 else grid.right + 0.16
    lip = -side * 0.12
    top, bottom = grid.top + 0.02, grid.bottom - 0.02
    pts = [[x + lip, top, 0], [x, top, 0], [x, bottom, 0], [x + lip, bottom, 0]]
    return VMobject(color=C.TEXT, stroke_width=2.5).set_points_as_corners(np.array(pts))


def place_label(label: VMobject, tip: np.ndarray, direction: np.ndarray, box: np.ndarray) -> None:
    """Put `label` just beyond `tip` along `direction`, or beside it if that leaves `box`.

    Parameters
    ----------
    label : VMobject
        The name to place.
    tip : array
        Scene point the name belongs to.
    direction : array
        Preferred direction (scene coordinates) from the tip.
    box : array
        ``[[x0, y0], [x1, y1]]``: where the label must stay.
    """
    d = np.asarray(direction, dtype=float)
    u = d / np.linalg.norm(d) if np.linalg.norm(d) > 0.05 else (UP + RIGHT) / np.sqrt(2)
    normal = np.array([-u[1], u[0], 0.0])
    reach = 0.15 + max(label.width, label.height) / 2
    for step in (u, normal, -normal, -u):
        label.move_to(tip + reach * step)
        a, b = label.get_corner(DOWN + LEFT), label.get_corner(UP + RIGHT)
        if np.all(a[:2] >= box[0]) and np.all(b[:2] <= box[1]):
            return
    label.move_to(tip + reach * u)


class AttentionScores(LessonScene):
    """Several queries against the keys at once, in the order PyTorch computes attention."""

    def construct(self) -> None:
        """Storyboard: roles, QKᵀ, scale and mask, softmax over keys, weights times values."""
        self.build()
        self.step("peran")
        self.show_roles()
        self.step("kali-matriks")
        self.show_products()
        self.step("skala-dan-mask")
        self.scale_and_mask()
        self.step("softmax")
        self.apply_softmax()
        self.step("kali-value")
        self.weigh_values()

    # --- layout ------------------------------------------------------------------------
    def build(self) -> None:
        """Every mobject at its final place; the steps only reveal and morph them."""
        At = self.lesson.attention
        self.nq, self.nk = len(self.lesson.scores), len(At.keys)
        self.keep = list(At.mask or (True,) * self.nk)
        self.masked = not all(self.keep)
        self.values = [np.array(v, float) for v in (At.values or At.keys)]
        result = mc.attention(self.lesson.scores, At.keys, self.values, np.array(self.keep))
        assert isinstance(result, mc.Attention)  # values given: weights and output
        self.weights = np.atleast_2d(result.weights)
        self.outputs = np.atleast_2d(result.output)
        self.drawn = len(self.values[0]) == 2
        self.build_roles()
        self.build_strip()
        self.build_matrices()
        self.build_output()

    def build_roles(self) -> None:
        """Section one: what query, key and value stand for, and this lesson's vectors."""
        title = self.t("ats_title", 32)
        roles = VGroup(
            self.t("ats_role_query", 26, C.QUERY),
            self.t("ats_role_key", 26, C.KEY),
            self.t("ats_role_value", 26, C.VALUE),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.16)
        same = self.lesson.attention.values is None  # the values are the keys themselves
        if same:  # each key's row names its value too; the value column is the note saying so
            values = VGroup(self.paragraph("ats_values_default", 4.0, 24, C.MUTED))
        else:
            values = self.vector_column("v", self.nk, C.VALUE)
        columns = VGroup(
            self.vector_column("q", self.nq, C.QUERY),
            self.vector_column("k", self.nk, C.KEY, also="v" if same else ""),
            values,
        ).arrange(RIGHT, aligned_edge=UP, buff=0.7)
        if columns.width > RIGHT_X - LEFT_X:  # long vectors: the values go under the queries
            columns[2].next_to(columns[0], DOWN, aligned_edge=LEFT, buff=0.35)
            columns[1].next_to(VGroup(columns[0], columns[2]), RIGHT, aligned_edge=UP, buff=0.7)
            columns[1].align_to(columns[0], UP)
        # where q and k come from, and what d_k counts
        learned = VGroup(
            self.t("ats_learned", 24, C.MUTED),
            MathTex(
                r"q_i = x_i W_Q,\quad k_j = x_j W_K,\quad v_j = x_j W_V",
                font_size=30,
                color=C.TEXT,
            ),
        ).arrange(RIGHT, buff=0.3)
        dims = VGroup(
            self.formula("d_k =", self.n("d_k"), size=30),
            self.t("ats_dk", 24, C.MUTED),
        ).arrange(RIGHT, buff=0.3)
        self.origin = VGroup(learned, dims).arrange(DOWN, aligned_edge=LEFT, buff=0.2)
        # the words at full size; the vectors take the height that is left
        width, height = RIGHT_X - LEFT_X, -2 * AREA_BOTTOM
        words = VGroup(title, roles, self.origin).arrange(DOWN, aligned_edge=LEFT, buff=0.4)
        fit_into(words, width, height)
        fit_into(columns, width, height - words.height - 0.4)
        self.roles = VGroup(title, roles, self.origin, columns).arrange(
            DOWN, aligned_edge=LEFT, buff=0.4
        )
        fit_into(self.roles, width, height).move_to(ORIGIN)

    def vector_column(self, name: str, count: int, color: str, also: str = "") -> VGroup:
        """Rows ``name_i = (…)`` for i = 1..count, from the sheet.

        With `also`, each row reads ``name_i = also_i = (…)``: one vector that is both (a
        key that is its own value), tagged with both sheet keys.
        """
        rows = []
        for i in range(1, count + 1):
            lhs = f"{name}_{{{i}}} = {also}_{{{i}}} =" if also else f"{name}_{{{i}}} ="
            row = self.formula(lhs, self.n(f"{name}{i}"), size=30, color=color)
            if also:
                attach(row[1], sheet_multi={f"{also}{i}": self.sheet[f"{also}{i}"].text})
            rows.append(row)
        return VGroup(*rows).arrange(DOWN, aligned_edge=LEFT, buff=0.18)

    def build_strip(self) -> None:
        """The five labelled stages of scaled_dot_product_attention, left to right."""
        formulas = [
            MathTex(r"QK^{\mathsf T}", font_size=30),
            self.formula(r"\times", self.n("scale"), size=30),
            self.formula(r"+\,(", self.n("neg_inf"), ")", size=30),
            MathTex(r"e^{\ell_{ij}} \big/ \textstyle\sum_l e^{\ell_{il}}", font_size=30),
            MathTex(r"WV", font_size=30),
        ]
        w = (STRIP_W - 4 * STRIP_GAP) / 5
        x0 = -STRIP_W / 2 + w / 2
        self.boxes, self.stage_labels, arrows = VGroup(), VGroup(), VGroup()
        for s, (stage, f) in enumerate(zip(STAGES, formulas, strict=True)):
            x = x0 + s * (w + STRIP_GAP)
            box = RoundedRectangle(corner_radius=0.12, width=w, height=STRIP_H)
            box.move_to((x, STRIP_TOP - STRIP_H / 2, 0)).set_stroke(C.MUTED, 2, opacity=0.7)
            label = VGroup(self.t(f"ats_stage_{stage}", 24, C.TEXT), f)
            label.arrange(DOWN, buff=0.1)
            fit_into(label, w - 0.22, STRIP_H - 0.14).move_to(box)
            label.set_opacity(0.5)
            self.boxes.add(box)
            self.stage_labels.add(label)
            if s:
                a = self.boxes[s - 1].get_right() + 0.04 * RIGHT
                b = box.get_left() + 0.04 * LEFT
                arrows.add(Arrow(a, b, buff=0, color=C.MUTED, stroke_width=3, tip_length=0.14))
        self.strip = VGroup(self.boxes, arrows, self.stage_labels)

    def entry(self, key: str, muted: bool = False) -> MathTex:
        """A matrix entry from the sheet."""
        return self.formula(self.n(key), size=self.size, color=C.MUTED if muted else C.TEXT)

    def build_matrices(self) -> None:
        """QKᵀ and L share one grid in the middle; W gets its own in the left column."""
        small = self.nk <= 3 and self.nq <= 3
        self.size = 36 if small else 30  # the middle of the frame holds QKᵀ and S
        cells = range(self.nq), range(self.nk)
        self.raw = [[self.entry(f"score{i + 1}_{j + 1}") for j in cells[1]] for i in cells[0]]
        self.scaled = [
            [
                self.entry(f"logit{i + 1}_{j + 1}")
                if self.keep[j]
                else self.entry("neg_inf", muted=True)
                for j in cells[1]
            ]
            for i in cells[0]
        ]
        # One grid for raw scores and logits, so each entry turns into its successor in place.
        widths = [
            max(0.45, *(m[i][j].width for m in (self.raw, self.scaled) for i in cells[0]))
            for j in cells[1]
        ]
        self.s_grid = self.grid(widths)
        self.s_frame = self.frame(self.s_grid)
        cap_size = self.size + 2
        self.raw_caption = MathTex(
            r"s_{ij} = (QK^{\mathsf T})_{ij} = q_i \cdot k_j", font_size=cap_size
        )
        mask_part = r" + M" if self.masked else ""
        self.s_caption = self.formula(
            rf"L = QK^{{\mathsf T}} / \sqrt{{d_k}}{mask_part},\quad d_k =",
            self.n("d_k"),
            size=cap_size,
        )
        for cap in (self.raw_caption, self.s_caption):
            cap.next_to(self.s_frame, UP, buff=0.3).set_x(self.s_frame.get_x())
        for m in (self.raw, self.scaled):
            self.place(m, self.s_grid)
        # the first query's row, read out whole: raw scores, then logits
        q = f"q_{{{FIRST}}} K^{{\\mathsf T}}"
        self.row_raw = self.formula(f"{q} =", self.n("row_scores"), size=cap_size)
        self.row_scaled = self.formula(
            f"\\ell_{{{FIRST}}} = {q} / \\sqrt{{d_k}}"
            + (f" + M_{{{FIRST}}}" if self.masked else ""),
            *self.eq("row_logits"),
            size=cap_size,
        )
        self.row_raw.next_to(self.s_frame, DOWN, buff=0.4)
        self.row_scaled.move_to(self.row_raw)
        s_all = VGroup(
            self.raw_caption, self.s_caption, self.s_frame, self.row_raw, self.row_scaled
        )
        s_all.add(*[e for m in (self.raw, self.scaled) for row in m for e in row])
        self.mask_note: VMobject = VGroup()
        if self.masked:
            self.mask_note = self.t("ats_mask_note", 24, C.MUTED)
            self.mask_note.next_to(VGroup(self.row_raw, self.row_scaled), DOWN, buff=0.35)
            s_all.add(self.mask_note)
        fit_into(s_all, RIGHT_X - LEFT_X, AREA_TOP - AREA_BOTTOM)
        s_all.move_to((0, (AREA_TOP + AREA_BOTTOM) / 2 + 0.5, 0))
        s_all.shift(max(0.0, s_all.get_top()[1] - AREA_TOP) * DOWN)

        self.size = 36 if small else (30 if self.nk <= 4 else 26)  # W shares the width
        self.wmat = [
            [self.entry(f"weight{i + 1}_{j + 1}", muted=not self.keep[j]) for j in cells[1]]
            for i in cells[0]
        ]
        wwidths = [max(0.45, *(self.wmat[i][j].width for i in cells[0])) for j in cells[1]]
        self.w_caption = self.formula(
            r"W = \operatorname{softmax}(L),\quad \textstyle\sum_j w_{ij} =",
            self.n("sum"),
            size=cap_size,
        )
        w_grid = self.grid(wwidths)
        self.place(self.wmat, w_grid)
        self.w_frame = self.frame(w_grid)
        w_block = VGroup(self.w_caption, VGroup(self.w_frame, *[e for r in self.wmat for e in r]))
        w_block[0].next_to(w_block[1], UP, buff=0.3, aligned_edge=LEFT)
        # W keeps at least the floor size: a wide W widens the left column
        floor = (MIN_FONT + 1) / self.size
        need = w_block.width * floor if min(1.0, 3.4 / w_block.height) >= floor else 0.0
        self.mid_x = min(max(MID_X, LEFT_X + need), LEFT_X + 0.7 * (RIGHT_X - LEFT_X))
        fit_into(w_block, self.mid_x - LEFT_X, 3.4)
        w_block.move_to((LEFT_X, AREA_TOP, 0), aligned_edge=UL)
        self.w_block = w_block

        width = RIGHT_X - self.mid_x - 0.4
        row: VMobject = self.formula(
            f"w_{{{FIRST}}} = \\operatorname{{softmax}}(\\ell_{{{FIRST}}})",
            *self.eq("row_weights"),
            size=36,
        )
        wide = row.width * (MIN_FONT + 1) / 36 > width  # too long for the right column
        if row.width > width and not wide:  # the row's weights on a line of their own
            row = VGroup(
                MathTex(
                    f"w_{{{FIRST}}} = \\operatorname{{softmax}}(\\ell_{{{FIRST}}})", font_size=36
                ),
                self.formula(*self.eq("row_weights"), size=36),
            ).arrange(DOWN, aligned_edge=LEFT, buff=0.2)
            row[1].shift(0.6 * RIGHT)
        rule = VGroup(
            MathTex(r"w_{ij} = \frac{e^{\ell_{ij}}}{\sum_l e^{\ell_{il}}}", font_size=44),
            self.paragraph("ats_softmax_rows", width, 26, C.TEXT),
        ).arrange(DOWN, buff=0.4)
        if wide:  # the first row's weights under W, across the frame
            fit_into(row, RIGHT_X - LEFT_X, 1.0)
            row.next_to(self.w_block, DOWN, buff=0.45).set_x(LEFT_X, LEFT)
            fit_into(rule, width, AREA_TOP - AREA_BOTTOM - 0.2)
            self.softmax_def = VGroup(*rule, row)
        else:
            self.softmax_def = VGroup(*rule, fit_into(row, width, 2.0)).arrange(DOWN, buff=0.4)
            rule = self.softmax_def
            fit_into(rule, width, AREA_TOP - AREA_BOTTOM - 0.2)
        rule.move_to(((self.mid_x + RIGHT_X) / 2 + 0.1, self.w_block.get_center()[1], 0))
        over = rule.get_top()[1] - (AREA_TOP - 0.1)
        under = AREA_BOTTOM + 0.1 - rule.get_bottom()[1]
        rule.shift((max(under, 0.0) - max(over, 0.0)) * UP)
        if wide:
            top = min(self.w_block.get_bottom()[1], rule.get_bottom()[1]) - 0.4
            row.shift((top - row.get_top()[1]) * UP)

    def grid(self, widths: list[float]) -> Grid:
        """A grid with these column widths and one row per query, spaced for the font size."""
        return Grid.make(widths, self.nq, ORIGIN, self.size / 50, self.size / 68)

    def frame(self, grid: Grid) -> VGroup:
        """Brackets, key names above the columns and query names left of the rows."""
        size = self.size + 2
        heads = VGroup()
        for j, x in enumerate(grid.xs):
            color = C.KEY if self.keep[j] else C.MUTED
            heads.add(MathTex(f"k_{{{j + 1}}}", font_size=size, color=color).move_to((x, 0, 0)))
        heads.set_y(grid.top + 0.45 * (grid.top - grid.bottom) / self.nq + 0.1)
        names = VGroup(
            *[
                MathTex(f"q_{{{i + 1}}}", font_size=size, color=C.QUERY)
                .move_to((0, y, 0))
                .set_x(grid.left - 0.45, RIGHT)
                for i, y in enumerate(grid.ys)
            ]
        )
        return VGroup(bracket(grid, -1), bracket(grid, 1), heads, names)

    @staticmethod
    def place(matrix: Sequence[Sequence[VMobject]], grid: Grid) -> None:
        """Move every entry to its cell."""
        for i, row in enumerate(matrix):
            for j, m in enumerate(row):
                m.move_to(grid.cell(i, j))

    def build_output(self) -> None:
        """O = WV under W; the weighted sum of values for the first query on the right."""
        rows = [
            self.formula(f"o_{{{i}}}", *self.eq(f"out{i}"), size=self.size, color=C.OUTPUT)
            for i in range(1, self.nq + 1)
        ]
        cap = MathTex(r"O = WV,\quad o_i = \textstyle\sum_j w_{ij}\, v_j", font_size=self.size + 2)
        self.out_block = VGroup(cap, *rows).arrange(DOWN, aligned_edge=LEFT, buff=0.16)
        room = self.w_block.get_bottom()[1] - 0.35 - AREA_BOTTOM
        fit_into(self.out_block, self.mid_x - LEFT_X, room)
        self.out_block.next_to(self.w_block, DOWN, buff=0.35, aligned_edge=LEFT)

        right_w = RIGHT_X - self.mid_x - 0.45
        caption = self.formula(
            rf"o_{{{FIRST}}} = \textstyle\sum_j w_{{{FIRST}j}}\, v_j",
            *self.eq("first_out"),
            size=32,
            color=C.OUTPUT,
        )
        if not self.drawn:
            # no plane: the first row of O is the first query's output, named on the right
            attach(rows[FIRST - 1][-1], sheet_multi={"first_out": self.sheet["first_out"].text})
            caption = MathTex(
                rf"o_{{{FIRST}}} = \textstyle\sum_j w_{{{FIRST}j}}\, v_j",
                font_size=32,
                color=C.OUTPUT,
            )
            note = self.paragraph("ats_no_plane", right_w, 26, C.MUTED)
            fit_into(caption, right_w, 1.5)
            self.drawing = VGroup(caption, note).arrange(DOWN, buff=0.3)
            fit_into(self.drawing, right_w, 4.0)
            self.drawing.move_to(((self.mid_x + RIGHT_X) / 2 + 0.2, 0, 0))
            self.chain = VGroup()
            return
        legend = VGroup(
            self.legend_item(C.VALUE, 0.7, "v_j"),
            self.legend_item(C.WEIGHT, 1.0, rf"w_{{{FIRST}j}}\, v_j"),
            self.legend_item(C.OUTPUT, 1.0, f"o_{{{FIRST}}}"),
        ).arrange(RIGHT, buff=0.5)
        head = VGroup(caption, legend).arrange(DOWN, buff=0.2)
        fit_into(head, right_w, 1.2)
        head.move_to(((self.mid_x + RIGHT_X) / 2 + 0.2, AREA_TOP, 0), aligned_edge=UP)
        w1 = self.weights[FIRST - 1]
        tips = np.cumsum([w * v for w, v in zip(w1, self.values, strict=True)], axis=0)
        plane_h = head.get_bottom()[1] - 0.25 - AREA_BOTTOM
        plane = fitted_plane([*self.values, *tips], right_w, plane_h)
        plane.move_to(
            [(self.mid_x + RIGHT_X) / 2 + 0.2, (head.get_bottom()[1] - 0.25 + AREA_BOTTOM) / 2, 0]
        )
        o = plane.c2p(0, 0)
        faint = VGroup(  # every value, a masked key's in grey
            *[
                self.arrow(o, plane.c2p(*v), C.VALUE if on else C.MUTED, 3, 0.7)
                for v, on in zip(self.values, self.keep, strict=True)
                if np.linalg.norm(plane.c2p(*v) - o) > 0.05
            ]
        )
        ends = [plane.c2p(*tip) for tip in tips]
        out = self.arrow(o, ends[-1], C.OUTPUT, 9, 0.9)
        # the last weighted value stops where the output's head begins: one head at the sum
        head_len = out.tip.length if isinstance(out, Arrow) else 0.0
        chain, start = VGroup(), o
        for n, end in enumerate(ends):
            seg = end - start
            if np.linalg.norm(seg) > 0.05:
                if n == len(ends) - 1 and np.linalg.norm(seg) > 2.5 * head_len > 0:
                    end = end - head_len * seg / np.linalg.norm(seg)
                chain.add(self.arrow(start, end, C.WEIGHT, 5, 1.0))
            start = ends[n]
        out_label = MathTex(f"o_{{{FIRST}}}", font_size=32, color=C.OUTPUT)
        box = np.array([[self.mid_x + 0.2, AREA_BOTTOM], [RIGHT_X, head.get_bottom()[1]]])
        place_label(out_label, start, start - o, box)
        self.drawing = VGroup(head, plane, faint)
        self.chain, self.out_arrow = chain, VGroup(out, out_label)

    def legend_item(self, color: str, opacity: float, tex: str) -> VGroup:
        """A short line in the arrow's colour and the arrow's name."""
        swatch = Line(ORIGIN, 0.4 * RIGHT, color=color, stroke_width=5, stroke_opacity=opacity)
        return VGroup(swatch, MathTex(tex, font_size=28, color=C.TEXT)).arrange(RIGHT, buff=0.12)

    @staticmethod
    def arrow(a: np.ndarray, b: np.ndarray, color: str, width: float, opacity: float) -> VMobject:
        """An arrow from `a` to `b` (a dot when they coincide)."""
        arrow = arrow_between(a, b, color, width=width, tip_ratio=0.25, dot_radius=0.07)
        return arrow if isinstance(arrow, Dot) else arrow.set_opacity(opacity)

    # --- steps -------------------------------------------------------------------------
    def activate(self, stage: int) -> None:
        """Light stage `stage` of the strip; earlier stages stay on as done."""
        anims = []
        for s, (box, label) in enumerate(zip(self.boxes, self.stage_labels, strict=True)):
            if s < stage:
                anims += [box.animate.set_stroke(C.TEXT, 2, opacity=0.9).set_fill(opacity=0)]
                anims += [label.animate.set_opacity(0.85)]
            elif s == stage:
                anims += [box.animate.set_stroke(C.ACCENT, 4, opacity=1).set_fill(C.ACCENT, 0.12)]
                anims += [label.animate.set_opacity(1)]
        self.play(*anims, run_time=0.8)

    def show_roles(self) -> None:
        """Query, key and value: their roles and this lesson's vectors."""
        self.say("ats_sub_roles")
        title, roles, origin, columns = self.roles
        self.play(FadeIn(title), run_time=0.8)
        for role in roles:
            self.play(FadeIn(role, shift=0.2 * RIGHT), run_time=1.1)
        self.say("ats_sub_learned")
        self.play(FadeIn(origin[0][0]), run_time=1)
        self.at("query")  # the projections as the vectors they make are named
        self.play(FadeIn(origin[0][1]), run_time=1.2)
        self.say("ats_sub_dk", first=f"q{FIRST}")
        for part in (columns[0], columns[1], origin[1], columns[2]):  # in the order read
            self.unfold(part, FadeIn)

    def show_products(self) -> None:
        """Every query times every key in one matrix product."""
        self.say("ats_sub_matmul")
        self.play(FadeOut(self.roles), run_time=0.7)
        self.play(FadeIn(self.strip), run_time=1)
        self.activate(0)
        self.play(FadeIn(self.raw_caption), Create(self.s_frame), run_time=1.2)
        self.row_against_column()
        self.say("ats_sub_row_scores")
        self.play(FadeIn(self.row_raw), run_time=1)
        self.wait(1)

    def bands(self, i: int, j: int) -> VGroup:
        """A band along query i's row and one down key j's column: entry (i, j) where they cross."""
        _, right, heads, names = self.s_frame
        column = [row[j] for row in self.raw]
        pad = 0.08
        row_h = max(m.height for m in (*self.raw[i], names[i])) + 0.18
        row = Rectangle(width=right.get_right()[0] - names[i].get_left()[0] + 2 * pad, height=row_h)
        row.move_to(names[i].get_left(), aligned_edge=LEFT).shift(pad * LEFT)
        col_w = max(m.width for m in (*column, heads[j])) + 0.22
        top, bottom = heads[j].get_top()[1] + pad, right.get_bottom()[1]
        col = Rectangle(width=col_w, height=top - bottom).move_to((heads[j].get_x(), 0, 0))
        col.align_to(np.array([0.0, top, 0.0]), UP)
        band = VGroup(row, col)
        band.set_stroke(width=0).set_fill(C.ACCENT, opacity=0.16).set_z_index(-1)
        return band

    def row_against_column(self) -> None:
        """QKᵀ built entry by entry: query i's row against key j's column, the product between.

        A band along the row and one down the column meet at the entry as it appears, row by
        row (about 4 s for the whole matrix, at most 0.6 s an entry).
        """
        cells = [(i, j) for i in range(self.nq) for j in range(self.nk)]
        each = min(0.6, 4.0 / len(cells))
        band = self.bands(0, 0)
        self.play(FadeIn(band), FadeIn(self.raw[0][0]), run_time=max(each, 0.4))
        for i, j in cells[1:]:
            self.play(Transform(band, self.bands(i, j)), FadeIn(self.raw[i][j]), run_time=each)
        self.play(FadeOut(band), run_time=0.4)

    def scale_and_mask(self) -> None:
        """Divide by √d_k; then masked keys get −∞."""
        self.say("ats_sub_scale")
        self.activate(1)
        anims: list[Animation] = [
            ReplacementTransform(self.raw_caption, self.s_caption),
            ReplacementTransform(self.row_raw, self.row_scaled),
        ]
        for i in range(self.nq):
            for j in range(self.nk):
                a, b = self.raw[i][j], self.scaled[i][j]
                anims.append(ReplacementTransform(a, b) if self.keep[j] else FadeOut(a))
        anims[1] = FadeOut(self.row_raw)  # the first row's logits show when they are read
        self.play(*anims, run_time=1.6)
        self.say("ats_sub_mask" if self.masked else "ats_sub_no_mask")
        self.activate(2)
        if self.masked:
            masked = [row[j] for row in self.scaled for j in range(self.nk) if not self.keep[j]]
            self.play(*[FadeIn(m, scale=1.3) for m in masked], FadeIn(self.mask_note))
        else:  # nothing masked: each key's column is passed over, as the voice says so
            self.at(self.strings["ats_beat_unmasked"])
            band = self.bands(0, 0)[1]
            self.play(FadeIn(band), run_time=0.5)
            for j in range(1, self.nk):
                self.play(Transform(band, self.bands(0, j)[1]), run_time=min(0.7, 3.0 / self.nk))
            self.play(FadeOut(band), run_time=0.4)
        self.wait(1)
        self.say("ats_sub_row_logits" + ("" if self.nk <= SAID_LIST_MAX else "_many"))
        self.unfold(self.row_scaled)

    def apply_softmax(self) -> None:
        """Softmax over the keys of each row turns logits into weights."""
        self.say("ats_sub_softmax")
        self.activate(3)
        moves = [
            ReplacementTransform(self.scaled[i][j], self.wmat[i][j])
            for i in range(self.nq)
            for j in range(self.nk)
        ]
        self.play(
            ReplacementTransform(self.s_caption, self.w_caption),
            ReplacementTransform(self.s_frame, self.w_frame),
            FadeOut(self.mask_note),
            FadeOut(self.row_scaled),
            *moves,
            run_time=2,
        )
        self.play(FadeIn(self.softmax_def[:2]), run_time=1)
        self.wait(1)
        self.say("ats_sub_row_weights" + ("" if self.nk <= SAID_LIST_MAX else "_many"), result=True)
        self.play(FadeIn(self.softmax_def[2]), run_time=1)
        self.wait(1)

    def weigh_values(self) -> None:
        """Weights times values: the output rows, and the first one drawn tip to tail."""
        self.say("ats_sub_values")
        self.activate(4)
        self.play(FadeOut(self.softmax_def), run_time=0.6)
        # the output rows, but the first one's value: it shows when it is said
        self.unfold(self.out_block, hold_unsaid={"first_out"})
        self.unfold(self.drawing, hold_unsaid={"first_out"}, seconds=1.2)
        if len(self.chain):
            grows = [GrowArrow(a) if isinstance(a, Arrow) else FadeIn(a) for a in self.chain]
            self.play(AnimationGroup(*grows, lag_ratio=0.8), run_time=2)
        if self.drawn:
            out, label = self.out_arrow
            self.play(GrowArrow(out) if isinstance(out, Arrow) else FadeIn(out), FadeIn(label))
            self.bring_to_front(self.chain, label)  # the sum lies under its parts
        self.say("ats_sub_out", result=True)
        self.unfold(self.out_block)
        self.unfold(self.drawing)
