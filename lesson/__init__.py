"""The lesson layer: lesson model and loader, numbers sheets, text catalogues, the scene list.

It imports only :mod:`mathcore`, never manim.
"""
