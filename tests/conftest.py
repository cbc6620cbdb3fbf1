# Fixtures shared by the whole suite. The test run's SECRET_KEY comes from the
# wildcards.pytest_env plugin (see pyproject.toml), because pytest-django reads the settings
# before this file is imported.
import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Sign-ups in tests need no slow hashing; production keeps Django's default."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
