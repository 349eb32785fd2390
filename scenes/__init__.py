"""Manim scenes of the lesson, one concept each; every number comes from the numbers sheet."""
