"""Data platforms and message brokers (SPEC §5 step 6, effects by family; red team, session 19): a cloud
warehouse's tables dropped, loaded or changed, a message sent to a broker, a file sent to a phone were
auto-approved. Read by ``permissions.commands.families`` as ``permissions.commands.datahubs``' rows are:

- :data:`READERS`: BigQuery's ``bq`` -- its reads (``ls``, ``show``, ``head``, ``wait``, ``version``, ``help``,
  ``get-iam-policy``, ``mkdef``) stay ordinary, every other command changes the cloud (``rm``, ``mk``,
  ``load``, ``insert``, ``cp``, ``update``, ``extract``, ``cancel``, ``shell`` ..., and one this table does not
  know: fail closed), and ``query`` as its SQL reads (:func:`sql_changes`), unless ``--dry_run``; a query
  that writes its result (``--destination_table``, ``--schedule``) changes it too. The Snowflake CLI ``snow``:
  ``sql -q`` by its SQL, ``sql -f``/``-i`` (a file or the input: unread) changes, listings and descriptions
  and its local connections stay ordinary. KDE Connect's ``kdeconnect-cli`` sending a file, a text, an SMS,
  keys or a command to a paired device.
- :data:`DECIDED`: CLIs whose first known verb decides (``permissions.commands.families.Decided``): Databricks',
  Redpanda's ``rpk`` (``topic produce``, ``group seek``), Pulsar's ``pulsar-admin`` and ``pulsar-client``
  (``produce``).
- :data:`FORMS`: the AMQP tools that publish or change a broker's queues when run at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from permissions.commands.deployers import Forms, Spec

__all__ = ["DECIDED", "FORMS", "READERS", "sql_changes"]

# SQL that only reads: every statement starts with one of these and no word of the text changes anything.
_READ_STATEMENTS = ("select", "with", "show", "describe", "desc", "explain", "values", "list", "ls")
# Statement words that change data, a schema, grants, staged files or what runs (session words -- SET, USE,
# BEGIN, DECLARE -- change nothing kept; a value spelling one, `WHERE state = 'cancel'`, stays a read).
_CHANGES = re.compile(
    r"\b(?:insert|update|delete|merge|drop|create|alter|truncate|grant|revoke|call|export|load|copy|put|remove"
    r"|rm|execute|exec|undrop|rename|attach|detach|vacuum|upsert|into|refresh|restore|backup)\b"
)
_COMMENTS = re.compile(r"--[^\n]*|/\*.*?\*/|#[^\n]*", re.S)


def sql_changes(sql: str) -> bool:
    """Whether SQL text may change something: not every statement a read (``SELECT``, ``WITH``, ``SHOW``
    ...), or a word that changes data or a schema anywhere in it (a string or a column that spells one asks
    too: fail closed). An expansion (``$SQL``) is text no rule reads."""
    if "$" in sql or "`" in sql and sql.count("`") % 2:
        return True
    text = _COMMENTS.sub(" ", sql.lower())
    statements = [s.strip() for s in text.split(";") if s.strip()]
    if not statements:
        return True
    if any(not s.startswith(_READ_STATEMENTS) for s in statements):
        return True
    return _CHANGES.search(text) is not None


# bq's global flags and query's flags that take the next word (others are `--flag`, `--noflag`, `--flag=v`).
_BQ_VALUES = frozenset(
    "--project_id --location --format --dataset_id --api --api_version --apilog --bigqueryrc --credential_file"
    " --ca_certificates_file --job_id --max_rows_per_request --service_account --service_account_credential_file"
    " --parameter --max_rows -n --label --job_timeout_ms --maximum_bytes_billed --request_id --session_id"
    " --connection_property --httplib2_debuglevel --trace --quota_project_id".split()
)
_BQ_READS = frozenset({"ls", "show", "head", "wait", "version", "help", "get-iam-policy", "mkdef", "info"})
_BQ_WRITES_RESULT = ("--destination_table", "--append_table", "--schedule", "--target_dataset", "--replace")


def _words_after(view: tuple[str, ...], values: frozenset[str]) -> tuple[list[str], list[str]]:
    """The options and the operands of ``view[1:]`` (an option in ``values`` takes the next word)."""
    options: list[str] = []
    operands: list[str] = []
    skip = False
    for w in view[1:]:
        if skip:
            skip = False
            continue
        if w[:1] == "-" and len(w) > 1:
            options.append(w)
            skip = w in values
        else:
            operands.append(w)
    return options, operands


def _bq(view: tuple[str, ...]) -> bool:
    options, operands = _words_after(view, _BQ_VALUES)
    if not operands:
        return not any(o in ("--help", "-h", "--version", "--helpfull", "--helpshort") for o in options)
    command = operands[0].lower()
    if command in _BQ_READS:
        return False
    if command != "query":
        return True
    if "--dry_run" in options or "--dry_run=true" in options:
        return False
    if any(o.partition("=")[0] in _BQ_WRITES_RESULT for o in options):
        return True
    return sql_changes(" ".join(operands[1:]))


_SNOW_VALUES = frozenset(
    "--connection -c --account --user --password --role --warehouse --database --schema --format --config-file"
    " -q --query -f --filename --variable -D --project -p --env".split()
)
_SNOW_READS = frozenset({"list", "describe", "list-files", "test", "version", "help", "ls", "show", "url"})
_SNOW_LOCAL = frozenset({"connection", "init", "helpers", "plugin"})  # this machine's settings and projects


def _snow_query(view: tuple[str, ...]) -> str | None:
    """``snow sql``'s text: the value of ``-q``/``--query``, None when it runs a file or its input."""
    for k, w in enumerate(view):
        if w in ("-q", "--query") and k + 1 < len(view):
            return view[k + 1]
        if w.startswith("--query="):
            return w.partition("=")[2]
        if w.startswith("-q") and len(w) > 2:
            return w[2:]
    return None


