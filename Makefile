# The README names these targets; each one runs setup first (a no-op when nothing is missing).
VENV := .venv/bin
LESSON ?= lessons/inner-product.toml
QUALITY ?= medium
LANG_ ?= id

.PHONY: setup video test lint clean

setup:
	@bash scripts/setup.sh

video: setup
	$(VENV)/lecture render --lesson $(LESSON) --quality $(QUALITY)

test: setup
	$(VENV)/ruff check .
	$(VENV)/python -m pytest

lint: setup
	$(VENV)/ruff check .
	$(VENV)/ruff format --check .

clean:
	rm -rf media
