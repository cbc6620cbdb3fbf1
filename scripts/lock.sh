#!/usr/bin/env bash
# `make lock`: the lock files of exact versions, with their hashes, from pyproject.toml:
#   requirements-test.lock  the project and its test tools: `make venv` and so CI install it;
#   requirements.lock       the project alone, the same versions: a server installs it
#                           (docs/hosting.md, step 3).
# A version already locked stays (uv keeps the pins of the file it rewrites); a dependency added
# to pyproject.toml gets the newest version that fits. `make lock-upgrade` (UPGRADE=1) moves
# every one to the newest that fits. Resolved for Python 3.11 on any platform (--universal).
set -euo pipefail
cd "$(dirname "$0")/.."
UV=${UV:-.venv/bin/uv}
upgrade=()
if [ "${UPGRADE:-0}" = 1 ]; then upgrade=(--upgrade); fi
common=(--universal --python-version 3.11 --generate-hashes --quiet --no-header)

"$UV" pip compile pyproject.toml --extra test "${common[@]}" "${upgrade[@]}" "$@" \
    -o requirements-test.lock
"$UV" pip compile pyproject.toml "${common[@]}" --constraint requirements-test.lock \
    -o requirements.lock
echo "requirements-test.lock: $(grep -c '==' requirements-test.lock) packages; requirements.lock: $(grep -c '==' requirements.lock)."
