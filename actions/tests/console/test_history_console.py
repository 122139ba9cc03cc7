"""The history page: newest first, plain sentences, filters, tenancy, keyset pages."""

from __future__ import annotations

import html
import re

from actions.models import SessionEvent


def _text(response) -> str:
    assert response.status_code == 200, response.status_code
    return html.unescape(response.content.decode())


def _sentences(page: str) -> list[str]:
    return [
        re.sub(r"\s+", " ", s).strip()
        for s in re.findall(r'<p class="history-sentence">(.*?)</p>', page, re.S)
    ]


URL = "/admin/console/history/"


def test_events_newest_first_in_plain_sentences(team, agent_api, login):
    cat = agent_api.propose("terminal", {"command": "cat notes.txt"}).json()["id"]
    team.world.client(team.maintainer).post(f"/api/actions/{cat}/deny/", {"reason": "not now"}, format="json")
    page = _text(login(team.maintainer).get(URL))
    sentences = _sentences(page)
    assert sentences[0] == "max denied terminal “cat notes.txt”: “not now”."
    assert sentences[1].startswith(
        "Agent dev-api proposed terminal “cat notes.txt” — it waits for a person: "
    )
    visible = re.sub(r"<script.*?</script>|<[^>]+>", " ", page, flags=re.S)  # what a person reads
    assert "proposed_action" not in visible and "no_rule" not in visible  # codes stay out of the page


def test_filters_by_actor_agent_type_and_outcome(team, agent_api, login, world):
    lead, key = world.agent(team.project, team.maintainer, "dev-lead")
    agent_api.write_permissions(allow=["Terminal(ls)"])
    agent_api.propose("terminal", {"command": "ls"})  # auto-approved by the rule
    pending = agent_api.propose("terminal", {"command": "cat a"}, key=key).json()["id"]
    team.world.client(team.maintainer).post(f"/api/actions/{pending}/approve/")
    c = login(team.maintainer)

    auto = _sentences(_text(c.get(URL, {"outcome": "auto_approved"})))
    assert len(auto) == 1 and auto[0].startswith("Agent dev-api proposed terminal “ls” — approved by a rule")
    by_lead = _sentences(_text(c.get(URL, {"agent": str(lead.id)})))
    assert by_lead and all("cat a" in s for s in by_lead)
    by_max = _sentences(_text(c.get(URL, {"actor": f"user:{team.maintainer.pk}"})))
    assert by_max == ["max approved terminal “cat a”."]
    approved = _sentences(_text(c.get(URL, {"type": "proposed_action.approved"})))
    assert approved == by_max
    assert _sentences(_text(c.get(URL, {"outcome": "denied"}))) == []


def test_the_workspace_log_and_tenancy(team, login, world):
    from projects import teams

    teams.invite_member(actor=team.owner, workspace=team.ws, email="newbie@example.com", role="developer")
    c = login(team.maintainer)
    page = _text(c.get(URL, {"log": "team"}))
    assert "olivia invited newbie@example.com as developer." in _sentences(page)
    # another workspace, its project or its agent: 404, never an empty page that confirms it exists
    assert c.get(URL, {"workspace": str(team.other_ws.id)}).status_code == 404
    assert c.get(URL, {"project": str(team.other_project.id)}).status_code == 404
    assert c.get(URL, {"agent": str(team.other_agent.id)}).status_code == 404
    assert c.get(URL, {"agent": "not-an-id"}).status_code == 404
    for log in ("team", "projects"):  # PostgreSQL cannot compare text holding NUL: it was a 500
        assert c.get(URL, {"log": log, "type": "member.invited\x00"}).status_code == 404
    eve = _text(login(team.outsider).get(URL))
    assert "dev-api" not in eve


def test_pages_by_keyset_and_a_forged_cursor_is_a_named_error(team, agent_api, login):
    for n in range(30):  # one event each (pending: nothing runs)
        agent_api.propose("terminal", {"command": f"cat f{n}"})
    assert SessionEvent.objects.count() >= 30
    c = login(team.maintainer)
    first = _text(c.get(URL))
    assert len(_sentences(first)) == 30 and 'rel="next"' not in first  # one page of 50
    from actions.console.history import NewestFirst

    NewestFirst.page_size = 10
    try:
        first = _text(c.get(URL))
        found = re.search(r'href="([^"]+)" rel="next"', first)
        assert found is not None
        nxt = html.unescape(found.group(1))
        second = _text(c.get(nxt))
        one, two = _sentences(first), _sentences(second)
        assert len(one) == len(two) == 10 and not set(one) & set(two)
        assert "cat f29" in one[0] and "cat f19" in two[0]
    finally:
        NewestFirst.page_size = 50
    bad = _text(c.get(URL, {"cursor": "cD1hYmM="}))  # p=abc: not an event id
    assert "cursor is not one this server gave" in bad
