"""The clip job: what one scene render needs, what it returns, and how its files are installed.

A :class:`ClipJob` names the scene, the lesson file, the :class:`RenderSettings` and the
folders of one render. It is handed to a worker process as the object itself (pickled by
multiprocessing or Dask), or as one JSON file for ``python -m pipeline.worker JOB.json``. The
worker returns a :class:`ClipResult` (written as ``result.json`` in the job's work folder,
read back by :meth:`ClipResult.load`), or leaves a one-line summary of its failure
(:func:`failure_line`). :func:`install` moves a finished job's files into a render folder or
a store entry and makes its manifest entry; :func:`input_hash` keys the clip by everything
it depends on.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from dataclasses import asdict, dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any

from lesson.model import Lesson
from lesson.scenelist import Scene, registry
from pipeline.files import atomic_copy, atomic_write
from pipeline.manifest import Clip, Reveal, Section, SpokenCue, StepSnapshot
from pipeline.settings import RenderSettings, media_root
from pipeline.voice.pace import pace_of
from pipeline.words import words_inputs

__all__ = [
    "RESULT",
    "ClipJob",
    "ClipResult",
    "Failure",
    "Rendered",
    "failure_line",
    "input_hash",
    "install",
    "narration_inputs",
    "source_digests",
    "up_to_date",
]

# The folder holding the project's packages (the checkout, or site-packages when installed):
# sources are read from it, never written to it.
ROOT = Path(__file__).resolve().parent.parent
# Where project sources live; their digests are taken once per run (see source_digests).
SOURCE_DIRS = ("mathcore", "lesson", "scenes", "pipeline", "publish", "lecture", "tests")
RESULT = "result.json"  # the worker's ClipResult, in the job's work folder
ERROR = "error.txt"  # the worker's one-line failure summary, in the job's work folder


# --------------------------------------------------------------------------------------
# The input hash
# --------------------------------------------------------------------------------------


def source_digests(
    dirs: tuple[str, ...] = SOURCE_DIRS,
    suffixes: tuple[str, ...] = (".py", ".toml"),
    root: Path | None = None,
) -> dict[str, str]:
    """SHA-256 of every project source file (``.py``, ``.toml``, ``manim.cfg``), by path.

    Taken before the workers start, so a clip's hash describes the sources it was rendered
    from even if a file is edited while it renders. `dirs` and `suffixes` narrow it (the
    made formulas' digest, :func:`pipeline.shapes.code_digest`, reads the code only);
    paths are relative to `root` (default: the project's).
    """
    root = ROOT if root is None else root
    files = [root / "manim.cfg"]
    for d in dirs:
        files += [p for p in (root / d).rglob("*") if p.suffix in suffixes]
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in files
        if p.is_file()
    }


def input_hash(
    lesson: Lesson,
    spec: Scene,
    settings: RenderSettings,
    sources: tuple[str, ...] | list[str],
    digests: dict[str, str],
) -> str:
    """Hash of everything the clip of `spec` depends on.

    Parameters
    ----------
    lesson : Lesson
        The loaded lesson; only the keys the scene reads (``spec.reads``) count.
    spec : Scene
        The scene's entry in the scene list.
    settings : RenderSettings
        Quality, language, variant and voice; jobs and the like do not count.
    sources : sequence of str
        The project files the clip's last render imported or read (relative paths).
    digests : dict of str to str
        :func:`source_digests`; a file missing from it is read now.

    Returns
    -------
    str
        A hex digest that changes when, and only when, an input of the clip changes.
    """
    h = hashlib.sha256()
    for rel in sorted(sources):
        digest = digests.get(rel)
        if digest is None:
            path = ROOT / rel
            digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "-"
        h.update(f"{rel}\0{digest}\0".encode())
    h.update(lesson.section_json(*spec.reads).encode())
    h.update(
        f"{spec.name}|{settings.quality}|{settings.lang}|{settings.variant}|"
        f"manim {version('manim')}".encode()
    )
    h.update(json.dumps(narration_inputs(lesson, spec, settings), sort_keys=True).encode())
    own = words_inputs(lesson, spec.text_file, settings.lang)  # words.toml: {} without one
    if own:
        h.update(json.dumps(own, sort_keys=True).encode())
    return h.hexdigest()


def narration_inputs(lesson: Lesson, spec: Scene, settings: RenderSettings) -> dict[str, str]:
    """What the clip's narration depends on beyond its words.

    The words follow from the lesson keys and sources the hash already has; this adds the
    engine, its version, voice, loudness targets, and the bytes of every file in the
    scene's recordings folder (:func:`pipeline.voice.narrator.voice_inputs`).
    """
    from pipeline.voice.narrator import voice_inputs
    from pipeline.voice.recordings import recording_dir, recordings_inputs

    inputs: dict[str, str] = voice_inputs(
        settings.voice, settings.lang, pace=lesson.words_per_minute
    )
    if settings.voice != "none":
        folder = recording_dir(lesson.id, settings.lang, spec.name)
        inputs.update(recordings_inputs(folder))
    return inputs


def up_to_date(clip: Clip | None, digest: str, out: Path) -> bool:
    """Whether `clip` (a manifest entry of render folder `out`) has hash `digest` and its files."""
    if clip is None or not clip.sources or clip.input_hash != digest:
        return False
    return all((out / f).is_file() for f in (clip.video, clip.subtitles, clip.poster))


# --------------------------------------------------------------------------------------
# The job and what the worker returns
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClipJob:
    """One scene to render: everything the worker needs, and nothing else.

    Attributes
    ----------
    scene : str
        Scene class name (an entry of :func:`lesson.scenelist.registry`).
    lesson : Path
        The lesson file (absolute).
    settings : RenderSettings
        Quality, language, variant and voice of the render.
    work : Path
        An empty folder for the render; the worker writes :data:`RESULT` there.
    log : Path
        Where the worker's output goes.
    tex_cache : Path
        The LaTeX cache the workers share (read through links, extended atomically): manim's
        own ``Tex/`` folder, which plain ``manim`` also reads and prunes.
    made_cache : Path
        Where the formulas and texts a render made are kept for the scene's next render
        (:mod:`pipeline.shapes`), beside ``Tex/``, never inside it.
    """

    scene: str
    lesson: Path
    settings: RenderSettings
    work: Path
    log: Path
    tex_cache: Path = field(default_factory=lambda: media_root() / "Tex")
    made_cache: Path = field(default_factory=lambda: media_root() / "made")

    def to_dict(self) -> dict[str, Any]:
        """The job as JSON-ready data (paths as strings)."""
        return {
            "scene": self.scene,
            "lesson": str(self.lesson),
            "settings": asdict(self.settings),
            "work": str(self.work),
            "log": str(self.log),
            "tex_cache": str(self.tex_cache),
            "made_cache": str(self.made_cache),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ClipJob:
        """The job of :meth:`to_dict`'s data (the settings are checked again on the way in)."""
        return cls(
            d["scene"],
            Path(d["lesson"]),
            RenderSettings(**d["settings"]),
            Path(d["work"]),
            Path(d["log"]),
            Path(d["tex_cache"]),
            Path(d["made_cache"]),
        )

    def save(self, path: Path) -> Path:
        """Write the job as JSON to `path` (for ``python -m pipeline.worker JOB.json``)."""
        atomic_write(path, json.dumps(self.to_dict(), indent=2) + "\n")
        return path

    @classmethod
    def load(cls, path: Path) -> ClipJob:
        """The job of a JSON file written by :meth:`save`."""
        return cls.from_dict(json.loads(path.read_text(encoding="utf-8")))


@dataclass(frozen=True)
class ClipResult:
    """What a worker made of a :class:`ClipJob`: its files (in the work folder) and records.

    Attributes
    ----------
    video, poster, subtitles : str
        Paths of the clip, its last frame and its subtitles.
    sections : tuple of str
        Paths of the section clips, in order.
    sources : tuple of str
        Project files the render imported or read (relative paths).
    lesson_keys : tuple of str
        Lesson keys the scene read.
    snapshots : tuple of StepSnapshot
        The numbers on screen at every step's end, with their pixel boxes.
    audio : str
        The narration track (WAV), "" for a silent clip.
    narration : tuple of SpokenCue
        What each cue said, and which voice said it.
    stale : tuple of str
        Recordings (file names) that fell back to the synthetic voice: their words changed.
    rejected : tuple of (str, str)
        Recordings unfit to play: (file name, reason).
    loudness : (float, float) or None
        The track's LUFS and true peak (dBTP).
    narration_seconds : float
        Time spent on the narration: the takes' (synthesis included), then the CPU time of
        the track, its encode, loudness and muxes (a finishing render waits for the cores at
        a lower priority, so its wall time there is not what the narration cost).
    """

    video: str
    poster: str
    subtitles: str
    sections: tuple[str, ...]
    sources: tuple[str, ...]
    lesson_keys: tuple[str, ...]
    snapshots: tuple[StepSnapshot, ...]
    audio: str = ""
    narration: tuple[SpokenCue, ...] = ()
    stale: tuple[str, ...] = ()
    rejected: tuple[tuple[str, str], ...] = ()
    loudness: tuple[float, float] | None = None
    narration_seconds: float = 0.0
    reveals: tuple[Reveal, ...] = ()

    def save(self, path: Path) -> Path:
        """Write the result as JSON to `path` (atomically)."""
        atomic_write(path, json.dumps(asdict(self), ensure_ascii=False))
        return path

    @classmethod
    def load(cls, path: Path) -> ClipResult:
        """The result of a JSON file written by :meth:`save`."""
        d = json.loads(path.read_text(encoding="utf-8"))
        loudness = d["loudness"]
        return cls(
            video=d["video"],
            poster=d["poster"],
            subtitles=d["subtitles"],
            sections=tuple(d["sections"]),
            sources=tuple(d["sources"]),
            lesson_keys=tuple(d["lesson_keys"]),
            snapshots=tuple(StepSnapshot.from_dict(s) for s in d["snapshots"]),
            audio=d["audio"],
            narration=tuple(SpokenCue(**c) for c in d["narration"]),
            stale=tuple(d["stale"]),
            rejected=tuple((name, why) for name, why in d["rejected"]),
            loudness=(loudness[0], loudness[1]) if loudness else None,
            narration_seconds=d["narration_seconds"],
            reveals=tuple(Reveal(**r) for r in d.get("reveals", ())),
        )

    def recording_notes(self) -> tuple[str, ...]:
        """One note per recording the render did not play: stale, or rejected and why."""
        stale = [f"recording {name} is stale (its words changed)" for name in self.stale]
        rejected = [f"recording {name} is rejected: {why}" for name, why in self.rejected]
        return tuple(f"{note}; the synthetic voice says it" for note in stale + rejected)


@dataclass(frozen=True)
class Rendered:
    """A job done: its clip's final input hash and manifest entry, where it was installed."""

    digest: str
    clip: Clip
    took: float
    notes: tuple[str, ...] = ()  # what the author should know (recordings not played)


@dataclass(frozen=True)
class Failure:
    """A job that failed: one line for the author and the path of the full log ("" if none)."""

    line: str
    log: str = ""

    def __str__(self) -> str:
        return self.line + (f" (log: {self.log})" if self.log else "")


# --------------------------------------------------------------------------------------
# After the worker: install the files, or say why it failed
# --------------------------------------------------------------------------------------


def install(
    job: ClipJob, result: ClipResult, out: Path, lesson: Lesson, digests: dict[str, str]
) -> Clip:
    """Move a finished job's files into `out` atomically and return its manifest entry.

    Parameters
    ----------
    job : ClipJob
        The job the worker ran.
    result : ClipResult
        What it returned.
    out : Path
        A render folder, or a clip store entry being filled.
    lesson : Lesson
        The lesson of the job (for the numbers the clip shows and its input hash).
    digests : dict of str to str
        :func:`source_digests` of the run.

    Returns
    -------
    Clip
    """
    from lesson.sheet import scene_sheet
    from pipeline.media import probe  # PyAV: only when a clip is installed

    scene, settings = job.scene, job.settings
    ext = Path(result.video).suffix
    targets = {"video": f"{scene}{ext}", "subtitles": f"{scene}.srt", "poster": f"{scene}.png"}
    sections_dir = out / "sections"
    sections_dir.mkdir(parents=True, exist_ok=True)
    sections = []
    for i, src in enumerate(map(Path, result.sections)):
        # manim names section files <Scene>_<NNNN>_<name><ext>
        m = re.fullmatch(rf"{scene}_(\d+)_(.+)\{ext}", src.name)
        index, name = (int(m.group(1)), m.group(2)) if m else (i, src.stem)
        sections.append(Section(index, name, f"sections/{scene}_{index:02d}-{name}{ext}"))
    made = {"video": result.video, "subtitles": result.subtitles, "poster": result.poster}
    moves = [(Path(made[k]), out / v) for k, v in targets.items()]
    moves += [(Path(src), out / s.file) for src, s in zip(result.sections, sections, strict=True)]
    audio = ""
    if result.audio:
        audio = f"audio/{scene}.wav"
        moves.append((Path(result.audio), out / audio))
        (out / "audio").mkdir(exist_ok=True)
    elif (out / "audio" / f"{scene}.wav").exists():
        (out / "audio" / f"{scene}.wav").unlink()
    for src, dst in moves:
        if not src.exists() and dst.suffix == ".srt":
            src.write_text("", encoding="utf-8")
        atomic_copy(src, dst)
    kept = {s.file for s in sections}
    for old in sections_dir.glob(f"{scene}_*{ext}"):
        if f"sections/{old.name}" not in kept:
            old.unlink()
    info = probe(out / targets["video"])
    spec = registry()[scene]
    return Clip(
        scene=scene,
        **targets,
        sections=tuple(sections),
        duration=round(info.duration, 4),
        width=info.width,
        height=info.height,
        fps=info.fps,
        frames=info.frames,
        input_hash=input_hash(lesson, spec, settings, result.sources, digests),
        quality=settings.quality,
        lang=settings.lang,
        numbers={k: v.text for k, v in scene_sheet(lesson, scene).items()},
        snapshots=result.snapshots,
        sources=result.sources,
        lesson_keys=result.lesson_keys,
        audio=audio,
        narration=result.narration,
        loudness=result.loudness,
        voice=settings.voice,
        narration_seconds=result.narration_seconds,
        pace=pace_of(result.narration),
        reveals=result.reveals,
    )


def failure_line(job: ClipJob, log: Path | None = None) -> str:
    """The worker's one-line summary (the TeX error and its line), else the log's last line.

    A TeX error's full log is kept beside the job's log (``<log>.tex.log``).

    Parameters
    ----------
    job : ClipJob
        The failed job.
    log : Path, optional
        Where its log is now (default: ``job.log``).
    """
    log = log or job.log
    tex_log = job.work / "tex-error.log"
    if tex_log.is_file():
        shutil.copyfile(tex_log, log.with_suffix(".tex.log"))
    summary = job.work / ERROR
    if summary.is_file():
        return summary.read_text(encoding="utf-8").strip()
    try:
        lines = log.read_text(encoding="utf-8", errors="replace").split("\n")
    except OSError:
        return "failed without a log"
    lines = [ln.strip() for ln in lines if ln.strip()]
    return lines[-1] if lines else "failed without output"
