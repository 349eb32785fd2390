"""Join the rendered clips into one lesson video with chapters and subtitles.

The clips are joined by remuxing with PyAV (no re-encoding): every clip of one render has
the same codec, size and frame rate. Subtitles of each clip are shifted to the clip's place
(``lesson.srt``, ``lesson.vtt``); chapter marks at scene boundaries are embedded in the MP4
and written as ``chapters.vtt``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from datetime import timedelta
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import srt

from lesson.catalogue import catalogue, chapter_title
from pipeline.files import atomic_write, replacing
from pipeline.manifest import ChapterMark, Clip, LessonVideo, Manifest

if TYPE_CHECKING:  # PyAV and numpy load when a lesson is joined, not to see it is current
    import av
    from av.audio.stream import AudioStream
    from av.video.stream import VideoStream

__all__ = ["assemble", "clips_digest", "join_lesson", "to_vtt"]

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


def join_lesson(out: Path, manifest: Manifest, order: list[str]) -> float | None:
    """Join the clips of `manifest` into the lesson video when every scene of `order` is there.

    Re-joins only when the clips changed since the last join (or the video is gone); updates
    ``manifest.lesson_video`` and saves the manifest.

    Returns
    -------
    float or None
        Seconds the join took, or None when nothing was joined.
    """
    import time

    if any(s not in manifest.clips for s in order):
        return None
    whole = [manifest.clips[s] for s in order]
    previous = manifest.lesson_video
    if previous and previous.clips_digest == clips_digest(whole) and (out / "lesson.mp4").is_file():
        return None
    t0 = time.monotonic()
    manifest.lesson_video = assemble(out, whole, manifest.lang)
    manifest.save(out)
    return time.monotonic() - t0
