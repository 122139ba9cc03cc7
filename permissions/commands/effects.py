"""Publishing, deploying and changing shared state: the external-effect forms of each tool (SPEC §5 step 6,
RN-418), with how each tool's parser reads the options before its subcommand.

SPEC's list first on each line; after ``# [beyond]``, more of the same acts (publishing, changing a remote,
a cluster or shared state) -- a cap only ever asks a person, so a longer list fails closed. An option that
defines a command alias (``git -c alias.p=push p``, ``cargo --config alias...``) can run anything.
"""

from __future__ import annotations

from permissions.commands.families import FORMS, MORE
from permissions.commands.git import GIT_GLOBAL_FLAGS, GIT_GLOBAL_VALUE_OPTS

__all__ = ["API_WRITES", "EXTERNAL", "GLOBALS", "Globals", "api_writes", "runs_alias", "subcommand_word"]


class Globals:
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
GLOBALS: dict[str, Globals] = {
    # git.c handle_options: exact words only, no clusters.
    "git": Globals(" ".join(GIT_GLOBAL_VALUE_OPTS), " ".join(GIT_GLOBAL_FLAGS)),
    "gh": Globals("-R --repo --hostname", "-h --help --version", "R", "h"),
    # hub hands git's global options to git; its git forms are capped through the git view of the segment.
    "hub": Globals(" ".join(GIT_GLOBAL_VALUE_OPTS), " ".join(GIT_GLOBAL_FLAGS)),
    "glab": Globals("-R --repo", "-h --help --version", "R", "h"),
    "kubectl": Globals(_KUBE_VALUES, _KUBE_FLAGS, "nsv", "h"),
    "helm": Globals(
        "-n --namespace --kube-context --kubeconfig --registry-config --repository-config --repository-cache"
        " --kube-apiserver --kube-token --kube-as-user --kube-as-group --kube-ca-file --kube-tls-server-name"
        " --burst-limit --qps",
        "--debug --kube-insecure-skip-tls-verify -h --help",
        "n",
        "h",
    ),
    # mitchellh/cli: `-chdir=dir` is one word; `-chdir dir` is refused.
    "terraform": Globals("", "-help -h --help -version -v --version"),
    "docker": Globals(
        "-H --host -c --context --config -l --log-level --tlscacert --tlscert --tlskey",
        "-D --debug --tls --tlsverify -v --version -h --help",
        "Hcl",
        "Dvh",
    ),
    "npm": Globals("--prefix -C -w --workspace --userconfig --registry --loglevel", "-g --global"),
    "pnpm": Globals("-C --dir --filter -F --registry"),
    "yarn": Globals("--cwd --registry"),
    "twine": Globals("", "-h --help -v --version --no-color"),
    "cargo": Globals(
        "-C -Z --config --manifest-path --color --explain",
        "-v --verbose -q --quiet --locked --offline --frozen --list -V --version -h --help",
        "CZ",
        "vqVh",
    ),
}

