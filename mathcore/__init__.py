"""The tested math core of the lesson: every number a scene shows comes from here.

No manim import: these functions run, and their tests pass, without a renderer. The names
below are loaded from their modules when first used, so that importing one numpy-free module
(``mathcore.exact``, ``mathcore.fmt``) does not import numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_HOME = {
    **dict.fromkeys(
        ("Attention", "attention", "cosine_scores", "scaled_scores", "softmax"),
        "mathcore.attention",
    ),
    **dict.fromkeys(
        (
            "AngleClass",
            "angle_class",
            "angle_degrees",
            "cosine",
            "dot",
            "norm",
            "project",
            "residual",
            "scalar_projection",
        ),
        "mathcore.linalg",
    ),
}


def __getattr__(name: str) -> Any:
    """A public name of the package, from the module that defines it (PEP 562)."""
    import importlib

    if name not in _HOME:
        raise AttributeError(f"module 'mathcore' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name]), name)
    globals()[name] = value
    return value
