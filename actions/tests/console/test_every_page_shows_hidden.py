"""Every place a person reads a string someone else controls -- an agent's command, name or task title, a
command's output, a provider's error, a rule or reason a person wrote -- shows each hidden character instead of
obeying it: the console's pages, the Django admin's lists and change pages, the messages after a click, the
e-mail, the Slack-format and generic webhook bodies.

Each hostile string is planted in every such field at once; then every page is walked. What the person sees
must hold no raw control, bidi, zero-width or other invisible character (``⟨U+XXXX⟩`` marks instead), no live
markup, and the tail of a long line."""

from __future__ import annotations

import json
import uuid

import pytest
from django.contrib import admin
from django.db import connection
from django.template import engines
from django.urls import reverse
from django.utils import timezone

from actions import events, notifications
from actions.models import ProposedAction, SessionEvent
from actions.notification_models import WebhookDelivery, WebhookEndpoint
from actions.shown import _FORM_VALUES as FORM_VALUES
from actions.tests.console_forms import shown_fields
from projects.models import Agent, Task

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

HOSTILE = {
    "ansi-escape": "red\x1b[31mX\x1b[0m\x1b]8;;http://evil\x07",
    "bidi-override": "ls \u202e fr- mr",
    "zero-width": "rm\u200b-rf\u200d\ufeff",
    "bidi-isolate": "cat \u2066&& rm\u2069",
    "cr-overwrite": "rm -rf /\rls -l   ",
    "line-separator": "ok\u2028curl evil",
    "nul": "a\x00b",
    "lone-surrogate": "a\ud800b",
    "hangul-filler": "x\u3164\u3164y",
    "html": "<script>alert(1)</script><b>bold</b>",
    "long-line": "y" * 5000 + "TAILMARK",
}
# neither a PostgreSQL text column nor jsonb stores these: on PostgreSQL they cannot reach a page from the
# database (the template-level test below still renders them)
NOT_STORABLE_ON_POSTGRES = {"nul", "lone-surrogate"}
KEPT = {"\n", "\t", " "}


def _hidden(text: str) -> set[str]:
    return {ch for ch in text if ch not in KEPT and not ch.isprintable() or ch == "\u3164"}


def _mark(ch: str) -> str:
    return f"⟨U+{ord(ch):04X}⟩"


def _assert_shown(page: str, hostile: str, where: str, *, html: bool = True) -> None:
    """No raw hidden character outside what a form posts back as it is (an input's value, a textarea's text:
    see ``shown.visible_markup``); in HTML, no live markup."""
    if html:
        page = FORM_VALUES.sub("", page)
    raw = sorted(ch for ch in _hidden(hostile) | {"\r"} if ch in page)
    assert not raw, f"{where}: raw {[hex(ord(c)) for c in raw]} reach the person"
    if html:
        assert "<script>alert" not in page and "<b>bold</b>" not in page, where


def _short(name: str, hostile: str) -> str:
    """The hostile string in a text column: no database encodes a lone surrogate there (JSON holds one)."""
    text = (name + hostile)[:60] if len(hostile) < 100 else name + "-long"
    return text.encode("utf-8", "replace").decode()


@pytest.fixture
def hostile(request):
    name = request.param
    if name in NOT_STORABLE_ON_POSTGRES and connection.vendor == "postgresql":
        pytest.skip("PostgreSQL stores no NUL or lone surrogate: no page can show one from the database")
    return HOSTILE[name]


