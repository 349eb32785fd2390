"""Ways a learner writes a quiz answer, right and wrong (for the answer and page tests)."""

from __future__ import annotations

from fractions import Fraction

from lesson.answers import Part
from lesson.written import GROUPED, Reading, read_number, read_vector


def _plain(text: str) -> str:
    return text.removeprefix("≈ ").replace("−", "-")


def right_forms(part: Part, lang: str = "id") -> list[str]:
    """Ways a learner writes the right answer: as shown, with a comma, as a fraction.

    A decimal comma only in Indonesian: in English ``2,121`` may be two thousand one hundred
    and twenty-one, and the page refuses it (lesson.written); a decimal point only where it
    cannot group thousands in the language.
    """
    if part.control not in ("number", "vector"):
        return list(part.right)
    shown = _plain(part.shown)
    forms = [shown]
    mark = "," if lang == "id" else "."
    if part.control == "number":
        forms.append(shown.replace(".", mark))
        exact = part.accepted[0].exact
        if exact is not None:
            forms.append(f"{exact.numerator}/{exact.denominator}")
            forms.append(f"{2 * exact.numerator} / {2 * exact.denominator}")
    else:
        inner = shown.strip("()")
        forms += [inner, inner.replace(", ", " "), inner.replace(", ", ";").replace(".", mark)]
    # a form that reads two ways in the language (2,121 in English, where a comma may group
    # thousands) is refused, not judged: not one a learner is marked right for. The shown
    # form is the lesson's own notation (a point, its places) and is always read.
    return [f for f in forms if _reading(f, part, lang).problem != GROUPED]


def _reading(text: str, part: Part, lang: str) -> Reading:
    if part.control == "number":
        return read_number(text, lang, part.places)
    return read_vector(text, lang, len(part.accepted), part.places)


def wrong_forms(part: Part) -> list[str]:
    """A wrong answer of each kind: one off at the last shown place, a wrong option."""
    if part.control == "number":
        a = part.accepted[0]
        step = Fraction(1, 10**a.places) if a.places else Fraction(1)
        value = read_number(_plain(part.shown), "en").values[0]
        return [str(float(value + step * 2)), "", "abc"]
    if part.control == "vector":
        coords = _plain(part.shown).strip("()").split(", ")
        more = ", ".join([*coords, "1"])
        first = read_number(coords[0], "en").values[0]
        bumped = ", ".join([str(float(first + 1)), *coords[1:]])
        return [more, bumped, ""]
    return [o.id for o in part.options if o.id not in part.right]
