"""A lesson page as a SCORM 1.2 package, for a learning management system (Moodle, Canvas...).

The package is the page's folder (:func:`publish.page.write_page`) zipped with an
``imsmanifest.xml`` that names it one SCO. The page's script finds the LMS's run-time (the
``API`` object of SCORM 1.2 in a parent frame or the opener) and reports to it: the lesson
status, the score, each question as an interaction, and its own progress as
``cmi.suspend_data`` to resume from (and the place in the video as ``cmi.core.lesson_location``);
opened as a plain file, with no LMS, it works as before. The manifest gives the LMS a mastery
score (the share of questions right, in percent, whose first answer passes the lesson), which
the LMS hands the page as ``cmi.student_data.mastery_score``.
"""

from __future__ import annotations

import os
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

from lesson.model import Lesson
from pipeline.settings import QUALITIES

__all__ = ["LARGE", "MANIFEST", "MASTERY", "manifest_xml", "size_note", "write_scorm"]

MANIFEST = "imsmanifest.xml"
MASTERY = 80  # the default mastery score, percent of the questions right at the first answer
# Moodle's default upload limit, and a size many LMSs refuse or take minutes to unpack
LARGE = 50_000_000
_CP = "http://www.imsproject.org/xsd/imscp_rootv1p1p2"
_ADLCP = "http://www.adlnet.org/xsd/adlcp_rootv1p2"
_XSI = "http://www.w3.org/2001/XMLSchema-instance"
_LOCATIONS = (
    f"{_CP} imscp_rootv1p1p2.xsd "
    "http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd "
    f"{_ADLCP} adlcp_rootv1p2.xsd"
)
# already compressed: stored as they are (a video deflated again only costs time)
_STORED = {".mp4", ".png", ".webm"}


def _identifier(text: str) -> str:
    """An XML ID (a letter first, then letters, digits, ``-``, ``_`` and ``.``)."""
    return "lecture-" + re.sub(r"[^A-Za-z0-9._-]", "-", text)


def manifest_xml(lesson: Lesson, title: str, files: list[str], mastery: int = MASTERY) -> bytes:
    """The package's ``imsmanifest.xml``: one organization, one item, one SCO.

    Parameters
    ----------
    lesson : Lesson
        The lesson (its id names the package's identifiers).
    title : str
        The title the LMS shows (the page's).
    files : list of str
        Every file of the package, relative to its root; ``index.html`` is the start page.
    mastery : int
        The item's mastery score (``adlcp:masteryscore``), 0 to 100: the percent of questions
        right at the first answer that passes.

    Returns
    -------
    bytes
        The XML document, UTF-8.

    Examples
    --------
    >>> from lesson.model import load_lesson
    >>> b"<adlcp:masteryscore>75</adlcp:masteryscore>" in manifest_xml(
    ...     load_lesson(), "T", ["index.html"], 75)
    True
    """
    if not 0 <= mastery <= 100:
        raise ValueError(f"a mastery score is 0 to 100, not {mastery}")
    ET.register_namespace("", _CP)
    ET.register_namespace("adlcp", _ADLCP)
    ET.register_namespace("xsi", _XSI)
    ident = _identifier(lesson.id)
    root = ET.Element(
        f"{{{_CP}}}manifest",
        {"identifier": ident, "version": "1.0", f"{{{_XSI}}}schemaLocation": _LOCATIONS},
    )
    meta = ET.SubElement(root, f"{{{_CP}}}metadata")
    ET.SubElement(meta, f"{{{_CP}}}schema").text = "ADL SCORM"
    ET.SubElement(meta, f"{{{_CP}}}schemaversion").text = "1.2"
    orgs = ET.SubElement(root, f"{{{_CP}}}organizations", {"default": f"{ident}-org"})
    org = ET.SubElement(orgs, f"{{{_CP}}}organization", {"identifier": f"{ident}-org"})
    ET.SubElement(org, f"{{{_CP}}}title").text = title
    item = ET.SubElement(
        org,
        f"{{{_CP}}}item",
        {"identifier": f"{ident}-item", "identifierref": f"{ident}-sco", "isvisible": "true"},
    )
    ET.SubElement(item, f"{{{_CP}}}title").text = title
    ET.SubElement(item, f"{{{_ADLCP}}}masteryscore").text = str(mastery)
    resources = ET.SubElement(root, f"{{{_CP}}}resources")
    sco = ET.SubElement(
        resources,
        f"{{{_CP}}}resource",
        {
            "identifier": f"{ident}-sco",
            "type": "webcontent",
            f"{{{_ADLCP}}}scormtype": "sco",
            "href": "index.html",
        },
    )
    for name in sorted(files):
        ET.SubElement(sco, f"{{{_CP}}}file", {"href": name})
    ET.indent(root)
    xml: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return xml


def size_note(size: int, quality: str) -> str:
    """What ``lecture page --scorm`` says of a package of `size` bytes rendered at `quality`.

    Its size in MB; over :data:`LARGE`, that some LMSs refuse it, and the smaller video
    quality that makes it smaller (the video is nearly all of it).

    Examples
    --------
    >>> size_note(3_140_000, "low")
    '3.1 MB'
    >>> size_note(59_500_000, "medium")
    '59.5 MB: over 50 MB, which some LMSs refuse; --quality low makes it smaller'
    """
    said = f"{size / 1e6:.1f} MB"
    if size <= LARGE:
        return said
    order = list(QUALITIES)
    smaller = [q for q in order[: order.index(quality)] if q != "test"] if quality in order else []
    if not smaller:
        return f"{said}: over {LARGE // 1_000_000} MB, which some LMSs refuse"
    hint = f"--quality {smaller[0]} makes it smaller"
    return f"{said}: over {LARGE // 1_000_000} MB, which some LMSs refuse; {hint}"


def write_scorm(
    lesson: Lesson, folder: Path, title: str, path: Path, mastery: int = MASTERY
) -> Path:
    """Zip the page in `folder` with its manifest into the SCORM 1.2 package `path`.

    Written aside and moved into place: a failed write leaves no half package.

    Parameters
    ----------
    lesson : Lesson
        The page's lesson.
    folder : Path
        The page's folder (``index.html`` and everything it loads).
    title : str
        The title the LMS shows.
    path : Path
        The zip to write.
    mastery : int
        The mastery score its manifest gives the LMS (see :func:`manifest_xml`).

    Returns
    -------
    Path
        `path`.
    """
    files = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with zipfile.ZipFile(tmp, "w") as z:
            xml = manifest_xml(lesson, title, files, mastery)
            z.writestr(MANIFEST, xml, zipfile.ZIP_DEFLATED)
            for name in files:
                kind = zipfile.ZIP_STORED if Path(name).suffix in _STORED else zipfile.ZIP_DEFLATED
                z.write(folder / name, name, kind)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path
