"""The Django admin is no side door around the service functions: no admin form writes memberships,
autonomy, agents or credentials, and its lists show only the user's own workspaces, superusers included
(R1.1)."""

from __future__ import annotations

import pytest

from projects.models import AutonomyRule, Membership

# -- admin model forms skipped tenancy and roles -------------------------------------------------------------


@pytest.fixture
def staff(team):
    """A staff member of workspace B (the outsider's) — and, worse, a superuser."""
    team.outsider.is_staff = True
    team.outsider.is_superuser = True
    team.outsider.save()
    return team.world.client(team.outsider)


def test_no_admin_form_writes_memberships_autonomy_agents_or_credentials(team, staff, client):
    client.force_login(team.outsider)
    for model in ("membership", "autonomyrule", "agent", "project", "workspace", "workspacecredentials"):
        assert client.get(f"/admin/projects/{model}/add/").status_code == 403, model
    added = client.post(
        "/admin/projects/membership/add/",
        {"workspace": str(team.ws.id), "user": team.outsider.pk, "role": "owner"},
    )
    assert added.status_code == 403  # was 302: B's staff made themselves owner of A
    assert not Membership.objects.filter(workspace=team.ws, user=team.outsider).exists()
    rule = AutonomyRule.objects.create(agent=team.other_agent, action_type="spend", mode="require_approval")
    changed = client.post(
        f"/admin/projects/autonomyrule/{rule.pk}/change/",
        {"agent": str(team.other_agent.id), "action_type": "spend", "mode": "auto_approve"},
    )
    assert changed.status_code in (302, 403)
    rule.refresh_from_db()
    assert rule.mode == "require_approval"  # was auto_approve, with no permission.granted event


def test_admin_lists_only_the_users_own_workspaces_superusers_included(team, staff, client):
    client.force_login(team.outsider)
    page = client.get("/admin/projects/membership/").content.decode()
    assert "olivia" not in page and "Acme" not in page
    assert client.get(f"/admin/projects/workspace/{team.ws.id}/change/").status_code in (302, 404)
