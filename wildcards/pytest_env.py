"""pytest plugin (loaded with `-p wildcards.pytest_env` from pyproject.toml).

pytest-django reads the settings before any conftest.py is imported, and the settings refuse to
start without SECRET_KEY when DEBUG is off, so the test run's throwaway key is set here.
"""

import os

os.environ.setdefault("SECRET_KEY", "insecure-key-for-the-test-suite-only")
