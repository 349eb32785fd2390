"""Render one clip job in this process (a worker process of ``lecture render``).

A job (:class:`pipeline.job.ClipJob`) arrives as the object itself in a process forked from
the preloaded worker server (:func:`run_in_process`), or as a JSON file
(``python -m pipeline.worker JOB.json``). The worker writes the clip, its subtitles, section
clips and its :class:`~pipeline.job.ClipResult` (``result.json``) into the job's work folder;
the scheduler installs the finished files.
"""

from __future__ import annotations

import functools
import math
import os
import re
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lesson.reads import uncovered
from lesson.scenelist import scene_spec
from pipeline.files import atomic_copy, atomic_write
from pipeline.job import ERROR, RESULT, ROOT, SOURCE_DIRS, ClipJob, ClipResult
from pipeline.manifest import Label, Reveal, SpokenCue, StepSnapshot
from pipeline.settings import QUALITIES
from pipeline.words import checked_words, words_in_use

if TYPE_CHECKING:
    from multiprocessing.synchronize import Event

    import numpy as np

    from lesson.entries import Lesson
    from pipeline.voice.narrator import Narrator

__all__ = [
    "Narration",
    "execute",
    "link_tree",
    "main",
    "make_scene",
    "narrate",
    "project_sources",
    "publish",
    "put_sound",
    "render",
    "run_in_process",
    "scene_again",
    "scene_narrator",
]

# The layers above the pipeline. No scene or pipeline module imports them (the import
# contract), so no render depends on them; a worker has them loaded only because
# multiprocessing imports the parent's main module (``lecture.cli``) into every child as
# ``__mp_main__``. Counted, an edit of the command line's help would re-render every clip.
NOT_A_RENDER_INPUT = ("lecture", "publish")
# The project's folders a render can depend on: its packages below those, and the tests' own
# scenes (in the checkout). Nothing else under ROOT counts: installed, ROOT is site-packages,
# whose other packages (manim, numpy) are pinned by their versions, not their files.
RENDER_INPUTS = tuple(d for d in SOURCE_DIRS if d not in NOT_A_RENDER_INPUT)


def project_sources() -> list[str]:
    """Project files this process has imported so far that a render can depend on.

    Paths relative to the project, in its folders :data:`RENDER_INPUTS` (the layers above
    the pipeline, :data:`NOT_A_RENDER_INPUT`, are left out).
    """
    found = set()
    folders: dict[str, str] = {}  # each folder resolved once: a render has imported ~1,700
    inside = str(ROOT) + os.sep
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if not path:
            continue
        head, name = os.path.split(path)
        if os.path.islink(path):  # a module file that is a link: where it points
            real = os.path.realpath(path)
        else:
            if head not in folders:
                folders[head] = os.path.realpath(head)
            real = os.path.join(folders[head], name)
        rel = real.removeprefix(inside)
        if rel != real and rel.split(os.sep)[0] in RENDER_INPUTS:
            found.add(rel)
    return sorted(found)


def link_tree(src: Path, dst: Path) -> None:
    """Populate `dst` with hard links (or copies) of the files in `src`."""
    dst.mkdir(parents=True, exist_ok=True)
    if not src.is_dir():
        return
    for f in src.iterdir():
        target = dst / f.name
        if f.is_file() and not target.exists():
            try:
                os.link(f, target)
            except OSError:
                shutil.copy2(f, target)


def publish(src: Path, dst: Path) -> None:
    """Move files of `src` that `dst` lacks into `dst`, each by an atomic rename."""
    dst.mkdir(parents=True, exist_ok=True)
    for f in src.iterdir():
        target = dst / f.name
        if f.is_file() and not target.exists():
            atomic_copy(f, target)


def scene_narrator(
    scene: str, lesson: Lesson, lang: str, voice: str, recordings: bool = True
) -> Narrator:
    """Who speaks `scene` of `lesson` in `lang`: the `voice`, with its recorded takes.

    Parameters
    ----------
    scene : str
        Scene class name (its recordings folder, :func:`~pipeline.voice.recordings.recording_dir`).
    lesson : Lesson
        The lesson.
    lang : str
        The language.
    voice : str
        A ``--voice`` name (:func:`pipeline.voice.engines.voice_options`).
    recordings : bool
        Play fresh recorded takes (False: the synthetic voice only, as the script reads it).

    Returns
    -------
    Narrator
    """
    from pipeline.voice.narrator import narrator_for
    from pipeline.voice.recordings import recording_dir

    folder = recording_dir(lesson.id, lang, scene) if recordings else None
    return narrator_for(voice, lang, folder, pace=lesson.words_per_minute)


