"""The admin's app config: Brabo's admin site is the approval console (``actions.console.site``)."""

from django.contrib.admin.apps import AdminConfig

from brabo import db_pool


class ConsoleAdminConfig(AdminConfig):
    default_site = "actions.console.site.ConsoleSite"

    def ready(self):
        super().ready()
        db_pool.install()  # brabo's one app config: the pool's cheaper check (issue 24)
