"""Quiz kind ``attention``: scores, logits, exponentials, one weight, weights, top key.

The kind as one unit in the lesson layer: what its ``[[quiz]]`` entry holds and what the loader
asks of it (:data:`KIND`: ``fields``, :func:`check`), the rules its generated numbers keep and
how they are drawn (:func:`draw`), the sheet of every value its scene shows and says
(:func:`build_sheet`) and the question the lesson page asks (:func:`ask`). Its scene part is
:mod:`scenes.quiz.kinds.attention`; its words are the keys ``qz_att_…`` of
``lesson/text/quiz.toml`` and ``pg_att_…`` of ``lesson/text/page.toml``.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

import mathcore as mc
from lesson import decide
from lesson.answers import Accepted, Ask, Option, Part, Question, coords
from lesson.entries import Lesson, Quiz
from lesson.kinds.base import (
    QUERY_KEYS,
    QuizKind,
    QuizRule,
    Teaches,
    dot_work,
    xy_dim,
)
from lesson.kinds.parts import key_list, key_names, keys_into, start_sheet, sum_of, winners
from lesson.sheet import RAW_EXP_LIMIT, SAID_LIST_MAX, Sheet, quotient, tuple_of
from lesson.teachable import (
    Draw,
    Values,
    clear_winner,
    distinct,
    nonzero,
)
from mathcore import fmt
from mathcore.exact import (
    Surd,
    exact_dot,
    exact_scaled,
    sqrt_exact,
)

__all__ = ["KIND", "ask", "build_sheet", "draw"]


def draw(d: Draw, base: Values) -> Values:
    """Candidate values of a generated entry, drawn with `d` in the shape of `base`."""
    keys = d.keys(len(base["keys"]), len(base["query"]))
    query = d.until(lambda v: clear_winner({"query": v, "keys": keys}), len(base["query"]))
    return {"query": query, "keys": keys}


def build_sheet(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``attention``: scores, logits, exponentials, one weight, weights, top key.

    The logits are the scores divided by √d_k; the exponentials of the logits and their sum
    (``exp_terms``, ``exp_sum``) give the first key's weight as a fraction (``frac``); the
    heaviest key is named (``winners``: ``k₂``, or every key of a tie). Decision ``exp``:
    ``greater`` when the largest logit is further than :data:`RAW_EXP_LIMIT` from zero (the
    exponentials are then of ``ℓⱼ − m``, with ``m`` the largest logit, ``max_logit``), else
    ``less`` or ``equal``. Decision ``keys``: the number of keys against
    :data:`SAID_LIST_MAX` (``greater``: the tuples of scores, logits and weights are not said).
    """
    q, P, sheet = start_sheet(lesson, quiz)
    query, keys = q.vectors["query"], q.vectors["keys"]
    d_k = len(query)
    sheet["q"] = fmt.vector(query, P)
    keys_into(sheet, keys, P)
    scores = [exact_dot(query, k) for k in keys]
    top = exact_scaled(max(scores), d_k)  # the largest logit, exactly
    shift = decide.order(Surd(abs(top.coef), top.rad), RAW_EXP_LIMIT)
    logits = mc.scaled_scores(np.array(query, float), np.array(keys, float))
    weights = mc.softmax(logits)
    m = float(logits.max())
    base = m if shift == "greater" else 0.0
    exps = [fmt.fixed(math.exp(float(v) - base), P.logit) for v in logits]
    total = fmt.fixed(math.fsum(math.exp(float(v) - base) for v in logits), P.logit)
    sheet |= {
        "d_k": fmt.number(d_k, P),
        "sqrt_d_k": fmt.root(sqrt_exact(Fraction(d_k)), P),
        "scores": fmt.vector(scores, P),
        **{f"logit{i}": fmt.fixed(float(v), P.logit) for i, v in enumerate(logits, start=1)},
        "exp_terms": sum_of(exps),
        "exp_sum": total,
        "frac": quotient(exps[0], total),
        "first_weight": fmt.fixed(float(weights[0]), P.weight),
        "weights": tuple_of([fmt.fixed(float(w), P.weight) for w in weights]),
        "sum": fmt.number(1, P),
        "winners": key_names(winners(query, keys)),
    }
    sheet["logits"] = tuple_of([sheet[f"logit{i}"] for i in range(1, len(keys) + 1)])
    if shift == "greater":
        sheet["max_logit"] = fmt.fixed(m, P.logit)
    sheet.decisions["exp"] = shift
    sheet.decisions["winner"] = decide.winner(scores)
    # Up to three keys, a caption says the scores, logits and weights as one tuple each; a
    # longer tuple would not fit a caption line, so it is shown and not said.
    sheet.decisions["keys"] = decide.order(Fraction(len(keys)), Fraction(SAID_LIST_MAX))
    if sheet.decisions["keys"] != "greater":
        sheet.mark("scores", "logits", "weights")
    sheet.given("q", *(f"k{i}" for i in range(1, len(keys) + 1)))
    return sheet.mark(
        "sqrt_d_k",
        "max_logit",
        "exp_terms",
        "exp_sum",
        "frac",
        "first_weight",
        "winners",
    )


def ask(a: Ask) -> Question:
    """The question as the lesson page asks it, part by part, with what it accepts."""
    query, keys = a.quiz.vectors["query"], a.quiz.vectors["keys"]
    key_list(a, keys)
    scores = [exact_dot(query, k) for k in keys]
    logits = mc.scaled_scores(np.array(query, float), np.array(keys, float))
    weights = [fmt.fixed(float(w), a.places.weight) for w in mc.softmax(logits)]
    # the same values the sheet's tuple shows, one by one
    assert "(" + ", ".join(w.text for w in weights) + ")" == a.sheet["weights"].text
    top = winners(query, keys)
    ids = [f"k{i}" for i in range(1, len(keys) + 1)]
    names = {f"k{i}": key_names([i]).text for i in range(1, len(keys) + 1)}
    options = tuple(Option(i, f"{names[i]} = {a.sheet[i].text}") for i in ids)
    right = tuple(f"k{i}" for i in top)
    winner = Part(
        "winners",
        "key",
        a.text("winner"),
        a.sheet["winners"].text,
        a.strings["pg_hint_choice"],
        (),
        options,
        right,
    )
    parts = [
        a.vector("scores", coords(scores, a.places), a.sheet["scores"]),
        a.vector(  # the scaled logits, as the sheet rounds them (the video asks them too)
            "logits",
            [Accepted.fixed(a.sheet[f"logit{i}"]) for i in range(1, len(keys) + 1)],
            a.sheet["logits"],
        ),
        a.vector(
            "weights",
            [Accepted.fixed(w) for w in weights],
            a.sheet["weights"],
        ),
        winner,
    ]
    return a.question(parts, a.text("why"))


KIND = QuizKind(
    kind="attention",
    code="att",
    fields=QUERY_KEYS,
    rules=(
        QuizRule(
            "no-tie",
            "a non-zero query, distinct keys, one highest score and it positive, "
            "every weight visible",
            lambda t: (
                nonzero(t["query"])
                and all(map(nonzero, t["keys"]))
                and distinct(t["keys"])
                and clear_winner(t)
            ),
        ),
    ),
    draw=draw,
    sheet=build_sheet,
    ask=ask,
    teaches=Teaches(
        "SoftmaxBarMorph", ("skor-mentah", "logit-berskala", "tebak", "softmax-dihitung")
    ),
    work=lambda v: len(v["keys"]) * (dot_work(xy_dim(v)) + 4),  # score, scale, e^, sum, share
)
