"""Set the environment that the test settings need, before pytest-django reads the settings.

pytest-django loads `belote_club.settings` while pytest loads its initial conftests, before any
conftest.py module runs, and the settings refuse to load without DJANGO_SECRET_KEY when
DJANGO_DEBUG is off. A plugin named with `-p` in pyproject.toml's addopts is imported earlier
than that, so plain `pytest` works as well as `./test`.
"""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "test-only-secret-key-never-used-outside-tests")
