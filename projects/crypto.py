"""Encryption at rest for owner credentials (R1.2): Fernet with key rotation (MultiFernet)."""

from __future__ import annotations

from functools import lru_cache

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings

from brabo.redaction import remember_secret


@lru_cache(maxsize=4)
def _fernet(keys: tuple[str, ...]) -> MultiFernet:
    return MultiFernet([Fernet(k.encode()) for k in keys])


def encrypt(plaintext: str) -> str:
    remember_secret(plaintext)  # issue 13: a credential this process handled never reaches its logs
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
    remember_secret(plaintext)  # issue 13: a credential this process decrypted never reaches its logs
    return plaintext
