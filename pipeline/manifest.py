"""``manifest.json``: what a render folder holds, as typed records with load and save.

Each clip records its files, its section clips (index, name, file), its video metadata, its
input hash and what that hash was made of (the project files the render imported, the
lesson keys it read), the numbers it shows, and where each number sat at every step's end.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pipeline.files import atomic_write

__all__ = [
    "ChapterMark",
    "Clip",
    "Label",
    "LessonVideo",
    "Reveal",
    "Manifest",
    "Section",
    "SpokenCue",
    "StepSnapshot",
]

FILE = "manifest.json"


@dataclass(frozen=True)
class Label:
    """A number on screen at a step's end: sheet key, text, pixel box, ``part`` or ``text``."""

    key: str
    text: str
    box: tuple[int, int, int, int]
    kind: str


@dataclass(frozen=True)
class StepSnapshot:
    """The numbers on screen at the end of one step (section) of a clip."""

    section: str
    time: float
    labels: tuple[Label, ...]

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> StepSnapshot:
        """The snapshot of a manifest (or worker result) entry."""
        labels = tuple(Label(x["key"], x["text"], tuple(x["box"]), x["kind"]) for x in d["labels"])
        return cls(d["section"], d["time"], labels)


@dataclass(frozen=True)
class Reveal:
    """A number of a clip: when it first shows and when the voice first says it (seconds).

    ``said`` is None for a number no caption says (a tick label, a matrix entry).
    """

    key: str
    shown: float
    said: float | None

    @property
    def early(self) -> float:
        """Seconds it shows before it is said (negative: after; 0 when never said)."""
        return 0.0 if self.said is None else round(self.said - self.shown, 4)


@dataclass(frozen=True)
class Section:
    """One step's own clip: its place in the scene (from 0), its name and its file."""

    index: int
    name: str
    file: str


@dataclass(frozen=True)
class SpokenCue:
    """One caption as narrated.

    Its cue id, catalogue key, the words said, start and length (seconds), and the voice
    that said them (``espeak-ng id 1.51``, or ``recording <file name>``).
    """

    cue: str
    key: str
    words: str
    start: float
    duration: float
    voice: str


@dataclass(frozen=True)
class Clip:
    """One rendered scene."""

    scene: str
    video: str
    subtitles: str
    poster: str
    sections: tuple[Section, ...]
    duration: float
    width: int
    height: int
    fps: float
    frames: int
    input_hash: str
    quality: str
    lang: str
    numbers: dict[str, str]
    snapshots: tuple[StepSnapshot, ...]
    sources: tuple[str, ...] = ()  # project files (relative paths) the render imported or read
    lesson_keys: tuple[str, ...] = ()  # lesson keys the scene read
    audio: str = ""  # the narration track (WAV), "" for a silent clip
    narration: tuple[SpokenCue, ...] = ()  # what each cue said, and which voice said it
    loudness: tuple[float, float] | None = None  # the track's LUFS and true peak (dBTP)
    voice: str = "none"  # the --voice setting it was rendered with
    narration_seconds: float = 0.0  # takes' time, then CPU time of the track and its muxes
    reveals: tuple[Reveal, ...] = ()  # each number: when it first shows, when it is said
    pace: float | None = None  # words a minute of its takes as played (pipeline.voice.pace)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Clip:
        """The clip of a manifest entry."""
        snaps = tuple(StepSnapshot.from_dict(s) for s in d["snapshots"])
        return cls(
            **{
                **d,
                "sections": tuple(Section(**s) for s in d["sections"]),
                "snapshots": snaps,
                "sources": tuple(d.get("sources", ())),
                "lesson_keys": tuple(d.get("lesson_keys", ())),
                "narration": tuple(SpokenCue(**c) for c in d.get("narration", ())),
                "reveals": tuple(Reveal(**r) for r in d.get("reveals", ())),
                "loudness": tuple(d["loudness"]) if d.get("loudness") else None,
            }
        )

    def files(self) -> list[str]:
        """Every file of the clip, relative to the render folder."""
        audio = [self.audio] if self.audio else []
        return [self.video, self.subtitles, self.poster, *audio, *(s.file for s in self.sections)]


@dataclass(frozen=True)
class ChapterMark:
    """A scene's span in the joined lesson, in seconds."""

    scene: str
    title: str
    start: float
    end: float


@dataclass(frozen=True)
class LessonVideo:
    """The joined lesson: its files, duration, chapters and the digest of its clips."""

    video: str
    subtitles: str
    captions: str
    chapters_file: str
    duration: float
    frames: int
    chapters: tuple[ChapterMark, ...]
    clips_digest: str

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> LessonVideo:
        """The lesson video of a manifest entry."""
        return cls(**{**d, "chapters": tuple(ChapterMark(**c) for c in d["chapters"])})


@dataclass
class Manifest:
    """A render folder's ``manifest.json``."""

    lesson: str
    lesson_file: str
    quality: str
    lang: str
    clips: dict[str, Clip] = field(default_factory=dict)
    lesson_video: LessonVideo | None = None

    @classmethod
    def load(cls, out: Path) -> Manifest | None:
        """The manifest of render folder `out`, or None if it has none (or an unreadable one)."""
        try:
            d = json.loads((out / FILE).read_text(encoding="utf-8"))
            return cls(
                d["lesson"],
                d["lesson_file"],
                d["quality"],
                d["lang"],
                {s: Clip.from_dict(c) for s, c in d["clips"].items()},
                LessonVideo.from_dict(d["lesson_video"]) if d.get("lesson_video") else None,
            )
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def save(self, out: Path) -> Path:
        """Write ``out/manifest.json`` atomically and return its path."""
        path = out / FILE
        data = asdict(self)
        if self.lesson_video is None:
            del data["lesson_video"]
        return atomic_write(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")

    def only(self, scenes: list[str]) -> Manifest:
        """A copy that keeps only the clips of `scenes` (all when empty)."""
        clips = {s: c for s, c in self.clips.items() if not scenes or s in scenes}
        return Manifest(self.lesson, self.lesson_file, self.quality, self.lang, clips, None)
