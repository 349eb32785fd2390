"""The quiz's kinds of question: one registry from a kind to everything that makes it.

A ``[[quiz]]`` entry names its kind (``kind = "projection"``); the lesson's list of entries
decides which questions the quiz asks and in what order (1 to :data:`MAX_QUESTIONS`; a kind
may come more than once). Scene ``QuizQuestionN`` shows the lesson's N-th entry with what its
kind names here:

- ``scene``: the class in ``scenes/quiz.py`` that says what the question asks and how its
  solution goes (named, not imported: the lesson layer never imports scenes);
- ``sheet``: the builder in ``lesson/sheets/quiz.py`` of every value the question shows;
- ``code``: its texts in ``lesson/text/quiz.toml`` are the keys ``qz_<code>_…``;
- ``fields``, ``check``: what the loader asks of the entry;
- ``rules``, ``draw``: what keeps generated numbers teachable (:mod:`lesson.variants`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from lesson.teachable import (
    DIMENSION_PAIRS,
    DOMINANT,
    MAX_LEAD,
    Draw,
    Values,
    clear_winner,
    cosine_pair,
    distinct,
    distinct_scores,
    example_shows,
    nonzero,
    not_parallel,
    rational_cosine,
    same_score_draw,
    same_score_pairs,
    small_ratio,
    within_lead,
)
from mathcore.exact import exact_dot, exact_proj_coef

__all__ = [
    "DIMENSIONS",
    "KINDS",
    "MAX_QUESTIONS",
    "WINNER_KEYS",
    "QuizKind",
    "QuizRule",
    "kind_of",
]

# At most this many questions (about twelve minutes of quiz); scenes/quiz.py defines one scene
# per place, QuizQuestion1 to QuizQuestion10.
MAX_QUESTIONS = 10
# A winner question says every key aloud and asks which wins: 2 to this many keys.
WINNER_KEYS = 4
# A dimension question's two dimensions dₖ lie in this range (WhySqrtDk's [spread] too).
DIMENSIONS = (1, 256)

Problem = tuple[str, str]  # (where in the entry, like ".query" or "", reason)


@dataclass(frozen=True)
class QuizRule:
    """One teachable rule of a kind's generated numbers: a name, what it says, its check."""

    name: str
    text: str
    check: Callable[[Values], bool]


def _no_problem(vectors: Mapping[str, Any]) -> Problem | None:
    return None


@dataclass(frozen=True)
class QuizKind:
    """One kind of quiz question and the parts that make it.

    Attributes
    ----------
    kind : str
        The name a ``[[quiz]]`` entry gives (``"projection"``).
    code : str
        Its catalogue keys in ``lesson/text/quiz.toml`` start with ``qz_<code>_``.
    fields : tuple of str
        The entry's keys besides ``kind``: ``("x", "y")`` (two non-zero vectors),
        ``("query", "keys")`` (a query and 2 to 6 keys), ``("pairs",)`` (two pairs) or
        ``("dims", "keys", "seed")`` (two dimensions dₖ, 2 to 6 keys and a seed: no vectors).
    scene : str
        Its class in :attr:`scene_module`.
    sheet : str
        Its sheet builder in :attr:`sheet_module`: ``(lesson, quiz) -> Sheet``.
    rules : tuple of QuizRule
        The rules generated numbers keep (beyond small whole coordinates).
    draw : callable
        ``draw(d, base)``: candidate values for the entry, drawn with ``d``
        (:class:`~lesson.teachable.Draw`) in the shape of the base lesson's entry ``base``.
    check : callable
        What the loader asks beyond the fields' shapes: ``check(vectors)`` is None, or
        ``(where, reason)`` for the one-line error (``where`` follows ``quiz[N]``).
    """

    kind: str
    code: str
    fields: tuple[str, ...]
    scene: str
    sheet: str
    rules: tuple[QuizRule, ...]
    draw: Callable[[Draw, Values], Values]
    check: Callable[[Mapping[str, Any]], Problem | None] = _no_problem

    scene_module = "scenes.quiz"
    sheet_module = "lesson.sheets.quiz"


XY, QUERY_KEYS, PAIRS = ("x", "y"), ("query", "keys"), ("pairs",)
DIMS = ("dims", "keys", "seed")


def _dot_sign(d: Draw, base: Values) -> Values:
    dim = len(base["x"])
    x = d.nonzero(dim)
    return {"x": x, "y": d.until(lambda v: exact_dot(x, v) != 0, dim)}


def _cosine(d: Draw, base: Values) -> Values:
    x, y = cosine_pair(d)
    return {"x": x, "y": y}


def _projection(d: Draw, base: Values) -> Values:
    y = d.nonzero()
    return {"x": d.until(lambda v: small_ratio(exact_proj_coef(v, y))), "y": y}


def _orthogonal(d: Draw, base: Values) -> Values:
    x = d.nonzero()
    return {"x": x, "y": d.until(lambda v: nonzero(v) and exact_dot(x, v) == 0)}


def _magnitude(d: Draw, base: Values) -> Values:
    return {"pairs": same_score_draw(d)}


def _attention(d: Draw, base: Values) -> Values:
    keys = d.keys(len(base["keys"]), len(base["query"]))
    query = d.until(lambda v: clear_winner({"query": v, "keys": keys}), len(base["query"]))
    return {"query": query, "keys": keys}


