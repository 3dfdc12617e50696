"""Top-level URLs. None carries a language prefix, so a printed QR code works in either language."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from belote_club.views import healthz

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("healthz", healthz, name="healthz"),
    # Login, logout, and the page where a new co-organiser chooses her password from the
    # one-time link her club's organiser hands her (tournaments/services/clubs.py): the
    # other password-reset views of django.contrib.auth.urls send e-mail, which a club
    # laptop cannot.
    path("comptes/connexion/", auth_views.LoginView.as_view(), name="login"),
    path("comptes/deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "comptes/mot-de-passe/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "comptes/mot-de-passe/choisi/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("", include("tournaments.urls")),
]
