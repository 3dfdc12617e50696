"""The restore form (an archive file, the club, another name) and the words of every
problem a restore finds (:class:`tournaments.archive.ArchiveProblem`)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db.models import QuerySet
from django.template.defaultfilters import filesizeformat
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.archive import FORMAT, ArchiveProblem
from tournaments.forms.fields import form_field
from tournaments.forms.messages import deal_error_message, totals_error_message
from tournaments.models import Club, Tournament
from tournaments.text import clean_name

#: Largest archive accepted, in bytes: the sample concours (16 teams, 398 deals) takes
#: 0.8 MB, so one of 150 teams played over 5 rounds of 12 deals, with the audit trail of a
#: day of entries at the tables, about 20 MB.
ARCHIVE_MAX_BYTES = 40 * 1024 * 1024

#: How each part of a place reads (tournaments.archive.problems.Place).
_PLACES = {
    "tournament": _("the tournament's settings"),
    "users": _("the accounts"),
    "teams": _("the teams"),
    "rounds": _("the rounds"),
    "user": _("account “%(value)s”"),
    "team": _("team %(value)s"),
    "round": _("round %(value)s"),
    "table": _("table %(value)s"),
    "deal": _("deal %(value)s"),
    "link": _("table link of team %(value)s"),
    "history": _("record %(value)s of the table’s history"),
    "deal_history": _("record %(value)s of the deals’ history"),
    "item": _("entry %(value)s"),
    "melee": _("the mêlée"),
    "players": _("the players"),
    "player": _("player %(value)s"),
    "pairs": _("the pairs"),
    "pair": _("pair %(value)s"),
    "sit_outs": _("the sit-outs"),
    "draft": _("the draft"),
}
#: What a value of the wrong type must be.
_EXPECTED = {
    "integer": _("a whole number"),
    "integer_or_null": _("a whole number or null"),
    "text": _("text"),
    "text_or_null": _("text or null"),
    "boolean": _("true or false"),
    "datetime": _("a date and time (ISO 8601)"),
    "datetime_or_null": _("a date and time (ISO 8601) or null"),
    "date": _("a date (YYYY-MM-DD)"),
    "list": _("a list"),
    "object": _("a JSON object"),
    "couple": _("a list of two player numbers"),
}
ARCHIVE_MESSAGES = {
    "not_json": _("This file is not a Belote Club backup: it cannot be read as JSON text."),
    "not_archive": _("This file is not a Belote Club backup: its “format” is not “%(format)s”."),
    "newer_version": _(
        "This backup was made by a newer Belote Club (format version %(version)s; this one "
        "reads version %(supported)s): update Belote Club to restore it."
    ),
    "unknown_version": _(
        "This backup gives a format version this Belote Club does not know (%(version)s; it "
        "reads version %(supported)s)."
    ),
    "name_taken": _(
        "A tournament named “%(name)s” already exists here: restore the backup under another name."
    ),
    "not_an_object": _("%(place)s: this entry must be a JSON object."),
    "missing": _("%(place)s: “%(key)s” is missing."),
    "unknown_key": _("%(place)s: “%(key)s” is not part of this format."),
    "type": _("%(place)s: “%(key)s” must be %(expected)s."),
    "invalid": _("%(place)s: “%(key)s”: %(reason)s"),
    "range": _("%(place)s: “%(key)s” is %(value)s; it must be from %(minimum)s to %(maximum)s."),
    "datetime": _(
        "%(place)s: “%(key)s” is not a date and time with its offset from UTC (ISO 8601): "
        "“%(value)s”."
    ),
    "date": _("%(place)s: “%(key)s” is not a date (YYYY-MM-DD): “%(value)s”."),
    "tie_break": _("%(place)s: “%(value)s” is not a tie-break."),
    "rules": _(
        "%(place)s: this Belote Club has no version %(version)s of the rule preset “%(preset)s”."
    ),
    "team_twice": _("Team %(team)s is in the backup twice."),
    "user_twice": _("The account “%(user)s” is in the backup twice."),
    "unknown_user": _("%(place)s: the account “%(user)s” is not among the backup’s accounts."),
    "round_number": _(
        "The rounds must come in order from 1: round %(round)s is where round %(position)s "
        "should be."
    ),
    "too_many_rounds": _("The backup has %(count)s rounds, the tournament %(rounds)s."),
    "round_not_closed": _("Round %(round)s is not closed, yet another round follows it."),
    "table_twice": _("%(place)s: table %(table)s is given twice."),
    "unknown_team": _("%(place)s: there is no team %(team)s."),
    "same_team": _("%(place)s: team %(team)s plays against itself."),
    "seated_twice": _("%(place)s: team %(team)s has two places (tables or bye)."),
    "deal_twice": _("%(place)s: deal %(deal)s is given twice."),
    "deal_key_twice": _("%(place)s: two deals have the key %(key)s."),
    "deal_in_draft": _("%(place)s: the round is a draft, so its tables have no deals."),
    "link_twice": _("%(place)s: team %(side)s has two active table links."),
    "token_twice": _("%(place)s: two table links have the same address."),
    "team_link_twice": _("%(place)s: the team has two active links."),
    "code_twice": _("%(place)s: two teams have the same code."),
    "deal_inputs": _("%(place)s: %(reason)s"),
    "match_finished": _("%(place)s: a deal comes after the end of the match."),
    "scores": _(
        "%(place)s: the backup stores %(value)s for “%(key)s”, but the engine gives %(engine)s "
        "for these inputs."
    ),
    "totals_with_deals": _("%(place)s: the table is recorded by its totals, so it has no deals."),
    "totals_in_draft": _("%(place)s: the round is a draft, so its tables have no totals."),
    "counts_without_totals": _(
        "%(place)s: only a table recorded by its totals has the counts of a paper sheet."
    ),
    "totals": _("%(place)s: %(reason)s"),
    "totals_unexplained": _(
        "%(place)s: %(reason)s The table’s history gives no reason for it, and such totals "
        "are saved only with the organiser’s reason."
    ),
    "player_twice": _("Player %(player)s is in the backup twice."),
    "unknown_player": _("%(place)s: there is no player %(player)s."),
    "unknown_round": _("%(place)s: there is no round %(round)s."),
    "melee_in_draft": _(
        "%(place)s: the round is a draft, so its pairs and sit-outs are in its draft."
    ),
    "pair_twice": _("%(place)s: team %(team)s is given as a pair twice."),
    "same_player": _("%(place)s: player %(player)s is paired with themselves."),
    "player_seated_twice": _("%(place)s: player %(player)s has two places (pairs or sit-out)."),
    "sit_out_plays": _("%(place)s: player %(player)s sits out, yet plays in pair %(team)s."),
    "not_a_pair": _("%(place)s: team %(team)s is not a pair of this round."),
    "team_in_melee": _(
        "%(place)s: the team is the pair of no round, and a mêlée has no registered teams."
    ),
    "draft_missing": _("%(place)s: the round is a draft, but the backup has no draw for it."),
    "draft_round": _("%(place)s: round %(round)s is not a draft."),
}


def _place_words(problem: ArchiveProblem) -> str:
    if not problem.place:
        # The archive itself, e.g. a key of the top object missing.
        return gettext("The backup")
    words = [
        str(_PLACES[kind]) % {"value": value} if value is not None else str(_PLACES[kind])
        for kind, value in problem.place
    ]
    return capfirst(", ".join(words))


def _reason(problem: ArchiveProblem) -> str:
    error = problem.error
    if isinstance(error, ValidationError):
        return " ".join(error.messages)
    if isinstance(error, scoring.TotalsError):
        assert problem.totals is not None  # a sheet's problem names its sheet
        return totals_error_message(error, problem.totals)
    if error is not None:
        return deal_error_message(error)
    return ""


def archive_problem_message(problem: ArchiveProblem) -> str:
    """Return what is wrong with the archive, in the active language, naming where."""
    params = {
        **problem.params,
        "place": _place_words(problem),
        "format": FORMAT,
        "reason": _reason(problem),
    }
    if "expected" in params:
        params["expected"] = str(_EXPECTED[str(params["expected"])])
    return str(ARCHIVE_MESSAGES[problem.code]) % params


def restore_refused_message(problem: ArchiveProblem) -> str:
    """Return the message of a refused restore: nothing was restored, and why."""
    return gettext("Nothing was restored. %(problem)s") % {
        "problem": archive_problem_message(problem)
    }


class RestoreForm(forms.Form):
    """An archive to restore (at most :data:`ARCHIVE_MAX_BYTES`), the organiser's club
    that runs the restored tournament, and another name to restore it under."""

    file = forms.FileField(
        label=_("Backup file"),
        help_text=_("The .json file downloaded with “Download the backup”."),
        error_messages={"required": _("Choose the backup file to restore.")},
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    club = forms.ModelChoiceField(
        label=_("Organising club"), queryset=Club.objects.none(), empty_label=None
    )
    name = forms.CharField(
        label=_("Restore under another name"),
        max_length=Tournament._meta.get_field("name").max_length,
        required=False,
        help_text=_("Leave empty to keep the tournament’s name."),
    )

    def __init__(self, *args, clubs: QuerySet[Club], **kwargs):
        super().__init__(*args, **kwargs)
        form_field(self, "club", forms.ModelChoiceField).queryset = clubs

    @property
    def has_clubs(self) -> bool:
        """Return True when the organiser has a club to restore the tournament for."""
        clubs = form_field(self, "club", forms.ModelChoiceField).queryset
        return clubs is not None and clubs.exists()

    def clean_file(self) -> UploadedFile:
        """Refuse a file over the size limit before anything reads it."""
        upload = self.cleaned_data["file"]
        if upload.size > ARCHIVE_MAX_BYTES:
            raise forms.ValidationError(
                gettext("This file is %(size)s: restore a file of %(max)s at most.")
                % {"size": filesizeformat(upload.size), "max": filesizeformat(ARCHIVE_MAX_BYTES)}
            )
        return upload

    def clean_name(self) -> str | None:
        """Return the other name, cleaned as every typed name is, or None to keep it."""
        return clean_name(self.cleaned_data["name"]) or None