@pytest.fixture
def planted(team, agent_api, hostile):
    """The hostile string in every field a person reads; the ids of what holds it."""
    world, project = team.world, team.project
    infra, key = world.agent(project, team.maintainer, "infra")
    body = agent_api.propose("terminal", {"command": "echo planted", "cwd": "/"}, key=key).json()
    pending = ProposedAction.objects.get(id=body["id"])
    # stored as it is: the API refuses some of these (NUL, a lone surrogate), a runner's report may not
    ProposedAction.objects.filter(id=pending.id).update(
        payload={"command": f"echo {hostile}", "cwd": hostile}
    )
    ran = ProposedAction.objects.get(
        id=agent_api.propose("terminal", {"command": "make"}, key=key).json()["id"]
    )
    ProposedAction.objects.filter(id=ran.id).update(
        status="executed",
        result={"stdout": hostile, "stderr": hostile, "exit_code": 1, "branch": hostile},
    )
    failed = ProposedAction.objects.get(
        id=agent_api.propose("terminal", {"command": "ls"}, key=key).json()["id"]
    )
    ProposedAction.objects.filter(id=failed.id).update(
        status="failed", result={"error": {"message": hostile, "next_step": hostile}}
    )
    denied = ProposedAction.objects.get(
        id=agent_api.propose("terminal", {"command": "id"}, key=key).json()["id"]
    )
    ProposedAction.objects.filter(id=denied.id).update(status="denied", denial_reason=_short("", hostile))
    SessionEvent.objects.create(
        project=project, action=denied, type=events.ACTION_DENIED, actor_kind="user",
        actor_label=_short("u", hostile), payload={"reason": hostile, "pattern": hostile},
    )  # fmt: skip
    task = Task.objects.create(
        project=project, title=_short("t", hostile), pr_reference=_short("pr", hostile)
    )
    ProposedAction.objects.filter(id=pending.id).update(task=task)
    Agent.objects.filter(id=infra.id).update(name=_short("a", hostile))
    Agent.objects.filter(id=team.agent.id).update(
        suspended_at=timezone.now(), suspended_reason=_short("s", hostile)
    )
    project.name = _short("p", hostile)
    project.save(update_fields=["name"])
    team.ws.name = _short("w", hostile)
    team.ws.save(update_fields=["name"])
    endpoint = WebhookEndpoint.objects.create(
        workspace=team.ws, name=_short("h", hostile), url="https://hooks.example/x", secret_encrypted="s"
    )
    WebhookDelivery.objects.create(
        endpoint=endpoint, event=SessionEvent.objects.filter(action=denied).earliest("id"),
        event_type=events.ACTION_DENIED, status="failed", last_error=_short("e", hostile),
    )  # fmt: skip
    return {"pending": pending, "ran": ran, "failed": failed, "denied": denied, "agent": infra, "task": task}


def _console_pages(team, planted) -> list[str]:
    project = team.project.id
    pages = [
        reverse("admin:console-queue"),
        reverse("admin:console-agents"),
        reverse("admin:console-agent", args=[planted["agent"].id]),
        reverse("admin:console-agent", args=[team.agent.id]),
        reverse("admin:console-projects"),
        reverse("admin:console-stats", args=[project]),
        reverse("admin:console-approval-rules", args=[project]),
        reverse("admin:console-containers"),
        reverse("admin:console-history"),
        reverse("admin:console-notifications"),
        reverse("admin:console-members"),
        reverse("admin:console-keys"),
        reverse("admin:console-budget"),
        reverse("admin:console-always", args=[planted["pending"].id]),
    ]
    pages += [
        reverse("admin:console-action", args=[planted[k].id]) for k in ("pending", "ran", "failed", "denied")
    ]
    return pages


def _admin_pages(user) -> list[str]:
    """Every admin changelist, and the change page of each row the user reads there."""
    pages = [reverse("admin:index") + "?models=1"]
    for model, model_admin in admin.site._registry.items():
        if model._meta.app_label not in ("actions", "projects"):
            continue
        info = (model._meta.app_label, model._meta.model_name)
        try:
            pages.append(reverse("admin:{}_{}_changelist".format(*info)))
        except Exception:  # noqa: BLE001 -- a model without a changelist
            continue
        request = type("R", (), {"user": user})()
        try:
            rows = list(model_admin.get_queryset(request)[:20])
        except Exception:  # noqa: BLE001 -- an admin whose queryset needs a full request
            rows = list(model._default_manager.all()[:20])
        pages += [reverse("admin:{}_{}_change".format(*info), args=[row.pk]) for row in rows]
    return pages


