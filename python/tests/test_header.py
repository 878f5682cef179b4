"""The binding's constants, enums and struct layouts are rendition.h's, and the library's version
is checked at load.

`rendition._header` is generated from the header by Scripts/generate-python-header; these tests
fail when it is stale, when a ctypes structure's size or a field's offset differs from what a C
compiler makes of the header, and when a library of another version is loaded.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rendition
from rendition import _header, _native

from conftest import REPO

HEADER = REPO / "Sources" / "CRendition" / "include" / "rendition.h"


def test_generated_module_matches_the_header() -> None:
    finished = subprocess.run([sys.executable, str(REPO / "Scripts" / "generate-python-header"), "--check"],
                              capture_output=True, text=True, timeout=60)
    assert finished.returncode == 0, finished.stderr


def test_the_installed_package_has_the_generated_module() -> None:
    # The copy `import rendition` found (the wheel's under Scripts/test-python) is the source tree's.
    source = REPO / "python" / "src" / "rendition" / "_header.py"
    assert Path(_header.__file__).read_text() == source.read_text()


def test_every_struct_has_a_ctypes_structure_with_the_header_fields() -> None:
    assert set(_native.STRUCTURES) == set(_header.STRUCTS)
    for name, structure in _native.STRUCTURES.items():
        assert [field for field, _ in structure._fields_] == [field for field, _ in _header.STRUCTS[name]], name


def test_python_names_come_from_the_enums() -> None:
    formats = _header.ENUMS["rdn_format"]
    assert _native.FORMATS == {name[len("RDN_FORMAT_"):].lower(): value for name, value in formats.items()}
    assert {"webm", "tgs", "lottie"} <= set(_native.FORMATS)
    assert set(_native.FORMAT_NAMES) == set(formats.values())
    from rendition._errors import _BY_STATUS
    failing = {value for name, value in _header.ENUMS["rdn_status"].items() if name != "RDN_OK"}
    assert set(_BY_STATUS) == failing
    assert _native.SCALE_BITS == {1: _header.DEFINES["RDN_SCALE_1X"], 2: _header.DEFINES["RDN_SCALE_2X"],
                                  3: _header.DEFINES["RDN_SCALE_3X"]}


def _compiler() -> str:
    for name in ("cc", "gcc", "clang"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no C compiler to check the layouts with")


def test_layouts_and_values_match_a_c_compiler(tmp_path: Path) -> None:
    """sizeof and every field's offset and size of each struct, every enum value and integer
    #define, as the C compiler sees the header, against ctypes and the generated module."""
    lines = ["#include <stdio.h>", "#include <stddef.h>", "#include <rendition.h>", "int main(void) {"]
    for name, fields in _header.STRUCTS.items():
        lines.append(f'printf("sizeof {name} %zu\\n", sizeof({name}));')
        for field, _ in fields:
            lines.append(f'printf("offset {name}.{field} %zu\\n", offsetof({name}, {field}));')
            lines.append(f'printf("size {name}.{field} %zu\\n", sizeof((({name} *)0)->{field}));')
    for enum, members in _header.ENUMS.items():
        lines.append(f'printf("sizeof {enum} %zu\\n", sizeof({enum}));')
        for member in members:
            lines.append(f'printf("value {member} %lld\\n", (long long){member});')
    for define in list(_header.DEFINES) + ["RDN_VERSION_NUMBER"]:
        lines.append(f'printf("value {define} %lld\\n", (long long)({define}));')
    lines.append(f'printf("string RDN_VERSION_STRING %s\\n", RDN_VERSION_STRING);')
    lines += ["return 0;", "}"]
    source = tmp_path / "layout.c"
    source.write_text("\n".join(lines) + "\n")
    program = tmp_path / "layout"
    subprocess.run([_compiler(), "-std=c11", "-Wall", "-Werror", "-I", str(HEADER.parent), "-o", str(program),
                    str(source)], check=True, timeout=120)
    seen = dict(line.rsplit(" ", 1) for line in subprocess.run(
        [str(program)], check=True, capture_output=True, text=True, timeout=60).stdout.splitlines())

    for name, structure in _native.STRUCTURES.items():
        assert int(seen[f"sizeof {name}"]) == ctypes.sizeof(structure), name
        for field, _ in _header.STRUCTS[name]:
            described = getattr(structure, field)
            assert int(seen[f"offset {name}.{field}"]) == described.offset, f"{name}.{field}"
            assert int(seen[f"size {name}.{field}"]) == described.size, f"{name}.{field}"
    for enum, members in _header.ENUMS.items():
        assert int(seen[f"sizeof {enum}"]) == ctypes.sizeof(ctypes.c_int), enum
        for member, value in members.items():
            assert int(seen[f"value {member}"]) == value, member
    for define, value in _header.DEFINES.items():
        assert int(seen[f"value {define}"]) == value, define
    assert int(seen["value RDN_VERSION_NUMBER"]) == _header.VERSION_NUMBER
    assert seen["string RDN_VERSION_STRING"] == _header.STRINGS["RDN_VERSION_STRING"]


def test_the_loaded_library_is_the_headers_version() -> None:
    assert _native.lib.rdn_version() == _header.VERSION_NUMBER
    assert rendition.__version__ == _header.STRINGS["RDN_VERSION_STRING"]
    assert _native.version_mismatch(_header.VERSION_NUMBER) is None
    assert _native.version_mismatch(_header.VERSION_NUMBER + 1) is None, "another patch version is fine"


def test_another_minor_or_major_version_is_refused() -> None:
    major, minor = _native.HEADER_VERSION
    newer = major * 10000 + (minor + 1) * 100
    problem = _native.version_mismatch(newer)
    assert problem is not None and f"{major}.{minor + 1}.0" in problem and f"{major}.{minor}.x" in problem
    assert _native.version_mismatch((major + 1) * 10000 + minor * 100) is not None


def test_loading_a_library_of_another_version_raises_a_clear_error(tmp_path: Path) -> None:
    """A stand-in librendition.so that exports every function but reports another minor
    version: importing rendition with it raises LibraryVersionError naming both versions."""
    major, minor = _native.HEADER_VERSION
    other = major * 10000 + (minor + 1) * 100
    stubs = [f"int {name}(void) {{ return 0; }}" for name in _native._signatures() if name != "rdn_version"]
    stubs.append(f"unsigned rdn_version(void) {{ return {other}u; }}")
    source = tmp_path / "stub.c"
    source.write_text("\n".join(stubs) + "\n")
    library = tmp_path / "librendition.so"
    subprocess.run([_compiler(), "-shared", "-fPIC", "-o", str(library), str(source)], check=True, timeout=120)
    env = dict(os.environ, RENDITION_LIBRARY=str(library))
    finished = subprocess.run(
        [sys.executable, "-c",
         "import rendition\n"],
        capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)
    assert finished.returncode != 0
    last = finished.stderr.strip().splitlines()[-1]
    assert last.startswith("rendition._errors.LibraryVersionError"), last
    assert f"{major}.{minor + 1}.0" in last and f"{major}.{minor}.x" in last and str(library) in last
