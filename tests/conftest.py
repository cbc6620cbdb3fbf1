# Fixtures shared by the whole suite go here. The test run's SECRET_KEY comes from the
# wildcards.pytest_env plugin (see pyproject.toml), because pytest-django reads the settings
# before this file is imported.
