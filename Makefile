# Wild Cards: `make run` starts the site, `make test` runs the whole test suite.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

# `make test` runs against real PostgreSQL and Redis unless the environment says otherwise.
TEST_DATABASE_URL := postgres://postgres@127.0.0.1:5432/wildcards
TEST_REDIS_URL := redis://127.0.0.1:6379/14

.PHONY: venv test test-embedded lint run clean lock lock-upgrade client

venv: $(STAMP)

# The exact versions of requirements-test.lock (with their hashes: what CI installs), then the
# project itself, editable, without resolving anything again. Reinstalls only when the lock or
# pyproject.toml changes; the editable install picks up code changes by itself.
$(STAMP): pyproject.toml requirements-test.lock
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check --require-hashes \
		-r requirements-test.lock
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps -e .
	touch $@

# The lock files from pyproject.toml (scripts/lock.sh): `lock` keeps the versions locked and adds
# what pyproject.toml added; `lock-upgrade` moves every package to the newest that fits.
lock: venv
	scripts/lock.sh
lock-upgrade: venv
	UPGRADE=1 scripts/lock.sh

# In parallel, one pytest-xdist worker per core (TEST_WORKERS=0: in one process; worksteal: an
# idle worker takes tests queued for a busy one, the property tests are long). Each worker
# has its own test database (test_wildcards_gw0, ...) and its own Redis database (REDIS_URL's
# number minus the worker's: /14, /13, ...; see wildcards/pytest_env.py).
TEST_WORKERS ?= auto
# First scripts/test_services.sh: starts PostgreSQL and Redis when they are installed here but
# stopped, installs Debian's Chromium (the browser tests) when it is missing, and otherwise says
# what is needed.
test: venv
	DATABASE_URL="$${DATABASE_URL:-$(TEST_DATABASE_URL)}" \
	REDIS_URL="$${REDIS_URL:-$(TEST_REDIS_URL)}" \
	scripts/test_services.sh
	DATABASE_URL="$${DATABASE_URL:-$(TEST_DATABASE_URL)}" \
	REDIS_URL="$${REDIS_URL:-$(TEST_REDIS_URL)}" \
	$(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

# The storage tests again on the embedded fallback of `make run` (SQLite, no Redis): the hot
# paths write SQL of their own (games/storage/sql.py), which must work on both databases.
EMBEDDED_TESTS := tests/api/test_storage_sql.py tests/api/test_full_game.py \
	tests/api/test_tables_and_seats.py tests/api/test_after_response.py tests/api/test_idempotency.py
test-embedded: venv
	rm -f .embedded-test.sqlite3
	DATABASE_URL=sqlite:///$(CURDIR)/.embedded-test.sqlite3 REDIS_URL= \
	$(PY) -m pytest -p no:randomly $(EMBEDDED_TESTS) $(PYTEST_ARGS)

# The Python client of the API, generated from its schema (scripts/client.sh): run it after a
# change to the API; tests/api/test_python_client.py fails while clients/python is out of date.
client: venv
	scripts/client.sh

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-cache

run: venv
	$(PY) scripts/run.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis staticfiles *.egg-info
	find . -name __pycache__ -type d -not -path './.venv*' -prune -exec rm -rf {} +
