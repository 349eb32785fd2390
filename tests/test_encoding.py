"""How clips are encoded: a held frame converted once, the x264 settings, posters by seeking."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import av
import numpy as np
import pytest
from conftest import SEED_SCENES

from pipeline.settings import X264_OPTIONS

W, H, FPS = 64, 36, 15


def _frames(path: Path) -> list[np.ndarray]:
    with av.open(str(path)) as c:
        return [f.to_ndarray(format="rgb24") for f in c.decode(video=0)]


def _packets(path: Path) -> list[bytes]:
    with av.open(str(path)) as c:
        return [bytes(p) for p in c.demux(video=0) if p.size]


@pytest.mark.manim
def test_a_hold_is_converted_once_and_encodes_as_manim_would(tmp_path: Path) -> None:
    """The same frames through manim's encoder and ours: the same video, fewer conversions."""
    from manim._config.video_encoder import VideoEncoderSpec
    from manim.scene.video_segment_encoder import VideoSegmentEncoder

    from pipeline.encoding import HoldOnceEncoder

    options = tuple(sorted(X264_OPTIONS.items()))
    spec = VideoEncoderSpec("mp4", "libx264", "yuv420p", W, H, Fraction(FPS), options)
    rng = np.random.default_rng(21)
    moving = [rng.integers(0, 256, (H, W, 4), dtype=np.uint8) for _ in range(4)]
    held = moving[-1].copy()  # drawn again, equal to the frame before (a wait with updaters)
    # (pixels, repeat): three moving frames, a 2 s hold, a redraw equal to it, one more frame
    script = [(moving[0], 1), (moving[1], 1), (moving[2], 1), (moving[3], 2 * FPS), (held, 1)]
    script.append((moving[0], 1))

    ours = HoldOnceEncoder(target=tmp_path / "ours.mp4", spec=spec)
    theirs = VideoSegmentEncoder(target=tmp_path / "manim.mp4", spec=spec)
    for pixels, repeat in script:
        ours.write_frame(pixels, repeat=repeat)
        theirs.write_frame(pixels, repeat=repeat)
    ours.finish()
    theirs.finish()

    assert _packets(tmp_path / "ours.mp4") == _packets(tmp_path / "manim.mp4")
    frames = _frames(tmp_path / "ours.mp4")
    assert len(frames) == sum(r for _, r in script) == ours.frames
    hold = frames[3 : 3 + 2 * FPS + 1]
    assert all(np.array_equal(f, hold[0]) for f in hold)  # the hold decodes to one picture
    assert ours.conversions == 5  # four distinct pictures, the first one shown again later


@pytest.mark.render
def test_a_rendered_hold_is_one_picture_converted_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tiny render of a scene that ends on a hold: the clip is as long as the scene, its
    hold decodes to one picture, and that picture was converted once."""
    from manim import tempconfig

    from pipeline import encoding

    monkeypatch.setenv("LECTURE_EXTRA_SCENES", "tests.fixture_scenes:Pause")
    made: list[encoding.HoldOnceEncoder] = []

    class Recording(encoding.HoldOnceWriter):
        def _create_segment_encoder(self, target: Path) -> encoding.VideoSegmentEncoder:
            made.append(encoding.HoldOnceEncoder(target=target, spec=self.video_encoder))
            return made[-1]

    options = {
        "media_dir": str(tmp_path),
        "pixel_width": W * 2,
        "pixel_height": H * 2,
        "frame_rate": FPS,
        "disable_caching": True,
        "progress_bar": "none",
        "verbosity": "WARNING",
    }
    with tempconfig(options):
        from manim.renderer.cairo_renderer import CairoRenderer

        from tests.fixture_scenes import Pause

        scene = Pause(renderer=CairoRenderer(file_writer_class=Recording))
        scene.render()
        seconds = float(scene.time)
    clip = next(p for p in tmp_path.rglob("Pause.mp4") if "sections" not in p.parts)
    frames = _frames(clip)
    assert len(frames) == round(seconds * FPS)
    # the last second is the scene's hold (a wait after the fade): one picture
    tail = frames[-FPS:]
    assert all(np.array_equal(f, tail[0]) for f in tail)
    waits = [e for e in made if e.frames > 1 and e.conversions == 1]
    assert waits, "no segment held one converted picture"
    assert sum(e.conversions for e in made) < sum(e.frames for e in made) == len(frames)


def _x264_settings(path: Path) -> str:
    """The settings string x264 writes into the first packet of its stream."""
    with av.open(str(path)) as c:
        first = bytes(next(p for p in c.demux(video=0) if p.size))
    m = re.search(rb"options: ([^\x00]+)", first)
    assert m, f"{path.name}: no x264 settings in its first packet"
    return m.group(1).decode()


# What each of our settings makes x264 write into its settings string.
WRITTEN = {
    ("preset", "veryfast"): "subme=2",
    ("preset", "faster"): "subme=4",
    ("preset", "superfast"): "subme=1",
    ("tune", "animation"): "deblock=1:1:1",
    ("tune", "stillimage"): "deblock=1:-3:-3",
}


@pytest.mark.render
@pytest.mark.parametrize("scene", SEED_SCENES[:1])
def test_the_clip_carries_our_x264_settings(rendered: Path, scene: str) -> None:
    settings = _x264_settings(rendered / f"{scene}.mp4").split()
    assert f"crf={float(X264_OPTIONS['crf']):.1f}" in settings
    for key in ("preset", "tune"):
        assert WRITTEN[key, X264_OPTIONS[key]] in settings, (key, settings)
    for section in sorted(rendered.glob(f"sections/{scene}_*.mp4"))[:1]:
        assert f"crf={float(X264_OPTIONS['crf']):.1f}" in _x264_settings(section).split()


def _rate(clip: Path) -> float:
    with av.open(str(clip)) as c:
        rate = c.streams.video[0].average_rate
        assert rate is not None
        return float(rate)


@pytest.mark.render
def test_the_poster_is_the_clips_last_frame(rendered: Path, tmp_path: Path) -> None:
    """The poster (found by seeking to the last keyframe) is the last frame decoded."""
    from PIL import Image

    from pipeline.media import last_frame, save_frame

    clip = rendered / f"{SEED_SCENES[0]}.mp4"
    frames = _frames(clip)
    with Image.open(last_frame(clip, tmp_path / "last.png")) as im:
        assert np.array_equal(np.asarray(im.convert("RGB")), frames[-1])
    at = 2.5  # a frame in the middle: the last one shown at or before 2.5 s
    with Image.open(save_frame(clip, at, tmp_path / "mid.png")) as im:
        shown = frames[int(at * _rate(clip))]  # at the clip's own frame rate
        assert np.array_equal(np.asarray(im.convert("RGB")), shown)
