"""A language is declared once (mathcore.languages.LANGUAGES) and lacks nothing there or around.

Each language of the table must have every catalogue text and step title the default language
has, its caption terms, whole-number and digit words, and a voice that speaks it (espeak-ng
has the table's voice); the settings, the command line and the page take the default from the
table. Fast tier (``espeak-ng -x`` runs once per language).
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import subprocess
import tomllib

import pytest
from num2words import num2words

from lesson.scenelist import TEXT_DIR
from mathcore.languages import DEFAULT_LANGUAGE, LANGUAGES, Language
from mathcore.spoken import spoken_notation
from pipeline.voice.engines import ENGINES


def _tables(code: str) -> dict[str, dict[str, object]]:
    """Catalogue file name -> its table of language `code` (empty when it has none)."""
    return {
        path.name: tomllib.loads(path.read_text(encoding="utf-8")).get(code, {})
        for path in sorted(TEXT_DIR.glob("*.toml"))
    }


def espeak_speaks(voice: str) -> bool:
    """True when espeak-ng has a voice of `voice` (``espeak-ng -v x`` with an unknown x
    speaks English without a word of warning: its list of voices is asked instead)."""
    listed = subprocess.run(
        ["espeak-ng", f"--voices={voice}"], capture_output=True, text=True, check=True
    )
    for row in listed.stdout.splitlines()[1:]:  # it lists near matches too ("no…" for "no-x")
        fields = row.split()
        if voice in (*fields[1:5], *re.findall(r"\((\S+) \d+\)", row)):
            return True
    return False


def problems(language: Language) -> list[str]:
    """What `language` lacks, one line each: catalogue texts, terms, number words, a voice."""
    found = []
    own, default = _tables(language.code), _tables(DEFAULT_LANGUAGE)
    for name, table in default.items():
        missing = sorted(set(table) - set(own[name]))
        if missing:
            found.append(
                f"{name}: no [{language.code}] {', '.join(missing[:3])} (of {len(missing)})"
            )
        steps = table.get("steps", {})
        if isinstance(steps, dict):
            theirs = own[name].get("steps", {})
            lacking = sorted(set(steps) - set(theirs if isinstance(theirs, dict) else {}))
            if lacking:
                found.append(f"{name}: no [{language.code}.steps] {', '.join(lacking[:3])}")
    try:
        said = num2words(1_234_567, lang=language.number_words)
    except NotImplementedError:
        found.append(f"no number words: num2words has no {language.number_words!r}")
    else:
        assert not any(c.isdigit() for c in said)
    digits = language.words.digits
    if len(digits) != 10 or not all(d.strip() for d in digits):
        found.append(f"digit words: {len(digits)}, want ten")
    blank = [
        f.name for f in dataclasses.fields(language.words) if not getattr(language.words, f.name)
    ]
    if [b for b in blank if b != "approx_verb"]:
        found.append(f"spoken words left blank: {', '.join(blank)}")
    if not any(engine.speaks(language.code) for engine in ENGINES.values()):
        found.append(f"no engine of --voice speaks {language.code!r}")
    if not espeak_speaks(language.voice):
        found.append(f"espeak-ng has no voice {language.voice!r}")
    return found


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_language_has_its_texts_number_words_and_a_voice(code: str) -> None:
    assert problems(LANGUAGES[code]) == []
    assert spoken_notation("√dₖ ≈ 0.5", code).split()[-1] == LANGUAGES[code].words.digits[5]


def test_a_language_missing_a_text_a_number_word_or_a_voice_is_named() -> None:
    """A language added to the table alone: every piece it lacks is a line of the check."""
    english = LANGUAGES["en"]
    french = dataclasses.replace(english, code="fr", name="French", number_words="fr", voice="fr")
    lacking = problems(french)
    assert any(line.startswith("projection.toml: no [fr] ") for line in lacking), lacking
    assert any(line.startswith("angle.toml: no [fr.steps] ") for line in lacking), lacking
    assert "no engine of --voice speaks 'fr'" in lacking  # espeak-ng speaks the table's only
    assert not any("number words" in line or "espeak-ng" in line for line in lacking)
    mute = dataclasses.replace(
        english,
        code="en",
        number_words="xx",
        voice="no-such-voice",
        words=dataclasses.replace(english.words, digits=english.words.digits[:9]),
    )
    assert problems(mute) == [
        "no number words: num2words has no 'xx'",
        "digit words: 9, want ten",
        "espeak-ng has no voice 'no-such-voice'",
    ]


def test_the_default_language_is_the_tables_and_everyone_reads_it() -> None:
    from lecture.cli import build_parser
    from pipeline.settings import RenderSettings

    assert [c for c, lang in LANGUAGES.items() if lang.default] == [DEFAULT_LANGUAGE]
    assert next(iter(LANGUAGES)) == DEFAULT_LANGUAGE  # first: the catalogues' first table
    assert RenderSettings().lang == DEFAULT_LANGUAGE
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    lang = next(a for a in sub.choices["render"]._actions if "--lang" in a.option_strings)
    assert lang.default == DEFAULT_LANGUAGE and list(lang.choices or ()) == list(LANGUAGES)
