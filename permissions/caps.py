"""External-effect and privileged command detection for the terminal caps (SPEC §5 step 6, RN-418).

A segment has an *external effect* when it publishes or deploys: ``git push``, ``git remote add|set-url``,
``git merge``, provider CLIs, deploy tools, package publishing. git's global options are skipped
(``git -C /tmp push`` is ``git push``), and every view of the segment is checked (wrappers, assignments,
verb paths and ``sudo`` looked through, R4.8). A *privileged* segment has ``sudo`` or ``doas`` as a verb.
"""

from __future__ import annotations

from collections.abc import Sequence

from permissions.wrappers import PRIVILEGED, views

__all__ = [
    "CAP_VERBS",
    "external_effect",
    "external_effect_views",
    "is_cap_prefix",
    "privileged",
    "privileged_views",
]

# Global options that take a separate value, per tool, so the value is not read as the subcommand.
_VALUE_OPTS: dict[str, frozenset[str]] = {
    "git": frozenset(
        {
            "-C",
            "-c",
            "--git-dir",
            "--work-tree",
            "--namespace",
            "--super-prefix",
            "--config-env",
            "--exec-path",
            "--list-cmds",
            "--attr-source",
        }
    ),
    "gh": frozenset({"-R", "--repo", "--hostname"}),
    "glab": frozenset({"-R", "--repo"}),
    "kubectl": frozenset(
        {
            "-n",
            "--namespace",
            "--context",
            "--cluster",
            "--kubeconfig",
            "--user",
            "-s",
            "--server",
            "--token",
            "--as",
            "--as-group",
            "--request-timeout",
            "--cache-dir",
        }
    ),
    "helm": frozenset(
        {
            "-n",
            "--namespace",
            "--kube-context",
            "--kubeconfig",
            "--registry-config",
            "--repository-config",
            "--kube-apiserver",
            "--kube-token",
        }
    ),
    "terraform": frozenset(),
    "docker": frozenset({"-H", "--host", "-c", "--context", "--config", "-l", "--log-level"}),
    "npm": frozenset({"--prefix", "-w", "--workspace", "--userconfig", "--registry"}),
    "pnpm": frozenset({"-C", "--dir", "--filter", "-F", "--registry"}),
    "yarn": frozenset({"--cwd", "--registry"}),
    "twine": frozenset(),
    "cargo": frozenset({"-C", "-Z", "--config", "--manifest-path", "--color"}),
}

# Positional word sequences (after the verb) that are an external effect. An empty tuple = any use.
_EXTERNAL: dict[str, tuple[tuple[str, ...], ...]] = {
    "git": (("push",), ("remote", "add"), ("remote", "set-url"), ("merge",)),
    "gh": (("pr", "create"), ("pr", "merge"), ("release",), ("workflow", "run")),
    "glab": (("mr", "create"), ("mr", "merge"), ("release",)),
    "kubectl": (("apply",), ("create",), ("replace",), ("patch",), ("delete",)),
    "helm": (("install",), ("upgrade",)),
    "terraform": (("apply",), ("destroy",)),
    "docker": (("push",),),
    "npm": (("publish",),),
    "pnpm": (("publish",),),
    "yarn": (("publish",), ("npm", "publish")),
    "twine": (("upload",),),
    "cargo": (("publish",),),
}


# Verbs any cap can start with: a segment whose views start with none of these is never capped.
CAP_VERBS: frozenset[str] = frozenset(_EXTERNAL) | PRIVILEGED


def _positionals(view: tuple[str, ...], limit: int = 3) -> list[str]:
    """The first non-option words after the verb, skipping global options and their values."""
    value_opts = _VALUE_OPTS.get(view[0], frozenset())
    out: list[str] = []
    k = 1
    n = len(view)
    while k < n and len(out) < limit:
        w = view[k]
        if w.startswith("-") and len(w) > 1:
            if w == "--":
                k += 1
                continue
            k += 2 if w in value_opts else 1
            continue
        out.append(w)
        k += 1
    return out


def _external_view(view: tuple[str, ...]) -> bool:
    forms = _EXTERNAL.get(view[0])
    if forms is None:
        return False
    pos = _positionals(view)
    for form in forms:
        if tuple(pos[: len(form)]) == form:
            return True
    return False


def external_effect(words: tuple[str, ...]) -> bool:
    """R4.8 / RN-418: any view of the segment publishes, merges or deploys."""
    return external_effect_views(views(words))


def external_effect_views(all_views: Sequence[tuple[str, ...]]) -> bool:
    for view in all_views:
        if view and view[0] in _EXTERNAL and _external_view(view):
            return True
    return False


def privileged(words: tuple[str, ...]) -> bool:
    """RN-418: `sudo` or `doas` is the verb of the segment or of any view of it."""
    return privileged_views(views(words))


def privileged_views(all_views: Sequence[tuple[str, ...]]) -> bool:
    return any(view and view[0] in PRIVILEGED for view in all_views)


def is_cap_prefix(words: tuple[str, ...]) -> bool:
    """True when a pattern with these words would also start a cap command (R7.3).

    Literal word prefix of a cap form: ``git`` and ``git remote`` (of ``git remote add``), ``gh pr`` (of
    ``gh pr create``), ``sudo``. ``git remote -v`` and ``gh pr list`` are not.
    """
    if not words:
        return True
    verb = words[0]
    if verb in PRIVILEGED:
        return True
    forms = _EXTERNAL.get(verb)
    if forms is None:
        return False
    rest = words[1:]
    return any(len(rest) <= len(form) and form[: len(rest)] == rest for form in forms)
