"""The opening scenes: the lesson's title and goal, coordinate products, length and angle."""

from __future__ import annotations

import math

import numpy as np
from manim import (
    DOWN,
    LEFT,
    ORIGIN,
    RIGHT,
    UP,
    Arc,
    Create,
    Dot,
    FadeIn,
    FadeOut,
    GrowFromCenter,
    Indicate,
    Line,
    MathTex,
    Rectangle,
    ReplacementTransform,
    TransformFromCopy,
    VGroup,
    VMobject,
    Write,
)

from lesson.sheets.intro import show_cos_step
from scenes.base import LessonScene
from scenes.frame import frame_box
from scenes.geometry import fitted_plane, grow, vector_arrow
from scenes.palette import C
from scenes.tagging import Part, attach, attached, part_of
from scenes.textfit import fit_into, reflow, wrap_text

__all__ = ["CoordinateProducts", "IntroScene", "LengthAndAngle", "LessonTitle"]

INSET = 0.02  # a hair inside the title-safe area, clear of rounding


def safe_box() -> tuple[float, float]:
    """Half-width and half-height the content keeps to: the title-safe area, a hair inside."""
    hw, hh = frame_box()
    return hw - INSET, hh - INSET


class IntroScene(LessonScene):
    """Helpers shared by the opening scenes: wrapped paragraphs and two-coloured vector rows."""

    def vector_pair(self, size: float = 34) -> MathTex:
        """``q = (…), k = (…)`` with q in the query colour and k in the key colour."""
        q_parts = ["q", *self.eq("q")]
        row = self.formula(*q_parts, r",\qquad k", *self.eq("k"), size=size)
        split = len(q_parts)  # where k's parts begin
        attach(row, k_start=split)
        row[:split].set_color(C.QUERY)
        row[split:].set_color(C.KEY)
        return row


# --- LessonTitle -----------------------------------------------------------------------------


