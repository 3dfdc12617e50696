"""PreparedValues (models/prepared_values.py): each field's ``get_db_prep_save`` of a plain
value, remembered per column, the same as Django's at every call, on the database the
tests run on."""

import datetime

from django.db import connection, models

from tournaments.models import DealStatus
from tournaments.models.prepared_values import MAX_REMEMBERED, PreparedValues

NOW = datetime.datetime(2026, 12, 3, 11, 0, tzinfo=datetime.UTC)


class Counted:
    """Count a field's calls of ``get_db_prep_save``."""

    def __init__(self, field: models.Field) -> None:
        self.field, self.calls = field, 0
        self.django_s = field.get_db_prep_save

    def __call__(self, value: object, connection: object) -> object:
        self.calls += 1
        return self.django_s(value, connection)


def counted(field: models.Field) -> Counted:
    spy = Counted(field)
    field.get_db_prep_save = spy  # this field only: made for the test
    return spy


def test_a_plain_value_is_prepared_once_per_column_and_type_as_django_prepares_it():
    fields = (models.IntegerField(), models.CharField(max_length=5), models.DateTimeField())
    django_s_now = fields[2].get_db_prep_save(NOW, connection)
    spies = [counted(field) for field in fields]
    prepared = PreparedValues(fields, connection)

    values = [
        prepared.prepare(0, 7),
        prepared.prepare(0, 7),
        prepared.prepare(1, 1),
        prepared.prepare(1, True),  # equal to 1, another type: prepared on its own
        prepared.prepare(1, True),
        prepared.prepare(1, DealStatus.PENDING),  # a str enum: Django's path each time
        prepared.prepare(1, DealStatus.PENDING),
        prepared.prepare(1, None),
        prepared.prepare(2, NOW),  # a datetime: Django's path each time
        prepared.prepare(2, NOW),
    ]
    row = prepared.prepare_all([7, True, NOW])  # a row: 7 and True remembered above

    assert values[:8] == [7, 7, "1", "True", "True", "pending", "pending", None]
    assert values[8:] == [django_s_now, django_s_now]
    assert row == [7, "True", django_s_now]
    assert [spy.calls for spy in spies] == [1, 5, 3]


def test_a_result_that_is_not_plain_is_prepared_again_and_a_full_memory_starts_again():
    class Listed(models.IntegerField):
        def get_db_prep_save(self, value: object, connection: object) -> object:
            return [value]

    listed, number = Listed(), models.IntegerField()
    spies = [counted(listed), counted(number)]
    prepared = PreparedValues((listed, number), connection)

    first = prepared.prepare(0, 1)
    again = prepared.prepare(0, 1)
    for value in range(MAX_REMEMBERED + 1):
        prepared.prepare(1, value)
    zero = prepared.prepare(1, 0)  # forgotten with the others when the memory was full
    last = prepared.prepare(1, MAX_REMEMBERED)  # remembered after that

    assert (first, again, first is again) == ([1], [1], False)
    assert (zero, last) == (0, MAX_REMEMBERED)
    assert [spy.calls for spy in spies] == [2, MAX_REMEMBERED + 2]
