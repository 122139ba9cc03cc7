"""The admin's app config: Brabo's admin site is the approval console (``actions.console.site``)."""

from django.contrib.admin.apps import AdminConfig


class ConsoleAdminConfig(AdminConfig):
    default_site = "actions.console.site.ConsoleSite"
