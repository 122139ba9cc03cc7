"""Brabo's own app configs: the admin whose site is the approval console, and the composition root's hook."""

from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig


class ConsoleAdminConfig(AdminConfig):
    default_site = "actions.console.site.ConsoleSite"


class WiringConfig(AppConfig):
    """Runs ``brabo.wiring`` once the app registry is ready: the one place the apps' ports are filled."""

    name = "brabo"
    verbose_name = "Brabo wiring"

    def ready(self) -> None:
        # App-registry timing: the wiring imports every app's models, which load only once the registry is ready.
        from . import wiring

        wiring.wire()
