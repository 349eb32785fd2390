# The README names these targets; each one runs setup first (a no-op when nothing is missing).
VENV := .venv/bin
LESSON ?= lessons/inner-product.toml
QUALITY ?= medium
LESSON_LANG ?= id

.PHONY: setup video slides verify test lint clean

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

test: setup
	$(VENV)/ruff check .
	$(VENV)/python -m pytest

lint: setup
	$(VENV)/ruff check .
	$(VENV)/ruff format --check .

clean:
	rm -rf media
