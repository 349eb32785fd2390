"""A listener hears where a group of the mathematics ends: roots, denominators, exponents.

What the voice says for ``√(2² + 1²)``, ``6/(2√2 · 3)`` and ``exp(ℓ − m)`` must parse one
way by ear alone. A root of a sum is said as the root *of the sum of* its squares ("akar dari
jumlah dua kuadrat dan satu kuadrat", "the square root of the sum of two squared and one
squared"), never "akar dua kuadrat tambah satu kuadrat", which is heard as ``√2² + 1²``; a
denominator that is a product is said as *the product of* its factors; an exponent that is a
difference is said as one bracket ("e pangkat dalam kurung …", "e to the power of the
quantity …"), never "e to the power a minus b", heard as ``e^a − b``; and what follows such
a group comes after a pause. A root of one number stays short ("akar lima"). Checked on every
sheet of the default lesson and the edited lessons (decimal coordinates, large logits), on
the catalogue texts that write such a group, in Indonesian and English.
"""

from __future__ import annotations

import re
from fractions import Fraction as F

import pytest
from variants import EDITS, variant

from lesson.catalogue import catalogue, fill
from lesson.model import load_lesson
from lesson.sheet import length_terms, numbers_sheet, scene_sheet
from mathcore import fmt
from mathcore.exact import sqrt_exact
from mathcore.languages import LANGUAGES, Words
from mathcore.spoken import spoken, spoken_notation, spoken_template
from publish.pagemath import formula_table

LANGS = tuple(LANGUAGES)


def _w(lang: str) -> Words:
    return LANGUAGES[lang].words


def _joined(items: list[str], lang: str) -> str:
    """The terms of a group as the voice lists them: "a and b", "a, b, and c"."""
    last = f" {_w(lang).and_word} {items[-1]}"
    return items[0] + last if len(items) == 2 else ", ".join(items[:-1]) + "," + last


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, dict[str, fmt.Shown]]]:
    """Every sheet of the default lesson and of each edited lesson the scene tests use."""
    folder = tmp_path_factory.mktemp("groups")
    return {name: numbers_sheet(load_lesson(variant(name, folder))) for name in EDITS}


@pytest.mark.parametrize("lang", LANGS)
def test_a_root_of_a_sum_is_said_as_the_root_of_the_sum(
    lang: str, sheets: dict[str, dict[str, dict[str, fmt.Shown]]]
) -> None:
    w = _w(lang)
    roots = singles = 0
    for name, lesson in sheets.items():
        for scene, sheet in lesson.items():
            for key, value in sheet.items():
                said = spoken(value, lang)
                if value.text.startswith("√("):  # √(2² + (−1)² + 0.5²)
                    terms = [spoken_notation(t, lang) for t in value.text[2:-1].split(" + ")]
                    expected = f"{w.root_of} {w.sum_of} {_joined(terms, lang)}"
                    assert said == expected, (name, scene, key, value.text)
                    assert f" {w.plus} " not in said, (name, scene, key, said)
                    # read from its notation (a caption, the lesson page) it is said the same
                    assert spoken_notation(value.text, lang) == said, (name, scene, key)
                    roots += 1
                elif re.fullmatch(r"√\d+", value.text):  # √5: a root of one number stays short
                    assert said == f"{w.root} {spoken_notation(value.text[1:], lang)}", said
                    singles += 1
    assert roots >= 8 and singles >= 4, (roots, singles)


@pytest.mark.parametrize("lang", LANGS)
def test_a_length_is_said_with_its_root_closed_before_its_value(lang: str) -> None:
    """LengthAndAngle on the default lesson: "‖q‖ = √(2² + 1²) = √5" is said with a pause
    after the root of the sum, so its value is not heard under the root."""
    w = _w(lang)
    sheet = scene_sheet(load_lesson(), "LengthAndAngle")
    words = spoken_template(*fill(catalogue(lang)["la_sub_lengths"], sheet), lang)
    for v in ("q", "k"):
        terms, value = sheet[f"norm_{v}_terms"], sheet[f"norm_{v}"]
        assert spoken(terms, lang).startswith(f"{w.root_of} {w.sum_of} ")
        relation = w.equals if value.exact else w.approx
        assert f"{spoken(terms, lang)}, {relation} " in words, words


