"""A form's own copy of one of its fields, as the kind of field it was declared.

``form.fields`` holds every field as a plain ``forms.Field`` for a type checker, so setting
a ``ChoiceField``'s choices or a ``ModelChoiceField``'s queryset through it needs the field's
kind back: :func:`form_field` checks it and returns the field typed.
"""

from __future__ import annotations

from typing import TypeVar

from django import forms

FieldKind = TypeVar("FieldKind", bound=forms.Field)


def form_field(form: forms.BaseForm, name: str, kind: type[FieldKind]) -> FieldKind:
    """Return ``form``'s field ``name`` (its own copy, which the form may change).

    Raise KeyError when the form has no such field, and TypeError when the field is not
    a ``kind`` (``forms.ChoiceField``, ``forms.ModelChoiceField``…).
    """
    field = form.fields[name]
    if not isinstance(field, kind):
        raise TypeError(f"{name}: {type(field).__name__}, not {kind.__name__}")
    return field