class LessonTitle(IntroScene):
    """The lesson's title, its learning goal and what it builds on."""

    def construct(self) -> None:
        """Storyboard: title, learning goal, foundations."""
        self.build()
        self.step("judul")
        self.show_title()
        self.step("tujuan")
        self.show_goal()
        self.step("dasar")
        self.show_basis()

    def build(self) -> None:
        """Title on top, the goal on the left, the foundations on the right.

        The title opens large in the middle of the frame; when the goal comes in it rises
        and shrinks to a heading, and the two columns share the rest of the title-safe area.
        """
        hw, hh = safe_box()
        width = 2 * hw
        title = wrap_text(self.lesson.title, width, 46, C.TEXT, weight="BOLD")
        self.title = fit_into(title, width, 2.4)
        self.kicker = self.t("lt_kicker", 28, C.MUTED)
        self.rule = Line(LEFT, RIGHT, color=C.MUTED, stroke_width=3).scale_to_fit_width(title.width)
        head = VGroup(self.kicker, title, self.rule).arrange(DOWN, buff=0.22)
        self.head = head.move_to(ORIGIN)
        # where it rises to: the title rewrapped as a heading of at most two lines, the kicker
        # gone
        for size in (34, 30, 27, 24):
            heading = wrap_text(self.lesson.title, width, size, C.TEXT, weight="BOLD")
            if attached(heading, "line_count") <= 2:
                break
        self.heading = heading
        self.heading_rule = self.rule.copy().scale_to_fit_width(heading.width)
        rest = VGroup(heading, self.heading_rule).arrange(DOWN, buff=0.18)
        rest.move_to((0, hh, 0), aligned_edge=UP)

        col_w = (width - 0.8) / 2
        room = rest.get_bottom()[1] - 0.4 + hh
        left, right = reflow(
            lambda scale: VGroup(self.goal_column(col_w, scale), self.basis_column(col_w, scale)),
            lambda cols: max(c.height for c in cols),
            room,
        )
        for col in (left, right):
            col.next_to(rest, DOWN, buff=0.4)
        left.align_to((-hw, 0, 0), LEFT)
        right.align_to((hw, 0, 0), RIGHT)
        x = (left.get_right()[0] + right.get_left()[0]) / 2
        low = min(left.get_bottom()[1], right.get_bottom()[1])
        self.divider = Line((x, left.get_top()[1], 0), (x, low, 0)).set_stroke(C.GRID, 2)

    def goal_column(self, width: float, scale: float) -> VGroup:
        """The learning goal and the three things the learner will be able to do."""
        self.goal_head = self.t("lt_goal_head", 34 * scale, C.TEXT)
        self.goal = self.paragraph("lt_goal", width, 30 * scale)
        self.able_head = self.paragraph("lt_able", width, 28 * scale, C.MUTED)
        self.able = VGroup(
            *[
                self.paragraph(k, width, 28 * scale, indent="• ")
                for k in ("lt_able_a", "lt_able_b", "lt_able_c")
            ]
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.14)
        col = VGroup(self.goal_head, self.goal, self.able_head, self.able)
        col.arrange(DOWN, aligned_edge=LEFT, buff=0.22)
        col[2:].shift(0.15 * DOWN)
        return col

    def basis_column(self, width: float, scale: float) -> VGroup:
        """What the lesson builds on, and what is original here."""
        self.basis_head = self.t("lt_basis_head", 34 * scale, C.TEXT)
        self.prior = self.paragraph("lt_prior", width, 30 * scale, indent="• ")
        self.book = self.paragraph("lt_book", width, 30 * scale, indent="• ")
        self.original = self.paragraph("lt_original", width, 28 * scale, C.MUTED)
        col = VGroup(self.basis_head, self.prior, self.book, self.original)
        col.arrange(DOWN, aligned_edge=LEFT, buff=0.22)
        col[3].shift(0.15 * DOWN)
        return col

    def show_title(self) -> None:
        """The lesson's title."""
        self.say("lt_sub_title")
        self.play(FadeIn(self.kicker), Write(self.title), run_time=2)
        self.play(GrowFromCenter(self.rule))
        self.wait(1)

    def show_goal(self) -> None:
        """The learning goal and what the learner will be able to do."""
        self.say("lt_sub_goal")
        self.play(
            FadeOut(self.kicker),
            ReplacementTransform(self.title, self.heading),
            ReplacementTransform(self.rule, self.heading_rule),
        )
        self.play(FadeIn(self.goal_head, shift=0.2 * DOWN), FadeIn(self.goal), run_time=1.2)
        self.wait(3.5)
        self.say("lt_sub_able")
        self.play(FadeIn(self.able_head))
        for line in self.able:
            self.play(FadeIn(line, shift=0.2 * RIGHT), run_time=0.7)
        self.wait(2)

    def show_basis(self) -> None:
        """What the lesson builds on: the prior lesson and the book section."""
        self.say("lt_sub_prior")
        self.play(Create(self.divider), FadeIn(self.basis_head, shift=0.2 * DOWN))
        self.play(FadeIn(self.prior, shift=0.2 * RIGHT))
        self.wait(1.5)
        self.say("lt_sub_book")
        self.play(FadeIn(self.book, shift=0.2 * RIGHT))
        self.play(FadeIn(self.original))
        self.wait(3.5)


# --- CoordinateProducts ----------------------------------------------------------------------


def equals(product: VMobject) -> VMobject:
    """The "=" of a product row made by :meth:`IntroScene.product`."""
    found: VMobject = attached(product, "equals")
    return found


def bracket(group: VMobject, side: int, color: str) -> VMobject:
    """A square bracket beside `group`: ``side=-1`` on the left, ``+1`` on the right."""
    pad, arm = 0.12, 0.14
    top, bottom = group.get_top()[1] + pad, group.get_bottom()[1] - pad
    x = (group.get_left() if side < 0 else group.get_right())[0] + side * 0.14
    corners = [
        [x - side * arm, top, 0],
        [x, top, 0],
        [x, bottom, 0],
        [x - side * arm, bottom, 0],
    ]
    return VMobject(color=color, stroke_width=3).set_points_as_corners(np.array(corners))


