"""`manage.py rotate_encryption_key` — re-encrypt every stored credential under the first key (R1.2).

Rotation: put the new key first in BRABO_ENCRYPTION_KEYS and keep the old one after it, restart, run this,
then drop the old key. Each workspace is re-encrypted in its own transaction under a row lock, so a
credential set meanwhile is never overwritten with an older value. A credential no key decrypts is left as
it is and reported; the command then exits non-zero.
"""

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from projects.models import WorkspaceCredentials, WorkspaceEvent

SECRETS = ("provider_token_encrypted", "model_key_encrypted")


class Command(BaseCommand):
    help = "Re-encrypt every workspace credential under the first key of BRABO_ENCRYPTION_KEYS."

    def handle(self, *args, **options):
        # MultiFernet.rotate: decrypt with any configured key, encrypt with the first
        keys = MultiFernet([Fernet(k.encode()) for k in settings.ENCRYPTION_KEYS])

        def reencrypt(ciphertext: str) -> str:
            return keys.rotate(ciphertext.encode()).decode()

        done, unreadable = 0, []
        for pk in WorkspaceCredentials.objects.order_by("pk").values_list("pk", flat=True):
            with transaction.atomic():
                creds = WorkspaceCredentials.objects.select_for_update().get(pk=pk)
                changed = []
                try:
                    for field in SECRETS:
                        if getattr(creds, field):
                            setattr(creds, field, reencrypt(getattr(creds, field)))
                            changed.append(field)
                except InvalidToken:
                    unreadable.append(str(creds.workspace_id))
                    continue
                if changed:
                    creds.save(update_fields=changed)
                    WorkspaceEvent.objects.create(
                        workspace_id=creds.workspace_id,
                        type="workspace.credentials_reencrypted",
                        actor_kind="system",
                        actor_label="rotate_encryption_key",
                        payload={"fields": [f.removesuffix("_encrypted") for f in changed]},
                    )
                    done += 1
        self.stdout.write(f"re-encrypted the credentials of {done} workspace(s) under the first key")
        if unreadable:
            raise CommandError(
                f"{len(unreadable)} workspace(s) hold a credential no configured key decrypts: "
                f"{', '.join(unreadable)}. Add the key they were encrypted with to BRABO_ENCRYPTION_KEYS and run "
                "this again, or have their owners set the credentials again."
            )
