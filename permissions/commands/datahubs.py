"""Data, model and experiment hubs, other version control systems' remotes and backup tools (SPEC §5 step 6,
effects by family), red team: what they send to another machine was auto-approved. Read by
``permissions.commands.families`` as the deploy tools' rows are (``permissions.commands.deployers``):

- :data:`FORMS`: fixed subcommand words -- Pijul's and Dolt's pushes, Weights & Biases' uploads (``wandb sync``,
  ``artifact put``) and remote jobs (``launch``), Kaggle's datasets, models, notebooks and competition
  submissions (and their one-letter groups: ``kaggle d create``), Replicate's model pushes and predictions,
  Neptune's and Comet's uploads, lakeFS's uploads, commits and merges, sourcehut's ``hut`` (repositories,
  builds run elsewhere, pages, pastes); ``clearml-task`` sends a task to a remote queue when run at all.
- :data:`DECIDED`: trackers and messaging CLIs whose first known verb decides -- Twilio's messages, Jira's,
  Linear's issues, PagerDuty's incidents; ``slack-cli`` and ``matrix-commander`` send when run at all (FORMS).
- :data:`READERS`: backups and synchronisations whose act depends on where the repository is: restic's and
  borg's writing commands, ``duplicity`` and ``unison`` when a root or target is on another machine (an URL
  or ``host:path``), kopia's snapshots and repositories (its repository is chosen by an earlier ``connect``:
  fail closed). A local repository (``restic -r ./backup backup .``) stays ordinary, and so do the reads
  (``restic snapshots``, ``borg list``).
"""

from __future__ import annotations

from collections.abc import Callable

from permissions.commands.deployers import Forms, Spec, forms

__all__ = ["DECIDED", "FORMS", "READERS"]


_KAGGLE = " ".join(
    f"{group}+{act}"
    for groups, acts in (
        (("datasets", "d"), ("create", "version", "delete", "metadata")),
        (("competitions", "c"), ("submit",)),
        (("kernels", "k"), ("push", "delete")),
        (("models", "m"), ("create", "update", "delete", "instances")),
    )
    for group in groups
    for act in acts
)

FORMS: dict[str, Forms] = {
    "pijul": forms("push"),
    "dolt": forms("push"),
    "wandb": forms("sync artifact+put launch job+create sweep"),
    "kaggle": forms(_KAGGLE),
    "replicate": forms("push run prediction+create model+create deployments+create deployments+update"),
    "neptune": forms("sync"),
    "comet": forms("upload optimize"),
    "lakectl": forms(
        "fs+upload fs+rm fs+stage commit merge revert branch+create branch+delete branch+reset branch+revert"
        " repo+create repo+delete tag+create tag+delete import"
    ),
    "hut": forms(
        "git+create git+delete git+update git+acl+update builds+submit builds+resubmit pages+publish"
        " pages+unpublish paste+create paste+delete todo+create todo+ticket+create lists+create lists+post"
        " hg+create hg+delete meta+ssh-key+create"
    ),
    "clearml-task": ((),),
    # ... registries the other release tools push to: Spack's build caches, Quilt's packages, Notation's
    # signatures, Unikraft's packages, Tekton's bundles, the Buf Schema Registry, CUE's modules
    "spack": forms("buildcache+push buildcache+create"),
    "quilt3": forms("push"),
    "notation": forms("sign"),
    "kraft": forms("pkg+push cloud+deploy"),
    "tkn": forms("bundle+push pipeline+start task+start clustertask+start"),
    "buf": forms("push"),
    "cue": forms("mod+publish"),
    # ... messages sent when run at all: Slack's and Matrix's command-line senders
    "slack-cli": ((),),
    "matrix-commander": ((),),
}

# Trackers and messaging CLIs whose first known verb decides (read as permissions.commands.families.Decided):
# Twilio's `api:core:messages:create` (its `topic:command` form), Jira's (jira-cli, go-jira) and Linear's
# issues created, edited, moved or commented on, PagerDuty's incidents triggered, acknowledged and resolved.
DECIDED: dict[str, Spec] = {
    # red team (session 19): file hosts and archives -- the Internet Archive's `ia upload|delete|metadata
    # --modify`, Google Drive's `gdrive files upload`, Box's `box files:upload`, Qiniu's `qshell fput`.
    "ia": Spec("download search list tasks configure reviews", "metadata.--modify"),
    "gdrive": Spec("download export account about", "upload mkdir rename"),
    "box": Spec("login logout configure", "upload:"),
    "qshell": Spec("listbucket listbucket2 stat account user buckets domains version get qdownload"),
    "twilio": Spec("login profiles plugins feedback"),
    "jira": Spec(
        "init me open serverinfo version completion man", "assign move link comment clone transition"
    ),
    "linear": Spec("auth whoami config open", "comment assign"),
    "pd": Spec("login auth", "ack acknowledge resolve trigger snooze merge reassign"),
}

# Repository specifications on another machine: restic's backends, borg's `ssh://` and `user@host:path`,
# duplicity's and unison's URLs (`file://` is this machine).
_RESTIC_REMOTE = ("s3:", "sftp:", "rest:", "rclone:", "azure:", "gs:", "b2:", "swift:")
_RESTIC_WRITES = frozenset(
    {"backup", "copy", "forget", "prune", "init", "tag", "key", "rewrite", "migrate", "repair", "unlock"}
)
_BORG_WRITES = frozenset(
    {"create", "delete", "prune", "compact", "init", "rcreate", "rdelete", "rename", "recreate", "key",
     "upgrade", "break-lock", "import-tar", "transfer"}
)  # fmt: skip


