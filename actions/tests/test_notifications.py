"""Notifications: signed webhooks verified by a local receiver, retries with backoff and the
delivery log, e-mail through the locmem backend, subscriptions, tenancy, and no secret in any notification."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import timedelta
from http.server import BaseHTTPRequestHandler

import pytest
from django.utils import timezone

from actions import events, notifications
from actions.events import Actor
from actions.models import (
    EventNotification,
    NotificationSubscription,
    SessionEvent,
    WebhookDelivery,
    WebhookEndpoint,
)
from tests.loopback import LoopbackServer

pytestmark = pytest.mark.django_db

TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4"


class Receiver(LoopbackServer):
    """A webhook receiver: answers the codes in ``script`` in turn (then 200), keeps every request, and
    verifies each signature with the documented algorithm."""

    def __init__(self, secret: str = "", script=()):
        self.secret = secret
        self.script = list(script)
        self.requests: list[dict] = []
        self._serve()

    def _handler(self):
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                timestamp = self.headers["X-Brabo-Timestamp"]
                expected = (
                    "sha256="
                    + hmac.new(
                        receiver.secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256
                    ).hexdigest()
                )
                receiver.requests.append(
                    {
                        "headers": dict(self.headers),
                        "body": body,
                        "valid": hmac.compare_digest(expected, self.headers["X-Brabo-Signature"]),
                    }
                )
                code = receiver.script.pop(0) if receiver.script else 200
                self.send_response(code)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        return Handler

    @property
    def url(self) -> str:
        return f"http://{self.address}/hook"


@pytest.fixture
def allow_local(settings):
    settings.BRABO_WEBHOOK_ALLOW_PRIVATE = True


@pytest.fixture
def make_action():
    from actions.models import ProposedAction, payload_hash

    def make(project, command="npm test", status="pending", action_type="terminal", payload=None):
        payload = payload if payload is not None else {"command": command}
        return ProposedAction.objects.create(
            project=project,
            action_type=action_type,
            payload=payload,
            payload_hash=payload_hash(payload),
            status=status,
            reason="default",
            message="test",
        )

    return make


@pytest.fixture
def queued(monkeypatch):
    """The delivery attempts handed to the worker queue, held there so the test makes each attempt itself
    with its own clock. Without a broker the in-process worker made the first attempt inside ``process()``
    at the real time, so a backoff read against the test's clock came out 9.85 s instead of 10."""
    handed: list = []
    monkeypatch.setattr(
        notifications, "send_delivery", lambda delivery_id, countdown=0: handed.append(delivery_id)
    )
    return handed


def _pending_event(project, action):
    return events.record(
        events.ACTION_CREATED,
        project_id=project.id,
        actor=Actor.system(),
        action=action,
        payload={"status": "pending", "reason": "default"},
    )


def _endpoint(team, url, *, format="generic", kinds=None):
    return notifications.create_endpoint(
        actor=team.owner,
        workspace=team.ws,
        name="ops",
        url=url,
        format=format,
        kinds=kinds or ["pending", "decided", "expiring_soon", "expired", "budget"],
    )


def _deliver_all(now=None):
    for d in WebhookDelivery.objects.filter(status="pending"):
        notifications.attempt_delivery(d.id, now=now)


def test_the_receiver_verifies_the_signature_and_sees_the_documented_headers_and_body(
    team, make_action, allow_local
):
    with Receiver() as receiver:
        endpoint, secret = _endpoint(team, receiver.url)
        receiver.secret = secret
        action = make_action(team.project, "npm run build")
        event = _pending_event(team.project, action)
        notifications.process(event.pk)
        _deliver_all()

    assert len(receiver.requests) == 1
    request = receiver.requests[0]
    assert request["valid"] is True
    delivery = WebhookDelivery.objects.get(endpoint=endpoint)
    assert request["headers"]["X-Brabo-Event"] == "proposed_action.created"
    assert request["headers"]["X-Brabo-Delivery"] == str(delivery.id)
    body = json.loads(request["body"])
    assert body["id"] == str(delivery.id)
    assert body["type"] == "proposed_action.created"
    assert body["workspace"] == {"id": str(team.ws.id), "name": "Acme"}
    assert body["project"]["id"] == str(team.project.id)
    assert body["action"] == {
        "id": str(action.id),
        "action_type": "terminal",
        "status": "pending",
        "reason": "default",
        "summary": "npm run build",
    }
    assert delivery.status == "delivered" and delivery.attempts == 1 and delivery.last_status_code == 200


