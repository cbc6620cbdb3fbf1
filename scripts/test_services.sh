#!/usr/bin/env bash
# What `make test` needs before the first test, set up here (`make test` and `.ci/run` call it):
#
# - PostgreSQL and Redis answering where DATABASE_URL and REDIS_URL say. On this machine
#   (127.0.0.1 or localhost) a server that is installed but stopped is started; one that is
#   not installed, or another machine's, is named with what to do, and the tests do not start.
# - Debian's Chromium at $CHROMIUM (/usr/bin/chromium) for the browser tests, and Debian's nginx
#   for the test of two web nodes behind its `upstream` (tests/ops/test_two_nodes.py), each
#   installed with apt-get when missing (as root, or through `sudo -n`).
#
# Exit status 0 when all is there; otherwise 1, with one line per missing piece on stderr.
set -uo pipefail

DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/wildcards}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379/14}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
NGINX=${NGINX:-/usr/sbin/nginx}
WAIT_SECONDS=${WAIT_SECONDS:-60}

missing=()

# host and port of a URL (scheme://[user[:password]@]host[:port][/...]); the default port second.
host_of() { local rest=${1#*://}; rest=${rest%%/*}; rest=${rest##*@}; echo "${rest%%:*}"; }
port_of() {
  local rest=${1#*://}; rest=${rest%%/*}; rest=${rest##*@}
  if [[ $rest == *:* ]]; then echo "${rest##*:}"; else echo "$2"; fi
}
is_local() { [[ $1 == 127.0.0.1 || $1 == localhost || $1 == "" || $1 == ::1 ]]; }
have() { command -v "$1" >/dev/null 2>&1; }

# Runs "$@" as root: directly when we are root, else through sudo without a password prompt.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif have sudo; then sudo -n "$@"; else return 1; fi
}

wait_for() {
  local what=$1; shift
  for _ in $(seq 1 "$WAIT_SECONDS"); do
    if "$@" >/dev/null 2>&1; then
      echo "$what is up."
      return 0
    fi
    sleep 1
  done
  return 1
}

# ---------------------------------------------------------------------------- PostgreSQL
postgresql() {
  local host port
  host=$(host_of "$DATABASE_URL"); port=$(port_of "$DATABASE_URL" 5432)
  [[ $DATABASE_URL == postgres* ]] || return 0  # SQLite (make test-embedded): nothing to start
  if ! have pg_isready; then
    missing+=("PostgreSQL's client tools are not installed: apt-get install postgresql (or postgresql-client for a server elsewhere).")
    return
  fi
  pg_isready -q -h "$host" -p "$port" && return
  if ! is_local "$host"; then
    missing+=("PostgreSQL does not answer at $host:$port (DATABASE_URL): start it there.")
    return
  fi
  if ! have pg_ctlcluster || ! have pg_lsclusters; then
    missing+=("PostgreSQL does not answer on $host:$port and is not installed here: apt-get install postgresql, or set DATABASE_URL.")
    return
  fi
  local version name
  read -r version name < <(pg_lsclusters -h | awk -v port="$port" '$3 == port {print $1, $2}' | sort -V | tail -n 1)
  if [ -z "${version:-}" ]; then
    missing+=("PostgreSQL is installed but has no cluster on port $port: pg_createcluster --start <version> main, or set DATABASE_URL.")
    return
  fi
  echo "Starting PostgreSQL (cluster $version/$name)..."
  if ! as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$name" start; then
    missing+=("PostgreSQL $version/$name is stopped and could not be started (needs root, or sudo without a password): pg_ctlcluster $version $name start.")
    return
  fi
  wait_for PostgreSQL pg_isready -q -h "$host" -p "$port" ||
    missing+=("PostgreSQL did not answer on $host:$port within $WAIT_SECONDS s of its start.")
}

# ---------------------------------------------------------------------------- Redis
redis() {
  [ -n "$REDIS_URL" ] || return 0  # no Redis wanted (make test-embedded)
  local host port
  host=$(host_of "$REDIS_URL"); port=$(port_of "$REDIS_URL" 6379)
  if ! have redis-cli; then
    missing+=("Redis's client is not installed: apt-get install redis-server (or redis-tools for a server elsewhere).")
    return
  fi
  redis_up() { redis-cli -h "$host" -p "$port" ping 2>/dev/null | grep -q PONG; }
  redis_up && return
  if ! is_local "$host"; then
    missing+=("Redis does not answer at $host:$port (REDIS_URL): start it there.")
    return
  fi
  if ! have redis-server; then
    missing+=("Redis does not answer on $host:$port and is not installed here: apt-get install redis-server, or set REDIS_URL.")
    return
  fi
  echo "Starting Redis on 127.0.0.1:$port..."
  redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no >/dev/null
  wait_for Redis redis_up ||
    missing+=("Redis did not answer on 127.0.0.1:$port within $WAIT_SECONDS s of its start.")
}

# ---------------------------------------------------------------------------- Chromium
# The browser tests (tests/web/test_browser*.py) drive Debian's Chromium, never a browser
# that Playwright downloads.
chromium() {
  [ -x "$CHROMIUM" ] && return
  local why="the browser tests need Chromium at $CHROMIUM: apt-get install chromium (as root)."
  if ! have apt-get; then
    missing+=("$CHROMIUM is missing and there is no apt-get here: $why")
    return
  fi
  echo "Installing Chromium for the browser tests (apt-get)..."
  if ! as_root apt-get update -qq ||
     ! as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; then
    missing+=("Chromium could not be installed (needs root, or sudo without a password): $why")
    return
  fi
  [ -x "$CHROMIUM" ] || missing+=("apt-get installed chromium, but $CHROMIUM is still missing: $why")
}

# ---------------------------------------------------------------------------- nginx
# Two web nodes behind nginx's upstream (tests/ops/test_two_nodes.py): the binary only, run by
# the test with a configuration of its own (Debian's own site is not started).
nginx_binary() {
  [ -x "$NGINX" ] && return
  local why="the two-node test needs nginx at $NGINX: apt-get install nginx (as root)."
  if ! have apt-get; then
    missing+=("nginx is missing and there is no apt-get here: $why")
    return
  fi
  echo "Installing nginx for the two-node test (apt-get)..."
  if ! as_root apt-get update -qq ||
     ! as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx; then
    missing+=("nginx could not be installed (needs root, or sudo without a password): $why")
    return
  fi
  [ -x "$NGINX" ] || missing+=("apt-get installed nginx, but $NGINX is still missing: $why")
}

postgresql
redis
chromium
nginx_binary

if [ ${#missing[@]} -gt 0 ]; then
  echo "make test cannot run yet:" >&2
  printf '  - %s\n' "${missing[@]}" >&2
  exit 1
fi
