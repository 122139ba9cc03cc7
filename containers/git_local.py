"""git_commit, write_file and git_push in the project's worktree (the project root, R1.3/R1.4).

Every git Brabo runs on the host is hermetic (``containers.git_hermetic``, R9.7): a private empty home, no
system or global config, no variable of the worker's environment, and the settings that redirect transport
or run programs overridden on its command line — so nothing an agent wrote into the worktree, nor anything
another tenant wrote on the host, runs or steers it. Pushing over HTTPS authenticates with the workspace
owner's token (R9.2) through ``git_askpass.sh``, which answers only the prompts naming the remote's origin:
the token is in that one git process's environment — never in argv, never in a remote URL, never in a file
— and is redacted from anything captured. The git that holds it pushes from a throwaway bare clone whose
config holds only what ``git clone`` wrote; any other key refuses the push (``git_config_refused``).
"""

from __future__ import annotations

import logging
import os
import shlex
import stat
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings

from actions.execution import ExecutionFailure, TransientFault
from actions.models import EXECUTING, ProposedAction
from brabo_client.runner import Failure as WriteRefused
from brabo_client.runner import (
    alternates,
    as_seen_inside,
    as_walked,
    leads_inside,
    links_out,
    names_git_folder,
    write_inside,
)
from projects.git_settings import push_remote_refusal

from . import git_hermetic
from .broker import WORKDIR, host_folder
from .bwrap import bwrap_path, run_capped, sandbox_argv

log = logging.getLogger(__name__)
ASKPASS = Path(__file__).with_name("git_askpass.sh")
# The user names GitHub and GitLab accept with a token as the password over HTTPS.
TOKEN_USERNAMES = {"github": "x-access-token", "gitlab": "oauth2"}
# Options that make git ignore what the worktree's own config could make it run or send (git_commit's
# script, inside the sandbox; on the host every git gets git_hermetic's fuller set).
SAFE_GIT = [
    "-c", "core.hooksPath=/dev/null",
    "-c", "credential.helper=",
    "-c", "protocol.ext.allow=never",
    "-c", "core.fsmonitor=false",
    "-c", "commit.gpgSign=false",
]  # fmt: skip
TAIL = 2000  # characters of git's stderr kept in a failure message
SANDBOXED_TYPES = ("terminal", "git_commit")  # the actions whose commands run in the project's sandbox


def worktree(action) -> Path:
    """The folder git runs in: the project root, or ``payload.cwd`` inside it (an agent worktree)."""
    project = action.project
    try:
        root = Path(project.root())
    except ValueError as exc:  # LocalRootError: the typed path is no longer usable (R1.4)
        raise ExecutionFailure(
            "project_root_unusable", str(exc), "A maintainer fixes the project's local path."
        )
    sub = action.payload.get("cwd") or ""
    target = inside(root, str(sub), what="cwd", physical=True) if sub else root
    if not target.is_dir():
        raise ExecutionFailure(
            "worktree_missing",
            f"The project folder {project.scope_root_id()}/{sub} does not exist on the execution host.",
            "Check out the repository into the project folder (or start the project's container), then retry.",
        )
    return target


