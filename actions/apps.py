from django.apps import AppConfig


class ActionsConfig(AppConfig):
    name = "actions"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # App-registry timing: models and the Celery app exist only once the registry is ready.
        from brabo import startup
        from brabo.domain import install_event_log
        from permissions.cli import install_project_loader

        from . import (  # noqa: F401 — register their periodic tasks with Celery
            enqueue,
            inprocess,
            maintenance,
            notifications,
            slack,
        )
        from .announce import announce
        from .live import connect_tenancy_signals
        from .models import SessionEvent
        from .policy_input import decision_request_for

        notifications.add_channel(slack.fanout, slack.sweep)  # issue 28: Slack approval messages
        install_event_log(SessionEvent, announce)  # the kernel's event-log port (brabo.domain)
        install_project_loader(decision_request_for)  # `manage.py policy check` (permissions.cli's port)
        connect_tenancy_signals()  # live streams re-read what each person may see (issue 24)
        # issue 25: without a broker, `manage.py serve` runs approved actions on its own background threads
        startup.register_in_process_service(inprocess.start, inprocess.stop)
