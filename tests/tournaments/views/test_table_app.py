"""The table page as an installable web app (views/table/app.py): the service worker
served with the scope /table/ under the site's Content-Security-Policy, the manifest of a
team's link, and the page's tags for both (no inline script)."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import MatchFactory, RoundFactory, TeamFactory, TournamentFactory
from tournaments import selectors, services
from tournaments.models import Round, Seat

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)


@pytest.fixture
def links(db) -> dict[str, Seat]:
    tournament = TournamentFactory(slug="t", name="Concours de la Saint-André")
    round_ = RoundFactory(tournament=tournament, number=2)
    teams = [TeamFactory(tournament=tournament, number=number) for number in (3, 5)]
    match = MatchFactory(round=round_, table_number=4, team_a=teams[0], team_b=teams[1])
    services.ensure_team_links(tournament=tournament, now=NOW)
    return selectors.match_links(match=match)


def french() -> Client:
    client = Client()
    client.cookies["django_language"] = "fr"
    return client


def test_the_service_worker_is_served_at_the_root_of_the_table_pages(db):
    response = Client().get("/table/sw.js")

    body = response.content.decode()
    assert (
        reverse("tournaments:service-worker"),
        response.status_code,
        response["Content-Type"],
        response["Service-Worker-Allowed"],
        response["Cache-Control"],
    ) == ("/table/sw.js", 200, "text/javascript", "/table/", "no-cache")
    assert 'importScripts("/static/vendor/workbox-7.4.1/workbox-sw.js");' in body
    assert "default-src 'self'" in response["Content-Security-Policy"]


def test_the_service_worker_imports_only_vendored_files_of_this_site(db):
    body = Client().get("/table/sw.js").content.decode()

    assert re.findall(r"https?://", body) == []
    assert re.findall(r'modulePathPrefix: "([^"]+)"', body) == ["/static/vendor/workbox-7.4.1/"]


def test_the_manifest_opens_the_team_s_link_within_the_table_pages(links):
    link = links["B"].link

    response = french().get(reverse("tournaments:table-manifest", kwargs={"token": link.token}))

    manifest = json.loads(response.content)
    assert (response.status_code, response["Content-Type"]) == (200, "application/manifest+json")
    assert {k: v for k, v in manifest.items() if k != "icons"} == {
        "id": f"/table/{link.token}/",
        "name": "Équipe 5 – Belote Club",
        "short_name": "Équipe 5",
        "lang": "fr",
        "start_url": f"/table/{link.token}/",
        "scope": "/table/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#f4f6f3",
        "theme_color": "#17603f",
    }
    assert [(icon["src"], icon["sizes"]) for icon in manifest["icons"]] == [
        ("/static/img/table-app-192.png", "192x192"),
        ("/static/img/table-app-512.png", "512x512"),
        ("/static/favicon.svg", "any"),
    ]


def test_an_unknown_token_has_no_manifest(db):
    response = Client().get(reverse("tournaments:table-manifest", kwargs={"token": "nope"}))

    assert response.status_code == 404


def test_the_table_page_links_its_manifest_script_and_outbox(links):
    link = links["A"].link

    page = french().get(link.get_absolute_url()).content.decode()

    assert re.findall(r'<link rel="manifest" href="([^"]+)">', page) == [
        f"/table/{link.token}/manifest.webmanifest"
    ]
    assert '<script src="/static/js/table_offline.js" defer></script>' in page
    outbox = re.search(r'<section id="outbox"[^>]*>', page).group(0)
    assert re.findall(r'data-([a-z-]+)="([^"]*)"', outbox) == [
        ("offline-queue", link.token),
        ("service-worker", "/table/sw.js"),
        ("text-waiting", "En attente de réseau"),
        ("text-sending", "Envoi en cours…"),
        ("text-sent", "Envoyé"),
        ("text-refused", "Refusé"),
        ("text-recorded", "Déjà enregistrée"),
        ("text-busy", "Serveur indisponible, nouvel essai…"),
        ("text-answering", "Enregistrement en cours…"),
        (
            "text-complete",
            "La partie est complète : plus de donne à saisir. Les donnes gardées sur ce "
            "téléphone partent dès que le réseau revient ; les adversaires les confirment "
            "ensuite.",
        ),
        ("text-dismiss", "OK"),
        ("text-again", "Remettre dans le formulaire"),
        ("text-kept", "Gardé sur ce téléphone : envoyé tout seul au retour du réseau."),
        ("text-offline", "Pas de réseau : ce que vous saisissez est gardé sur ce téléphone."),
        ("text-not-recorded", "Non enregistré."),
        (
            "text-not-recorded-figures",
            "Non enregistrée : donnez ces chiffres à la table de marque.",
        ),
        ("text-paused", "Mise à jour automatique en pause : une donne est en cours de saisie."),
    ]


def test_between_rounds_the_team_s_page_keeps_its_outbox(links):
    # One link for the whole concours: the team's page stays open between parties, so
    # that writes kept offline during the last one are still sent (and refused if late).
    seat = links["A"]
    Round.objects.filter(pk=seat.match.round_id).update(status=Round.Status.CLOSED)

    response = french().get(seat.link.get_absolute_url())

    page = response.content.decode()
    assert (response.status_code, 'id="outbox"' in page, 'rel="manifest"' in page) == (
        200,
        True,
        True,
    )


def test_a_closed_partie_has_no_outbox_a_revoked_link_s_page_lists_what_it_kept(links):
    # The revoked page lists the writes this phone kept for the link, never sent
    # (static/js/table_offline.js, data-revoked): no manifest, no service worker there.
    seat = links["A"]
    closed = reverse("tournaments:table-deal", kwargs={"token": seat.link.token, "partie": 2})
    Round.objects.filter(pk=seat.match.round_id).update(status=Round.Status.CLOSED)
    services.revoke_link(link=links["B"].link, now=NOW)

    answers = [french().post(closed), french().get(links["B"].link.get_absolute_url())]

    assert [
        (
            r.status_code,
            re.findall(
                r'<section id="outbox"[^>]* data-offline-queue="([^"]+)"[^>]* data-revoked', page
            ),
            re.findall(r'<h2 id="outbox-title"( class="[^"]*")?>(.*?)</h2>', page),
            '<script src="/static/js/table_offline.js" defer></script>' in page,
            'rel="manifest"' in page,
        )
        for r in answers
        for page in [r.content.decode()]
    ] == [
        (403, [], [], False, False),
        (403, [links["B"].link.token], [("", "Envois de ce téléphone")], True, False),
    ]
