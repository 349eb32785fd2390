"""Encode a lossless clip's frames again, constant-rate or with holds as long frames.

Measures what :mod:`pipeline.encoding`'s long frames cost the picture: the frames of a
lossless render are fed, one by one, to :class:`pipeline.encoding.HoldOnceEncoder` with the
clips' x264 settings, once as they were before long frames (B-frames on, so every frame is
encoded) and once as they are now (``bf=0``: a hold is one frame of long duration). For each:
the encoder's CPU seconds (this process: decoding the reference included, the same for
both), the video's size, how many frames x264 was sent, and SSIM against the lossless frames
at every frame time (``bench/run.py`` ``ssim``).

The reference is a render with ``X264_OPTIONS = {"preset": "ultrafast", "qp": "0"}`` in
``pipeline/settings.py`` (lossless, every frame encoded), in a checkout of its own::

    python bench/hold_encoding.py REF_FOLDER SCENE
"""

from __future__ import annotations

import resource
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import av
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import ssim  # noqa: E402

from pipeline.encoding import HoldOnceEncoder  # noqa: E402
from pipeline.settings import X264_OPTIONS  # noqa: E402

BEFORE = {k: v for k, v in X264_OPTIONS.items() if k != "bf"}  # B-frames: every frame encoded


def frames(ref: Path) -> Iterator[np.ndarray]:
    """The reference's frames as RGBA arrays, decoded one at a time."""
    with av.open(str(ref)) as c:
        for f in c.decode(video=0):
            yield np.ascontiguousarray(f.to_ndarray(format="rgba"))


def encode(ref: Path, target: Path, options: dict[str, str]) -> dict[str, float]:
    """Feed `ref`'s frames to a HoldOnceEncoder with `options`; what it cost and what it made."""
    from manim._config.video_encoder import VideoEncoderSpec

    with av.open(str(ref)) as c:
        s = c.streams.video[0]
        size, rate = (s.codec_context.width, s.codec_context.height), s.guessed_rate
    assert rate is not None
    spec = VideoEncoderSpec(
        "mp4", "libx264", "yuv420p", *size, Fraction(rate), tuple(sorted(options.items()))
    )
    before = resource.getrusage(resource.RUSAGE_SELF)
    encoder = HoldOnceEncoder(target=target, spec=spec)
    for pixels in frames(ref):
        encoder.write_frame(pixels)
    encoder.finish()
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    q = ssim(ref, target)
    return {
        "cpu_s": cpu,
        "bytes": target.stat().st_size,
        "encoded": encoder.encoded,
        "frames": encoder.frames,
        "ssim_all": q["ssim_all"],
        "ssim_all_worst_frame": q["ssim_all_worst_frame"],
    }


def main() -> None:
    folder, scene = Path(sys.argv[1]), sys.argv[2]
    ref = folder / f"{scene}.mp4"
    for name, options in (("every frame", BEFORE), ("long frames", X264_OPTIONS)):
        r = encode(ref, folder / f"{scene}-{name.replace(' ', '-')}.mp4", options)
        print(
            f"{name:12s} CPU {r['cpu_s']:6.1f} s  {r['bytes'] / 1e6:6.2f} MB  "
            f"sent {r['encoded']:5.0f} of {r['frames']:5.0f} frames  "
            f"SSIM All {r['ssim_all']:.5f} (worst frame {r['ssim_all_worst_frame']:.5f})",
            flush=True,
        )


if __name__ == "__main__":
    main()
