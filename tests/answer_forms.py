"""Ways a learner writes a quiz answer, right and wrong (for the answer and page tests)."""

from __future__ import annotations

from fractions import Fraction

from lesson.answers import Part, parse_number


def _plain(text: str) -> str:
    return text.removeprefix("≈ ").replace("−", "-")


def right_forms(part: Part) -> list[str]:
    """Ways a learner writes the right answer: as shown, with a comma, as a fraction."""
    if part.control not in ("number", "vector"):
        return list(part.right)
    shown = _plain(part.shown)
    forms = [shown]
    if part.control == "number":
        forms.append(shown.replace(".", ","))
        exact = part.accepted[0].exact
        if exact is not None:
            forms.append(f"{exact.numerator}/{exact.denominator}")
            forms.append(f"{2 * exact.numerator} / {2 * exact.denominator}")
    else:
        inner = shown.strip("()")
        forms += [inner, inner.replace(", ", " "), inner.replace(", ", ";").replace(".", ",")]
    return forms


def wrong_forms(part: Part) -> list[str]:
    """A wrong answer of each kind: one off at the last shown place, a wrong option."""
    if part.control == "number":
        a = part.accepted[0]
        step = Fraction(1, 10**a.places) if a.places else Fraction(1)
        value = parse_number(_plain(part.shown))
        assert value is not None
        return [str(float(value + step * 2)), "", "abc"]
    if part.control == "vector":
        coords = _plain(part.shown).strip("()").split(", ")
        more = ", ".join([*coords, "1"])
        first = parse_number(coords[0])
        assert first is not None
        bumped = ", ".join([str(float(first + 1)), *coords[1:]])
        return [more, bumped, ""]
    return [o.id for o in part.options if o.id not in part.right]
