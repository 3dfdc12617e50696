"""Every scoring rule lives in ``scoring/``: the site holds no card-point or score constant.

162 card points a deal (152 in the cards), 252 on a capot, 160 and 250 flat values, 500 the
highest contract, 20 a belote, 90 or 100 a capot's extra: these are the engine's (RULES.md
§A, §B). ``tournaments/`` (its migrations aside, which freeze their day) and the templates
take them from the engine, so a rule changes in one place. Docstrings and comments may
quote them; code, the text a user reads and the templates may not.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Card points and scored points of the rules, as int literals or words of a text.
SCORE_NUMBERS = frozenset({152, 160, 162, 250, 252, 500})
#: What a count is multiplied by to make scored points: a belote (20), a capot (90, 100).
SCORE_FACTORS = frozenset({20, 90, 100})
#: A keyword argument that sizes a database column or a form field is no score.
SIZE_KEYWORDS = frozenset({"max_length"})

_NUMBER_WORD = re.compile(r"\b(?:" + "|".join(map(str, sorted(SCORE_NUMBERS))) + r")\b")


@dataclass(frozen=True)
class Finding:
    """A score constant outside the engine: where, and what was found."""

    path: str
    line: int
    what: str


def _is_int(node: ast.AST, values: frozenset[int]) -> bool:
    return (
        isinstance(node, ast.Constant)
        and type(node.value) is int  # not True/False
        and node.value in values
    )


_DOCUMENTED = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _docstring_nodes(tree: ast.Module) -> set[ast.AST]:
    """Return the string constants that are docstrings (of the module, classes, functions)."""
    owners = [tree, *(node for node in ast.walk(tree) if isinstance(node, _DOCUMENTED))]
    return {
        owner.body[0].value
        for owner in owners
        if owner.body
        and isinstance(owner.body[0], ast.Expr)
        and isinstance(owner.body[0].value, ast.Constant)
        and isinstance(owner.body[0].value.value, str)
    }


def _size_values(tree: ast.Module) -> set[ast.AST]:
    """Return the values of ``max_length=`` keywords (column sizes, not scores)."""
    return {
        keyword.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        for keyword in node.keywords
        if keyword.arg in SIZE_KEYWORDS
    }


def python_findings(source: str, path: str) -> list[Finding]:
    """Return every score constant in a Python module's code and texts, in line order."""
    tree = ast.parse(source)
    docstrings = _docstring_nodes(tree)
    sizes = _size_values(tree)
    findings = []
    for node in ast.walk(tree):
        if node in docstrings or node in sizes:
            continue
        if _is_int(node, SCORE_NUMBERS):
            findings.append(Finding(path, node.lineno, f"the number {node.value}"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            for number in _NUMBER_WORD.findall(node.value):
                findings.append(Finding(path, node.lineno, f"{number} in the text {node.value!r}"))
        elif isinstance(node, ast.BinOp | ast.AugAssign) and isinstance(node.op, ast.Mult):
            operands = (node.left, node.right) if isinstance(node, ast.BinOp) else (node.value,)
            for operand in operands:
                if _is_int(operand, SCORE_FACTORS):
                    findings.append(
                        Finding(path, node.lineno, f"a multiplication by {operand.value}")
                    )
    return sorted(findings, key=lambda finding: finding.line)


def template_findings(text: str, path: str) -> list[Finding]:
    """Return every score number written as a word in a template, in line order."""
    return [
        Finding(path, number, f"{word} in the template")
        for number, line in enumerate(text.splitlines(), start=1)
        for word in _NUMBER_WORD.findall(line)
    ]


def _site_modules() -> list[Path]:
    package = ROOT / "tournaments"
    return sorted(
        path
        for path in package.rglob("*.py")
        if "migrations" not in path.relative_to(package).parts
    )


def _templates() -> list[Path]:
    folders = (ROOT / "tournaments" / "templates", ROOT / "templates")
    return sorted(path for folder in folders for path in folder.rglob("*") if path.is_file())


def test_it_finds_no_score_constant_in_the_sites_python():
    modules = _site_modules()

    findings = [
        finding
        for path in modules
        for finding in python_findings(
            path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))
        )
    ]

    assert (len(modules) > 50, findings) == (True, [])


def test_it_finds_no_score_number_in_the_templates():
    templates = _templates()

    findings = [
        finding
        for path in templates
        for finding in template_findings(
            path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))
        )
    ]

    assert (len(templates) > 10, findings) == (True, [])


PLANTED = '''"""A module that quotes 162 in its docstring, which is allowed."""

CAPOT = 252


def belote(count):
    """Return 20 per belote: allowed here too."""
    total = count * 20
    total *= 90
    label = gettext("Contracts from 80 to 500.")
    name = models.CharField(max_length=160)
    return 100 * total, label, name, f"{total} sur 162"
'''


def test_it_sees_every_kind_of_planted_constant_and_spares_docstrings_and_sizes():
    source = PLANTED

    findings = python_findings(source, "planted.py")

    assert findings == [
        Finding("planted.py", 3, "the number 252"),
        Finding("planted.py", 8, "a multiplication by 20"),
        Finding("planted.py", 9, "a multiplication by 90"),
        Finding("planted.py", 10, "500 in the text 'Contracts from 80 to 500.'"),
        Finding("planted.py", 12, "a multiplication by 100"),
        Finding("planted.py", 12, "162 in the text ' sur 162'"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<p>{% translate 'Capot: 252 card points.' %}</p>", ["252 in the template"]),
        ("<p>{{ points }} card points</p>\n<p>1620 or 2520 or x162y</p>", []),
    ],
)
def test_it_sees_a_score_number_planted_in_a_template(text, expected):
    findings = template_findings(text, "planted.html")

    assert [finding.what for finding in findings] == expected
