"""
A PEP 517 build backend (and PEP 660 editable builds) on the standard library alone, for this one
pure-Python package: the wheel is the files under src/mailroom plus its metadata, the sdist the
project directory. With it, `pip install ./sdk/python` works offline: pip installs no build
requirements (pyproject.toml lists none), where setuptools would need setuptools and wheel from
the index. Only the few [project] keys this pyproject.toml uses are read.
"""
from __future__ import annotations

import ast
import base64
import hashlib
import io
import os
import tarfile
import zipfile
from typing import Dict, List, Optional, Tuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "mailroom"
SDIST_FILES = ["pyproject.toml", "README.md", "build_backend/mailroom_build.py"]
SDIST_DIRS = ["src", "tests"]


def _project() -> Dict[str, object]:
    """The [project] table: TOML strings and arrays of strings read as Python literals."""
    project: Dict[str, object] = {}
    table = None
    pending = ""
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        for line in f:
            stripped = line.split(" #")[0].strip() if not pending else line.strip()
            if pending:
                pending += " " + stripped
                if pending.count("[") > pending.count("]"):
                    continue
                key, _, value = pending.partition("=")
                project[key.strip()] = ast.literal_eval(value.strip())
                pending = ""
                continue
            if not stripped or stripped.startswith("#"):
                continue
            if stripped.startswith("["):
                table = stripped.strip("[]").strip()
                continue
            if table != "project":
                continue
            key, _, value = stripped.partition("=")
            value = value.strip()
            if value.startswith("[") and value.count("[") > value.count("]"):
                pending = stripped
                continue
            project[key.strip()] = ast.literal_eval(value)
    return project


def _metadata() -> Tuple[str, str, str]:
    """(name, version, METADATA text)."""
    p = _project()
    name, version = str(p["name"]), str(p["version"])
    lines = [
        "Metadata-Version: 2.1",
        "Name: %s" % name,
        "Version: %s" % version,
        "Summary: %s" % p.get("description", ""),
        "Requires-Python: %s" % p.get("requires-python", ""),
        "License: %s" % p.get("license", ""),
        "Keywords: %s" % ",".join(p.get("keywords", [])),  # type: ignore[arg-type]
    ]
    lines += ["Classifier: %s" % c for c in p.get("classifiers", [])]  # type: ignore[union-attr]
    lines += ["Requires-Dist: %s" % d for d in p.get("dependencies", [])]  # type: ignore[union-attr]
    lines.append("Description-Content-Type: text/markdown")
    with open(os.path.join(ROOT, str(p.get("readme", "README.md"))), encoding="utf-8") as f:
        readme = f.read()
    return name, version, "\n".join(lines) + "\n\n" + readme


def _package_files() -> List[Tuple[str, str]]:
    """(path in the wheel, path on disk) of every file of the package."""
    base = os.path.join(ROOT, "src")
    out = []
    for folder, dirs, files in os.walk(os.path.join(base, PACKAGE)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".pyc", ".pyo")):
                continue
            full = os.path.join(folder, name)
            out.append((os.path.relpath(full, base).replace(os.sep, "/"), full))
    return out


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return "%s,sha256=%s,%d" % (path, digest, len(data))


def _write_wheel(directory: str, contents: List[Tuple[str, bytes]]) -> str:
    name, version, metadata = _metadata()
    dist_info = "%s-%s.dist-info" % (name, version)
    filename = "%s-%s-py3-none-any.whl" % (name, version)
    files = contents + [
        ("%s/METADATA" % dist_info, metadata.encode("utf-8")),
        ("%s/WHEEL" % dist_info, b"Wheel-Version: 1.0\nGenerator: mailroom_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"),
    ]
    record = "\n".join([_record_line(p, d) for p, d in files] + ["%s/RECORD,," % dist_info]) + "\n"
    files.append(("%s/RECORD" % dist_info, record.encode("utf-8")))
    with zipfile.ZipFile(os.path.join(directory, filename), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files:
            info = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return filename


def get_requires_for_build_wheel(config_settings: Optional[dict] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[dict] = None) -> List[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[dict] = None) -> List[str]:
    return []


def build_wheel(wheel_directory: str, config_settings: Optional[dict] = None, metadata_directory: Optional[str] = None) -> str:
    contents = []
    for path, full in _package_files():
        with open(full, "rb") as f:
            contents.append((path, f.read()))
    return _write_wheel(wheel_directory, contents)


def build_editable(wheel_directory: str, config_settings: Optional[dict] = None, metadata_directory: Optional[str] = None) -> str:
    """`pip install -e`: a wheel whose .pth file puts src/ on sys.path."""
    return _write_wheel(wheel_directory, [("_mailroom_editable.pth", (os.path.join(ROOT, "src") + "\n").encode("utf-8"))])


def build_sdist(sdist_directory: str, config_settings: Optional[dict] = None) -> str:
    name, version, metadata = _metadata()
    top = "%s-%s" % (name, version)
    filename = top + ".tar.gz"
    paths = list(SDIST_FILES)
    for d in SDIST_DIRS:
        for folder, dirs, files in os.walk(os.path.join(ROOT, d)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            paths += [os.path.relpath(os.path.join(folder, f), ROOT) for f in sorted(files) if not f.endswith(".pyc")]
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for rel in paths:
            tar.add(os.path.join(ROOT, rel), arcname="%s/%s" % (top, rel.replace(os.sep, "/")), recursive=False)
        data = metadata.encode("utf-8")
        info = tarfile.TarInfo("%s/PKG-INFO" % top)
        info.size = len(data)
        info.mtime = 1577836800
        tar.addfile(info, io.BytesIO(data))
    return filename