def _snow(view: tuple[str, ...]) -> bool:
    options, operands = _words_after(view, _SNOW_VALUES)
    if not operands:
        return not any(o in ("--help", "-h", "--version", "--info") for o in options)
    command = operands[0].lower()
    if command == "sql":
        query = _snow_query(view)
        return query is None or sql_changes(query)
    if command in _SNOW_LOCAL:
        return False
    return not any(w.lower() in _SNOW_READS for w in operands[1:3])


# kdeconnect-cli's options that act on the paired device (send to it, run on it, make it ring or lock).
_KDECONNECT_ACTS = (
    "--share",
    "--share-text",
    "--send-sms",
    "--ping",
    "--ping-msg",
    "--ring",
    "--lock",
    "--unlock",
    "--send-keys",
    "--send-clipboard",
    "--photo",
    "--execute-command",
    "--encryption-info",  # no act, but it reads nothing either: fail closed with the rest
)


def _kdeconnect(view: tuple[str, ...]) -> bool:
    return any(w.partition("=")[0] in _KDECONNECT_ACTS for w in view[1:])


READERS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "bq": _bq,
    "snow": _snow,
    "kdeconnect-cli": _kdeconnect,
}

DECIDED: dict[str, Spec] = {
    "databricks": Spec(
        "auth configure current-user completion labs export export-dir get-status list-files summary me",
        "run-now submit put-secret import-dir",
        "--profile -p --output -o --target -t --log-level --log-file",
    ),
    "rpk": Spec(
        "consume container profile health status describe-log-dirs plugin generate",
        "produce seek trim-prefix",
        "-X --brokers --config --profile --format",
    ),
    "pulsar-admin": Spec("", "", "--admin-url --auth-plugin --auth-params"),
    "pulsar-client": Spec("consume read", "produce", "--url --auth-plugin --auth-params --listener-name"),
}

FORMS: dict[str, Forms] = {
    "amqp-publish": ((),),
    "amqp-declare-queue": ((),),
    "amqp-delete-queue": ((),),
}