def _zero_query(d: Draw, base: Values) -> Values:
    return {"query": base["query"], "keys": d.keys(len(base["keys"]), len(base["query"]))}


def _winner(d: Draw, base: Values) -> Values:
    keys = d.keys(len(base["keys"]), 2)
    query = d.until(lambda v: nonzero(v) and distinct_scores(v, keys) and within_lead(v, keys))
    return {"query": query, "keys": keys}


def _dimension(d: Draw, base: Values) -> Values:
    keys = base["keys"]
    while True:  # about three draws in four show it
        dims, seed = d.rng.choice(DIMENSION_PAIRS), d.rng.randint(0, 10**6)
        if example_shows(dims, keys, seed):
            return {"dims": dims, "keys": keys, "seed": seed}


def _orthogonal_check(v: Mapping[str, Any]) -> Problem | None:
    d = exact_dot(v["x"], v["y"])
    return None if d == 0 else ("", f"x · y must be 0 for this question, got {d}")


def _same_dot_check(v: Mapping[str, Any]) -> Problem | None:
    d0, d1 = (exact_dot(x, y) for x, y in v["pairs"])
    return (
        None if d0 == d1 else (".pairs", f"both pairs need the same dot product, got {d0} and {d1}")
    )


def _zero_query_check(v: Mapping[str, Any]) -> Problem | None:
    if any(v["query"]):
        return ".query", "must be the zero vector (the question is about it)"
    return None


def _winner_check(v: Mapping[str, Any]) -> Problem | None:
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


def _dimension_check(v: Mapping[str, Any]) -> Problem | None:
    low, high = v["dims"]
    if low >= high:
        return ".dims", (
            f"must rise, the second larger than the first (the question asks what happens as "
            f"dₖ grows), got {low} then {high}"
        )
    return None


_R = QuizRule

KINDS: dict[str, QuizKind] = {
    k.kind: k
    for k in (
        QuizKind(
            "dot-sign",
            "sign",
            XY,
            "DotSignQuestion",
            "dot_sign",
            (
                _R(
                    "sign",
                    "x · y is not zero (the question asks for its sign)",
                    lambda t: (
                        nonzero(t["x"]) and nonzero(t["y"]) and exact_dot(t["x"], t["y"]) != 0
                    ),
                ),
            ),
            _dot_sign,
        ),
        QuizKind(
            "cosine",
            "cos",
            XY,
            "CosineQuestion",
            "cosine",
            (
                _R(
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
            _cosine,
        ),
        QuizKind(
            "projection",
            "proj",
            XY,
            "ProjectionQuestion",
            "projection",
            (
                _R(
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
            _projection,
        ),
        QuizKind(
            "orthogonal",
            "orth",
            XY,
            "OrthogonalQuestion",
            "orthogonal",
            (
                _R(
                    "orthogonal",
                    "non-zero x and y with x · y = 0",
                    lambda t: (
                        nonzero(t["x"]) and nonzero(t["y"]) and exact_dot(t["x"], t["y"]) == 0
                    ),
                ),
            ),
            _orthogonal,
            _orthogonal_check,
        ),
        QuizKind(
            "magnitude",
            "mag",
            PAIRS,
            "MagnitudeQuestion",
            "magnitude",
            (_R("same-score", "as [magnitude]", lambda t: same_score_pairs(t["pairs"])),),
            _magnitude,
            _same_dot_check,
        ),
        QuizKind(
            "attention",
            "att",
            QUERY_KEYS,
            "AttentionQuestion",
            "attention",
            (
                _R(
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
            _attention,
        ),
        QuizKind(
            "zero-query",
            "zero",
            QUERY_KEYS,
            "ZeroQueryQuestion",
            "zero_query",
            (
                _R(
                    "tie",
                    "a zero query (the question is about the tie) and distinct non-zero keys",
                    lambda t: (
                        not nonzero(t["query"])
                        and all(map(nonzero, t["keys"]))
                        and distinct(t["keys"])
                    ),
                ),
            ),
            _zero_query,
            _zero_query_check,
        ),
        QuizKind(
            "cosine-vs-scale",
            "scale",
            XY,
            "CosineVsScaleQuestion",
            "cosine_vs_scale",
            (
                _R(
                    "cosine",
                    "q · k > 0, q not along k, cos θ an exact small fraction",
                    lambda t: (
                        exact_dot(t["x"], t["y"]) > 0
                        and not_parallel(t["x"], t["y"])
                        and rational_cosine(t["x"], t["y"])
                    ),
                ),
            ),
            _cosine,
        ),
        QuizKind(
            "winner",
            "win",
            QUERY_KEYS,
            "WinnerQuestion",
            "winner",
            (
                _R(
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
            _winner,
            _winner_check,
        ),
        QuizKind(
            "dimension",
            "dim",
            DIMS,
            "DimensionQuestion",
            "dimension",
            (
                _R(
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
            _dimension,
            _dimension_check,
        ),
    )
}


def kind_of(kind: str) -> QuizKind:
    """The registry entry of `kind`.

    Raises
    ------
    KeyError
        For a kind the registry does not know; the message lists the kinds.

    Examples
    --------
    >>> kind_of("projection").scene, kind_of("projection").code
    ('ProjectionQuestion', 'proj')
    """
    if kind not in KINDS:
        raise KeyError(f"unknown quiz kind {kind!r}; kinds are: {', '.join(KINDS)}")
    return KINDS[kind]