def test_a_wrong_secret_does_not_verify(team, make_action, allow_local):
    """The receiver's check is real: with another secret the same delivery does not verify."""
    with Receiver(secret="not-the-secret") as receiver:
        _endpoint(team, receiver.url)
        notifications.process(_pending_event(team.project, make_action(team.project)).pk)
        _deliver_all()
    assert [r["valid"] for r in receiver.requests] == [False]


def test_slack_body(team, make_action, allow_local):
    with Receiver() as receiver:
        _, receiver.secret = _endpoint(team, receiver.url, format="slack")
        notifications.process(_pending_event(team.project, make_action(team.project, "ls <dir>")).pk)
        _deliver_all()
    body = json.loads(receiver.requests[0]["body"])
    assert set(body) == {"text", "blocks"}
    # the console's own sentence for the event (actions.history.describe)
    assert (
        "proposed terminal “ls &lt;dir&gt;” — it waits for a person: no rule matches; a person decides."
        in body["text"]
    )
    assert body["blocks"][0]["type"] == "section"
    assert receiver.requests[0]["valid"]


def test_failing_twice_then_succeeding_takes_three_attempts_with_backoff_in_the_log(
    team, make_action, allow_local, queued
):
    with Receiver(script=[503, 500]) as receiver:
        _, receiver.secret = _endpoint(team, receiver.url)
        notifications.process(_pending_event(team.project, make_action(team.project)).pk)
        delivery = WebhookDelivery.objects.get()
        assert queued == [delivery.id] and receiver.requests == []  # handed to the worker, not yet sent
        t0 = timezone.now()

        assert notifications.attempt_delivery(delivery.id, now=t0) == 10
        delivery.refresh_from_db()
        assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("pending", 1, 503)
        assert delivery.next_attempt_at == t0 + timedelta(seconds=10)
        assert "503" in delivery.last_error

        # not due yet: no attempt, the wait left is returned
        assert notifications.attempt_delivery(delivery.id, now=t0 + timedelta(seconds=4)) == 6
        assert len(receiver.requests) == 1

        t1 = t0 + timedelta(seconds=10)
        assert notifications.attempt_delivery(delivery.id, now=t1) == 20  # 10 s · 2^1
        delivery.refresh_from_db()
        assert (delivery.attempts, delivery.last_status_code) == (2, 500)

        assert notifications.attempt_delivery(delivery.id, now=t1 + timedelta(seconds=20)) is None
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("delivered", 3, 200)
    assert delivery.last_error == "" and delivery.next_attempt_at is None
    assert len(receiver.requests) == 3
    # the same delivery id each time, so a receiver can de-duplicate
    assert len({r["headers"]["X-Brabo-Delivery"] for r in receiver.requests}) == 1


def test_a_4xx_gives_up_at_once_but_429_is_retried(team, make_action, allow_local, queued):
    with Receiver(script=[429, 404]) as receiver:
        _, receiver.secret = _endpoint(team, receiver.url)
        notifications.process(_pending_event(team.project, make_action(team.project)).pk)
        delivery = WebhookDelivery.objects.get()
        t0 = timezone.now()
        assert notifications.attempt_delivery(delivery.id, now=t0) == 10
        assert notifications.attempt_delivery(delivery.id, now=t0 + timedelta(seconds=10)) is None
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("failed", 2, 404)


def test_an_unreachable_receiver_is_given_up_after_five_attempts(team, make_action, allow_local, queued):
    with Receiver() as receiver:
        url = receiver.url
    _endpoint(team, url)  # the server is gone: connection refused
    notifications.process(_pending_event(team.project, make_action(team.project)).pk)
    delivery = WebhookDelivery.objects.get()
    assert queued == [delivery.id]
    now = timezone.now()
    waits = []
    for _ in range(5):
        waits.append(notifications.attempt_delivery(delivery.id, now=now))
        if waits[-1]:
            now += timedelta(seconds=waits[-1])
    delivery.refresh_from_db()
    assert waits == [10, 20, 40, 80, None]
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("failed", 5, None)
    assert "could not be reached" in delivery.last_error


def test_private_addresses_are_refused_unless_allowed(team, make_action):
    with Receiver() as receiver:
        _endpoint(team, receiver.url)
        notifications.process(_pending_event(team.project, make_action(team.project)).pk)
        _deliver_all()
    assert receiver.requests == []
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == "failed" and "private or local address" in delivery.last_error


@pytest.mark.parametrize("url", ["ftp://example.com/x", "file:///etc/passwd", "http://u:p@example.com/", "x"])
def test_webhook_urls_must_be_http(team, url):
    from projects.services import DomainError

    with pytest.raises(DomainError) as caught:
        _endpoint(team, url)
    assert caught.value.reason == "invalid_webhook_url"


