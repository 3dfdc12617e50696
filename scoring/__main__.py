"""``python -m scoring deals|declarations|matches FILE`` (RULES.md §F)."""

import sys

from scoring.cli import main

sys.exit(main())
