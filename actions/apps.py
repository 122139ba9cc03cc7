from django.apps import AppConfig


class ActionsConfig(AppConfig):
    name = "actions"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # App-registry timing: models and the Celery app exist only once the registry is ready.
        from brabo.domain import install_event_log

        from . import enqueue, maintenance  # noqa: F401 — register their periodic tasks with Celery
        from .models import SessionEvent

        install_event_log(SessionEvent)  # the kernel's event-log port (brabo.domain)
