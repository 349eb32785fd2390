"""Sheet of Recap (scenes/recap.py): the labels its sources cite."""

from __future__ import annotations

from lesson.entries import Lesson
from lesson.sheet import Sheet, Values
from mathcore import fmt

__all__ = ["recap"]

PAPER_YEAR = "2017"  # Vaswani et al., "Attention Is All You Need"


def recap(lesson: Lesson) -> Values:
    """The book section and the paper's year, as labels for the list of sources."""
    return Sheet(
        {
            "mml_section": fmt.Shown(lesson.mml_section, lesson.mml_section, kind="label"),
            "paper_year": fmt.Shown(PAPER_YEAR, PAPER_YEAR, kind="label"),
        }
    )