def make_scene(scene: str, lesson: Lesson, lang: str, narrator: Narrator, **options: Any) -> Any:
    """The scene object of `scene`, as every render and dry run makes it.

    The scene gets the lesson, language and narrator as objects (no environment variables):
    ``SceneClass(lesson=..., lang=..., narrator=..., **options)``; call it inside manim's
    ``tempconfig`` of the run.

    Parameters
    ----------
    scene : str
        Scene class name, found through the scene list (:func:`lesson.scenelist.scene_spec`).
    lesson : Lesson
        The lesson.
    lang : str
        The language.
    narrator : Narrator
        Who speaks (:func:`scene_narrator`).
    **options
        More keyword arguments of the scene (``renderer=``).

    Returns
    -------
    LessonScene
    """
    import importlib

    cls = getattr(importlib.import_module(scene_spec(scene).scene_module), scene)
    return cls(lesson=lesson, lang=lang, narrator=narrator, **options)


def scene_again(scene: str, lesson: Path, lang: str, voice: str, recordings: bool = True) -> Any:
    """`scene` made again from names alone: in another process (a look-ahead's, texbatch).

    Loads the lesson file and makes the scene and its narrator as a render does
    (:func:`make_scene`, :func:`scene_narrator`); picklable as a :func:`functools.partial`.
    """
    from lesson.catalogue import set_lesson_words
    from lesson.model import load_lesson

    loaded = load_lesson(lesson)
    set_lesson_words(checked_words(loaded))  # this process makes this one scene: its texts
    narrator = scene_narrator(scene, loaded, lang, voice, recordings)
    return make_scene(scene, loaded, lang, narrator)


