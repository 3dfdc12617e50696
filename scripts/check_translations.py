"""Fail when a gettext catalogue under locale/ has an untranslated or fuzzy entry.

Usage: python scripts/check_translations.py [FILE.po ...]

With no argument, every .po file under locale/ is checked. Prints one line per problem,
`path:line: untranslated|fuzzy: "msgid"`, and exits 1 if there is any (or no catalogue at all),
0 otherwise. A tiny parser reads the files: no dependency beyond the standard library.
"""

import ast
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


@dataclass
class Entry:
    """One catalogue entry: its first line, flags, msgid and every msgstr (one per plural)."""

    line: int
    flags: set[str] = field(default_factory=set)
    msgid: str = ""
    msgstrs: list[str] = field(default_factory=list)
    is_obsolete: bool = False


def starts_another_entry(entry: Entry, line: str) -> bool:
    """Tell whether `line` begins a new entry although no blank line came before it.

    Entries are usually separated by blank lines, but not always: makemessages puts the
    Plural-Forms line of a new catalogue where the blank line after the header was.
    """
    if entry.is_obsolete:
        return not line.startswith("#~")
    return bool(entry.msgstrs) and line.startswith(("#", "msgctxt ", "msgid "))


def parse_catalogue(text: str) -> list[Entry]:
    """Return the entries of the .po file `text`, obsolete ones (#~) included and marked."""
    entries: list[Entry] = []
    entry: Entry | None = None
    # Which string a continuation line ("...") adds to: "msgid", "msgstr" or something ignored.
    target = ""
    for number, raw_line in enumerate(text.splitlines(), start=1):
        line = raw_line.strip()
        if not line:
            entry, target = None, ""
            continue
        if entry is not None and starts_another_entry(entry, line):
            entry = None
        if entry is None:
            entry, target = Entry(line=number), ""
            entries.append(entry)
        if line.startswith("#~"):
            entry.is_obsolete = True
            continue
        if line.startswith("#,"):
            entry.flags.update(flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith("#"):
            continue
        if line.startswith('"'):
            string = ast.literal_eval(line)
        else:
            keyword, _, rest = line.partition(" ")
            string = ast.literal_eval(rest.strip())
            if keyword == "msgid":
                target = "msgid"
            elif keyword == "msgstr" or keyword.startswith("msgstr["):
                target = "msgstr"
                entry.msgstrs.append("")
            else:  # msgctxt, msgid_plural: not needed to judge a translation
                target = ""
        if target == "msgid":
            entry.msgid += string
        elif target == "msgstr":
            entry.msgstrs[-1] += string
    return entries


def find_problems(path: Path) -> list[str]:
    """Return one line per untranslated or fuzzy entry of the .po file at `path`.

    The header (empty msgid) counts only when fuzzy: msgfmt skips a fuzzy header, and the
    compiled catalogue then loses its charset. Obsolete entries are ignored.
    """
    problems = []
    for entry in parse_catalogue(path.read_text(encoding="utf-8")):
        if entry.is_obsolete:
            continue
        if "fuzzy" in entry.flags:
            problems.append(f"{path}:{entry.line}: fuzzy: {entry.msgid!r}")
        elif entry.msgid and not (entry.msgstrs and all(entry.msgstrs)):
            problems.append(f"{path}:{entry.line}: untranslated: {entry.msgid!r}")
    return problems


def main(argv: list[str]) -> int:
    """Check the catalogues named in `argv`, or all under locale/; return the exit status."""
    paths = [Path(argument) for argument in argv] or sorted(LOCALE_DIR.glob("**/*.po"))
    if not paths:
        print(f"No .po file under {LOCALE_DIR}.", file=sys.stderr)
        return 1
    problems = [problem for path in paths for problem in find_problems(path)]
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
