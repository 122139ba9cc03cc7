from django.apps import AppConfig


class ContainersConfig(AppConfig):
    name = "containers"
    default_auto_field = "django.db.models.BigAutoField"
