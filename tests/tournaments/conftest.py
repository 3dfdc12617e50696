"""Fixtures the tournament tests share: the held-out mêlée sample (tests/samples.py)."""

import pytest

from tests.samples import imported_for_a_class


@pytest.fixture(scope="class")
def melee_sample(django_db_setup, django_db_blocker):
    """The mêlée sample ``melee-18``, imported once for the tests of a class that only read
    it, in a transaction rolled back after the class's last test."""
    yield from imported_for_a_class(django_db_blocker)