class CoordinateProducts(IntroScene):
    """Multiply corresponding coordinates of q and k, add them, and name the inner product."""

    def construct(self) -> None:
        """Storyboard: the two vectors, each pair's product, the sum, the inner product."""
        self.build()
        self.step("koordinat")
        self.show_vectors()
        self.step("pasangan")
        self.multiply_pairs()
        self.step("jumlahkan")
        self.add_products()
        self.step("hasil-kali-dalam")
        self.show_inner_product()

    # --- layout ------------------------------------------------------------------------
    def build(self) -> None:
        """Title, the coordinate table on the left, the inner-product rules on the right."""
        self.dim = len(self.lesson.projection.query)
        hw, hh = safe_box()
        self.title = self.t("cp_title", 34, C.TEXT)
        fit_into(self.title, 2 * hw, 1.0).move_to((-hw, hh, 0), aligned_edge=UP + LEFT)
        left_w = 6.0
        self.right_w = right_w = 2 * hw - left_w - 0.6

        self.pair_row = self.vector_pair(40)
        self.build_table()
        self.sum_eq = self.sum_formula(left_w)
        self.scalar_note = self.t("cp_scalar", 32, C.TEXT)
        left = VGroup(self.pair_row, self.table, self.sum_eq, self.scalar_note)
        for row in left:  # long numbers shrink their own row only
            fit_into(row, left_w, 2 * hh)
        top = self.title.get_bottom()[1] - 0.45
        bottom = -hh
        left.arrange(DOWN, aligned_edge=LEFT, buff=0.7)
        fit_into(left, left_w, top - bottom)
        spare = (top - bottom) - left.height
        if spare > 0:  # share the height: the rows spread out instead of leaving a gap below
            for i, row in enumerate(left[1:], start=1):
                row.shift(min(spare / (len(left) - 1), 0.5) * i * DOWN)
        left.move_to((-hw, top, 0), aligned_edge=UP + LEFT)

        right = reflow(
            lambda scale: self.inner_column(right_w, scale),
            lambda c: c.height,
            top - bottom,
        )
        right.move_to((hw - right_w, top, 0), aligned_edge=UP + LEFT)
        self.highlights = [self.row_box(i) for i in range(self.dim)]

    def sum_formula(self, width: float) -> VGroup:
        """``q · k = terms = value``; the value moves to a second line when one is too wide.

        Returns
        -------
        VGroup
            ``(lhs, terms, rest)``: what the step writes first, the sum, what it writes last.
        """
        size = 44
        one = self.formula(r"q \cdot k =", self.n("dot_terms"), *self.eq("dot"), size=size)
        if one.width <= width:
            return VGroup(part_of(one, 0), part_of(one, 1), VGroup(*one.submobjects[2:]))
        first = self.formula(r"q \cdot k =", self.n("dot_terms"), size=size)
        second = self.formula(*self.eq("dot"), size=size)
        second.next_to(first, DOWN, buff=0.25).align_to(first[1], LEFT)
        return VGroup(part_of(first, 0), part_of(first, 1), second)

    def row_box(self, i: int) -> Rectangle:
        """A tinted band behind pair `i`: its two coordinates and their product."""
        left = self.columns[1].get_left()[0] - 0.12
        right = self.products[i].get_right()[0] + 0.15
        height = 0.9 * self.row_h * self.table.height / self.table_height
        band = Rectangle(
            width=right - left,
            height=height,
            stroke_color=C.ACCENT,
            stroke_width=2,
            fill_color=C.ACCENT,
            fill_opacity=0.12,
        )
        return band.move_to(((left + right) / 2, self.q_cells[i].get_y(), 0))

    def inner_column(self, width: float, scale: float) -> VGroup:
        """The three defining properties of an inner product, and the standard one used here.

        A short label names the column; the sentence that defines an inner product is one
        colour from its start through its three bulleted properties, each with its formula.
        """
        size = 38 * scale
        text = max(28 * scale, 21)
        self.rules_label = self.t("cp_inner_label", max(32 * scale, 22), C.TEXT)
        self.rules_lead = self.paragraph("cp_inner_head", width, text)
        self.rules_head = VGroup(self.rules_label, self.rules_lead).arrange(
            DOWN, aligned_edge=LEFT, buff=0.2 * scale
        )
        positive = self.formula(
            r"\langle x, x\rangle >",
            self.n("zero"),
            r"\quad (x \neq",
            self.n("zero"),
            ")",
            size=size,
        )
        self.rules = VGroup(
            self.rule(
                "cp_linear",
                MathTex(
                    r"\langle a x + b y,\, z\rangle = a\langle x,z\rangle + b\langle y,z\rangle",
                    font_size=size,
                ),
                width,
                text,
            ),
            self.rule(
                "cp_symmetric",
                MathTex(r"\langle x, y\rangle = \langle y, x\rangle", font_size=size),
                width,
                text,
            ),
            self.rule("cp_positive", positive, width, text),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.25 * scale)
        standard = MathTex(
            r"\langle x, y\rangle = x \cdot y = \textstyle\sum_i x_i\, y_i,"
            r"\qquad x, y \in \mathbb{R}^n",
            font_size=size,
        )
        fit_into(standard, width, 2.0)
        self.standard = VGroup(
            self.paragraph("cp_standard", width, max(26 * scale, 21), C.MUTED), standard
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.15 * scale)
        col = VGroup(self.rules_head, self.rules, self.standard)
        return col.arrange(DOWN, aligned_edge=LEFT, buff=0.35 * scale)

    def rule(self, key: str, formula: MathTex, width: float, size: float) -> VGroup:
        """One defining property, a bullet: its name, then its formula under it, indented."""
        name = self.paragraph(key, width, size, indent="• ")
        pad = name[2].get_left()[0] - name.get_left()[0] if len(name) > 2 else 0.0
        fit_into(formula, width - pad, 2.0)
        formula.next_to(name, DOWN, aligned_edge=LEFT, buff=0.12).shift(pad * RIGHT)
        return VGroup(name, formula)

    def product(self, i: int, size: float) -> MathTex:
        """``q_i · k_i = product`` from the coordinates' own sheet values (``.equals``: the "=")."""
        k = self.n(f"k{i}")
        k_parts = ["(", k, ")"] if k.shown.sign == -1 else [k]
        value = self.eq(f"prod{i}")
        f = self.formula(self.n(f"q{i}"), r"\cdot", *k_parts, *value, size=size)
        attach(f, equals=f[-2] if len(value) == 2 else f[-1])
        return f

    def build_table(self) -> None:
        """Columns of q and k (bracketed) with each row's product to their right."""
        size = 44
        self.q_cells = [
            self.formula(self.n(f"q{i}"), size=size, color=C.QUERY) for i in range(1, self.dim + 1)
        ]
        self.k_cells = [
            self.formula(self.n(f"k{i}"), size=size, color=C.KEY) for i in range(1, self.dim + 1)
        ]
        self.products = [self.product(i, size) for i in range(1, self.dim + 1)]
        self.row_h = row_h = 0.8
        q_w = max(c.width for c in self.q_cells)
        k_w = max(c.width for c in self.k_cells)
        pair_w = max(equals(p).get_left()[0] - p.get_left()[0] for p in self.products)
        q_x = q_w / 2
        k_x = q_w + 1.0 + k_w / 2
        eq_x = k_x + k_w / 2 + 0.8 + pair_w + 0.25  # the products line up on their "="
        for i in range(self.dim):
            y = -i * row_h
            self.q_cells[i].move_to((q_x, y, 0))
            self.k_cells[i].move_to((k_x, y, 0))
            self.products[i].shift(np.array([eq_x, y, 0]) - equals(self.products[i]).get_center())
        q_col, k_col = VGroup(*self.q_cells), VGroup(*self.k_cells)
        q_br = VGroup(bracket(q_col, -1, C.QUERY), bracket(q_col, 1, C.QUERY))
        k_br = VGroup(bracket(k_col, -1, C.KEY), bracket(k_col, 1, C.KEY))
        # Phantoms give both letters the same height and depth, so they share a baseline.
        q_name = MathTex(r"q\vphantom{k}", font_size=size, color=C.QUERY)
        k_name = MathTex(r"k\vphantom{q}", font_size=size, color=C.KEY)
        q_name.next_to(q_br, UP, buff=0.12)
        k_name.next_to(k_br, UP, buff=0.12)
        self.columns = VGroup(q_name, q_br, q_col, k_name, k_br, k_col)
        self.table = VGroup(self.columns, *self.products)
        self.table_height = self.table.height  # before any scaling, for the row bands

    # --- steps -------------------------------------------------------------------------
    def show_vectors(self) -> None:
        """The two vectors, then their coordinates stacked as columns."""
        self.say("cp_sub_vectors")
        self.play(FadeIn(self.title), run_time=1.2)
        self.unfold(self.pair_row, Write)  # q as q is said, k as k is
        split: int = attached(self.pair_row, "k_start")
        # the columns' names and brackets now; each coordinate comes down as its pair is named
        self.play(
            TransformFromCopy(self.pair_row[:split], VGroup(*self.columns[:2])),
            TransformFromCopy(self.pair_row[split:], VGroup(*self.columns[3:5])),
            run_time=1.5,
        )

    def multiply_pairs(self) -> None:
        """Each pair of corresponding coordinates comes down, lit; its product appears."""
        box: VMobject | None = None
        split: int = attached(self.pair_row, "k_start")
        for i in range(self.dim):
            n = i + 1
            key = "cp_sub_first_pair" if i == 0 else "cp_sub_next_pair"
            self.say(key, a=f"q{n}", b=f"k{n}", p=f"prod{n}")
            target = self.highlights[i]
            if box is None:
                self.play(FadeIn(target))
                self.bring_to_back(target)
                box = target
            else:
                self.play(box.animate.become(target))
            self.play(TransformFromCopy(self.pair_row[:split], self.q_cells[i]))
            self.play(TransformFromCopy(self.pair_row[split:], self.k_cells[i]))
            self.play(Write(self.products[i]))
        self.box = box

    def add_products(self) -> None:
        """Add the products: q · k, a single number."""
        self.say("cp_sub_sum", result=True)
        assert self.box is not None  # the last pair's box
        self.play(FadeOut(self.box))
        self.play(
            TransformFromCopy(VGroup(*self.products), self.sum_eq[1]),
            FadeIn(self.sum_eq[0]),
            run_time=1.5,
        )
        self.play(Write(self.sum_eq[2:]))
        self.play(FadeIn(self.scalar_note, shift=0.2 * UP))
        self.wait(1.5)

    def show_inner_product(self) -> None:
        """The dot product is one inner product: linear, symmetric, positive."""
        self.say("cp_sub_inner")
        self.play(FadeIn(self.rules_head))
        for rule in self.rules:
            self.play(FadeIn(rule, shift=0.2 * RIGHT), run_time=0.9)
            self.wait(0.9)
        self.say("cp_sub_standard")
        self.play(FadeIn(self.standard))
        self.wait(3.5)


