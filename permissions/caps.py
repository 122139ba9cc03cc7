"""External-effect and privileged command detection for the terminal caps (SPEC §5 step 6, RN-418).

A segment has an *external effect* when it publishes or deploys: ``git push``, ``git remote add|set-url``,
``git merge``, provider CLIs, deploy tools, package publishing. git's global options are skipped
(``git -C /tmp push`` is ``git push``), and every view of the segment is checked (wrappers, assignments,
verb paths and ``sudo`` looked through, R4.8). A *privileged* segment has ``sudo`` or ``doas`` as a verb.

The cap fails closed: an option before the subcommand whose arity is not known may or may not take the
next word, and the segment is external when either reading is (``npm --loglevel silly publish``); an option
that defines a command alias (``git -c alias.p=push p``, ``cargo --config alias...``) makes it external,
since an alias can run anything.
"""

from __future__ import annotations

from collections.abc import Sequence

from permissions.commands.git import GIT_GLOBAL_FLAGS, GIT_GLOBAL_VALUE_OPTS
from permissions.commands.privilege import PRIVILEGE_VERBS, PRIVILEGED, privileged_view
from permissions.commands.views import views

__all__ = [
    "CAP_VERBS",
    "external_effect",
    "external_effect_views",
    "is_cap_prefix",
    "privileged",
    "privileged_views",
]


class _Globals:
    """A tool's options before (and between) its subcommand words, as its parser reads them.

    ``values`` take the next word unless written ``--opt=value``; ``flags`` take none; ``short`` maps the
    letters of a clustered ``-abc`` word to whether they take a value (the rest of the word, else the next
    one). Anything else has no certain arity: it may or may not take the next word.
    """

    __slots__ = ("flags", "short", "values")

    def __init__(
        self, values: str = "", flags: str = "", short_values: str = "", short_flags: str = ""
    ) -> None:
        self.values = frozenset(values.split())
        self.flags = frozenset(flags.split())
        self.short: dict[str, bool] = {c: False for c in short_flags}
        self.short.update({c: True for c in short_values})


_KUBE_VALUES = (
    "-n --namespace --context --cluster --kubeconfig --user -s --server --token --as --as-group --as-uid"
    " --request-timeout --cache-dir --certificate-authority --client-certificate --client-key --password"
    " --username --profile --profile-output --tls-server-name -v --v --vmodule --log-dir --log-file"
    " --log-file-max-size --log-flush-frequency --log-backtrace-at --stderrthreshold"
)
_KUBE_FLAGS = (
    "--insecure-skip-tls-verify --match-server-version --warnings-as-errors --disable-compression"
    " --add-dir-header --alsologtostderr --logtostderr --one-output --skip-headers --skip-log-headers -h --help"
)
# Only what each tool documents. An option missing here is not a bypass: both of its readings are judged.
_GLOBALS: dict[str, _Globals] = {
    # git.c handle_options: exact words only, no clusters.
    "git": _Globals(" ".join(GIT_GLOBAL_VALUE_OPTS), " ".join(GIT_GLOBAL_FLAGS)),
    "gh": _Globals("-R --repo --hostname", "-h --help --version", "R", "h"),
    "glab": _Globals("-R --repo", "-h --help --version", "R", "h"),
    "kubectl": _Globals(_KUBE_VALUES, _KUBE_FLAGS, "nsv", "h"),
    "helm": _Globals(
        "-n --namespace --kube-context --kubeconfig --registry-config --repository-config --repository-cache"
        " --kube-apiserver --kube-token --kube-as-user --kube-as-group --kube-ca-file --kube-tls-server-name"
        " --burst-limit --qps",
        "--debug --kube-insecure-skip-tls-verify -h --help",
        "n",
        "h",
    ),
    # mitchellh/cli: `-chdir=dir` is one word; `-chdir dir` is refused.
    "terraform": _Globals("", "-help -h --help -version -v --version"),
    "docker": _Globals(
        "-H --host -c --context --config -l --log-level --tlscacert --tlscert --tlskey",
        "-D --debug --tls --tlsverify -v --version -h --help",
        "Hcl",
        "Dvh",
    ),
    "npm": _Globals("--prefix -C -w --workspace --userconfig --registry --loglevel", "-g --global"),
    "pnpm": _Globals("-C --dir --filter -F --registry"),
    "yarn": _Globals("--cwd --registry"),
    "twine": _Globals("", "-h --help -v --version --no-color"),
    "cargo": _Globals(
        "-C -Z --config --manifest-path --color --explain",
        "-v --verbose -q --quiet --locked --offline --frozen --list -V --version -h --help",
        "CZ",
        "vqVh",
    ),
}

