"""`make run` keeps its processes running (issue 25, item 10): one that dies is started again,
with a line saying so, while the others go on; one that keeps dying at once stops everything;
Ctrl-C stops them all. scripts/run.py's `supervise`, on small stand-in processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from ops_helpers import ROOT

STAND_IN = ("import os, sys, time; open(sys.argv[1], 'a').write(f'{os.getpid()}\\n'); "
            "time.sleep(float(sys.argv[2])); sys.exit(int(sys.argv[3]))")


def supervisor(tmp_path: Path, *processes: tuple[str, float, int], **options):
    """A `supervise` of stand-ins (name, seconds it lives, its exit code) in a process of its
    own; each stand-in writes its pid to <tmp_path>/<name> when it starts."""
    commands = [(name, [sys.executable, "-c", STAND_IN, str(tmp_path / name), str(lives),
                        str(code)]) for name, lives, code in processes]
    script = (f"import sys; sys.path.insert(0, {str(ROOT / 'scripts')!r}); import run; "
              f"sys.exit(run.supervise({commands!r}, **{options!r}))")
    return subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def pids(path: Path) -> list[int]:
    return [int(line) for line in path.read_text().split()] if path.exists() else []


def wait_for(condition, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return not Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")


def test_a_killed_process_is_started_again_and_ctrl_c_stops_them_all(tmp_path):
    run = supervisor(tmp_path, ("web", 120, 0), ("worker", 120, 0), ("beat", 120, 0))
    try:
        wait_for(lambda: all(pids(tmp_path / name) for name in ("web", "worker", "beat")))
        [worker] = pids(tmp_path / "worker")
        os.kill(worker, signal.SIGKILL)
        wait_for(lambda: len(pids(tmp_path / "worker")) == 2)
        assert len(pids(tmp_path / "web")) == 1 and len(pids(tmp_path / "beat")) == 1
        everyone = [pid for name in ("web", "worker", "beat") for pid in pids(tmp_path / name)]
        run.send_signal(signal.SIGINT)  # Ctrl-C
        output, _ = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 0
    assert "worker exited with code -9; starting it again" in output
    assert not [pid for pid in everyone if alive(pid)]


def test_a_process_that_keeps_dying_at_once_stops_everything(tmp_path):
    run = supervisor(tmp_path, ("web", 0, 3), ("beat", 120, 0), quick=5.0, give_up=3)
    output, _ = run.communicate(timeout=60)
    assert run.returncode == 3
    assert len(pids(tmp_path / "web")) == 3
    assert ("web exited with code 3, 3 times in a row within 5 s of its start; stopping "
            "everything.") in output
    assert not alive(pids(tmp_path / "beat")[0])