# --- LengthAndAngle --------------------------------------------------------------------------

PLANE_W = 5.6
COLUMN_W = 6.6
SMALL_ANGLE = 25.0  # degrees; below this the θ label sits beside the arc, not inside it


class LengthAndAngle(IntroScene):
    """The lengths of q and k, the angle between them, and what the cosine isolates."""

    def construct(self) -> None:
        """Storyboard: vectors and product, lengths, angle, direction versus length."""
        self.build()
        self.step("vektor")
        self.show_vectors()
        self.step("panjang")
        self.show_lengths()
        self.step("sudut")
        self.show_angle()
        self.step("arah-dan-panjang")
        self.show_point()

    # --- layout ------------------------------------------------------------------------
    def build(self) -> None:
        """Plane with q, k and the angle arc; the column of formulas and notes."""
        P = self.lesson.projection
        self.q, self.k = np.array(P.query, float), np.array(P.key, float)
        hw, hh = safe_box()
        box = np.array([PLANE_W, 2 * hh])
        lo, hi = np.array([-hw, -hh]), np.array([-hw + PLANE_W, hh])
        for _ in range(4):  # a name beyond the box: a smaller plane, until all are inside
            self.plane = fitted_plane([self.q, self.k], *box)
            self.plane.move_to([(lo[0] + hi[0]) / 2, 0, 0])
            self.q_arrow = vector_arrow(self.plane, self.q, C.QUERY)
            self.k_arrow = vector_arrow(self.plane, self.k, C.KEY)
            self.build_angle()
            self.q_name, self.k_name = self.tip_labels()
            self.clear_theta_label()
            names = (self.q_name, self.k_name, self.theta_name)
            over = max(
                0.0,
                *(lo[0] - m.get_left()[0] for m in names),
                *(m.get_right()[0] - hi[0] for m in names),
                *(lo[1] - m.get_bottom()[1] for m in names),
                *(m.get_top()[1] - hi[1] for m in names),
            )
            if over <= 0:
                break
            box = box - 2 * over - 0.05

        room = 2 * hh
        self.column = reflow(self.formula_column, lambda c: c.height, room)
        fit_into(self.column, COLUMN_W, room)
        self.column.move_to((hw, 0, 0), aligned_edge=RIGHT)
        self.column.align_to((hw - COLUMN_W, 0, 0), LEFT)

    def formula_column(self, scale: float) -> VGroup:
        """Title, the vectors and their product, lengths, the angle relation and the notes."""
        size = 36 * scale
        self.title = self.t("la_title", 30 * scale)
        self.pair_row = self.vector_pair(size)
        self.dot_row = self.formula(r"\langle q,k\rangle = q \cdot k", *self.eq("dot"), size=size)
        self.norm_row = VGroup(
            self.formula(
                r"\|q\|_2 =", self.n("norm_q_terms"), *self.eq("norm_q"), size=size, color=C.QUERY
            ),
            self.formula(
                r"\|k\|_2 =", self.n("norm_k_terms"), *self.eq("norm_k"), size=size, color=C.KEY
            ),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.18 * scale)
        self.relation = MathTex(r"\langle q,k\rangle = \|q\|_2\,\|k\|_2\cos\theta", font_size=size)
        step = self.cos_step() if show_cos_step(self.sheet) else []
        self.cos_row = self.formula(
            r"\cos\theta = \frac{\langle q,k\rangle}{\|q\|_2\,\|k\|_2}",
            *step,
            *self.eq("cos"),
            size=size,
        )
        self.theta_row = self.formula(r"\theta", *self.eq("theta"), size=size, color=C.TEXT)
        self.note_mix = self.paragraph("la_mix", COLUMN_W, max(28 * scale, 21))
        self.note_cos = self.paragraph("la_isolate", COLUMN_W, max(28 * scale, 21), C.TEXT)
        rows = [
            self.title,
            self.pair_row,
            self.dot_row,
            self.norm_row,
            self.relation,
            self.cos_row,
            self.theta_row,
            self.note_mix,
            self.note_cos,
        ]
        column = VGroup(*rows).arrange(DOWN, aligned_edge=LEFT, buff=0.26 * scale)
        self.note_mix.shift(0.1 * DOWN)
        self.note_cos.shift(0.1 * DOWN)
        return column

    def cos_step(self) -> list[Part]:
        """Parts of ``= 4 / (√5 √5)`` as a fraction built from the shown product and lengths."""

        def factor(key: str) -> list[Part]:
            num = self.n(key)
            return ["(", num, ")"] if num.shown.slashed else [num]

        join = r"\," if self.sheet["norm_k"].kind == "root" else r"\cdot"
        nq, nk = factor("norm_q"), factor("norm_k")
        return ["=", r"\frac{", self.n("dot"), "}{", *nq, join, *nk, "}"]

    def direction(self, v: np.ndarray) -> np.ndarray:
        """Unit vector of `v` in scene coordinates."""
        d = self.plane.c2p(*v) - self.plane.c2p(0, 0)
        unit: np.ndarray = d / np.linalg.norm(d)
        return unit

    def tip_labels(self) -> tuple[MathTex, MathTex]:
        """Names just beyond the tips; when the vectors nearly coincide, k's moves aside."""
        labels = []
        for name, v, color in (("q", self.q, C.QUERY), ("k", self.k, C.KEY)):
            label = MathTex(name, font_size=36, color=color)
            label.move_to(self.plane.c2p(*v) + 0.35 * self.direction(v))
            labels.append(label)
        if self.theta_deg < SMALL_ANGLE:
            d = self.direction(self.k)
            labels[1].move_to(self.plane.c2p(*self.k) + 0.35 * rotate(d, -90))
        return labels[0], labels[1]

    def build_angle(self) -> None:
        """The arc from k to q (the shorter way) and the θ beside it."""
        o = self.plane.c2p(0, 0)
        dq, dk = self.direction(self.q), self.direction(self.k)
        a_q, a_k = math.atan2(dq[1], dq[0]), math.atan2(dk[1], dk[0])
        sweep = (a_q - a_k + math.pi) % (2 * math.pi) - math.pi
        self.theta_deg = abs(math.degrees(sweep))
        shortest = min(
            float(np.linalg.norm(self.q_arrow.get_end() - o)),
            float(np.linalg.norm(self.k_arrow.get_end() - o)),
        )
        r = max(0.3, min(0.9, 0.4 * shortest))
        mid = a_k + sweep / 2
        bisector = np.array([math.cos(mid), math.sin(mid), 0.0])
        self.theta_name = MathTex(r"\theta", font_size=34, color=C.TEXT)
        if self.theta_deg < SMALL_ANGLE:
            side = rotate(bisector, -90 if sweep >= 0 else 90)
            self.theta_name.move_to(o + r * bisector + 0.3 * side)
            self.theta_away = side
        else:
            self.theta_name.move_to(o + (r + 0.3) * bisector)
            self.theta_away = bisector
        if self.theta_deg < 0.5:
            self.arc: VMobject = Dot(o + r * bisector, radius=0.05, color=C.TEXT)
        else:
            self.arc = Arc(
                radius=r, start_angle=a_k, angle=sweep, arc_center=o, color=C.TEXT, stroke_width=4
            )

    def clear_theta_label(self) -> None:
        """Move θ away from the arc until it clears the tip labels (a very short vector)."""
        for _ in range(40):
            if not any(overlap(self.theta_name, m) for m in (self.q_name, self.k_name)):
                return
            self.theta_name.shift(0.1 * self.theta_away)

    # --- steps -------------------------------------------------------------------------
    def show_vectors(self) -> None:
        """The plane, q and k, and their product from the previous scene."""
        self.say(self.pick("la_sub_vectors", "dot"))
        self.play(Create(self.plane), FadeIn(self.title), run_time=1.5)
        self.play(
            grow(self.q_arrow),
            FadeIn(self.q_name),
            grow(self.k_arrow),
            FadeIn(self.k_name),
            Write(self.pair_row),
            run_time=1.5,
        )
        self.play(Write(self.dot_row))
        self.wait(1)

    def show_lengths(self) -> None:
        """The Euclidean length of each vector."""
        self.say("la_sub_lengths")
        self.play(Write(self.norm_row), run_time=1.5)
        self.play(
            Indicate(self.q_arrow, color=C.QUERY, scale_factor=1.05),
            Indicate(self.k_arrow, color=C.KEY, scale_factor=1.05),
        )
        self.wait(2)

    def show_angle(self) -> None:
        """The angle relation, the cosine from the numbers, and the arc."""
        self.say("la_sub_relation")
        self.at("θ")  # the angle is drawn as it is named, the relation as it is read
        self.play(Create(self.arc), FadeIn(self.theta_name))
        self.at("q · k")
        self.play(Write(self.relation), run_time=1.5)
        self.say("la_sub_cos", result=True)
        head, rest = part_of(self.cos_row, 0), VGroup(*self.cos_row[1:])
        self.play(Write(head), run_time=1.2)  # the rule as it is read, the value on its words
        self.play(Write(rest), run_time=1.2)
        self.remove(head, rest)
        self.add(self.cos_row)
        self.play(Write(self.theta_row))

    def show_point(self) -> None:
        """The product mixes direction with length; the cosine isolates direction."""
        self.say("la_sub_mix")
        self.play(FadeIn(self.note_mix, shift=0.2 * UP))
        self.play(Indicate(self.dot_row, color=C.ACCENT, scale_factor=1.1))
        self.wait(3.5)
        self.say("la_sub_isolate")
        self.play(FadeIn(self.note_cos, shift=0.2 * UP))
        self.play(Indicate(self.cos_row[-1], color=C.ACCENT, scale_factor=1.2))
        self.wait(3.5)


def overlap(a: VMobject, b: VMobject, gap: float = 0.05) -> bool:
    """True when the bounding boxes of `a` and `b` come closer than `gap`."""
    lo = np.maximum(a.get_corner(DOWN + LEFT), b.get_corner(DOWN + LEFT))
    hi = np.minimum(a.get_corner(UP + RIGHT), b.get_corner(UP + RIGHT))
    return bool(np.all((hi - lo)[:2] > -gap))


def rotate(v: np.ndarray, degrees: float) -> np.ndarray:
    """`v` (scene coordinates) turned counter-clockwise by `degrees` in the plane."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return np.array([c * v[0] - s * v[1], s * v[0] + c * v[1], 0.0])
