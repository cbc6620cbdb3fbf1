"""The lines of docs/fairness.md's "Checking a game by hand", read from the page, run as a
stranger runs them: a record saved as game.json, and a Python with its standard library alone
(`-S`: no site-packages, so nothing of the project or its dependencies)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "fairness.md"


def doc_script() -> str:
    """Every Python block of the section, in the order the page gives them."""
    text = DOC.read_text()
    section = text.split("## Checking a game by hand", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) >= 3, "the section's Python blocks are not found"
    return "\n".join(blocks)


def run_doc_script(record: dict, folder: Path) -> list[str]:
    """What the lines print for `record`, line by line."""
    (folder / "game.json").write_text(json.dumps(record))
    (folder / "check.py").write_text(doc_script())
    done = subprocess.run([sys.executable, "-I", "-S", "check.py"], cwd=folder,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()
