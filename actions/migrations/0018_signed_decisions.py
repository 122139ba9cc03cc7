"""The decision signed with the action (actions.binding.seal_of), and an auto-approval's policy fingerprint
(actions.policy_recheck). Actions runnable or running when this runs are signed as decided now -- approved by
their decided_by with the approvals that count, or auto-approved -- so the worker keeps running them; they carry
no policy fingerprint (it was not taken when they were decided), so the policy is not decided again for them.
Later edits of their decision then fail them closed as they do new ones. Pending and settled rows carry no
decision. Reversed, the two columns go (nothing else was changed)."""

import json

from django.db import migrations, models
from django.utils.crypto import salted_hmac

DECISION_SALT = "brabo.actions.decision"  # actions.binding.DECISION_SALT as of this migration
DECIDED = ("approved", "auto_approved", "executing")


def _seal(action, status, approvers) -> str:
    message = json.dumps(
        {
            "id": str(action.id),
            "binding": action.binding,
            "status": status,
            "decided_by": None if action.decided_by_id is None else str(action.decided_by_id),
            "approvers": sorted(str(a) for a in approvers),
            "policy": "",
        },
        sort_keys=True,
        separators=(",", ":"),
    )
    return salted_hmac(DECISION_SALT, message, algorithm="sha256").hexdigest()


def sign_decided_actions(apps, schema_editor):
    ProposedAction = apps.get_model("actions", "ProposedAction")
    ActionApproval = apps.get_model("actions", "ActionApproval")
    for action in ProposedAction.objects.filter(status__in=DECIDED).iterator():
        # the status a worker claims it from (an executing row goes back to it when its claim is released)
        status = "approved" if action.decided_by_id else "auto_approved"
        approvers = (
            ActionApproval.objects.filter(action_id=action.pk, counted=True).values_list("approver_id", flat=True)
            if status == "approved"
            else []
        )
        ProposedAction.objects.filter(pk=action.pk).update(decision_seal=_seal(action, status, list(approvers)))


class Migration(migrations.Migration):
    dependencies = [("actions", "0017_action_binding")]

    operations = [
        migrations.AddField(
            model_name="proposedaction",
            name="policy_fingerprint",
            field=models.CharField(blank=True, default="", editable=False, max_length=64),
        ),
        migrations.AddField(
            model_name="proposedaction",
            name="decision_seal",
            field=models.CharField(blank=True, default="", editable=False, max_length=64),
        ),
        migrations.RunPython(sign_decided_actions, migrations.RunPython.noop),
    ]