# Word sequences (after the verb and its options) that are an external effect.
# SPEC's list first on each line; after `# [beyond]`, more of the same acts (publishing, changing a remote,
# a cluster or shared state) -- a cap only ever asks a person, so a longer list fails closed.
EXTERNAL: dict[str, tuple[tuple[str, ...], ...]] = {
    "git": (("push",), ("remote", "add"), ("remote", "set-url"), ("merge",))
    # [beyond]
    + (("lfs", "push"), ("subtree", "push"), ("send-email",), ("svn", "dcommit")),
    # gh: `pr new` is `pr create`'s alias; glab: `mr new`, `mr accept` are `mr create`, `mr merge`.
    "gh": (("pr", "create"), ("pr", "new"), ("pr", "merge"), ("release",), ("workflow", "run"))
    # [beyond]; `gh api` only when it writes (see API_WRITES)
    + (("pr", "close"), ("pr", "comment"), ("pr", "edit"), ("pr", "review"), ("pr", "ready"))
    + (("issue", "create"), ("issue", "comment"), ("issue", "close"), ("issue", "edit"), ("issue", "delete"))
    + (("repo", "create"), ("repo", "delete"), ("repo", "edit"), ("repo", "fork"), ("repo", "archive"))
    + (("secret", "set"), ("secret", "delete"), ("variable", "set"), ("variable", "delete"))
    + (("run", "rerun"), ("run", "cancel"), ("gist", "create"), ("api",))
    # [beyond] red team: the rest of gh's commands that change a repository, an account or a project.
    + (("pr", "lock"), ("pr", "unlock"), ("pr", "reopen"), ("pr", "update-branch"), ("pr", "revert"))
    + (("issue", "lock"), ("issue", "unlock"), ("issue", "reopen"), ("issue", "transfer"), ("issue", "pin"))
    + (("issue", "unpin"), ("issue", "develop"), ("repo", "rename"), ("repo", "sync"), ("repo", "unarchive"))
    + (("repo", "deploy-key", "add"), ("repo", "deploy-key", "delete"), ("repo", "autolink", "create"))
    + (("repo", "autolink", "delete"), ("workflow", "enable"), ("workflow", "disable"), ("run", "delete"))
    + (("gist", "delete"), ("gist", "edit"), ("gist", "rename"), ("label", "create"), ("label", "edit"))
    + (
        ("label", "delete"),
        ("label", "clone"),
        ("cache", "delete"),
        ("ssh-key", "add"),
        ("ssh-key", "delete"),
    )
    + (("gpg-key", "add"), ("gpg-key", "delete"), ("codespace", "create"), ("codespace", "delete"))
    + (("codespace", "edit"), ("codespace", "stop"), ("codespace", "rebuild"), ("codespace", "cp"))
    + (("codespace", "ssh"), ("codespace", "ports", "visibility"), ("project", "create"), ("project", "edit"))
    + (
        ("project", "delete"),
        ("project", "close"),
        ("project", "copy"),
        ("project", "link"),
        ("project", "unlink"),
    )
    + (
        ("project", "field-create"),
        ("project", "field-delete"),
        ("project", "item-add"),
        ("project", "item-archive"),
    )
    + (
        ("project", "item-create"),
        ("project", "item-delete"),
        ("project", "item-edit"),
        ("project", "mark-template"),
    )
    + (("agent-task", "create"),)
    # [beyond] settings and code gh runs later (R3.7's idea): a pager or editor (`gh config set pager 'sh
    # -c …'`, run by the next `gh pr view`), git's credential helper, an extension's program fetched from
    # the network. (An alias needs no cap: gh's own commands cannot be aliased, and a run of an alias or an
    # extension is opaque, see permissions.commands.gh.)
    + (("config", "set"), ("auth", "setup-git"))
    + tuple((ext, verb) for ext in ("extension", "ext", "extensions") for verb in ("install", "upgrade")),
    # [beyond] hub's own commands that publish (`hub push`, `hub merge URL` are read as git: see views).
    "hub": (("pull-request",), ("release",), ("api",), ("create",), ("delete",), ("fork",))
    + (("gist", "create"), ("issue", "create"), ("issue", "update"), ("issue", "transfer")),
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
    )
    # [beyond] red team: more of glab's commands that change a project.
    + (
        ("mr", "update"),
        ("mr", "reopen"),
        ("mr", "rebase"),
        ("mr", "revoke"),
        ("mr", "delete"),
        ("mr", "for"),
    )
    + (("issue", "update"), ("issue", "reopen"), ("issue", "delete"), ("issue", "note"), ("label", "create"))
    + (("label", "delete"), ("repo", "archive"), ("repo", "transfer"), ("repo", "mirror"), ("repo", "update"))
    + (("ci", "delete"), ("ci", "retry"), ("ci", "cancel"), ("ci", "trigger"), ("ci", "run-trig"))
    + (("schedule", "create"), ("schedule", "delete"), ("schedule", "run"), ("variable", "delete"))
    + (("variable", "update"), ("deploy-key", "add"), ("deploy-key", "delete"), ("ssh-key", "add"))
    + (("ssh-key", "delete"), ("snippet", "create"), ("stack", "sync"), ("incident", "close")),
    "kubectl": (("apply",), ("create",), ("replace",), ("patch",), ("delete",))
    # [beyond]
    + (("scale",), ("edit",), ("set",), ("label",), ("annotate",), ("drain",), ("cordon",), ("uncordon",))
    + (("taint",), ("expose",), ("autoscale",), ("run",), ("exec",), ("cp",))
    + (("rollout", "restart"), ("rollout", "undo"), ("rollout", "pause"), ("rollout", "resume")),
    "helm": (("install",), ("upgrade",))
    # [beyond]
    + (("uninstall",), ("delete",), ("rollback",), ("push",))
    # cobra aliases of `uninstall` (helm's own command tree: `uninstall`, `del`, `delete`, `un`).
    + (("del",), ("un",)),
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
# [beyond] effects by family (§5 step 6): the families (infrastructure as code, registries, remotes), one row per tool, and more
# mutating verbs of SPEC's own tools (permissions.commands.families).
for _verb, _forms in MORE.items():
    EXTERNAL[_verb] = EXTERNAL[_verb] + tuple(f for f in _forms if f not in EXTERNAL[_verb])
for _verb, _forms in FORMS.items():
    EXTERNAL[_verb] = EXTERNAL.get(_verb, ()) + _forms
    # An option not known here has no certain arity: both of its readings are judged (fail closed).
    GLOBALS.setdefault(_verb, GLOBALS["terraform"] if _verb in ("tofu", "terragrunt") else Globals())
GLOBALS.setdefault("oc", GLOBALS["kubectl"])

# `gh api` / `glab api` read unless a method or a field makes the request write.
API_WRITES = frozenset({"-X", "--method", "-f", "-F", "--field", "--raw-field", "--input"})


def runs_alias(verb: str, view: tuple[str, ...], k: int) -> bool:
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


def subcommand_word(verb: str, got: tuple[str, ...], word: str) -> str:
    """npm runs any unambiguous abbreviation of a command: `npm pub` is `npm publish`."""
    if verb == "npm" and not got and len(word) >= 2 and "publish".startswith(word):
        return "publish"
    return word


def api_writes(args: tuple[str, ...]) -> bool:
    """`gh api` / `glab api` with a method other than GET or HEAD, or with fields (which make it a POST)."""
    for k, w in enumerate(args):
        name, eq, value = w.partition("=")
        if w.startswith("-X") and len(w) > 2 and w[2] != "=":
            name, eq, value = "-X", "=", w[2:]  # `-XPOST`
        if name not in API_WRITES:
            continue
        if name in ("-X", "--method"):
            method = value if eq else (args[k + 1] if k + 1 < len(args) else "")
            if method.upper() in ("GET", "HEAD"):
                continue
        return True
    return False