# Word sequences (after the verb and its options) that are an external effect.
# SPEC's list first on each line; after `# [beyond]`, more of the same acts (publishing, changing a remote,
# a cluster or shared state) -- a cap only ever asks a person, so a longer list fails closed.
_EXTERNAL: dict[str, tuple[tuple[str, ...], ...]] = {
    "git": (("push",), ("remote", "add"), ("remote", "set-url"), ("merge",))
    # [beyond]
    + (("lfs", "push"), ("subtree", "push"), ("send-email",), ("svn", "dcommit")),
    # gh: `pr new` is `pr create`'s alias; glab: `mr new`, `mr accept` are `mr create`, `mr merge`.
    "gh": (("pr", "create"), ("pr", "new"), ("pr", "merge"), ("release",), ("workflow", "run"))
    # [beyond]; `gh api` only when it writes (see _API_WRITES)
    + (("pr", "close"), ("pr", "comment"), ("pr", "edit"), ("pr", "review"), ("pr", "ready"))
    + (("issue", "create"), ("issue", "comment"), ("issue", "close"), ("issue", "edit"), ("issue", "delete"))
    + (("repo", "create"), ("repo", "delete"), ("repo", "edit"), ("repo", "fork"), ("repo", "archive"))
    + (("secret", "set"), ("secret", "delete"), ("variable", "set"), ("variable", "delete"))
    + (("run", "rerun"), ("run", "cancel"), ("gist", "create"), ("api",)),
    "glab": (("mr", "create"), ("mr", "new"), ("mr", "merge"), ("mr", "accept"), ("release",))
    # [beyond]
    + (("mr", "close"), ("mr", "note"), ("mr", "approve"), ("issue", "create"), ("issue", "close"))
    + (
        ("repo", "create"),
        ("repo", "delete"),
        ("repo", "fork"),
        ("variable", "set"),
        ("ci", "run"),
        ("api",),
    ),
    "kubectl": (("apply",), ("create",), ("replace",), ("patch",), ("delete",))
    # [beyond]
    + (("scale",), ("edit",), ("set",), ("label",), ("annotate",), ("drain",), ("cordon",), ("uncordon",))
    + (("taint",), ("expose",), ("autoscale",), ("run",), ("exec",), ("cp",))
    + (("rollout", "restart"), ("rollout", "undo"), ("rollout", "pause"), ("rollout", "resume")),
    "helm": (("install",), ("upgrade",))
    # [beyond]
    + (("uninstall",), ("delete",), ("rollback",), ("push",)),
    "terraform": (("apply",), ("destroy",))
    # [beyond]
    + (("import",), ("taint",), ("untaint",), ("force-unlock",), ("state", "rm"), ("state", "mv"))
    + (("state", "push"), ("state", "replace-provider")),
    "docker": (("push",), ("image", "push"))
    # [beyond]
    + (("compose", "push"), ("manifest", "push"), ("trust", "sign")),
    "npm": (("publish",),)
    # [beyond]
    + (("unpublish",), ("deprecate",), ("dist-tag",), ("owner",), ("access",)),
    "pnpm": (("publish",),),
    "yarn": (("publish",), ("npm", "publish")),
    "twine": (("upload",),),
    "cargo": (("publish",),)
    # [beyond]
    + (("yank",), ("owner",)),
}
# `gh api` / `glab api` read unless a method or a field makes the request write.
_API_WRITES = frozenset({"-X", "--method", "-f", "-F", "--field", "--raw-field", "--input"})
# The proper prefixes of those forms: a reading stays interesting only while it is one of these.
_STARTS: dict[str, frozenset[tuple[str, ...]]] = {
    verb: frozenset(form[:k] for form in forms for k in range(len(form))) for verb, forms in _EXTERNAL.items()
}
# Past this many (position, words so far) readings of one segment, it is not worth reading: it is capped.
_MAX_READINGS = 256


# Verbs any cap can start with: a segment whose views start with none of these is never capped.
CAP_VERBS: frozenset[str] = frozenset(_EXTERNAL) | PRIVILEGE_VERBS


