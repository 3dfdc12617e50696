"""scripts/check_translations.py, and the committed French catalogue it guards."""

from pathlib import Path

from scripts.check_translations import LOCALE_DIR, find_problems, main

CATALOGUE = """\
# Comment.
#, fuzzy
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
#: templates/base.html:1
msgid "Home"
msgstr ""

#: templates/base.html:2
msgid ""
"Long "
"text"
msgstr ""

#: templates/base.html:3
#, fuzzy, python-format
msgid "Signed in as %(name)s"
msgstr "Connecté : %(name)s"

#: templates/base.html:4
msgid "One deal"
msgid_plural "%(count)s deals"
msgstr[0] "Une donne"
msgstr[1] ""

#: templates/base.html:5
msgctxt "card"
msgid "King"
msgstr ""
"Roi"

#~ msgid "Old"
#~ msgstr ""
"""


def write_catalogue(folder: Path, text: str) -> Path:
    path = folder / "django.po"
    path.write_text(text, encoding="utf-8")
    return path


def test_it_lists_fuzzy_and_untranslated_entries_with_their_line(tmp_path):
    # The header runs straight into the first entry, as in a catalogue new from makemessages.
    path = write_catalogue(tmp_path, CATALOGUE)

    problems = find_problems(path)

    assert problems == [
        f"{path}:1: fuzzy: ''",
        f"{path}:6: untranslated: 'Home'",
        f"{path}:10: untranslated: 'Long text'",
        f"{path}:16: fuzzy: 'Signed in as %(name)s'",
        f"{path}:21: untranslated: 'One deal'",
    ]


def test_it_exits_1_and_prints_the_problems(tmp_path, capsys):
    path = write_catalogue(tmp_path, CATALOGUE)

    status = main([str(path)])

    assert (status, capsys.readouterr().err.splitlines()) == (1, find_problems(path))


def test_it_exits_0_on_a_complete_catalogue(tmp_path, capsys):
    path = write_catalogue(tmp_path, 'msgid ""\nmsgstr ""\n\nmsgid "Home"\nmsgstr "Accueil"\n')

    status = main([str(path)])

    assert (status, capsys.readouterr().err) == (0, "")


def test_the_committed_french_catalogue_is_complete():
    path = LOCALE_DIR / "fr" / "LC_MESSAGES" / "django.po"

    problems = find_problems(path)

    assert problems == []
