"""The lecture's scenes in lesson order: one list, and where each scene class lives."""

from __future__ import annotations

import importlib
import os

__all__ = ["ORDER", "registry", "scene_class", "scene_module"]

# Scene name -> module under scenes/. The order of this mapping is the lecture's order.
ORDER: dict[str, str] = {
    "LessonTitle": "scenes.intro",
    "CoordinateProducts": "scenes.intro",
    "LengthAndAngle": "scenes.intro",
    "ProjectionDrop": "scenes.projection",
    "AngleSignRegions": "scenes.angle",
    "AttentionScores": "scenes.scores",
    "SoftmaxBarMorph": "scenes.softmax",
    "ScaleIsNotCosine": "scenes.scores",
    "MagnitudeVsDirection": "scenes.magnitude",
    "ZeroQuery": "scenes.magnitude",
    **{f"QuizQuestion{n}": "scenes.quiz" for n in range(1, 9)},
}


def registry() -> dict[str, str]:
    """Every renderable scene: the lecture's, then extra ones named in ``LECTURE_EXTRA_SCENES``.

    ``LECTURE_EXTRA_SCENES="module:Scene,module:Scene"`` makes scenes outside the lecture
    (fixtures of the tests, an author's drafts) renderable by name; they are not part of
    the lecture's order.
    """
    extra = {}
    for item in filter(None, os.environ.get("LECTURE_EXTRA_SCENES", "").split(",")):
        module, _, name = item.strip().partition(":")
        extra[name] = module
    return {**ORDER, **extra}


def scene_module(name: str) -> str:
    """Dotted module path that defines scene `name`."""
    known = registry()
    if name not in known:
        raise KeyError(f"unknown scene {name!r}; scenes are: {', '.join(known)}")
    return known[name]


def scene_class(name: str) -> type:
    """Import and return the scene class `name` (imports manim)."""
    return getattr(importlib.import_module(scene_module(name)), name)
