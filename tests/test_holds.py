"""No dead holds: a teaching scene's picture never stands still for more than 6 s.

Measured on the rendered frames of the whole-lesson build the suite makes once (shared with
tests/test_render.py): consecutive frames that do not differ are one still picture.
"""

from __future__ import annotations

import numpy as np
import pytest

from lesson.model import load_lesson
from lesson.scenelist import lesson_order, scene_spec
from pipeline.media import STILL, still_stretches


def test_a_still_stretch_is_found_and_a_moving_one_is_not(tmp_path) -> None:
    """The measure itself, on a clip made here: 7 s of one picture, then 7 s of motion."""
    import av

    path = tmp_path / "clip.mp4"
    with av.open(str(path), "w") as out:
        stream = out.add_stream("libx264", rate=5)
        stream.width, stream.height, stream.pix_fmt = 64, 48, "yuv420p"
        for i in range(70):
            img = np.zeros((48, 64, 3), np.uint8)
            if i >= 35:  # a square that moves one pixel a frame
                img[10:20, i - 35 : i - 25] = 255
            for packet in stream.encode(av.VideoFrame.from_ndarray(img, format="rgb24")):
                out.mux(packet)
        for packet in stream.encode():
            out.mux(packet)
    found = still_stretches(path)
    assert len(found) == 1 and found[0][0] == 0.0 and found[0][1] == pytest.approx(7.0, abs=0.3)
    assert still_stretches(path, least=8.0) == []


@pytest.mark.render
def test_no_teaching_scene_stands_still_for_more_than_six_seconds(whole_lesson) -> None:
    assert whole_lesson.returncode == 0, whole_lesson.stderr
    teaching = [s for s in lesson_order(load_lesson()) if not scene_spec(s).quiz]
    assert len(teaching) == 13
    still = {s: still_stretches(whole_lesson.out / f"{s}.mp4") for s in teaching}
    held = {s: v for s, v in still.items() if v}
    assert not held, f"still for more than {STILL:g} s (start, seconds): {held}"
