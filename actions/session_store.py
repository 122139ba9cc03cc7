"""The console's session store: Django's database sessions, and a signed-in session that ends (signed out,
flushed, its key cycled) announces its person, so their open waits and live streams re-read what let them in
(``projects.access.PersonFence``; ``logout`` sends ``user_logged_out`` BEFORE it deletes the session, so a stream
woken by that alone may still find it).

The announcement is made here, where one session is deleted, not by a ``post_delete`` receiver on the model:
such a receiver makes every bulk delete fetch and decode its rows one by one (``clearsessions`` over a year of
expired sessions), and an expired session needs no announcement -- it lets nobody in again, and a fence that
re-reads it finds it gone."""

from __future__ import annotations

from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends import db

from . import waiting


class SessionStore(db.SessionStore):
    def delete(self, session_key: str | None = None) -> None:
        if session_key is None:
            if self.session_key is None:
                return
            session_key = self.session_key
        row = self.model.objects.filter(session_key=session_key).first()
        if row is None:
            return
        row.delete()
        try:
            user_id = self.decode(row.session_data).get(SESSION_KEY)
        except Exception:  # noqa: BLE001 -- a session that does not decode signs nobody out
            return
        if user_id:
            waiting.publish(waiting.person_key(user_id))
