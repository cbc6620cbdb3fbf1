#!/usr/bin/env python3
"""`make run`: start Wild Cards on this machine for development.

Picks the database and Redis (DATABASE_URL / REDIS_URL when set; otherwise the local
PostgreSQL and Redis when they answer; otherwise SQLite and no Redis: Celery then uses kombu's
filesystem broker under .celery/), migrates, makes sure the demo account exists, then starts
every process of `processes()` (web, Celery worker, Celery beat), starts again one that dies,
and stops them all together on Ctrl-C.
DATABASE_URL=sqlite and REDIS_URL=none skip the look-up (SQLite, no Redis).
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent

LOCAL_POSTGRES_SERVER = "postgres://postgres@127.0.0.1:5432"
LOCAL_DATABASE_NAME = "wildcards"
LOCAL_REDIS_URL = "redis://127.0.0.1:6379/0"
CELERY_DIR = BASE_DIR / ".celery"  # the filesystem broker's folders and beat's schedule file

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "demo-password"
DEMO_EMAIL = "demo@example.com"


def processes(port: str) -> list[tuple[str, list[str]]]:
    """What `make run` keeps running, like the lines of a Procfile: the site, the Celery worker
    (bot turns, notices, deadlines) and Celery beat (the periodic tasks; its schedule file lives
    under .celery/). Without Redis the three share kombu's filesystem broker under .celery/."""
    celery = [sys.executable, "-m", "celery", "-A", "wildcards"]
    return [
        # uvicorn (ASGI): the tables' event streams need it; it does not reload on code changes.
        ("web", [sys.executable, "-m", "uvicorn", "wildcards.asgi:application",
                 "--host", "127.0.0.1", "--port", port, "--log-level", "warning",
                 # no proxy in front: X-Forwarded-For is the client's say, not an address
                 "--no-proxy-headers"]),
        ("worker", [*celery, "worker", "--loglevel", "INFO", "--concurrency", "2",
                    "--without-gossip", "--without-mingle"]),
        ("beat", [*celery, "beat", "--loglevel", "INFO",
                  "--schedule", str(CELERY_DIR / "celerybeat-schedule")]),
    ]


def local_postgres_url() -> str | None:
    """The local PostgreSQL's `wildcards` database (created when missing), or None when no
    PostgreSQL answers on 127.0.0.1:5432."""
    import psycopg
    from psycopg import sql

    try:
        with psycopg.connect(
            f"{LOCAL_POSTGRES_SERVER}/postgres", connect_timeout=2, autocommit=True
        ) as conn:
            exists = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", [LOCAL_DATABASE_NAME]
            ).fetchone()
            if not exists:
                create = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(LOCAL_DATABASE_NAME))
                conn.execute(create)
                print(f"Created the PostgreSQL database {LOCAL_DATABASE_NAME!r}.")
    except psycopg.Error as error:
        reason = (str(error).strip().splitlines() or ["no answer"])[0]
        print(f"PostgreSQL at {LOCAL_POSTGRES_SERVER} is not usable: {reason}")
        return None
    return f"{LOCAL_POSTGRES_SERVER}/{LOCAL_DATABASE_NAME}"


def local_redis_url() -> str | None:
    import redis

    try:
        redis.Redis.from_url(LOCAL_REDIS_URL, socket_connect_timeout=1, socket_timeout=1).ping()
    except redis.RedisError:
        return None
    return LOCAL_REDIS_URL


