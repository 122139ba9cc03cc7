"""Without a broker, approval never runs the action on the request thread. The serving process's
in-process worker (actions.inprocess) claims it on commit and runs it in the background; the approval answers
``executing`` at once, and the action settles later with its output."""

from __future__ import annotations

import asyncio
import os
import socket
import threading
from http.server import BaseHTTPRequestHandler

import pytest
from aiosmtpd.controller import Controller

from actions import execution, inprocess, notifications, slack
from actions.enqueue import relay_due
from actions.models import EventNotification, ProposedAction, SlackInstallation, SlackMessage, WebhookDelivery
from actions.tests.fake_slack import FakeSlack
from actions.tests.slack_requests import SECRET, bound, click, connect
from tests.loopback import LoopbackServer

pytestmark = pytest.mark.django_db(transaction=True)

# A command that runs until the test lets it finish (the file `go` appears). Its own bound (1,200 ticks of at
# least 0.1 s) only ends a stray one after a broken test: every test creates `go`, so a busy machine's slow
# steps never see it finish by itself (at 200 ticks one could, and an approval then answered otherwise).
HELD = "i=0; while [ ! -e go ] && [ $i -lt 1200 ]; do sleep 0.1; i=$((i+1)); done; echo finished after $i"


@pytest.fixture
def sandbox():
    from containers.bwrap import bwrap_path

    if bwrap_path() is None:
        reason = "bubblewrap (bwrap) is not installed: apt-get install bubblewrap"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.fixture
def local_project(team, local_base):
    root = local_base / "app"
    root.mkdir()
    project = team.world.project(team.ws, "local-app", execution_mode="local", local_path=str(root))
    agent, key = team.world.agent(project, team.maintainer, "dev-local")
    return project, key, root


def _propose(team, key, command):
    response = team.world.client(agent_key=key).post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": command}}, format="json"
    )
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "pending", response.json()
    return response.json()["id"]


def _approve(team, action_id):
    response = team.world.client(team.maintainer).post(f"/api/actions/{action_id}/approve/")
    assert response.status_code == 200, response.content
    return response.json()


def test_approve_answers_executing_while_the_command_still_runs(
    team, local_project, sandbox, in_process_worker
):
    project, key, root = local_project
    action_id = _propose(team, key, HELD)

    answer = _approve(team, action_id)

    # the command cannot have finished (nothing created `go`): the answer came back while it runs elsewhere
    assert (answer["status"], answer["result"]) == ("executing", None)
    assert ProposedAction.objects.get(id=action_id).status == "executing"
    (root / "go").touch()
    assert in_process_worker.drain()
    action = ProposedAction.objects.get(id=action_id)
    assert action.status == "executed" and action.result is not None
    assert action.result["exit_code"] == 0 and action.result["stdout"].startswith("finished after")


def test_approve_of_a_type_brabo_only_records_hands_it_to_the_worker_and_settles(team, in_process_worker):
    response = team.world.client(agent_key=team.agent_key).post(
        "/api/actions/", {"action_type": "parallelize", "payload": {"count": 2}}, format="json"
    )
    assert response.status_code == 201, response.content
    action_id = response.json()["id"]

    # handed to the worker's thread, which may have recorded it already when the answer is read back
    assert _approve(team, action_id)["status"] in ("executing", "executed")
    assert in_process_worker.drain()
    assert ProposedAction.objects.get(id=action_id).status == "executed"


def test_a_full_worker_leaves_the_approval_due_and_the_sweep_sends_it(team, local_project, sandbox, settings):
    """Bounded: one thread and no backlog. The second approval is answered `approved` (not run on the request
    either); it stays due in the outbox and the periodic sweep hands it over once the thread is free."""
    project, key, root = local_project
    settings.CELERY_BROKER_URL = ""  # the server without a broker
    worker = inprocess.start(threads=1, backlog=0)
    try:
        first = _propose(team, key, HELD)
        second = _propose(team, key, "echo second")
        assert _approve(team, first)["status"] == "executing"
        answer = _approve(team, second)
        assert answer["status"] == "approved"
        assert ProposedAction.objects.get(id=second).dispatch_due is True

        (root / "go").touch()
        assert worker.drain()
        assert relay_due() == 1
        assert worker.drain()
        outcome = {
            a.id.hex: (a.status, a.result and a.result["stdout"]) for a in ProposedAction.objects.all()
        }
        assert outcome[second.replace("-", "")] == ("executed", "second\n")
    finally:
        (root / "go").touch()
        worker.drain()
        inprocess.stop()


def test_stopping_hands_back_what_was_claimed_but_not_started(team, make_action):
    """A stop between the claim and the run: the action is runnable and due again, its attempt not counted,
    so the next start runs it once (the claim is the real worker's, status-guarded)."""
    action = make_action(team.project, "parallelize", {"count": 2}, decided_by=team.maintainer)
    claimed = execution.claim(action.id)
    assert claimed is not None and execution.claim(action.id) is None  # one claim or nobody
    assert execution.release_unstarted(claimed)
    action.refresh_from_db()
    assert (action.status, action.dispatch_due, action.attempts) == ("approved", True, 0)


