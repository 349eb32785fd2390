"""What the recording studio decodes: the audio a browser records, and nothing else.

An upload is a take only when its first bytes say it is one of the formats a browser records
(:data:`FORMATS`): WAV (``RIFF…WAVE``, PCM samples), FLAC (``fLaC``), WebM (an EBML header
whose document type is ``webm``; Opus) or Ogg (``OggS``; Opus, Vorbis or FLAC). Anything else
(an ffconcat or HLS playlist, MP3, MP4, a Matroska file that is not WebM) is refused before
a demuxer sees it. The demuxer is then forced to the format sniffed, reads the upload from
memory and may open nothing else (no concat, no playlists, no file or network protocols):
a demuxer that asks to open another file is refused.

Length is checked twice. The container's header (WAV's data size, FLAC's STREAMINFO, Ogg's
last granule position) gives the duration before any sample is decoded, and an upload that
says it is longer than the cap is refused there. A header that says nothing (a browser's
WebM, a FLAC written as a stream) or that lies is caught by the decode itself, which counts
the samples as they come and stops at the cap: a few kilobytes of compressed silence that
would decode to an hour never grow beyond the cap's worth of samples.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, NoReturn

import av
import numpy as np

from pipeline.voice.samples import AnySamples, Samples

__all__ = [
    "FORMATS",
    "MAX_CHANNELS",
    "MAX_RATE",
    "Format",
    "TakeRefused",
    "decode_upload",
    "sniff",
]

MAX_CHANNELS = 2  # a microphone gives one or two
MAX_RATE = 96_000  # samples per second, per channel (a microphone gives 44.1 or 48 kHz)


class TakeRefused(ValueError):
    """An upload that is not a take at all: too large, too long, or not audio.

    Attributes
    ----------
    status : int
        The HTTP status the studio answers with (413 or 415).
    """

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status


@dataclass(frozen=True)
class Format:
    """A format the studio accepts.

    Attributes
    ----------
    name : str
        Its name in messages.
    demuxer : str
        The FFmpeg demuxer forced on it.
    codecs : frozenset of str
        The codecs its audio may be in.
    """

    name: str
    demuxer: str
    codecs: frozenset[str]


_PCM = ("pcm_u8", "pcm_s16le", "pcm_s24le", "pcm_s32le", "pcm_f32le", "pcm_f64le")
FORMATS = {
    "wav": Format("WAV", "wav", frozenset(_PCM)),
    "flac": Format("FLAC", "flac", frozenset({"flac"})),
    "webm": Format("WebM", "matroska", frozenset({"opus"})),
    "ogg": Format("Ogg", "ogg", frozenset({"opus", "vorbis", "flac"})),
}
_EBML = b"\x1a\x45\xdf\xa3"
_DOCTYPE = 0x4282


def _vint(data: bytes, at: int, *, marker: bool) -> tuple[int, int]:
    """An EBML variable-length integer at `at`: its value and the position after it.

    With `marker` the length bit is kept (an element id); without it, it is removed (a size).
    """
    if at >= len(data) or data[at] == 0:
        raise ValueError("not an EBML number")
    length = 9 - data[at].bit_length()
    if at + length > len(data):
        raise ValueError("an EBML number past the end")
    value = int.from_bytes(data[at : at + length], "big")
    if not marker:
        value &= (1 << (7 * length)) - 1
    return value, at + length


def _ebml_doctype(data: bytes) -> bytes | None:
    """The document type in an EBML header (``webm``, ``matroska``), None if it has none."""
    try:
        _, at = _vint(data, 0, marker=True)
        size, at = _vint(data, at, marker=False)
        end = min(len(data), at + size)
        while at < end:
            element, at = _vint(data, at, marker=True)
            size, at = _vint(data, at, marker=False)
            if element == _DOCTYPE:
                return data[at : at + size].rstrip(b"\0")
            at += size
    except ValueError:
        return None
    return None


def sniff(data: bytes) -> Format:
    r"""The accepted format an upload's first bytes say it is.

    Parameters
    ----------
    data : bytes
        The upload.

    Returns
    -------
    Format
        One of :data:`FORMATS`.

    Raises
    ------
    TakeRefused
        415 when the first bytes are none of them.

    Examples
    --------
    >>> sniff(b"RIFF\x24\x00\x00\x00WAVEfmt ").name
    'WAV'
    >>> sniff(b"ffconcat version 1.0\nfile take.wav\n")
    Traceback (most recent call last):
    ...
    pipeline.voice.uploads.TakeRefused: not audio: the upload is not WAV, FLAC, WebM or Ogg
    """
    if data[:4] == b"RIFF" and data[8:12] == b"WAVE":
        return FORMATS["wav"]
    if data[:4] == b"fLaC":
        return FORMATS["flac"]
    if data[:4] == b"OggS":
        return FORMATS["ogg"]
    if data[:4] == _EBML:
        doctype = _ebml_doctype(data[:256])
        if doctype == b"webm":
            return FORMATS["webm"]
        kind = (doctype or b"unknown").decode("ascii", "replace")
        raise TakeRefused(415, f"not audio: an EBML file of type {kind!r}, not WebM")
    raise TakeRefused(415, "not audio: the upload is not WAV, FLAC, WebM or Ogg")


def _no_other_file(url: str, flags: int, options: dict[str, str]) -> NoReturn:
    """The demuxer's way to open another file: always refused."""
    raise PermissionError(f"an upload may not open {url!r}")


