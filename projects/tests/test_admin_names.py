"""The admin names models as people read them (the credentials page said "Workspace credentialss")."""

from __future__ import annotations

from django.test import Client


def test_the_credentials_admin_page_is_not_credentialss(team):
    team.owner.is_staff = True
    team.owner.save(update_fields=["is_staff"])
    client = Client()
    client.force_login(team.owner)
    page = client.get("/admin/projects/workspacecredentials/")
    assert page.status_code == 200
    text = page.content.decode().lower()
    assert "workspace credentials" in text
    assert "credentialss" not in text
