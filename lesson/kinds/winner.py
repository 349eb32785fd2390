"""Quiz kind ``winner``: which key softmax weighs most, and after q × 3 and q × (−1).

The kind as one unit in the lesson layer: what its ``[[quiz]]`` entry holds and what the loader
asks of it (:data:`KIND`: ``fields``, :func:`check`), the rules its generated numbers keep and
how they are drawn (:func:`draw`), the sheet of every value its scene shows and says
(:func:`build_sheet`) and the question the lesson page asks (:func:`ask`). Its scene part is
:mod:`scenes.quiz.kinds.winner`; its words are the keys ``qz_win_…`` of
``lesson/text/quiz.toml`` and ``pg_win_…`` of ``lesson/text/page.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

import mathcore as mc
from lesson import decide
from lesson.answers import Ask, Option, Part, Question
from lesson.entries import Lesson, Quiz
from lesson.kinds.base import (
    QUERY_KEYS,
    WINNER_KEYS,
    Problem,
    QuizKind,
    QuizRule,
    Teaches,
    dot_work,
    xy_dim,
)
from lesson.kinds.parts import key_list, key_names, keys_into, start_sheet, winners
from lesson.sheet import Sheet
from lesson.teachable import (
    MAX_LEAD,
    Draw,
    Values,
    distinct,
    distinct_scores,
    nonzero,
    within_lead,
)
from mathcore import fmt
from mathcore.exact import (
    exact_dot,
)

__all__ = ["KIND", "REVERSE", "SHARPEN", "ask", "build_sheet", "check", "draw"]


def draw(d: Draw, base: Values) -> Values:
    """Candidate values of a generated entry, drawn with `d` in the shape of `base`."""
    keys = d.keys(len(base["keys"]), 2)
    query = d.until(lambda v: nonzero(v) and distinct_scores(v, keys) and within_lead(v, keys))
    return {"query": query, "keys": keys}


def check(v: Mapping[str, Any]) -> Problem | None:
    """What the loader asks of the entry beyond its fields' shapes: None, or (where, why)."""
    query, keys = v["query"], v["keys"]
    if len(query) != 2:
        return ".query", f"must be 2-D for this question (it is said aloud), got {len(query)}-D"
    if not 2 <= len(keys) <= WINNER_KEYS:
        return ".keys", f"needs 2 to {WINNER_KEYS} keys for this question, got {len(keys)}"
    if not any(query):
        return ".query", "must not be the zero vector: every key would score 0, a tie"
    scores = [exact_dot(query, k) for k in keys]
    for edge, which, when in ((max, "largest", ""), (min, "smallest", " of q × (-1)")):
        tied = [f"k{i}" for i, s in enumerate(scores, start=1) if s == edge(scores)]
        if len(tied) > 1:
            return ".keys", (
                f"{' and '.join(tied)} tie for the {which} score q · k = {edge(scores)}; "
                f"the question needs one winner{when}"
            )
    return None


# The question multiplies its query by these two factors: one sharpens, one reverses.
SHARPEN, REVERSE = 3, -1


def _top_weight(
    query: Sequence[Fraction], keys: Sequence[Sequence[Fraction]], at: int, places: int
) -> fmt.Shown:
    """Softmax weight of key `at` (from 0) over the scaled logits ``q · kᵢ/√dₖ``, rounded.

    Always marked rounded: with no two scores equal, no weight is a terminating decimal,
    even where the float rounds to one (``≈ 1.000``, never ``= 1.000``).
    """
    logits = mc.scaled_scores(np.array(query, float), np.array(keys, float))
    s = fmt.fixed(float(mc.softmax(logits)[at]), places)
    return fmt.Shown(s.text, s.tex, False, s.kind, s.sign, s.slashed, s.speech)


