"""The rules engine is pure Python: no Django, no I/O, no clock, no global randomness."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "games" / "rules"
FORBIDDEN = {"django", "rest_framework", "celery", "time", "datetime", "os", "socket",
             "requests", "psycopg"}


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_no_engine_module_imports_django_io_or_the_clock():
    files = sorted(ENGINE.rglob("*.py"))
    assert files
    for path in files:
        assert not imported_modules(path) & FORBIDDEN, path


def test_importing_the_engine_loads_no_django():
    code = "import sys, games.rules; print(any(m.split('.')[0] == 'django' for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ENGINE.parents[1])
    assert out.stdout.strip() == "False"


def test_the_engine_uses_no_global_random_generator():
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and (
                node.value.id == "random"
            ):
                assert node.attr == "Random", f"{path}: random.{node.attr}"
