"""Where an action acts, frozen with it (actions.targets). Actions not yet settled get the target their project
has now, so the worker keeps running them (an empty target would read as "changed" for the types that have
one); later changes of the project then hold them back as they do new ones."""

from django.db import migrations, models

# actions.targets as of this migration: the provider's types, and which of them act on the repository
PROVIDER_TYPES = (
    "pr_open",
    "open_adr_pr",
    "open_infra_pr",
    "git_merge",
    "git_branch_create",
    "git_branch_protect",
    "git_repo_create",
)
# the types containers runs (brabo.wiring.EXECUTORS as of this migration): they act where the project runs work
RUN_ELSEWHERE = (
    "terminal",
    "git_commit",
    "write_file",
    "git_push",
    "container_start",
    "container_stop",
    "container_remove",
)
LIVE = ("pending", "approved", "auto_approved", "executing")


def _place(project) -> dict:
    if project.execution_mode == "local":
        root = project.local_path
    elif project.execution_mode == "mounted":
        root = project.mounted_subdir or project.workspace_dir_name
    else:
        root = project.workspace_dir_name
    return {"execution_mode": project.execution_mode, "root": root}


def _target(action, providers) -> dict:
    project = action.project
    if action.action_type in RUN_ELSEWHERE:
        place = _place(project)
        if action.action_type == "git_push":
            place["git_remote_url"] = project.git_remote_url
        return place
    kind, base_url = providers.get(project.workspace_id, ("", ""))
    target = {"provider_kind": kind, "provider_base_url": base_url}
    if action.action_type != "git_repo_create":
        target["repository"] = project.repository
    payload = action.payload if isinstance(action.payload, dict) else {}
    if action.action_type == "git_branch_create" and not payload.get("from"):
        target["default_branch"] = project.default_branch
    return target


def freeze_live_targets(apps, schema_editor):
    ProposedAction = apps.get_model("actions", "ProposedAction")
    WorkspaceCredentials = apps.get_model("projects", "WorkspaceCredentials")
    providers = {
        ws: (kind, base_url)
        for ws, kind, base_url in WorkspaceCredentials.objects.values_list(
            "workspace_id", "provider_kind", "provider_base_url"
        )
    }
    live = ProposedAction.objects.filter(
        status__in=LIVE, action_type__in=(*PROVIDER_TYPES, *RUN_ELSEWHERE)
    ).select_related("project")
    for action in live.iterator():
        ProposedAction.objects.filter(pk=action.pk).update(target=_target(action, providers))


class Migration(migrations.Migration):
    dependencies = [
        ("actions", "0015_slack_team_claims"),
        ("projects", "0013_push_remote_set_by"),
    ]

    operations = [
        migrations.AddField(
            model_name="proposedaction",
            name="target",
            field=models.JSONField(blank=True, default=dict, editable=False),
        ),
        migrations.RunPython(freeze_live_targets, migrations.RunPython.noop),
    ]