def test_the_worker_is_refused_with_a_broker(settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    with pytest.raises(RuntimeError, match="Celery worker runs the actions"):
        inprocess.start()
    assert inprocess.current() is None


def test_an_action_reaped_while_it_waited_for_a_thread_is_not_run(team, local_project, sandbox, settings):
    """One thread busy, the second action claimed and waiting: the reaper fails it meanwhile (its worker looks
    lost). When the thread frees, it must not run the command the action's page already says failed."""
    project, key, root = local_project
    settings.CELERY_BROKER_URL = ""  # the server without a broker
    worker = inprocess.start(threads=1, backlog=1)
    try:
        first = _propose(team, key, HELD)
        second = _propose(team, key, "touch ran")
        assert _approve(team, first)["status"] == "executing"
        assert _approve(team, second)["status"] == "executing"  # claimed, waiting for the thread
        assert execution.reap_stuck_actions(older_than=-1) == 2  # both look stuck to an impatient reaper
        (root / "go").touch()
        assert worker.drain()
        assert not (root / "ran").exists()
        lost = ProposedAction.objects.get(id=second).result
        assert lost is not None and lost["error"]["code"] == "worker_lost"
    finally:
        (root / "go").touch()
        worker.drain()
        inprocess.stop()


def test_the_serve_command_s_port_starts_and_stops_the_worker(settings):
    """`manage.py serve` without a broker starts what the apps registered (actions: this worker) and stops it."""
    from brabo import startup

    settings.CELERY_BROKER_URL = ""
    startup.start_in_process_services()
    try:
        assert inprocess.current() is not None
    finally:
        startup.stop_in_process_services()
    assert inprocess.current() is None


# -- notifications: a click never waits on a receiver ---------------------------------------------------------

# The held fakes below answer once the test releases them, or after this long if nobody does (a bound for a
# broken run, not a measure: on the request thread, that hold would be the click's wait).
HOLD = 30.0


class HeldReceiver(LoopbackServer):
    """A webhook receiver that takes each POST and answers 200 only once ``release`` is set."""

    def __init__(self):
        self.release = threading.Event()
        self.answered = threading.Event()
        self.events: list[str] = []
        self._serve()

    def _handler(self):
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers["Content-Length"]))
                receiver.release.wait(HOLD)
                receiver.events.append(self.headers["X-Brabo-Event"])
                receiver.answered.set()
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        return Handler

    @property
    def url(self) -> str:
        return f"http://{self.address}/hook"


class HeldInbox:
    """An SMTP server's (aiosmtpd) handler that accepts each message only once ``release`` is set."""

    def __init__(self):
        self.release = threading.Event()
        self.answered = threading.Event()
        self.rcpts: list[str] = []

    async def handle_DATA(self, server, session, envelope):
        await asyncio.get_running_loop().run_in_executor(None, self.release.wait, HOLD)
        self.rcpts += envelope.rcpt_tos
        self.answered.set()
        return "250 OK"


@pytest.fixture
def held_inbox(settings):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    inbox = HeldInbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    try:
        yield inbox
    finally:
        inbox.release.set()
        controller.stop()


SLACK_SECRET = SECRET


@pytest.fixture
def held_slack(team, settings, in_process_worker):
    """The workspace's Slack approvals, against a local fake of Slack's Web API that holds every call."""
    with FakeSlack("xoxb-1111-2222-abcdefABCDEF") as fake:
        fake.hold, fake.hold_for = threading.Event(), HOLD
        settings.BRABO_SLACK_TIMEOUT = 3 * HOLD  # the client never gives up first
        settings.BRABO_SLACK_API_URL = fake.api_url
        settings.BRABO_SLACK_RESPONSE_URL_PREFIX = fake.respond_prefix
        fake.hold.set()  # Slack vouches for the team (auth.test) before anything is held
        connect(team.owner, team.ws, token=fake.token, secret=SLACK_SECRET)
        assert in_process_worker.drain()
        assert SlackInstallation.objects.get(workspace=team.ws).verified_at is not None
        fake.calls.clear()
        fake.hold = threading.Event()
        try:
            yield fake
        finally:
            fake.hold.set()


