"""Render settings, defined once: qualities, output variants, languages, and where output goes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lesson.catalogue import LANGUAGES
from lesson.model import Lesson

__all__ = [
    "LANGUAGES",
    "MEDIA",
    "QUALITIES",
    "VARIANTS",
    "VOICE_OPTIONS",
    "RenderSettings",
    "Variant",
    "default_out",
]

ROOT = Path(__file__).resolve().parent.parent
MEDIA = ROOT / "media"

# --voice: the synthetic voice (espeak-ng, recorded takes where fresh), or silent renders.
VOICE_OPTIONS = ("espeak", "none")

# Quality name -> the manim config entries it sets: one of manim's qualities, or a picture size
# (16:9, as manim's frame) and a frame rate of its own.
QUALITIES: dict[str, dict[str, object]] = {
    "low": {"quality": "low_quality"},
    "medium": {"quality": "medium_quality"},
    "high": {"quality": "high_quality"},
    "4k": {"quality": "fourk_quality"},
    # The test suite's: a real render, small and at 5 frames a second (a step's timing, sound,
    # sections and numbers as at any quality) for a fraction of low's cost. Not for viewing.
    "test": {"pixel_width": 384, "pixel_height": 216, "frame_rate": 5},
}


@dataclass(frozen=True)
class Variant:
    """An output variant of the clips: the lesson's opaque MP4 or a transparent clip.

    Attributes
    ----------
    name : str
        ``mp4``, ``webm-alpha`` or ``mov-alpha``.
    ext : str
        File extension of its videos.
    transparent : bool
        Rendered on a transparent background.
    """

    name: str
    ext: str
    transparent: bool = False

    def manim_options(self) -> dict[str, object]:
        """The manim config entries this variant sets."""
        return {"transparent": True, "format": self.ext} if self.transparent else {}


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("mp4", "mp4"),
        Variant("webm-alpha", "webm", transparent=True),
        Variant("mov-alpha", "mov", transparent=True),
    )
}


@dataclass(frozen=True)
class RenderSettings:
    """How to render: made once from the command line and passed down unchanged.

    Attributes
    ----------
    quality : str
        A key of :data:`QUALITIES`.
    lang : str
        A language of :data:`LANGUAGES`.
    variant : str
        A key of :data:`VARIANTS`.
    jobs : int
        Worker processes (0: one per core).
    force : bool
        Render even up-to-date clips.
    quiet : bool
        Plain progress lines even on a terminal.
    voice : str
        One of :data:`VOICE_OPTIONS`: who speaks the captions.
    """

    quality: str = "medium"
    lang: str = "id"
    variant: str = "mp4"
    jobs: int = 0
    force: bool = False
    quiet: bool = False
    voice: str = "espeak"

    def __post_init__(self) -> None:
        for value, allowed, what in (
            (self.quality, QUALITIES, "quality"),
            (self.lang, LANGUAGES, "language"),
            (self.variant, VARIANTS, "variant"),
            (self.voice, VOICE_OPTIONS, "voice"),
        ):
            if value not in allowed:
                raise ValueError(f"unknown {what} {value!r}; have {', '.join(allowed)}")

    @property
    def video(self) -> Variant:
        """The output variant."""
        return VARIANTS[self.variant]

    def out_dir(self, lesson: Lesson) -> Path:
        """``media/<lesson-id>/<quality>/`` (``<quality>-<lang>`` for a language other than id).

        Transparent variants go into a sub-folder named after the variant.
        """
        base = (
            MEDIA
            / lesson.id
            / (self.quality if self.lang == "id" else f"{self.quality}-{self.lang}")
        )
        return base if self.variant == "mp4" else base / self.variant


def default_out(lesson: Lesson, quality: str, lang: str, variant: str = "mp4") -> Path:
    """The default output folder of a render (see :meth:`RenderSettings.out_dir`)."""
    return RenderSettings(quality, lang, variant).out_dir(lesson)
