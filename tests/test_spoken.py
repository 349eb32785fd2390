"""What a narrator says: values from their speech trees, caption notation in words.

Known readings in Indonesian and English for every kind of value the formatting rules build,
a property that the Indonesian reading of any decimal gives back its digits as written, and a
check that every value of every sheet (the default lesson, each file in ``lessons/`` and the
edited lessons the scene tests use) can be spoken in both languages.
"""

from __future__ import annotations

import re
from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from num2words import num2words
from variants import EDITS, variant

from lesson.catalogue import catalogue, fill
from lesson.model import load_lesson
from lesson.sheet import numbers_sheet
from mathcore import fmt
from mathcore import speech as sp
from mathcore.exact import sqrt_exact
from mathcore.spoken import say, spoken, spoken_notation, spoken_template, unsaid

ROOT = Path(__file__).resolve().parent.parent
P = fmt.Places()
LANGS = ("id", "en")

# (value, Indonesian, English)
KNOWN = [
    (fmt.number(0, P), "nol", "zero"),
    (fmt.number(4, P), "empat", "four"),
    (fmt.number(17, P), "tujuh belas", "seventeen"),
    (fmt.number(-36, P), "minus tiga puluh enam", "minus thirty-six"),
    (fmt.number(F(4, 5), P), "nol koma delapan", "zero point eight"),
    (fmt.number(F(-3, 2), P), "minus satu koma lima", "minus one point five"),
    (fmt.number(F(1255, 100), P), "dua belas koma lima lima", "twelve point five five"),
    (fmt.fixed(0.33, 3), "nol koma tiga tiga nol", "zero point three three zero"),
    (fmt.fixed(0.7071067811865476, 3), "nol koma tujuh nol tujuh", "zero point seven zero seven"),
    (fmt.fixed(-8, 2), "minus delapan koma nol nol", "minus eight point zero zero"),
    (fmt.fixed(-0.0001, 2), "nol koma nol nol", "zero point zero zero"),
    (fmt.fraction(F(4, 5)), "empat per lima", "four over five"),
    (fmt.fraction(F(-8, 5)), "minus delapan per lima", "minus eight over five"),
    (fmt.fraction(2), "dua", "two"),
    (fmt.root(sqrt_exact(F(5)), P), "akar lima", "root five"),
    (fmt.root(sqrt_exact(F(8)), P), "dua akar dua", "two root two"),
    (fmt.root(sqrt_exact(F(9, 2)), P), "tiga akar dua per dua", "three root two over two"),
    (fmt.root(sqrt_exact(F(5, 4)), P), "akar lima per dua", "root five over two"),
    (fmt.root(sqrt_exact(F(4)), P), "dua", "two"),
    (fmt.ratio(F(4), sqrt_exact(F(5)), P), "empat per akar lima", "four over root five"),
    (
        fmt.ratio(F(-4), sqrt_exact(F(2)), P),
        "minus empat per akar dua",
        "minus four over root two",
    ),
    (
        fmt.ratio(F(4), sqrt_exact(F(8)), P),
        "empat dibagi dua akar dua",
        "four divided by two root two",
    ),
    (
        fmt.ratio(F(4, 3), sqrt_exact(F(5)), P),
        "empat per tiga, dibagi akar lima",
        "four over three, divided by root five",
    ),
    (
        fmt.approx(1.7888543819998317, 2),
        "kira-kira satu koma tujuh sembilan",
        "approximately one point seven nine",
    ),
    (
        fmt.number(F(1, 3), P),
        "kira-kira nol koma tiga tiga",
        "approximately zero point three three",
    ),
    (
        fmt.approx(-0.5, 2),
        "kira-kira minus nol koma lima nol",
        "approximately minus zero point five zero",
    ),
    (
        fmt.vector([F(4, 5), F(8, 5)], P),
        "vektor berkoordinat nol koma delapan, satu koma enam",
        "the vector zero point eight, one point six",
    ),
    (
        fmt.vector([F(6, 5), F(-3, 5)], P),
        "vektor satu koma dua, minus nol koma enam",
        "the vector one point two, minus zero point six",
    ),
    (
        fmt.vector([F(1, 3), 1], P),
        "kira-kira vektor berkoordinat nol koma tiga tiga, satu",
        "approximately the vector zero point three three, one",
    ),
    (fmt.degrees(90.0, F(90), P), "sembilan puluh derajat", "ninety degrees"),
    (fmt.degrees(1.0, F(1), P), "satu derajat", "one degree"),
    (
        fmt.degrees(36.86989764584402, None, P),
        "kira-kira tiga puluh enam koma sembilan derajat",
        "approximately thirty-six point nine degrees",
    ),
    (
        fmt.degrees(-116.56505117707799, None, P),
        "kira-kira minus seratus enam belas koma enam derajat",
        "approximately minus one hundred and sixteen point six degrees",
    ),
    (fmt.NEG_INF, "minus tak hingga", "minus infinity"),
    (fmt.UNDEFINED, "tidak terdefinisi", "undefined"),
    (fmt.bracketed(fmt.fraction(F(4, 5))), "empat per lima", "four over five"),
    (fmt.Shown("017", r"\text{017}", kind="label"), "nol satu tujuh", "zero one seven"),
    (fmt.Shown("3.2", r"\text{3.2}", kind="label"), "tiga titik dua", "three point two"),
]


