"""The lesson's languages, declared once: code, name, spoken words, voice, and the default.

Every layer that does something per language reads this table: the catalogues
(:mod:`lesson.catalogue`, a ``[<code>]`` table in each ``lesson/text/*.toml``), the spoken
forms (:mod:`mathcore.spoken`), the voices (:mod:`pipeline.voice.engines`: espeak-ng says
every language in its :attr:`Language.voice`), the render settings and the command line's
``--lang``, and the lesson page. A language is added here and in the catalogues
(``docs/languages.md`` lists every step; ``tests/test_languages.py`` fails until each is
done).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "Language", "Words", "language"]


@dataclass(frozen=True)
class Words:
    """How a narrator says numbers and notation in one language (:mod:`mathcore.spoken`).

    Attributes
    ----------
    digits : tuple of str
        The ten digits' words, zero to nine (a decimal's digits are read one by one).
    point : str
        The decimal mark said (*koma*, *point*).
    minus, less, plus, times, over, divided, root, approx : str
        A number's sign, then the binary operators as read (``2 − 4``, ``+``, ``·``, ``4/5``,
        ``4/(√5·√5)``), ``√`` and ``≈``.
    degrees, degree : str
        After an angle (one degree is singular).
    vector, zero_vector, coordinates : str
        A vector's word, the zero vector's name (a spoken vector never begins like it), and
        the word said after the vector's when its coordinates would.
    infinity, undefined, dot, equals, length, transpose, squared, power, label_point, prime : str
        ``∞``, an undefined value, ``q · k``, ``=``, ``‖k‖``, ``ᵀ``, ``²``, other powers, a
        label's ``.``, ``q′``.
    relations : tuple of (str, str)
        Relation symbol -> words (``≤``, ``→``, ``⟂``…).
    functions : tuple of (str, str)
        Function name -> words (``cos`` -> *kosinus*).
    approx_verb : str
        The verb said between an expression and its rounded value (English *is*: "cos theta
        is approximately …"); empty where the language says none.
    index : str
        The word said between a letter and its number subscript (Indonesian *indeks*: ``k₂``
        is "k indeks dua", never heard as *kedua*); empty where the letter and the number
        are said side by side (English "k two").
    root_of, sum_of, product_of, and_word : str
        A bracket said as one, named as it opens: the root of a sum, ``√(2² + 1²)``, is
        "akar dari jumlah dua kuadrat dan satu kuadrat" (*the square root of the sum of two
        squared and one squared*), a denominator that is a product, ``6/(2√2 · 3)``, "enam
        dibagi hasil kali dua akar dua dan tiga" (*six divided by the product of two root two
        and three*); `and_word` joins the last two of its terms.
    square_of : str
        Said before a negative number squared, ``(−1)²``: "kuadrat dari minus satu" (*the
        square of minus one*), never "minus satu kuadrat", heard as ``−1²``.
    power_group : str
        Said after the power's word when the exponent is a bracket, ``exp(a − b)``: "e
        pangkat dalam kurung a kurang b" (*e to the power of the quantity a minus b*), never
        heard as ``e^a − b``.
    """

    digits: tuple[str, ...]
    point: str
    minus: str
    less: str
    plus: str
    times: str
    over: str
    divided: str
    root: str
    approx: str
    degrees: str
    degree: str
    vector: str
    zero_vector: str
    coordinates: str
    infinity: str
    undefined: str
    dot: str
    equals: str
    length: str
    transpose: str
    squared: str
    power: str
    label_point: str
    prime: str
    root_of: str
    sum_of: str
    product_of: str
    and_word: str
    square_of: str
    power_group: str
    relations: tuple[tuple[str, str], ...]
    functions: tuple[tuple[str, str], ...]
    approx_verb: str = ""
    index: str = ""


@dataclass(frozen=True)
class Language:
    """One language of the lesson.

    Attributes
    ----------
    code : str
        Its ISO 639-1 code: the catalogues' table name, ``--lang``, the render folder's suffix.
    name : str
        Its name in English (messages: "speaks English only").
    words : Words
        How numbers and notation are said.
    number_words : str
        num2words' language code for whole numbers (``num2words(17, lang=…)``).
    voice : str
        The espeak-ng voice that says it (``espeak-ng --voices`` lists them); its pronunciation
        lexicon, if any, is ``pipeline/pronunciation/<code>.toml``.
    default : bool
        The lesson's own language: the lesson file's title is in it, ``--lang`` defaults to
        it and its renders go to ``<quality>/`` (another language's to ``<quality>-<code>/``).
    """

    code: str
    name: str
    words: Words
    number_words: str
    voice: str
    default: bool = False


_TABLE = (
    Language(
        code="id",
        name="Indonesian",
        number_words="id",
        voice="id",
        default=True,
        words=Words(
            digits=tuple("nol satu dua tiga empat lima enam tujuh delapan sembilan".split()),
            point="koma",
            minus="minus",
            less="kurang",
            plus="tambah",
            times="kali",
            over="per",
            divided="dibagi",
            root="akar",
            approx="kira-kira",
            degrees="derajat",
            degree="derajat",
            vector="vektor",
            zero_vector="vektor nol",
            coordinates="berkoordinat",
            infinity="tak hingga",
            undefined="tidak terdefinisi",
            dot="titik",
            equals="sama dengan",
            length="panjang",
            transpose="transpos",
            squared="kuadrat",
            power="pangkat",
            label_point="titik",
            prime="aksen",
            root_of="akar dari",
            sum_of="jumlah",
            product_of="hasil kali",
            and_word="dan",
            square_of="kuadrat dari",
            power_group="dalam kurung",
            relations=(
                ("≤", "kurang dari atau sama dengan"),
                ("≥", "lebih dari atau sama dengan"),
                ("≠", "tidak sama dengan"),
                ("<", "kurang dari"),
                (">", "lebih dari"),
                ("→", "menuju"),
                ("←", "dari"),
                ("⟂", "tegak lurus"),
                ("⊥", "tegak lurus"),
                ("∈", "anggota"),
            ),
            functions=(
                ("cos", "kosinus"),
                ("sin", "sinus"),
                ("tan", "tangen"),
                ("exp", "e pangkat"),
            ),
            index="indeks",
        ),
    ),
    Language(
        code="en",
        name="English",
        number_words="en",
        voice="en",
        words=Words(
            digits=tuple("zero one two three four five six seven eight nine".split()),
            point="point",
            minus="minus",
            less="minus",
            plus="plus",
            times="times",
            over="over",
            divided="divided by",
            root="root",
            approx="approximately",
            degrees="degrees",
            degree="degree",
            vector="the vector",
            zero_vector="the zero vector",
            coordinates="with coordinates",
            infinity="infinity",
            undefined="undefined",
            dot="dot",
            equals="equals",
            length="the length of",
            transpose="transpose",
            squared="squared",
            power="to the power",
            label_point="point",
            prime="prime",
            root_of="the square root of",
            sum_of="the sum of",
            product_of="the product of",
            and_word="and",
            square_of="the square of",
            power_group="of the quantity",
            relations=(
                ("≤", "is at most"),
                ("≥", "is at least"),
                ("≠", "is not equal to"),
                ("<", "is less than"),
                (">", "is greater than"),
                ("→", "to"),
                ("←", "from"),
                ("⟂", "is perpendicular to"),
                ("⊥", "is perpendicular to"),
                ("∈", "in"),
            ),
            functions=(("cos", "cos"), ("sin", "sine"), ("tan", "tan"), ("exp", "e to the power")),
            approx_verb="is",
        ),
    ),
)

# Code -> language, the default first. Iterating gives the codes (``--lang`` choices, the
# catalogues' tables in order); ``code in LANGUAGES`` asks whether a language exists.
LANGUAGES: Mapping[str, Language] = MappingProxyType({lang.code: lang for lang in _TABLE})
DEFAULT_LANGUAGE: str = next(lang.code for lang in _TABLE if lang.default)


def language(code: str) -> Language:
    """The language `code` of :data:`LANGUAGES`.

    Raises
    ------
    KeyError
        For a language not in the table, naming those that are.

    Examples
    --------
    >>> language("en").name, language("id").words.point, DEFAULT_LANGUAGE
    ('English', 'koma', 'id')
    """
    found = LANGUAGES.get(code)
    if found is None:
        raise KeyError(f"no language {code!r}; have {', '.join(LANGUAGES)}")
    return found