def inside(root: Path, raw: str, *, what: str, physical: bool = False) -> Path:
    """``raw`` (relative to ``root``, or absolute under it) as a path under root: as written, or with
    ``physical`` the folder its links lead to inside the project (none left to follow). Refuses ``..``,
    ``.git`` and anything that leads outside (or into .git) through a symlink."""
    rel = raw
    if raw.startswith("/"):
        if not (raw == str(root) or raw.startswith(str(root).rstrip("/") + "/")):
            raise ExecutionFailure(
                "path_outside_project",
                f"{what} {raw!r} is outside the project folder.",
                f"Propose the action again with a {what} inside the project.",
            )
        rel = raw[len(str(root)) :].lstrip("/")
    parts = [p for p in rel.split("/") if p not in ("", ".")]
    if any(p == ".." for p in parts) or any(p == ".git" for p in parts):
        raise ExecutionFailure(
            "path_outside_project",
            f"{what} {raw!r} climbs out of the project folder or into .git, which Brabo does not write.",
            f"Propose the action again with a plain {what} inside the project.",
        )
    candidate = root.joinpath(*parts)
    # R9.7: the links on the way are followed as the sandbox sees them, inside the project only -- never on
    # the host, where a link a command wrote would tell whether any host path exists
    state, found = as_seen_inside(root, parts)
    if state == "outside" or (
        found is not None and any(names_git_folder(p) for p in found.relative_to(root).parts)
    ):
        raise ExecutionFailure(
            "path_outside_project",
            f"{what} {raw!r} leads outside the project folder (or into .git) through a symbolic link.",
            "Remove the link or use a path that stays inside the project.",
        )
    return candidate if found is None or not physical else found


def run_git(
    cwd: Path,
    *args: str,
    env: dict[str, str] | None = None,
    home: Path | None = None,
    protocol: str | None = None,
) -> subprocess.CompletedProcess:
    """A hermetic git (containers.git_hermetic) in ``cwd``; ``home`` is the operation's private home (a fresh
    one for this call when omitted), ``protocol`` the one transport it may use."""
    untrusted = tenant_folders()
    timeout = settings.BRABO_GIT_TIMEOUT
    try:
        if home is None:
            with git_hermetic.private_home() as fresh:
                return git_hermetic.run(
                    cwd, fresh, *args, protocol=protocol, env=env, timeout=timeout, untrusted=untrusted
                )
        return git_hermetic.run(
            cwd, home, *args, protocol=protocol, env=env, timeout=timeout, untrusted=untrusted
        )
    except subprocess.TimeoutExpired:
        raise ExecutionFailure(
            "git_timeout",
            f"git {args[0]} did not finish within {settings.BRABO_GIT_TIMEOUT} seconds and was stopped.",
            "Check the remote and the repository size, then propose the action again.",
        ) from None


def tenant_folders() -> list[str]:
    """Where tenants' commands and files live: no program is ever taken from there (a PATH entry inside)."""
    return [
        *(str(b) for b in settings.BRABO_LOCAL_ROOTS),
        str(settings.PROJECT_WORKSPACES_ROOT),
        str(settings.BRABO_PROJECTS_BASE),
    ]


def _tail(text: str) -> str:
    return text.strip()[-TAIL:]


def _require_text(payload: dict, name: str) -> str:
    value = payload.get(name)
    if not isinstance(value, str) or not value.strip():
        raise ExecutionFailure(
            "invalid_payload",
            f"The payload needs a non-empty text field {name!r}.",
            "Propose the action again.",
        )
    return value


# -- write_file -----------------------------------------------------------------------------------


def write_file(action, ctx) -> dict:
    """Payload ``{path, content}``: written atomically (temp file + rename) inside the project."""
    path = _require_text(action.payload, "path")
    content = action.payload.get("content")
    if not isinstance(content, str):
        raise ExecutionFailure(
            "invalid_payload", "content must be text.", "Propose the action again with content."
        )
    target = inside(worktree(action), path, what="path")
    if target.is_dir():
        raise ExecutionFailure("path_is_a_folder", f"{path!r} is a folder.", "Propose a file path.")
    root = host_folder(action.project)
    # The check above reads the path once; a command still running in the sandbox can swap a folder on the
    # way for a link to another tenant's folder right after it. So the write opens every folder from the
    # root without following a link (the runner's own write): what it cannot open so is refused.
    try:
        write_inside(root, list(target.relative_to(root).parts), content, path)
    except WriteRefused as refused:
        raise ExecutionFailure(
            refused.code,
            refused.message,
            "Remove the link or use a path that stays inside the project, then propose the action again."
            if refused.code == "path_outside_project"
            else "Check the path (a folder in the way, a name too long, a full disk), then propose the action again.",
        ) from None
    except OSError as exc:
        raise ExecutionFailure(
            "write_failed",
            f"{path!r} could not be written: {exc.strerror or exc}.",
            "Check the path (a folder in the way, a name too long, a full disk), then propose the action again.",
        ) from None
    return {"path": path, "bytes": len(content.encode())}


