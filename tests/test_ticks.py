"""Round axis ticks (mathcore.ticks) and the bar chart's ticks on the softmax sheet."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from lesson.model import DEFAULT_LESSON, load_lesson
from lesson.sheets.softmax import score_ticks, softmax_bar_morph
from mathcore.ticks import nice_ticks

# values a lesson's scores take: sums of products of 2-decimal coordinates up to ±9
score = st.integers(-100 * 6 * 81, 100 * 6 * 81).map(lambda n: Fraction(n, 10_000))


class TestNiceTicks:
    @given(score, score, st.integers(0, 8))
    def test_round_evenly_spaced_inside(self, a: Fraction, b: Fraction, places: int) -> None:
        lo, hi = min(a, b), max(a, b)
        ticks = nice_ticks(lo, hi, 2, places)
        top = hi if hi > lo else lo + 1
        assert all(lo <= t <= top for t in ticks)
        steps = {b - a for a, b in zip(ticks, ticks[1:], strict=False)}
        assert len(steps) <= 1  # one step
        for step in steps:
            assert (step * 10**places).denominator == 1  # written exactly
            m = step
            while m >= 10:
                m /= 10
            while m < 1:
                m *= 10
            assert m in (1, 2, 5)  # a round step
        if lo <= 0 <= top:
            assert 0 in ticks
        assert len(ticks) <= 6

    def test_at_least_two_ticks_when_places_allow(self) -> None:
        for lo, hi in [(0, 2), (-162, 162), (Fraction(-3, 100), 0), (0, Fraction(9, 10))]:
            assert len(nice_ticks(Fraction(lo), Fraction(hi), 2, 8)) >= 2

    def test_empty_range_is_widened(self) -> None:
        assert nice_ticks(Fraction(0), Fraction(0)) == [0, Fraction(1, 2), 1]


def test_sheet_has_the_charts_ticks() -> None:
    lesson = load_lesson(DEFAULT_LESSON)
    sheet = softmax_bar_morph(lesson)
    ticks = score_ticks(lesson)
    assert [sheet[f"tick{i}"].text for i in range(1, len(ticks) + 1)] == ["0", "1", "2"]
    assert (sheet["wtick_lo"].text, sheet["wtick_hi"].text) == ("0", "1")
    assert all(sheet[f"tick{i}"].exact for i in range(1, len(ticks) + 1))
