"""The narration's pace: the lesson's words a minute, said by every synthetic voice per scene.

The lesson tests are fast; the espeak-ng scenes read the suite's dry runs of the default
lesson (shared with tests/test_scenes.py); Piper says the English cues of each scene.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from variants import asking

from lesson.model import DEFAULT_LESSON, DEFAULT_WORDS_PER_MINUTE, LessonError, load_lesson
from lesson.scenelist import ORDER
from pipeline.manifest import SpokenCue
from pipeline.voice.narrator import leveled_take, narrator_for
from pipeline.voice.pace import pace_of, word_count
from pipeline.voice.targets import RATE

SEED = DEFAULT_LESSON.read_text(encoding="utf-8")
TOLERANCE = 0.10  # a scene's pace within 10 % of the lesson's
WORDS = "Hasil kali titik q dengan k sama dengan empat, kira-kira satu koma tujuh sembilan."


def with_pace(tmp_path: Path, value: str) -> Path:
    path = tmp_path / "lesson.toml"
    path.write_text(SEED.replace("[timing]\n", f"[timing]\nwords_per_minute = {value}\n"), "utf-8")
    return path


def test_the_lesson_sets_the_pace(tmp_path: Path) -> None:
    assert load_lesson().words_per_minute == DEFAULT_WORDS_PER_MINUTE == 135
    assert load_lesson(with_pace(tmp_path, "110")).words_per_minute == 110


@pytest.mark.parametrize("value", ["89", "201", "1.5", '"fast"', "true"])
def test_a_pace_out_of_range_fails_in_one_line(tmp_path: Path, value: str) -> None:
    with pytest.raises(LessonError) as info:
        load_lesson(with_pace(tmp_path, value))
    message = str(info.value)
    assert "\n" not in message and "words_per_minute" in message
    assert "from 90 to 200" in message


def said(words: list[str], lang: str, engine: str, pace: int) -> list[SpokenCue]:
    """The cues `words` said by `engine` at `pace`, as a narrator keeps them."""
    cues = []
    for i, w in enumerate(words):
        take = leveled_take(w, lang, engine=engine, pace=pace)
        cues.append(SpokenCue(str(i), str(i), w, 0.0, len(take) / RATE, engine))
    return cues


@pytest.mark.manim
@pytest.mark.parametrize("lang", ["id", "en"])
@pytest.mark.parametrize("scene", list(ORDER))
def test_espeak_says_every_scene_at_the_lessons_pace(dry_scene, scene: str, lang: str) -> None:
    run = dry_scene(scene, asking(scene), lang)
    assert run.narration, "nothing said"
    assert pace_of(run.narration) == pytest.approx(135, rel=TOLERANCE)


def opening(words: list[str], least: int = 40) -> list[str]:
    """A scene's first cues, as many as make `least` words (all of them, if fewer)."""
    counts = [word_count(w) for w in words]
    n = next((i + 1 for i in range(len(words)) if sum(counts[: i + 1]) >= least), len(words))
    return words[:n]


@pytest.mark.manim
@pytest.mark.parametrize("scene", list(ORDER))
def test_piper_says_every_scene_at_the_lessons_pace(dry_scene, scene: str) -> None:
    # each scene's first 40 words or more: Piper saying all of a lesson's 27 minutes would
    # cost a cold run of the suite minutes of CPU (bench/pace.py says them all)
    words = opening([c.words for c in dry_scene(scene, asking(scene), "en").narration])
    assert words, "nothing said"
    assert pace_of(said(words, "en", "piper", 135)) == pytest.approx(135, rel=TOLERANCE)


@pytest.mark.voice
@pytest.mark.parametrize(("lang", "engine"), [("id", "espeak"), ("en", "espeak"), ("en", "piper")])
def test_a_slower_pace_is_said_slower(lang: str, engine: str) -> None:
    slow, fast = (pace_of(said([WORDS], lang, engine, p)) for p in (100, 170))
    assert slow is not None and fast is not None
    assert slow == pytest.approx(100, rel=TOLERANCE) and fast == pytest.approx(170, rel=TOLERANCE)


@pytest.mark.voice
def test_a_recording_keeps_its_authors_pace(tmp_path: Path) -> None:
    from test_voice_interface import fresh_take

    from pipeline.voice.recordings import recording_dir

    folder = recording_dir("inner-product", "id", "Scene", tmp_path)
    fresh_take(folder, "cp_sub_dot", WORDS)
    lengths = {}
    for pace in (100, 170):
        narrator = narrator_for("espeak", "id", folder, cache=tmp_path / "cache", pace=pace)
        narrator.speak("cp_sub_dot", WORDS, 0.0)  # the recording
        narrator.speak("cp_sub_end", WORDS, 5.0)  # no recording: the synthetic voice
        assert [c.voice.split()[0] for c in narrator.cues] == ["recording", "espeak-ng"]
        lengths[pace] = [c.duration for c in narrator.cues]
    assert lengths[100][0] == lengths[170][0]  # the author's own pace, whatever the lesson's
    assert lengths[100][1] > 1.5 * lengths[170][1]


@pytest.mark.render
def test_the_manifest_says_each_scenes_pace(rendered: Path) -> None:
    from pipeline.manifest import Manifest

    manifest = Manifest.load(rendered)
    assert manifest is not None and len(manifest.clips) == 3
    for clip in manifest.clips.values():
        assert clip.pace == pace_of(clip.narration)
        assert clip.pace == pytest.approx(135, rel=TOLERANCE), clip.scene


def test_words_are_counted_as_said() -> None:
    assert word_count(WORDS) == 14
    assert word_count("— ( ) , .") == 0
