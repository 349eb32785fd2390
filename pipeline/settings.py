"""Render settings, defined once: qualities, output variants, languages, and where output goes.

The languages are the table's (:data:`mathcore.languages.LANGUAGES`), the voices the
registry's (:data:`pipeline.voice.engines.ENGINES`): neither is declared here. Where a
lesson's outputs go is :mod:`pipeline.places`' (its names are kept here too).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lesson.model import Lesson
from mathcore.languages import DEFAULT_LANGUAGE, LANGUAGES
from pipeline.places import ROOT, lesson_folder, media_root, recordings_root, use_lesson
from pipeline.voice.engines import voice_options, voice_problem

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "QUALITIES",
    "ROOT",
    "VARIANTS",
    "X264_OPTIONS",
    "RenderSettings",
    "Variant",
    "default_out",
    "lesson_folder",
    "media_root",
    "recordings_root",
    "use_lesson",
    "voice_problem",
]

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


# The MP4 clips' x264 settings (manim's ``video_encoder_options``), for flat animation: a
# faster preset (manim's default is ``medium``) and the animation tune (stronger deblocking,
# more reference frames), at manim's own rate factor. Chosen by measurement on a 1080p60
# scene against a lossless encode of the same frames: the encoder's CPU time falls by about
# 40 % and SSIM stays within 0.0002 of manim's default settings; bench/run.py --only high
# checks the SSIM of a clip against manim's default encode of the same frames. No B-frames
# (``bf``): a held picture is one frame of long duration (pipeline.encoding), and B-frames'
# reordering would make the MP4's sample durations, and so the clip, come out short.
X264_OPTIONS: dict[str, str] = {"preset": "veryfast", "tune": "animation", "crf": "23", "bf": "0"}


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
        """The manim config entries this variant sets (the MP4's x264 settings: X264_OPTIONS)."""
        if self.transparent:
            return {"transparent": True, "format": self.ext}
        return {"video_encoder_options": dict(X264_OPTIONS)}


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
        A language of :data:`LANGUAGES` (default: the lesson's own, :data:`DEFAULT_LANGUAGE`).
    variant : str
        A key of :data:`VARIANTS`.
    jobs : int
        Worker processes (0: one per core).
    force : bool
        Render even up-to-date clips.
    quiet : bool
        Plain progress lines even on a terminal.
    voice : str
        Who speaks the captions: an engine's ``--voice`` name
        (:data:`pipeline.voice.engines.ENGINES`) or ``none``.
    """

    quality: str = "medium"
    lang: str = DEFAULT_LANGUAGE
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
            (self.voice, voice_options(), "voice"),
        ):
            if value not in allowed:
                raise ValueError(f"unknown {what} {value!r}; have {', '.join(allowed)}")
        problem = voice_problem(self.voice, self.lang)
        if problem is not None:
            raise ValueError(problem)

    @property
    def video(self) -> Variant:
        """The output variant."""
        return VARIANTS[self.variant]

    def out_dir(self, lesson: Lesson) -> Path:
        """``media/<lesson-id>/<quality>/`` (``<quality>-<lang>`` for a language other than id).

        ``media/`` is :func:`media_root`. Transparent variants go into a sub-folder named
        after the variant.
        """
        base = (
            media_root()
            / lesson.id
            / (self.quality if self.lang == DEFAULT_LANGUAGE else f"{self.quality}-{self.lang}")
        )
        return base if self.variant == "mp4" else base / self.variant


def default_out(lesson: Lesson, quality: str, lang: str, variant: str = "mp4") -> Path:
    """The default output folder of a render (see :meth:`RenderSettings.out_dir`)."""
    return RenderSettings(quality, lang, variant).out_dir(lesson)
