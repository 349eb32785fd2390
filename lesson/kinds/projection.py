"""Quiz kind ``projection``: q · k, ‖k‖, comp_k(q) = 4/√5 ≈ 1.79, proj_k(q) = (4/5) k.

The kind as one unit in the lesson layer: what its ``[[quiz]]`` entry holds and what the loader
asks of it (:data:`KIND`: ``fields``, :func:`check`), the rules its generated numbers keep and
how they are drawn (:func:`draw`), the sheet of every value its scene shows and says
(:func:`build_sheet`) and the question the lesson page asks (:func:`ask`). Its scene part is
:mod:`scenes.quiz.kinds.projection`; its words are the keys ``qz_proj_…`` of
``lesson/text/quiz.toml`` and ``pg_proj_…`` of ``lesson/text/page.toml``.
"""

from __future__ import annotations

from lesson import decide
from lesson.answers import Ask, Question, coords
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
from lesson.kinds.parts import start_sheet
from lesson.sheet import MAX_SYMBOLIC, Sheet, dot_terms, length
from lesson.teachable import (
    Draw,
    Values,
    nonzero,
    not_parallel,
    small_ratio,
)
from mathcore import fmt
from mathcore.exact import (
    exact_comp,
    exact_dot,
    exact_proj_coef,
    exact_project,
    sqrt_exact,
)

__all__ = ["KIND", "ask", "build_sheet", "draw"]


def draw(d: Draw, base: Values) -> Values:
    """Candidate values of a generated entry, drawn with `d` in the shape of `base`."""
    y = d.nonzero()
    return {"x": d.until(lambda v: small_ratio(exact_proj_coef(v, y))), "y": y}


def build_sheet(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``projection``: q · k, ‖k‖, comp_k(q) = 4/√5 ≈ 1.79, proj_k(q) = (4/5) k."""
    q, P, sheet = start_sheet(lesson, quiz)
    x, y = q.vectors["x"], q.vectors["y"]
    d, kk = exact_dot(x, y), exact_dot(y, y)
    sheet.decisions["dot"] = decide.sign_of_dot(x, y)
    sheet |= {
        "q": fmt.vector(x, P),
        "k": fmt.vector(y, P),
        "expanded": dot_terms(x, y, P, "·"),
        "dot": fmt.number(d, P),
        "norm_k": length(y, P),
        "comp": fmt.number(exact_comp(x, y), P),
        "kk": fmt.number(kk, P),
        "proj": fmt.vector(exact_project(x, y), P),
    }
    ratio = fmt.ratio(d, sqrt_exact(kk), P)
    if ratio.text != sheet["comp"].text and len(ratio.text) <= MAX_SYMBOLIC:
        sheet["comp_ratio"] = ratio  # 4/√5 before its value ≈ 1.79
    return sheet.given("q", "k").mark(
        "expanded", "dot", "norm_k", "comp_ratio", "comp", "kk", "proj"
    )


def ask(a: Ask) -> Question:
    """The question as the lesson page asks it, part by part, with what it accepts."""
    x, y = a.quiz.vectors["x"], a.quiz.vectors["y"]
    proj = exact_project(x, y)
    parts = [
        a.number("comp", exact_comp(x, y)),
        a.vector("proj", coords(proj, a.places), a.sheet["proj"]),
    ]
    return a.question(parts, a.text("why"))


KIND = QuizKind(
    kind="projection",
    code="proj",
    fields=XY,
    rules=(
        QuizRule(
            "projection",
            "q · k ≠ 0, q not along k, q·k/‖k‖² with a small denominator",
            lambda t: (
                all(map(nonzero, (t["x"], t["y"])))
                and not_parallel(t["x"], t["y"])
                and exact_dot(t["x"], t["y"]) != 0
                and small_ratio(exact_proj_coef(t["x"], t["y"]))
            ),
        ),
    ),
    draw=draw,
    sheet=build_sheet,
    ask=ask,
    teaches=Teaches("ProjectionDrop", ("proyeksi-skalar", "vektor-proyeksi")),
    work=lambda v: dot_work(xy_dim(v)) + norm_work(xy_dim(v)) + 2 + xy_dim(v),  # comp, proj
)
