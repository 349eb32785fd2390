"""Formulas on the lesson page a screen reader can read: every formula in the questions, hints,
solutions and transcript is a MathML ``<math>`` element (made from TeX when the page is
written) with an accessible name in the lesson's language, the narration's own words for it,
and ``lang`` set; axe-core finds no violation with them.

One headless Chromium for the module, on the pages the suite builds once (tests/test_page.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest
from browser import axe_violations, chromium
from test_page import answer, open_page, page_json, play_to_question, wait

from mathcore.spoken import spoken_notation
from publish.pagemath import formula_table, formulas, mathml, tex_of

# every <math> of the page: its formula, its name, its lang, and whether it holds MathML
MATHS = """
return [...document.querySelectorAll(arguments[0] + ' math')].map((m) => [m.dataset.formula,
  m.getAttribute('aria-label'), m.getAttribute('lang'), m.namespaceURI, m.children.length]);
"""
# the text outside <math> elements inside a selector's elements
BARE_TEXT = """
const out = [];
for (const root of document.querySelectorAll(arguments[0])) {
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const n = walk.currentNode;
    if (!n.parentElement.closest('math')) out.push(n.nodeValue);
  }
}
return out.join('\\n');
"""


def test_three_formulas_have_their_mathml_and_the_narrations_words() -> None:
    table = formula_table(
        ["Hitung q · k = 4.", "lalu cos θ = u · v/(‖u‖ · ‖v‖).", "dibagi √dₖ = 8"], {}, "id"
    )
    assert {f: t["said"] for f, t in table.items()} == {
        "q · k = 4": "q titik k sama dengan empat",
        "cos θ = u · v/(‖u‖ · ‖v‖)": "kosinus theta sama dengan u titik v dibagi hasil kali"
        " panjang u dan panjang v",
        "√dₖ = 8": "akar d k sama dengan delapan",
    }
    root = ET.fromstring(table["√dₖ = 8"]["mathml"])
    assert root.tag == "math" and root.find(".//msqrt/mrow/msub") is not None
    assert table["q · k = 4"]["mathml"] == mathml(r"q \cdot k = 4")
    assert formula_table(["q · k = 4"], {}, "en")["q · k = 4"]["said"] == "q dot k equals four"


def test_a_euclidean_length_is_one_formula_named_as_the_voice_says_the_length() -> None:
    """‖k‖₂ is "panjang k" ("the length of k"), as the voice says ‖k‖, not "panjang k dua":
    its 2 belongs to the norm, and the formula is not cut before it."""
    for lang, name in (("id", "panjang k sama dengan akar lima"),
                       ("en", "the length of k equals root five")):  # fmt: skip
        table = formula_table(["Proyeksinya q · k/‖k‖₂, dengan ‖k‖₂ = √5."], {}, lang)
        assert set(table) == {"q · k/‖k‖₂", "‖k‖₂ = √5"}
        assert table["‖k‖₂ = √5"]["said"] == name == spoken_notation("‖k‖ = √5", lang)
        assert table["q · k/‖k‖₂"]["said"] == spoken_notation("q · k/‖k‖", lang)
        root = ET.fromstring(table["‖k‖₂ = √5"]["mathml"])
        assert root.find(".//msub/mrow/mn") is not None  # the 2 set as the norm's subscript


def test_every_formula_of_the_pages_data_is_named_in_words(pages: Path) -> None:
    data = page_json(pages, "inner-product")
    table = data["math"]
    texts = [c["text"] for c in data["cues"]] + [q["prompt"] for q in data["questions"]]
    found = {f for t in texts for f in formulas(t)}
    assert len(found) > 50 and found <= set(table)
    for f, t in table.items():
        assert ET.fromstring(t["mathml"]).tag == "math", f
        assert t["said"] and not any(c.isdigit() for c in t["said"]), (f, t["said"])
    # one the narration writes in its own notation, not a sheet's value
    f = "cos θ = u · v/(‖u‖ · ‖v‖)"
    assert table[f] == {"mathml": mathml(tex_of(f)), "said": spoken_notation(f, "id")}


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    d = chromium(tmp_path_factory.mktemp("chromium-math"), "1366,768", "--mute-audio")
    yield d
    d.quit()


def check_formulas(driver: Any, selector: str, table: dict[str, Any]) -> int:
    """Every formula inside `selector` is MathML named in Indonesian; none is left as text."""
    found = driver.execute_script(MATHS, selector)
    for formula, label, lang, ns, children in found:
        assert formula in table, formula
        assert label == table[formula]["said"] and lang == "id", (formula, label, lang)
        assert ns == "http://www.w3.org/1998/Math/MathML" and children > 0, formula
    bare = driver.execute_script(BARE_TEXT, selector)
    assert formulas(bare) == [], formulas(bare)
    return len(found)


def test_formulas_are_mathml_with_names_and_axe_finds_no_violation(
    driver: Any, pages: Path
) -> None:
    open_page(driver, pages, "inner-product")
    data = driver.execute_script("return lessonPage.data")
    table = data["math"]
    counts = {"transcript": check_formulas(driver, "#transcript", table)}
    q = data["questions"][1]  # cosine: u · v and cos θ
    play_to_question(driver, q)
    counts["question"] = check_formulas(driver, "#quiz", table)
    answer(driver, q, ["24", "0.9"])
    wait(driver, "return document.body.dataset.verdict === 'wrong'")
    counts["hint"] = check_formulas(driver, "#verdict", table)
    # the hint says its formulas in words: u · v = 3·4 + 4·3 as the narration says it
    labels = driver.execute_script(
        "return [...document.querySelectorAll('#verdict math')].map((m) => m.ariaLabel)"
    )
    assert "u titik v sama dengan tiga kali empat tambah empat kali tiga" in labels
    # axe-core with formulas in the transcript, the question and its hint (at load, open and
    # on the summary at three sizes: tests/test_page_player.py, on the same page)
    found = {"wrong answer": axe_violations(driver)}
    driver.find_element("id", "solution").click()
    wait(driver, "return document.getElementById('answer-form').dataset.verdict === 'wrong'")
    driver.execute_script("document.getElementById('video').pause()")
    counts["solution"] = check_formulas(driver, "#verdict", table)
    assert found == dict.fromkeys(found, []), found
    assert counts["transcript"] > 100 and min(counts.values()) >= 1, counts
