"""How a narrator says a value and the notation of a caption, in Indonesian or English.

Numbers are read from the structure each :class:`~mathcore.fmt.Shown` carries
(:mod:`mathcore.speech`), never from their display strings: an Indonesian decimal has a comma
and its digits read one by one as written (``0.330`` is *nol koma tiga tiga nol*), a minus
sign is *minus*, ``4/5`` is *empat per lima* (*four over five*), ``√5`` *akar lima* (*root
five*), ``≈`` *kira-kira* (*approximately*), a vector its coordinates in order, an angle its
degrees. Integer words come from num2words. Each language's words are its entry in the
table of languages (:data:`mathcore.languages.LANGUAGES`).

Captions keep the typeset notation (``q · k``, ``dₖ``, ``√dₖ``, ``θ``, ``‖k‖``);
:func:`spoken_notation` turns it into the words a narrator says (*q titik k*, *d k*, *akar d
k*, *theta*, *panjang k*). :func:`spoken_template` fills a catalogue text's ``{name}`` fields
with the spoken values of a sheet and reads the rest as notation.

A group a listener cannot see is named as it opens and followed by a pause: ``√(2² + 1²)`` is
*akar dari jumlah dua kuadrat dan satu kuadrat* (*the square root of the sum of two squared
and one squared*), ``6/(2√2 · 3)`` *enam dibagi hasil kali dua akar dua dan tiga* (*six
divided by the product of two root two and three*), ``exp(ℓ − m)`` *e pangkat dalam kurung ℓ
kurang m* (*e to the power of the quantity ℓ minus m*); ``‖k‖₂`` is ``‖k‖``, *panjang k*.

A value built without a speech tree (outside :mod:`mathcore.fmt`) is read from its text by
the same notation reader, digits as written; a label (``017``, ``3.2``) is read as written.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping

from num2words import num2words

from mathcore import speech as sp
from mathcore.fmt import MINUS, Shown
from mathcore.languages import LANGUAGES, Words

__all__ = [
    "LANGUAGES",
    "say",
    "spoken",
    "spoken_notation",
    "spoken_template",
    "unsaid",
    "zero_vector",
]

_GREEK = {
    "α": "alpha",
    "β": "beta",
    "γ": "gamma",
    "δ": "delta",
    "Δ": "delta",
    "ε": "epsilon",
    "θ": "theta",
    "λ": "lambda",
    "μ": "mu",
    "π": "pi",
    "σ": "sigma",
    "φ": "phi",
    "ω": "omega",
    "Σ": "sigma",
}
_SUBSCRIPTS = dict(zip("₀₁₂₃₄₅₆₇₈₉ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ", "0123456789aehijklmnoprstuvx", strict=True))
_SUPERSCRIPT_LETTERS = {"ⁱ": "i", "ⁿ": "n", "ᵏ": "k"}  # ℝⁿ is said "R n"
_POWERS = dict(zip("⁰¹³⁴⁵⁶⁷⁸⁹", "013456789", strict=True))  # ² is "squared"


def _check(lang: str) -> Words:
    if lang not in LANGUAGES:
        raise ValueError(f"no spoken form for language {lang!r}; have {', '.join(LANGUAGES)}")
    return LANGUAGES[lang].words


def _integer(n: int, lang: str) -> str:
    return str(num2words(n, lang=LANGUAGES[lang].number_words))


def _digits(digits: str, lang: str) -> str:
    return " ".join(LANGUAGES[lang].words.digits[int(d)] for d in digits)


def _dec(s: sp.Dec, lang: str) -> str:
    w = _check(lang)
    body = _integer(s.whole, lang)
    if s.digits:
        body += f" {w.point} {_digits(s.digits, lang)}"
    return f"{w.minus} {body}" if s.negative else body


def _simple(s: sp.Speech) -> bool:
    """True for a one-word-group term a plain "over" cannot misread: 4, 0.8, √5."""
    if isinstance(s, sp.Dec):
        return True
    return isinstance(s, sp.Root) and s.coef == 1 and s.den == 1


def say(s: sp.Speech, lang: str) -> str:
    """The words for a speech tree (see :mod:`mathcore.speech`).

    Parameters
    ----------
    s : Speech
        What a value says, as :attr:`mathcore.fmt.Shown.speech` holds it.
    lang : {"id", "en"}
        The language of the words.

    Returns
    -------
    str

    Examples
    --------
    >>> say(sp.Dec(True, 1, "5"), "id"), say(sp.Dec(True, 1, "5"), "en")
    ('minus satu koma lima', 'minus one point five')
    >>> say(sp.Root(False, 3, 2, 2), "id")
    'tiga akar dua per dua'
    """
    w = _check(lang)
    match s:
        case sp.Dec():
            return _dec(s, lang)
        case sp.Frac(negative, num, den):
            body = f"{_integer(num, lang)} {w.over} {_integer(den, lang)}"
            return f"{w.minus} {body}" if negative else body
        case sp.Root(negative, coef, rad, den):
            body = f"{w.root} {_integer(rad, lang)}"
            if coef != 1:
                body = f"{_integer(coef, lang)} {body}"
            if den != 1:
                body += f" {w.over} {_integer(den, lang)}"
            return f"{w.minus} {body}" if negative else body
        case sp.Quot(negative, num, den):
            top, bottom = say(num, lang), say(den, lang)
            if _simple(num) and _simple(den):
                body = f"{top} {w.over} {bottom}"
            else:
                sep = ", " if not _simple(num) else " "
                body = f"{top}{sep}{w.divided} {bottom}"
            return f"{w.minus} {body}" if negative else body
        case sp.Approx(inner):
            return f"{w.approx} {say(inner, lang)}"
        case sp.Vec(items):
            said = [say(i, lang) for i in items]
            return f"{_vector_word(said[0], lang)} " + ", ".join(said)
        case sp.Deg(inner):
            one = isinstance(inner, sp.Dec) and inner.whole == 1 and not inner.digits
            return f"{say(inner, lang)} {w.degree if one else w.degrees}"
        case sp.Inf(negative):
            return f"{w.minus} {w.infinity}" if negative else w.infinity
        case sp.Undef():
            return w.undefined
        case sp.Label(text):
            return _label(text, lang)
        case sp.Prod(factors):
            return f" {w.times} ".join(say(f, lang) for f in factors)
        case sp.Sum(terms, ops):
            out = say(terms[0], lang)
            for op, term in zip(ops, terms[1:], strict=True):
                out += f" {w.plus if op == '+' else w.less} {say(term, lang)}"
            return out
        case sp.Square(inner):
            if isinstance(inner, sp.Dec | sp.Frac | sp.Root) and inner.negative:
                # (−1)²: "the square of minus one", never "minus one squared" (−1²)
                return f"{w.square_of} {say(inner, lang)}"
            return f"{say(inner, lang)} {w.squared}"
        case sp.Sqrt(inner):
            if isinstance(inner, sp.Sum) and set(inner.ops) <= {"+"}:
                # √(2² + 1²): "the square root of the sum of two squared and one squared"
                terms_said = _joined([say(t, lang) for t in inner.terms], lang)
                return f"{w.root_of} {w.sum_of} {terms_said}"
            return f"{w.root_of} {say(inner, lang)}"
    raise TypeError(f"not a speech tree: {s!r}")


def _joined(items: list[str], lang: str) -> str:
    """Terms of a group said as one: "a and b", "a, b, and c" ("a, b, dan c")."""
    w = _check(lang)
    if len(items) < 2:
        return "".join(items)
    comma = "," if len(items) > 2 else ""
    return f"{', '.join(items[:-1])}{comma} {w.and_word} {items[-1]}"


def _label(text: str, lang: str) -> str:
    """A label as written: a digit run with a leading zero digit by digit, ``.`` as a point."""
    w = _check(lang)

    def run(m: re.Match[str]) -> str:
        d = m.group()
        words = _digits(d, lang) if d.startswith("0") and len(d) > 1 else _integer(int(d), lang)
        return f" {words} "

    out = re.sub(r"\d+", run, text)
    out = re.sub(r"(?<=\S) *\. *(?=\S)", f" {w.label_point} ", out)
    return " ".join(out.split())


def spoken(value: Shown, lang: str) -> str:
    """What a narrator says for a shown value, in `lang`.

    Parameters
    ----------
    value : Shown
        A value of the numbers sheet; its :attr:`~mathcore.fmt.Shown.speech` decides the
        words (a label, or a value built without one, is read from its text as written).
    lang : {"id", "en"}
        The language of the narration.

    Returns
    -------
    str
        The words, with no digits or notation left.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from mathcore import fmt
    >>> P = fmt.Places()
    >>> spoken(fmt.number(F(4, 5), P), "id"), spoken(fmt.number(F(4, 5), P), "en")
    ('nol koma delapan', 'zero point eight')
    >>> spoken(fmt.fixed(0.33, 3), "id")
    'nol koma tiga tiga nol'
    >>> spoken(fmt.vector([F(4, 5), F(8, 5)], P), "id")
    'vektor berkoordinat nol koma delapan, satu koma enam'
    >>> spoken(fmt.vector([F(4, 5), F(8, 5)], P), "en"), spoken(fmt.vector([2, 0], P), "id")
    ('the vector zero point eight, one point six', 'vektor dua, nol')
    >>> spoken(fmt.approx(1.7888543819998317, 2), "en")
    'approximately one point seven nine'
    >>> spoken(fmt.degrees(36.86989764584402, None, P), "id")
    'kira-kira tiga puluh enam koma sembilan derajat'
    """
    _check(lang)
    if value.speech is not None:
        return say(value.speech, lang)
    if value.kind == "label":
        return _label(value.text, lang)
    return spoken_notation(value.text, lang)


# A number as the formatting rules write it, in running text: sign, whole part, decimals.
_NUMBER = re.compile(rf"(?P<sign>{MINUS}|(?<![\w)\]])-)?(?P<whole>\d+)(?:\.(?P<digits>\d+))?")
_ITEM = rf"\s*(?:{MINUS}|-)?\d+(?:\.\d+)?(?:/\d+)?\s*"
_TUPLE = re.compile(rf"\((?P<items>{_ITEM}(?:,{_ITEM})+)\)")


def _numbers(text: str, lang: str) -> str:
    def one(m: re.Match[str]) -> str:
        s = sp.Dec(m.group("sign") is not None, int(m.group("whole")), m.group("digits") or "")
        return f" {_dec(s, lang)} "

    return _NUMBER.sub(one, text)


def zero_vector(lang: str) -> str:
    """How the narration names the zero vector; no spoken vector begins like it.

    Examples
    --------
    >>> zero_vector("id"), zero_vector("en")
    ('vektor nol', 'the zero vector')
    """
    return _check(lang).zero_vector


def _vector_word(first: str, lang: str) -> str:
    """The words a vector is said after, given its first coordinate's words: the vector's word.

    Where the first coordinate would make it begin like the zero vector ("vektor nol koma
    tiga"), the vector's word and its coordinates' ("vektor berkoordinat nol koma tiga").
    """
    w = _check(lang)
    if f"{w.vector} {first} ".startswith(f"{w.zero_vector} "):
        return f"{w.vector} {w.coordinates}"
    return w.vector


# The end of a bracket said as one (a denominator that is a product, an exponent that is a
# difference): a pause there, unless the sentence or a clause already ends there.
_END = "\u2063"
_GROUP_END = re.compile(rf"{_END}(?=\s*(?:[.,;:!?]|$))")
# A denominator in brackets whose factors are numbers: 6/(2√2 · 3), q · k/(‖q‖ · ‖k‖).
_PRODUCT_BRACKET = re.compile(r"\s*/\s*\(([^()/]*[·×][^()/]*)\)")


# A root of a bracket, √(3² + 4²), √((−1)² + 0.5²): one level of brackets inside.
_ROOT_BRACKET = re.compile(r"√\((?P<inside>(?:[^()]|\([^()]*\))*)\)")


def _root_of_bracket(m: re.Match[str], w: Words) -> str:
    """``√(3² + 4²)`` as "the square root of the sum of 3² and 4²", as :func:`say` says it."""
    terms = re.split(r"\s+\+\s+", m["inside"].strip())
    if len(terms) < 2 or any(MINUS in re.sub(r"\([^()]*\)", "", t) for t in terms):
        return f" {w.root_of} {m['inside']}{_END} "  # a root of anything else: still one group
    head = ", ".join(terms[:-1]) + ("," if len(terms) > 2 else "")
    return f" {w.root_of} {w.sum_of} {head} {w.and_word} {terms[-1]}{_END} "


def _product_denominator(m: re.Match[str], w: Words) -> str:
    """``/(a · b)`` as "divided by the product of a and b"; a dot product of vectors as it was."""
    inside = m.group(1)
    if re.search(r"[A-Za-z]\s*·\s*[A-Za-z]", inside):  # k · k: a dot product, not numbers
        return m.group()
    factors = [f.strip() for f in re.split("[·×]", inside)]
    head = ", ".join(factors[:-1]) + ("," if len(factors) > 2 else "")
    return f" {w.divided} {w.product_of} {head} {w.and_word} {factors[-1]}{_END} "


def spoken_notation(text: str, lang: str) -> str:
    """Caption text with its notation (and any number in it) turned into spoken words.

    Parameters
    ----------
    text : str
        A caption, notation typeset in Unicode (``q · k``, ``dₖ``, ``√dₖ``, ``θ``, ``‖k‖``,
        ``Kᵀ``, ``ℝⁿ``, ``=``, ``≈``, ``−``).
    lang : {"id", "en"}
        The language of the narration.

    Returns
    -------
    str
        The text a speech engine reads: words and punctuation, spaces normalised.

    Examples
    --------
    >>> spoken_notation("Hitung q · k dan bagi dengan √dₖ.", "id")
    'Hitung q titik k dan bagi dengan akar d k.'
    >>> spoken_notation("the angle θ and ‖k‖", "en")
    'the angle theta and the length of k'
    >>> spoken_notation("cos θ = 0.8", "id")
    'kosinus theta sama dengan nol koma delapan'
    >>> spoken_notation("q′ · k", "id"), spoken_notation("q′ · k", "en")
    ('q aksen titik k', 'q prime dot k')
    >>> spoken_notation("q · k = ‖q‖ ‖k‖ cos θ", "id")
    'q titik k sama dengan panjang q kali panjang k kali kosinus theta'
    """
    w = _check(lang)
    t = text.replace("\u00a0", " ").replace("\u202f", " ")
    t = t.replace("‖₂", "‖")  # ‖k‖₂, the Euclidean length, is ‖k‖: its 2 is no index of k
    t = _PRODUCT_BRACKET.sub(lambda m: _product_denominator(m, w), t)
    t = _ROOT_BRACKET.sub(lambda m: _root_of_bracket(m, w), t)
    # factors side by side multiply: ‖q‖ ‖k‖ cos θ is a length times a length times a cosine
    t = re.sub(r"‖\s+(?=‖|cos\b)", "‖ × ", t)
    t = re.sub(r"‖\s*·\s*(?=‖)", "‖ × ", t)  # ‖x‖ · ‖y‖: lengths are numbers, not vectors
    t = re.sub(r"‖([^‖]+)‖", lambda m: f" {w.length} {m.group(1)} ", t)
    t = t.replace("ℝ", "R")
    # k₂: a letter's number, after the language's word for it ("k indeks dua", not "kedua")
    t = re.sub(
        "(?<=[A-Za-z])[₀-₉]+",
        lambda m: f" {w.index} " + "".join(_SUBSCRIPTS[c] for c in m.group()) + " ",
        t,
    )
    t = re.sub(
        "[" + "".join(_SUBSCRIPTS) + "]+",
        lambda m: " " + " ".join(_SUBSCRIPTS[c] for c in m.group()) + " ",
        t,
    )
    # (−1)²: the square of a negative number, never heard as −1²
    t = re.sub(rf"\(\s*({MINUS}[^()]*)\)²", rf" {w.square_of} \1 ", t)
    t = t.replace("ᵀ", f" {w.transpose} ").replace("²", f" {w.squared} ")
    t = re.sub(
        "[" + "".join(_SUPERSCRIPT_LETTERS) + "]",
        lambda m: f" {_SUPERSCRIPT_LETTERS[m.group()]} ",
        t,
    )
    t = re.sub(
        "[" + "".join(_POWERS) + "]+",
        lambda m: f" {w.power} " + "".join(_POWERS[c] for c in m.group()) + " ",
        t,
    )
    t = re.sub(r"(?<=[A-Za-z])′", f" {w.prime} ", t)  # q′: a second query
    for g, name in _GREEK.items():
        t = t.replace(g, f" {name} ")
    for short, word in w.functions:
        t = re.sub(rf"\b{short}\b", word, t)
    # the dot product of two vectors (q · k) is a dot; of two numbers (2·1, √5·√5) a product
    t = re.sub(r"(?<=[A-Za-z])\s*·\s*(?=[A-Za-z])", f" {w.dot} ", t)
    t = t.replace("·", f" {w.times} ").replace("×", f" {w.times} ")
    t = re.sub(r"(?<=[\d)])\(", f" {w.times} (", t)  # (−1)(4), 2(1): side by side multiplies
    # (−3/2) k: a number in brackets times a vector, not −3 over 2k
    t = re.sub(r"(\([^(),]*\))\s*(?=[A-Za-z](?![\w′]))", rf"\1 {w.times} ", t)
    t = _TUPLE.sub(
        lambda m: (
            f" {_vector_word(_numbers(m['items'].split(',')[0], lang).strip(), lang)} {m['items']} "
        ),
        t,
    )
    t = re.sub(r"≈\s*", f" {w.approx} ", t)
    t = t.replace(f"{MINUS}∞", f" {w.minus} {w.infinity} ").replace("∞", f" {w.infinity} ")
    t = t.replace("√", f" {w.root} ")
    t = re.sub(r"\s*°", f" {w.degrees} ", t)
    t = re.sub(rf"{MINUS}(?=\s)", f" {w.less} ", t)  # a binary minus: 2 − 4
    t = _numbers(t, lang)  # what is left of a minus is a sign: −1.5
    t = t.replace(MINUS, f" {w.minus} ")
    t = re.sub(r"\s*/\s*\(", f" {w.divided} (", t)  # 4/(√5·√5): by all of the bracket
    t = re.sub(r"\s*/\s*", f" {w.over} ", t)
    t = re.sub(r"(?<![=<>!])=(?!=)", f" {w.equals} ", t)
    t = re.sub(r"(?<=\s)\+(?=\s)", f" {w.plus} ", t)
    for symbol, words in w.relations:
        t = t.replace(symbol, f" {words} ")
    t = re.sub(r"[()\[\]{}]", " ", t)
    t = _GROUP_END.sub("", t).replace(_END, ",")  # a pause after a group, unless one follows
    t = " ".join(t.split())
    return re.sub(r"\s+([,.;:!?])", r"\1", t)


# A literal that ends in an expression (cos θ, ‖k‖, q′ · k, f(x)) before a rounded value.
_EXPRESSION_END = re.compile(r"(?:(?<![A-Za-z])[A-Za-z]|[θ)‖′ₖ₂ᵢⱼ])\s*$")


# A value named by a letter with a number (k₁ = …, as a list of keys is written) and the word
# that joins the last two items of a list (… and k₂ =).
_NAMED = re.compile(r"(?<![A-Za-z])([A-Za-z][₀-₉]+)\s*=\s*$")
_JOINED = re.compile(r"\s+[^\W\d_]+\s+[A-Za-z][₀-₉]+,\s*$")


# In a catalogue text, a denominator that is a product of two values, {dot}/({nx} · {ny}),
# and an exponent that is a difference of two, exp({ell} − {top}).
_FIELD_PRODUCT = re.compile(r"\s*/\s*\(\s*(?P<a>\{\w+\})\s*[·×]\s*(?P<b>\{\w+\})\s*\)")
_DIFFERENCE = r"(?P<a>\{\w+\})\s*(?P<op>[−+])\s*(?P<b>\{\w+\})"
_FIELD_POWER = re.compile(rf"\bexp\(\s*{_DIFFERENCE}\s*\)")
# The same cut short at a field, as a scene's beat reads the words before it: a text that
# ends in "{dot}/(" or "{dot}/({nx} · ", or in "exp({ell} − ".
_HEAD_PRODUCT = re.compile(r"\s*/\s*\(\s*(?:(?P<a>\{\w+\})\s*[·×]\s*)?$")
_HEAD_DIFFERENCE = r"(?P<a>\{\w+\})\s*(?P<op>[−+])\s*$"
_HEAD_POWER = re.compile(rf"\bexp\(\s*{_HEAD_DIFFERENCE}")


def spoken_template(template: str, values: Mapping[str, Shown], lang: str) -> str:
    """A catalogue text with each ``{name}`` read as its sheet value and the rest as notation.

    Parameters
    ----------
    template : str
        Catalogue text with ``{name}`` fields, as scenes fill them.
    values : mapping of str to Shown
        The scene's sheet.
    lang : {"id", "en"}
        The language of the narration.

    Returns
    -------
    str

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from mathcore import fmt
    >>> sheet = {"cos": fmt.number(F(4, 5), fmt.Places())}
    >>> spoken_template("Kosinus {cos} mengisolasi arah.", sheet, "id")
    'Kosinus nol koma delapan mengisolasi arah.'
    >>> from mathcore.exact import sqrt_exact
    >>> comp = {"r": fmt.ratio(F(4), sqrt_exact(F(5)), fmt.Places()), "c": fmt.approx(1.7888, 2)}
    >>> spoken_template("comp = {r} {c}", comp, "id")
    'comp sama dengan empat per akar lima, kira-kira satu koma tujuh sembilan'
    >>> spoken_template("so cos θ {c}; it is {c}", comp, "en")
    'so cos theta is approximately one point seven nine; it is approximately one point seven nine'
    >>> two = {"r": comp["r"], "e": fmt.number(F(6, 1), fmt.Places())}
    >>> spoken_template("exp({r}) ≈ {e}.", two, "en")
    'e to the power four over root five is approximately six.'
    """
    w = _check(lang)
    # a bracket of values said as one, its end marked for a pause: {dot}/({nx} · {ny}) is
    # "dot divided by the product of nx and ny", exp({ell} − {top}) "e to the power of the
    # quantity ell minus top"
    template = _FIELD_PRODUCT.sub(
        rf" {w.divided} {w.product_of} \g<a> {w.and_word} \g<b>{_END})", template
    )
    template = _FIELD_POWER.sub(rf"exp {w.power_group} \g<a> \g<op> \g<b>{_END})", template)
    power = dict(w.functions)["exp"]  # the same written in words: "e pangkat {ell} − {top}"
    template = re.sub(
        rf"\b{re.escape(power)}\s+{_DIFFERENCE}",
        rf"{power} {w.power_group} \g<a> \g<op> \g<b>{_END}",
        template,
    )
    # the words up to a field inside such a group (a scene times a beat by them) begin as
    # the whole text's do: "{dot}/(" is "dot divided by the product of"
    template = _HEAD_PRODUCT.sub(
        lambda m: f" {w.divided} {w.product_of} " + (f"{m['a']} {w.and_word} " if m["a"] else ""),
        template,
    )
    template = _HEAD_POWER.sub(rf"exp {w.power_group} \g<a> \g<op> ", template)
    template = re.sub(
        rf"\b{re.escape(power)}\s+{_HEAD_DIFFERENCE}",
        rf"{power} {w.power_group} \g<a> \g<op> ",
        template,
    )
    out = []
    value_before = False
    group_before = False  # what was said last is a group (√(2² + 1²)): a pause after it
    for literal, name, _, _ in string.Formatter().parse(template):
        group_end = group_before or literal.startswith(_END)
        literal = literal.removeprefix(_END)
        if _NAMED.search(literal):  # a list: k₁ = (1, 0) and k₂ = …, said "k₁, (1, 0), and …"
            literal = _NAMED.sub(r"\1,", literal)
            if value_before and _JOINED.match(literal):
                literal = "," + literal
        elif value_before and literal.strip() == "≈":  # 2.028/6.141 ≈ 0.330: a pause first
            literal = ", ≈ "
        head = literal.rstrip()
        if w.approx_verb and head.endswith("≈") and _EXPRESSION_END.search(head[:-1]):
            # exp(0.7) ≈ 2.01: "… is approximately …"
            literal = f"{head[:-1].rstrip()} {w.approx_verb} ≈ "
        elif head.endswith("≈") and head[:-1].rstrip().endswith(")"):
            # exp(0.7) ≈ 2.01 with no verb: "e pangkat nol koma tujuh, kira-kira …", the
            # rounded value not heard as part of the power
            literal = f"{head[:-1].rstrip()}, ≈ "
        if group_end:  # a pause after the group, unless the sentence or a clause ends there
            rest = literal.lstrip(" )")
            if (rest and rest[0] not in ".,;:!?") or (not rest and name is not None):
                literal = f"{literal[: len(literal) - len(rest)]}, {rest}"
        out.append(spoken_notation(literal, lang) if literal.strip() else literal)
        if name is not None:
            said = spoken(values[name], lang)
            if value_before and not literal.strip() and said.startswith(w.approx):
                out.append(",")  # 4/√5 ≈ 1.79: a pause before the rounded value
            elif (
                w.approx_verb
                and said.startswith(w.approx)
                and (group_end or _EXPRESSION_END.search(literal))
            ):
                said = f"{w.approx_verb} {said}"  # cos θ ≈ 0.08: "cos theta is approximately …"
            out.append(f" {said} ")
        value_before = name is not None
        group_before = name is not None and isinstance(values[name].speech, sp.Sqrt)
    text = " ".join("".join(out).split())
    return re.sub(r"\s+([,.;:!?])", r"\1", text)


# Notation a caption types that must not reach the speech engine, and digits.
_UNSAID = re.compile(r"[√≈·°−∞‖θₖᵀℝⁿ=→←/]|\bcos\b(?= θ)|\d")


def unsaid(words: str) -> str:
    """What of `words` a voice would read as written, not as said: notation and digits left.

    Empty when every symbol and number is in words (what :func:`spoken_template` gives a
    catalogue text should be so: the voice says what the caption shows).

    Examples
    --------
    >>> unsaid(spoken_notation("Hitung q · k = 4.", "id"))
    ''
    >>> unsaid("q · k sama dengan 4")
    '· 4'
    """
    return " ".join(m.group() for m in _UNSAID.finditer(words))
