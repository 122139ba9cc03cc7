"""How workspace members reach the admin, and where they land.

Django's admin admits only ``is_staff`` users. Brabo's people are workspace members, not Django staff, so
the one ``admin.site`` (other apps register on it) is a ``ConsoleSite``: an active user with at least one
membership may enter; superusers keep their access. What a member then sees is scoped by
``projects.access`` everywhere, and model admins still ask for ``is_staff`` before listing raw tables.
Members land on the approval queue instead of the model index.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.shortcuts import redirect
from django.urls import reverse

from projects.models import Membership

from .urls import console_urls


def is_member(user) -> bool:
    return bool(
        user.is_active
        and not getattr(user, "is_agent", False)
        and Membership.objects.filter(user=user).exists()
    )


def may_enter(user) -> bool:
    return bool(user.is_active and (user.is_staff or user.is_superuser or is_member(user)))


class MemberAuthenticationForm(AdminAuthenticationForm):
    """The admin login form, admitting workspace members as well as staff."""

    def confirm_login_allowed(self, user):
        AuthenticationForm.confirm_login_allowed(self, user)  # inactive users are refused
        if not may_enter(user):
            raise forms.ValidationError(
                "This account is not a member of any workspace. Ask a workspace owner to add you.",
                code="invalid_login",
            )


class ConsoleSite(admin.AdminSite):
    """Django's admin site, admitting workspace members and landing them on the queue.

    It is the project's default admin site (``brabo.apps.ConsoleAdminConfig``), so ``admin.site`` is this
    class and every app registers on it as usual."""

    login_form = MemberAuthenticationForm
    site_url = None  # there is no public site to "view"
    site_header = "Brabo"
    site_title = "Brabo console"
    index_title = "Administration"

    def has_permission(self, request):
        return may_enter(request.user)

    def index(self, request, extra_context=None):
        # ?models=1 keeps the classic model index reachable for staff.
        if request.GET.get("models") != "1" and is_member(request.user):
            return redirect(reverse("admin:console-queue"))
        return super().index(request, extra_context)

    def get_urls(self):
        # /admin/console/... (names admin:console-*), wrapped by the admin's login and permission check,
        # placed before the admin's final catch-all.
        return console_urls(self.admin_view) + super().get_urls()
