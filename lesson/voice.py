"""The voice a scene speaks through: an interface only, no engine (those are in the pipeline).

A scene says each caption through its narrator (:class:`Voice`) and holds the step until the
words are said and a short :attr:`Voice.pause` has passed. The pipeline's narrators (the
espeak-ng engine, recorded takes, silence) implement it; a scene never asks which one it has.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

__all__ = ["PAUSE", "Voice"]

PAUSE = 0.4  # seconds of quiet after a caption's narration before the next may start


@runtime_checkable
class Voice(Protocol):
    """Who speaks a scene's captions while it renders.

    Examples
    --------
    A voice that says nothing, as a test might write it:

    >>> class Mute:
    ...     pause = PAUSE
    ...
    ...     def speak(self, key: str, words: str, start: float) -> float:
    ...         return 0.0
    ...
    ...     def at(self, words: str) -> float:
    ...         return 0.0
    ...
    ...     def inputs(self) -> dict[str, str]:
    ...         return {"voice": "none"}
    >>> isinstance(Mute(), Voice)
    True
    """

    @property
    def pause(self) -> float:
        """Seconds of quiet after a caption's narration before the next caption may start."""
        ...

    def speak(self, key: str, words: str, start: float) -> float:
        """Say catalogue text `key` (its spoken `words`) from `start` seconds into the scene.

        Parameters
        ----------
        key : str
            The catalogue key of the caption (letters, digits and ``_``).
        words : str
            What is said: the caption with numbers and notation in words.
        start : float
            When the caption starts, in seconds.

        Returns
        -------
        float
            The take's length in seconds (0 for a voice that says nothing).
        """
        ...

    def at(self, words: str) -> float:
        """When, in the take of the cue said last, the words after `words` begin.

        A scene reveals what a cue names when its words are said: this is the time of a
        point inside the cue's words (a beat), in seconds from the take's start.

        Parameters
        ----------
        words : str
            The spoken words of the cue up to that point (a prefix of what
            :meth:`speak` was given last; empty for its first word).

        Returns
        -------
        float
            Seconds from the start of the last cue's take, at most its length (0 for a
            voice that says nothing).
        """
        ...

    def inputs(self) -> dict[str, str]:
        """What the clip's audio depends on beyond its words, for the clip's input hash.

        Returns
        -------
        dict of str to str
            Name -> value (engine, its version, a recording's digest, …); the same for the
            same sound.
        """
        ...
