"""Join the rendered clips into one lesson video with chapters and subtitles.

The clips are joined by remuxing with PyAV (no re-encoding): every clip of one render has
the same codec, size and frame rate. Subtitles of each clip are shifted to the clip's place
(``lesson.srt``, ``lesson.vtt``); chapter marks at scene boundaries are embedded in the MP4
and written as ``chapters.vtt``.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from datetime import timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

import av
import srt

from lecture.media import atomic_path
from scenes.strings import catalogue

__all__ = ["Chapter", "assemble", "chapter_title", "clips_digest", "to_vtt"]


@dataclass(frozen=True)
class Chapter:
    """A scene's span in the joined lesson, in seconds."""

    scene: str
    title: str
    start: float
    end: float


def chapter_title(scene: str, lang: str) -> str:
    """The chapter title of `scene` in `lang` (quiz questions are numbered)."""
    strings = catalogue(lang)
    m = re.fullmatch(r"QuizQuestion(\d+)", scene)
    if m:
        return strings["chapter_quiz"].format(number=int(m.group(1)))
    return strings[f"chapter_{scene}"]


def clips_digest(clips: list[dict[str, Any]]) -> str:
    """Hash of the clips a lesson video is made of (their input hashes, in order)."""
    return hashlib.sha256(
        "|".join(c["scene"] + c["input_hash"] for c in clips).encode()
    ).hexdigest()


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
    tmp = atomic_path(path)
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _join(videos: list[Path], target: Path, chapters: list[Chapter], title: str) -> list[float]:
    """Remux `videos` one after another into `target`; return each clip's start in seconds."""
    starts: list[float] = []
    tmp = atomic_path(target)
    with av.open(str(tmp), "w", format="mp4") as dst:
        dst.metadata["title"] = title
        stream = None
        offset = 0  # in the output stream's time base
        for path in videos:
            with av.open(str(path)) as src:
                s = src.streams.video[0]
                if stream is None:
                    stream = dst.add_stream_from_template(s)
                    ref = (
                        s.codec_context.name,
                        s.codec_context.width,
                        s.codec_context.height,
                        s.base_rate,
                    )
                here = (
                    s.codec_context.name,
                    s.codec_context.width,
                    s.codec_context.height,
                    s.base_rate,
                )
                if here != ref:
                    raise ValueError(
                        f"{path.name}: {here} cannot be joined to {ref} without re-encoding"
                    )
                scale = Fraction(s.time_base) / Fraction(stream.time_base)
                starts.append(float(offset * Fraction(stream.time_base)))
                end = offset
                # B-frames make the first dts negative; the decoding delay is the same in
                # every clip, so shifting pts and dts by the same offset keeps dts rising.
                for packet in src.demux(s):
                    if packet.dts is None:
                        continue
                    pts = round(packet.pts * scale) + offset
                    dts = round(packet.dts * scale) + offset
                    dur = round((packet.duration or 0) * scale)
                    packet.pts, packet.dts = pts, dts
                    packet.stream = stream
                    dst.mux(packet)
                    end = max(end, pts + dur)
                offset = end
        tb = Fraction(stream.time_base) if stream else Fraction(1, 1000)
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
    os.replace(tmp, target)
    return starts


def assemble(out: Path, clips: list[dict[str, Any]], lang: str) -> dict[str, Any]:
    """Write ``lesson.mp4``, ``lesson.srt``, ``lesson.vtt`` and ``chapters.vtt`` into `out`.

    Parameters
    ----------
    out : Path
        The render folder holding the clips.
    clips : list of dict
        Manifest entries of the clips, in lesson order.
    lang : str
        Language of the chapter titles.

    Returns
    -------
    dict
        The manifest's ``lesson`` entry: file names, duration, chapters, the clips' digest.
    """
    chapters, t = [], 0.0
    for c in clips:
        chapters.append(Chapter(c["scene"], chapter_title(c["scene"], lang), t, t + c["duration"]))
        t += c["duration"]
    title = catalogue(lang)["lesson_video_title"]
    video = out / "lesson.mp4"
    starts = _join([out / c["video"] for c in clips], video, chapters, title)
    # chapters start where each clip's frames actually start in the joined stream
    chapters = [
        Chapter(c.scene, c.title, s, (starts + [None])[i + 1] or c.end)
        for i, (c, s) in enumerate(zip(chapters, starts, strict=True))
    ]
    cues: list[tuple[float, float, str]] = []
    for c, start in zip(clips, starts, strict=True):
        for sub in srt.parse((out / c["subtitles"]).read_text(encoding="utf-8")):
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
    from lecture.media import probe

    info = probe(video)
    return {
        "video": video.name,
        "subtitles": "lesson.srt",
        "captions": "lesson.vtt",
        "chapters_file": "chapters.vtt",
        "duration": round(info.duration, 4),
        "frames": info.frames,
        "chapters": [
            {"scene": c.scene, "title": c.title, "start": round(c.start, 4), "end": round(c.end, 4)}
            for c in chapters
        ],
        "clips_digest": clips_digest(clips),
    }
