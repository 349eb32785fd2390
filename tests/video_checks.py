"""Watching in numbers: a clip's pictures at the times a player shows them."""

from __future__ import annotations

from pathlib import Path

import av
import numpy as np


def shown(path: Path) -> list[np.ndarray]:
    """The picture shown at each frame time of the clip's nominal rate (RGB arrays).

    A clip holds a picture as one frame of long duration (``pipeline.encoding``); this lists
    it once for every frame time it is shown, as the clip decoded at the constant rate.
    """
    with av.open(str(path)) as c:
        s = c.streams.video[0]
        fps = s.guessed_rate
        assert fps is not None and c.duration is not None
        end = c.duration / av.time_base
        decoded = [(float(f.time or 0.0), f.to_ndarray(format="rgb24")) for f in c.decode(s)]
    pictures: list[np.ndarray] = []
    for i, (t, picture) in enumerate(decoded):
        until = decoded[i + 1][0] if i + 1 < len(decoded) else end
        pictures += [picture] * round((until - t) * fps)
    return pictures


def decoded_frames(path: Path) -> int:
    """How many frames the clip's packets decode to."""
    with av.open(str(path)) as c:
        return sum(1 for _ in c.decode(video=0))


def packets(path: Path) -> int:
    """How many video packets the clip has (demuxed, not decoded)."""
    with av.open(str(path)) as c:
        return sum(1 for p in c.demux(video=0) if p.size)
