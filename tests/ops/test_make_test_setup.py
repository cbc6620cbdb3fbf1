"""`make test` sets itself up (issue 25, item 1): scripts/test_services.sh starts PostgreSQL and
Redis when they are installed but stopped, installs Chromium and nginx through apt-get when they
are missing,
and says what is needed where it cannot. The script runs here against stand-ins of the system's
commands (a folder of small scripts first and alone on PATH), which note how they were called."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "test_services.sh"
# The ordinary tools the script uses; every other command is a stand-in or missing.
BASICS = ["bash", "sh", "seq", "sleep", "awk", "sort", "tail", "grep", "env", "cat", "touch",
          "chmod", "printf", "id", "dirname"]

STAND_INS = {
    # PostgreSQL answers once its cluster was started (the file `pg-up`).
    "pg_isready": 'echo "pg_isready $*" >> "$CALLS"; [ -e "$STATE/pg-up" ]',
    "pg_lsclusters": 'echo "15 main 5432 down postgres /var/lib/postgresql/15/main log"',
    "pg_ctlcluster": 'echo "pg_ctlcluster $*" >> "$CALLS"; touch "$STATE/pg-up"',
    "redis-cli": 'echo "redis-cli $*" >> "$CALLS"; [ -e "$STATE/redis-up" ] && echo PONG',
    "redis-server": 'echo "redis-server $*" >> "$CALLS"; touch "$STATE/redis-up"',
    "apt-get": 'echo "apt-get $*" >> "$CALLS"; case "$*" in *install*chromium*) '
               'printf "#!/bin/sh\\n" > "$CHROMIUM"; chmod +x "$CHROMIUM";; '
               '*install*nginx*) printf "#!/bin/sh\\n" > "$NGINX"; chmod +x "$NGINX";; esac',
}


@pytest.fixture
def machine(tmp_path):
    """A machine of stand-ins: `run(*missing, up=...)` runs the script with the commands in
    `missing` absent and the services in `up` already answering; it gives (exit status, output,
    the stand-ins' calls)."""
    bin_dir, state = tmp_path / "bin", tmp_path / "state"
    bin_dir.mkdir()
    state.mkdir()
    for name in BASICS:
        found = shutil.which(name)
        if found:
            (bin_dir / name).symlink_to(found)

    def run(*missing: str, up: tuple[str, ...] = (), chromium: bool = False,
            nginx: bool = True):
        for name, body in STAND_INS.items():
            path = bin_dir / name
            path.unlink(missing_ok=True)
            if name not in missing:
                path.write_text(f"#!/bin/sh\n{body}\n")
                path.chmod(0o755)
        for service in up:
            (state / f"{service}-up").touch()
        browser = tmp_path / "chromium"
        if chromium:
            browser.write_text("#!/bin/sh\n")
            browser.chmod(0o755)
        server = tmp_path / "nginx"
        if nginx:
            server.write_text("#!/bin/sh\n")
            server.chmod(0o755)
        calls = tmp_path / "calls"
        env = {"PATH": str(bin_dir), "CALLS": str(calls), "STATE": str(state),
               "CHROMIUM": str(browser), "NGINX": str(server), "WAIT_SECONDS": "3",
               "HOME": str(tmp_path),
               "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/wildcards",
               "REDIS_URL": "redis://127.0.0.1:6379/14"}
        done = subprocess.run(["bash", str(SCRIPT)], env=env, capture_output=True, text=True,
                              timeout=60)
        lines = calls.read_text().splitlines() if calls.exists() else []
        return done.returncode, done.stdout + done.stderr, lines

    return run


def test_make_test_runs_the_set_up_before_the_tests():
    done = subprocess.run(["make", "-n", "test"], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "MAKEFLAGS": ""})
    assert done.returncode == 0, done.stderr
    commands = done.stdout
    assert "scripts/test_services.sh" in commands
    assert commands.index("scripts/test_services.sh") < commands.index("-m pytest")


def test_ci_relies_on_make_test_for_its_set_up():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test\n" in ci
    for own_set_up in ("apt-get", "pg_ctlcluster", "redis-server"):
        assert own_set_up not in ci


def test_it_installs_chromium_through_apt_get_when_it_is_missing(machine):
    status, output, calls = machine(up=("pg", "redis"))
    assert status == 0, output
    assert "apt-get update -qq" in calls
    assert "apt-get install -y -qq chromium" in calls


def test_it_installs_nginx_through_apt_get_when_it_is_missing(machine):
    status, output, calls = machine(up=("pg", "redis"), chromium=True, nginx=False)
    assert status == 0, output
    assert "apt-get install -y -qq nginx" in calls


def test_it_starts_postgresql_and_redis_when_installed_but_stopped(machine):
    status, output, calls = machine(chromium=True)
    assert status == 0, output
    assert "pg_ctlcluster --skip-systemctl-redirect 15 main start" in calls
    assert any(call.startswith("redis-server --daemonize yes --bind 127.0.0.1 --port 6379")
               for call in calls)
    assert "PostgreSQL is up." in output and "Redis is up." in output


def test_it_touches_nothing_when_all_is_there(machine):
    status, output, calls = machine(up=("pg", "redis"), chromium=True)
    assert status == 0, output
    assert not [call for call in calls if not call.startswith(("pg_isready", "redis-cli"))]


def test_it_says_what_is_needed_where_it_cannot(machine):
    status, output, calls = machine("pg_ctlcluster", "pg_lsclusters", "redis-server", "apt-get",
                                    nginx=False)
    assert status == 1
    assert "make test cannot run yet" in output
    assert "apt-get install postgresql, or set DATABASE_URL" in output
    assert "apt-get install redis-server, or set REDIS_URL" in output
    assert "the browser tests need Chromium at" in output
    assert "apt-get install chromium" in output
    assert "the two-node test needs nginx at" in output