def render(job: ClipJob, drawn: Callable[[], object] | None = None) -> ClipResult:
    """Render `job`'s scene into its work folder and describe the result.

    The scene is made with the lesson, language and narrator as objects (no environment
    variables): ``SceneClass(lesson=..., lang=..., narrator=..., renderer=...)``, on a
    renderer that encodes a held picture once, as one frame of long duration
    (:func:`pipeline.encoding.hold_once_renderer`).

    Parameters
    ----------
    job : ClipJob
        What to render; ``job.work`` is an empty folder.
    drawn : callable, optional
        Called once the scene has drawn every frame (its construct is over): what is left is
        manim's encoding of the last frames, joining the sections, and putting the sound
        under them (the local pool starts its next render then).

    Returns
    -------
    ClipResult
        Paths of the clip, subtitles, sections and narration, the section-end snapshots,
        and what each cue's narration was.
    """
    from manim import config, tempconfig

    from lesson.model import load_lesson
    from pipeline import manim_adapter
    from scenes.palette import BACKGROUND

    manim_adapter.install()  # the project's changes of manim's internals, manim's version checked
    scene, settings, work = job.scene, job.settings, job.work
    spec = scene_spec(scene)
    lesson = load_lesson(job.lesson)
    narrator = scene_narrator(scene, lesson, settings.lang, settings.voice)

    tex = work / "tex"
    link_tree(job.tex_cache, tex)
    options = {
        "media_dir": str(work / "media"),
        "tex_dir": str(tex),
        # the frame's colour, here and not only in the checkout's manim.cfg (which manim reads
        # from the working folder): a render from any folder looks the same
        "background_color": BACKGROUND,
        **QUALITIES[settings.quality],
        "save_sections": True,
        "write_to_movie": True,
        "disable_caching": True,
        "progress_bar": "none",
        "verbosity": "WARNING",
        **settings.video.manim_options(),
    }
    with tempconfig(options):
        from pipeline import shapes, texbatch
        from pipeline.encoding import hold_once_renderer

        # what the last render of this scene made at this picture size, unless the code that
        # makes it changed; what this one made is kept for the next
        # the lesson's own texts (words.toml), checked
        with words_in_use(lesson), shapes.kept(job.made_cache, job.tex_cache, scene):
            # a held picture is converted and encoded once, a frame of long duration (encoding)
            renderer = hold_once_renderer()
            obj = make_scene(scene, lesson, settings.lang, narrator, renderer=renderer)
            if drawn is not None:
                # said when construct is over, every frame drawn: manim's encoder may still be
                # writing the last ones and joining the sections while the next render starts
                finish = obj.tear_down

                def tear_down() -> None:
                    finish()
                    drawn()

                obj.tear_down = tear_down
            again = functools.partial(scene_again, scene, job.lesson, settings.lang, settings.voice)
            with texbatch.batched(obj, again):
                obj.render()
        width, height = config.pixel_width, config.pixel_height
        fw, fh = config.frame_width, config.frame_height
    extra = uncovered(set(getattr(obj, "lesson_reads", ())), spec.reads)
    if extra:
        raise LookupError(
            f"{scene} read lesson key(s) {', '.join(extra)} that its entry in the scene list "
            f"(lesson/scenelist.py) does not declare; add them to its reads"
        )
    publish(tex, job.tex_cache)

    def px(box: tuple[tuple[float, float], tuple[float, float]]) -> tuple[int, int, int, int]:
        """Scene box -> pixel box (left, top, right, bottom), at least one pixel each way."""
        (x0, y0), (x1, y1) = box
        sx, sy = width / fw, height / fh
        left, top = math.floor((x0 + fw / 2) * sx), math.floor((fh / 2 - y1) * sy)
        right, bottom = math.ceil((x1 + fw / 2) * sx), math.ceil((fh / 2 - y0) * sy)
        return (left, top, max(right, left + 1), max(bottom, top + 1))

    from pipeline.media import last_frame

    ext = settings.video.ext
    sources = project_sources()
    if spec.text_file.is_file():
        sources.append(str(spec.text_file.relative_to(ROOT)))
    if (ROOT / "manim.cfg").is_file():
        sources.append("manim.cfg")
    videos = [p for p in (work / "media").rglob(f"{scene}.{ext}") if "sections" not in p.parts]
    sections = sorted((work / "media").rglob(f"sections/{scene}_*.{ext}"))
    sound = narrate(narrator, videos[0], sections, work / "narration.wav")
    snapshots = tuple(
        StepSnapshot(
            s.section,
            round(s.time, 4),
            tuple(
                Label(k, s.numbers[k], px(s.number_boxes[k]), s.number_kinds[k]) for k in s.numbers
            ),
        )
        for s in obj.snapshots
    )
    return ClipResult(
        video=str(videos[0]),
        poster=str(last_frame(videos[0], work / "poster.png")),
        subtitles=str(videos[0].with_suffix(".srt")),
        sections=tuple(str(p) for p in sections),
        sources=tuple(sorted(set(sources))),
        lesson_keys=tuple(sorted(getattr(obj, "lesson_reads", ()))),
        snapshots=snapshots,
        audio=sound.audio,
        narration=sound.narration,
        stale=sound.stale,
        rejected=sound.rejected,
        loudness=sound.loudness,
        narration_seconds=sound.narration_seconds,
        reveals=tuple(Reveal(r.key, r.shown, r.said) for r in getattr(obj, "reveals", ())),
    )


@dataclass(frozen=True)
class Narration:
    """What :func:`narrate` put under a clip (the narration fields of :class:`ClipResult`)."""

    audio: str  # the track's WAV, "" for a silent clip
    narration: tuple[SpokenCue, ...]  # each cue: id, key, words, start, duration, voice
    stale: tuple[str, ...]  # recordings that fell back to the synthetic voice
    rejected: tuple[tuple[str, str], ...]  # (file name, reason) of takes unfit to play
    loudness: tuple[float, float] | None  # LUFS and dBTP of the track
    # the takes' time (synthesis) and the CPU time of the track, its encode, loudness and muxes
    # (CPU, not wall: a finishing render runs at a lower priority and waits for the cores)
    narration_seconds: float


