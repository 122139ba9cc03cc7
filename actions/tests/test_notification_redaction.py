"""Notifications carry no secret typed in a command or a denial reason.

The agent proposes through the real API; the notification goes out through the real path (``process``,
a webhook delivery to a local receiver in the generic and the Slack format, an e-mail through the locmem
backend). Each secret form the attacker's pass used, and the class around it: URL userinfo, secret-named
assignments, secret-bearing options, known token formats, high-entropy values.
"""

from __future__ import annotations

import json

import pytest

from actions import notifications
from actions.models import SessionEvent, WebhookDelivery
from actions.tests.test_notifications import Receiver
from brabo.redaction import REDACTED, redact_outbound, redact_text

pytestmark = pytest.mark.django_db

PW = "Tr0ub4dor3xQ"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
ANTHROPIC = "sk-ant-api03-" + "Zx9" * 12
HIGH_ENTROPY = "9fK2xQ7LmZ4pR8sT1vW3yB6nC0dE5gHj"
JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ."
    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)

# (command, the secret it carries)
CASES = [
    (f"psql postgres://app:{PW}@db.internal:5432/app -c 'select 1'", PW),
    (f"git clone https://x-access-token:{PW}@git.example.com/o/r.git", PW),
    (f"git clone https://{HIGH_ENTROPY}@github.com/o/r.git", HIGH_ENTROPY),
    (f"PGPASSWORD={PW} psql -h db -U app", PW),
    (f"PGPASSWORD='{PW} with spaces' psql -h db", PW),
    (f"AWS_SECRET_ACCESS_KEY={AWS_SECRET} aws s3 ls", AWS_SECRET),
    (f"export DB_PASS={PW}; ./migrate", PW),
    (f"mysql -uroot -p{PW} app < dump.sql", PW),
    (f"mysqldump --user=root --password={PW} app", PW),
    (f"./deploy --db-password {PW} --env prod", PW),
    (f"terraform apply -var client_secret={PW}", PW),
    (f"sshpass -p {PW} ssh deploy@host", PW),
    (f"redis-cli -a {PW} PING", PW),
    (f"curl -u admin:{PW} https://api.example.com/x", PW),
    (f"curl -H 'x-api-key: {ANTHROPIC}' https://api.anthropic.com/v1/messages", ANTHROPIC),
    (f"echo {ANTHROPIC} | tool login", ANTHROPIC),
    ("echo AKIAIOSFODNN7EXAMPLE > creds", "AKIAIOSFODNN7EXAMPLE"),
    ("notify xoxb-123456789012-abcdefghijklmnop", "xoxb-123456789012-abcdefghijklmnop"),
    (
        "gh auth login --with-token ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6",
        "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6",
    ),
    (f"curl -H 'Authorization: Bearer {JWT}' https://x", JWT),
    (f"http POST https://x token=={JWT}", JWT),
    (f"echo {HIGH_ENTROPY} > .key", HIGH_ENTROPY),
    ("printf '-----BEGIN RSA PRIVATE KEY-----\\nMIIEowIBAAKCAQEA7Zq\\n' > id_rsa", "MIIEowIBAAKCAQEA7Zq"),
]


@pytest.fixture
def allow_local(settings):
    settings.BRABO_WEBHOOK_ALLOW_PRIVATE = True


def _notify(team, event, mailoutbox):
    """Everything that left Brabo for ``event``: generic and Slack webhook bodies, e-mail subjects and bodies."""
    mailoutbox.clear()
    with Receiver() as receiver:
        for name, fmt in (("ops", "generic"), ("chat", "slack")):
            notifications.create_endpoint(
                actor=team.owner,
                workspace=team.ws,
                name=name,
                url=receiver.url,
                format=fmt,
                kinds=["pending", "decided"],
            )
        notifications.process(event.pk)
        for d in WebhookDelivery.objects.filter(status="pending"):
            notifications.attempt_delivery(d.id)
    assert len(receiver.requests) == 2 and mailoutbox
    return [r["body"].decode() for r in receiver.requests] + [m.subject + "\n" + m.body for m in mailoutbox]


@pytest.fixture
def people_with_mail(team):
    team.owner.email = "olivia@example.com"
    team.owner.save()
    notifications.set_subscription(user=team.owner, project=team.project, kinds=["pending", "decided"])


