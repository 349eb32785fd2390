"""Sheets of the scenes in scenes/intro.py."""

from __future__ import annotations
