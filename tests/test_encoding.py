"""How clips are encoded: a hold as one long frame, the x264 settings, posters by seeking."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import av
import numpy as np
import pytest
from conftest import SEED_SCENES
from video_checks import packets, shown

from pipeline.media import probe
from pipeline.settings import X264_OPTIONS

W, H, FPS = 64, 36, 15


@pytest.mark.manim
def test_a_hold_is_one_frame_and_shows_what_manim_shows(tmp_path: Path) -> None:
    """The same frames through manim's encoder and ours, lossless: at every frame time the
    same picture, for the same length; each picture converted once, a hold three frames."""
    from manim._config.video_encoder import VideoEncoderSpec
    from manim.scene.video_segment_encoder import VideoSegmentEncoder

    from pipeline.encoding import HoldOnceEncoder

    options = tuple(sorted({**X264_OPTIONS, "crf": "0"}.items()))  # lossless: pictures equal
    spec = VideoEncoderSpec("mp4", "libx264", "yuv420p", W, H, Fraction(FPS), options)
    rng = np.random.default_rng(21)
    moving = [rng.integers(0, 256, (H, W, 4), dtype=np.uint8) for _ in range(4)]
    held = moving[-1].copy()  # drawn again, equal to the frame before (a wait with updaters)
    # (pixels, repeat): three moving frames, a 2 s hold, a redraw equal to it, one more
    # frame, and a closing hold of 1 s that the segment ends on
    script = [(moving[0], 1), (moving[1], 1), (moving[2], 1), (moving[3], 2 * FPS), (held, 1)]
    script += [(moving[0], 1), (moving[1], FPS)]

    ours = HoldOnceEncoder(target=tmp_path / "ours.mp4", spec=spec)
    theirs = VideoSegmentEncoder(target=tmp_path / "manim.mp4", spec=spec)
    for pixels, repeat in script:
        ours.write_frame(pixels, repeat=repeat)
        theirs.write_frame(pixels, repeat=repeat)
    ours.finish()
    theirs.finish()

    frames = sum(r for _, r in script)
    expected = shown(tmp_path / "manim.mp4")
    got = shown(tmp_path / "ours.mp4")
    assert len(expected) == len(got) == frames == ours.frames
    assert all(np.array_equal(a, b) for a, b in zip(expected, got, strict=True))
    assert probe(tmp_path / "ours.mp4").duration == pytest.approx(frames / FPS)
    # five pictures converted (the first shown again later); the 2 s hold and its redraw
    # are three frames, the closing hold three: 3 + 3 + 1 + 3 = 10 frames encoded, not 51
    assert ours.conversions == 6
    assert ours.encoded == packets(tmp_path / "ours.mp4") == 10
    assert packets(tmp_path / "manim.mp4") == frames


@pytest.mark.render
def test_a_rendered_hold_is_one_picture_converted_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tiny render of a scene that ends on a hold: the clip is as long as the scene, its
    hold shows one picture, converted once and encoded as a frame of long duration."""
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
        "video_encoder_options": dict(X264_OPTIONS),
    }
    with tempconfig(options):
        from manim.renderer.cairo_renderer import CairoRenderer

        from tests.fixture_scenes import Pause

        scene = Pause(renderer=CairoRenderer(file_writer_class=Recording))
        scene.render()
        seconds = float(scene.time)
    clip = next(p for p in tmp_path.rglob("Pause.mp4") if "sections" not in p.parts)
    frames = shown(clip)
    assert len(frames) == round(seconds * FPS) == probe(clip).frames
    # the last half second is the scene's hold (its wait after the fade, then the lesson's
    # closing silence, [timing] scene_end): one picture
    tail = frames[-FPS // 2 :]
    assert all(np.array_equal(f, tail[0]) for f in tail)
    waits = [e for e in made if e.frames > 3 and e.conversions == 1 and e.encoded == 3]
    assert waits, "no segment held one converted picture as one long frame"
    assert sum(e.frames for e in made) == len(frames)
    assert sum(e.encoded for e in made) == packets(clip) < len(frames)


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


@pytest.mark.render
def test_the_poster_is_the_clips_last_frame(rendered: Path, tmp_path: Path) -> None:
    """The poster (found by seeking to the last keyframe) is the last frame decoded."""
    from PIL import Image

    from pipeline.media import last_frame, save_frame

    clip = rendered / f"{SEED_SCENES[0]}.mp4"
    frames = shown(clip)
    with Image.open(last_frame(clip, tmp_path / "last.png")) as im:
        assert np.array_equal(np.asarray(im.convert("RGB")), frames[-1])
    for at in (2.5, 7.3):  # frames in the middle: the one shown at 2.5 s, at 7.3 s
        with Image.open(save_frame(clip, at, tmp_path / "mid.png")) as im:
            at_rate = frames[int(at * probe(clip).fps)]  # at the clip's own frame rate
            assert np.array_equal(np.asarray(im.convert("RGB")), at_rate)
