"""How the worker's renders encode their frames: a held frame is converted once.

Manim 0.22 encodes every frame it is given (``VideoSegmentEncoder.write_frame``) by wrapping
the RGBA array in a PyAV frame and letting the encoder convert it to the stream's pixel
format (``yuv420p`` for MP4), ``repeat`` times over for a static hold
(``Scene.wait`` on a frozen frame). Narrated scenes hold a lot: at 1080p60 a second of hold
was sixty conversions of the same picture at about 8 ms each. Here a frame is converted once
and the converted frame is sent to the encoder as often as it is shown, with new timestamps;
a frame drawn equal to the one before it (a wait whose updaters change nothing) reuses the
previous conversion too. The encoder receives the same pictures as before, so the video is
the same, bit for bit.

Manim's hook for this is the renderer's ``file_writer_class``: :func:`hold_once_renderer`
gives the worker a Cairo renderer whose writer makes :class:`HoldOnceEncoder` segments; no
manim code is patched, and a plain ``manim`` run is unaffected.
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

__all__ = ["HoldOnceEncoder", "HoldOnceWriter", "hold_once_renderer", "same_picture"]


def same_picture(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two frames have the same pixels (a coarse sample first, then every byte)."""
    if a.shape != b.shape:
        return False
    return bool(np.array_equal(a[::16, ::16], b[::16, ::16]) and np.array_equal(a, b))


class HoldOnceEncoder(VideoSegmentEncoder):
    """A segment encoder that converts each distinct picture to the stream's format once.

    ``write_frame(pixels, repeat=n)`` converts `pixels` once and encodes that frame `n`
    times at consecutive timestamps; a frame equal to the previous one reuses its
    conversion. The arrays are not changed (manim hands their ownership to the writer).
    """

    def __init__(self, *, target: Path, spec: VideoEncoderSpec) -> None:
        super().__init__(target=target, spec=spec)
        self._video = cast("VideoStream", self._stream)
        self._last_pixels: np.ndarray | None = None
        self._last_frame: av.VideoFrame | None = None
        self.conversions = 0  # pictures converted (for tests and profiles)
        self.frames = 0  # frames sent to the encoder

    def _converted(self, pixels: RGBAPixelArray) -> av.VideoFrame:
        if self._last_frame is not None and self._last_pixels is not None:
            if same_picture(pixels, self._last_pixels):
                return self._last_frame
        rgba = av.VideoFrame.from_ndarray(
            cast("np.ndarray[Any, np.dtype[np.uint8]]", pixels), "rgba"
        )
        frame = rgba.reformat(format=self._video.codec_context.pix_fmt)
        self._last_pixels, self._last_frame = pixels, frame
        self.conversions += 1
        return frame

    def write_frame(self, pixels: RGBAPixelArray, *, repeat: int = 1) -> None:
        """Encode ``pixels`` `repeat` times at consecutive segment-local timestamps."""
        self._validate_frame(pixels, repeat)
        rate = self.spec.frame_rate
        time_base = Fraction(rate.denominator, rate.numerator)
        try:
            frame = self._converted(pixels)
            for _ in range(repeat):
                frame.pts = self._next_pts
                frame.time_base = time_base
                self._next_pts += 1
                for packet in self._video.encode(frame):
                    self._container.mux(packet)
            self.frames += repeat
        except BaseException as error:
            raise self._operation_error("encode", error) from error


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
