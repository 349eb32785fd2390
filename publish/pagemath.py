"""Formulas on the lesson page as a screen reader reads them: MathML and the lesson's own words.

The page's texts (questions, hints, solutions, the transcript) write their formulas in Unicode
as the captions do (``q · k = 4``, ``cos θ = u · v/(‖u‖ · ‖v‖)``, ``√dₖ``). :func:`formulas`
finds them in a text; :func:`formula_table` gives each its MathML, made here (offline) by
latex2mathml from TeX, the sheet's own TeX where the formula is a value of a sheet and the
formula's Unicode turned into TeX otherwise, and its accessible name in the lesson's language:
the words the narration says for it (:func:`mathcore.spoken.spoken`,
:func:`mathcore.spoken.spoken_notation`). The page's script puts a ``<math>`` element with
that name and ``lang`` wherever the formula's text stands.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import latex2mathml.converter

from mathcore.fmt import Shown
from mathcore.spoken import spoken, spoken_notation

__all__ = ["formula_table", "formulas", "mathml", "tex_of"]

# letters that name a quantity in the lesson (a single letter, or one with an index)
_LETTERS = "qkxyuvdθℓeKQVW"
_INDEX = "ₖᵢⱼₙ₀₁₂₃₄₅₆₇₈₉ᵀ²³ⁿ"
_FUNCTIONS = {"cos": r"\cos", "exp": r"\exp", "softmax": r"\operatorname{softmax}"}
_SUB = dict(zip("ₖᵢⱼₙ₀₁₂₃₄₅₆₇₈₉", "kijn0123456789", strict=True))
_SUP = {"ᵀ": "T", "²": "2", "³": "3", "ⁿ": "n"}
# operators that make a run of symbols a formula (not a lone letter or number)
_OPERATORS = set("=≈·×+−/√‖⁄≤≥<>")
# a run with no operator is still a formula when it writes notation: a function applied
# (cos θ, softmax(ℓ)), θ or ℓ, an index or an exponent (dₖ, kⱼ, Kᵀ)
_NOTATION = re.compile(rf"(?:cos|exp|softmax) ?[(\w]|[θℓ{_INDEX}]")
_TOKEN = re.compile(
    r"(?P<num>\d+(?:\.\d+)?)"
    r"|(?P<sup>[²³ᵀⁿ]+)"
    r"|(?P<word>[^\W\d_]+)"
    r"|(?P<op>‖₂|[=≈·×+−/√‖⁄≤≥<>()\[\],;-])"  # ‖k‖₂: the norm's 2 is the norm's own
    r"|(?P<space> )"
    r"|(?P<other>.)",
    re.S,
)


def _math_word(word: str) -> bool:
    base = word.rstrip(_INDEX)
    return word in _FUNCTIONS or (len(base) == 1 and base in _LETTERS)


def formulas(text: str) -> list[str]:
    """The formulas written in `text`, in order: runs of the lesson's symbols with an operator.

    A run is made of numbers, the lesson's letters (``q``, ``kⱼ``, ``θ``, ``dₖ``), ``cos``,
    ``exp`` and ``softmax``, operators and brackets, with single spaces between them; a
    comma belongs to it only inside brackets (a vector). A lone letter or number is not a
    formula, nor is a run with no operator unless it writes notation (``cos θ``, ``dₖ``).

    Examples
    --------
    >>> formulas("Mulai dari q · k = 1·1 + (−4)·1. Proyeksi skalarnya q · k/‖k‖, lalu (1, 2).")
    ['q · k = 1·1 + (−4)·1', 'q · k/‖k‖']
    >>> formulas("then cos θ = u · v/(‖u‖ · ‖v‖); a key k, and √dₖ = 8, ‖u‖ = √(3² + 4²).")
    ['cos θ = u · v/(‖u‖ · ‖v‖)', '√dₖ = 8', '‖u‖ = √(3² + 4²)']
    >>> formulas("cos θ dan dₖ, bukan softmax-nya atau q.")
    ['cos θ', 'dₖ']
    >>> formulas("dibagi ‖k‖₂ = √5, panjang k.")
    ['‖k‖₂ = √5']
    """
    found: list[str] = []
    run: list[str] = []
    depth = 0

    def close() -> None:
        nonlocal depth
        # a caption's line may start or end inside a formula: no operator hangs at its ends
        s = "".join(run).strip(" ,;=+·×/-")
        while s and s.count("(") != s.count(")"):  # a bracket of the prose around it
            if s.startswith("(") and s.count("(") > s.count(")"):
                s = s[1:].strip()
            elif s.endswith(")") and s.count(")") > s.count("("):
                s = s[:-1].strip()
            else:
                s = ""
        if any(c.isalnum() for c in s) and (
            any(c in _OPERATORS for c in s) or _NOTATION.search(s) is not None
        ):
            found.append(s)
        run.clear()
        depth = 0

    for m in _TOKEN.finditer(text):
        kind, tok = m.lastgroup, m.group()
        if kind == "word" and not _math_word(tok):
            kind = "other"
        if kind == "op" and tok in ",;" and depth == 0:
            kind = "other"
        if kind == "space":
            if run and run[-1] != " ":
                run.append(" ")
            else:
                close()
            continue
        if kind == "other":
            close()
            continue
        if tok == "(":
            depth += 1
        elif tok == ")":
            depth = max(0, depth - 1)
        run.append(tok)
    close()
    return found


def tex_of(text: str) -> str:
    r"""A formula's Unicode (as the captions write it) in TeX.

    Examples
    --------
    >>> tex_of("√dₖ = 8")
    '\\sqrt{d_{k}} = 8'
    >>> tex_of("2·1 + (−1)·4 − 3 = −5")
    '2 \\cdot 1 + ({-1}) \\cdot 4 - 3 = {-5}'
    >>> tex_of("‖u‖ = √(3² + 4²)")
    '\\|u\\| = \\sqrt{3^{2} + 4^{2}}'
    >>> tex_of("cos θ = u · v/(‖u‖ · ‖v‖)")
    '\\cos \\theta = u \\cdot v/(\\|u\\| \\cdot \\|v\\|)'
    """
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        word = re.match(r"[a-z]{3,}", text[i:])
        if word and word.group() in _FUNCTIONS:
            out.append(_FUNCTIONS[word.group()] + " ")
            i += len(word.group())
            continue
        if c == "√" and text[i + 1 : i + 2] == "(":  # the root of a bracket
            depth, j = 0, i + 1
            for j in range(i + 1, len(text)):
                depth += {"(": 1, ")": -1}.get(text[j], 0)
                if depth == 0:
                    break
            out.append(r"\sqrt{" + tex_of(text[i + 2 : j]) + "}")
            i = j + 1
            continue
        if c == "√":  # the root of the atom after it
            atom = re.match(rf"(\d+(?:\.\d+)?|[^\W\d_²³][{_INDEX}]*)", text[i + 1 :])
            if atom:
                out.append(r"\sqrt{" + tex_of(atom.group()) + "}")
                i += 1 + len(atom.group())
                continue
            out.append(r"\surd ")
        elif c in _SUB:
            subs = re.match(f"[{''.join(_SUB)}]+", text[i:])
            assert subs is not None
            out.append("_{" + "".join(_SUB[s] for s in subs.group()) + "}")
            i += len(subs.group())
            continue
        elif c in _SUP:
            out.append("^{" + _SUP[c] + "}")
        elif c == "−" and (not text[:i].strip() or text[:i].rstrip()[-1] in "(=≈+·×,/−"):
            # a sign, not a subtraction: {-4}, so that MathML sets it close as a prefix
            num = re.match(r"\d+(?:\.\d+)?|[^\W\d_]", text[i + 1 :])
            if num:
                out.append("{-" + num.group() + "}")
                i += 1 + len(num.group())
                continue
            out.append("-")
        else:
            out.append(
                {
                    "·": r" \cdot ",
                    "×": r" \times ",
                    "−": "-",
                    "≈": r" \approx ",
                    "‖": r"\|",
                    "θ": r"\theta ",
                    "ℓ": r"\ell ",
                    "⁄": "/",
                    "≤": r" \le ",
                    "≥": r" \ge ",
                }.get(c, c)
            )
        i += 1
    return re.sub(r" +", " ", "".join(out)).replace(" }", "}").strip()


def mathml(tex: str) -> str:
    """TeX as an inline MathML ``<math>`` element (latex2mathml), its namespace left implicit."""
    out = latex2mathml.converter.convert(tex)
    return out.replace(' xmlns="http://www.w3.org/1998/Math/MathML"', "")


def formula_table(
    texts: Iterable[str], values: Mapping[str, Shown], lang: str
) -> dict[str, dict[str, str]]:
    """Every formula of `texts`: its MathML and its accessible name in `lang`.

    Parameters
    ----------
    texts : iterable of str
        The page's texts.
    values : mapping of str to Shown
        Sheet values by their text: a formula that is one takes the sheet's TeX and its
        spoken words.
    lang : str
        The language of the names.

    Returns
    -------
    dict
        Formula text -> ``{"mathml": ..., "said": ...}``.

    Examples
    --------
    >>> t = formula_table(["Hitung q · k = 4."], {}, "id")
    >>> t["q · k = 4"]["said"]
    'q titik k sama dengan empat'
    """
    table: dict[str, dict[str, str]] = {}
    for text in texts:
        for f in formulas(text):
            if f in table:
                continue
            value = values.get(f)
            said = spoken(value, lang) if value is not None else spoken_notation(f, lang)
            try:
                made = mathml(value.tex if value is not None else tex_of(f))
            except Exception:  # latex2mathml refuses a sheet's TeX: its Unicode's, then
                made = mathml(tex_of(f))
            table[f] = {"mathml": made, "said": said}
    return table
