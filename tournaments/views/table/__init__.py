"""Table entry on the players' phones: one secret link per team for the concours, no account.

Every URL starts with ``table/<token>/``: the team's page; then, under
``parties/<number>/``, record a deal, correct one's own deal while it waits, and the
form's live preview (:mod:`.entry`); confirm one or all of the opponents' deals, dispute
one, confirm one's own deals with the opponents' code typed on this phone
(:mod:`.confirmation`). :mod:`.board` has what both share: the access check,
the page's context and the answer to a write. :mod:`.once` runs each write once per
``Idempotency-Key`` (the phone resends what it kept while offline, static/js/
table_offline.js); :mod:`.refresh` answers the board a phone asks for again every few
seconds (304 when unchanged); :mod:`.app` serves the manifest and the service worker
that make the team's page an installable app.
"""
