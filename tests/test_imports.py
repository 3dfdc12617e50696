"""Every module imports first: no module works only because another was imported before it.

An import cycle (``services → audit → forms → team_import → services``) hides as long as
the modules load in a lucky order: then ``import tournaments.audit`` on its own raises
ImportError. Each module below is imported first of all the project's modules, in a child
process of its own, forked from a parent that has imported nothing of the project (for
``scoring``) or only what ``django.setup()`` loads (for ``tournaments``, whose models
need the app registry) and the other packages the project's modules load (openpyxl,
networkx...: never the project's own). Forking keeps the check short; the parent is itself
a fresh interpreter, so nothing of this test run leaks in. The layers themselves are
checked by import-linter (pyproject.toml, run by .ci/run).
"""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Run in a fresh interpreter: import each module named on stdin in a forked child, print
#: "module: ok" or "module: <error>" for each.
IMPORT_EACH = textwrap.dedent(
    """
    import os, sys, traceback
    if sys.argv[1] == "django":
        import django
        django.setup()
    names = sys.stdin.read().split()
    # A first child imports them all and names the other packages that loaded (openpyxl,
    # networkx, django_tables2...); the parent imports those once, so no child pays for
    # them again. Only the project's own modules are then imported first in each child.
    project = {name.split(".")[0] for name in names}
    read, write = os.pipe()
    if os.fork() == 0:
        os.close(read)
        for name in names:
            try:
                __import__(name)
            except BaseException:
                pass
        others = {module.split(".")[0] for module in list(sys.modules)} - project
        os.write(write, " ".join(sorted(others - {"tests"})).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        others = pipe.read().split()
    os.wait()
    for other in others:
        try:
            __import__(other)
        except BaseException:
            pass
    for name in names:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            try:
                __import__(name)
                message = "ok"
            except BaseException as error:
                message = f"{type(error).__name__}: {error}"
            os.write(write, f"{name}: {message}\\n".encode())
            os._exit(0)
        os.close(write)
        with os.fdopen(read) as pipe:
            sys.stdout.write(pipe.read())
        os.waitpid(pid, 0)
    """
)


def module_names(package: str) -> list[str]:
    """Return every module of ``package`` (a folder), but migrations and __main__."""
    names = []
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if "migrations" in parts or parts[-1] == "__main__":
            continue  # migrations freeze old models; __main__ runs a command line
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


def import_each(names: list[str], *, setup: str) -> dict[str, str]:
    """Return each module's outcome, imported first in its own child process."""
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_EACH, setup],
        input=" ".join(names),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    outcomes = dict(line.split(": ", 1) for line in result.stdout.splitlines())
    return outcomes


def test_the_packages_hold_modules():
    assert {"scoring.deals", "tournaments.services.deals", "tournaments.views.rounds"} <= set(
        module_names("scoring") + module_names("tournaments")
    )


def test_every_scoring_module_imports_first_without_django():
    names = module_names("scoring")

    outcomes = import_each(names, setup="none")

    assert outcomes == dict.fromkeys(names, "ok")


@pytest.mark.parametrize("package", ["tournaments", "belote_club"])
def test_every_site_module_imports_first_after_django_setup(package):
    names = module_names(package)

    outcomes = import_each(names, setup="django")

    assert outcomes == dict.fromkeys(names, "ok")


def test_the_check_sees_a_module_that_fails_to_import():
    broken = ROOT / "tests" / "_broken_for_import_check.py"
    broken.write_text("import tests._broken_for_import_check_partner\n", encoding="utf-8")
    try:
        outcomes = import_each(["tests._broken_for_import_check"], setup="none")
    finally:
        broken.unlink()

    assert outcomes == {
        "tests._broken_for_import_check": (
            "ModuleNotFoundError: No module named 'tests._broken_for_import_check_partner'"
        )
    }
