"""Sheet of NumpyCheck (scenes/numpy_check.py): the seed's NumPy check, run on the lesson.

The listing is the seed's snippet with the ``[projection]`` vectors; its printed output is
obtained by running that very snippet when the sheet is built, never typed.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Sequence
from fractions import Fraction

from lesson.entries import Lesson
from lesson.sheet import Sheet, Values
from mathcore import fmt
from mathcore.exact import exact_comp, exact_cosine, exact_dot, exact_project

__all__ = ["OUTPUTS", "numpy_check", "run_snippet", "snippet"]

# The printed names, in the order the snippet prints them; each is a sheet key "out_<name>".
OUTPUTS = ("dot", "scalar_projection", "vector_projection", "cosine_similarity")


def _array(v: Sequence[Fraction]) -> str:
    return "np.array([" + ", ".join(repr(float(c)) for c in v) + "])"


def snippet(q: Sequence[Fraction], k: Sequence[Fraction]) -> str:
    """The seed's NumPy check for the vectors `q` and `k`.

    Examples
    --------
    >>> print(snippet([Fraction(2), Fraction(1)], [Fraction(1), Fraction(2)]).splitlines()[2])
    q = np.array([2.0, 1.0])
    """
    return "\n".join(
        [
            "import numpy as np",
            "",
            f"q = {_array(q)}",
            f"k = {_array(k)}",
            "",
            "dot = np.dot(q, k)",
            "scalar_projection = dot / np.linalg.norm(k)",
            "vector_projection = dot / np.dot(k, k) * k",
            "cosine_similarity = dot / (np.linalg.norm(q) * np.linalg.norm(k))",
            "",
            *(f"print({name})" for name in OUTPUTS),
        ]
    )


def run_snippet(code: str) -> list[str]:
    """Run `code` in a fresh namespace and return the lines it prints.

    Examples
    --------
    >>> run_snippet("print(1 + 1)")
    ['2']
    """
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<numpy check>", "exec"), {"__name__": "numpy_check"})  # noqa: S102
    return out.getvalue().splitlines()


def numpy_check(lesson: Lesson) -> Values:
    """The listing, what it prints, and the exact values each printed line stands for."""
    P, q, k = lesson.places, lesson.projection.query, lesson.projection.key
    code = snippet(q, k)
    printed = run_snippet(code)
    if len(printed) != len(OUTPUTS):
        raise AssertionError(f"the NumPy check printed {len(printed)} lines: {printed}")
    sheet = Sheet({"code": fmt.Shown(code, code, kind="code")})
    for name, line in zip(OUTPUTS, printed, strict=True):
        sheet[f"out_{name}"] = fmt.Shown(line, line, kind="code")
    sheet |= {
        "dot": fmt.number(exact_dot(q, k), P),
        "comp": fmt.number(exact_comp(q, k), P),
        "proj": fmt.vector(exact_project(q, k), P),
        "cos": fmt.number(exact_cosine(q, k), P),
    }
    # the exact values beside the printout were said where they were computed: not again
    return sheet.mark("out_dot")
