"""Expose the WSGI callable as ``application``, for gunicorn (see ./run)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_club.settings")

application = get_wsgi_application()
