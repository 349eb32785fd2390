# The README names these targets; each one runs setup first (a no-op when nothing is missing).
VENV := .venv/bin
LESSON ?= lessons/inner-product.toml
QUALITY ?= medium
LESSON_LANG ?= id

.PHONY: setup video slides verify docs test test-fast lint clean

setup:
	@bash scripts/setup.sh

video: setup
	$(VENV)/lecture build --lesson $(LESSON) --quality $(QUALITY) --lang $(LESSON_LANG)

slides: setup
	$(VENV)/lecture slides --lesson $(LESSON) --quality $(QUALITY) --lang $(LESSON_LANG)

# Render at medium quality and read every number back from the videos (OCR).
verify: setup
	$(VENV)/lecture build --lesson $(LESSON) --quality medium --lang $(LESSON_LANG)
	$(VENV)/lecture verify --lesson $(LESSON) --quality medium --lang $(LESSON_LANG)

# The docs site (README.md as its home page, docs/*.md) into site/; --strict fails on a broken link.
docs: setup
	NO_MKDOCS_2_WARNING=1 $(VENV)/mkdocs build --strict

# pytest keeps the test modules it rewrote for its asserts as bytecode (__pycache__/, ignored by
# git) even where the environment says not to write any: otherwise every test process rewrites
# them again, 2 of the 5 s it takes to start.
PYTEST := PYTHONDONTWRITEBYTECODE= $(VENV)/python -m pytest

# Everything: lint, the layer contract, strict types, then every test tier in three processes
# (two cores; renders, LibreOffice and Chromium leave one idle while they wait).
test: setup
	$(VENV)/ruff check .
	$(VENV)/lint-imports
	$(VENV)/mypy
	$(PYTEST) -n 3

# The fast tier while you work: no manim import, no render (math, lesson, sheets, text, CLI),
# on both cores (one process took 74 s for its 1214 tests, two take 47 s: the tier is for under a minute).
test-fast: setup
	$(VENV)/lint-imports
	$(PYTEST) -n 2 -m "not manim and not render and not slides and not ocr" \
		-p no:randomly mathcore lesson tests

lint: setup
	$(VENV)/ruff check .
	$(VENV)/ruff format --check .

clean:
	rm -rf media site
