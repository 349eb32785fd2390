"""Quiz kind ``dimension``: predict how softmax's largest weight changes as dₖ grows.

The kind as one unit in the lesson layer: what its ``[[quiz]]`` entry holds and what the loader
asks of it (:data:`KIND`: ``fields``, :func:`check`), the rules its generated numbers keep and
how they are drawn (:func:`draw`), the sheet of every value its scene shows and says
(:func:`build_sheet`) and the question the lesson page asks (:func:`ask`). Its scene part is
:mod:`scenes.quiz.kinds.dimension`; its words are the keys ``qz_dim_…`` of
``lesson/text/quiz.toml`` and ``pg_dim_…`` of ``lesson/text/page.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from lesson import decide
from lesson.answers import Ask, Question
from lesson.entries import Lesson, Quiz
from lesson.kinds.base import DIMS, Problem, QuizKind, QuizRule, Teaches
from lesson.kinds.parts import start_sheet
from lesson.sheet import Sheet, top_weight
from lesson.teachable import (
    DIMENSION_PAIRS,
    DOMINANT,
    Draw,
    Values,
    example_scores,
    example_shows,
)
from mathcore import fmt
from mathcore.exact import (
    Surd,
    sqrt_exact,
)

__all__ = ["KIND", "ask", "build_sheet", "check", "draw"]


def draw(d: Draw, base: Values) -> Values:
    """Candidate values of a generated entry, drawn with `d` in the shape of `base`."""
    keys = base["keys"]
    while True:  # about three draws in four show it
        dims, seed = d.rng.choice(DIMENSION_PAIRS), d.rng.randint(0, 10**6)
        if example_shows(dims, keys, seed):
            return {"dims": dims, "keys": keys, "seed": seed}


def check(v: Mapping[str, Any]) -> Problem | None:
    """What the loader asks of the entry beyond its fields' shapes: None, or (where, why)."""
    low, high = v["dims"]
    if low >= high:
        return ".dims", (
            f"must rise, the second larger than the first (the question asks what happens as "
            f"dₖ grows), got {low} then {high}"
        )
    return None


def build_sheet(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``dimension``: predict how softmax's largest weight changes as dₖ grows.

    Asked before any computation: the coordinates of q and k are independent, mean 0
    (``zero``) and variance 1 (``one``); as dₖ grows from ``dk_small`` to ``dk_large``, does
    the largest weight of one query over ``keys`` keys grow, shrink or stay, unscaled and
    divided by √dₖ? The reasoning: Var(q · k) = dₖ, so the unscaled scores spread like √dₖ
    (``root_small``, ``root_large``); divided by √dₖ they spread like 1. A drawn example (the
    entry's ``seed``; :func:`lesson.teachable.example_scores`, as WhySqrtDk draws) gives the
    largest weight of one query's scores at each dₖ, unscaled (``raw_small``, ``raw_large``)
    and divided by √dₖ (``scaled_small``, ``scaled_large``).

    Decisions: ``raw`` and ``scaled``, the answers, from the spread's exact factor between
    the two dimensions (``grows``: √dₖ grows, the loader asks dims that rise; ``stays``:
    divided by √dₖ the factor is 1). What the example shows, never claimed beyond it:
    ``example`` (``grows``, ``stays`` or ``shrinks``: the unscaled largest weight from the
    smaller dₖ to the larger, :func:`lesson.decide.weight_change`), ``peak`` (``dominant``
    when it reaches :data:`~lesson.teachable.DOMINANT` at the larger) and ``moderate``
    (``shared`` when divided by √dₖ it stays under that at both; :func:`lesson.decide.share`).

    Examples
    --------
    The default lesson shows this kind commented out after its eight questions; asked:

    >>> from lesson.model import DEFAULT_LESSON, load_lesson_text
    >>> from lesson.sheets.quiz import quiz_question
    >>> text = DEFAULT_LESSON.read_text(encoding="utf-8")
    >>> entry = '''
    ... [[quiz]]
    ... kind = "dimension"
    ... dims = [4, 256]
    ... keys = 4
    ... seed = 5
    ... '''
    >>> asked = load_lesson_text(text + entry)
    >>> sheet = quiz_question(asked, 9)
    >>> [sheet[k].text for k in ("dk_small", "dk_large", "root_small", "root_large")]
    ['4', '256', '2', '16']
    >>> [sheet[k].text for k in ("raw_small", "raw_large", "scaled_small", "scaled_large")]
    ['0.464', '0.997', '0.399', '0.401']
    >>> [sheet.decisions[k] for k in ("raw", "scaled", "example", "peak", "moderate")]
    ['grows', 'stays', 'grows', 'dominant', 'shared']
    """
    q, P, sheet = start_sheet(lesson, quiz)
    dims, keys, seed = q.vectors["dims"], q.vectors["keys"], q.vectors["seed"]
    low, high = example_scores(dims, keys, seed)
    one = Surd(Fraction(1))
    roots = [sqrt_exact(Fraction(d)) for d in dims]
    sheet |= {
        "zero": fmt.number(0, P),
        "one": fmt.number(1, P),
        "keys": fmt.number(keys, P),
        "dk_small": fmt.number(dims[0], P),
        "dk_large": fmt.number(dims[1], P),
        "root_small": fmt.number(roots[0], P),
        "root_large": fmt.number(roots[1], P),
        "raw_small": top_weight(low, 1, P),
        "raw_large": top_weight(high, 1, P),
        "scaled_small": top_weight(low, dims[0], P),
        "scaled_large": top_weight(high, dims[1], P),
    }
    sheet.decisions["raw"] = decide.size_change(Fraction(dims[1], dims[0]))
    sheet.decisions["scaled"] = decide.size_change(Fraction(1))
    sheet.decisions["example"] = decide.weight_change((low, one), (high, one))
    sheet.decisions["peak"] = decide.share(high, one, DOMINANT)
    scaled = [decide.share(s, 1 / r, DOMINANT) for s, r in zip((low, high), roots, strict=True)]
    sheet.decisions["moderate"] = "shared" if scaled == ["shared"] * 2 else "dominant"
    sheet.given("zero", "one", "keys", "dk_small", "dk_large")
    return sheet.mark(
        "root_small", "root_large", "raw_small", "raw_large", "scaled_small", "scaled_large"
    )


def ask(a: Ask) -> Question:
    """Grows, shrinks or stays, for the largest weight unscaled and divided by √dₖ.

    The right choices are the sheet's decisions ``raw`` and ``scaled`` (the spread's exact
    factor between the two dimensions), never the drawn example's, which may not show them.
    """
    ids = ("grows", "shrinks", "stays")
    parts = [a.choice(key, "change", ids, a.sheet.decisions[key]) for key in ("raw", "scaled")]
    return a.question(parts, a.text("why"))


KIND = QuizKind(
    kind="dimension",
    code="dim",
    fields=DIMS,
    rules=(
        QuizRule(
            "shows",
            "two dimensions dₖ, perfect squares, the second at least 16 times the first; "
            "the drawn example shows what is taught: unscaled, softmax's largest weight "
            f"grows and reaches {float(DOMINANT):g}, divided by √dₖ it stays under "
            f"{float(DOMINANT):g} at both",
            lambda t: (
                tuple(t["dims"]) in DIMENSION_PAIRS
                and example_shows(t["dims"], t["keys"], t["seed"])
            ),
        ),
    ),
    draw=draw,
    sheet=build_sheet,
    ask=ask,
    teaches=Teaches("WhySqrtDk", ("tanpa-skala", "dibagi-akar")),
    check=check,
    work=lambda v: 2,  # a prediction: how the spread grows, what dividing does
)
