from django.apps import AppConfig


class PermissionsConfig(AppConfig):
    name = "permissions"
    default_auto_field = "django.db.models.BigAutoField"