class _Distinct(dict[str, fmt.Shown]):
    """A sheet whose every value is a different whole number, so each field is told apart."""

    def __missing__(self, key: str) -> fmt.Shown:
        self[key] = fmt.number(F(len(self) + 2), fmt.Places())
        return self[key]


def _group_texts(lang: str, pattern: str) -> list[tuple[str, str, list[str]]]:
    """Catalogue texts writing `pattern` (fields a, b): key, text, and the fields' names."""
    found = []
    for key, text in catalogue(lang).items():
        for m in re.finditer(pattern, text):
            found.append((key, text, [m["a"], m["b"]]))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_a_denominator_that_is_a_product_is_said_as_the_product(lang: str) -> None:
    """``{dot}/({nx} · {ny})`` (quiz 2, 5, 8): "six divided by the product of two root two
    and three", never "six divided by two root two times three"."""
    w = _w(lang)
    texts = _group_texts(lang, r"/\(\{(?P<a>\w+)\} · \{(?P<b>\w+)\}\)")
    assert len(texts) >= 4
    for key, text, (a, b) in texts:
        sheet = _Distinct()
        template, values = fill(text, sheet)
        words = spoken_template(template, values, lang)
        group = (
            f"{w.divided} {w.product_of} {spoken(values[a], lang)} {w.and_word} "
            f"{spoken(values[b], lang)}"
        )
        assert re.search(rf"{re.escape(group)}(?:[,.]|$)", words), (key, words)
        product = f"{spoken(values[a], lang)} {w.times} {spoken(values[b], lang)}"
        assert product not in words, (key, words)  # never "… divided by a times b"
    surd = {
        "dot": fmt.number(F(6), fmt.Places()),
        "nx": fmt.root(sqrt_exact(F(8)), fmt.Places()),
        "ny": fmt.number(F(3), fmt.Places()),
        "c": fmt.fixed(0.7071, 3),
    }
    known = {
        "id": "kosinus theta sama dengan enam dibagi hasil kali dua akar dua dan tiga,"
        " kira-kira nol koma tujuh nol tujuh.",
        "en": "cos theta equals six divided by the product of two root two and three,"
        " is approximately zero point seven zero seven.",
    }
    assert spoken_template(*fill("cos θ = {dot}/({nx} · {ny}) {c:eq}.", surd), lang) == known[lang]
    # quiz 5's second pair: its cosine a rounded value of its own (≈ 0.71), said the same way
    surd["c"] = fmt.approx(0.7071, 2)
    assert spoken_template(*fill("cos θ = {dot}/({nx} · {ny}) {c}.", surd), lang) == (
        known[lang]
        .replace("tujuh nol tujuh", "tujuh satu")
        .replace("seven zero seven", "seven one")
    )


@pytest.mark.parametrize("lang", LANGS)
def test_an_exponent_that_is_a_difference_is_said_as_one(lang: str) -> None:
    """``exp({ell} − {max_logit})`` and "e to the power {l} − {max_logit}" (the large-logit
    branch): the exponent said as one bracket and closed by a pause."""
    w = _w(lang)
    power = dict(w.functions)["exp"]
    pattern = rf"(?:exp\(|{re.escape(power)} )\{{(?P<a>\w+)\}} − \{{(?P<b>\w+)\}}"
    texts = _group_texts(lang, pattern)
    assert len(texts) >= 3
    for key, text, (a, b) in texts:
        template, values = fill(text, _Distinct())
        words = spoken_template(template, values, lang)
        a_said, b_said = spoken(values[a], lang), spoken(values[b], lang)
        group = f"{power} {w.power_group} {a_said} {w.less} {b_said}"
        assert re.search(rf"{re.escape(group)}(?:[,.]|$)", words), (key, words)


