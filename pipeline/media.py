"""Read rendered videos with PyAV: their metadata, and frames saved as PNG posters."""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import av
import numpy as np

from pipeline.files import replacing

if TYPE_CHECKING:
    from av.audio.stream import AudioStream
    from av.container import OutputContainer
    from av.video.stream import VideoStream
    from PIL import Image

__all__ = [
    "AUDIO_CODECS",
    "Sound",
    "VideoInfo",
    "add_audio_stream",
    "audio_packets",
    "encode_sound",
    "frame_image",
    "last_frame",
    "mux_packets",
    "probe",
    "save_frame",
    "still_stretches",
    "with_sound",
]

STILL = 6.0  # seconds a picture may stand still in a teaching scene
SAME = 0.02  # mean difference of two frames' grey levels (0-255) under which they are the same


# Container -> the audio codec its clips carry (WebM takes Opus; MP4 and QuickTime AAC).
AUDIO_CODECS: dict[str, Literal["aac", "libopus"]] = {
    ".mp4": "aac",
    ".mov": "aac",
    ".webm": "libopus",
}


@dataclass(frozen=True)
class VideoInfo:
    """What a player would report about an MP4."""

    duration: float
    width: int
    height: int
    fps: float
    frames: int


def probe(path: Path | str) -> VideoInfo:
    """Duration, size, frame rate and frame count of a video (timed by demuxing).

    The frame count is of frames shown at the nominal rate: a clip's held picture is one
    frame of long duration in the file (:mod:`pipeline.encoding`) and counts for as many
    frames as it is shown. The nominal rate is the stream's shortest step between frames.

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
        first, end = None, 0
        for p in c.demux(s):
            if p.size and p.pts is not None:
                first = p.pts if first is None else min(first, p.pts)
                end = max(end, p.pts + (p.duration or 0))
        fps = float(s.guessed_rate or s.average_rate or 0)  # nominal rate
        assert s.time_base is not None  # set by the demuxer
        shown = (end - (first or 0)) * s.time_base  # seconds from the first frame to the end
        frames = round(shown * fps)
        duration = float(c.duration / av.time_base) if c.duration else float(shown)
        return VideoInfo(duration, s.codec_context.width, s.codec_context.height, fps, frames)


def frame_image(frame: av.VideoFrame) -> Image.Image:
    """`frame` as a PIL image (PyAV's ``VideoFrame.to_image``, which its stubs leave untyped)."""
    image: Image.Image = frame.to_image()  # type: ignore[no-untyped-call]
    return image


def _shown_at(frames: Iterable[av.VideoFrame], time: float) -> av.VideoFrame | None:
    """The last of `frames` (decoded in order) that starts at or before `time` seconds."""
    frame = None
    for f in frames:
        if frame is not None and f.time is not None and f.time > time + 1e-6:
            break
        frame = f
    return frame


def still_stretches(video: Path | str, least: float = STILL) -> list[tuple[float, float]]:
    """Where a video's picture stands still for more than `least` seconds.

    Consecutive frames whose grey levels differ by less than :data:`SAME` on average (and
    by no more than a faint pixel anywhere) are the same picture; a run of them longer than
    `least` is a still stretch.

    Parameters
    ----------
    video : Path or str
        A rendered clip.
    least : float
        Longest stretch that is not reported, in seconds.

    Returns
    -------
    list of (float, float)
        Each stretch's start and length in seconds, in order.
    """
    out: list[tuple[float, float]] = []
    with av.open(str(video)) as container:
        stream = container.streams.video[0]
        base = stream.time_base
        prev: np.ndarray | None = None
        start = last = 0.0
        for frame in container.decode(stream):
            t = float(frame.pts * base) if frame.pts is not None and base else last
            grey = frame.to_ndarray(format="gray").astype(np.int16)
            same = prev is not None and (
                float(np.abs(grey - prev).mean()) < SAME and int(np.abs(grey - prev).max()) < 40
            )
            if not same:
                if last - start > least:
                    out.append((round(start, 2), round(last - start, 2)))
                start = t
            prev, last = grey, t
        if last - start > least:
            out.append((round(start, 2), round(last - start, 2)))
    return out


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
        if s.time_base is not None and (c.duration or math.isfinite(time)):
            # decode from the last keyframe at or before `time`, not from the start: frames
            # after a keyframe decode the same either way (x264's keyframes are IDR frames)
            end = c.duration / av.time_base if c.duration else time
            c.seek(int(min(time, end) / s.time_base), stream=s, backward=True, any_frame=False)
        frame = _shown_at(c.decode(s), time)
    if frame is None:  # the seek found nothing: decode from the start
        with av.open(str(video)) as c:
            frame = _shown_at(c.decode(c.streams.video[0]), time)
    if frame is None:
        raise ValueError(f"{video}: no video frames")
    with replacing(out) as tmp:
        frame_image(frame).save(tmp, format="PNG")
    return out


def last_frame(video: Path | str, png: Path | str) -> Path:
    """Save the final frame of `video` as a PNG."""
    return save_frame(video, float("inf"), png)


def _add_gif_frame(
    frames: list[Image.Image], ticks: list[int], f: av.VideoFrame, n: int, width: int
) -> None:
    """Append `f`, scaled to `width` and quantized, to last `n` ticks of a GIF."""
    from PIL import Image

    im = frame_image(f)
    im = im.resize((width, round(im.height * width / im.width)), Image.Resampling.LANCZOS)
    frames.append(im.quantize(colors=128, method=Image.Quantize.MEDIANCUT))
    ticks.append(n)


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
    out = Path(gif)
    # tick k of the GIF (at k / fps seconds) shows the clip's frame shown then; a picture
    # held over several ticks (the clip's holds are frames of long duration) is one GIF
    # frame that lasts as long
    frames: list[Image.Image] = []
    ticks: list[int] = []
    tick = 0
    with av.open(str(video)) as c:
        s = c.streams.video[0]
        end = float(c.duration / av.time_base) if c.duration else None
        shown = None
        for f in c.decode(s):
            t = float(f.time or 0.0)
            first = tick
            while tick / fps < t - 1e-6:
                tick += 1
            if shown is not None and tick > first:
                _add_gif_frame(frames, ticks, shown, tick - first, width)
            shown = f
        if shown is not None:
            first = tick
            tick = max(tick + 1, math.ceil((end or 0) * fps - 1e-6))
            _add_gif_frame(frames, ticks, shown, tick - first, width)
    if not frames:
        raise ValueError(f"{video}: no video frames")
    with replacing(out) as tmp:
        frames[0].save(
            tmp,
            format="GIF",
            save_all=True,
            append_images=frames[1:],
            duration=[round(n * 1000 / fps) for n in ticks],
            loop=0,
            optimize=False,
        )
    return out


def audio_packets(
    stream: AudioStream, samples: np.ndarray, rate: int
) -> list[av.Packet[AudioStream]]:
    """Encode mono float `samples` at `rate` with `stream`'s encoder (all packets, flushed)."""
    x = np.asarray(samples)
    packets: list[av.Packet[AudioStream]] = []
    step = rate * 10  # ten seconds a frame: the encoder cuts its own frames
    for i in range(0, len(x), step):  # clipped a frame at a time: no copy of the whole track
        part = np.clip(x[i : i + step], -1.0, 1.0).astype(np.float32)[np.newaxis, :]
        frame = av.AudioFrame.from_ndarray(part, format="flt", layout="mono")
        frame.sample_rate, frame.pts, frame.time_base = rate, i, Fraction(1, rate)
        packets += stream.encode(frame)
    packets += stream.encode(None)
    return packets


def _time(packet: av.Packet[Any]) -> Fraction:
    stamp = packet.dts if packet.dts is not None else packet.pts
    return Fraction(stamp or 0) * Fraction(packet.time_base)


def mux_packets(
    dst: OutputContainer,
    video: Iterable[av.Packet[VideoStream]],
    audio: list[av.Packet[AudioStream]],
) -> None:
    """Mux video packets (in decoding order) and audio packets, interleaved by time."""
    pending: Iterator[av.Packet[AudioStream]] = iter(audio)
    nxt = next(pending, None)
    for packet in video:
        while nxt is not None and _time(nxt) <= _time(packet):
            dst.mux(nxt)
            nxt = next(pending, None)
        dst.mux(packet)
    while nxt is not None:
        dst.mux(nxt)
        nxt = next(pending, None)


def add_audio_stream(dst: OutputContainer, suffix: str, rate: int) -> AudioStream:
    """A mono audio stream in `dst` with the codec of its container (:data:`AUDIO_CODECS`)."""
    stream = dst.add_stream(AUDIO_CODECS[suffix], rate=rate, layout="mono")
    stream.bit_rate = 128_000 if AUDIO_CODECS[suffix] == "aac" else 96_000
    if AUDIO_CODECS[suffix] == "aac":
        # the fast coder: twice as fast, and speech is plain. No noise substitution: a decoder
        # fills such bands from its own random state, so a section's copied packets would
        # decode a little differently from the clip's; without it they decode the same
        stream.codec_context.options = {"aac_coder": "fast", "aac_pns": "0"}
    return stream


# Containers whose sound a part of can be cut from the whole track's packets, to the sample:
# MP4 and QuickTime keep each packet's duration and an edit list, which starts the part's
# sound at its first sample and ends it at its last, though the packets copied begin up to
# two AAC frames before it (one to decode from, since an AAC frame overlaps the one before)
# and end up to one after. Matroska (WebM's Opus) keeps neither: a part is encoded again.
CUT_BY_COPY = frozenset({".mp4", ".mov"})


@dataclass(frozen=True, eq=False)
class Sound:
    """A mono track encoded once for one kind of container, ready to be muxed or cut.

    ``samples`` is the track the sound plays; ``packets`` are the encoder's, each ``(pts,
    duration, payload)`` with times in samples from the track's first (a time base of
    1 / ``rate``). The first packets start before it (the encoder's priming), and a cut's
    may start a frame or two before (see :data:`CUT_BY_COPY`).
    """

    suffix: str
    rate: int
    samples: np.ndarray
    packets: tuple[tuple[int, int, bytes], ...]

    def cut(self, start: int, end: int) -> Sound:
        """The sound of samples ``start`` to ``end`` of this one (times relative to its start).

        In MP4 and QuickTime the part's packets are copied from this sound's, not encoded
        again: it decodes to the very samples this sound decodes to there; in WebM the part
        is encoded on its own.

        Parameters
        ----------
        start, end : int
            The part's first sample and the sample after its last, ``0 <= start <= end``.

        Returns
        -------
        Sound
            A sound whose times are relative to ``start``.

        Examples
        --------
        >>> x = np.sin(np.arange(48_000) / 9).astype(np.float32) / 4
        >>> part = encode_sound(x, 48_000, ".mp4").cut(12_000, 30_000)
        >>> len(part.samples), part.packets[-1][0] + part.packets[-1][1]
        (18000, 18000)
        >>> part.packets[0][0] <= -1024 and part.packets[-1][0] < 18_000
        True
        """
        if not 0 <= start <= end:
            raise ValueError(f"a cut from sample {start} to sample {end}")
        if self.suffix not in CUT_BY_COPY:
            return encode_sound(self.samples[start:end], self.rate, self.suffix)
        frame = max((d for _, d, _ in self.packets), default=0)
        kept = [
            (p - start, d, x)
            for p, d, x in self.packets
            if start < end and p + d > start - frame and p < end
        ]
        if kept:  # the last packet ends where the part does (its edit list ends the sound)
            p, _, x = kept[-1]
            kept[-1] = (p, end - start - p, x)
        return Sound(self.suffix, self.rate, self.samples[start:end], tuple(kept))


def encode_sound(samples: np.ndarray, rate: int, suffix: str) -> Sound:
    """Encode mono float `samples` at `rate` once, with the codec of `suffix`'s container.

    Parameters
    ----------
    samples : numpy.ndarray
        The track, floats in [-1, 1] (clipped).
    rate : int
        Samples per second.
    suffix : str
        The container's suffix (a key of :data:`AUDIO_CODECS`): ``.mp4``, ``.mov``, ``.webm``.

    Returns
    -------
    Sound
    """
    with av.open(io.BytesIO(), "w", format="matroska" if suffix == ".webm" else "mp4") as tmp:
        stream = add_audio_stream(tmp, suffix, rate)
        packets = tuple(
            (int(p.pts or 0), int(p.duration or 0), bytes(p))
            for p in audio_packets(stream, samples, rate)
        )
    return Sound(suffix, rate, np.asarray(samples), packets)


def with_sound(video: Path | str, sound: Sound, target: Path | str) -> Path:
    """`video`'s picture (copied, not re-encoded) with `sound` as its sound, into `target`.

    `sound` should be as long as the video and encoded for `target`'s container
    (:func:`encode_sound`, :meth:`Sound.cut`). `target` is written aside and moved into place
    (it may be `video`).

    Returns
    -------
    pathlib.Path
        `target`.
    """
    out = Path(target)
    if out.suffix.lower() != sound.suffix:
        raise ValueError(f"{out.name}: a sound encoded for {sound.suffix}")
    with replacing(out) as tmp:
        with av.open(str(video)) as src, av.open(str(tmp), "w") as dst:
            vin = src.streams.video[0]
            vout = dst.add_stream_from_template(vin)
            if vin.metadata.get("alpha_mode") == "1":
                # a transparent WebM: the muxer marks the track as alpha (AlphaMode) for a
                # picture format with alpha; the alpha planes travel with the packets
                vout.codec_context.pix_fmt = "yuva420p"
            # the stream's encoder is opened by the container (it writes the codec's setup
            # into the file) and encodes nothing: the packets were encoded with its settings
            aout = add_audio_stream(dst, sound.suffix, sound.rate)
            tb = Fraction(1, sound.rate)
            packets: list[av.Packet[AudioStream]] = []
            for pts, duration, payload in sound.packets:
                packet: av.Packet[AudioStream] = av.Packet(payload)  # type: ignore[assignment]
                packet.pts = packet.dts = pts
                packet.duration, packet.time_base, packet.stream = duration, tb, aout
                packets.append(packet)

            def copied() -> Iterator[av.Packet[VideoStream]]:
                for packet in src.demux(vin):
                    if packet.dts is None:
                        continue
                    packet.stream = vout
                    yield packet

            mux_packets(dst, copied(), packets)
    return out