@pytest.mark.parametrize(("value", "id_", "en"), KNOWN, ids=[v.text for v, _, _ in KNOWN])
def test_known_readings(value: fmt.Shown, id_: str, en: str) -> None:
    assert spoken(value, "id") == id_
    assert spoken(value, "en") == en


def test_every_builder_sets_speech() -> None:
    for value, _, _ in KNOWN:
        assert value.speech is not None or value.kind == "label", value


def test_speech_is_built_from_the_value_not_the_text() -> None:
    # the same text can say different things only if the tree differs; check the tree
    assert fmt.fixed(0.33, 3).speech == sp.Dec(False, 0, "330")
    assert fmt.number(F(-3, 5), P).speech == sp.Dec(True, 0, "6")
    assert fmt.root(sqrt_exact(F(9, 2)), P).speech == sp.Root(False, 3, 2, 2)
    assert fmt.approx(1.79, 2).speech == sp.Approx(sp.Dec(False, 1, "79"))


def test_products_and_sums() -> None:
    s = sp.Sum((sp.Prod((sp.Dec(True, 1), sp.Dec(False, 4))), sp.Dec(False, 6)), ("−",))
    assert say(s, "id") == "minus satu kali empat kurang enam"
    assert say(s, "en") == "minus one times four minus six"


def test_unknown_language() -> None:
    with pytest.raises(ValueError, match="language 'fr'"):
        spoken(fmt.number(1, P), "fr")


NOTATION = [
    ("q · k", "q titik k", "q dot k"),
    ("dₖ", "d k", "d k"),
    ("√dₖ", "akar d k", "root d k"),
    ("sudut θ", "sudut theta", "sudut theta"),
    ("‖k‖", "panjang k", "the length of k"),
    (
        "cos θ = 0.8",
        "kosinus theta sama dengan nol koma delapan",
        "cos theta equals zero point eight",
    ),
    ("QKᵀ/√dₖ", "QK transpos per akar d k", "QK transpose over root d k"),
    ("ℝⁿ.", "R n.", "R n."),
    (
        "u · v = −1.5",
        "u titik v sama dengan minus satu koma lima",
        "u dot v equals minus one point five",
    ),
    ("2 − 4 − 6", "dua kurang empat kurang enam", "two minus four minus six"),
    ("(−1)·4", "minus satu kali empat", "minus one times four"),
    ("2(1) + 1(2)", "dua kali satu tambah satu kali dua", "two times one plus one times two"),
    ("(−3/2) k", "minus tiga per dua kali k", "minus three over two times k"),
    ("‖x‖ · ‖y‖", "panjang x kali panjang y", "the length of x times the length of y"),
    ("(0.330, 0.670)", "vektor berkoordinat nol koma tiga tiga nol, nol koma enam tujuh nol", None),
    ("(0, 2)", "vektor berkoordinat nol, dua", "the vector zero, two"),
    ("(1/2, 1/2)", "vektor satu per dua, satu per dua", "the vector one over two, one over two"),
    ("−∞", "minus tak hingga", "minus infinity"),
    # k₂ is "k indeks dua": "k dua" is heard as "kedua" (both, second); English "k two"
    ("k₂ menang", "k indeks dua menang", "k two menang"),
    (
        "exp(0.707)",
        "e pangkat nol koma tujuh nol tujuh",
        "e to the power zero point seven zero seven",
    ),
    ("exp(−∞)", "e pangkat minus tak hingga", "e to the power minus infinity"),
    ("≈ 36.9°", "kira-kira tiga puluh enam koma sembilan derajat", None),
    (  # a denominator that is a product: where it begins and ends is heard
        "4/(√5·√5)",
        "empat dibagi hasil kali akar lima dan akar lima",
        "four divided by the product of root five and root five",
    ),
    ("scaled dot-product attention", None, "scaled dot-product attention"),
    ("Pelajaran\u00a0017", "Pelajaran tujuh belas", None),
]


@pytest.mark.parametrize(("text", "id_", "en"), NOTATION, ids=[t for t, _, _ in NOTATION])
def test_notation(text: str, id_: str | None, en: str | None) -> None:
    if id_ is not None:
        assert spoken_notation(text, "id") == id_
    if en is not None:
        assert spoken_notation(text, "en") == en


def test_template_reads_values_from_the_sheet() -> None:
    sheet = {"dot": fmt.number(4, P), "cos": fmt.number(F(4, 5), P)}
    text = "Hasil kali titiknya {dot}; kemiripan kosinusnya {cos}. Bagi q · k dengan √dₖ."
    assert spoken_template(text, sheet, "id") == (
        "Hasil kali titiknya empat; kemiripan kosinusnya nol koma delapan. "
        "Bagi q titik k dengan akar d k."
    )


