"""Captions to broadcast rules, and the exact decisions behind fact words (fast tier)."""

from __future__ import annotations

import tempfile
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from lesson import captions
from lesson.captions import MAX_CPS, MAX_LINE, MIN_GAP_FRAMES, Cue, check, needed, split, timed
from lesson.catalogue import LANGUAGES, catalogue
from lesson.decide import OUTCOMES, kind_of, order, sign, sign_of_dot, size_change
from lesson.model import load_lesson
from lesson.sheet import scene_sheet
from mathcore import angle_class
from mathcore.exact import exact_comp

FPS = 15

texts = st.lists(
    st.sampled_from(
        "kata panjang sekali, q · k = 4 dan lalu skor: bobot softmax. vektor (0.8, 1.6) "
        "the dot product of two vectors; which is a scalar".split(" ")
    ),
    min_size=1,
    max_size=60,
).map(" ".join)


@given(texts)
@settings(max_examples=200, deadline=None)
def test_every_cue_fits_two_lines_of_42(text: str) -> None:
    cues = split(text, "id")
    assert " ".join(" ".join(c) for c in cues).split() == text.split()  # nothing lost
    for cue in cues:
        assert 1 <= len(cue) <= 2 and all(len(line) <= MAX_LINE for line in cue)


@given(texts, st.floats(0, 30))
@settings(max_examples=200, deadline=None)
def test_timed_cues_break_no_rule_once_the_step_is_long_enough(text: str, extra: float) -> None:
    window = needed(text, FPS) + extra
    cues = timed(text, 2.0, 2.0 + window, FPS)
    assert check(cues, FPS) == []
    assert cues[-1].end <= 2.0 + window - MIN_GAP_FRAMES / FPS + 1e-9


def test_notation_never_broken_and_phrase_boundaries_preferred() -> None:
    cues = split("Hasil kali titiknya q · k = 4, jadi kedua vektor mengarah ke sisi yang sama.")
    lines = [line for cue in cues for line in cue]
    assert any("q · k = 4" in line for line in lines)
    assert not any(line.endswith((" jadi", " dan", " ke")) for line in lines)
    cues = split(
        "A negative dot product. For two non-zero real vectors with the standard "
        "Euclidean inner product, a negative product means an angle over ninety degrees.",
        "en",
    )
    assert cues[0] == ("A negative dot product.",)  # a sentence ends a cue


def test_check_names_each_broken_rule() -> None:
    long = "x" * 43
    bad = [Cue(0, 0.5, ("a",)), Cue(0.55, 9, (long, "b", "c")), Cue(9.0, 10, ("akar d_k",))]
    rules = {(v.cue, v.rule) for v in check(bad, FPS)}
    assert {(0, "duration"), (0, "gap"), (1, "lines"), (1, "line length"), (1, "duration")} <= rules
    assert (2, "notation") in rules
    fast = [Cue(0, 1, ("x" * 40,))]
    assert check(fast, FPS)[0].rule == "reading speed" and 40 / 1 > MAX_CPS


def test_decision_outcomes_are_distinct_across_kinds() -> None:
    outcomes = [o for os in OUTCOMES.values() for o in os]
    assert len(outcomes) == len(set(outcomes))
    assert all(kind_of(o) in OUTCOMES for o in outcomes)


def test_catalogue_variants_are_complete() -> None:
    """A text chosen by a decision has a variant for every outcome of that decision."""
    for lang in LANGUAGES:
        strings = catalogue(lang)
        for key in strings:
            if "_if_" not in key:
                continue
            base, outcome = key.rsplit("_if_", 1)
            for other in OUTCOMES[kind_of(outcome)]:
                assert f"{base}_if_{other}" in strings, f"{lang}: {base}_if_{other} missing"


two_places = st.decimals(min_value=-9, max_value=9, places=2, allow_nan=False)


@given(two_places, two_places, st.sampled_from([Decimal(1), Decimal("0.5"), Decimal("-1.5")]))
@settings(max_examples=300, deadline=None)
def test_exact_zero_products_are_zero_whatever_floats_say(a: Decimal, b: Decimal, t: Decimal):
    """q ⟂ k built from decimals: the sign decision is exact, even where floats are not."""
    q = [Fraction(a), Fraction(b)]
    k = [Fraction(-b * t), Fraction(a * t)]  # perpendicular to q, at most 3 places
    assert sign_of_dot(q, k) == "zero"
    if any(q) and any(k):
        assert angle_class(q, k).value == "right"
        assert sign(exact_comp(q, k)) == "zero"