def test_only_owners_and_maintainers_configure_webhooks(team):
    from projects.services import DomainError

    with pytest.raises(DomainError):
        notifications.create_endpoint(
            actor=team.developer, workspace=team.ws, name="x", url="https://example.com/", format="generic",
            kinds=["pending"],
        )  # fmt: skip
    notifications.create_endpoint(
        actor=team.maintainer, workspace=team.ws, name="x", url="https://example.com/", format="generic",
        kinds=["pending"],
    )  # fmt: skip


def test_the_secret_is_stored_encrypted_and_never_in_a_log(team, caplog):
    import logging

    caplog.set_level(logging.DEBUG)
    endpoint, secret = _endpoint(team, "https://example.com/hook")
    stored = WebhookEndpoint.objects.get(id=endpoint.id)
    assert secret not in stored.secret_encrypted
    from projects.crypto import decrypt

    assert decrypt(stored.secret_encrypted) == secret
    logging.getLogger("brabo.test").warning("leaking %s", secret)
    assert secret not in caplog.text


def test_no_secret_and_no_output_in_a_notification(team, make_action, allow_local, mailoutbox):
    team.owner.email = "olivia@example.com"
    team.owner.save()
    command = f"curl -H 'Authorization: token {TOKEN}' https://api.example.com/x && echo " + "y" * 400
    action = make_action(team.project, command)
    action.result = {"stdout": "SECRET-OUTPUT-LINE", "stderr": "SECRET-ERR"}
    action.save()
    with Receiver() as receiver:
        _, receiver.secret = _endpoint(team, receiver.url)
        notifications.process(_pending_event(team.project, action).pk)
        _deliver_all()
    texts = [receiver.requests[0]["body"].decode(), mailoutbox[0].body, mailoutbox[0].subject]
    for text in texts:
        assert TOKEN not in text and TOKEN[:12] not in text
        assert "SECRET-OUTPUT-LINE" not in text and "SECRET-ERR" not in text
    summary = json.loads(texts[0])["action"]["summary"]
    assert "[REDACTED]" in summary and len(summary) <= notifications.SUMMARY_CHARS


def test_email_goes_to_subscribed_people_who_can_see_the_project(team, make_action, mailoutbox):
    for user, address in [(team.owner, "o@x.test"), (team.maintainer, "m@x.test"), (team.developer, "d@x.test"),
                          (team.outsider, "e@x.test")]:  # fmt: skip
        user.email = address
        user.save()
    # default: owner and maintainer hear of pending; the developer does not
    notifications.process(_pending_event(team.project, make_action(team.project)).pk)
    assert sorted(m.to[0] for m in mailoutbox) == ["m@x.test", "o@x.test"]
    assert "it waits for a person: no rule matches; a person decides." in mailoutbox[0].subject

    # the developer subscribes to decisions; the maintainer unsubscribes from everything
    notifications.set_subscription(user=team.developer, project=team.project, kinds=["decided"])
    notifications.set_subscription(user=team.maintainer, project=team.project, kinds=[])
    mailoutbox.clear()
    action = make_action(team.project, status="approved")
    event = events.record(events.ACTION_APPROVED, project_id=team.project.id, actor=Actor.of_user(team.owner),
                          action=action)  # fmt: skip
    notifications.process(event.pk)
    assert [m.to[0] for m in mailoutbox] == ["d@x.test"]
    assert "] olivia approved terminal" in mailoutbox[0].subject


def test_a_restricted_member_without_the_project_gets_nothing(team, make_action, mailoutbox):
    from projects.models import Membership

    team.maintainer.email = "m@x.test"
    team.maintainer.save()
    Membership.objects.filter(user=team.maintainer).update(restricted=True)
    notifications.process(_pending_event(team.project, make_action(team.project)).pk)
    assert "m@x.test" not in [m.to[0] for m in mailoutbox]


def test_no_cross_workspace_leak(team, make_action, allow_local, mailoutbox):
    team.outsider.email = "e@x.test"
    team.outsider.save()
    team.owner.email = "o@x.test"
    team.owner.save()
    with Receiver() as receiver:
        _, receiver.secret = _endpoint(team, receiver.url)  # Acme's webhook
        other = make_action(team.other_project, "rm -rf evil")
        notifications.process(_pending_event(team.other_project, other).pk)
        _deliver_all()
    assert receiver.requests == []  # Evil Corp's event does not reach Acme's webhook
    assert [m.to[0] for m in mailoutbox] == ["e@x.test"]  # nor Acme's owner


