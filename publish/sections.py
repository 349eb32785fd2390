"""Section clips of a render: stable names, titles, spans and their subtitles."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import srt

from lesson.catalogue import chapter_title, step_title
from pipeline.manifest import Manifest

__all__ = ["SectionClip", "section_clips"]


@dataclass(frozen=True)
class SectionClip:
    """One named step of a scene, as rendered.

    Attributes
    ----------
    scene, name : str
        The scene and the step (section) name.
    index : int
        The step's place in its scene, from 0.
    video : Path
        The rendered section clip.
    title : str
        Slide title: the scene's chapter title and the step.
    start, duration : float
        The step's span inside the scene's clip, in seconds.
    cues : list of (float, float, str)
        Subtitles that start inside the step, with times relative to the step's start.
    stem : str
        Stable file name ``<lesson-id>_<Scene>_<NN>-<section>`` (no extension).
    """

    scene: str
    name: str
    index: int
    video: Path
    title: str
    start: float
    duration: float
    stem: str
    cues: list[tuple[float, float, str]] = field(default_factory=list)

    @property
    def notes(self) -> str:
        """The step's subtitles as plain text (speaker notes)."""
        return "\n".join(text for _, _, text in self.cues)


def section_clips(out: Path, manifest: Manifest, lang: str) -> list[SectionClip]:
    """Every section clip of a render folder, in lesson order.

    Parameters
    ----------
    out : Path
        The render folder.
    manifest : Manifest
        Its manifest.
    lang : str
        Language of the titles.

    Returns
    -------
    list of SectionClip
    """
    from pipeline.media import probe  # PyAV: not to list the export formats

    result = []
    for scene, clip in manifest.clips.items():
        subs = list(srt.parse((out / clip.subtitles).read_text(encoding="utf-8")))
        chapter = chapter_title(scene, lang)
        start = 0.0
        for section in clip.sections:
            path, index, name = out / section.file, section.index, section.name
            duration = probe(path).duration
            cues = [
                (
                    max(0.0, s.start.total_seconds() - start),
                    s.end.total_seconds() - start,
                    s.content,
                )
                for s in subs
                # subtitle times are rounded to milliseconds: allow a frame's slack
                if start - 0.05 <= s.start.total_seconds() < start + duration - 0.05
            ]
            result.append(
                SectionClip(
                    scene=scene,
                    name=name,
                    index=index,
                    video=path,
                    title=f"{chapter}: {step_title(scene, name, lang)}",
                    start=start,
                    duration=duration,
                    stem=f"{manifest.lesson}_{scene}_{index:02d}-{name}",
                    cues=[(a, min(b, duration), t) for a, b, t in cues],
                )
            )
            start += duration
    return result
