"""`manage.py seed_demo` — a demo workspace, project and agent for `make run`; prints how to log in.

Idempotent: running it again keeps the data and issues a fresh demo agent key (keys are stored hashed,
so the old one cannot be shown again).
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from projects import services
from projects.models import Agent, Membership, Project, Workspace

DEMO_USER = "admin"
DEMO_PASSWORD = "brabo-demo"


class Command(BaseCommand):
    help = "Seed a demo workspace/project/agent and print the admin URL, login and a demo agent key."

    def add_arguments(self, parser):
        parser.add_argument("--base-url", default="http://127.0.0.1:8000")

    @transaction.atomic
    def handle(self, *args, base_url, **options):
        User = get_user_model()
        user, created = User.objects.get_or_create(
            username=DEMO_USER, defaults={"is_staff": True, "is_superuser": True}
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        ws = Workspace.objects.filter(owner=user, name="Demo").first() or services.create_workspace(
            actor=user, name="Demo"
        )
        project = Project.objects.filter(workspace=ws, name="demo-app").first() or services.create_project(
            actor=user, workspace=ws, name="demo-app", execution_mode="container"
        )
        principal = Membership.objects.get(workspace=ws, user=user)
        agent = Agent.objects.filter(project=project, name="dev-api").first()
        key, key_hash = Agent.new_key()
        if agent is None:
            agent, key = services.create_agent(
                actor=user, project=project, name="dev-api", principal=principal, kind="claude_code"
            )
        else:
            Agent.objects.filter(pk=agent.pk).update(key_hash=key_hash, revoked_at=None)
        self.stdout.write(
            "\n".join(
                [
                    "",
                    "Brabo is ready.",
                    f"  Admin (approval console): {base_url}/admin/",
                    f"  Login:                    {DEMO_USER} / {DEMO_PASSWORD}"
                    + ("" if created else "  (unchanged if you set another password)"),
                    f"  API docs:                 {base_url}/api/docs/",
                    f"  Demo project:             {project.name} (id {project.id})",
                    f"  Demo agent key (dev-api): {key}",
                    "",
                    "  Try:  curl -s -X POST " + base_url + "/api/actions/ \\",
                    f"          -H 'Authorization: Bearer {key}' -H 'Content-Type: application/json' \\",
                    """          -d '{"action_type": "terminal", "payload": {"command": "git status"}}'""",
                    "",
                ]
            )
        )