@pytest.mark.parametrize("command,secret", CASES, ids=[c[0][:32] for c in CASES])
def test_no_secret_typed_in_a_command_leaves_in_a_notification(
    team, allow_local, people_with_mail, mailoutbox, command, secret
):
    agent = team.world.client(agent_key=team.agent_key)
    proposed = agent.post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": command}}, format="json"
    )
    assert proposed.status_code == 201 and proposed.json()["status"] == "pending", proposed.json()
    event = SessionEvent.objects.get(action_id=proposed.json()["id"], type="proposed_action.created")
    texts = _notify(team, event, mailoutbox)
    for text in texts:
        assert secret not in text
        assert secret[:10] not in text, text
    (generic,) = [json.loads(t) for t in texts[:2] if "blocks" not in json.loads(t)]  # not the Slack body
    assert REDACTED in generic["action"]["summary"]


def test_a_denial_reason_is_redacted_too(team, allow_local, people_with_mail, mailoutbox):
    agent = team.world.client(agent_key=team.agent_key)
    action_id = agent.post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": "make deploy"}}, format="json"
    ).json()["id"]
    reason = f"use PGPASSWORD={PW} instead, or postgres://app:{PW}@db/app"
    denied = team.world.client(team.owner).post(
        f"/api/actions/{action_id}/deny/", {"reason": reason}, format="json"
    )
    assert denied.status_code == 200
    event = SessionEvent.objects.get(action_id=action_id, type="proposed_action.denied")
    for text in _notify(team, event, mailoutbox):
        assert PW not in text and PW[:10] not in text


@pytest.mark.parametrize(
    "command",
    [
        "pnpm test --filter @app/web -- --run",
        "git push origin feature/login-page",
        "ls /usr/local/lib/python3.11/site-packages",
        "docker login --password-stdin registry.example.com",
        "mysql -p appdb",
        "BYPASS_CACHE=1 make build",
        "git clone ssh://git@github.com/o/r.git",
    ],
)
def test_ordinary_commands_keep_their_words(command):
    """The detector is for secrets: the words a person needs to recognise the action stay."""
    assert redact_outbound(command) == command


def test_the_log_filter_also_knows_the_new_token_formats_and_url_passwords():
    """The cheap shapes are shared with every log line; the costly detector is not (it runs per
    notification only)."""
    for text, secret in [
        (f"fatal: unable to access 'https://bob:{PW}@git.example.com/r.git/'", PW),
        (f"key {ANTHROPIC}", ANTHROPIC),
        ("id AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"),
    ]:
        assert secret not in redact_text(text)


def test_a_long_hostile_text_is_scanned_in_bounded_time_and_keeps_nothing_past_the_cut():
    """Only the first KiB is scanned, cut at a space: a secret straddling the cut is dropped whole."""
    text = "echo " + "word " * 203 + PW * 4
    out = redact_outbound(text)
    assert PW[:6] not in out and out.endswith("…")
    assert "password" * 10 not in redact_outbound("password" * 5000)


def test_the_consoles_sentence_is_redacted_before_it_is_cut(team, allow_local, people_with_mail, mailoutbox):
    """Notifications read the console's sentence, which cuts a command at 80 characters; a secret
    across that cut leaves no slice (the texts are redacted whole first)."""
    command = "x" * 55 + f" echo {HIGH_ENTROPY} > .key"
    agent = team.world.client(agent_key=team.agent_key)
    proposed = agent.post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": command}}, format="json"
    )
    event = SessionEvent.objects.get(action_id=proposed.json()["id"], type="proposed_action.created")
    texts = _notify(team, event, mailoutbox)
    assert all(HIGH_ENTROPY[:10] not in t for t in texts), texts
    assert any("it waits for a person" in t for t in texts)


def test_an_approval_message_and_an_answer_are_redacted_too(team, allow_local, people_with_mail, mailoutbox):
    agent = team.world.client(agent_key=team.agent_key)
    owner = team.world.client(team.owner)
    qid = agent.post(
        "/api/actions/", {"action_type": "ask_human", "payload": {"question": "DB password?"}}, format="json"
    ).json()["id"]
    assert (
        owner.post(f"/api/actions/{qid}/answer/", {"answer": f"PGPASSWORD={PW}"}, format="json").status_code
        == 200
    )
    answered = SessionEvent.objects.get(action_id=qid, type="proposed_action.answered")
    texts = _notify(team, answered, mailoutbox)
    assert all(PW not in t and PW[:10] not in t for t in texts)
    assert any("olivia answered “DB password?”" in t for t in texts), texts
