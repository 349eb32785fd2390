"""Quiz kind ``cosine``: u · v, both lengths, and cos θ = 4/(√5√5) = 4/5 = 0.8.

The kind as one unit in the lesson layer: what its ``[[quiz]]`` entry holds and what the loader
asks of it (:data:`KIND`: ``fields``, :func:`check`), the rules its generated numbers keep and
how they are drawn (:func:`draw`), the sheet of every value its scene shows and says
(:func:`build_sheet`) and the question the lesson page asks (:func:`ask`). Its scene part is
:mod:`scenes.quiz.kinds.cosine`; its words are the keys ``qz_cos_…`` of
``lesson/text/quiz.toml`` and ``pg_cos_…`` of ``lesson/text/page.toml``.
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
    norm_work,
    xy_dim,
)
from lesson.kinds.parts import start_sheet, tex_fraction
from lesson.sheet import MAX_SYMBOLIC, Sheet, dot_terms, length, length_terms
from lesson.teachable import (
    Draw,
    Values,
    cosine_pair,
    nonzero,
    not_parallel,
    rational_cosine,
)
from mathcore import fmt
from mathcore.exact import (
    exact_cosine,
    exact_dot,
)

__all__ = ["KIND", "ask", "build_sheet", "draw"]


def draw(d: Draw, base: Values) -> Values:
    """Candidate values of a generated entry, drawn with `d` in the shape of `base`."""
    x, y = cosine_pair(d)
    return {"x": x, "y": y}


def build_sheet(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``cosine``: u · v, both lengths, and cos θ = 4/(√5√5) = 4/5 = 0.8."""
    q, P, sheet = start_sheet(lesson, quiz)
    x, y = q.vectors["x"], q.vectors["y"]
    cos = exact_cosine(x, y)
    sheet |= {
        "u": fmt.vector(x, P),
        "v": fmt.vector(y, P),
        "expanded": dot_terms(x, y, P, "·"),
        "dot": fmt.number(exact_dot(x, y), P),
        "norm_u_terms": length_terms(x, P),
        "norm_u": length(x, P),
        "norm_v_terms": length_terms(y, P),
        "norm_v": length(y, P),
        "cos": fmt.number(cos, P),
    }
    if cos.is_rational:
        frac = tex_fraction(cos.as_fraction())
        if frac.text != sheet["cos"].text and len(frac.text) <= MAX_SYMBOLIC:
            sheet["cos_frac"] = frac
    sheet.decisions["dot_vs_cos"] = decide.match(exact_dot(x, y), cos)
    return sheet.given("u", "v").mark("expanded", "dot", "norm_u", "norm_v", "cos_frac", "cos")


def ask(a: Ask) -> Question:
    """The question as the lesson page asks it, part by part, with what it accepts."""
    x, y = a.quiz.vectors["x"], a.quiz.vectors["y"]
    parts = [a.number("dot", exact_dot(x, y)), a.number("cos", exact_cosine(x, y))]
    return a.question(parts, a.text("why"))


KIND = QuizKind(
    kind="cosine",
    code="cos",
    fields=XY,
    rules=(
        QuizRule(
            "cosine",
            "cos θ an exact small fraction, neither 0 nor ±1",
            lambda t: (
                all(map(nonzero, (t["x"], t["y"])))
                and not_parallel(t["x"], t["y"])
                and exact_dot(t["x"], t["y"]) != 0
                and rational_cosine(t["x"], t["y"])
            ),
        ),
    ),
    draw=draw,
    sheet=build_sheet,
    ask=ask,
    teaches=Teaches("LengthAndAngle", ("panjang", "sudut")),
    work=lambda v: dot_work(xy_dim(v)) + 2 * norm_work(xy_dim(v)) + 2,  # u · v, ‖u‖, ‖v‖, cos
)
