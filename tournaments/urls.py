from django.urls import path

from tournaments.views import entry, projector, public

app_name = "tournaments"

urlpatterns = [
    path("", public.tournament_list, name="home"),
    path("concours/<slug:slug>/", public.tournament_detail, name="tournament-detail"),
    path(
        "concours/<slug:slug>/parties/<int:number>/",
        public.round_detail,
        name="round-detail",
    ),
    path(
        "concours/<slug:slug>/parties/<int:number>/tables/<int:table>/",
        public.match_detail,
        name="match-detail",
    ),
    path(
        "concours/<slug:slug>/parties/<int:number>/tables/<int:table>/donnes/",
        entry.deal_create,
        name="deal-create",
    ),
    path("ecran/<str:token>/", projector.projector, name="projector"),
    path("ecran/<str:token>/diapo/", projector.projector_slide, name="projector-slide"),
]
