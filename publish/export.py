"""``lecture export``: section clips as transparent WebM/MOV, GIFs, or poster PNGs.

File names are stable across re-renders, ``<lesson-id>_<Scene>_<NN>-<section>.<ext>``, so
slides that link to them keep working after the numbers change.
"""

from __future__ import annotations

from pathlib import Path

from pipeline.files import atomic_copy
from pipeline.manifest import Manifest
from pipeline.settings import VARIANTS
from publish.sections import SectionClip, section_clips

__all__ = ["FORMATS", "export_sections"]

# format -> (render variant, file extension): a transparent variant is exported as rendered
FORMATS: dict[str, tuple[str, str]] = {
    **{v.name: (v.name, v.ext) for v in VARIANTS.values() if v.transparent},
    "gif": ("mp4", "gif"),
    "png": ("mp4", "png"),
}


def _write(section: SectionClip, fmt: str, target: Path) -> None:
    from pipeline.media import last_frame, to_gif  # PyAV: not to list the formats

    if fmt == "png":
        last_frame(section.video, target)
    elif fmt == "gif":
        to_gif(section.video, target)
    else:
        atomic_copy(section.video, target)


def export_sections(out: Path, manifest: Manifest, fmt: str, lang: str, folder: Path) -> list[Path]:
    """Write one file per section clip of the render in `out` into `folder`.

    Parameters
    ----------
    out : Path
        Render folder of the variant the format needs.
    manifest : Manifest
        Its manifest.
    fmt : str
        One of :data:`FORMATS`.
    lang : str
        Language (for section titles; not part of the names).
    folder : Path
        Export folder.

    Returns
    -------
    list of Path
        The files written or kept, in lesson order.
    """
    folder.mkdir(parents=True, exist_ok=True)
    ext = FORMATS[fmt][1]
    written = []
    for s in section_clips(out, manifest, lang):
        target = folder / f"{s.stem}.{ext}"
        if not target.exists() or target.stat().st_mtime < s.video.stat().st_mtime:
            _write(s, fmt, target)
        written.append(target)
    return written
