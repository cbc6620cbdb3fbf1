"""The layout stays as docs/architecture.md draws it. The layers and cycles are import-linter's
(`make lint`); these are the rules it does not check."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "accounts", "notifications", "wildcards")
MOST_LINES = 300  # a module of the service or storage layer over this wants splitting


def project_modules() -> list[Path]:
    return [path for package in PACKAGES for path in (ROOT / package).rglob("*.py")
            if "migrations" not in path.parts]


def test_no_module_imports_a_private_name_of_another():
    found = []
    for path in project_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "")
                                                     .split(".")[0] in PACKAGES):
                found += [f"{path.relative_to(ROOT)}: {alias.name}" for alias in node.names
                          if alias.name.startswith("_") and alias.name != "__future__"]
    assert found == []


def test_no_module_reaches_for_a_private_name_of_another_module():
    found = []
    for path in project_modules():
        tree = ast.parse(path.read_text())
        imported = {alias.asname or alias.name.split(".")[0]
                    for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
                    for alias in node.names}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and not node.attr.startswith("__") and isinstance(node.value, ast.Name)
                    and node.value.id in imported and node.value.id not in ("self", "cls")):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: "
                             f"{node.value.id}.{node.attr}")
    # Django's own documented underscore API (`_meta`, `_state`) is no private name of ours.
    assert [f for f in found if not f.endswith(("._meta", "._state"))] == []


def test_no_module_of_the_service_or_storage_layer_is_over_300_lines():
    long = {str(path.relative_to(ROOT)): lines
            for folder in ("games/service", "games/storage")
            for path in (ROOT / folder).glob("*.py")
            if (lines := len(path.read_text().splitlines())) > MOST_LINES}
    assert long == {}


def test_every_reason_code_the_service_raises_has_an_http_status():
    from games.api.errors import STATUS

    raised = set()
    for path in (ROOT / "games" / "service").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "GameError"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                raised.add(node.args[0].value)
    assert raised and raised <= set(STATUS)


def test_no_move_outside_the_rules_engine_takes_the_trusted_path():
    """`Rules.apply_trusted` takes a move as legal without checking it: it is for rollouts inside
    the engine and simulations (bots' look-ahead, bench/engine.py). Every move the service makes,
    a person's or a bot's, goes through `apply`, which checks it (issue 11)."""
    found = [str(path.relative_to(ROOT))
             for path in [*project_modules(), *(ROOT / "web").rglob("*.py")]
             if path.relative_to(ROOT).parts[:2] != ("games", "rules")
             and "apply_trusted" in path.read_text()]
    assert found == []
    assert "apply_trusted" in (ROOT / "games" / "rules" / "engine.py").read_text()