@pytest.mark.parametrize("lang", LANGS)
def test_large_logits_are_said_with_their_exponent_bracketed(
    lang: str, sheets: dict[str, dict[str, dict[str, fmt.Shown]]]
) -> None:
    """SoftmaxBarMorph on the edited lesson whose logits are large: each e^(ℓ − m)."""
    w = _w(lang)
    sheet = sheets["largest"]["SoftmaxBarMorph"]
    assert "max_logit" in sheet  # the large-logit branch: the largest logit is subtracted
    text = catalogue(lang)["sb_sub_exp_one_if_greater"]
    words = spoken_template(*fill(text, sheet, {"ell": "logit1", "e": "exp1"}), lang)
    power = dict(w.functions)["exp"]
    assert words.startswith(
        f"{power} {w.power_group} {spoken(sheet['logit1'], lang)} {w.less} "
        f"{spoken(sheet['max_logit'], lang)}, "
    ), words


def test_a_euclidean_length_is_said_without_its_index() -> None:
    """‖k‖₂ is the length of k, as the voice says ‖k‖: its 2 is not said as k's index."""
    for lang in LANGS:
        assert spoken_notation("‖k‖₂ = √5", lang) == spoken_notation("‖k‖ = √5", lang)
        assert spoken_notation("q · k/‖k‖₂", lang) == spoken_notation("q · k/‖k‖", lang)
    assert spoken_notation("‖k‖₂", "id") == "panjang k"
    assert spoken_notation("‖k‖₂", "en") == "the length of k"


def test_a_negative_number_squared_is_not_heard_as_minus_a_square() -> None:
    """√((−1)² + 0.5²): "kuadrat dari minus satu" (the square of minus one), which a listener
    cannot take for −1², unlike "minus satu kuadrat"."""
    terms = length_terms([F(-1), F(1, 2)], fmt.Places())
    assert (
        spoken(terms, "id") == "akar dari jumlah kuadrat dari minus satu dan nol koma lima kuadrat"
    )
    assert spoken(terms, "en") == (
        "the square root of the sum of the square of minus one and zero point five squared"
    )
    for lang in LANGS:
        assert spoken_notation(terms.text, lang) == spoken(terms, lang)
        assert f"{_w(lang).minus} {spoken_notation('1', lang)} {_w(lang).squared}" not in (
            spoken(terms, lang)
        )


def test_the_lesson_page_names_a_root_of_a_sum_as_the_voice_says_it() -> None:
    """A page text writes ‖u‖ = √(3² + 4²) (a hint): its formula's name for a screen reader
    says the root of the sum, as the voice says the sheet's value."""
    terms = length_terms([F(3), F(4)], fmt.Places())
    for lang in LANGS:
        table = formula_table([f"Mulai dari ‖u‖ = {terms.text}; lalu cos θ."], {}, lang)
        said = table[f"‖u‖ = {terms.text}"]["said"]
        assert said == f"{spoken_notation('‖u‖ =', lang)} {spoken(terms, lang)}", said


@pytest.mark.parametrize("lang", LANGS)
def test_the_words_before_a_field_in_a_group_are_the_words_said_before_it(lang: str) -> None:
    """A scene times a reveal by the words of its text up to a field (``scenes.base``): up to
    ``{ny}`` in "{dot}/({nx} · {ny})" they are "six divided by the product of two root two
    and", as the whole text says them, so the number shows when it is said. (Up to the first
    field of an exponent, "exp(", the words cannot yet tell a difference from one value:
    those fields are said earlier in their scenes.)"""
    power = dict(_w(lang).functions)["exp"]
    group = re.compile(rf"/\(\{{|exp\(\{{\w+\}} −|{re.escape(power)} \{{\w+\}} −")
    checked = 0
    for key, text in catalogue(lang).items():
        if not group.search(text):
            continue
        template, values = fill(text, _Distinct())
        full = [w.strip(",.:;") for w in spoken_template(template, values, lang).split()]
        for m in re.finditer(r"\{(\w+)\}", template):
            head = template[: m.start()]
            if re.search(rf"(?:exp\(|{re.escape(power)}\s*)$", head):
                continue
            said = [w.strip(",.:;") for w in spoken_template(head, values, lang).split()]
            field = spoken(values[m[1]], lang).split()
            assert full[: len(said) + len(field)] == said + field, (key, " ".join(said))
            checked += 1
    assert checked >= 20, checked
