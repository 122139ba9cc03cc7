"""`manage.py create_user_token <username>` — create the user if missing and print a personal API token."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from brabo.errors import DomainError
from projects.keys import create_personal_token


class Command(BaseCommand):
    help = "Create the user if missing and print a new personal token (Authorization: Token <key>)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--name", default="cli", help="A label for the token (default: cli).")

    def handle(self, *args, username, name, **options):
        username = username.strip()
        if not username or len(username) > 150:
            raise CommandError("username must be 1 to 150 characters.")
        user, created = get_user_model().objects.get_or_create(username=username)
        if created:
            user.set_unusable_password()
            user.save()
            self.stderr.write(f"created user {username!r} (no password; set one with changepassword)")
        # The same transition as the API and the console (commands only call services), so the
        # token is validated the same way and its token.created event names the person it is for.
        try:
            _, key = create_personal_token(actor=user, name=name)
        except DomainError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(key)
