"""Quiz kind ``dot-sign``: the expanded product, its sign against 0, and 90°.

The kind as one unit in the lesson layer: what its ``[[quiz]]`` entry holds and what the loader
asks of it (:data:`KIND`: ``fields``, :func:`check`), the rules its generated numbers keep and
how they are drawn (:func:`draw`), the sheet of every value its scene shows and says
(:func:`build_sheet`) and the question the lesson page asks (:func:`ask`). Its scene part is
:mod:`scenes.quiz.kinds.dot_sign`; its words are the keys ``qz_sign_…`` of
``lesson/text/quiz.toml`` and ``pg_sign_…`` of ``lesson/text/page.toml``.
"""

from __future__ import annotations

from lesson import decide
from lesson.answers import Ask, Question
from lesson.entries import Lesson, Quiz
from lesson.kinds.base import (
    XY,
    QuizKind,
    QuizRule,
    Teaches,
    dot_work,
    xy_dim,
)
from lesson.kinds.parts import products, right_angle, start_sheet
from lesson.sheet import Sheet, dot_terms
from lesson.teachable import (
    Draw,
    Values,
    nonzero,
)
from mathcore import fmt
from mathcore.exact import (
    exact_dot,
)

__all__ = ["KIND", "ask", "build_sheet", "draw"]


def draw(d: Draw, base: Values) -> Values:
    """Candidate values of a generated entry, drawn with `d` in the shape of `base`."""
    dim = len(base["x"])
    x = d.nonzero(dim)
    return {"x": x, "y": d.until(lambda v: exact_dot(x, v) != 0, dim)}


def build_sheet(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``dot-sign``: the expanded product, its sign against 0, and 90°."""
    q, P, sheet = start_sheet(lesson, quiz)
    x, y = q.vectors["x"], q.vectors["y"]
    d = exact_dot(x, y)
    sheet |= {
        "x": fmt.vector(x, P),
        "y": fmt.vector(y, P),
        "expanded": dot_terms(x, y, P, "·"),
        "dot": fmt.number(d, P),
        "right_angle": right_angle(P),
    }
    prods = products(x, y, P)
    if prods is not None and prods.text != sheet["dot"].text:
        sheet["products"] = prods
    if d != 0:  # "−8 < 0"; a zero product is itself the comparison
        sheet["zero"] = fmt.number(0, P)
    sheet.decisions["dot"] = decide.sign(d)
    return sheet.given("x", "y").mark("expanded", "products", "dot", "right_angle")


def ask(a: Ask) -> Question:
    """The question as the lesson page asks it, part by part, with what it accepts."""
    x, y = a.quiz.vectors["x"], a.quiz.vectors["y"]
    d = exact_dot(x, y)
    sign = a.sheet.decisions["dot"]
    parts = [
        a.number("dot", d),
        a.choice("angle", "sign", ("neg", "zero", "pos"), sign),
    ]
    return a.question(parts, a.text(f"why_if_{sign}"))


KIND = QuizKind(
    kind="dot-sign",
    code="sign",
    fields=XY,
    rules=(
        QuizRule(
            "sign",
            "x · y is not zero (the question asks for its sign)",
            lambda t: nonzero(t["x"]) and nonzero(t["y"]) and exact_dot(t["x"], t["y"]) != 0,
        ),
    ),
    draw=draw,
    sheet=build_sheet,
    ask=ask,
    teaches=Teaches("AngleSignRegions", ("lancip", "siku-siku", "tumpul")),
    work=lambda v: dot_work(xy_dim(v)) + 1,  # the product, then its sign read
)
