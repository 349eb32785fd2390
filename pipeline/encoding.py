"""How the worker's renders encode their frames: a held picture is one frame of long duration.

Manim 0.22 encodes every frame it is given (``VideoSegmentEncoder.write_frame``): it wraps
the RGBA array in a PyAV frame, lets the encoder convert it to the stream's pixel format
(``yuv420p`` for MP4) and encodes it, ``repeat`` times over for a static hold (``Scene.wait``
on a frozen frame). Narrated scenes hold a lot: at 1080p60 a second of hold was sixty
conversions (about 8 ms each) and sixty frames for x264 (about 11 ms each, as much as a
moving frame). Here a picture is converted once and encoded at the time it first shows;
a hold of any length then costs two more frames, its last two frame times. The video is of
variable frame rate: each picture shows from its timestamp to the next frame's, at exactly
the times the constant-rate video showed it. A frame drawn equal to the one before it (a
wait whose updaters change nothing) lengthens the hold too.

The MP4 clips are encoded without B-frames (``bf=0`` in
:data:`pipeline.settings.X264_OPTIONS`): with B-frames the encoder's decoding timestamps lag
the presentation times by the reordering delay, and across a long frame the MP4's sample
durations (taken from the decoding timestamps) and so its length would come out short.

Manim's hook for this is the renderer's ``file_writer_class``: :func:`hold_once_renderer`
gives the worker a Cairo renderer whose writer makes :class:`HoldOnceEncoder` segments; no
manim code is patched, and a plain ``manim`` run is unaffected. Manim's concatenation of the
segments into the clip and its sections keeps the timestamps.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import av
import numpy as np
from manim.renderer.cairo_renderer import CairoRenderer
from manim.scene.scene_file_writer import SceneFileWriter
from manim.scene.video_segment_encoder import VideoSegmentEncoder

if TYPE_CHECKING:
    from av.video.stream import VideoStream
    from manim._config.video_encoder import VideoEncoderSpec
    from manim.typing import RGBAPixelArray

__all__ = [
    "NO_REORDERING",
    "TIMED_CONTAINERS",
    "HoldOnceEncoder",
    "HoldOnceWriter",
    "hold_once_renderer",
    "same_picture",
]

# A hold is one long frame where both of these allow it; elsewhere it is encoded frame by
# frame, converted once.
# Encoders whose packets come in presentation order (VP8/VP9 and the intra-only codecs of
# manim's transparent MOV); x264 only without B-frames.
NO_REORDERING = frozenset({"libvpx-vp9", "libvpx", "qtrle", "png", "prores_ks"})
# Containers whose sample tables keep every frame's duration, so a stream of long frames
# reads back with its frame rate. Matroska (WebM) keeps none of its own: a WebM of long
# frames reads back without an average rate, and manim's section index
# (``get_video_metadata``) fails on it.
TIMED_CONTAINERS = frozenset({"mp4", "mov"})


def same_picture(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two frames have the same pixels (a coarse sample first, then every byte)."""
    if a.shape != b.shape:
        return False
    return bool(np.array_equal(a[::16, ::16], b[::16, ::16]) and np.array_equal(a, b))


class HoldOnceEncoder(VideoSegmentEncoder):
    """A segment encoder that encodes a held picture once, as one frame of long duration.

    ``write_frame(pixels, repeat=n)`` starts a hold of `n` frames, or lengthens the current
    hold when `pixels` equal the picture before (a wait whose updaters change nothing). The
    picture is converted to the stream's format once and sent to the encoder at the hold's
    first timestamp; when the next picture comes (or the segment ends) the hold's last two
    frame times are sent too, so a hold of ``n >= 3`` frames costs the encoder three
    frames, not `n`. The stream is then of variable frame rate: every picture is shown from
    its timestamp to the next one, at the times it would be shown at the constant rate. The
    two closing frames keep every stream's shortest step one frame period (players and
    demuxers read the nominal rate from it) and end the segment on a frame of ordinary
    length. The arrays are not changed (manim hands their ownership to the writer).
    """

    def __init__(self, *, target: Path, spec: VideoEncoderSpec) -> None:
        super().__init__(target=target, spec=spec)
        self._video = cast("VideoStream", self._stream)
        rate = spec.frame_rate
        self._time_base = Fraction(rate.denominator, rate.numerator)
        self._last_pixels: np.ndarray | None = None
        self._held: av.VideoFrame | None = None  # the picture shown now, converted
        self._held_from = 0  # its first frame's timestamp
        self._held_for = 0  # frames it is shown so far
        # a hold is one long frame only where the encoder keeps frames in order and the
        # container keeps their durations
        options = dict(spec.options)
        in_order = spec.codec in NO_REORDERING or (
            spec.codec == "libx264" and options.get("bf") == "0"
        )
        self._long_frames = in_order and spec.container_format in TIMED_CONTAINERS
        self.conversions = 0  # pictures converted (for tests and profiles)
        self.frames = 0  # frames shown
        self.encoded = 0  # frames sent to the encoder

    def _encode(self, frame: av.VideoFrame, pts: int) -> None:
        frame.pts = pts
        frame.time_base = self._time_base
        for packet in self._video.encode(frame):
            self._container.mux(packet)
        self.encoded += 1

    def _end_hold(self) -> None:
        """Send the held picture's last two frame times (the first was sent when it came)."""
        if self._held is not None and self._long_frames:
            for k in (self._held_for - 2, self._held_for - 1):
                if k >= 1:
                    self._encode(self._held, self._held_from + k)
        self._held = None

    def write_frame(self, pixels: RGBAPixelArray, *, repeat: int = 1) -> None:
        """Show ``pixels`` for `repeat` frames from the next segment-local timestamp."""
        self._validate_frame(pixels, repeat)
        try:
            same = (
                self._held is not None
                and self._last_pixels is not None
                and same_picture(pixels, self._last_pixels)
            )
            if not same:
                self._end_hold()
                rgba = av.VideoFrame.from_ndarray(
                    cast("np.ndarray[Any, np.dtype[np.uint8]]", pixels), "rgba"
                )
                self._held = rgba.reformat(format=self._video.codec_context.pix_fmt)
                self._last_pixels, self._held_from, self._held_for = pixels, self._next_pts, 0
                self.conversions += 1
            assert self._held is not None
            # a new picture's first frame; without long frames, every frame it shows
            for k in range(repeat if not self._long_frames else 0 if same else 1):
                self._encode(self._held, self._next_pts + k)
            self._held_for += repeat
            self._next_pts += repeat
            self.frames += repeat
        except BaseException as error:
            raise self._operation_error("encode", error) from error

    def finish(self) -> None:
        """Send the last hold's closing frames, then flush and close the segment."""
        if not self._closed:
            try:
                self._end_hold()
            except BaseException as error:
                self.abort()
                raise self._operation_error("encode", error) from error
        super().finish()


class HoldOnceWriter(SceneFileWriter):
    """Manim's scene writer, with :class:`HoldOnceEncoder` segments."""

    def _create_segment_encoder(self, target: Path) -> VideoSegmentEncoder:
        encoder = self.video_encoder
        if encoder is None:
            raise RuntimeError("Video segment encoding requires resolved settings.")
        return HoldOnceEncoder(target=target, spec=encoder)


def hold_once_renderer() -> CairoRenderer:
    """A Cairo renderer whose clips convert a held frame once (pass it as ``renderer=``)."""
    return CairoRenderer(file_writer_class=HoldOnceWriter)
