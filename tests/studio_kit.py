"""What the studio's tests and its benchmark send it: one cue, voices and uploads.

``tests/test_studio.py`` and ``bench/studio_uploads.py`` serve the same one-cue studio and
make the same takes (a voice the lesson never uses, noise, files of the formats a browser
records and of those it does not), so both measure the studio on the same inputs.
"""

from __future__ import annotations

import io
import subprocess
import wave
from pathlib import Path

import numpy as np

RATE = 48_000  # the studio's takes, and every upload made here
WORDS = "Jatuhkan garis tegak lurus dari ujung q ke garis yang memuat k."
SCENE, CUE = "ProjectionDrop", "pd_sub_drop"


def serve_script(before: str = "", run: str = "uvicorn.Server(config).run(sockets=[sock])") -> str:
    """A Python script that serves the studio of one cue (:data:`CUE`) on 127.0.0.1.

    Run as ``python -c SCRIPT RECORDINGS [...]`` in a checkout: it prints its port and token
    on one line, then serves until it is stopped.

    Parameters
    ----------
    before : str
        Lines run after the imports, before the studio is made (e.g. a patch of
        ``lecture.studio``).
    run : str
        The line that serves ``config`` (the application) on ``sock``.

    Returns
    -------
    str
        The script.
    """
    return f"""
import socket, sys, time
from pathlib import Path
import uvicorn
import lecture.studio
from lecture.studio import Studio, StudioCue, studio_app
from lesson.model import DEFAULT_LESSON, load_lesson
{before}
words = {WORDS!r}
cue = StudioCue({SCENE!r}, 1, "x", {CUE!r}, words, words, 4.6)
made = Studio(load_lesson(DEFAULT_LESSON), "id", [cue], Path(sys.argv[1]))
sock = socket.socket()
sock.bind(("127.0.0.1", 0))
sock.listen(16)
print(sock.getsockname()[1], made.token, flush=True)
config = uvicorn.Config(studio_app(made), log_level="warning", lifespan="off")
{run}
"""


def speech(path: Path, text: str, voice: str = "en+m3") -> Path:
    """`text` said by an espeak-ng voice the lesson never uses: a stand-in for the author.

    Parameters
    ----------
    path : Path
        The WAV file to write.
    text : str
        What is said.
    voice : str
        The espeak-ng voice.

    Returns
    -------
    Path
        `path`.
    """
    subprocess.run(["espeak-ng", "-v", voice, "-s", "140", "-w", str(path), text], check=True)
    return path


def wav_bytes(samples: np.ndarray, rate: int = RATE) -> bytes:
    """Mono floats as 16-bit PCM WAV, as the studio page sends a take.

    Parameters
    ----------
    samples : numpy.ndarray
        Mono samples in [-1, 1] (clipped there).
    rate : int
        Samples a second.

    Returns
    -------
    bytes
        The WAV file.
    """
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1), w.setsampwidth(2), w.setframerate(rate)
        w.writeframes((np.clip(samples, -1, 1) * 32767).astype("<i2").tobytes())
    return buf.getvalue()


def in_hiss(said: np.ndarray | None, hiss_dbfs: float) -> np.ndarray:
    """White noise at `hiss_dbfs` (RMS) with `said` (peak 0.3) 2 s in and 2 s before the end;
    7 s of noise alone without it.

    Parameters
    ----------
    said : numpy.ndarray or None
        Speech at :data:`RATE`, or None for the noise alone.
    hiss_dbfs : float
        The noise's level.

    Returns
    -------
    numpy.ndarray
        float32 samples at :data:`RATE` (the same noise every call).
    """
    x = np.zeros(7 * RATE if said is None else len(said) + 4 * RATE)
    if said is not None:
        x[2 * RATE : 2 * RATE + len(said)] = 0.3 * said / np.abs(said).max()
    noise = np.random.default_rng(56).standard_normal(len(x)) * 10 ** (hiss_dbfs / 20)
    return (x + noise).astype(np.float32)


def encode(
    fmt: str,
    codec: str,
    samples: np.ndarray,
    rate: int = RATE,
    layout: str = "mono",
) -> bytes:
    """`samples` (mono floats) encoded with PyAV into a file of `fmt` in memory.

    Parameters
    ----------
    fmt : str
        The container (``"webm"``, ``"ogg"``, ``"flac"``, ``"wav"``, ``"mp4"``...).
    codec : str
        The audio codec (``"libopus"``, ``"flac"``, ``"pcm_s16le"``, ``"aac"``...).
    samples : numpy.ndarray
        Mono samples, repeated on every channel of `layout`.
    rate : int
        Samples a second.
    layout : str
        The channel layout (``"mono"``, ``"stereo"``, ``"quad"``).

    Returns
    -------
    bytes
        The file.
    """
    import av

    buf = io.BytesIO()
    with av.open(buf, "w", format=fmt) as out:
        stream = out.add_stream(codec, rate=rate, layout=layout)
        kind = stream.codec_context.format.name
        channels = len(av.AudioLayout(layout).channels)
        for at in range(0, len(samples), 4800):
            x = np.tile(samples[at : at + 4800], (channels, 1))
            if kind.startswith("s16"):
                x = (np.clip(x, -1, 1) * 32767).astype(np.int16)
            frame = av.AudioFrame.from_ndarray(
                x.reshape(1, -1) if not kind.endswith("p") else x,
                format=kind if kind in ("s16", "s16p", "flt", "fltp") else "s16",
                layout=layout,
            )
            frame.sample_rate, frame.pts = rate, at
            for packet in stream.encode(frame):
                out.mux(packet)
        for packet in stream.encode(None):
            out.mux(packet)
    return buf.getvalue()


def silent_flac(minutes: float, *, header: bool = True) -> bytes:
    """Minutes of digital silence as FLAC: a few kB that decode to `minutes` of samples.

    Parameters
    ----------
    minutes : float
        How long it decodes to.
    header : bool
        Without it the STREAMINFO's total sample count (36 bits) is zero, as a FLAC written
        as a stream has it: the file says nothing of its length.

    Returns
    -------
    bytes
        The file.
    """
    data = bytearray(encode("flac", "flac", np.zeros(round(minutes * 60 * RATE), np.float32)))
    if not header:
        data[21] &= 0xF0
        data[22:26] = bytes(4)
    return bytes(data)
