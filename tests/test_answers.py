"""The quiz page's accepted answers: from the sheet's exact values, judged as the sheet says.

Read without manim: every question kind on the default lesson (the two kinds it leaves commented
out asked too), on generated variants whose answers differ, and on an edited lesson with
decimal coordinates.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from answer_forms import right_forms, wrong_forms
from hypothesis import given
from hypothesis import strategies as st
from variants import EVERY_KIND

from lesson.answers import CONTROLS, Accepted, Question, judge, verdict
from lesson.model import Lesson, load_lesson, load_lesson_text
from lesson.quizkinds import KINDS, quiz_answers
from lesson.sheet import numbers_sheet
from lesson.variants import generate, parse_vary, set_value, set_values
from mathcore import fmt


def every_kind() -> Lesson:
    """The default lesson asking every kind of question: its eight and the two it comments out."""
    return load_lesson_text(EVERY_KIND, "every-kind.toml")


def variants(count: int = 3) -> list[Lesson]:
    base = every_kind()
    return [
        load_lesson_text(v.text, v.filename) for v in generate(base, count, 7, parse_vary("quiz"))
    ]


def decimal_lesson(tmp: Path) -> Lesson:
    """The default lesson with decimal coordinates in its cosine and projection questions."""
    F = Fraction
    edits = [
        ("quiz[2]", "x", [F("0.6"), F("0.8")]),
        ("quiz[2]", "y", [F("0.8"), F("0.6")]),
        ("quiz[3]", "x", [F("1.5"), F("0.5")]),
        ("quiz[3]", "y", [F("0.5"), F("0.5")]),
    ]
    text = set_values(every_kind().source, edits)
    path = tmp / "decimal.toml"
    path.write_text(text, encoding="utf-8")
    return load_lesson(path)


def lessons(tmp: Path) -> list[Lesson]:
    return [every_kind(), *variants(), decimal_lesson(tmp)]


def test_every_kind_and_control_is_asked() -> None:
    asked = [q for lesson in [every_kind(), *variants()] for q in quiz_answers(lesson, "id")]
    assert {q.kind for q in asked} == set(KINDS)
    assert {p.control for q in asked for p in q.parts} == set(CONTROLS)


@pytest.mark.parametrize("lang", ["id", "en"])
def test_right_forms_pass_and_wrong_ones_fail(tmp_path: Path, lang: str) -> None:
    for lesson in lessons(tmp_path):
        for q in quiz_answers(lesson, lang):
            for part in q.parts:
                where = f"{lesson.id} q{q.number} {part.key}"
                for form in right_forms(part, lang):
                    assert judge(part, form, lang), f"{where}: {form!r} should be right"
                for form in wrong_forms(part):
                    assert verdict(part, form, lang) != "right", (
                        f"{where}: {form!r} should be wrong"
                    )


def test_shown_answers_are_the_sheets(tmp_path: Path) -> None:
    """What the page shows as the answer is the sheet's text (what `lecture numbers` lists)."""
    for lesson in lessons(tmp_path):
        sheet = numbers_sheet(lesson)
        for q in quiz_answers(lesson, "id"):
            values = sheet[q.scene]
            for part in q.parts:
                if part.key in values:
                    assert part.shown == values[part.key].text, (lesson.id, q.number, part.key)
                else:  # a statement: its text carries the sheet's numbers
                    assert part.control in ("sign", "statement", "change")
            if q.kind != "orthogonal":  # its example pair comes in the solution only
                assert all(v.text in q.prompt for k, v in values.items() if k in ("x", "q", "u"))


def test_variants_have_other_answers() -> None:
    base = {(q.number, p.key): p.shown for q in quiz_answers(every_kind(), "id") for p in q.parts}
    for lesson in variants():
        mine = {(q.number, p.key): p.shown for q in quiz_answers(lesson, "id") for p in q.parts}
        numeric = [k for k in mine if not mine[k][0].isalpha()]
        assert sum(mine[k] != base[k] for k in numeric) >= len(numeric) // 2, lesson.id


def test_the_sign_follows_the_sheets_decision(tmp_path: Path) -> None:
    """A positive dot product, edited in: the right option is 'less than 90°'."""
    path = tmp_path / "positive.toml"
    text = set_value(every_kind().source, "quiz[1]", "x", [Fraction(n) for n in (3, 1, 3)])
    path.write_text(text, encoding="utf-8")
    q = quiz_answers(load_lesson(path), "en")[0]
    angle = q.parts[1]
    assert angle.right == ("pos",) and angle.shown == "Less than 90°"
    assert judge(angle, "pos", "en") and not judge(angle, "neg", "en")
    assert "positive" in q.reason


def test_statement_order_does_not_give_the_answer_away() -> None:
    firsts = [
        p.options[0].id in p.right
        for lesson in [every_kind(), *variants()]
        for q in quiz_answers(lesson, "id")
        for p in q.parts
        if p.control == "statement"
    ]
    assert 0 < sum(firsts) < len(firsts)


