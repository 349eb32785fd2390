"""No module reaches into another's private names (a leading underscore is a module's own)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("mathcore", "lesson", "scenes", "pipeline", "publish", "lecture")
FOLDERS = (*PACKAGES, "tests", "bench")


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _project(module: str) -> bool:
    return module.split(".")[0] in FOLDERS or (ROOT / "tests" / f"{module}.py").is_file()


def private_uses(path: Path, own: str | None = None) -> list[str]:
    """Every private name of another project module that `path` imports or reads.

    `own` is the module's dotted name (by default, from the file's place in the project).
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = own or _module_name(path)
    found: list[str] = []
    modules: dict[str, str] = {}  # local alias -> project module
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if not _project(node.module) or node.module == own:
                continue
            for a in node.names:
                if _private(a.name):
                    found.append(f"{node.lineno}: {node.module}.{a.name}")
                elif (
                    _project(f"{node.module}.{a.name}")
                    and (ROOT / node.module.replace(".", "/") / f"{a.name}.py").is_file()
                ):
                    modules[a.asname or a.name] = f"{node.module}.{a.name}"
        elif isinstance(node, ast.Import):
            for a in node.names:
                if _project(a.name) and a.name != own:
                    modules[a.asname or a.name] = a.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
        ):
            found.append(f"{node.lineno}: {modules[node.value.id]}.{node.attr}")
    return found


def test_no_module_imports_another_modules_private_names() -> None:
    offences = {
        str(p.relative_to(ROOT)): uses
        for folder in FOLDERS
        for p in sorted((ROOT / folder).rglob("*.py"))
        if (uses := private_uses(p))
    }
    assert not offences, offences


def test_the_check_sees_a_private_import(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"  # outside the checkout: the suite writes nothing there
    probe.write_text(
        "from pipeline.render import _hidden\nimport publish.verify as v\nv._check\n"
        "from pipeline.voice.loudness import _gain\n",
        encoding="utf-8",
    )
    assert private_uses(probe, own="tests.probe") == [
        "1: pipeline.render._hidden",
        "4: pipeline.voice.loudness._gain",
        "3: publish.verify._check",
    ]
    # a module's own private names are its own to use
    assert private_uses(probe, own="pipeline.voice.loudness") == [
        "1: pipeline.render._hidden",
        "3: publish.verify._check",
    ]
