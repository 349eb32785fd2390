"""Join the rendered clips into one lesson video with chapters and subtitles.

The clips are joined by remuxing with PyAV (no re-encoding): every clip of one render has
the same codec, size and frame rate. Subtitles of each clip are shifted to the clip's place
(``lesson.srt``, ``lesson.vtt``); chapter marks at scene boundaries are embedded in the MP4
and written as ``chapters.vtt``.

With a clip store, a joined lesson is kept there too, under the hash of what it is made
from (:func:`join_key`: its clips' input hashes in order, its titles and the joiner's code)::

    <store>/lessons/<key[:2]>/<key>/    lesson.mp4, lesson.srt, lesson.vtt, chapters.vtt,
                                        lesson.json (the manifest's ``lesson_video``)

so a folder whose clips were all joined before (another output folder, a fresh checkout's
build, a variant rebuilt for its page) links the lesson instead of encoding its sound again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from datetime import timedelta
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import srt

from lesson.catalogue import catalogue, chapter_title
from pipeline.files import atomic_write, replacing
from pipeline.manifest import ChapterMark, Clip, LessonVideo, Manifest
from pipeline.settings import ROOT
from pipeline.store import ClipStore, link_file

if TYPE_CHECKING:  # PyAV and numpy load when a lesson is joined, not to see it is current
    import av
    from av.audio.stream import AudioStream
    from av.video.stream import VideoStream

__all__ = ["Joined", "assemble", "clips_digest", "join_key", "join_lesson", "to_vtt"]

# What a clip must share with the first to be joined without re-encoding: its codec, width,
# height and frame rate.
ClipFormat = tuple[str, int, int, Fraction | None]


def clips_digest(clips: list[Clip]) -> str:
    """Hash of the clips a lesson video is made of (their input hashes, in order)."""
    return hashlib.sha256("|".join(c.scene + c.input_hash for c in clips).encode()).hexdigest()


def _timestamp(seconds: float, sep: str) -> str:
    ms = round(seconds * 1000)
    h, rest = divmod(ms, 3_600_000)
    m, rest = divmod(rest, 60_000)
    s, ms = divmod(rest, 1000)
    return f"{h:02d}:{m:02d}:{s:02d}{sep}{ms:03d}"


def to_vtt(cues: list[tuple[float, float, str]]) -> str:
    """WebVTT text of ``(start, end, text)`` cues."""
    blocks = ["WEBVTT", ""]
    for i, (start, end, text) in enumerate(cues, start=1):
        blocks += [str(i), f"{_timestamp(start, '.')} --> {_timestamp(end, '.')}", text, ""]
    return "\n".join(blocks)


def _write_text(path: Path, text: str) -> None:
    atomic_write(path, text)


def _clip_packets(
    path: Path, stream: VideoStream, offset: int, ref: ClipFormat | None
) -> Iterator[av.Packet[VideoStream]]:
    """The video packets of one clip, shifted by `offset` (in `stream`'s time base)."""
    import av

    with av.open(str(path)) as src:
        s = src.streams.video[0]
        here = (s.codec_context.name, s.codec_context.width, s.codec_context.height, s.base_rate)
        if ref is not None and here != ref:
            raise ValueError(f"{path.name}: {here} cannot be joined to {ref} without re-encoding")
        # the demuxer and the muxer have set both time bases
        assert s.time_base is not None and stream.time_base is not None
        scale = Fraction(s.time_base) / Fraction(stream.time_base)
        # B-frames make the first dts negative; the decoding delay is the same in every
        # clip, so shifting pts and dts by the same offset keeps dts rising.
        for packet in src.demux(s):
            if packet.dts is None:
                continue
            assert packet.pts is not None  # a demuxed packet with a dts has a pts
            packet.pts = round(packet.pts * scale) + offset
            packet.dts = round(packet.dts * scale) + offset
            packet.duration = round((packet.duration or 0) * scale)
            packet.stream = stream
            yield packet


def _ends(videos: list[Path], time_base: Fraction) -> list[int]:
    """Where each clip's frames end (pts + duration, in `time_base`), demuxed, not decoded."""
    import av

    ends = []
    for path in videos:
        with av.open(str(path)) as src:
            s = src.streams.video[0]
            assert s.time_base is not None  # set by the demuxer
            scale = Fraction(s.time_base) / time_base
            end = 0
            for packet in src.demux(s):
                if packet.pts is not None:
                    end = max(end, round((packet.pts + (packet.duration or 0)) * scale))
            ends.append(end)
    return ends


def _join(
    videos: list[Path],
    target: Path,
    chapters: list[ChapterMark],
    title: str,
    audio: list[Path | None] | None = None,
) -> list[float]:
    """Remux `videos` one after another into `target`; return each clip's start in seconds.

    When any clip has a narration track (`audio`, a WAV per clip or None), the joined video
    gets one continuous audio track: each clip's narration at the clip's start, silence
    for a clip without, encoded once (so there is no gap or click at a join), as long as
    the video.
    """
    import av
    import numpy as np

    from pipeline.media import add_audio_stream, audio_packets, mux_packets
    from pipeline.voice.audio import read_audio
    from pipeline.voice.targets import RATE

    starts: list[float] = []
    with replacing(target) as tmp, av.open(str(tmp), "w", format="mp4") as dst:
        dst.metadata["title"] = title
        with av.open(str(videos[0])) as first:
            s = first.streams.video[0]
            stream = dst.add_stream_from_template(s)
            ref = (s.codec_context.name, s.codec_context.width, s.codec_context.height, s.base_rate)
        tb = Fraction(1, 15360) if stream.time_base is None else Fraction(stream.time_base)
        ends = _ends(videos, tb)
        offsets = [0]
        for end in ends:
            offsets.append(offsets[-1] + end)
        starts = [float(o * tb) for o in offsets[:-1]]
        packets: list[av.Packet[AudioStream]] = []
        if audio and any(a is not None for a in audio):
            track = np.zeros(round(float(offsets[-1] * tb) * RATE), np.float32)
            for start, wav in zip(starts, audio, strict=True):
                if wav is None:
                    continue
                x = read_audio(wav)
                a = round(start * RATE)
                x = x[: len(track) - a]
                track[a : a + len(x)] = x
            packets = audio_packets(add_audio_stream(dst, ".mp4", RATE), track, RATE)

        def video_packets() -> Iterator[av.Packet[VideoStream]]:
            for path, offset in zip(videos, offsets, strict=False):
                yield from _clip_packets(path, stream, offset, ref)

        mux_packets(dst, video_packets(), packets)
        tb = Fraction(stream.time_base) if stream.time_base else Fraction(1, 1000)
        dst.set_chapters(
            [
                {
                    "id": i + 1,
                    "start": round(Fraction(c.start) / tb),
                    "end": round(Fraction(c.end) / tb),
                    "time_base": tb,
                    "metadata": {"title": c.title},
                }
                for i, c in enumerate(chapters)
            ]
        )
    return starts


def assemble(out: Path, clips: list[Clip], lang: str) -> LessonVideo:
    """Write ``lesson.mp4``, ``lesson.srt``, ``lesson.vtt`` and ``chapters.vtt`` into `out`.

    Parameters
    ----------
    out : Path
        The render folder holding the clips.
    clips : list of Clip
        Manifest entries of the clips, in lesson order.
    lang : str
        Language of the chapter titles.

    Returns
    -------
    LessonVideo
        The manifest's ``lesson_video`` entry: file names, duration, chapters, clips' digest.
    """
    from pipeline.media import probe

    chapters, t = [], 0.0
    for c in clips:
        chapters.append(ChapterMark(c.scene, chapter_title(c.scene, lang), t, t + c.duration))
        t += c.duration
    title = catalogue(lang)["lesson_video_title"]
    video = out / "lesson.mp4"
    audio = [out / c.audio if c.audio else None for c in clips]
    starts = _join([out / c.video for c in clips], video, chapters, title, audio)
    # chapters start where each clip's frames actually start in the joined stream
    chapters = [
        ChapterMark(c.scene, c.title, s, (starts + [None])[i + 1] or c.end)
        for i, (c, s) in enumerate(zip(chapters, starts, strict=True))
    ]
    cues: list[tuple[float, float, str]] = []
    for c, start in zip(clips, starts, strict=True):
        for sub in srt.parse((out / c.subtitles).read_text(encoding="utf-8")):
            cues.append(
                (start + sub.start.total_seconds(), start + sub.end.total_seconds(), sub.content)
            )
    subs = [
        srt.Subtitle(i + 1, timedelta(seconds=a), timedelta(seconds=b), text)
        for i, (a, b, text) in enumerate(cues)
    ]
    _write_text(out / "lesson.srt", srt.compose(subs, reindex=False))
    _write_text(out / "lesson.vtt", to_vtt(cues))
    _write_text(out / "chapters.vtt", to_vtt([(c.start, c.end, c.title) for c in chapters]))
    info = probe(video)
    return LessonVideo(
        video=video.name,
        subtitles="lesson.srt",
        captions="lesson.vtt",
        chapters_file="chapters.vtt",
        duration=round(info.duration, 4),
        frames=info.frames,
        chapters=tuple(
            ChapterMark(c.scene, c.title, round(c.start, 4), round(c.end, 4)) for c in chapters
        ),
        clips_digest=clips_digest(clips),
    )


# The files of a joined lesson, as :func:`assemble` names them, and the store's folder of them.
LESSON_FILES = ("lesson.mp4", "lesson.srt", "lesson.vtt", "chapters.vtt")
JOINED = "lessons"
# The joiner's code: what a stored lesson was joined by (a superset: every module of both).
JOINER_DIRS = ("publish", "pipeline")


@dataclass(frozen=True)
class Joined:
    """A lesson brought together: how long it took, and whether the store had it joined."""

    seconds: float
    from_store: bool


def join_key(clips: list[Clip], lang: str) -> str:
    """Hash of everything a joined lesson is made from.

    Its clips (scene and input hash, in order), the language, the video's and the chapters'
    titles, PyAV's version and every source file of ``publish/`` and ``pipeline/``.
    """
    from importlib.metadata import version

    code = {
        str(f.relative_to(ROOT)): hashlib.sha256(f.read_bytes()).hexdigest()
        for d in JOINER_DIRS
        for f in sorted((ROOT / d).rglob("*.py"))
    }
    blob = {
        "clips": clips_digest(clips),
        "lang": lang,
        "title": catalogue(lang)["lesson_video_title"],
        "chapters": [chapter_title(c.scene, lang) for c in clips],
        "av": version("av"),
        "code": code,
    }
    return hashlib.sha256(json.dumps(blob, sort_keys=True).encode()).hexdigest()


def _stored_lesson(store: ClipStore, whole: list[Clip], lang: str) -> Path:
    """The store's folder for the lesson joined from `whole` (complete when it has its json)."""
    key = join_key(whole, lang)
    return store.root / JOINED / key[:2] / key


def _store_lesson(store: ClipStore, final: Path, out: Path, video: LessonVideo) -> None:
    """Keep the lesson just joined in `out` in the store at `final` (whole or not at all)."""
    tmp = store.work_dir(f"lesson-{final.name[:12]}")
    try:
        for name in LESSON_FILES:
            link_file(out / name, tmp / name)
        atomic_write(tmp / "lesson.json", json.dumps(asdict(video), indent=2) + "\n")
        final.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.rename(tmp, final)
        except OSError:  # stored meanwhile by another process (a non-empty target)
            if not (final / "lesson.json").is_file():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def join_lesson(
    out: Path, manifest: Manifest, order: list[str], store: ClipStore | None = None
) -> Joined | None:
    """Join the clips of `manifest` into the lesson video when every scene of `order` is there.

    Re-joins only when the clips changed since the last join (or the video is gone); updates
    ``manifest.lesson_video`` and saves the manifest. With a `store`, a lesson joined from the
    same clips before is linked from it, and a fresh join is kept in it.

    Returns
    -------
    Joined or None
        How the lesson was brought together, or None when nothing was to do.
    """
    import time

    if any(s not in manifest.clips for s in order):
        return None
    whole = [manifest.clips[s] for s in order]
    previous = manifest.lesson_video
    if previous and previous.clips_digest == clips_digest(whole) and (out / "lesson.mp4").is_file():
        return None
    t0 = time.monotonic()
    stored = _stored_lesson(store, whole, manifest.lang) if store is not None else None
    if stored is not None and (stored / "lesson.json").is_file():
        for name in LESSON_FILES:
            link_file(stored / name, out / name)
        data = json.loads((stored / "lesson.json").read_text(encoding="utf-8"))
        manifest.lesson_video = LessonVideo.from_dict(data)
        manifest.save(out)
        return Joined(time.monotonic() - t0, True)
    manifest.lesson_video = assemble(out, whole, manifest.lang)
    manifest.save(out)
    if store is not None and stored is not None:
        _store_lesson(store, stored, out, manifest.lesson_video)
    return Joined(time.monotonic() - t0, False)
