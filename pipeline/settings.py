"""Render settings, defined once: qualities, output variants, languages, and where output goes."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from lesson.catalogue import LANGUAGES
from lesson.model import DEFAULT_LESSON, Lesson

__all__ = [
    "LANGUAGES",
    "QUALITIES",
    "VARIANTS",
    "VOICE_LANGUAGES",
    "VOICE_OPTIONS",
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

# The folder holding the project's packages: the checkout, or site-packages when installed.
# Code is read from it, never written to it.
ROOT = Path(__file__).resolve().parent.parent
# The marker of a lesson project folder: manim's own project file (this checkout has one).
PROJECT_MARK = "manim.cfg"


def lesson_folder(lesson_file: Path) -> Path:
    """The folder a lesson's renders, pages, decks and recordings go into.

    The nearest folder at or above the lesson file that holds a ``manim.cfg`` (a project of
    several lessons, as the checkout: ``lessons/*.toml`` write into its ``media/`` and
    ``voice/``), else the folder the lesson file is in (a folder of ``lecture new``). The lesson
    an installed package ships (the default, inside site-packages) belongs to the current
    folder: nothing is ever written into the package.

    Parameters
    ----------
    lesson_file : Path
        The lesson's TOML file (it need not exist).

    Returns
    -------
    Path
        An absolute path.

    Examples
    --------
    >>> import tempfile
    >>> top = Path(tempfile.mkdtemp()).resolve()
    >>> lesson_folder(top / "mine" / "lesson.toml") == top / "mine"
    True
    >>> _ = (top / "manim.cfg").write_text("[CLI]")
    >>> lesson_folder(top / "lessons" / "variants" / "v1.toml") == top
    True
    """
    path = Path(lesson_file).resolve()
    for folder in path.parents:
        if (folder / PROJECT_MARK).is_file():
            return folder
    if path.is_relative_to(ROOT / "lessons"):  # shipped with an installed package
        return Path.cwd().resolve()
    return path.parent


def media_root() -> Path:
    """Where renders and the render caches go: ``LECTURE_MEDIA`` if set, else ``media/``.

    ``media/`` of the lesson's folder (:func:`lesson_folder`): the ``lecture`` command sets
    ``LECTURE_MEDIA`` for the lesson it runs (:func:`use_lesson`); without it, the default
    lesson's folder (the checkout, or the current folder for an installed package).

    The folder holds each lesson's renders (``<lesson-id>/<quality>/``) and the caches every
    render shares: ``Tex/`` (manim's own LaTeX folder, which plain ``manim`` reads and prunes
    too), ``voice-cache/`` (synthetic takes), ``made/`` (formulas and texts a render made,
    :mod:`pipeline.shapes`) and ``clip-store/``. Nothing of ours lives inside ``Tex/``.

    Returns
    -------
    Path
        An absolute path (a relative ``LECTURE_MEDIA`` is taken from the working folder).
    """
    given = os.environ.get("LECTURE_MEDIA")
    return Path(given).resolve() if given else lesson_folder(DEFAULT_LESSON) / "media"


def recordings_root() -> Path:
    """Where recorded takes live: ``LECTURE_RECORDINGS`` if set, else ``voice/``.

    ``voice/`` of the lesson's folder, as :func:`media_root` has ``media/``.

    Returns
    -------
    Path
        The folder (it need not exist).
    """
    given = os.environ.get("LECTURE_RECORDINGS")
    return Path(given) if given else lesson_folder(DEFAULT_LESSON) / "voice"


def use_lesson(lesson_file: Path) -> None:
    """Send this process's and its children's outputs to `lesson_file`'s folder.

    Sets ``LECTURE_MEDIA`` and ``LECTURE_RECORDINGS`` to ``media/`` and ``voice/`` of
    :func:`lesson_folder`, each unless it is set already (the user's choice, or the suite's):
    every module reads them when asked where to write, and the render workers inherit them.
    """
    folder = lesson_folder(lesson_file)
    os.environ.setdefault("LECTURE_MEDIA", str(folder / "media"))
    os.environ.setdefault("LECTURE_RECORDINGS", str(folder / "voice"))


# --voice: the synthetic voice (espeak-ng, recorded takes where fresh), the neural English
# voice (Piper, recorded takes where fresh), or silent renders.
VOICE_OPTIONS = ("espeak", "piper", "none")
# the languages each voice speaks (a voice not named here speaks every lesson language)
VOICE_LANGUAGES = {"piper": ("en",)}


def voice_problem(voice: str, lang: str) -> str | None:
    """Why `voice` cannot narrate a lesson in `lang`, in one line; None when it can.

    Examples
    --------
    >>> voice_problem("piper", "en") is None, voice_problem("espeak", "id") is None
    (True, True)
    >>> voice_problem("piper", "id")[:40]
    '--voice piper speaks English only: no of'
    """
    if lang in VOICE_LANGUAGES.get(voice, (lang,)):
        return None
    return (
        f"--voice {voice} speaks English only: no offline neural voice for {lang!r} ships in a "
        "package (such voices download their weights at run time); use --voice espeak, "
        "or record the lesson"
    )


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
            / (self.quality if self.lang == "id" else f"{self.quality}-{self.lang}")
        )
        return base if self.variant == "mp4" else base / self.variant


def default_out(lesson: Lesson, quality: str, lang: str, variant: str = "mp4") -> Path:
    """The default output folder of a render (see :meth:`RenderSettings.out_dir`)."""
    return RenderSettings(quality, lang, variant).out_dir(lesson)