# -- git_commit -----------------------------------------------------------------------------------


def git_commit(action, ctx) -> dict:
    """Payload ``{message, paths?}``: stages ``paths`` (default: everything) and commits.

    Staging can run programs the worktree's config names (filter drivers in .gitattributes, fsmonitor),
    and agents can write that config with terminal commands, so git runs inside the project's bubblewrap
    sandbox (only /work, no network) whenever bwrap is installed; without it, on the host with hooks,
    fsmonitor and signing switched off (filter drivers remain the documented residual risk)."""
    message = _require_text(action.payload, "message")
    paths = action.payload.get("paths")
    cwd = worktree(action)
    if paths is not None:
        if not isinstance(paths, list) or not all(isinstance(p, str) and p for p in paths):
            raise ExecutionFailure(
                "invalid_payload", "paths must be a list of file paths.", "Propose it again."
            )
        for p in paths:
            inside(cwd, p, what="path")
    git = "git " + " ".join(shlex.quote(a) for a in SAFE_GIT)
    add = f"{git} add -- " + " ".join(shlex.quote(p) for p in paths) if paths is not None else f"{git} add -A"
    script = (
        "export GIT_AUTHOR_NAME=Brabo GIT_AUTHOR_EMAIL=brabo@localhost GIT_COMMITTER_NAME=Brabo "
        "GIT_COMMITTER_EMAIL=brabo@localhost GIT_CONFIG_NOSYSTEM=1 GIT_TERMINAL_PROMPT=0\n"
        f"{add} || exit 4\n"
        f"{git} diff --cached --quiet --no-ext-diff && exit 3\n"
        f"{git} commit -q -m {shlex.quote(message)} || exit 5\n"
        f"{git} rev-parse HEAD && {git} rev-parse --abbrev-ref HEAD\n"
    )
    if bwrap_path():
        root = host_folder(action.project)
        rel = os.path.relpath(cwd, root)
        inner = WORKDIR if rel == "." else f"{WORKDIR}/{rel}"
        done = run_capped(
            sandbox_argv(root, inner, script), timeout=settings.BRABO_GIT_TIMEOUT, output_cap=65536
        )
        code, out, err = done.exit_code, done.stdout, done.stderr
    else:
        log.warning("bubblewrap is not installed: git_commit runs on the host for action %s", action.id)
        with git_hermetic.private_home() as home:
            env = git_hermetic.hermetic_env(home, untrusted=tenant_folders())
            ran = subprocess.run(["/bin/sh", "-c", script], cwd=cwd, env=env, capture_output=True, text=True,
                                 timeout=settings.BRABO_GIT_TIMEOUT, stdin=subprocess.DEVNULL)  # fmt: skip
        code, out, err = ran.returncode, ran.stdout, ran.stderr
    if code == 3:
        raise ExecutionFailure(
            "nothing_to_commit", "There are no changes to commit.", "Write the changes first."
        )
    if code != 0:
        step = {4: "git add", 5: "git commit"}.get(code or 0, "git")  # None: timed out
        raise ExecutionFailure(
            "git_commit_failed", f"{step} failed: {_tail(err)}", "Read git's message, fix, retry."
        )
    sha, branch = (out.strip().splitlines() + ["", ""])[:2]
    return {"sha": sha, "branch": branch}


# -- git_push -------------------------------------------------------------------------------------


