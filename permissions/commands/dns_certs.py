"""DNS records and certificates changed on a provider or a CA, and a site's database wiped through its own CLI
(SPEC §5 step 6, effects by family; red team, session 19). Read by ``permissions.commands.families`` as the
other families' rows are:

- DNS: Cloudflare's ``flarectl dns create|update|delete``, ``dnscontrol push`` (``preview`` reads),
  ``octodns-sync --doit`` (without it, a plan), ``lexicon PROVIDER create|update|delete``;
- certificates: ``certbot certonly|run|renew|revoke|delete|register`` (``certificates`` lists), ``acme.sh
  --issue|--renew|--revoke|--deploy|--install-cert|--register-account``, ``lego ... run|renew|revoke``;
- WordPress's and Drupal's consoles emptying or overwriting the site's database: ``wp db reset|drop|clean|import``,
  ``wp site empty|delete``, ``wp search-replace`` (without ``--dry-run``), ``drush sql-drop``, ``drush
  site-install``, ``drush sql-sync``; and (session 35) any command but a read run on another machine through
  WP-CLI's alias, ``--ssh`` or ``--http``, or a Drush site alias (:func:`_remote_site_changed`).
"""

from __future__ import annotations

from collections.abc import Callable

from permissions.commands.deployers import Forms, Spec, forms

__all__ = ["DECIDED", "FORMS", "READERS"]

DECIDED: dict[str, Spec] = {
    "flarectl": Spec("zone.list zone.info", "", "--zone --name --type --content --id"),
    "certbot": Spec("certificates plugins show_account", "certonly renew revoke register unregister enhance"),
}

FORMS: dict[str, Forms] = {
    "dnscontrol": forms("push"),
    "lego": forms("run renew revoke"),
}

_ACME_ACTS = (
    "--issue", "--renew", "--revoke", "--deploy", "--install-cert", "--installcert", "--register-account",
    "--signcsr", "--renew-all", "--cron", "--remove",
)  # fmt: skip
_WP_DB = frozenset({"reset", "drop", "clean", "import", "create"})
_DRUSH_WIPES = frozenset(
    {"sql-drop", "sql:drop", "site-install", "si", "site:install", "sql-sync", "sql:sync", "migrate:rollback"}
)


# Red team (session 35): the same consoles run on another machine -- WP-CLI through an alias (`wp @prod`, `wp
# @all`), `--ssh=host` or `--http=url`, Drush through a site alias (`drush @prod`). There any command but a
# read (a listing, a status, a getter: one of these words among its first two) changes a live site; a local
# container (`--ssh=docker:wordpress`) and Drush's own site (`@self`, `@none`) are this machine.
_SITE_READS = frozenset(
    {
        "list",
        "get",
        "status",
        "st",
        "version",
        "info",
        "path",
        "exists",
        "is-installed",
        "is-active",
        "search",
    }
    | {"verify-checksums", "check-update", "count", "describe", "help", "core:status", "core-status"}
    | {"pm:list", "pml", "pm-list", "config:get", "cget", "watchdog:show", "ws", "user:information", "uinf"}
)
_LOCAL_SSH = ("docker:", "docker-compose:", "docker-compose-run:", "vagrant:")
_DRUSH_HERE = frozenset({"@self", "@none"})


def _remote_site_changed(view: tuple[str, ...]) -> bool:
    """``view`` (wp or drush) runs on another machine, and its command is not one that only reads."""
    remote = False
    for w in view[1:]:
        if w[:1] == "@" and len(w) > 1:
            remote = remote or view[0] != "drush" or w not in _DRUSH_HERE
        elif view[0] == "wp" and w.startswith(("--http=", "--ssh=")):
            remote = remote or not w.partition("=")[2].startswith(_LOCAL_SSH)
    if not remote:
        return False
    words = [w for w in view[1:] if w[:1] not in ("-", "@")]
    return _SITE_READS.isdisjoint(words[:2])


def _wp(view: tuple[str, ...]) -> bool:
    if _remote_site_changed(view):
        return True
    words = [w for w in view[1:] if w[:1] not in ("-", "@")]
    if words[:1] == ["db"] and words[1:2] and words[1] in _WP_DB:
        return True
    if words[:1] == ["site"] and words[1:2] and words[1] in ("empty", "delete"):
        return True
    return words[:1] == ["search-replace"] and "--dry-run" not in view


def _lexicon(view: tuple[str, ...]) -> bool:
    """``lexicon PROVIDER ACTION ...``: create, update, delete change the zone (list reads)."""
    words = [w for w in view[1:] if w[:1] != "-"]
    return any(w in ("create", "update", "delete") for w in words[1:3])


READERS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "octodns-sync": lambda v: "--doit" in v,
    "acme.sh": lambda v: any(w.partition("=")[0] in _ACME_ACTS for w in v[1:]),
    "lexicon": _lexicon,
    "wp": _wp,
    "drush": lambda v: _remote_site_changed(v) or any(w in _DRUSH_WIPES for w in v[1:3]),
}
