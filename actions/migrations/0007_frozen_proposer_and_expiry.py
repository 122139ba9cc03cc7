# a pending action's proposer principal and expiry are frozen at proposal.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def freeze_pending(apps, schema_editor):
    """Pending actions proposed before this migration get what their proposal would have recorded: the
    project's expiry as it stands and the proposer (the person, or the agent's principal now).

    On PostgreSQL the foreign-key checks are made at each statement's end here, not at commit: the second
    and third UPDATE touch rows the first one wrote in this transaction, so PostgreSQL queues their
    DEFERRABLE INITIALLY DEFERRED checks (project, agent, task ...), and the index Django creates at this
    migration's end then refuses a table "with pending trigger events". Checked at once, nothing is left
    pending; the rows and the schema end as before."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    ProposedAction = apps.get_model("actions", "ProposedAction")
    Project = apps.get_model("projects", "Project")
    Agent = apps.get_model("projects", "Agent")
    pending = ProposedAction.objects.filter(status="pending")
    pending.update(
        expiry_seconds=Subquery(
            Project.objects.filter(pk=OuterRef("project_id")).values("pending_expiry_seconds")[:1]
        )
    )
    pending.filter(proposed_by_user__isnull=False).update(proposer_principal=models.F("proposed_by_user"))
    pending.filter(agent__isnull=False).update(
        proposer_principal=Subquery(
            Agent.objects.filter(pk=OuterRef("agent_id")).values("principal__user_id")[:1]
        )
    )


class Migration(migrations.Migration):
    dependencies = [
        ("actions", "0006_notifications_webhooks_subscriptions"),
        ("projects", "0009_pending_expiry_per_project"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="proposedaction",
            name="expiry_seconds",
            field=models.PositiveIntegerField(default=86400),
        ),
        migrations.AddField(
            model_name="proposedaction",
            name="proposer_principal",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.RunPython(freeze_pending, migrations.RunPython.noop),
    ]
