"""Quiz kind ``zero-query``: scores and logits 0, equal weights 1/n, ‖q‖ = 0.

The kind as one unit in the lesson layer: what its ``[[quiz]]`` entry holds and what the loader
asks of it (:data:`KIND`: ``fields``, :func:`check`), the rules its generated numbers keep and
how they are drawn (:func:`draw`), the sheet of every value its scene shows and says
(:func:`build_sheet`) and the question the lesson page asks (:func:`ask`). Its scene part is
:mod:`scenes.quiz.kinds.zero_query`; its words are the keys ``qz_zero_…`` of
``lesson/text/quiz.toml`` and ``pg_zero_…`` of ``lesson/text/page.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from lesson.answers import Ask, Question
from lesson.entries import Lesson, Quiz
from lesson.kinds.base import QUERY_KEYS, Problem, QuizKind, QuizRule, Teaches
from lesson.kinds.parts import key_list, keys_into, start_sheet, tex_fraction
from lesson.sheet import Sheet, length
from lesson.teachable import (
    Draw,
    Values,
    distinct,
    nonzero,
)
from mathcore import fmt
from mathcore.exact import (
    exact_dot,
    exact_scaled,
    sqrt_exact,
)

__all__ = ["KIND", "ask", "build_sheet", "check", "draw"]


def draw(d: Draw, base: Values) -> Values:
    """Candidate values of a generated entry, drawn with `d` in the shape of `base`."""
    return {"query": base["query"], "keys": d.keys(len(base["keys"]), len(base["query"]))}


def check(v: Mapping[str, Any]) -> Problem | None:
    """What the loader asks of the entry beyond its fields' shapes: None, or (where, why)."""
    if any(v["query"]):
        return ".query", "must be the zero vector (the question is about it)"
    return None


def build_sheet(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``zero-query``: scores and logits 0, equal weights 1/n, ‖q‖ = 0."""
    q, P, sheet = start_sheet(lesson, quiz)
    query, keys = q.vectors["query"], q.vectors["keys"]
    d_k = len(query)
    sheet["q"] = fmt.vector(query, P)
    keys_into(sheet, keys, P)
    scores = {exact_dot(query, k) for k in keys}
    logits = {exact_scaled(s, d_k).as_fraction() for s in scores}
    assert len(scores) == len(logits) == 1, "a zero query scores every key alike"
    sheet |= {
        "sqrt_d_k": fmt.root(sqrt_exact(Fraction(d_k)), P),
        "score": fmt.number(scores.pop(), P),
        "logit": fmt.fixed(logits.pop(), P.logit),  # every logit with `logit` places
        # Equal logits give equal weights: exactly 1/n each.
        "weight": tex_fraction(Fraction(1, len(keys))),
        "norm_q": length(query, P),
    }
    sheet.given("q", *(f"k{i}" for i in range(1, len(keys) + 1)))
    return sheet.mark("score", "logit", "weight", "norm_q")


def ask(a: Ask) -> Question:
    """The question as the lesson page asks it, part by part, with what it accepts."""
    keys = a.quiz.vectors["keys"]
    key_list(a, keys)
    parts = [
        a.number("weight", Fraction(1, len(keys)), a.places.weight),
        a.choice("angle", "statement", ("undefined", "perp", "same"), "undefined"),
    ]
    return a.question(parts, a.text("why"))


KIND = QuizKind(
    kind="zero-query",
    code="zero",
    fields=QUERY_KEYS,
    rules=(
        QuizRule(
            "tie",
            "a zero query (the question is about the tie) and distinct non-zero keys",
            lambda t: (
                not nonzero(t["query"]) and all(map(nonzero, t["keys"])) and distinct(t["keys"])
            ),
        ),
    ),
    draw=draw,
    sheet=build_sheet,
    ask=ask,
    teaches=Teaches("SoftmaxBarMorph", ("softmax-dihitung",)),
    check=check,
    work=lambda v: 2,  # every score zero by sight, so equal weights
)
