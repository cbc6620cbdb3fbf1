"""Helpers of the operator's tests (tests/ops): run the project in a process of its own, with
exactly the environment given (what an operator's env file would hold), read what it printed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def project_env(tmp_path: Path, **variables: str) -> dict[str, str]:
    """A bare environment (no DEBUG, no WILDCARDS_HTTPS from the test run) with a SQLite
    database of its own, plus `variables`."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path),
           "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    env.update(variables)
    return env


def run_python(env: dict[str, str], *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def settings_of(env: dict[str, str], *names: str) -> dict:
    """The values of settings `names` as the project computes them from `env`."""
    script = ("import json, django; from django.conf import settings; django.setup(); "
              f"print(json.dumps({{n: getattr(settings, n) for n in {list(names)!r}}}, "
              "default=list))")
    done = run_python({**env, "DJANGO_SETTINGS_MODULE": "wildcards.settings"}, "-c", script)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