def _header_seconds(container: Any, stream: Any) -> float | None:
    """The duration the container's header gives, before decoding; None when it says none."""
    if stream.duration is not None and stream.time_base is not None and stream.duration > 0:
        return float(stream.duration * stream.time_base)
    if container.duration is not None and container.duration > 0:
        return float(container.duration / av.time_base)
    return None


def decode_upload(data: bytes, max_seconds: float, rate: int | None = None) -> tuple[Samples, int]:
    """Decode an upload of a format a browser records, at most `max_seconds` of it.

    Parameters
    ----------
    data : bytes
        The upload.
    max_seconds : float
        The longest take: an upload whose header says it is longer is refused before it is
        decoded, and the decode stops (and refuses) as soon as it passes this length.
    rate : int, optional
        Sample rate of the result (default: the upload's own, samples untouched).

    Returns
    -------
    tuple
        float32 samples ``(channels, n)`` in [-1, 1], and their rate.

    Raises
    ------
    TakeRefused
        415 when the upload is not one of :data:`FORMATS`, holds no audio in one of the
        format's codecs, has more than :data:`MAX_CHANNELS` channels or a rate over
        :data:`MAX_RATE`, or cannot be decoded; 413 when it is longer than `max_seconds`.
    """
    kind = sniff(data)
    chunks: list[AnySamples] = []
    try:
        with av.open(
            io.BytesIO(data), mode="r", format=kind.demuxer, io_open=_no_other_file
        ) as container:
            if not container.streams.audio:
                raise TakeRefused(415, f"not audio: the {kind.name} file has no sound")
            stream = container.streams.audio[0]
            codec = stream.codec_context.name
            if codec not in kind.codecs:
                raise TakeRefused(415, f"not audio: {kind.name} holding {codec}")
            channels, own = stream.codec_context.channels, stream.codec_context.sample_rate
            if not 0 < channels <= MAX_CHANNELS or not 0 < own <= MAX_RATE:
                raise TakeRefused(
                    415, f"not audio: {channels} channels at {own} Hz (a microphone's, please)"
                )
            said = _header_seconds(container, stream)
            if said is not None and said > max_seconds:
                raise TakeRefused(
                    413, f"too long: {said:.1f} s by its header, over {max_seconds:g} s"
                )
            limit = round(max_seconds * own)
            decoded = 0
            out_rate = rate or own
            resampler = None
            for frame in container.decode(stream):
                decoded += frame.samples
                if decoded > limit:
                    raise TakeRefused(
                        413, f"too long: over {max_seconds:g} s (decoding stopped there)"
                    )
                if resampler is None:
                    resampler = av.AudioResampler(
                        format="fltp", layout=frame.layout.name, rate=out_rate
                    )
                chunks += [f.to_ndarray() for f in resampler.resample(frame)]
            if resampler is not None:
                chunks += [f.to_ndarray() for f in resampler.resample(None)]
    except TakeRefused:
        raise
    except (av.error.FFmpegError, OSError, ValueError, IndexError):
        raise TakeRefused(415, f"not audio: the {kind.name} upload cannot be decoded") from None
    if not chunks:
        return np.zeros((1, 0), np.float32), out_rate
    return np.concatenate(chunks, axis=1).astype(np.float32), out_rate
