# The README names these targets; each one runs setup first (a no-op when nothing is missing).
VENV := .venv/bin
LESSON ?= lessons/inner-product.toml
QUALITY ?= medium
LESSON_LANG ?= id

.PHONY: setup video test lint clean

setup:
	@bash scripts/setup.sh

video: setup
	$(VENV)/lecture build --lesson $(LESSON) --quality $(QUALITY) --lang $(LESSON_LANG)

test: setup
	$(VENV)/ruff check .
	$(VENV)/python -m pytest

lint: setup
	$(VENV)/ruff check .
	$(VENV)/ruff format --check .

clean:
	rm -rf media
