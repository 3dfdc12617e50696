"""Browser tests (STYLE.md §9): Playwright drives Debian's Chromium against ``live_server``.

pytest-playwright 0.10 gives the ``browser``, ``context`` and ``page`` fixtures; this file
only changes how the browser is launched and how pages are set up:

- Chromium is Debian's ``/usr/bin/chromium``, named through ``executable_path``. Nothing
  here, and nothing in pytest-playwright, downloads a browser: Playwright only downloads
  on ``playwright install``, which no script runs. A ``--browser-channel`` option is
  ignored, as a channel would look for Google Chrome instead.
- Headless unless ``--headed`` is given (for watching a test locally).
- Pages speak French (``fr-FR``), as the club's laptop does.

Every test in this folder gets the ``browser`` marker (``-m "not browser"`` leaves them
out). ``screenshot`` saves numbered PNGs into ``test-artifacts/<test>/`` (git-ignored),
kept after the run for a human to look at.
"""

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

# Playwright's sync API runs an asyncio event loop in this thread, and Django refuses
# ORM calls from a thread with a running loop unless this is set. The tests' own ORM
# calls (arrange, and asserts on the database) are plain synchronous code.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
# Belt and braces: no Playwright command run from here may fetch a browser.
os.environ["PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD"] = "1"

BROWSER_DIR = Path(__file__).resolve().parent
ARTIFACTS_DIR = BROWSER_DIR.parent.parent / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


#: Set (to anything) to skip the browser tests: .ci/run's PostgreSQL run, the SQLite run
#: having run them (their database work is tested on both databases without a browser).
SKIP_BROWSER_TESTS = "BELOTE_SKIP_BROWSER_TESTS"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test collected from this folder with ``browser``, and skip them when
    :data:`SKIP_BROWSER_TESTS` is set."""
    skip = os.environ.get(SKIP_BROWSER_TESTS)
    for item in items:
        if BROWSER_DIR in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)
            if skip:
                item.add_marker(pytest.mark.skip(reason=f"{SKIP_BROWSER_TESTS} is set"))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, pytestconfig) -> dict:
    """Launch Debian's Chromium, never a downloaded one, headless unless ``--headed``."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package (apt).")
    options = {key: value for key, value in browser_type_launch_args.items() if key != "channel"}
    return options | {
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
        "headless": not pytestconfig.getoption("--headed"),
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """Open every page in French, on a laptop-sized window."""
    return browser_context_args | {
        "locale": "fr-FR",
        "viewport": {"width": 1280, "height": 900},
    }


@pytest.fixture
def screenshot(page, request) -> Callable[[str], Path]:
    """Return ``take(name)``: save the whole page as ``test-artifacts/<test>/NN-name.png``."""
    folder = ARTIFACTS_DIR / re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name).strip("-")
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    taken = []

    def take(name: str) -> Path:
        taken.append(name)
        path = folder / f"{len(taken):02d}-{name}.png"
        page.screenshot(path=path, full_page=True)
        return path

    return take