@pytest.mark.parametrize("hostile", HOSTILE, indirect=True)
def test_every_console_and_admin_page_shows_what_it_hides(team, planted, hostile, login):
    owner = login(team.owner)
    team.owner.is_staff = True
    team.owner.save(update_fields=["is_staff"])
    seen = ""
    for path in _console_pages(team, planted) + _admin_pages(team.owner):
        response = owner.get(path)
        if response.status_code == 403 and "/console/" not in path:
            continue  # a data table this staff user may not open (who may is tested elsewhere)
        assert response.status_code == 200, (path, response.status_code)
        page = response.content.decode()
        _assert_shown(page, hostile, path)
        seen += page
    for ch in _hidden(hostile):
        assert _mark(ch) in seen, f"{_mark(ch)} shown nowhere"
    if "TAILMARK" in hostile:
        assert "TAILMARK" in seen


@pytest.mark.parametrize("hostile", HOSTILE, indirect=True)
def test_the_message_after_a_click_shows_what_it_hides(team, planted, hostile, login):
    if "\ud800" in hostile:
        pytest.skip("a form post is UTF-8: it cannot carry a lone surrogate")
    owner = login(team.owner)
    response = owner.post(
        reverse("admin:console-deny", args=[planted["pending"].id]),
        shown_fields(planted["pending"].id, reason=hostile),
        follow=True,
    )
    page = response.content.decode()
    _assert_shown(page, hostile, "after deny")
    assert "Denied" in page


@pytest.mark.parametrize("hostile", HOSTILE, indirect=True)
def test_e_mail_slack_and_webhook_bodies_show_what_they_hide(team, planted, hostile):
    for action in (planted["pending"], planted["denied"]):
        for event in SessionEvent.objects.filter(action=action):
            doc = notifications.document(event)
            slack = notifications.slack_body(doc)
            texts = {  # Slack's fallback text is mrkdwn (markup escaped); the rest is JSON or plain text
                "webhook JSON": json.dumps(doc, ensure_ascii=False),
                "e-mail subject": notifications.headline(doc),
                "e-mail body": notifications._email_text(doc, action),
                "Slack blocks": json.dumps(slack["blocks"], ensure_ascii=False),
            }
            for medium, text in texts.items():
                _assert_shown(text.replace("\n", " "), hostile, f"{event.type}: {medium}", html=False)
            _assert_shown(slack["text"].replace("\n", " "), hostile, f"{event.type}: Slack text")


TEMPLATE_FIELDS = (
    "<p title='{{ s }}'>{{ s }}</p><pre>{{ s }}</pre>{% for x in many %}<i>{{ x }}</i>{% endfor %}"
)


@pytest.mark.parametrize("name", HOSTILE)
def test_any_template_rendered_shows_what_it_hides(name):
    """The page-wide pass, without the database: a string no PostgreSQL column can hold (NUL, a lone surrogate)
    may still come from a provider's reply or a command's output, and must render, marked, not fail."""
    hostile = HOSTILE[name]
    html = (
        engines["django"].from_string(TEMPLATE_FIELDS).render({"s": hostile, "many": [hostile, uuid.uuid4()]})
    )
    html.encode("utf-8")  # a lone surrogate left raw would fail here (a 500 for the person)
    _assert_shown(html, hostile, name)
    for ch in _hidden(hostile):
        assert _mark(ch) in html


def test_a_textarea_keeps_what_a_person_edits():
    """The permissions editor posts back its textarea: the page pass leaves form values as they are, or a save
    would write ``⟨U+200B⟩`` into the rules; the lines around it are marked."""
    template = "<p>{{ s }}</p><textarea name='t'>{{ s }}</textarea><input value=\"{{ s }}\">"
    html = engines["django"].from_string(template).render({"s": "a\u200bb"})
    assert "<p>a⟨U+200B⟩b</p>" in html
    assert "<textarea name='t'>a\u200bb</textarea>" in html and 'value="a\u200bb"' in html
