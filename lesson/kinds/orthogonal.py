"""Quiz kind ``orthogonal``: the example pair's zero product, lengths, cos θ = 0, 90°.

The kind as one unit in the lesson layer: what its ``[[quiz]]`` entry holds and what the loader
asks of it (:data:`KIND`: ``fields``, :func:`check`), the rules its generated numbers keep and
how they are drawn (:func:`draw`), the sheet of every value its scene shows and says
(:func:`build_sheet`) and the question the lesson page asks (:func:`ask`). Its scene part is
:mod:`scenes.quiz.kinds.orthogonal`; its words are the keys ``qz_orth_…`` of
``lesson/text/quiz.toml`` and ``pg_orth_…`` of ``lesson/text/page.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from lesson.answers import Ask, Question
from lesson.entries import Lesson, Quiz
from lesson.kinds.base import (
    XY,
    Problem,
    QuizKind,
    QuizRule,
    Teaches,
    dot_work,
    xy_dim,
)
from lesson.kinds.parts import right_angle, start_sheet
from lesson.sheet import Sheet, dot_terms, length
from lesson.teachable import (
    Draw,
    Values,
    nonzero,
)
from mathcore import fmt
from mathcore.exact import (
    exact_cosine,
    exact_dot,
)

__all__ = ["KIND", "ask", "build_sheet", "check", "draw"]


def draw(d: Draw, base: Values) -> Values:
    """Candidate values of a generated entry, drawn with `d` in the shape of `base`."""
    x = d.nonzero()
    return {"x": x, "y": d.until(lambda v: nonzero(v) and exact_dot(x, v) == 0)}


def check(v: Mapping[str, Any]) -> Problem | None:
    """What the loader asks of the entry beyond its fields' shapes: None, or (where, why)."""
    d = exact_dot(v["x"], v["y"])
    return None if d == 0 else ("", f"x · y must be 0 for this question, got {d}")


def build_sheet(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``orthogonal``: the example pair's zero product, lengths, cos θ = 0, 90°."""
    q, P, sheet = start_sheet(lesson, quiz)
    x, y = q.vectors["x"], q.vectors["y"]
    origin = tuple(Fraction(0) for _ in x)
    sheet |= {
        "x": fmt.vector(x, P),
        "y": fmt.vector(y, P),
        "expanded": dot_terms(x, y, P, "·"),
        "dot": fmt.number(exact_dot(x, y), P),
        "norm_x": length(x, P),
        "norm_y": length(y, P),
        "zero": fmt.number(exact_cosine(x, y), P),  # cos θ, which the zero product forces
        "right_angle": right_angle(P),
        "origin": fmt.vector(origin, P),
        "origin_dot": fmt.number(exact_dot(origin, y), P),
    }
    return sheet.given("x", "y").mark(
        "expanded", "dot", "norm_x", "norm_y", "zero", "right_angle", "origin_dot"
    )


def ask(a: Ask) -> Question:
    """The question as the lesson page asks it, part by part, with what it accepts."""
    parts = [
        a.choice("conclude", "statement", ("perp", "same", "opposite"), "perp"),
        a.choice("zero_vector", "statement", ("undefined", "perp", "nonzero"), "undefined"),
    ]
    return a.question(parts, a.text("why"))


KIND = QuizKind(
    kind="orthogonal",
    code="orth",
    fields=XY,
    rules=(
        QuizRule(
            "orthogonal",
            "non-zero x and y with x · y = 0",
            lambda t: nonzero(t["x"]) and nonzero(t["y"]) and exact_dot(t["x"], t["y"]) == 0,
        ),
    ),
    draw=draw,
    sheet=build_sheet,
    ask=ask,
    teaches=Teaches("AngleSignRegions", ("siku-siku",)),
    check=check,
    work=lambda v: dot_work(xy_dim(v)) + 1,  # the product, then what zero means
)