def choose_services() -> None:
    if os.environ.get("DATABASE_URL", "").lower() == "sqlite":
        del os.environ["DATABASE_URL"]
        print(f"Database: SQLite ({BASE_DIR / 'db.sqlite3'}), as DATABASE_URL=sqlite asks.")
    elif os.environ.get("DATABASE_URL"):
        print("Database: DATABASE_URL from the environment.")
    elif url := local_postgres_url():
        os.environ["DATABASE_URL"] = url
        print(f"Database: local PostgreSQL ({url}).")
    else:
        print(f"Database: SQLite ({BASE_DIR / 'db.sqlite3'}).")

    if os.environ.get("REDIS_URL", "").lower() == "none":
        del os.environ["REDIS_URL"]
        print("Redis: off (REDIS_URL=none); Celery uses the filesystem broker under .celery/.")
    elif os.environ.get("REDIS_URL"):
        print("Redis: REDIS_URL from the environment.")
    elif url := local_redis_url():
        os.environ["REDIS_URL"] = url
        print(f"Redis: local Redis ({url}).")
    else:
        print("Redis: none answers on 127.0.0.1:6379; Celery uses the filesystem broker under "
              ".celery/ instead.")


def prepare_database() -> None:
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=1)

    from django.contrib.auth import get_user_model

    user_model = get_user_model()
    if not user_model.objects.filter(username=DEMO_USERNAME).exists():
        user_model.objects.create_user(DEMO_USERNAME, DEMO_EMAIL, DEMO_PASSWORD)
        print(f"Created the demo account {DEMO_USERNAME!r}.")


class Supervised:
    """One process of `make run`, started again when it dies."""

    def __init__(self, name: str, argv: list[str]) -> None:
        self.name, self.argv = name, argv
        self.quick_deaths = 0  # in a row, each within QUICK seconds of its start
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(self.argv, cwd=BASE_DIR)
        self.started = time.monotonic()


QUICK = 10.0  # seconds: a process that dies sooner than this after its start died quickly
GIVE_UP = 5  # quick deaths in a row: it will not run (a port taken, a broken setting)


def supervise(commands: list[tuple[str, list[str]]], quick: float = QUICK,
              give_up: int = GIVE_UP) -> int:
    """Run every command, and start again one that dies (a line says so; after a pause that
    grows while it keeps dying at once). One that dies `give_up` times in a row within `quick`
    seconds of its start stops everything. Ctrl-C (or SIGTERM) stops them all."""
    running = [Supervised(name, argv) for name, argv in commands]

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    exit_code = 0
    try:
        while True:
            time.sleep(0.2)
            for process in running:
                code = process.proc.poll()
                if code is None:
                    continue
                lived = time.monotonic() - process.started
                process.quick_deaths = process.quick_deaths + 1 if lived < quick else 0
                if process.quick_deaths >= give_up:
                    print(f"{process.name} exited with code {code}, {give_up} times in a row "
                          f"within {quick:.0f} s of its start; stopping everything.", flush=True)
                    exit_code = code or 1
                    raise KeyboardInterrupt
                pause = min(30.0, 0.5 * 2 ** process.quick_deaths) if process.quick_deaths else 0
                print(f"{process.name} exited with code {code}; starting it again"
                      + (f" in {pause:.0f} s." if pause >= 1 else "."), flush=True)
                time.sleep(pause)
                process.start()
    except KeyboardInterrupt:
        pass
    finally:
        for process in running:
            if process.proc.poll() is None:
                process.proc.terminate()
        for process in running:
            try:
                process.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.proc.kill()
                process.proc.wait()
    return exit_code


def main() -> int:
    os.chdir(BASE_DIR)
    sys.path.insert(0, str(BASE_DIR))
    os.environ["DEBUG"] = "1"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildcards.settings")
    port = os.environ.get("PORT", "8000")
    # Links in emails point at this server unless the environment names another address.
    os.environ.setdefault("WILDCARDS_BASE_URL", f"http://127.0.0.1:{port}")

    choose_services()
    prepare_database()

    CELERY_DIR.mkdir(exist_ok=True)
    commands = processes(port)
    print()
    print(
        f"Wild Cards is running: open http://127.0.0.1:{port}/ "
        f"(log in as {DEMO_USERNAME} / {DEMO_PASSWORD})"
    )
    print(f"Processes: {', '.join(name for name, _ in commands)} (one that dies is started "
          "again; Ctrl-C stops them all).")
    print()
    sys.stdout.flush()
    return supervise(commands)


if __name__ == "__main__":
    sys.exit(main())
