"""The composition root: every port and registry the apps leave open is filled here, once, at start.

The apps depend downward only (brabo ← permissions ← projects ← actions ← containers, tests/test_import_graph.py):
a lower app defines a small port (a setter, a registry) and knows nothing of who plugs into it. This module
is the one place that knows both sides, so it sits outside the layer order, like the URL root. It runs from
``brabo.apps.WiringConfig.ready`` (listed after the apps it wires in ``INSTALLED_APPS``) in every process
(web, worker, beat, manage.py), once the app registry is ready and every model can be imported.

The other roots, each where its framework wants it: the apps themselves (``INSTALLED_APPS`` in
``brabo/settings.py``), the URL map (``brabo/urls.py``, ``brabo/async_urls.py``) and the Celery app with its
periodic jobs (``brabo/celery.py``).
"""

from __future__ import annotations

from celery.signals import worker_ready

import actions.enqueue  # noqa: F401 — the outbox's periodic Celery tasks register on import
import actions.maintenance  # noqa: F401 — so does the waiter sweep's (notifications' and Slack's: below)
from actions import announce, inprocess, live, notifications, policy_input, ports, slack
from actions.console.urls import add_page
from actions.executors import register as register_executor
from actions.models import SessionEvent
from brabo import db_pool, domain, startup
from containers import bwrap, console, git_local, lifecycle
from permissions import cli
from projects import schema  # noqa: F401 — registers the API keys' OpenAPI auth schemes on import

# What runs on a host, in a sandbox or in a container: containers' functions behind actions' executor port
# as "module:function" so a worker imports each only when it first runs one.
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


def wire() -> None:
    """Fill every port, lowest layer first. Each setter is idempotent, so a second call changes nothing."""
    # brabo, the kernel: the database pool's cheaper liveness check. (The engine's decision reasons
    # join the catalogue at brabo.errors' import: the engine is the bottom layer.)
    db_pool.install()
    # the kernel's event log is actions' model; what follows each written event (live updates,
    # notifications) is actions' too
    domain.install_event_log(SessionEvent, announce.announce)

    # permissions, the engine: `manage.py policy check` decides against a project's real state
    cli.install_project_loader(policy_input.decision_request_for)

    # actions: Slack approval messages are a notification channel; live streams re-read what each
    # person may see when memberships or grants change
    notifications.add_channel(slack.fanout, slack.sweep)
    live.connect_tenancy_signals()

    # containers under actions: the executors, the container floor (R1.4), the approval card's push
    # preview and the runner pages of the console
    for action_type, target in EXECUTORS.items():
        register_executor(action_type, target)
    ports.install_container_running(lifecycle.container_running, lifecycle.container_running_sql)
    ports.install_push_preview(git_local.push_preview)
    add_page("keys/runners/<uuid:runner_id>/rotate/", console.runner_rotate, "runner-rotate")

    # the serving process (`manage.py serve`): the sandbox's start-up check (R9.7) and, without a broker,
    # the in-process worker running approved actions on background threads
    startup.register(bwrap.startup_check)
    startup.register(bwrap.workspaces_check)  # what a command reads of the host's layout (R6.4)
    startup.register_in_process_service(inprocess.start, inprocess.stop)
    # a worker proves at start that a sandboxed command holds no privilege here (R9.7)
    worker_ready.connect(bwrap.probe_at_worker_start, weak=False, dispatch_uid="brabo-sandbox-probe")
