"""Sheet of Hook (scenes/hook.py): the ``[attention]`` query's scores and weights."""

from __future__ import annotations

import re

from lesson.entries import Lesson
from lesson.sheet import Sheet, Values
from lesson.sheets.softmax import softmax_bar_morph

__all__ = ["hook"]


def hook(lesson: Lesson) -> Values:
    """The query, its keys, their raw scores and softmax weights, as SoftmaxBarMorph shows them.

    The hook shows the same values as the worked example that follows, written the same way.
    """
    full = softmax_bar_morph(lesson)
    return Sheet(
        {k: v for k, v in full.items() if k == "q" or re.fullmatch(r"(k|score|weight)\d+", k)}
    )
