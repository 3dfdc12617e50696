"""The site's form renderer: Django's widget templates, the plain ones written in Python.

Django renders every widget, every radio button of a choice and every (even empty) error
list through a template: the phone's deal form is about 60 of them per answer, which
took about a third of the server's time of a table write (bench/load.py). This renderer
gives, for the templates listed in :data:`PLAIN`, the very same text as Django's own
templates of ``django/forms/widgets/`` and ``django/forms/errors/list/ul.html``, built
with the same escaping and number formatting as the template language; every other
template (a text area, a whole radio group, a project's own widget template) goes
through Django's templates as before. tests/test_form_renderer.py compares both renderers
on every field of the site's forms.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.forms.renderers import DjangoTemplates
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData, mark_safe
from django.utils.timezone import template_localtime  # type: ignore[attr-defined]  # not in the stubs

WIDGETS = "django/forms/widgets/"


def _shown(value: Any) -> str:
    """Return ``{{ value }}`` as the template language writes it: local time and number
    format, then escaped unless already safe (django.template.base.render_value_in_context)."""
    value = localize(template_localtime(value, use_tz=settings.USE_TZ))
    if not issubclass(type(value), str):
        value = str(value)
    return conditional_escape(value)


def _as_string(value: Any) -> str:
    """Return ``{{ value|stringformat:'s' }}``: the value as text, escaped unless safe."""
    text = str(value) if isinstance(value, tuple) else "%s" % (value,)  # noqa: UP031
    if isinstance(value, SafeData):
        text = mark_safe(text)  # stringformat is an is_safe filter
    return conditional_escape(text)


def _attrs(widget: Mapping[str, Any]) -> str:
    """Return attrs.html: `` name="value"`` for each attribute, `` name`` for True."""
    parts = []
    for name, value in widget["attrs"].items():
        if value is not False:
            parts.append(f" {_shown(name)}")
            if value is not True:
                parts.append(f'="{_as_string(value)}"')
    return "".join(parts)


def _input(widget: Mapping[str, Any]) -> str:
    """Return input.html, with its closing newline."""
    value = widget["value"]
    shown = f' value="{_as_string(value)}"' if value is not None else ""
    return (
        f'<input type="{_shown(widget["type"])}" name="{_shown(widget["name"])}"'
        f"{shown}{_attrs(widget)}>\n"
    )


def _including_input(widget: Mapping[str, Any]) -> str:
    """Return text.html, number.html, hidden.html…: input.html and a newline."""
    return _input(widget) + "\n"


def _input_option(widget: Mapping[str, Any]) -> str:
    """Return input_option.html: the input, in its label when ``wrap_label``."""
    if not widget.get("wrap_label"):
        return _input(widget) + "\n"
    label_id = widget["attrs"].get("id")
    target = f' for="{_shown(label_id)}"' if label_id else ""
    return f"<label{target}>{_input(widget)} {_shown(widget['label'])}</label>\n"


def _option_input(widget: Mapping[str, Any]) -> str:
    """Return radio_option.html or checkbox_option.html: input_option.html and a newline."""
    return _input_option(widget) + "\n"


def _select_option(widget: Mapping[str, Any]) -> str:
    """Return select_option.html, with its closing newline."""
    return (
        f'<option value="{_as_string(widget["value"])}"{_attrs(widget)}>'
        f"{_shown(widget['label'])}</option>\n"
    )


def _select(widget: Mapping[str, Any]) -> str:
    """Return select.html: its options (each through its own template), in their groups."""
    parts = [f'<select name="{_shown(widget["name"])}"{_attrs(widget)}>']
    for group_name, group_choices, _index in widget["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{_shown(group_name)}">')
        for option in group_choices:
            parts.append("\n  ")
            parts.append(_included(option["template_name"], option))
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>\n")
    return "".join(parts)


def _included(template_name: str, widget: Mapping[str, Any]) -> str:
    """Return what ``{% include template_name with widget=widget %}`` writes."""
    plain = PLAIN.get(template_name)
    if plain is None:
        return _TEMPLATES.get_template(template_name).render({"widget": widget})
    return plain(widget)


def _error_list(context: Mapping[str, Any]) -> str:
    """Return errors/list/ul.html: nothing without an error, else the list of them."""
    errors = context["errors"]
    if not errors:
        return ""
    field_id = getattr(errors, "field_id", None)
    shown_id = f' id="{_shown(field_id)}_error"' if field_id else ""
    items = "".join(f"<li>{_shown(error)}</li>" for error in errors)
    return f'<ul class="{_shown(context["error_class"])}"{shown_id}>{items}</ul>'


#: The widget templates written here, by name: each returns the template's whole text.
PLAIN: dict[str, Callable[[Mapping[str, Any]], str]] = {
    WIDGETS + "input.html": _input,
    **{
        f"{WIDGETS}{kind}.html": _including_input
        for kind in (
            "checkbox",
            "color",
            "date",
            "datetime",
            "email",
            "hidden",
            "number",
            "password",
            "search",
            "tel",
            "text",
            "time",
            "url",
        )
    },
    WIDGETS + "input_option.html": _input_option,
    WIDGETS + "radio_option.html": _option_input,
    WIDGETS + "checkbox_option.html": _option_input,
    WIDGETS + "select.html": _select,
    WIDGETS + "select_option.html": _select_option,
}
ERROR_LIST = "django/forms/errors/list/ul.html"
#: Django's templates, for an option template not written here.
_TEMPLATES = DjangoTemplates()


class PlainWidgetRenderer(DjangoTemplates):
    """Django's default form renderer, with the plain widget templates written in Python
    (:data:`PLAIN`, and the ``<ul>`` error list). Same text, a fraction of the time."""

    def render(self, template_name: str, context: dict[str, Any], request: Any = None) -> str:
        """Return the template's text, stripped as Django's renderers strip it."""
        if template_name == ERROR_LIST:
            return _error_list(context)
        plain = PLAIN.get(template_name)
        if plain is None or request is not None:
            return super().render(template_name, context, request)
        return plain(context["widget"]).strip()
