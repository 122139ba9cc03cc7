"""Encryption at rest for owner credentials and signing secrets (R1.2): Fernet with key rotation (MultiFernet).

Every encrypted column is an :class:`EncryptedTextField` (a text column holding the ciphertext),
so declaring one is registering it: :func:`encrypted_fields` finds them all, and ``manage.py
rotate_encryption_key`` re-encrypts every one of them — the workspace credentials and the webhooks' signing
secrets alike — failing loudly, naming the row, on any value no configured key reads.
"""

from __future__ import annotations

from functools import lru_cache

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.apps import apps
from django.conf import settings
from django.db import models

from brabo.redaction import remember_secret


@lru_cache(maxsize=4)
def _fernet(keys: tuple[str, ...]) -> MultiFernet:
    return MultiFernet([Fernet(k.encode()) for k in keys])


def encrypt(plaintext: str) -> str:
    remember_secret(plaintext)  # a credential this process handled never reaches its logs
    return _fernet(tuple(settings.ENCRYPTION_KEYS)).encrypt(plaintext.encode()).decode()


class SecretUnreadable(Exception):
    """The stored secret does not decrypt with any configured key (keys rotated without re-encryption)."""


def decrypt(ciphertext: str) -> str:
    try:
        plaintext = _fernet(tuple(settings.ENCRYPTION_KEYS)).decrypt(ciphertext.encode()).decode()
    except InvalidToken:
        raise SecretUnreadable(
            "a stored credential cannot be decrypted with BRABO_ENCRYPTION_KEYS; restore the old key "
            "or have the owner set the credential again"
        ) from None
    remember_secret(plaintext)  # a credential this process decrypted never reaches its logs
    return plaintext


def rotate(ciphertext: str) -> str:
    """``ciphertext`` decrypted with any configured key and encrypted again under the first. Raises
    :class:`SecretUnreadable` when no configured key reads it."""
    try:
        return _fernet(tuple(settings.ENCRYPTION_KEYS)).rotate(ciphertext.encode()).decode()
    except InvalidToken:
        raise SecretUnreadable("no key of BRABO_ENCRYPTION_KEYS decrypts it") from None


class EncryptedTextField(models.TextField):
    """A column holding a value encrypted with :func:`encrypt` (the model encrypts and decrypts explicitly;
    the field only marks the column, so the key rotation finds it). Stored and migrated as a TextField."""

    def deconstruct(self):
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.TextField", args, kwargs


def encrypted_fields() -> list[tuple[type[models.Model], list[str]]]:
    """Every model with encrypted columns, and those columns' names (in a stable order)."""
    found = []
    for model in sorted(apps.get_models(), key=lambda m: m._meta.label):
        names = [f.name for f in model._meta.concrete_fields if isinstance(f, EncryptedTextField)]
        if names:
            found.append((model, names))
    return found