def narrate(narrator: Narrator, video: Path, sections: list[Path], wav: Path) -> Narration:
    """Put the scene's narration under its clip and its section clips; describe it.

    The narration track (every take at its caption's start, normalised as a whole) is as
    long as the clip; each section clip gets the part of it under its frames
    (:func:`put_sound`). A silent render (``--voice none``) keeps manim's clips as they are.
    """
    import time
    from concurrent.futures import ThreadPoolExecutor

    from pipeline.media import probe
    from pipeline.voice.audio import write_wav
    from pipeline.voice.loudness import measure

    t0 = time.process_time()  # every thread's: the encode and the meter run on two
    check = narrator.check()
    audio, loudness = "", None
    if narrator.cues:
        info = probe(video)
        track = narrator.track(info.frames / info.fps)
        # the loudness meter lets go of the GIL: it runs beside the encoder and the muxes
        with ThreadPoolExecutor(max_workers=1) as pool:
            level = pool.submit(measure, track)
            final = put_sound(track, video, sections, info.fps)
            lufs, peak = level.result() if final is track else measure(final)
        write_wav(wav, final)
        audio, loudness = str(wav), (round(lufs, 2), round(peak, 2))
    return Narration(
        audio=audio,
        narration=tuple(narrator.cues),
        stale=tuple(str(r.path.name) for r in check.stale),
        rejected=tuple((r.path.name, r.reason) for r in check.rejected),
        loudness=loudness,
        narration_seconds=round(narrator.seconds + time.process_time() - t0, 3),
    )


# How often a track is encoded at most (:func:`put_sound`), and how far under the ceiling a
# track lowered after an overshoot aims, in dB
ENCODES = 4
UNDERSHOOT = 0.05


def put_sound(
    track: np.ndarray, video: Path, sections: list[Path], fps: float, ceiling: float | None = None
) -> np.ndarray:
    """Encode `track` once and put it under `video` and under each of its `sections`.

    Each section clip gets the part of the encoded sound under its frames (in MP4, cut from
    the clip's packets). The track keeps :data:`~pipeline.voice.targets.ENCODER_HEADROOM`
    under the ceiling for the lossy encoder's overshoot, but its make-up gain may use half of
    it, and a voice can overshoot more than the rest (a neural take: 0.26 dB once). So the
    clip's sound is decoded and its true peak measured: one over `ceiling` (default
    :data:`~pipeline.voice.targets.CEILING_DBTP`) lowers the track by the excess and
    :data:`UNDERSHOOT`, and it is encoded again (at most :data:`ENCODES` times).

    Returns
    -------
    numpy.ndarray
        The track under the clip: `track` itself unless it was lowered.
    """
    from concurrent.futures import ThreadPoolExecutor

    from pipeline.media import encode_sound, probe, with_sound
    from pipeline.voice.audio import read_audio
    from pipeline.voice.loudness import true_peak
    from pipeline.voice.targets import CEILING_DBTP, RATE

    top = CEILING_DBTP if ceiling is None else ceiling
    for encoded in range(1, ENCODES + 1):
        sound = encode_sound(track, RATE, video.suffix.lower())
        # the muxes copy packets: two threads overlap their reading and writing
        with ThreadPoolExecutor(max_workers=2) as pool:
            muxed = [pool.submit(with_sound, video, sound, video)]
            start = 0
            for section in sections:
                frames = probe(section).frames
                a, b = round(start * RATE / fps), round((start + frames) * RATE / fps)
                muxed.append(pool.submit(with_sound, section, sound.cut(a, b), section))
                start += frames
            for job in muxed:
                job.result()
        decoded = read_audio(video)
        over = true_peak(decoded) - top
        if over <= 0 or encoded == ENCODES:
            break
        # first where it overshoots only; should that not do, the whole track
        track = lowered(track, decoded, top, over + UNDERSHOOT, here=encoded == 1)
    return track


