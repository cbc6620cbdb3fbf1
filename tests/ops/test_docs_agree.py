"""The operator's documents say what the code does (issue 25, item 12): every file they name
exists, every environment variable the settings read is in docs/hosting.md (and every one of
the example environment file is read), the rate limits' defaults are the settings', and the
number of files `collectstatic` copies is the one hosting.md gives."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from ops_helpers import ROOT, run_python, settings_of

# Where a path of the project is named, and what a path of the project looks like there.
DOCUMENTS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md", ROOT / "Makefile",
             ROOT / "Procfile", ROOT / ".ci" / "run", ROOT / "pyproject.toml",
             *sorted(p for p in (ROOT / "deploy").rglob("*") if p.is_file())]
PATH = re.compile(r"(?<![\w/.:-])((?:wildcards|games|accounts|notifications|web|ratings|tests|"
                  r"deploy|scripts|bench|docs|\.ci)/[\w./-]*[\w/])")
TEST = re.compile(r"`((?:[\w/]+/)?test_\w+\.py)::(test_\w+)")
NOT_PATHS = {"games/s"}  # "418 games/s" in docs/benchmarks.md: games per second
HOSTING = ROOT / "docs" / "hosting.md"


def exists(name: str) -> bool:
    """A file or folder of the project, a module named without `.py`, or a test file named
    from the tests folder (docs/rulebook-coverage.md: `web/test_card_faces.py`)."""
    return any(path.exists() for base in (ROOT, ROOT / "tests")
               for path in (base / name, base / f"{name}.py"))


def test_every_path_the_documents_name_exists():
    missing = sorted({(str(document.relative_to(ROOT)), name)
                      for document in DOCUMENTS
                      for name in (m.group(1).rstrip(".") for m in
                                   PATH.finditer(document.read_text()))
                      if name not in NOT_PATHS and not exists(name)})
    assert not missing, missing


def test_every_test_the_documents_name_exists():
    """`api/test_visibility.py::test_...` in the coverage tables names a test that is there."""
    missing = []
    for document in DOCUMENTS:
        for file, name in TEST.findall(document.read_text()):
            path = next((base / file for base in (ROOT, ROOT / "tests")
                         if (base / file).exists()), None)
            if path is None or not re.search(rf"^(async )?def {name}\(", path.read_text(), re.M):
                missing.append((str(document.relative_to(ROOT)), f"{file}::{name}"))
    assert not missing, missing


def environment_variables_read() -> set[str]:
    """The names the project's settings read from the environment (wildcards/*.py: the
    env_* helpers and os.environ), found in the source."""
    names = set()
    for module in (ROOT / "wildcards").glob("*.py"):
        if module.name == "pytest_env.py":  # the test run's own
            continue
        for node in ast.walk(ast.parse(module.read_text())):
            if (isinstance(node, ast.Call) and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                    and re.fullmatch(r"[A-Z][A-Z0-9_]+", node.args[0].value)
                    and _reads_environment(node.func)):
                names.add(node.args[0].value)
    return names


def _reads_environment(func: ast.expr) -> bool:
    if isinstance(func, ast.Name):
        return func.id.startswith("env_")
    return isinstance(func, ast.Attribute) and (
        func.attr == "getenv" or (func.attr in ("get", "setdefault")
                                  and ast.unparse(func.value) in ("os.environ", "environ")))


def documented_variables() -> set[str]:
    """The variables of hosting.md's tables (a row's first cell, a few names in one)."""
    names = set()
    for line in HOSTING.read_text().splitlines():
        if line.startswith("| `"):
            names.update(re.findall(r"`([A-Z][A-Z0-9_]+)`", line.split("|")[1]))
    return names


def example_variables() -> set[str]:
    text = (ROOT / "deploy" / "wildcards.env.example").read_text()
    return set(re.findall(r"^#? ?([A-Z][A-Z0-9_]+)=\S*$", text, re.M))


def test_every_environment_variable_read_is_in_the_hosting_tables():
    read = environment_variables_read()
    assert {"WILDCARDS_THROTTLE_SIGNUP", "DATABASE_URL", "LOG_FORMAT"} <= read  # it finds them
    assert read - documented_variables() == set()


def test_the_hosting_tables_and_the_example_file_name_only_variables_that_are_read():
    read = environment_variables_read()
    assert documented_variables() - read - {"DJANGO_SETTINGS_MODULE"} == set()
    assert example_variables() - read - {"DJANGO_SETTINGS_MODULE"} == set()


def test_the_rate_limits_defaults_in_hosting_are_the_settings(bare_env):
    rows = dict(re.findall(r"^\| `(WILDCARDS_THROTTLE_\w+|WILDCARDS_PASSWORD_RESET_MINUTES)`"
                           r" \|.*\| `([^`]+)` \|$", HOSTING.read_text(), re.M))
    computed = settings_of(bare_env(SECRET_KEY="x" * 50), "REST_FRAMEWORK",
                           "WILDCARDS_PASSWORD_RESET_MINUTES")
    rates = computed["REST_FRAMEWORK"]["DEFAULT_THROTTLE_RATES"]
    assert rows == {"WILDCARDS_THROTTLE_SIGNUP": rates["signup"],
                    "WILDCARDS_THROTTLE_TOKEN": rates["token"],
                    "WILDCARDS_THROTTLE_MOVES": rates["moves"],
                    "WILDCARDS_THROTTLE_PASSWORD_RESET": rates["password-reset"],
                    "WILDCARDS_PASSWORD_RESET_MINUTES":
                        str(computed["WILDCARDS_PASSWORD_RESET_MINUTES"])}
    example = (ROOT / "deploy" / "wildcards.env.example").read_text()
    for name, default in rows.items():
        assert f"\n{name}={default}\n" in example, name


def test_hosting_gives_the_number_of_files_collectstatic_copies():
    from django.contrib.staticfiles.finders import get_finders

    # What collectstatic copies: each path once (the first app's), its default ignore patterns.
    found = {path for finder in get_finders()
             for path, _ in finder.list(["CVS", ".*", "*~"])}
    said = re.search(r"`collectstatic`\s+copied\s+(\d+)\s+files", HOSTING.read_text())
    assert said, "hosting.md no longer says how many files collectstatic copies"
    assert int(said.group(1)) == len(found)


def test_the_checks_see_a_missing_path(tmp_path: Path):
    assert not exists("wildcards/sqlrows.py") and exists("games/storage/sql.py")
    assert exists("games/deadlines") and exists("web/test_card_faces.py")


def hosting_defaults() -> dict[str, str]:
    """Each table row of hosting.md whose default is one plain value: {variable: value}."""
    rows = {}
    for line in HOSTING.read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        name = re.fullmatch(r"`([A-Z][A-Z0-9_]+)`", cells[0])
        default = re.fullmatch(r"`?([^`\s]+)`?", cells[-1]) if len(cells) >= 3 else None
        if name and default:
            rows[name.group(1)] = default.group(1)
    return rows


def as_documented(value) -> str:
    if value is True or value is False:
        return "on" if value else "off"
    if value in (None, "", []):
        return "empty"
    if isinstance(value, list):
        return ",".join(value)
    return str(value)


def test_every_plain_default_in_hosting_is_the_settings(bare_env):
    """Where a variable sets the setting of the same name, the default the table gives is the
    one a server gets without it (DEBUG off)."""
    rows = {name: value for name, value in hosting_defaults().items()
            if value != "WILDCARDS_HTTPS"}  # those follow WILDCARDS_HTTPS: test_deploy_settings
    script = ("import json, django; from django.conf import settings; django.setup(); "
              f"print(json.dumps({{n: getattr(settings, n) for n in {sorted(rows)!r} "
              "if hasattr(settings, n)}, default=list))")
    done = run_python({**bare_env(SECRET_KEY="x" * 50),
                       "DJANGO_SETTINGS_MODULE": "wildcards.settings"}, "-c", script)
    assert done.returncode == 0, done.stderr
    computed = {name: as_documented(value) for name, value in json.loads(done.stdout).items()}
    assert len(computed) >= 20  # most of the table's variables set a setting of their name
    assert {name: rows[name] for name in computed} == computed
