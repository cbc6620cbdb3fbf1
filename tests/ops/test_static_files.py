"""Static files in production (issue 25, item 5): after `collectstatic` the pages name each file
by its content's hash, and the app (gunicorn's uvicorn workers, as the unit runs it) serves it
gzipped with a year's `immutable` cache, without Django's warning about synchronous iterators;
an unhashed name gets a minute. nginx serves the same folder itself (deploy/nginx/wildcards.conf,
the A/B in docs/benchmarks.md)."""

from __future__ import annotations

import gzip
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from email.message import Message

from ops_helpers import ROOT, run_python
from test_one_clean_log import free_port, wait_for

PRODUCTION = {"SECRET_KEY": "a-secret-key-for-this-test-only-" * 3,
              "ALLOWED_HOSTS": "127.0.0.1", "WILDCARDS_HTTPS": "0"}


def get(url: str, **headers) -> tuple[int, Message, bytes]:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as answer:
        # Header names in any case (the server may send them lower-cased, as HTTP/2 must).
        return answer.status, answer.headers, answer.read()


def max_age(cache_control: str) -> int:
    return int(re.search(r"max-age=(\d+)", cache_control).group(1))


def test_after_collectstatic_the_app_serves_hashed_gzipped_files_cached_for_a_year(bare_env,
                                                                                     tmp_path):
    env = bare_env(**PRODUCTION, STATIC_ROOT=str(tmp_path / "static"))
    env["PATH"] = f"{os.path.dirname(sys.executable)}:{env['PATH']}"
    collected = run_python(env, "manage.py", "collectstatic", "--no-input", timeout=120)
    assert collected.returncode == 0, collected.stderr
    port, log_file = free_port(), tmp_path / "stderr"
    with log_file.open("w") as stderr:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "wildcards.asgi:application",
             "-k", "wildcards.workers.UvicornWorker",
             "--logger-class", "wildcards.workers.GunicornLogger",
             "--workers", "1", "--bind", f"127.0.0.1:{port}"],
            cwd=ROOT, env=env, stderr=stderr, stdout=subprocess.DEVNULL)
    try:
        wait_for(lambda: "Started server process" in log_file.read_text())
        site = f"http://127.0.0.1:{port}"
        _, _, page = get(f"{site}/accounts/login/")
        css = re.search(r'href="(/static/web/wildcards\.[0-9a-f]{12}\.css)"', page.decode())
        assert css, "the page names the stylesheet by its hash"
        status, headers, body = get(site + css.group(1), **{"Accept-Encoding": "gzip"})
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(body) == (ROOT / "web/static/web/wildcards.css").read_bytes()
        assert "immutable" in headers["Cache-Control"]
        assert max_age(headers["Cache-Control"]) >= 365 * 24 * 3600
        _, plain, _ = get(f"{site}/static/web/wildcards.css")  # an unhashed name: a minute
        assert max_age(plain["Cache-Control"]) == 60 and "immutable" not in plain["Cache-Control"]
        time.sleep(0.5)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    log = log_file.read_text()
    assert "must consume synchronous iterators" not in log
    assert "Traceback" not in log


def test_the_nginx_site_serves_the_collected_folder_hashed_names_for_a_year():
    site = (ROOT / "deploy" / "nginx" / "wildcards.conf").read_text()
    hashed = re.search(r'location ~ "\^/static/\(\.\+\\\.\[0-9a-f\]\{12\}\\\.\\w\+\)\$" \{(.*?)\}',
                       site, re.S)
    assert hashed, "a location for hashed names"
    assert "alias /var/lib/wildcards/static/$1;" in hashed.group(1)
    assert "gzip_static on;" in hashed.group(1)
    assert 'Cache-Control "max-age=31536000, public, immutable"' in hashed.group(1)
    other = re.search(r"location /static/ \{(.*?)\}", site, re.S).group(1)
    assert "alias /var/lib/wildcards/static/;" in other and "max-age=60" in other
    env_example = (ROOT / "deploy" / "wildcards.env.example").read_text()
    assert "\nSTATIC_ROOT=/var/lib/wildcards/static\n" in env_example  # the folder nginx reads
