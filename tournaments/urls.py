from django.urls import path, register_converter

from tournaments.converters import NumberConverter
from tournaments.views import (
    archive,
    challenges,
    clubs,
    corrections,
    entry,
    exports_data,
    exports_pdf,
    guide,
    melee,
    paper,
    players,
    projector,
    public,
    registration_desk,
    registration_public,
    round_desk,
    rounds,
    setup,
    team_import,
    teams,
    totals,
)
from tournaments.views.table import app as table_app
from tournaments.views.table import confirmation as table_confirmation
from tournaments.views.table import entry as table_entry
from tournaments.views.table import refresh as table_refresh

register_converter(NumberConverter, "num")

app_name = "tournaments"

urlpatterns = [
    # Table entry on the players' phones: the token is the team's secret (views/table/);
    # every write names its partie. First, as Django tries the routes in order: a table
    # write was resolved after the 75 routes then above it, some 0.05 ms of its CPU
    # (bench/writes.py). No other route starts with "table/" (tests/test_urls.py).
    path("table/sw.js", table_app.table_service_worker, name="service-worker"),
    path("table/<str:token>/", table_entry.table_entry, name="table-entry"),
    path(
        "table/<str:token>/manifest.webmanifest",
        table_app.table_manifest,
        name="table-manifest",
    ),
    path(
        "table/<str:token>/parties/<num:partie>/donne/", table_entry.table_deal, name="table-deal"
    ),
    path(
        "table/<str:token>/parties/<num:partie>/donnes/<num:number>/",
        table_entry.table_deal_edit,
        name="table-deal-edit",
    ),
    path(
        "table/<str:token>/parties/<num:partie>/donnes/<num:number>/confirmer/",
        table_confirmation.table_confirm,
        name="table-confirm",
    ),
    path(
        "table/<str:token>/parties/<num:partie>/donnes/<num:number>/contester/",
        table_confirmation.table_dispute,
        name="table-dispute",
    ),
    path(
        "table/<str:token>/parties/<num:partie>/tout-confirmer/",
        table_confirmation.table_confirm_all,
        name="table-confirm-all",
    ),
    path(
        "table/<str:token>/parties/<num:partie>/code/",
        table_confirmation.table_pin,
        name="table-pin",
    ),
    path(
        "table/<str:token>/parties/<num:partie>/tableau/",
        table_refresh.table_board,
        name="table-board",
    ),
    path(
        "table/<str:token>/parties/<num:partie>/apercu/",
        table_entry.table_preview,
        name="table-preview",
    ),
    path("", public.tournament_list, name="home"),
    path("aide/", guide.guide, name="guide"),
    path("concours/<slug:slug>/", public.tournament_detail, name="tournament-detail"),
    path(
        "concours/<slug:slug>/parties/<num:number>/",
        public.round_detail,
        name="round-detail",
    ),
    path(
        "concours/<slug:slug>/parties/<num:number>/tables/<num:table>/",
        public.match_detail,
        name="match-detail",
    ),
    path(
        "concours/<slug:slug>/joueurs/<num:number>/",
        public.melee_player_detail,
        name="melee-player-detail",
    ),
    path(
        "concours/<slug:slug>/parties/<num:number>/tables/<num:table>/donnes/",
        entry.deal_create,
        name="deal-create",
    ),
    path(
        "concours/<slug:slug>/parties/<num:number>/tables/<num:table>/donnes/<num:deal>/corriger/",
        corrections.deal_correct,
        name="deal-correct",
    ),
    path(
        "concours/<slug:slug>/parties/<num:number>/tables/<num:table>/donnes/<num:deal>/valider/",
        corrections.deal_confirm,
        name="deal-confirm",
    ),
    path(
        "concours/<slug:slug>/parties/<num:number>/tables/<num:table>/donnes/<num:deal>/supprimer/",
        corrections.deal_delete,
        name="deal-delete",
    ),
    path(
        "concours/<slug:slug>/parties/<num:number>/tables/<num:table>/deverrouiller/",
        corrections.match_unlock,
        name="match-unlock",
    ),
    path(
        "concours/<slug:slug>/parties/<num:number>/tables/<num:table>/totaux/",
        totals.match_totals,
        name="match-totals",
    ),
    # Clubs: the public page, then the organisers' pages (views/clubs.py).
    path("clubs/<slug:slug>/", clubs.club_detail, name="club-detail"),
    path("organisation/clubs/", clubs.club_list, name="club-list"),
    path("organisation/clubs/nouveau/", clubs.club_create, name="club-create"),
    path("organisation/clubs/<slug:slug>/", clubs.club_manage, name="club-manage"),
    path(
        "organisation/clubs/<slug:slug>/organisateurs/",
        clubs.organiser_add,
        name="organiser-add",
    ),
    path(
        "organisation/clubs/<slug:slug>/organisateurs/<num:pk>/lien/",
        clubs.organiser_link,
        name="organiser-link",
    ),
    path(
        "organisation/clubs/<slug:slug>/organisateurs/<num:pk>/retirer/",
        clubs.organiser_remove,
        name="organiser-remove",
    ),
    # The organiser's desk.
    path("organisation/concours/nouveau/", setup.tournament_create, name="tournament-create"),
    # Season challenges (RULES.md §I): the organiser's pages, then the public ones.
    path("organisation/challenges/", challenges.challenge_list, name="challenge-list"),
    path(
        "organisation/challenges/<slug:slug>/",
        challenges.challenge_manage,
        name="challenge-manage",
    ),
    path(
        "organisation/challenges/<slug:slug>/concours/ajouter/",
        challenges.challenge_add_concours,
        name="challenge-add-concours",
    ),
    path(
        "organisation/challenges/<slug:slug>/concours/<slug:concours>/retirer/",
        challenges.challenge_remove_concours,
        name="challenge-remove-concours",
    ),
    path(
        "organisation/challenges/<slug:slug>/classement.xlsx",
        challenges.challenge_xlsx,
        name="challenge-xlsx",
    ),
    path("challenges/<slug:slug>/", challenges.challenge_detail, name="challenge-detail"),
    path("challenges/<slug:slug>/classement.pdf", challenges.challenge_pdf, name="challenge-pdf"),
    path(
        "ecran-challenge/<str:token>/",
        challenges.challenge_projector,
        name="challenge-projector",
    ),
    path("organisation/regle/", setup.preset_summary, name="preset-summary"),
    path("organisation/concours/restaurer/", archive.tournament_restore, name="tournament-restore"),
    path("concours/<slug:slug>/gestion/", rounds.tournament_manage, name="tournament-manage"),
    path(
        "concours/<slug:slug>/gestion/reglages/",
        setup.tournament_settings,
        name="tournament-settings",
    ),
    path("concours/<slug:slug>/gestion/equipes/", teams.team_list, name="team-list"),
    path(
        "concours/<slug:slug>/gestion/equipes/joueurs/",
        players.player_lookup,
        name="player-lookup",
    ),
    # A club's registry of players (views/players.py).
    path("clubs/<num:club>/joueurs/", players.registry_list, name="registry-list"),
    path("clubs/<num:club>/joueurs/<num:pk>/", players.player_detail, name="player-detail"),
    path("clubs/<num:club>/joueurs/<num:pk>/modifier/", players.player_edit, name="player-edit"),
    path("clubs/<num:club>/joueurs/<num:pk>/fusion/", players.player_merge, name="player-merge"),
    path(
        "clubs/<num:club>/joueurs/<num:pk>/fusion/confirmer/",
        players.player_merge_confirm,
        name="player-merge-confirm",
    ),
    path(
        "concours/<slug:slug>/gestion/equipes/pointer-tout/",
        teams.team_check_in_all,
        name="team-check-in-all",
    ),
    path(
        "concours/<slug:slug>/gestion/equipes/<num:number>/",
        teams.team_edit,
        name="team-edit",
    ),
    path(
        "concours/<slug:slug>/gestion/equipes/<num:number>/supprimer/",
        teams.team_remove,
        name="team-remove",
    ),
    path(
        "concours/<slug:slug>/gestion/equipes/<num:number>/pointer/",
        teams.team_check_in,
        name="team-check-in",
    ),
    path(
        "concours/<slug:slug>/gestion/equipes/<num:number>/retirer/",
        teams.team_withdraw,
        name="team-withdraw",
    ),
    path(
        "concours/<slug:slug>/gestion/equipes/<num:number>/reintegrer/",
        teams.team_reinstate,
        name="team-reinstate",
    ),
    path("concours/<slug:slug>/gestion/joueurs/", melee.melee_players, name="melee-players"),
    path(
        "concours/<slug:slug>/gestion/joueurs/<num:number>/",
        melee.melee_player_edit,
        name="melee-player-edit",
    ),
    path(
        "concours/<slug:slug>/gestion/joueurs/<num:number>/presence/",
        melee.melee_player_check_in,
        name="melee-player-check-in",
    ),
    path(
        "concours/<slug:slug>/gestion/joueurs/<num:number>/forfait/",
        melee.melee_player_withdraw,
        name="melee-player-withdraw",
    ),
    path("concours/<slug:slug>/gestion/tirer/", rounds.round_draw, name="round-draw"),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/",
        rounds.round_manage,
        name="round-manage",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/echanger/",
        rounds.round_swap,
        name="round-swap",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/echanger-joueurs/",
        melee.melee_swap,
        name="melee-swap",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/publier/",
        rounds.round_publish,
        name="round-publish",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/annuler/",
        rounds.round_discard,
        name="round-discard",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/clore/",
        rounds.round_close,
        name="round-close",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/rouvrir/",
        rounds.round_reopen,
        name="round-reopen",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/tables/<num:table>/arreter/",
        rounds.match_close,
        name="match-close",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/tables/<num:table>/rouvrir/",
        rounds.match_reopen,
        name="match-reopen",
    ),
    # Paper sheets typed at the desk (views/paper.py).
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/tables/<num:table>/saisie/",
        paper.match_results_mode,
        name="match-results-mode",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/tables/<num:table>/feuille/",
        paper.paper_sheet,
        name="paper-sheet",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/tables/<num:table>/feuille/"
        "donnes/<num:deal>/",
        paper.sheet_row_save,
        name="sheet-row-save",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/tables/<num:table>/feuille/"
        "donnes/<num:deal>/apercu/",
        paper.sheet_row_preview,
        name="sheet-row-preview",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/avancement/",
        round_desk.round_progress,
        name="round-progress",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/qr/",
        round_desk.round_qr,
        name="round-qr",
    ),
    path(
        "concours/<slug:slug>/gestion/liens/<num:pk>/revoquer/",
        round_desk.link_revoke,
        name="link-revoke",
    ),
    path(
        "concours/<slug:slug>/gestion/liens/<num:pk>/renouveler/",
        round_desk.link_regenerate,
        name="link-regenerate",
    ),
    path("ecran/<str:token>/", projector.projector, name="projector"),
    path("ecran/<str:token>/diapo/", projector.projector_slide, name="projector-slide"),
    path(
        "concours/<slug:slug>/gestion/equipes/importer/",
        team_import.team_import,
        name="team-import",
    ),
    path(
        "concours/<slug:slug>/gestion/equipes/importer/confirmer/",
        team_import.team_import_confirm,
        name="team-import-confirm",
    ),
    path(
        "concours/<slug:slug>/gestion/export.xlsx",
        exports_data.tournament_xlsx,
        name="tournament-xlsx",
    ),
    path(
        "concours/<slug:slug>/gestion/classement.csv",
        exports_data.standings_csv,
        name="standings-csv",
    ),
    path("concours/<slug:slug>/gestion/donnes.csv", exports_data.deals_csv, name="deals-csv"),
    path(
        "concours/<slug:slug>/gestion/sauvegarde.json",
        archive.tournament_archive_download,
        name="tournament-archive",
    ),
    # PDF exports (tournaments/exports/pdf.py) and the prize list the standings print.
    path(
        "concours/<slug:slug>/gestion/cartes-equipes.pdf",
        exports_pdf.team_cards_pdf,
        name="team-cards-pdf",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/feuilles.pdf",
        exports_pdf.score_sheets_pdf,
        name="score-sheets-pdf",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/tirage.pdf",
        exports_pdf.draw_sheet_pdf,
        name="draw-sheet-pdf",
    ),
    path(
        "concours/<slug:slug>/gestion/parties/<num:number>/resultats.pdf",
        exports_pdf.match_sheets_pdf,
        name="match-sheets-pdf",
    ),
    path("concours/<slug:slug>/classement.pdf", exports_pdf.standings_pdf, name="standings-pdf"),
    path("concours/<slug:slug>/gestion/prix/", exports_pdf.prize_list, name="prize-list"),
    # Online registration (views/registration_public.py, views/registration_desk.py): the
    # public writes are rate-limited per address (belote_club/middleware.py).
    path(
        "concours/<slug:slug>/inscription/",
        registration_public.registration_create,
        name="registration-create",
    ),
    path(
        "inscription/<str:token>/",
        registration_public.registration_manage,
        name="registration-manage",
    ),
    path(
        "inscription/<str:token>/confirmation/",
        registration_public.registration_done,
        name="registration-done",
    ),
    path(
        "inscription/<str:token>/annuler/",
        registration_public.registration_cancel,
        name="registration-cancel",
    ),
    path(
        "concours/<slug:slug>/gestion/inscriptions/",
        registration_desk.registration_list,
        name="registration-list",
    ),
    path(
        "concours/<slug:slug>/gestion/inscriptions/reglages/",
        registration_desk.registration_settings,
        name="registration-settings",
    ),
    path(
        "concours/<slug:slug>/gestion/inscriptions/<num:pk>/",
        registration_desk.registration_edit,
        name="registration-edit",
    ),
    path(
        "concours/<slug:slug>/gestion/inscriptions/<num:pk>/annuler/",
        registration_desk.registration_cancel_by_organiser,
        name="registration-withdraw",
    ),
    path(
        "concours/<slug:slug>/gestion/inscriptions/<num:pk>/pointer/",
        registration_desk.registration_check_in,
        name="registration-check-in",
    ),
]