@given(st.decimals(min_value=-50, max_value=50, places=6), st.integers(1, 3))
def test_rounded_range_is_what_rounds_to_the_shown_text(x: Decimal, places: int) -> None:
    """Any decimal that fmt would write as the shown text is accepted, and nothing else."""
    shown = fmt.fixed(Fraction(x) + Fraction(1, 10**9), places)  # never exactly a tie
    if shown.text == "0":
        return
    accepted = Accepted.rounded(shown.text)
    for y in (x, x + Decimal("0.0004"), x - Decimal("0.0004"), x + Decimal("0.006")):
        rounded = y.quantize(Decimal(1).scaleb(-places), ROUND_HALF_EVEN)
        same = rounded == Decimal(shown.text.replace("−", "-"))
        assert accepted.accepts(Fraction(y)) == same, (y, shown.text)


def test_ties_round_half_to_even() -> None:
    even, odd = Accepted.rounded("0.42"), Accepted.rounded("0.43")
    assert Decimal("0.425").quantize(Decimal("0.01"), ROUND_HALF_EVEN) == Decimal("0.42")
    assert even.accepts(Fraction("0.425")) and even.accepts(Fraction("0.415"))
    assert not odd.accepts(Fraction("0.425")) and not odd.accepts(Fraction("0.435"))


def test_a_non_ending_weight_takes_its_fraction_or_its_rounded_decimal(tmp_path: Path) -> None:
    """The zero query against three keys: each weight is 1/3, a decimal that never ends."""
    F = Fraction
    keys = [(F(2), F(1)), (F(-1), F(3)), (F(0), F(1))]
    path = tmp_path / "three-keys.toml"
    path.write_text(set_value(every_kind().source, "quiz[7]", "keys", keys), encoding="utf-8")
    weight = quiz_answers(load_lesson(path), "id")[6].parts[0]
    assert weight.shown == "1/3"
    assert [judge(weight, a, "id") for a in ("1/3", "2/6", "0.333", "0,3333", "0.33", "0.3")] == [
        True,
        True,
        True,
        True,
        False,
        False,
    ]


def _winner_question(lesson: Lesson, lang: str = "en") -> Question:
    return next(q for q in quiz_answers(lesson, lang) if q.kind == "winner")


def test_the_winner_check_accepts_the_right_keys_and_rejects_the_others(tmp_path: Path) -> None:
    """The default lesson's winner question: q = (3, 2) scores the keys −1, 2, 0. k₂ wins,
    still k₂ for 3q, and k₁ for −q; every other key, and no answer, is wrong."""
    q = _winner_question(every_kind())
    assert [(p.key, p.control, p.shown, p.right) for p in q.parts] == [
        ("winner", "key", "k₂", ("k2",)),
        ("winner_up", "key", "k₂", ("k2",)),
        ("winner_neg", "key", "k₁", ("k1",)),
    ]
    for part in q.parts:
        assert [o.text for o in part.options] == ["k₁ = (1, −2)", "k₂ = (2, −2)", "k₃ = (−2, 3)"]
        wrong = [o.id for o in part.options if o.id not in part.right] + ["", "k₂", "2", "k4"]
        assert all(judge(part, r, "en") for r in part.right)
        assert not any(judge(part, w, "en") for w in wrong), part.key
    assert "(−1, 2, 0)" in q.reason and "(1, −2, 0)" in q.reason
    # two keys, in the other order: k₁ wins, k₂ after −1
    path = tmp_path / "two.toml"
    keys = [[Fraction(2), Fraction(-2)], [Fraction(1), Fraction(-2)]]
    path.write_text(set_value(every_kind().source, "quiz[9]", "keys", keys), encoding="utf-8")
    two = _winner_question(load_lesson(path), "id")
    assert [p.right for p in two.parts] == [("k1",), ("k1",), ("k2",)]
    assert [[o.id for o in p.options] for p in two.parts] == [["k1", "k2"]] * 3
    assert judge(two.parts[2], "k2", "id") and not judge(two.parts[2], "k1", "id")


def test_the_dimension_check_takes_grows_then_stays_and_rejects_the_rest(tmp_path: Path) -> None:
    """The default lesson's dimension question: unscaled the largest weight grows, divided by
    √dₖ it stays; both choices in the order grows, shrinks, stays. A draw that shows no growth
    (dₖ = 2 then 3) expects the same answers: the question asks for the tendency."""
    q = next(q for q in quiz_answers(every_kind(), "en") if q.kind == "dimension")
    assert [(p.key, p.control, p.shown, p.right) for p in q.parts] == [
        ("raw", "change", "Grow", ("grows",)),
        ("scaled", "change", "Stay", ("stays",)),
    ]
    for part in q.parts:
        assert [o.id for o in part.options] == ["grows", "shrinks", "stays"]
        assert judge(part, part.right[0], "en")
        wrong = [o.id for o in part.options if o.id not in part.right] + ["", "Grow", "k1"]
        assert not any(judge(part, w, "en") for w in wrong), part.key
    assert "2" in q.reason and "16" in q.reason  # √4 and √256, from the sheet
    text = set_values(
        every_kind().source,
        [("quiz[10]", "dims", [2, 3]), ("quiz[10]", "keys", 2), ("quiz[10]", "seed", 5)],
    )
    path = tmp_path / "flat.toml"
    path.write_text(text, encoding="utf-8")
    flat = next(q for q in quiz_answers(load_lesson(path), "id") if q.kind == "dimension")
    assert [p.right for p in flat.parts] == [("grows",), ("stays",)]
    assert [p.shown for p in flat.parts] == ["Naik", "Tetap"]
    assert not judge(flat.parts[0], "shrinks", "id") and not judge(flat.parts[1], "grows", "id")