def lowered(
    track: np.ndarray, decoded: np.ndarray, top: float, db: float, here: bool = True
) -> np.ndarray:
    """`track` lowered by `db` where its encoded sound comes near `top`, or all of it.

    A lossy encoder overshoots at a few sharp onsets (a click in a take can come back 3 dB
    over the ceiling): there the track dips by `db` over a few tens of milliseconds, with
    smooth edges, and its loudness stays where it was. When the sound is near the ceiling
    over more than a fifth of its length, the whole track is lowered by `db`.

    Parameters
    ----------
    track : numpy.ndarray
        The track that was encoded (mono float32 at :data:`~pipeline.voice.targets.RATE`).
    decoded : numpy.ndarray
        Its sound decoded from the clip.
    top : float
        The ceiling, in dBTP.
    db : float
        How far to lower, in dB.
    here : bool
        Lower where it overshoots (False: all of it).

    Returns
    -------
    numpy.ndarray
        float32 samples.
    """
    import numpy as np

    from pipeline.voice.targets import RATE

    step = round(0.01 * RATE)  # windows of 10 ms
    n = min(len(track), len(decoded))
    frames = n // step
    if frames == 0 or not here:
        return (track * 10 ** (-db / 20)).astype(np.float32)
    peaks = np.abs(decoded[: frames * step]).reshape(frames, step).max(axis=1)
    hot = peaks > 10 ** (top / 20)  # where the samples themselves pass the ceiling
    if not hot.any():  # only between samples: where the samples come within 1 dB of their top
        hot = peaks >= peaks.max() * 10 ** (-1 / 20)
    if hot.mean() > 0.2:
        return (track * 10 ** (-db / 20)).astype(np.float32)
    spread = np.convolve(hot.astype(float), np.ones(9), mode="same") > 0  # 40 ms either side
    per_window = 1.0 - spread * (1.0 - 10 ** (-db / 20))
    centres = (np.arange(frames) + 0.5) * step  # a gain per window, linear between (10 ms)
    gain = np.interp(np.arange(len(track)), centres, per_window)
    out: np.ndarray = (track * gain).astype(np.float32)
    return out


def _summary(error: Exception, work: Path) -> str:
    """One line for the author: the TeX error and its source line, or the exception."""
    m = re.search(r"log file: (\S+\.log)", str(error))
    if m and Path(m.group(1)).is_file():
        log = Path(m.group(1))
        shutil.copyfile(log, work / "tex-error.log")
        lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
        bang = next((i for i, ln in enumerate(lines) if ln.startswith("! ")), None)
        if bang is not None:
            where = next((ln for ln in lines[bang:] if re.match(r"l\.\d+ ", ln)), "")
            return f"LaTeX error: {lines[bang][2:]} {where}".strip()
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}"[:300]


def execute(job: ClipJob, drawn: Callable[[], object] | None = None) -> int:
    """Render `job` in this process (`drawn`: see :func:`render`).

    Writes its :class:`ClipResult` to ``result.json`` in the job's work folder; on an error,
    a one-line summary to ``error.txt`` there, and raises.

    Returns
    -------
    int
        0 (the process's exit status).
    """
    try:
        result = render(job, drawn)
    except Exception as e:
        atomic_write(job.work / ERROR, _summary(e, job.work))
        raise
    result.save(job.work / RESULT)
    return 0


# The CPU priority ("nice" value) a local render finishes its clip at, once it has drawn
# every frame: its encoding, sections and sound yield the cores to the renders drawing.
FINISHING_NICE = 10


def finish_in_background(nice: int = FINISHING_NICE) -> None:
    """Lower the CPU priority of every thread of this process to `nice` (if above it now).

    On Linux a priority is a thread's: each thread of the process is set, and threads
    started later inherit it. Elsewhere the calling thread's is.
    """
    try:
        tids = [int(t) for t in os.listdir("/proc/self/task")]
    except OSError:
        tids = [0]
    for tid in tids:
        try:
            if os.getpriority(os.PRIO_PROCESS, tid) < nice:
                os.setpriority(os.PRIO_PROCESS, tid, nice)
        except OSError:  # the thread has ended
            pass


def run_in_process(job: ClipJob, drawn: Event | None = None) -> None:
    """Body of a local worker process: output to the job's log, then render.

    `drawn` is a :class:`multiprocessing.Event` set once every frame is drawn; the rest of
    the render (manim's last encoding and its sections, the sound) then runs at a lower CPU
    priority (:data:`FINISHING_NICE`): the next render, started in its place, draws first.
    """
    fd = os.open(job.log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
    if drawn is None:
        sys.exit(execute(job))
    event = drawn

    def finishing() -> None:
        finish_in_background()
        event.set()

    sys.exit(execute(job, finishing))


def main(argv: list[str] | None = None) -> int:
    """``python -m pipeline.worker JOB.json``: render the job a :class:`ClipJob` file names."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m pipeline.worker JOB.json", file=sys.stderr)
        return 2
    return execute(ClipJob.load(Path(args[0])))


if __name__ == "__main__":
    sys.exit(main())