def test_budget_expiry_and_kinds(team, make_action, allow_local, mailoutbox):
    team.owner.email = "o@x.test"
    team.owner.save()
    with Receiver() as receiver:
        _, receiver.secret = _endpoint(team, receiver.url, kinds=["budget", "expired"])
        budget = events.record(
            events.BUDGET_THRESHOLD_CROSSED, project_id=team.project.id, actor=Actor.system(),
            payload={"scope": "workspace", "scope_id": str(team.ws.id), "threshold_percent": 80,
                     "period": "2026-11", "spent": "80.00", "limit": "100.00", "currency": "EUR"},
        )  # fmt: skip
        expiring = events.record(events.ACTION_EXPIRING_SOON, project_id=team.project.id, actor=Actor.system(),
                                 action=make_action(team.project))  # fmt: skip
        expired = events.record(events.ACTION_EXPIRED, project_id=team.project.id, actor=Actor.system(),
                                action=make_action(team.project, status="failed"),
                                payload={"reason": "approval_expired", "expired_after_seconds": 86400})  # fmt: skip
        for e in (budget, expiring, expired):
            notifications.process(e.pk)
        _deliver_all()
    types = [r["headers"]["X-Brabo-Event"] for r in receiver.requests]
    assert sorted(types) == ["budget.threshold_crossed", "proposed_action.expired"]  # not expiring_soon
    budget_body = json.loads(receiver.requests[types.index("budget.threshold_crossed")]["body"])
    assert budget_body["data"]["threshold_percent"] == 80 and budget_body["data"]["spent"] == "80.00"
    assert budget_body["action"] is None
    # the owner's default is pending + budget
    assert len(mailoutbox) == 1 and "crossed 80 %" in mailoutbox[0].subject


def test_an_event_is_handed_out_once(team, make_action, allow_local, mailoutbox):
    team.owner.email = "o@x.test"
    team.owner.save()
    event = _pending_event(team.project, make_action(team.project))
    assert notifications.process(event.pk) is not None
    assert notifications.process(event.pk) is None  # a redelivered message or the sweep
    assert len(mailoutbox) == 1


def test_recording_a_notifying_event_enqueues_after_commit_and_never_fails_the_caller(
    team, make_action, monkeypatch, settings, django_capture_on_commit_callbacks
):
    settings.BRABO_CELERY_DIRECT_PUBLISH = (
        False  # through Celery's Task.delay (brabo/celery_wire.py: the other)
    )
    sent = []

    def broken_delay(event_id):
        sent.append(event_id)
        raise ConnectionError("broker down")

    monkeypatch.setattr(notifications.notify_event, "delay", broken_delay)
    with django_capture_on_commit_callbacks(execute=True):
        event = _pending_event(team.project, make_action(team.project))
        events.record("action.executed", project_id=team.project.id, actor=Actor.system())
        assert sent == []  # not before the commit
    assert sent == [event.pk]  # only the notifying one; the broker error did not reach the caller


def test_the_sweep_hands_out_events_nobody_claimed(team, make_action, monkeypatch):
    sent: list[int] = []
    monkeypatch.setattr(notifications, "enqueue", sent.append)
    event = _pending_event(team.project, make_action(team.project))
    handled = _pending_event(team.project, make_action(team.project))
    EventNotification.objects.create(event=handled)
    notifications.sweep(now=timezone.now())
    assert sent == []  # too young: its own message may still be on its way
    notifications.sweep(now=timezone.now() + timedelta(minutes=2))
    assert sent == [event.pk]
    assert SessionEvent.objects.filter(pk=event.pk).exists()
    assert NotificationSubscription.objects.count() == 0


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_an_approval_reaches_the_receiver_through_the_real_worker(worker_dirs, team, make_action):
    """End to end: the event commits, announce enqueues, the Celery worker signs and posts."""
    import time

    from actions import services

    with Receiver() as receiver:
        _, receiver.secret = _endpoint(team, receiver.url, kinds=["decided"])
        action = make_action(team.project, "echo ok")
        services.approve_action(action_id=action.id, actor=team.owner)
        deadline = time.monotonic() + 60
        delivered = WebhookDelivery.objects.filter(status="delivered")
        while not delivered.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
    assert receiver.requests, worker_dirs.log_text()[-3000:]
    request = receiver.requests[0]
    assert request["valid"] and request["headers"]["X-Brabo-Event"] == "proposed_action.approved"
    assert json.loads(request["body"])["action"]["status"] == "approved"
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == "delivered" and delivery.attempts == 1
    assert EventNotification.objects.filter(event_id=delivery.event_id).exists()
