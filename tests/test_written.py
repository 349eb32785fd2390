"""Numbers as a learner writes them (lesson.written): read exactly, or refused, never guessed."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lesson.catalogue import catalogue, fill_text
from lesson.written import (
    COMMAS,
    GROUPED,
    UNREADABLE,
    examples,
    places_written,
    read_number,
    read_vector,
)
from mathcore.fmt import Shown

LANGS = ("id", "en")


def _decimal(x: Fraction, places: int, mark: str) -> str:
    sign = "-" if x < 0 else ""
    whole, part = divmod(abs(x) * 10**places, 10**places)
    digits = str(int(part)).rjust(places, "0")
    return f"{sign}{int(whole)}{mark}{digits}" if places else f"{sign}{int(whole)}"


def test_an_indonesian_learners_decimal_commas_are_decimals() -> None:
    got = read_vector("0,191,0,786,0,023", "id", 3)
    assert got.values == (Fraction(191, 1000), Fraction(786, 1000), Fraction(23, 1000))
    assert read_vector("(0,191; 0,786; 0,023)", "id", 3).values == got.values
    assert read_vector("0.191, 0.786, 0.023", "id", 3).values == got.values
    assert read_vector("0,191, 0,786, 0,023", "id", 3).values == got.values


@pytest.mark.parametrize("lang", LANGS)
def test_text_that_reads_two_ways_is_refused_not_marked(lang: str) -> None:
    assert read_number("1 2", lang).problem == UNREADABLE  # never 12
    assert read_number("2 4", lang).problem == UNREADABLE
    assert read_vector("1,2,3", lang, 2).problem == COMMAS  # (1.2, 3) or (1, 2.3)
    grouping = "1.500" if lang == "id" else "1,500"
    assert read_number(grouping, lang).problem == GROUPED
    other = "1,500" if lang == "id" else "1.500"
    assert read_number(other, lang).values == (Fraction(3, 2),)


@pytest.mark.parametrize("lang", LANGS)
@given(
    xs=st.lists(
        st.fractions(min_value=-100, max_value=100, max_denominator=1000), min_size=2, max_size=4
    ),
    places=st.integers(0, 3),
)
def test_a_vector_written_with_decimal_commas_and_semicolons_reads_back(
    lang: str, xs: list[Fraction], places: int
) -> None:
    rounded = [Fraction(round(x * 10**places), 10**places) for x in xs]
    text = "(" + "; ".join(_decimal(x, places, ",") for x in rounded) + ")"
    got = read_vector(text, lang, len(xs))
    if got.problem is None:
        assert got.values == tuple(rounded), text
    else:  # only a number that may be grouped in thousands is refused
        assert got.problem == GROUPED and lang == "en", text
    point = ", ".join(_decimal(x, places, ".") for x in rounded)
    got = read_vector(point, lang, len(xs))
    assert got.problem in (None, GROUPED) and (got.problem is None or lang == "id"), point
    if got.problem is None:
        assert got.values == tuple(rounded), point


@pytest.mark.parametrize("lang", LANGS)
def test_the_hints_show_forms_that_read_back(lang: str) -> None:
    forms = {k: v.text for k, v in examples(lang).items()}
    assert read_number(forms["decimal"], lang).values == (Fraction(1, 2),)
    assert read_number(forms["decimal_other"], lang).values == (Fraction(1, 2),)
    assert read_number(forms["thousand"], lang).values == (Fraction(1500),)
    half = (Fraction(1, 2), Fraction(3, 2))
    assert read_vector(forms["vector_semi"], lang, 2).values == half
    assert read_vector(forms["vector_comma"], lang, 2).values == half
    strings = catalogue(lang)
    # a refusal's field and number are the page script's to fill
    named = {"field": Shown("x", "x", kind="label"), "number": Shown("?", "?", kind="label")}
    for key in ("pg_hint_exact", "pg_hint_vector", "pg_ui_grouped", "pg_ui_commas"):
        text = fill_text(strings[key], examples(lang) | named)
        assert "{" not in text and any(c.isdigit() for c in text), (key, text)


@pytest.mark.parametrize("lang", LANGS)
@given(
    xs=st.lists(st.fractions(min_value=-999, max_value=999), min_size=1, max_size=3),
    places=st.integers(1, 4),
)
def test_a_number_copied_from_the_screen_reads_as_the_lesson_writes_it(
    lang: str, xs: list[Fraction], places: int
) -> None:
    """The video and the transcript write decimals with a point in both languages: where the
    lesson writes a field with that many places, a number copied from it is that decimal."""
    rounded = [Fraction(round(x * 10**places), 10**places) for x in xs]
    shown = "(" + ", ".join(_decimal(x, places, ".") for x in rounded) + ")"
    assert places_written(shown) == (places,)
    got = read_vector(shown, lang, len(xs), places_written(shown))
    assert got.values == tuple(rounded) and got.unread == "", shown
    for x, text in zip(rounded, shown.strip("()").split(", "), strict=True):
        assert read_number(text, lang, (places,)).values == (x,), text


def test_the_screens_notation_in_indonesian_and_what_a_refusal_names() -> None:
    """(0.707, 2.121) as the lesson writes it: read where the field is written with three
    places; elsewhere refused, naming the number that reads two ways."""
    logits = (Fraction(707, 1000), Fraction(2121, 1000))
    assert read_vector("(0.707, 2.121)", "id", 2, (3,)).values == logits
    assert read_vector("0.707; 2.121", "id", 2, (3,)).values == logits
    assert read_vector("0,707, 2,121", "id", 2, (3,)).values == logits
    refused = read_vector("(0.707, 2.121)", "id", 2)
    assert (refused.problem, refused.unread) == (GROUPED, "2.121")
    assert read_number(" 1.500 ", "id", (2,)).unread == "1.500"  # two places: not the lesson's
    assert read_vector("1,500, 2", "en", 2, (3,)).unread == "1,500"  # a comma groups in English
    assert read_vector("(2; x)", "id", 2).unread == "x"
    assert read_vector("2, 3y", "id", 2).unread == "3y"
    assert read_vector("(-1,5,1)", "id", 2).unread == "-1,5,1"
    assert read_number("1/0", "id").unread == "1/0"
    assert read_number("0,96", "id").unread == ""
