"""The keyed hash of what says what an action runs (actions.binding), taken for the actions not yet settled as
they are now, so the worker keeps running them; later rewrites of their rows then fail them closed as they do new
ones. (Settled rows keep "": the worker never claims them again.)"""

import json

from django.db import migrations, models
from django.utils.crypto import salted_hmac

SALT = "brabo.actions.binding"  # actions.binding.SALT as of this migration
LIVE = ("pending", "approved", "auto_approved", "executing")


def _key(value):
    return None if value is None else str(value)


def _binding(action) -> str:
    message = json.dumps(
        {
            "id": _key(action.id),
            "project": _key(action.project_id),
            "action_type": action.action_type,
            "agent": _key(action.agent_id),
            "proposer": _key(action.proposer_principal_id),
            "proposed_by_user": _key(action.proposed_by_user_id),
            "payload_hash": action.payload_hash,
            "merge_pr": action.merge_pr,
            "target": action.target,
        },
        sort_keys=True,
        separators=(",", ":"),
    )
    return salted_hmac(SALT, message, algorithm="sha256").hexdigest()


def bind_live_actions(apps, schema_editor):
    ProposedAction = apps.get_model("actions", "ProposedAction")
    for action in ProposedAction.objects.filter(status__in=LIVE).iterator():
        ProposedAction.objects.filter(pk=action.pk).update(binding=_binding(action))


class Migration(migrations.Migration):
    dependencies = [("actions", "0016_action_target")]

    operations = [
        migrations.AddField(
            model_name="proposedaction",
            name="binding",
            field=models.CharField(blank=True, default="", editable=False, max_length=64),
        ),
        migrations.RunPython(bind_live_actions, migrations.RunPython.noop),
    ]
