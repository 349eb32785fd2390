"""Quiz kind ``magnitude``: two pairs with the same product, their lengths and cosines.

The kind as one unit in the lesson layer: what its ``[[quiz]]`` entry holds and what the loader
asks of it (:data:`KIND`: ``fields``, :func:`check`), the rules its generated numbers keep and
how they are drawn (:func:`draw`), the sheet of every value its scene shows and says
(:func:`build_sheet`) and the question the lesson page asks (:func:`ask`). Its scene part is
:mod:`scenes.quiz.kinds.magnitude`; its words are the keys ``qz_mag_…`` of
``lesson/text/quiz.toml`` and ``pg_mag_…`` of ``lesson/text/page.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lesson import decide
from lesson.answers import Ask, Question
from lesson.entries import Lesson, Quiz
from lesson.kinds.base import (
    PAIRS,
    Problem,
    QuizKind,
    QuizRule,
    Teaches,
    dot_work,
    norm_work,
)
from lesson.kinds.parts import cosine_shown, start_sheet
from lesson.sheet import Sheet, length
from lesson.teachable import (
    Draw,
    Values,
    same_score_draw,
    same_score_pairs,
)
from mathcore import fmt
from mathcore.exact import (
    exact_cosine,
    exact_dot,
)

__all__ = ["KIND", "ask", "build_sheet", "check", "draw"]


def draw(d: Draw, base: Values) -> Values:
    """Candidate values of a generated entry, drawn with `d` in the shape of `base`."""
    return {"pairs": same_score_draw(d)}


def check(v: Mapping[str, Any]) -> Problem | None:
    """What the loader asks of the entry beyond its fields' shapes: None, or (where, why)."""
    d0, d1 = (exact_dot(x, y) for x, y in v["pairs"])
    return (
        None if d0 == d1 else (".pairs", f"both pairs need the same dot product, got {d0} and {d1}")
    )


def build_sheet(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``magnitude``: two pairs with the same product, their lengths and cosines."""
    q, P, sheet = start_sheet(lesson, quiz)
    for i, (x, y) in enumerate(q.vectors["pairs"], start=1):
        sheet |= {
            f"x{i}": fmt.vector(x, P),
            f"y{i}": fmt.vector(y, P),
            f"norm_x{i}": length(x, P),
            f"norm_y{i}": length(y, P),
            f"cos{i}": cosine_shown(x, y, P),
        }
        sheet.decisions[f"pair{i}"] = decide.direction(x, y)
    (x1, y1), (x2, y2) = q.vectors["pairs"][:2]
    sheet.decisions["cosines"] = decide.match(exact_cosine(x1, y1), exact_cosine(x2, y2))
    sheet["dot"] = fmt.number(exact_dot(x1, y1), P)  # the loader checks both pairs agree
    return sheet.mark("dot", *(f"{k}{i}" for i in (1, 2) for k in ("norm_x", "norm_y", "cos")))


def ask(a: Ask) -> Question:
    """The question as the lesson page asks it, part by part, with what it accepts."""
    (x1, y1), (x2, y2) = a.quiz.vectors["pairs"][:2]
    parts = [
        a.number("cos1", exact_cosine(x1, y1)),
        a.number("cos2", exact_cosine(x2, y2)),
        a.choice("why", "statement", ("mix", "same", "length"), "mix", label="why_choice"),
    ]
    return a.question(parts, a.text(f"why_if_{a.sheet.decisions['cosines']}"))


KIND = QuizKind(
    kind="magnitude",
    code="mag",
    fields=PAIRS,
    rules=(QuizRule("same-score", "as [magnitude]", lambda t: same_score_pairs(t["pairs"])),),
    draw=draw,
    sheet=build_sheet,
    ask=ask,
    teaches=Teaches("MagnitudeVsDirection", ("dua-pasangan", "kosinus")),
    check=check,
    work=lambda v: sum(dot_work(len(x)) + 2 * norm_work(len(x)) + 2 for x, _ in v["pairs"]),
)
