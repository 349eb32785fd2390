"""Publishing rendered clips: the joined lesson, section clips, slides, exports, verification."""
