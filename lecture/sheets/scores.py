"""Sheets of the scenes in scenes/scores.py."""

from __future__ import annotations