def test_a_list_of_keys_is_said_item_by_item_not_as_equations() -> None:
    """``the keys k₁ = (1, 0) and k₂ = (0, 1)`` is "the keys k one, the vector one, zero, and
    k two, …", not "the keys k one equals …" (a plural said as an equation); Indonesian
    names each key "k indeks satu"; a computation's rounded value follows a pause."""
    sheet = {"q": fmt.vector([1, 2], P), "k1": fmt.vector([1, 0], P), "k2": fmt.vector([0, 1], P)}
    said = {
        lang: spoken_template(*fill(text, sheet), lang)
        for lang, text in (("en", "The query q = {q}, the keys {k*:and}: scores."),
                           ("id", "Query q = {q}, key {k*:dan}: skor."))
    }  # fmt: skip
    assert said["en"] == (
        "The query q equals the vector one, two, the keys k one, the vector one, zero,"
        " and k two, the vector zero, one: scores."
    )
    assert said["id"] == (
        "Query q sama dengan vektor satu, dua, key k indeks satu, vektor satu, nol,"
        " dan k indeks dua, vektor berkoordinat nol, satu: skor."
    )
    ell = {"l": fmt.fixed(0.7071, 3), "e": fmt.fixed(2.0281, 3)}
    assert spoken_template(*fill("exp({l}) {e:is}.", ell), "id") == (
        "e pangkat nol koma tujuh nol tujuh, kira-kira dua koma nol dua delapan."
    )
    frac = {"f": fmt.ratio(F(4), sqrt_exact(F(5)), P), "w": fmt.fixed(1.7888, 2)}
    assert spoken_template(*fill("The weight is {f} {w:is}.", frac), "en") == (
        "The weight is four over root five, approximately one point seven nine."
    )


# An Indonesian reading read back: words to digits, so a reading keeps every written digit.
_ID_DIGITS = {
    w: str(i)
    for i, w in enumerate("nol satu dua tiga empat lima enam tujuh delapan sembilan".split())
}
_ID_WHOLE = {num2words(n, lang="id"): n for n in range(10000)}


def _read_back_id(words: str) -> str:
    negative = words.startswith("minus ")
    body = words.removeprefix("minus ")
    whole, _, digits = body.partition(" koma ")
    text = str(_ID_WHOLE[whole])
    if digits:
        text += "." + "".join(_ID_DIGITS[d] for d in digits.split())
    return ("\u2212" if negative else "") + text


@given(st.integers(-9999, 9999), st.sampled_from([1, 10, 100, 1000, 10000]))
def test_indonesian_decimal_keeps_its_digits(n: int, den: int) -> None:
    value = fmt.number(F(n, den), P)
    assert value.exact
    assert _read_back_id(spoken(value, "id")) == value.text


@given(st.floats(-99, 99, allow_nan=False), st.integers(0, 4))
def test_fixed_keeps_its_digits(x: float, places: int) -> None:
    value = fmt.fixed(x, places)
    assert _read_back_id(spoken(value, "id")) == value.text


# What must not be left in spoken words: digits or typeset notation.
LEFTOVER = re.compile(r"[0-9√≈·/°−∞‖θₖᵀ()=]")


def _sheets() -> list[tuple[str, str, str, fmt.Shown]]:
    lessons = {"default": load_lesson()}
    for path in sorted((ROOT / "lessons").glob("*.toml")):
        lessons[path.name] = load_lesson(path)
    return [
        (name, scene, key, value)
        for name, lesson in lessons.items()
        for scene, sheet in numbers_sheet(lesson).items()
        for key, value in sheet.items()
    ]


def _check_speakable(values: list[tuple[str, str, str, fmt.Shown]]) -> None:
    assert values
    for name, scene, key, value in values:
        if value.kind == "code":  # a program listing and its output are shown, never read out
            continue
        for lang in LANGS:
            words = spoken(value, lang)
            assert words.strip(), (name, scene, key, lang)
            assert not LEFTOVER.search(words), (name, scene, key, value.text, lang, words)
        if value.kind not in ("expression", "label"):
            # every value the formatting rules build says what it is, without its text
            assert value.speech is not None, (name, scene, key, value.text)


def test_every_sheet_value_can_be_spoken() -> None:
    _check_speakable(_sheets())


def test_every_edited_lesson_value_can_be_spoken(tmp_path: Path) -> None:
    values = []
    for name in EDITS:
        lesson = load_lesson(variant(name, tmp_path))
        for scene, sheet in numbers_sheet(lesson).items():
            values += [(name, scene, key, value) for key, value in sheet.items()]
    _check_speakable(values)


class _AnyValue(dict):
    """A sheet that has every key (for reading a catalogue text's words around its fields)."""

    def __missing__(self, key: str) -> fmt.Shown:
        return fmt.number(F(4, 5), P)


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_text_reads_without_notation(lang: str) -> None:
    texts = catalogue(lang)
    assert len(texts) > 100
    for key, text in texts.items():
        words = spoken_template(text, _AnyValue(), lang)
        assert words.strip(), key
        assert not unsaid(words), (key, text, words)  # no notation or digit left
