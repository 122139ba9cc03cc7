from django.apps import AppConfig


class ActionsConfig(AppConfig):
    name = "actions"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import maintenance  # noqa: F401 — registers the periodic task with Celery
