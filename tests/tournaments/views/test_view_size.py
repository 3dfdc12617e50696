"""Every routed view is short and touches no ORM (STYLE.md §4).

A view is a scoped lookup, a form, one service call, and a redirect, a render or a file:
at most 15 lines of body (its docstring aside), and no query of its own — the lookups
(views/lookups.py), the selectors and the services do that. Each view reached from
tournaments/urls.py is checked, its decorators unwrapped.
"""

import ast
import inspect
import textwrap

import pytest
from django.urls import URLPattern, URLResolver

from tournaments import urls

MAX_BODY_LINES = 15
#: Attribute names that mean a query or a write on a model or queryset.
ORM_ATTRIBUTES = frozenset(
    {
        "objects",
        "filter",
        "exclude",
        "values",
        "values_list",
        "annotate",
        "aggregate",
        "select_related",
        "prefetch_related",
        "order_by",
        "refresh_from_db",
        "save",
        "delete",
        "update",
        "create",
        "bulk_create",
        "get_or_create",
        "exists",
        "first",
        "last",
    }
)
#: Django's shortcuts that query a model.
ORM_FUNCTIONS = frozenset({"get_object_or_404", "get_list_or_404"})


def routed_views(patterns=None, prefix=""):
    """Yield (URL name, view function) for every pattern under ``patterns``."""
    for pattern in urls.urlpatterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            yield from routed_views(pattern.url_patterns, prefix)
        elif isinstance(pattern, URLPattern):
            yield pattern.name or pattern.pattern.describe(), inspect.unwrap(pattern.callback)


def function_node(view) -> ast.FunctionDef:
    source = textwrap.dedent(inspect.getsource(view))
    return ast.parse(source).body[0]


def body_lines(node: ast.FunctionDef) -> int:
    """Return how many lines the body takes, its docstring left out."""
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if not body:
        return 0
    return body[-1].end_lineno - body[0].lineno + 1


def orm_uses(node: ast.FunctionDef) -> list[str]:
    """Return the ORM attributes and shortcuts ``node`` uses, in order."""
    found = []
    for child in ast.walk(node):
        if isinstance(child, ast.Attribute) and child.attr in ORM_ATTRIBUTES:
            found.append(f".{child.attr}")
        elif isinstance(child, ast.Name) and child.id in ORM_FUNCTIONS:
            found.append(child.id)
    return found


VIEWS = sorted(set(routed_views()), key=lambda item: item[0])


def test_the_urls_route_views():
    assert len(VIEWS) > 40


@pytest.mark.parametrize(("name", "view"), VIEWS, ids=[name for name, _view in VIEWS])
def test_a_routed_view_has_at_most_15_lines_and_no_orm_call(name, view):
    node = function_node(view)

    size, uses = body_lines(node), orm_uses(node)

    assert (size <= MAX_BODY_LINES, uses) == (True, []), f"{view.__module__}.{view.__name__}"


def test_the_checks_see_a_long_view_with_a_query():
    node = ast.parse(
        textwrap.dedent(
            '''
            def view(request):
                """Docstring."""
                team = Team.objects.filter(number=1).first()
                return get_object_or_404(Team, pk=team.pk)
            '''
        )
    ).body[0]

    assert (body_lines(node), sorted(orm_uses(node))) == (
        2,
        [".filter", ".first", ".objects", "get_object_or_404"],
    )
