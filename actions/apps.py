from django.apps import AppConfig


class ActionsConfig(AppConfig):
    name = "actions"
    default_auto_field = "django.db.models.BigAutoField"
