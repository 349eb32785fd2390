"""Sheets of the scenes in scenes/magnitude.py."""

from __future__ import annotations
