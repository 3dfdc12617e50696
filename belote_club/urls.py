"""Top-level URLs. None carries a language prefix, so a printed QR code works in either language."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from belote_club.views import healthz

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("healthz", healthz, name="healthz"),
    # Only login and logout: the password-reset views of django.contrib.auth.urls would
    # need an e-mail server that a club laptop does not have.
    path("comptes/connexion/", auth_views.LoginView.as_view(), name="login"),
    path("comptes/deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("tournaments.urls")),
]
