from django.apps import AppConfig

from brabo.errors import register_decision_reasons

from .messages import SENTENCES


class PermissionsConfig(AppConfig):
    name = "permissions"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # the engine's decision reasons join the one catalogue of public codes (issue 15)
        register_decision_reasons(SENTENCES)
