"""The reading kernel of the credential readers (permissions.commands.credentials, permissions.commands.
secret_keepers): a tool's subcommand words and options, read the way both modules read them (SPEC §5 where it
runs, R4.10).

The subcommand words are the words that are not options (the options a tool takes a value by before its
subcommand are skipped), and a form matches where its words stand together, so a tool's global options
(``aws --profile p``, ``gcloud beta``, ``kubectl -n ns``) do not hide it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from permissions.commands.machine import KEYCHAIN, plain_words

__all__ = [
    "CREDENTIAL",
    "Forms",
    "Reader",
    "flagged",
    "key_after",
    "positional",
    "run_at",
    "secret_key",
    "then",
]

CREDENTIAL = "prints a credential the machine keeps outside the project"

Reader = Callable[[tuple[str, ...]], "str | None"]


def positional(args: Sequence[str], values: frozenset[str]) -> list[str]:
    """The words that are not options, lower-cased (``values``: options that take the next word)."""
    return [w.lower() for w in plain_words(args, values)]


def run_at(words: list[str], form: tuple[str, ...]) -> int:
    """Where ``form``'s words stand together in ``words`` (a one-word form: first or second only), or -1."""
    n = len(form)
    last = len(words) - n + 1 if n > 1 else min(2, len(words))
    for k in range(last):
        if tuple(words[k : k + n]) == form:
            return k
    return -1


def flagged(args: Sequence[str], longs: tuple[str, ...], shorts: str = "", short_values: str = "") -> bool:
    """An option of ``longs`` (``--raw``, ``--raw=true``, ``--with-decryption``) or a letter of ``shorts`` in a
    cluster (``-w``, ``-ws``) before a letter of ``short_values`` (which takes the rest)."""
    for a in args:
        if a == "--":
            break
        if a[:2] == "--":
            name, eq, value = a.partition("=")
            if name in longs and value.lower() not in ("false", "0"):
                return True
        elif a[:1] == "-" and len(a) > 1 and shorts:
            for ch in a[1:]:
                if ch in shorts:
                    return True
                if ch in short_values:
                    break
    return False


class Forms:
    """A tool whose subcommand words decide: ``prints`` the forms that print a credential (``auth+token``);
    ``flagged`` a form that prints one only with an option (``ssm+get-parameter``: ``--with-decryption``);
    ``changes`` the forms that change the keychain; ``values`` the options that take the next word. The forms
    are kept by their first word (one lookup a word)."""

    __slots__ = ("by_first", "hint", "values")

    def __init__(
        self, prints: str = "", *, values: str = "", flagged: dict[str, str] | None = None, changes: str = ""
    ) -> None:
        rows: list[tuple[tuple[str, ...], str, tuple[str, ...] | None]] = [
            *((tuple(f.split("+")), CREDENTIAL, None) for f in prints.split()),
            *((tuple(f.split("+")), CREDENTIAL, tuple(o.split())) for f, o in (flagged or {}).items()),
            *((tuple(f.split("+")), KEYCHAIN, None) for f in changes.split()),
        ]
        self.by_first: dict[str, list[tuple[tuple[str, ...], str, tuple[str, ...] | None]]] = {}
        for row in rows:
            self.by_first.setdefault(row[0][0], []).append(row)
        self.values = frozenset(values.split())
        # the quick filter: a form's last word is in the text (most runs of the tool name none)
        lasts = sorted({row[0][-1] for row in rows}, key=len, reverse=True)
        self.hint = re.compile("|".join(map(re.escape, lasts)), re.IGNORECASE).search

    def __call__(self, view: tuple[str, ...]) -> str | None:
        if self.hint(" ".join(view)) is None:
            return None
        args = view[1:]
        words = positional(args, self.values)
        by_first = self.by_first
        for k, w in enumerate(words):
            if w not in by_first:
                continue
            for form, what, opts in by_first[w]:
                n = len(form)
                if (
                    (n > 1 or k < 2)
                    and tuple(words[k : k + n]) == form
                    and (opts is None or flagged(args, opts))
                ):
                    return None if "--help" in args else what
        return None


def then(first: Reader, *more: Reader) -> Reader:
    """Readers tried in turn: the first answer."""
    second = then(*more) if len(more) > 1 else more[0]

    def read(view: tuple[str, ...]) -> str | None:
        return first(view) or second(view)

    return read


def key_after(values: str, forms: str, secret: Callable[[str], bool]) -> Reader:
    """``aws configure get KEY``, ``gh config get KEY``: the word after one of ``forms`` (each ending in
    ``get``) names a secret."""
    opts = frozenset(values.split())
    runs = tuple(tuple(f.split("+")) for f in forms.split())

    def read(view: tuple[str, ...]) -> str | None:
        if "get" not in view:
            return None
        words = positional(view[1:], opts)
        for form in runs:
            at = run_at(words, form)
            if at >= 0 and at + len(form) < len(words) and secret(words[at + len(form)]):
                return CREDENTIAL
        return None

    return read


def secret_key(key: str) -> bool:
    return "secret" in key or "token" in key or "_auth" in key or "password" in key