def _steps(glob: _Globals, word: str) -> tuple[int, ...]:
    """How many words the option ``word`` spans: (1,), (2,), or (1, 2) when that is not certain."""
    if word in glob.values:
        return (2,)
    if word in glob.flags or "=" in word:
        return (1,)  # `--opt=value`, `-chdir=dir`: the value is in the word
    if word[1] != "-" and glob.short:
        for j in range(1, len(word)):
            takes = glob.short.get(word[j])
            if takes is None:
                break
            if takes:
                return (1,) if j + 1 < len(word) else (2,)
        else:
            return (1,)
    return (1, 2)


def _runs_alias(verb: str, view: tuple[str, ...], k: int) -> bool:
    """An option at ``view[k]`` that defines a command alias: the alias can run anything (`!sh` for git)."""
    word = view[k]
    if verb == "git":
        if word in ("-c", "--config-env"):
            value = view[k + 1] if k + 1 < len(view) else ""
        elif word.startswith("--config-env="):
            value = word[len("--config-env=") :]
        else:
            return False
        return value.lower().startswith("alias.")  # config section names are case-insensitive
    if verb == "cargo":
        if word == "--config":
            value = view[k + 1] if k + 1 < len(view) else ""
        elif word.startswith("--config="):
            value = word[len("--config=") :]
        else:
            return False
        # `--config KEY=VALUE` (TOML: the key may be quoted or spaced), or a file that can hold `[alias]`.
        key = value.partition("=")[0].lstrip(" \t'\"") if "=" in value else "alias"
        return key.startswith("alias")
    return False


def _subcommand_word(verb: str, got: tuple[str, ...], word: str) -> str:
    """npm runs any unambiguous abbreviation of a command: `npm pub` is `npm publish`."""
    if verb == "npm" and not got and len(word) >= 2 and "publish".startswith(word):
        return "publish"
    return word


def _external_view(view: tuple[str, ...]) -> bool:
    """True when some reading of ``view``'s options makes it one of its verb's external forms (§5 step 6).

    An option of uncertain arity may or may not take the next word: both readings are followed, so the
    subcommand is never decided by a guess (`npm --loglevel silly publish`, `kubectl -v 9 apply`). States
    are (position, subcommand words so far) and the words so far are always a proper prefix of a form, so
    the walk is linear in the segment's length.
    """
    verb = view[0]
    forms = _EXTERNAL.get(verb)
    if forms is None:
        return False
    glob = _GLOBALS[verb]
    starts = _STARTS[verb]
    n = len(view)
    todo: list[tuple[int, tuple[str, ...]]] = [(1, ())]
    seen: set[tuple[int, tuple[str, ...]]] = set()
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        if len(seen) > _MAX_READINGS:
            return True  # fail closed: too many ways to read it
        k, got = state
        if k >= n:
            continue
        w = view[k]
        if len(w) > 1 and w[0] == "-":
            if w == "--":
                todo.append((k + 1, got))
                continue
            if _runs_alias(verb, view, k):
                return True
            for step in _steps(glob, w):
                todo.append((k + step, got))
            continue
        if verb == "cargo" and k == 1 and w.startswith("+"):
            todo.append((2, got))  # `cargo +nightly`: rustup's toolchain selector
            continue
        nxt = (*got, _subcommand_word(verb, got, w))
        if nxt in forms:
            if nxt == ("api",):
                if _api_writes(view[k + 1 :]):
                    return True
                continue
            return True
        if nxt in starts:
            todo.append((k + 1, nxt))
    return False


def _api_writes(args: tuple[str, ...]) -> bool:
    """`gh api` / `glab api` with a method other than GET or HEAD, or with fields (which make it a POST)."""
    for k, w in enumerate(args):
        name, eq, value = w.partition("=")
        if w.startswith("-X") and len(w) > 2 and w[2] != "=":
            name, eq, value = "-X", "=", w[2:]  # `-XPOST`
        if name not in _API_WRITES:
            continue
        if name in ("-X", "--method"):
            method = value if eq else (args[k + 1] if k + 1 < len(args) else "")
            if method.upper() in ("GET", "HEAD"):
                continue
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
    """RN-418: `sudo`, `doas` or another sudo-like (permissions.commands.privilege) is the verb of the
    segment or of any view of it."""
    return privileged_views(views(words))


def privileged_views(all_views: Sequence[tuple[str, ...]]) -> bool:
    return any(privileged_view(view) for view in all_views)


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
