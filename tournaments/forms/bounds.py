"""The forms' upper bounds of numbers: those of the database (tournaments/models/bounds.py).

A number above its field's bound is refused beside the field, with
:data:`MAX_VALUE_MESSAGE`, before anything reaches a service or the database.
"""

from __future__ import annotations

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext_lazy as _

MAX_VALUE_MESSAGE = _("Enter a number no greater than %(limit_value)s.")
#: ``error_messages`` of a bounded IntegerField: :data:`MAX_VALUE_MESSAGE` above its bound.
BOUNDED = {"max_value": MAX_VALUE_MESSAGE}


def bound_field(field: forms.Field, maximum: int) -> None:
    """Make the integer ``field`` of a model form refuse a number above ``maximum`` with
    :data:`MAX_VALUE_MESSAGE`, and tell the browser (``max``)."""
    field.validators.append(MaxValueValidator(maximum, message=MAX_VALUE_MESSAGE))
    field.widget.attrs["max"] = str(maximum)
