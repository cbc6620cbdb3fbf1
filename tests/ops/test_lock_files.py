"""Reproducible installs (issue 25, item 11): requirements-test.lock holds the exact versions,
with their hashes, that `make venv` (and so CI) installs, requirements.lock the same versions of
the project's own dependencies for a server (docs/hosting.md, step 3); `make lock` writes them
from pyproject.toml, where every dependency has an upper bound."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata

from ops_helpers import ROOT
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
RUNTIME = [Requirement(line) for line in PROJECT["dependencies"]]
TESTS = [Requirement(line) for line in PROJECT["optional-dependencies"]["test"]]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+?)(?: ; (.+?))? \\\n((?:\s+--hash=sha256:"
                 r"[0-9a-f]{64}(?: \\)?\n)+)", re.M)


def pins(name: str) -> dict[str, tuple[str, str | None, int]]:
    """{package: (version, marker, hashes)} of a lock file."""
    text = (ROOT / name).read_text()
    found = {canonicalize_name(m[1]): (m[2], m[3], m[4].count("--hash="))
             for m in PIN.finditer(text)}
    assert len(found) == len(re.findall(r"^\S+==", text, re.M)), "every pin has its hashes"
    return found


def test_every_dependency_has_an_upper_bound():
    unbounded = [str(r) for r in RUNTIME + TESTS
                 if not any(spec.operator in ("<", "<=", "==", "~=") for spec in r.specifier)]
    assert not unbounded


def test_the_locks_pin_every_dependency_in_its_range_with_hashes():
    test_lock, server_lock = pins("requirements-test.lock"), pins("requirements.lock")
    for requirement in RUNTIME + TESTS:
        version, _, hashes = test_lock[canonicalize_name(requirement.name)]
        assert requirement.specifier.contains(version, prereleases=True), (requirement, version)
        assert hashes >= 1
    for requirement in RUNTIME:
        assert canonicalize_name(requirement.name) in server_lock
    # The server's lock: the same versions, and nothing of the test tools.
    assert {name: pin[0] for name, pin in server_lock.items()} == {
        name: test_lock[name][0] for name in server_lock}
    assert not {canonicalize_name(r.name) for r in TESTS} & set(server_lock)


def test_this_environment_is_the_lock():
    """`make venv` installed exactly the locked versions (those whose markers apply here)."""
    here = default_environment()
    differ = {}
    for name, (version, marker, _) in pins("requirements-test.lock").items():
        if marker and not Requirement(f"x; {marker}").marker.evaluate(here):
            continue
        installed = metadata.version(name)
        if installed != version:
            differ[name] = (version, installed)
    assert not differ, differ


def test_make_and_the_hosting_docs_install_from_the_locks():
    makefile = (ROOT / "Makefile").read_text()
    assert "--require-hashes \\\n\t\t-r requirements-test.lock" in makefile
    assert "--no-deps -e ." in makefile
    assert re.search(r"^lock: venv\n\tscripts/lock\.sh$", makefile, re.M)
    hosting = (ROOT / "docs" / "hosting.md").read_text()
    assert ("/opt/wildcards/venv/bin/pip install --require-hashes "
            "-r /opt/wildcards/src/requirements.lock") in hosting
    assert "/opt/wildcards/venv/bin/pip install --no-deps /opt/wildcards/src" in hosting