def test_float_products_can_disagree_with_the_exact_sign() -> None:
    """The case the exact decision exists for: 0.1·0.2 − 0.2·0.1 is exactly 0."""
    q, k = ["0.7", "0.1"], ["0.3", "-2.1"]
    assert float(q[0]) * float(k[0]) + float(q[1]) * float(k[1]) != 0
    assert sign_of_dot([Fraction(x) for x in q], [Fraction(x) for x in k]) == "zero"
    assert angle_class([float(x) for x in q], [float(x) for x in k]).value == "right"


def test_order_and_change_are_exact() -> None:
    assert order(Fraction(1, 3), Fraction(1, 3)) == "equal"
    assert size_change(Fraction("0.99")) == "shrinks" and size_change(Fraction(1)) == "stays"


def test_module_rules_are_the_broadcast_ones() -> None:
    assert (captions.MAX_LINE, captions.MAX_LINES, captions.MAX_CPS) == (42, 2, 17.0)
    assert (captions.MIN_DURATION, captions.MAX_DURATION, captions.MIN_GAP_FRAMES) == (1, 7, 2)


def _lesson_with(tmp: Path, edits: list[tuple[str, str, str]]):
    from variants import SEED, _set

    text = SEED
    for table, key, value in edits:
        text = _set(text, table, key, value)
    path = tmp / f"l{abs(hash(tuple(edits)))}.toml"
    path.write_text(text, encoding="utf-8")
    return load_lesson(path)


def _exact_sign(q: list[Decimal], k: list[Decimal]) -> str:
    d = sum(a * b for a, b in zip(q, k, strict=True))  # Decimal arithmetic, independent
    return "neg" if d < 0 else "pos" if d > 0 else "zero"


WORDS = {  # a word the chosen Indonesian text must (or must not) contain
    "neg": ("negatif", "berlawanan"),
    "zero": ("nol", "tegak lurus"),
    "pos": ("searah", "positif", "bagian bidang yang sama"),
}


@given(
    st.lists(two_places.filter(lambda d: abs(d) >= Decimal("0.05")), min_size=2, max_size=2),
    st.sampled_from([Decimal(1), Decimal("0.5"), Decimal(-1), Decimal("2")]),
    st.booleans(),
    st.lists(two_places, min_size=2, max_size=2),
)
@settings(max_examples=60, deadline=None)
def test_fact_words_agree_with_the_exact_values(q, t, perpendicular, other) -> None:
    """Lessons with decimal coordinates, often with an exactly zero q · k that floats miss:
    the texts ProjectionDrop and LengthAndAngle choose state the exact sign."""
    k = [-q[1] * t, q[0] * t] if perpendicular else other
    if not any(k) or any(abs(c) > 9 or c != c.quantize(Decimal("0.01")) for c in k):
        return
    with tempfile.TemporaryDirectory() as tmp:
        lesson = _lesson_with(
            Path(tmp),
            [
                ("projection", "query", f"[{q[0]}, {q[1]}]"),
                ("projection", "key", f"[{k[0]}, {k[1]}]"),
            ],
        )
    want = _exact_sign(q, k)
    strings = catalogue("id")
    for scene, decision, keys in (
        ("ProjectionDrop", "comp", ("pd_sub_proj", "pd_sub_comp")),
        ("LengthAndAngle", "dot", ("la_sub_vectors",)),
    ):
        sheet = scene_sheet(lesson, scene)
        assert sheet.decisions[decision] == want
        for key in keys:
            text = strings[f"{key}_if_{want}"].lower()
            assert any(w in text for w in WORDS[want]), (key, want, text)
            if want != "neg":
                assert "negatif" not in text and "berlawanan" not in text