def _remote_spec(word: str) -> bool:
    """An URL other than a local file's, or scp's `host:path` (not a Windows drive `C:\\x`)."""
    scheme, sep, rest = word.partition("://")
    if sep:
        return scheme.lower() != "file"
    head, colon, _ = word.partition(":")
    return bool(colon) and len(head) > 1 and "/" not in head and head[:1] not in "-."


def _restic(view: tuple[str, ...]) -> bool:
    """`restic -r s3:… backup .` (or the repository from RESTIC_REPOSITORY / a file: unknown, fail closed)."""
    if _RESTIC_WRITES.isdisjoint(view[1:]):
        return False
    for k, w in enumerate(view[1:-1], 1):
        if w in ("-r", "--repo"):
            nxt = view[k + 1]
            return nxt.startswith(_RESTIC_REMOTE) or _remote_spec(nxt)
        if w.startswith("--repo="):
            value = w.partition("=")[2]
            return value.startswith(_RESTIC_REMOTE) or _remote_spec(value)
    return True  # the repository comes from the environment or a file: where it is no word says


def _borg(view: tuple[str, ...]) -> bool:
    """`borg create ssh://h/./repo::a .`, `borg create user@h:repo::a .` (BORG_REPO alone: fail closed)."""
    if len(view) < 2 or view[1] not in _BORG_WRITES:
        return False
    repos = [w for w in view[2:] if w[:1] != "-" and ("::" in w or "://" in w or ":" in w)]
    if not repos:
        return not any(w[:1] != "-" for w in view[2:]) or view[1] in ("create", "import-tar")
    return any(_remote_spec(w.partition("::")[0] or w) for w in repos)


def _any_remote(view: tuple[str, ...]) -> bool:
    """duplicity's target and unison's roots: an act on another machine when one of them is there."""
    return any(w[:1] != "-" and _remote_spec(w) for w in view[1:])


def _kopia(view: tuple[str, ...]) -> bool:
    """kopia's repository is the one an earlier `repository connect|create` chose: its snapshots and its
    repository changes are read as remote (fail closed); listings stay reads."""
    sub = view[1:3]
    return (
        sub[:1] in (("snapshot",), ("snap",))
        and sub[1:] in (("create",), ("delete",), ("migrate",))
        or (sub[:1] == ("repository",) and sub[1:] in (("create",), ("connect",), ("sync-to",)))
    )


def _wingetcreate(view: tuple[str, ...]) -> bool:
    """WinGet's manifest tool opens a pull request on the community repository: `submit`, or `new|update
    --submit` (`-s`)."""
    return (
        "submit" in view
        or "--submit" in view
        or (len(view) > 1 and view[1] in ("new", "update") and "-s" in view)
    )


def _tarsnap(view: tuple[str, ...]) -> bool:
    """Tarsnap's archives live on its service: `-c` (create), `-d` (delete), `--nuke`, `--recover`, also
    clustered (`-cf a`); listing and extracting (`-t`, `-x`, `--list-archives`) read."""
    for w in view[1:]:
        if w in ("--nuke", "--recover", "--fsck-prune"):
            return True
        if w[:1] == "-" and w[1:2] != "-" and ("c" in w[1:] or "d" in w[1:]):
            return True
    return False


_MACHETE_PUSHES = ("create-pr", "retarget-pr", "restack-pr", "sync")


def _git_machete(view: tuple[str, ...]) -> bool:
    """git-machete pushes when it traverses with ``--push`` (or ``-y``, which answers yes to every push), and
    opens, retargets or syncs pull requests (``github|gitlab create-pr`` ...)."""
    rest = view[1:]
    if rest[:1] in (("traverse",), ("t",)) and any(
        w in ("--push", "-y", "--yes", "--push-untracked") for w in rest
    ):
        return True
    return rest[:1] in (("github",), ("gitlab",)) and any(w in _MACHETE_PUSHES for w in rest[1:2])


READERS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    # red team (session 19): git run in other repositories that pushes -- vcsh's `REPO push`, gita's `push` and
    # `super push` in every repository, git-stack's `--push`, git-machete's
    "vcsh": lambda v: "push" in v[2:4],
    "gita": lambda v: "push" in v[1:],  # (`gita super REPO... push`: the repositories come first)
    "git-stack": lambda v: "--push" in v,
    "git-machete": _git_machete,
    "tarsnap": _tarsnap,
    "duplicati-cli": lambda v: any(w in ("backup", "delete", "purge", "compact", "repair") for w in v[1:3]),
    "onedrive": lambda v: any(
        w.startswith(("--upload-only", "--sync", "--synchronize", "--monitor", "-s")) for w in v[1:]
    ),
    "wingetcreate": _wingetcreate,
    "restic": _restic,
    "borg": _borg,
    "borgmatic": lambda v: True,  # its configuration names the repositories it backs up to
    "duplicity": _any_remote,
    "unison": _any_remote,
    "kopia": _kopia,
}
