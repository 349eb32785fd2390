"""Read rendered videos with PyAV: their metadata, and frames saved as PNG posters."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import av

__all__ = ["VideoInfo", "atomic_path", "last_frame", "probe", "save_frame"]


@dataclass(frozen=True)
class VideoInfo:
    """What a player would report about an MP4."""

    duration: float
    width: int
    height: int
    fps: float
    frames: int


def probe(path: Path | str) -> VideoInfo:
    """Duration, size, frame rate and frame count of a video (counted by demuxing).

    Parameters
    ----------
    path : path-like
        The video file.

    Returns
    -------
    VideoInfo
    """
    with av.open(str(path)) as c:
        s = c.streams.video[0]
        frames = sum(1 for p in c.demux(s) if p.size)
        fps = float(s.guessed_rate or s.average_rate or 0)  # nominal rate
        duration = float(c.duration / av.time_base) if c.duration else frames / fps
        return VideoInfo(duration, s.codec_context.width, s.codec_context.height, fps, frames)


def atomic_path(target: Path) -> Path:
    """A sibling temporary path to write before ``os.replace`` moves it onto `target`."""
    return target.with_name(f".{target.stem}.{os.getpid()}.tmp{target.suffix}")


def save_frame(video: Path | str, time: float, png: Path | str) -> Path:
    """Save the last frame shown at or before `time` seconds as a PNG (written atomically).

    Parameters
    ----------
    video : path-like
        The video file.
    time : float
        Seconds from the start; past the end gives the last frame.
    png : path-like
        Where to write the image.

    Returns
    -------
    pathlib.Path
        The PNG path.
    """
    out = Path(png)
    frame = None
    with av.open(str(video)) as c:
        s = c.streams.video[0]
        for f in c.decode(s):
            if frame is not None and f.time is not None and f.time > time + 1e-6:
                break
            frame = f
    if frame is None:
        raise ValueError(f"{video}: no video frames")
    tmp = atomic_path(out)
    frame.to_image().save(tmp, format="PNG")
    os.replace(tmp, out)
    return out


def last_frame(video: Path | str, png: Path | str) -> Path:
    """Save the final frame of `video` as a PNG."""
    return save_frame(video, float("inf"), png)


def to_gif(video: Path | str, gif: Path | str, width: int = 640, fps: float = 10) -> Path:
    """Convert a clip to a looping GIF (scaled to `width`, `fps` frames a second), atomically.

    Parameters
    ----------
    video : path-like
        The source clip.
    gif : path-like
        Where to write the GIF.
    width : int
        Width in pixels; the height keeps the aspect ratio.
    fps : float
        Frames per second of the GIF.

    Returns
    -------
    pathlib.Path
        The GIF path.
    """
    from PIL import Image

    out = Path(gif)
    frames: list[Image.Image] = []
    next_time = 0.0
    with av.open(str(video)) as c:
        for f in c.decode(video=0):
            t = float(f.time or 0.0)
            if t + 1e-6 < next_time:
                continue
            next_time += 1 / fps
            im = f.to_image()
            im = im.resize((width, round(im.height * width / im.width)), Image.Resampling.LANCZOS)
            frames.append(im.quantize(colors=128, method=Image.Quantize.MEDIANCUT))
    if not frames:
        raise ValueError(f"{video}: no video frames")
    tmp = atomic_path(out)
    frames[0].save(
        tmp,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=round(1000 / fps),
        loop=0,
        optimize=False,
    )
    os.replace(tmp, out)
    return out
