"""The lesson's one type family: Latin Modern, LaTeX's own, for text beside its formulas.

Formulas are typeset by LaTeX in Computer Modern; the words on screen (titles, labels, the
quiz's questions, a code listing) are set by Pango in Latin Modern, the OpenType family made
from Computer Modern (Debian's ``fonts-lmodern``, which ``make setup`` installs), so a
``√`` or a digit looks the same in a sentence as in a formula. Every :class:`~manim.Text`
the scenes make takes its font from here.

:data:`TEXT_FONT` is a Pango family list: a character the roman lacks (θ, ≈, ′, ℝ) is drawn
from Latin Modern Math, LaTeX's math font, before fontconfig falls back to another family.
No Latin Modern font has the letter subscripts and superscripts of Unicode (``ₖ``, ``ⱼ``,
``ⁿ``): a symbol such as dₖ belongs in a formula, where LaTeX sets it.
"""

from __future__ import annotations

__all__ = ["MONO_FONT", "TEXT_FAMILIES", "TEXT_FONT"]

TEXT_FAMILIES = ("Latin Modern Roman", "Latin Modern Math")  # tried in this order
TEXT_FONT = ", ".join(TEXT_FAMILIES)  # what Text(font=...) takes: a family list for Pango
MONO_FONT = "Latin Modern Mono"  # a code listing and what it prints (LaTeX's typewriter)