def test_the_float_dot_product_really_misses_such_zeros() -> None:
    """The generator's perpendicular pairs include ones where floats are not zero."""
    q, k = (Decimal("0.7"), Decimal("0.1")), (Decimal("-0.1") * 3, Decimal("0.7") * 3)
    assert _exact_sign(list(q), list(k)) == "zero"
    floats = float(q[0]) * float(k[0]) + float(q[1]) * float(k[1])
    assert floats != 0.0


def _vec(xs: list[Decimal]) -> str:
    return "[" + ", ".join(str(x) for x in xs) + "]"


def _dec_dot(x: list[Decimal], y: list[Decimal]) -> Decimal:
    return sum((a * b for a, b in zip(x, y, strict=True)), Decimal(0))


nonzero = two_places.filter(lambda d: abs(d) >= Decimal("0.05"))


@given(
    st.lists(nonzero, min_size=2, max_size=2),
    st.lists(two_places, min_size=2, max_size=2),
    st.integers(-2, 2).filter(bool),
    st.booleans(),
)
@settings(max_examples=60, deadline=None)
def test_quiz_words_agree_with_exact_scores_and_signs(q, k1, t, tie) -> None:
    """Lessons with decimal coordinates: two keys whose scores tie exactly (k₂ = k₁ + t·q⊥,
    where floats often disagree), pairs whose product is exactly zero. The heaviest-key text,
    the sign texts of questions 1 and 3, and ScaleIsNotCosine's doubling all follow the exact
    values."""
    perp = [-q[1], q[0]]
    k2 = [a + t * b for a, b in zip(k1, perp, strict=True)] if tie else [k1[1], -k1[0]]
    y = perp if tie else k1  # questions 1, 3 and [scale]: q against y, zero when perpendicular
    if not any(k1) or not any(k2) or not any(y) or any(abs(c) > 9 for c in k2 + y):
        return
    edits = [
        ("quiz#6", "query", _vec(q)),
        ("quiz#6", "keys", f"[{_vec(k1)}, {_vec(k2)}]"),
        *[(f"quiz#{n}", "x", _vec(q)) for n in (1, 3)],
        *[(f"quiz#{n}", "y", _vec(y)) for n in (1, 3)],
        ("scale", "query", _vec(q)),
        ("scale", "key", _vec(y)),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        lesson = _lesson_with(Path(tmp), edits)
    s1, s2 = _dec_dot(q, k1), _dec_dot(q, k2)
    want_tie = s1 == s2
    six = scene_sheet(lesson, "QuizQuestion6")
    assert six.decisions["winner"] == ("tie" if want_tie else "single")
    assert six["winners"].text == ("k₁, k₂" if want_tie else "k₁" if s1 > s2 else "k₂")
    strings = catalogue("id")
    top = strings[f"qz_att_top_if_{six.decisions['winner']}"]
    assert ("sama" in top) == want_tie, top

    want = _exact_sign(q, y)
    for scene, keys in (
        ("QuizQuestion1", ("qz_sign_sign", "qz_sign_sub_sign")),
        ("QuizQuestion3", ("qz_proj_note", "qz_proj_sub_note")),
    ):
        sheet = scene_sheet(lesson, scene)
        assert sheet.decisions["dot"] == want
        for key in keys:
            text = strings[f"{key}_if_{want}"].lower()
            assert any(w in text for w in WORDS[want] + ("tegak lurus",)), (key, text)
            assert ("negatif" in text) == (want == "neg"), (key, text)
    doubled = scene_sheet(lesson, "ScaleIsNotCosine").decisions["doubled"]
    assert doubled == ("stays" if want == "zero" else "grows")
    assert ("nol" in strings[f"snc_sub_double_if_{doubled}"]) == (want == "zero")


def test_ties_are_exact_where_floats_differ() -> None:
    """The tie the generator builds: exact scores equal, float scores not."""
    q, k1, k2 = ("-0.9", "-0.9"), ("-0.9", "-0.8"), ("0", "-1.7")  # k2 = k1 + (0.9, −0.9)
    exact = [sum(Decimal(a) * Decimal(b) for a, b in zip(q, k, strict=True)) for k in (k1, k2)]
    floats = [sum(float(a) * float(b) for a, b in zip(q, k, strict=True)) for k in (k1, k2)]
    assert exact[0] == exact[1] and floats[0] != floats[1]
