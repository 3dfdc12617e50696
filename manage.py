#!/usr/bin/env python
"""Run Django's administrative tasks for Belote Club."""

import os
import sys


def main() -> None:
    """Run the management command named on the command line."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_club.settings")
    try:
        from django.core.management import execute_from_command_line
    except ImportError as exc:
        raise ImportError(
            "Couldn't import Django. Run ./test or ./run once: they create .venv and install "
            "requirements.txt into it."
        ) from exc
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