def test_a_click_never_waits_on_an_email_a_webhook_or_slack(
    team, in_process_worker, held_inbox, held_slack, settings
):
    """Without a broker the notifications of a proposal and of its approval (the e-mails to the subscribed
    people, the workspace's webhook, its Slack approval message) go out on the in-process worker's own
    thread: both answers come back while the mail server, the receiver and Slack still hold their first
    message, and everything arrives once they answer."""
    settings.BRABO_WEBHOOK_ALLOW_PRIVATE = True
    settings.EMAIL_TIMEOUT = settings.BRABO_WEBHOOK_TIMEOUT = 3 * HOLD  # the client never gives up first
    for user, address in ((team.owner, "olivia@acme.test"), (team.maintainer, "max@acme.test")):
        user.email = address
        user.save(update_fields=["email"])
    with HeldReceiver() as receiver:
        notifications.create_endpoint(
            actor=team.owner, workspace=team.ws, name="ops", url=receiver.url, format="generic",
            kinds=["pending", "decided"],
        )  # fmt: skip
        response = team.world.client(agent_key=team.agent_key).post(
            "/api/actions/", {"action_type": "parallelize", "payload": {"count": 2}}, format="json"
        )
        assert response.status_code == 201 and response.json()["status"] == "pending", response.content
        assert not held_inbox.answered.is_set() and not receiver.answered.is_set() and not held_slack.calls

        action_id = response.json()["id"]
        # (the approval's execution runs on the worker too and may already be done: what this asserts is that
        # the answer came back while every notification is still held)
        assert _approve(team, action_id)["status"] in ("executing", "executed")
        assert not held_inbox.answered.is_set() and not receiver.answered.is_set() and not held_slack.calls

        held_inbox.release.set()
        receiver.release.set()
        assert held_slack.hold is not None
        held_slack.hold.set()
        assert in_process_worker.drain()

    assert sorted(receiver.events) == ["proposed_action.approved", "proposed_action.created"]
    assert set(WebhookDelivery.objects.values_list("status", flat=True)) == {"delivered"}
    assert EventNotification.objects.count() == 2
    assert "olivia@acme.test" in held_inbox.rcpts and "max@acme.test" in held_inbox.rcpts
    assert ProposedAction.objects.get(id=action_id).status == "executed"
    # Slack: the approval message was posted, then updated with the decision (once more when the post itself,
    # held until after the approval, found the action decided)
    methods = [c["method"] for c in held_slack.calls]
    assert methods[0] == "chat.postMessage" and set(methods[1:]) == {"chat.update"}
    assert SlackMessage.objects.get(action_id=action_id).status == "posted"


def _slack_click(fake, user_id, button, value):
    value = bound(value) if button in slack.BUTTONS else value
    response = click(user_id, button, value, response_url=fake.respond_prefix, secret=SLACK_SECRET)
    assert response.status_code == 200, response.content
    return response


def test_a_click_in_slack_never_waits_on_slack(team, in_process_worker, held_slack):
    """Slack's own sends that follow a person's act (the link's direct message, the answer to a click on its
    response_url, the message's update after a decision) go out on the in-process worker's thread too: each
    act is answered while Slack still holds every call, and all of them arrive once it answers."""
    link = slack.start_link(actor=team.maintainer, workspace=team.ws, slack_user_id="U0MAX")
    _slack_click(held_slack, "U0MAX", slack.LINK_CONFIRM, link.id)
    response = team.world.client(agent_key=team.agent_key).post(
        "/api/actions/", {"action_type": "parallelize", "payload": {"count": 2}}, format="json"
    )
    assert response.status_code == 201 and response.json()["status"] == "pending", response.content
    action_id = response.json()["id"]
    _slack_click(held_slack, "U0MAX", slack.APPROVE, action_id)
    assert held_slack.calls == [] and held_slack.responses == []  # nothing was answered on a click's thread

    assert held_slack.hold is not None
    held_slack.hold.set()
    assert in_process_worker.drain()
    assert ProposedAction.objects.get(id=action_id).status == "executed"
    direct, posted = held_slack.of("chat.postMessage")[:2]
    assert direct["args"]["channel"] == "U0MAX" and posted["args"]["channel"] == "#approvals"
    assert held_slack.of("chat.update")  # the approval message now shows the decision
    answers = sorted(r["body"]["text"] for r in held_slack.responses)
    assert answers[0] == "Approved." and answers[1].startswith("Linked:"), answers


def test_a_full_task_backlog_leaves_the_notification_to_its_sweep(team, settings, monkeypatch):
    """Bounded: a worker that takes no more tasks refuses; ``notifications.enqueue`` never raises to the
    caller, and the event stays unclaimed, so the sweep hands it out later."""
    settings.CELERY_BROKER_URL = ""
    monkeypatch.setattr(inprocess, "TASK_BACKLOG", 0)
    worker = inprocess.start(threads=1, backlog=0)
    try:
        response = team.world.client(agent_key=team.agent_key).post(
            "/api/actions/", {"action_type": "parallelize", "payload": {"count": 2}}, format="json"
        )
        assert response.status_code == 201, response.content
        assert worker.drain()
        assert EventNotification.objects.count() == 0  # not sent, not lost: the sweep's to send
        with pytest.raises(inprocess.Full):
            worker.run_task(notifications.notify_event, (1,))
    finally:
        inprocess.stop()
