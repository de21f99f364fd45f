"""A PEP 517 build backend on the standard library alone, so that ``pip install`` works offline.

setuptools or hatchling would have pip download them into its isolated build environment; this
package is pure Python with no dependencies, and building it is only zipping files with the
metadata of ``pyproject.toml``'s ``[project]`` table.
"""

import base64
import hashlib
import io
import os
import tarfile
import tomllib
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "svc_email"


def _project():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as file:
        return tomllib.load(file)["project"]


def _dist_name(project):
    return project["name"].replace("-", "_")


def _metadata(project):
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project['description']}",
        f"Requires-Python: {project['requires-python']}",
        f"License: {project['license']['text']}",
    ]
    lines += [f"Classifier: {c}" for c in project.get("classifiers", [])]
    with open(os.path.join(ROOT, project["readme"]), encoding="utf-8") as file:
        readme = file.read()
    lines += ["Description-Content-Type: text/markdown", "", readme]
    return "\n".join(lines) + "\n"


def _package_files():
    for directory, _, files in os.walk(os.path.join(ROOT, PACKAGE)):
        for name in sorted(files):
            if name.endswith(".pyc"):
                continue
            path = os.path.join(directory, name)
            yield path, os.path.relpath(path, ROOT).replace(os.sep, "/")


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _write_wheel(wheel_directory, entries):
    project = _project()
    dist = f"{_dist_name(project)}-{project['version']}"
    info = f"{dist}.dist-info"
    entries = list(entries) + [
        (f"{info}/METADATA", _metadata(project).encode()),
        (f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: svc_email _build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"),
    ]
    record = [_record_line(name, data) for name, data in entries] + [f"{info}/RECORD,,"]
    filename = f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in entries:
            wheel.writestr(name, data)
        wheel.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return filename


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    entries = []
    for path, name in _package_files():
        with open(path, "rb") as file:
            entries.append((name, file.read()))
    return _write_wheel(wheel_directory, entries)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    # A .pth file puts this folder on sys.path: edits take effect without reinstalling.
    return _write_wheel(wheel_directory, [(f"{PACKAGE}_editable.pth", (ROOT + "\n").encode())])


def build_sdist(sdist_directory, config_settings=None):
    project = _project()
    base = f"{_dist_name(project)}-{project['version']}"
    filename = f"{base}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as sdist:
        for relative in ["pyproject.toml", project["readme"], "_build/backend.py"]:
            sdist.add(os.path.join(ROOT, relative), f"{base}/{relative}")
        for path, name in _package_files():
            sdist.add(path, f"{base}/{name}")
        pkg_info = _metadata(project).encode()
        member = tarfile.TarInfo(f"{base}/PKG-INFO")
        member.size = len(pkg_info)
        sdist.addfile(member, io.BytesIO(pkg_info))
    return filename
