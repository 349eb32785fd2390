"""Words belong to the lesson: ``words.toml`` beside the lesson file overrides catalogue texts.

An override reaches the captions of a dry run and the page's text; a bad one is refused in
one line naming file, key and reason; a changed sentence makes exactly its cue's recording
stale. Fast tier but for the dry run (manim).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lesson.catalogue import catalogue
from lesson.model import DEFAULT_LESSON, load_lesson
from lesson.words import WordsError, read_words
from pipeline.voice.heard import sound_alike
from pipeline.voice.recordings import check_recordings
from pipeline.words import lecture_symbols, words_in_use, words_inputs

GOAL = "Memisahkan kedua pengaruh ini membuat skor attention jauh lebih jelas."
TITLE = "Dot products, by hand"


def lesson_folder(folder: Path, words: str) -> Path:
    """A lesson folder as ``lecture new`` makes it: the default lesson and a words file."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "lesson.toml").write_bytes(DEFAULT_LESSON.read_bytes())
    (folder / "words.toml").write_text(words, encoding="utf-8")
    return folder / "lesson.toml"


@pytest.fixture(scope="module")
def own(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default lesson with one Hook caption of its own (id) and its own title (en)."""
    return lesson_folder(
        tmp_path_factory.mktemp("own"),
        f'[id]\nhk_sub_goal = "{GOAL}"\n\n[en]\nlesson_video_title = "{TITLE}"\n',
    )


def test_the_words_are_read_over_the_catalogue_while_in_use(own: Path) -> None:
    from publish.page import lesson_title

    lesson = load_lesson(own)
    before = catalogue("id")["hk_sub_goal"]
    assert read_words(lesson) == {"id": {"hk_sub_goal": GOAL}, "en": {"lesson_video_title": TITLE}}
    with words_in_use(lesson):
        assert catalogue("id")["hk_sub_goal"] == GOAL
        assert lesson_title(lesson, "en") == TITLE  # the page's title, its header and tab
    assert catalogue("id")["hk_sub_goal"] == before != GOAL  # and only meanwhile
    assert lesson_title(lesson, "en") != TITLE
    # a clip's hash takes the texts of its own file only: Hook's changes, the others' do not
    hook, projection = (Path("lesson/text") / f for f in ("hook.toml", "projection.toml"))
    assert words_inputs(lesson, hook, "id") and not words_inputs(lesson, projection, "id")
    assert not words_inputs(lesson, hook, "en")
    assert not words_inputs(load_lesson(DEFAULT_LESSON), hook, "id")  # no file: hash as before


BAD = [
    ('hk_nope = "Satu kalimat."', "[id] hk_nope: unknown key (the lecture has no text of that"),
    (
        'pd_sub_dot = "Hasil kali titiknya sudah kita hitung."',
        "[id] pd_sub_dot: misses the placeholder {dot} (the lecture's text has it)",
    ),
    (
        f'pd_sub_dot = "Lihat: {"panjang" * 7}, q · k = {{dot}}."',  # a word of 49 letters
        "[id] pd_sub_dot: as a caption: line length, ",
    ),
    ('pd_sub_dot = "Ada 3 pasangan: q · k = {dot}."', "[id] pd_sub_dot: types a number"),
    ('pd_sub_dot = "Dengan dk: q · k = {dot}."', "[id] pd_sub_dot: as a caption: notation, 'dk'"),
]


@pytest.mark.parametrize(
    ("line", "said"), BAD, ids=["unknown key", "placeholder", "long line", "number", "notation"]
)
def test_a_bad_text_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, said: str
) -> None:
    from lecture.cli import main

    path = lesson_folder(tmp_path / "mine", f"[id]\n{line}\n")
    with pytest.raises(WordsError):
        read_words(load_lesson(path))
    assert main(["numbers", "--lesson", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    assert err.startswith(f"lecture: error: {tmp_path / 'mine' / 'words.toml'}: {said}"), err


def test_a_language_the_table_lacks_is_refused(tmp_path: Path) -> None:
    path = lesson_folder(tmp_path, '[fr]\nhk_sub_goal = "Bonjour."\n')
    with pytest.raises(WordsError, match=r"words.toml: \[fr\]: no such language; have id, en$"):
        read_words(load_lesson(path))


@pytest.mark.voice
def test_a_new_symbol_is_heard_apart_from_the_lessons() -> None:
    """An override may say a symbol the lecture does not (``c``): told apart by ear."""
    assert "c" not in lecture_symbols("id")
    assert sound_alike("Vektor c tegak lurus terhadap k.", lecture_symbols("id"), "id") is None


@pytest.mark.manim
def test_an_override_is_the_caption_and_stales_exactly_its_recording(
    own: Path, dry_scene, tmp_path: Path
) -> None:
    """The Hook's caption says the lesson's own sentence; of takes recorded for every cue
    with the lecture's words, only that sentence's take is stale."""
    from conftest import DRY_FPS

    from pipeline.dryrun import dry_run

    before = dry_scene("Hook", "default")
    after = dry_run("Hook", own, "id", recordings=False, frame_rate=DRY_FPS)
    shown = " ".join(" ".join(c.lines) for c in after.cues)
    assert GOAL in shown and GOAL not in " ".join(" ".join(c.lines) for c in before.cues)
    assert [c.key for c in after.narration] == [c.key for c in before.narration]
    said = {c.cue: c.words for c in after.narration}
    assert [c for c in said if said[c] != {b.cue: b.words for b in before.narration}[c]] == [
        c.cue for c in after.narration if c.key == "hk_sub_goal"
    ]
    folder = tmp_path / "takes"  # a take of every cue, recorded with the lecture's words
    folder.mkdir()
    for cue in before.narration:
        (folder / f"{cue.cue}.wav").write_bytes(b"")
        (folder / f"{cue.cue}.txt").write_text(cue.words + "\n", encoding="utf-8")
    found = check_recordings(folder, said)
    assert [r.path.name for r in found.stale] == ["hk_sub_goal.wav"]
    assert sorted(found.used) == sorted(said.keys() - {"hk_sub_goal"})
