"""Quiz kind ``cosine-vs-scale``: raw 4, cosine 4/(√5√5) = 0.8, scaled 4/√2 ≈ 2.83.

The kind as one unit in the lesson layer: what its ``[[quiz]]`` entry holds and what the loader
asks of it (:data:`KIND`: ``fields``, :func:`check`), the rules its generated numbers keep and
how they are drawn (:func:`draw`), the sheet of every value its scene shows and says
(:func:`build_sheet`) and the question the lesson page asks (:func:`ask`). Its scene part is
:mod:`scenes.quiz.kinds.cosine_vs_scale`; its words are the keys ``qz_scale_…`` of
``lesson/text/quiz.toml`` and ``pg_scale_…`` of ``lesson/text/page.toml``.
"""

from __future__ import annotations

from fractions import Fraction

from lesson.answers import Ask, Question
from lesson.entries import Lesson, Quiz
from lesson.kinds.base import (
    XY,
    QuizKind,
    QuizRule,
    Teaches,
    dot_work,
    norm_work,
    xy_dim,
)
from lesson.kinds.cosine import draw
from lesson.kinds.parts import cosine_shown, start_sheet
from lesson.sheet import Sheet, length
from lesson.teachable import (
    not_parallel,
    rational_cosine,
)
from mathcore import fmt
from mathcore.exact import (
    exact_cosine,
    exact_dot,
    exact_scaled,
    sqrt_exact,
)

__all__ = ["KIND", "ask", "build_sheet"]


def build_sheet(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``cosine-vs-scale``: raw 4, cosine 4/(√5√5) = 0.8, scaled 4/√2 ≈ 2.83."""
    q, P, sheet = start_sheet(lesson, quiz)
    x, y = q.vectors["x"], q.vectors["y"]
    d = exact_dot(x, y)
    d_k = len(x)
    sheet |= {
        "q": fmt.vector(x, P),
        "k": fmt.vector(y, P),
        "dot": fmt.number(d, P),
        "norm_q": length(x, P),
        "norm_k": length(y, P),
        "cos": cosine_shown(x, y, P),
        "d_k": fmt.number(d_k, P),
        "sqrt_d_k": fmt.root(sqrt_exact(Fraction(d_k)), P),
        "scaled": fmt.number(exact_scaled(d, d_k), P),
    }
    return sheet.given("q", "k").mark("dot", "norm_q", "norm_k", "cos", "d_k", "sqrt_d_k", "scaled")


def ask(a: Ask) -> Question:
    """The question as the lesson page asks it, part by part, with what it accepts."""
    x, y = a.quiz.vectors["x"], a.quiz.vectors["y"]
    parts = [
        a.number("cos", exact_cosine(x, y)),
        a.number("scaled", exact_scaled(exact_dot(x, y), len(x))),
        a.choice("why", "statement", ("norms", "same", "sign"), "norms", label="why_choice"),
    ]
    return a.question(parts, a.text("why"))


KIND = QuizKind(
    kind="cosine-vs-scale",
    code="scale",
    fields=XY,
    rules=(
        QuizRule(
            "cosine",
            "q · k > 0, q not along k, cos θ an exact small fraction",
            lambda t: (
                exact_dot(t["x"], t["y"]) > 0
                and not_parallel(t["x"], t["y"])
                and rational_cosine(t["x"], t["y"])
            ),
        ),
    ),
    draw=draw,
    sheet=build_sheet,
    ask=ask,
    teaches=Teaches("ScaleIsNotCosine", ("skor-mentah", "dua-pembagian")),
    work=lambda v: dot_work(xy_dim(v)) + 2 * norm_work(xy_dim(v)) + 4,  # cos, √dₖ, logit
)
