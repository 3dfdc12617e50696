"""form_field: a form's own field, as the kind of field it was declared."""

import pytest
from django import forms

from tournaments.forms.fields import form_field


class _TwoFieldsForm(forms.Form):
    colour = forms.ChoiceField(choices=[("red", "Red")])
    size = forms.IntegerField()


def test_it_returns_the_forms_own_copy_of_the_field():
    form = _TwoFieldsForm()

    field = form_field(form, "colour", forms.ChoiceField)

    assert (field is form.fields["colour"], field is _TwoFieldsForm.base_fields["colour"]) == (
        True,
        False,
    )


def test_it_refuses_a_field_of_another_kind():
    form = _TwoFieldsForm()

    with pytest.raises(TypeError) as raised:
        form_field(form, "size", forms.ChoiceField)

    assert str(raised.value) == "size: IntegerField, not ChoiceField"
