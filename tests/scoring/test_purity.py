"""The pure modules never import Django, and scoring never imports the Django app (STYLE.md §2)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PURE_FILES = sorted((ROOT / "scoring").glob("*.py")) + [
    ROOT / "tournaments" / "pairing.py",
    ROOT / "tournaments" / "standings.py",
]


def imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_the_scoring_package_has_modules():
    assert len(sorted((ROOT / "scoring").glob("*.py"))) >= 5


@pytest.mark.parametrize("path", PURE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_module_imports_no_django(path):
    if not path.exists():
        pytest.skip(f"{path.name} is not written yet")

    modules = imported_modules(path)

    assert [m for m in modules if m.split(".")[0] == "django"] == []


@pytest.mark.parametrize("path", sorted((ROOT / "scoring").glob("*.py")), ids=lambda p: p.name)
def test_scoring_never_imports_the_tournaments_app(path):
    modules = imported_modules(path)

    assert [m for m in modules if m.split(".")[0] == "tournaments"] == []


def test_the_checker_sees_a_django_import(tmp_path):
    module = tmp_path / "bad.py"
    module.write_text("from django.db import models\nimport os\n", encoding="utf-8")

    assert imported_modules(module) == ["django.db", "os"]
