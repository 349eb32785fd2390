#!/usr/bin/env bash
# Idempotent setup: Debian packages manim and the narration need (only when missing), then .venv with the project.
set -euo pipefail
cd "$(dirname "$0")/.."

# manim: Cairo/Pango to build ManimPango and pycairo, LaTeX for formulas, Latin Modern for the
# text beside them (fonts-lmodern: the scenes' type family, scenes/typeface.py).
# slides and verify: LibreOffice (PPTX -> PDF check), Chromium + driver (HTML deck test),
# Tesseract (reading the rendered numbers back).
# narration: espeak-ng, the offline synthetic voice (Indonesian and English).
# page tests: Node's npm, for what the browser tests load (tests/js: axe-core); skipped where
# npm is already on the PATH (a machine with Node from elsewhere has it).
DEBS=(libcairo2-dev libpango1.0-dev pkg-config
      texlive-latex-base texlive-latex-recommended texlive-latex-extra texlive-fonts-recommended dvisvgm
      fonts-lmodern
      libreoffice-impress chromium chromium-driver tesseract-ocr tesseract-ocr-eng
      espeak-ng)
command -v npm >/dev/null || DEBS+=(nodejs npm)

missing=()
for pkg in "${DEBS[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done

if ((${#missing[@]})); then
    echo "setup: installing Debian packages: ${missing[*]}"
    if [[ $(id -u) -eq 0 ]]; then SUDO=(); elif command -v sudo >/dev/null; then SUDO=(sudo -n); else
        echo "setup: need root to install packages; install by hand: apt-get install ${missing[*]}" >&2
        exit 1
    fi
    if ! { "${SUDO[@]}" apt-get update -q >/dev/null &&
           DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -q --no-install-recommends \
               "${missing[@]}" >/dev/null; }; then
        echo "setup: apt-get failed; install by hand: apt-get install ${missing[*]}" >&2
        exit 1
    fi
fi

PY=${PYTHON:-python3}
if [[ ! -x .venv/bin/python ]]; then
    "$PY" -m venv .venv
fi
# Reinstall only when the project metadata changed since the last successful install.
stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [[ ! -f "$stamp" ]]; then
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e '.[dev]'
    rm -f .venv/.installed-*
    touch "$stamp"
fi

# The browser tests' JavaScript (tests/js/package-lock.json), again only when the lock changed.
jsstamp=tests/js/node_modules/.installed-$(sha256sum tests/js/package-lock.json | cut -c1-16)
if [[ ! -f "$jsstamp" ]]; then
    (cd tests/js && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    touch "$jsstamp"
fi
