"""The lecture's scenes in lesson order: one list, and where each scene class lives."""

from __future__ import annotations

import importlib

__all__ = ["ORDER", "scene_class", "scene_module"]

# Scene name -> module under scenes/. The order of this mapping is the lecture's order.
ORDER: dict[str, str] = {
    "ProjectionDrop": "scenes.projection",
    "AngleSignRegions": "scenes.angle",
    "SoftmaxBarMorph": "scenes.softmax",
}


def scene_module(name: str) -> str:
    """Dotted module path that defines scene `name`."""
    if name not in ORDER:
        raise KeyError(f"unknown scene {name!r}; scenes are: {', '.join(ORDER)}")
    return ORDER[name]


def scene_class(name: str) -> type:
    """Import and return the scene class `name` (imports manim)."""
    return getattr(importlib.import_module(scene_module(name)), name)
