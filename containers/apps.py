from celery.signals import worker_ready
from django.apps import AppConfig

from brabo import startup

# What runs on a host, in a sandbox or in a container: offered to actions' executor port (issue 15).
EXECUTORS = {
    "terminal": "containers.terminal:run_terminal",
    # on the runner's machine in a runner project, here otherwise (containers/repo_work.py)
    "git_commit": "containers.repo_work:git_commit",
    "write_file": "containers.repo_work:write_file",
    "git_push": "containers.repo_work:git_push",
    "container_start": "containers.lifecycle:container_start",
    "container_stop": "containers.lifecycle:container_stop",
    "container_remove": "containers.lifecycle:container_remove",
}


class ContainersConfig(AppConfig):
    name = "containers"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # App-registry timing: actions' modules import models, so they load once the registry is ready.
        from actions import ports
        from actions.console.urls import add_page
        from actions.executors import register

        from . import bwrap, console, git_local, lifecycle

        for action_type, target in EXECUTORS.items():
            register(action_type, target)
        ports.install_container_running(lifecycle.container_running, lifecycle.container_running_sql)
        ports.install_push_preview(git_local.push_preview)  # issue 25: the approval card's commits and files
        # R9.7: a worker proves at start that a sandboxed command holds no privilege here (containers know the
        # sandbox; brabo's Celery app stays below them in the layer order).
        worker_ready.connect(bwrap.probe_at_worker_start, weak=False, dispatch_uid="brabo-sandbox-probe")
        startup.register(bwrap.startup_check)
        add_page("keys/runners/<uuid:runner_id>/rotate/", console.runner_rotate, "runner-rotate")