def git_push(action, ctx) -> dict:
    """Payload ``{branch, remote?}``. Pushes the branch to the project's configured remote only: the
    owner's token must never go to a remote an agent chose (``remote`` may only name that one)."""
    project = action.project
    branch = _require_text(action.payload, "branch").strip()
    remote_url = project.git_remote_url.strip()
    if not remote_url:
        raise ExecutionFailure(
            "remote_not_set",
            "The project has no git remote URL, so Brabo does not know where to push.",
            "A maintainer sets the project's git remote URL, then proposes the push again.",
        )
    remote = action.payload.get("remote")
    if remote not in (None, "", "origin", remote_url):
        raise ExecutionFailure(
            "remote_not_allowed",
            f"Brabo pushes only to the project's configured remote, not to {remote!r}.",
            "Propose the push without 'remote' (or with 'origin').",
        )
    cwd = worktree(action)
    protocol = _protocol(remote_url)
    env = _credential_env(remote_url, ctx)
    refusal = push_remote_refusal(project)  # whose token, then where: the provider as it is now
    if refusal:
        raise ExecutionFailure(
            "remote_off_provider",
            refusal,
            "The workspace owner sets the remote again (or a maintainer sets one on the provider's origin), "
            "then proposes the push again.",
        )
    ref = f"refs/heads/{branch}"
    # R9.7: the git that holds the token never reads the worktree's own config, which an agent can write (a
    # terminal command can set http.proxy, sslVerify=false, insteadOf, fsmonitor...), nor the worker's home
    # or system config: it pushes from a throwaway bare clone in a private home, holding only the objects of
    # the worktree (checked to lie inside the project) and the config git wrote for it.
    with git_hermetic.private_home(prefix="brabo-push-") as home:
        if (
            branch.startswith("-")
            or run_git(home, "check-ref-format", "--branch", branch, home=home).returncode
        ):
            raise ExecutionFailure(
                "invalid_payload", f"{branch!r} is not a valid branch name.", "Propose it again."
            )
        _objects_inside_project(cwd, Path(project.root()), home)
        mirror = home / "push.git"
        cloned = run_git(
            home, "clone", "-q", "--bare", "--shared", "--no-tags", "--single-branch", "--template=",
            "--branch", branch, "--", str(cwd), str(mirror), home=home, protocol="file",
        )  # fmt: skip
        if cloned.returncode != 0:
            raise ExecutionFailure(
                "branch_missing",
                f"The branch {branch!r} does not exist in the project's worktree: "
                f"{_as_seen(_tail(cloned.stderr), Path(project.root()))}",
                "Create and commit on the branch first, then propose the push again.",
            )
        # the clone read the worktree's .git again: one swapped since the check (a command still running)
        # shows in the stores the mirror now borrows from, which are all the push can read
        _stores_inside_project(mirror / "objects", Path(project.root()))
        unexpected = git_hermetic.unexpected_config(mirror, home, timeout=settings.BRABO_GIT_TIMEOUT)
        if unexpected:
            raise ExecutionFailure(
                "git_config_refused",
                "The repository git would push from carries settings that redirect or weaken the transport or "
                f"run programs ({', '.join(unexpected)[:300]}); Brabo does not hand the owner's token to it.",
                "Remove those settings from the repository's configuration, then propose the push again.",
            )
        pushed = run_git(
            mirror, "push", "--porcelain", "--no-verify", "--", remote_url, f"{ref}:{ref}",
            env=env, home=home, protocol=protocol,
        )  # fmt: skip
        stderr = ctx.redact(pushed.stderr)
        if pushed.returncode != 0:
            _push_failure(stderr, branch)
        sha = run_git(mirror, "rev-parse", ref, home=home).stdout.strip()
    return {"branch": branch, "sha": sha, "output": _tail(ctx.redact(pushed.stdout))}  # redact, then cut


def _protocol(remote_url: str) -> str:
    """The one transport the push may use: the remote's own (https, http; file for a local bare path)."""
    scheme = urlsplit(remote_url).scheme
    return scheme if scheme in ("https", "http") else "file"


