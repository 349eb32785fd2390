"""The tested math core of the lesson: every number a scene shows comes from here.

No manim import: these functions run, and their tests pass, without a renderer.
"""

from __future__ import annotations

from mathcore.attention import Attention, attention, cosine_scores, scaled_scores, softmax
from mathcore.linalg import (
    AngleClass,
    angle_class,
    angle_degrees,
    cosine,
    dot,
    norm,
    project,
    residual,
    scalar_projection,
)

__all__ = [
    "AngleClass",
    "Attention",
    "angle_class",
    "angle_degrees",
    "attention",
    "cosine",
    "cosine_scores",
    "dot",
    "norm",
    "project",
    "residual",
    "scalar_projection",
    "scaled_scores",
    "softmax",
]
