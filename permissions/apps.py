from django.apps import AppConfig


class PermissionsConfig(AppConfig):
    """The engine's Django adapter (the ``policy`` management command). The engine itself is plain Python at
    the bottom of the layer order: ``brabo.errors`` reads its decision reasons from permissions.messages."""

    name = "permissions"
    default_auto_field = "django.db.models.BigAutoField"