def _named_by(entry: Path, root: Path, *, gitfile: bool) -> Path | None:
    """Where the git pointer ``entry`` (a ``.git`` link or ``gitdir:`` file, or a ``commondir`` file) leads,
    read without following anything out of the project; None when it names nothing (git then finds no
    repository there, and says so without looking elsewhere). Leading outside: ``git_objects_outside_project``."""
    try:
        st = os.lstat(entry)
    except OSError:
        return None
    if stat.S_ISDIR(st.st_mode):
        return entry if gitfile else None
    if stat.S_ISLNK(st.st_mode):
        named = os.readlink(entry)
    elif stat.S_ISREG(st.st_mode):
        try:
            with open(entry, "rb", opener=lambda p, f: os.open(p, f | os.O_NOFOLLOW)) as handle:
                text = handle.read(4096).decode(errors="replace").strip()
        except OSError:
            return None
        if gitfile and not text.startswith("gitdir:"):
            return None
        named = text[len("gitdir:") :].strip() if gitfile else text
    else:
        raise _outside("the git folder")
    where = Path(named) if named.startswith("/") else entry.parent / named
    if not leads_inside(where, root):
        raise _outside("the git folder")
    state, physical = as_seen_inside(root, str(where)[len(os.path.normpath(str(root))) :].split("/"),
                                     absolute_root=os.path.normpath(str(root)))  # fmt: skip
    return physical if state == "found" else None


def _pointers_inside_project(cwd: Path, root: Path, walked: dict | None = None) -> None:
    """Before git runs on the host: the worktree's ``.git`` (a folder, a link or a ``gitdir:`` file), a linked
    worktree's ``commondir`` and each git folder's ``objects`` lead inside the project, read without following
    anything out of it. git following them on the host answered whether a host path is a repository: another
    tenant's refused as outside, a missing one "not a git repository" (R9.7). ``walked`` keeps what the walk
    of each git folder saw, for the check after git ran (:func:`_links_out`)."""
    here = cwd
    while not os.path.lexists(here / ".git"):
        if here == root or not _within(here.parent, root):
            return  # no .git up to the project's folder: git stops there (GIT_CEILING_DIRECTORIES)
        here = here.parent
    gitdir = _named_by(here / ".git", root, gitfile=True)
    if gitdir is None:
        return
    common = (
        _named_by(gitdir / "commondir", root, gitfile=False)
        if os.path.lexists(gitdir / "commondir")
        else None
    )
    for folder in (gitdir, common):
        if (
            folder is not None
            and os.path.lexists(folder / "objects")
            and not leads_inside(folder / "objects", root)
        ):
            raise _outside("an object store")
        if folder is not None and _links_out(folder, root, walked):
            raise _outside("a link in the git folder")


def _links_out(folder: Path, root: Path, walked: dict | None) -> bool:
    """:func:`links_out`, walked once per ``walked``: when the same folder was walked before and none of its
    folders has changed since (no name added, removed or renamed in any), what the walk found stands."""
    if walked is None:
        return links_out(folder, root)
    before = walked.get(str(folder))
    if before is not None and as_walked(before, root):
        return False
    seen: dict[str, tuple | None] = {}
    walked[str(folder)] = seen
    return links_out(folder, root, seen)


def _as_seen(text: str, root: Path) -> str:
    """git's words with the project folder's host path as the sandbox names it."""
    return text.replace(os.path.normpath(str(root)), WORKDIR)


