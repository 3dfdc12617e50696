"""The forms of the tournaments app, and the words of every error code, by feature.

- :mod:`.messages`: every code → message map and the ``*_message`` functions (only they
  turn the engine's, the services' and the importers' codes into words, STYLE.md §2);
- :mod:`.deal`: the organiser's deal form; :mod:`.corrections`: its corrections;
- :mod:`.table`: the phone form of table entry, with :mod:`.card_choices`;
- :mod:`.setup`: tournament settings, teams, draft swaps; :mod:`.prizes`: the prize list;
- :mod:`.team_import`: the team file upload and its confirmation.

The names below stay importable from ``tournaments.forms``; the app imports them from
their modules.
"""

from tournaments.forms.corrections import DealCorrectionForm, ReasonForm
from tournaments.forms.deal import DealForm
from tournaments.forms.messages import (
    IMPORT_MESSAGES,
    SERVICE_MESSAGES,
    TEAM_IMPORT_COLUMN_LABELS,
    TEAM_IMPORT_MESSAGES,
    TEAM_IMPORT_MISSING_PLAYER,
    correction_error_message,
    deal_error_message,
    import_problem_message,
    service_error_message,
    team_import_problem_message,
    team_import_service_message,
)
from tournaments.forms.prizes import PrizeListForm
from tournaments.forms.setup import SwapForm, TeamForm, TournamentForm
from tournaments.forms.table import DisputeForm, PinForm, TableDealForm
from tournaments.forms.team_import import (
    TEAM_FILE_MAX_BYTES,
    TeamImportConfirmForm,
    TeamImportForm,
)

__all__ = [
    "IMPORT_MESSAGES",
    "SERVICE_MESSAGES",
    "TEAM_FILE_MAX_BYTES",
    "TEAM_IMPORT_COLUMN_LABELS",
    "TEAM_IMPORT_MESSAGES",
    "TEAM_IMPORT_MISSING_PLAYER",
    "DealCorrectionForm",
    "DealForm",
    "DisputeForm",
    "PinForm",
    "PrizeListForm",
    "ReasonForm",
    "SwapForm",
    "TableDealForm",
    "TeamForm",
    "TeamImportConfirmForm",
    "TeamImportForm",
    "TournamentForm",
    "correction_error_message",
    "deal_error_message",
    "import_problem_message",
    "service_error_message",
    "team_import_problem_message",
    "team_import_service_message",
]
