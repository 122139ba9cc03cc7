"""`manage.py rotate_encryption_key` — re-encrypt every stored secret under the first key (R1.2).

Rotation: put the new key first in BRABO_ENCRYPTION_KEYS and keep the old one after it, restart, run this,
then drop the old key. Every encrypted column (``projects.crypto.EncryptedTextField``: the workspace
credentials, the webhooks' signing secrets, any later one) is re-encrypted, each row in its own transaction
under a row lock, so a secret set meanwhile is never overwritten with an older value. A value no configured
key decrypts is left as it is and named (model, row, workspace, field); the command then exits non-zero, so
the old key is not dropped while something still needs it.
"""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from projects.crypto import SecretUnreadable, encrypted_fields, rotate
from projects.models import WorkspaceCredentials, WorkspaceEvent
from projects.team_events import CREDENTIALS_REENCRYPTED, SECRET_REENCRYPTED

# The team log's event for a row re-encrypted (the credentials' type kept from before encrypted columns were one field type).
EVENT_TYPE = {WorkspaceCredentials: CREDENTIALS_REENCRYPTED}
DEFAULT_EVENT_TYPE = SECRET_REENCRYPTED


class Command(BaseCommand):
    help = (
        "Re-encrypt every encrypted column (workspace credentials, webhook signing secrets, …) under the first "
        "key of BRABO_ENCRYPTION_KEYS; exit non-zero naming every row no configured key decrypts."
    )

    def handle(self, *args, **options):
        done: dict[str, int] = {}
        unreadable: list[str] = []
        for model, fields in encrypted_fields():
            label = str(model._meta.verbose_name_plural)
            done[label] = 0
            for pk in model._default_manager.order_by("pk").values_list("pk", flat=True):
                moved, bad = self._row(model, fields, pk)
                done[label] += moved
                unreadable += bad
        summary = ", ".join(f"{n} of {label}" for label, n in done.items())
        self.stdout.write(f"re-encrypted under the first key: {summary}")
        if unreadable:
            raise CommandError(
                f"{len(unreadable)} stored secret(s) no configured key decrypts; they were left as they are:\n  "
                + "\n  ".join(unreadable)
                + "\nAdd the key they were encrypted with to BRABO_ENCRYPTION_KEYS and run this again (do not "
                "drop the old key until this exits 0), or have their owners set them again (credentials: "
                "the owner saves them; a webhook: delete it and add it again)."
            )

    @staticmethod
    def _row(model, fields, pk) -> tuple[int, list[str]]:
        """Re-encrypt one row's secrets. (1 if it changed else 0, descriptions of unreadable values)."""
        with transaction.atomic():
            row = model._default_manager.select_for_update().filter(pk=pk).first()
            if row is None:
                return 0, []  # deleted meanwhile
            changed, bad = [], []
            for field in fields:
                value = getattr(row, field)
                if not value:
                    continue
                try:
                    setattr(row, field, rotate(value))
                except SecretUnreadable:
                    workspace = getattr(row, "workspace_id", None)
                    where = f" (workspace {workspace})" if workspace else ""
                    bad.append(f"{model._meta.label} {pk}{where}: {field}")
                    continue
                changed.append(field)
            if bad:
                return 0, bad  # all of a row or none of it: never half a row under the new key
            if not changed:
                return 0, []
            row.save(update_fields=changed)
            workspace = getattr(row, "workspace_id", None)
            if workspace is not None:
                WorkspaceEvent.objects.create(
                    workspace_id=workspace,
                    type=EVENT_TYPE.get(model, DEFAULT_EVENT_TYPE),
                    actor_kind="system",
                    actor_label="rotate_encryption_key",
                    payload={
                        "what": str(model._meta.verbose_name),
                        "id": str(pk),
                        "fields": [f.removesuffix("_encrypted") for f in changed],
                    },
                )
            return 1, []