def _objects_inside_project(cwd: Path, root: Path, home: Path, walked: dict | None = None) -> None:
    """The push reads the worktree's objects through the mirror's alternates; so the worktree's git folder
    and every object store it borrows from (``objects/info/alternates``) must lie inside the project:
    otherwise a push could carry another project's files (``git_objects_outside_project``). The pointers are
    read first, inside the project only: git runs on the host only where they stay in it. ``walked``: see
    :func:`_pointers_inside_project` (a check after git ran walks only what changed)."""
    _pointers_inside_project(cwd, root, walked)
    found = run_git(
        cwd, "rev-parse", "--path-format=absolute", "--git-dir", "--git-common-dir", home=home,
        env=_ceiling(root),
    )  # fmt: skip
    if found.returncode != 0:
        raise ExecutionFailure(
            "worktree_missing",
            f"The project folder {cwd.name} is not a git repository: {_as_seen(_tail(found.stderr), root)}",
            "Check out the repository into the project folder, then retry.",
        )
    dirs = [Path(line) for line in found.stdout.splitlines() if line.strip()]
    for path in dirs:
        if not _within(path, root):
            raise _outside("the git folder")
    for d in dirs:
        _stores_inside_project(d / "objects", root)


def _stores_inside_project(objects: Path, root: Path) -> None:
    """Every object store ``objects`` borrows from lies inside the project (``git_objects_outside_project``),
    its links followed inside the project only."""
    if any(not leads_inside(os.path.normpath(store), root) for store in alternates(objects)):
        raise _outside("an alternate object store")


def _outside(what: str) -> ExecutionFailure:
    return ExecutionFailure(
        "git_objects_outside_project",
        f"The worktree's git folder or one of its object stores ({what}) lies outside the project folder.",
        "Keep the repository's .git and its alternates inside the project folder, then propose the push again.",
    )


def _ceiling(root: Path) -> dict[str, str]:
    """git looks for the repository in the project folder and never in the folders above it."""
    return {"GIT_CEILING_DIRECTORIES": str(root.parent)}


def _within(path: Path, root: Path) -> bool:
    real, top = os.path.realpath(path), os.path.realpath(root)
    return real == top or real.startswith(top.rstrip("/") + "/")


def _credential_env(remote_url: str, ctx) -> dict[str, str]:
    """The askpass wiring for an HTTP(S) remote; nothing for a local path (no credential involved)."""
    parts = urlsplit(remote_url)
    if parts.scheme in ("", "file"):
        return {}
    if parts.scheme not in ("https", "http"):
        raise ExecutionFailure(
            "remote_scheme_unsupported",
            f"The project's remote uses {parts.scheme}://; Brabo pushes over HTTPS with the workspace owner's token.",
            "A maintainer sets an https:// remote URL for the project.",
        )
    if parts.username or parts.password:
        raise ExecutionFailure(
            "remote_has_credentials",
            "The project's remote URL contains a user name or password; Brabo refuses to use or store it.",
            "A maintainer sets the remote URL without credentials; Brabo adds the owner's token itself.",
        )
    kind, _, token = ctx.owner_credentials()
    origin = f"{parts.scheme}://{parts.netloc}"
    username = TOKEN_USERNAMES.get(kind, "x-access-token")
    return {
        "GIT_ASKPASS": str(ASKPASS),
        "BRABO_GIT_USERNAME": username,
        "BRABO_GIT_TOKEN": token,
        "BRABO_GIT_USER_PROMPT": f"Username for '{origin}': ",
        "BRABO_GIT_PASS_PROMPT": f"Password for '{parts.scheme}://{username}@{parts.netloc}': ",
    }


def _push_failure(stderr: str, branch: str):
    low = stderr.lower()
    if "authentication failed" in low or "could not read username" in low or "returned error: 40" in low:
        raise ExecutionFailure(
            "git_auth_failed",
            "The remote refused the workspace owner's credentials for this push.",
            "The workspace owner checks that their provider token can push to the repository, then retry.",
        )
    if "rejected" in low or "non-fast-forward" in low or "fetch first" in low:
        raise ExecutionFailure(
            "push_rejected",
            f"The remote rejected the push of {branch}: {_tail(stderr)}",
            "Update the branch with the remote's changes (pull and rebase or merge), commit, then push again.",
        )
    if (
        "could not resolve host" in low
        or "connection refused" in low
        or "timed out" in low
        or "unable to access" in low
    ):
        raise TransientFault(
            "git_remote_unreachable",
            f"The git remote could not be reached: {_tail(stderr)}",
            "Brabo retries on its own; if it persists, check the remote URL and the network.",
        )
    raise ExecutionFailure(
        "git_push_failed", f"git push failed: {_tail(stderr)}", "Read git's message and retry."
    )