def build_sheet(lesson: Lesson, quiz: Quiz) -> Sheet:
    """Kind ``winner``: which key softmax weighs most, and after q × 3 and q × (−1).

    No softmax is computed to answer: the raw scores ``q · kᵢ`` (``scores``) order the keys,
    and softmax keeps that order (eˣ is increasing), so the top score names the winner
    (``winner``). Tripling q triples every score (``scores_up``): the same winner
    (``winner_up``), its weight sharper, from ``weight`` to ``weight_up`` (softmax of the
    scaled logits, as the lesson computes it, with the weight places). Multiplying q by −1
    negates every score (``scores_neg``): the key of the smallest score wins
    (``winner_neg``). The loader refuses a tie for the largest or the smallest score; the
    keys' names (``name1``, …) are said with their coordinates in the question.

    Decision ``sharper``: ``mismatch`` when the two weights read differently, ``match`` when
    both round to the same text (the tripled weight is then closer to one only unseen).

    Examples
    --------
    The default lesson shows this kind commented out after its eight questions; asked:

    >>> from lesson.model import DEFAULT_LESSON, load_lesson_text
    >>> from lesson.sheets.quiz import quiz_question
    >>> text = DEFAULT_LESSON.read_text(encoding="utf-8")
    >>> entry = '''
    ... [[quiz]]
    ... kind = "winner"
    ... query = [3, 2]
    ... keys = [[1, -2], [2, -2], [-2, 3]]
    ... '''
    >>> asked = load_lesson_text(text + entry)
    >>> sheet = quiz_question(asked, 9)
    >>> [sheet[k].text for k in ("scores", "winner", "scores_up", "winner_neg")]
    ['(−1, 2, 0)', 'k₂', '(−3, 6, 0)', 'k₁']
    >>> sheet["weight"].text, sheet["weight_up"].text, sheet.decisions["sharper"]
    ('0.734', '0.984', 'mismatch')
    """
    q, P, sheet = start_sheet(lesson, quiz)
    query, keys = q.vectors["query"], q.vectors["keys"]
    scores = [exact_dot(query, k) for k in keys]
    assert decide.winner(scores) == decide.winner([-s for s in scores]) == "single", (
        "the loader refuses a tie for the largest or the smallest score"
    )
    top = scores.index(max(scores))
    bottom = scores.index(min(scores))
    tripled = [SHARPEN * c for c in query]
    weight = _top_weight(query, keys, top, P.weight)
    weight_up = _top_weight(tripled, keys, top, P.weight)
    sheet["q"] = fmt.vector(query, P)
    keys_into(sheet, keys, P)
    for i in range(1, len(keys) + 1):  # the question says each key's name with it
        sheet[f"name{i}"] = key_names([i])
    sheet |= {
        "three": fmt.number(SHARPEN, P),
        "minus_one": fmt.number(REVERSE, P),
        "scores": fmt.vector(scores, P),
        "winner": key_names([top + 1]),
        "scores_up": fmt.vector([SHARPEN * s for s in scores], P),
        "winner_up": key_names([top + 1]),  # tripling keeps the order, so the winner
        "weight": weight,
        "weight_up": weight_up,
        "scores_neg": fmt.vector([REVERSE * s for s in scores], P),
        "winner_neg": key_names([bottom + 1]),  # negating reverses it: the last comes first
    }
    shown = [Fraction(w.text.replace(fmt.MINUS, "-")) for w in (weight, weight_up)]
    sheet.decisions["sharper"] = decide.match(*shown)
    sheet.given("q", *(f"k{i}" for i in range(1, len(keys) + 1)))
    return sheet.mark(
        "scores",
        "winner",
        "scores_up",
        "winner_up",
        "weight",
        "weight_up",
        "scores_neg",
        "winner_neg",
    )


def ask(a: Ask) -> Question:
    """Which key wins, and after q × 3 and q × (−1): a choice among the keys for each.

    The right key is the top scorer of the scaled query, from the exact scores (the loader
    refuses a tie); the sheet names the same key.
    """
    query, keys = a.quiz.vectors["query"], a.quiz.vectors["keys"]
    key_list(a, keys)
    n = range(1, len(keys) + 1)
    options = tuple(Option(f"k{i}", f"{key_names([i]).text} = {a.sheet[f'k{i}'].text}") for i in n)
    parts = []
    for key, factor in (("winner", 1), ("winner_up", SHARPEN), ("winner_neg", REVERSE)):
        (top,) = winners([factor * c for c in query], keys)
        assert key_names([top]).text == a.sheet[key].text, (key, top)
        hint = a.strings["pg_hint_choice"]
        parts.append(
            Part(key, "key", a.text(key), a.sheet[key].text, hint, (), options, (f"k{top}",))
        )
    return a.question(parts, a.text("why"))


KIND = QuizKind(
    kind="winner",
    code="win",
    fields=QUERY_KEYS,
    rules=(
        QuizRule(
            "order",
            f"a non-zero 2-D query, 2 to {WINNER_KEYS} distinct non-zero keys, every "
            "score q · k different (one winner, one loser), the winner's lead over the "
            f"runner-up at most {MAX_LEAD} (tripling q sharpens its weight visibly)",
            lambda t: (
                len(t["query"]) == 2
                and nonzero(t["query"])
                and 2 <= len(t["keys"]) <= WINNER_KEYS
                and all(map(nonzero, t["keys"]))
                and distinct(t["keys"])
                and distinct_scores(t["query"], t["keys"])
                and within_lead(t["query"], t["keys"])
            ),
        ),
    ),
    draw=draw,
    sheet=build_sheet,
    ask=ask,
    teaches=Teaches("MagnitudeVsDirection", ("skala-positif", "kali-minus-satu")),
    check=check,
    work=lambda v: (
        len(v["keys"]) * (dot_work(xy_dim(v)) + 1) + 1
    ),  # scores, their order, × 3 and × (−1)
)
