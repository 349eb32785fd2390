"""Sheets of the scenes in scenes/quiz.py."""

from __future__ import annotations