# -- what a push would carry (the approval card shows it before the click) -----------------------------------

PREVIEW_COMMITS = 20
PREVIEW_FILES = 50


def push_preview(action) -> dict:
    """The commits and files a ``git_push`` of ``action`` would carry from the worktree: those of the branch
    that no remote-tracking branch of the worktree holds (what the remote already has is not known without
    asking it, so a branch never fetched shows its whole history). Read-only and hermetic like every git
    here (no hooks, no textconv or external diff, no signature check). ``{"error": sentence}`` when it
    cannot be read; ``{"elsewhere": True}`` for a runner project (the worktree is on the runner's machine)."""
    if action.project.execution_mode == "runner":
        return {"elsewhere": True}
    branch = action.payload.get("branch")
    if not isinstance(branch, str) or not branch.strip() or branch.strip().startswith("-"):
        return {"error": "the payload names no branch"}
    branch = branch.strip()
    if ProposedAction.objects.filter(
        project=action.project, status=EXECUTING, action_type__in=SANDBOXED_TYPES
    ).exists():
        # such a command can swap the .git for the length of the git log and back before the check after
        # it; nothing else writes the project's .git (what a command starts ends with it)
        return {"error": "a command is running in the project folder now, so what the push would carry is not "
                         "read; look again when it has finished"}  # fmt: skip
    try:
        cwd = worktree(action)
        root = host_folder(action.project)
        with git_hermetic.private_home() as home:
            # the worktree's .git is the sandbox's to write: it may name another tenant's repository (a .git
            # file, commondir, alternates, a link) or be missing, so that git finds one above the project.
            # Checked before and after, so a .git swapped meanwhile shows nothing either.
            walked: dict = {}  # the git folders' walk, done once: the check after reads only their state
            _objects_inside_project(cwd, root, home, walked=walked)
            listed = run_git(
                cwd, "-c", "log.showSignature=false", "log", "--no-ext-diff", "--no-textconv", "--no-color",
                "--no-renames", f"--max-count={PREVIEW_COMMITS + 1}", "--format=%x00%h%x09%an%x09%s",
                "--name-status", f"refs/heads/{branch}", "--not", "--remotes", "--", home=home,
                env=_ceiling(root),
            )  # fmt: skip
            _objects_inside_project(cwd, root, home, walked=walked)
    except ExecutionFailure as failure:
        return {"error": failure.message}
    if listed.returncode != 0:
        return {"error": f"git cannot read the branch {branch} in the project's worktree (does it exist?)"}
    commits: list[dict] = []
    touched: dict[str, list[str]] = {}  # path -> its statuses, newest commit first
    for block in listed.stdout.split("\0")[1:]:
        head, _, rest = block.partition("\n")
        sha, _, tail = head.partition("\t")
        author, _, subject = tail.partition("\t")
        commits.append({"sha": sha, "author": author, "subject": subject})
        for line in rest.splitlines():
            status, _, path = line.partition("\t")
            if path:
                touched.setdefault(path, []).append(status[:1])
    more = len(commits) > PREVIEW_COMMITS
    listed_files = []
    for path, statuses in sorted(touched.items()):  # the net change over the pushed commits
        first, last = statuses[-1], statuses[0]
        if first == "A" and last == "D":
            continue  # added and deleted again: the push leaves no such file
        change = "added" if first == "A" else "deleted" if last == "D" else "changed"
        listed_files.append({"path": path, "change": change})
    return {
        "commits": commits[:PREVIEW_COMMITS],
        "more_commits": more,
        "files": listed_files[:PREVIEW_FILES],
        "more_files": max(0, len(listed_files) - PREVIEW_FILES),
    }
