"""The local git provider: bare repositories on this host, behind the same port as GitHub and GitLab.

It lets every provider action (``pr_open``, ``git_merge``, branches, ``git_repo_create``) be tried with no
account anywhere -- the demo uses it. Each workspace has its own folder, ``BRABO_LOCAL_GIT_ROOT/<workspace
id>/``; a repository ``owner/name`` is the bare repository ``<owner>/<name>.git`` in it, and nothing outside
that folder is ever reached. Pull requests are kept beside the refs in ``<repo>.git/brabo/pulls.json``
(written atomically under a lock); a merge is a real ``--no-ff`` merge commit made with ``git merge-tree``
and ``commit-tree``, then moved onto the target branch with a compare-and-swap ``update-ref``, so a branch
that moved meanwhile is a conflict, never a lost commit. No token is involved.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import subprocess
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings

from permissions.files import atomic_write

from ..execution import ExecutionFailure
from .base import MergeOutcome, PullRequest

SEGMENT = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$")
GIT_ENV = {
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_TERMINAL_PROMPT": "0",
    "LANG": "C.UTF-8",
    "GIT_AUTHOR_NAME": "Brabo",
    "GIT_AUTHOR_EMAIL": "brabo@localhost",
    "GIT_COMMITTER_NAME": "Brabo",
    "GIT_COMMITTER_EMAIL": "brabo@localhost",
}


def repository_path(root: Path, repo: str) -> Path:
    """``owner/name`` -> ``root/owner/name.git``; anything else (``..``, more parts, odd characters) fails."""
    parts = repo.split("/")
    if len(parts) != 2 or not all(SEGMENT.match(p) for p in parts):
        raise ExecutionFailure(
            "repository_invalid",
            f"{repo!r} is not a local repository name; use owner/name (letters, digits, '.', '_', '-').",
            "A maintainer sets the project's repository to owner/name, then proposes the action again.",
        )
    owner, name = parts
    return root / owner / (name if name.endswith(".git") else f"{name}.git")


def init_bare(path: Path, default_branch: str = "main") -> None:
    """Create a bare repository (idempotent); its HEAD names ``default_branch``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not (path / "HEAD").exists():
        _git(path.parent, "init", "-q", "--bare", f"--initial-branch={default_branch}", str(path))


def _git(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run(
        ["git", "-c", "core.hooksPath=/dev/null", "-c", "protocol.ext.allow=never", *args],
        cwd=cwd,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(cwd), **GIT_ENV},
        capture_output=True,
        text=True,
        timeout=settings.BRABO_GIT_TIMEOUT,
        stdin=subprocess.DEVNULL,
    )
    if check and done.returncode != 0:
        raise ExecutionFailure(
            "local_git_failed",
            f"git {args[0]} failed in the local repository: {done.stderr.strip()[-500:]}",
            "Read git's message; fix the repository or the names in the payload, then propose again.",
        )
    return done


class LocalGit:
    """GitProvider over bare repositories in one workspace's folder."""

    name = "local git"

    def __init__(self, root: Path):
        self.root = root

    def close(self) -> None:
        pass

    # -- helpers ---------------------------------------------------------------------------------
    def _repo(self, repo: str) -> Path:
        path = repository_path(self.root, repo)
        if not (path / "HEAD").is_file():
            raise ExecutionFailure(
                "provider_not_found",
                f"There is no local repository {repo!r} in this workspace.",
                "Create it (git_repo_create) or set the project's repository to an existing one.",
            )
        return path

    def _sha(self, path: Path, branch: str) -> str | None:
        done = _git(path, "rev-parse", "--verify", "-q", f"refs/heads/{branch}^{{commit}}", check=False)
        return done.stdout.strip() or None

    def _branch_name(self, path: Path, branch: str) -> str:
        if (
            branch.startswith("-")
            or _git(path, "check-ref-format", "--branch", branch, check=False).returncode
        ):
            raise ExecutionFailure(
                "invalid_payload", f"{branch!r} is not a valid branch name.", "Propose it again."
            )
        return branch

    @contextmanager
    def _pulls(self, path: Path):
        """The repository's pull requests, locked for the block; saved when the block changes them."""
        meta = path / "brabo"
        meta.mkdir(exist_ok=True)
        with open(meta / "pulls.lock", "a+") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            store = meta / "pulls.json"
            data = (
                json.loads(store.read_text()) if store.exists() else {"next": 1, "pulls": {}, "protected": []}
            )
            before = json.dumps(data, sort_keys=True)
            yield data
            if json.dumps(data, sort_keys=True) != before:
                atomic_write(str(store), json.dumps(data, indent=2), prefix=".pulls-")

    def _pull(self, data: dict, number: int, repo: str) -> dict:
        pull = data["pulls"].get(str(number))
        if pull is None:
            raise ExecutionFailure(
                "provider_not_found",
                f"There is no pull request #{number} in the local repository {repo!r}.",
                "Check the PR number, then propose the action again.",
            )
        return pull

    # -- the port ----------------------------------------------------------------------------------
    def open_pr(self, repo: str, *, head: str, base: str, title: str, body: str) -> PullRequest:
        path = self._repo(repo)
        for branch in (head, base):
            if self._sha(path, self._branch_name(path, branch)) is None:
                raise ExecutionFailure(
                    "provider_rejected",
                    f"The branch {branch!r} does not exist in the local repository {repo!r}.",
                    "Push the branch first (git_push), then propose the pull request again.",
                )
        with self._pulls(path) as data:
            number = data["next"]
            data["next"] = number + 1
            data["pulls"][str(number)] = {
                "head": head,
                "base": base,
                "title": title,
                "body": body,
                "state": "open",
            }
        return PullRequest(number=number, url=f"local:{repo}#{number}")

    def pr_target_branch(self, repo: str, number: int) -> str:
        path = self._repo(repo)
        with self._pulls(path) as data:
            return self._pull(data, number, repo)["base"]

    def merge_pr(self, repo: str, number: int) -> MergeOutcome:
        path = self._repo(repo)
        with self._pulls(path) as data:
            pull = self._pull(data, number, repo)
            if pull["state"] == "merged":
                raise ExecutionFailure(
                    "provider_conflict",
                    f"Pull request #{number} is already merged.",
                    "Nothing to do; propose a merge of another pull request.",
                )
            base_sha, head_sha = self._sha(path, pull["base"]), self._sha(path, pull["head"])
            if base_sha is None or head_sha is None:
                raise ExecutionFailure(
                    "provider_conflict",
                    f"A branch of pull request #{number} no longer exists ({pull['head']} into {pull['base']}).",
                    "Push the branch again, then propose the merge again.",
                )
            tree = _git(path, "merge-tree", "--write-tree", base_sha, head_sha, check=False)
            if tree.returncode != 0:
                raise ExecutionFailure(
                    "provider_conflict",
                    f"Pull request #{number} does not merge cleanly into {pull['base']}.",
                    "Update the branch with the target's changes, push it, then propose the merge again.",
                )
            message = f"Merge pull request #{number} from {pull['head']}\n\n{pull['title']}\n"
            commit = _git(
                path, "commit-tree", tree.stdout.split()[0], "-p", base_sha, "-p", head_sha, "-m", message
            ).stdout.strip()
            # compare-and-swap: a target branch that moved since we read it is a conflict, not a lost commit
            _git(path, "update-ref", f"refs/heads/{pull['base']}", commit, base_sha)
            pull.update(state="merged", merge_commit_sha=commit)
        return MergeOutcome(merged=True, sha=commit)

    def create_branch(self, repo: str, name: str, from_ref: str) -> dict:
        path = self._repo(repo)
        self._branch_name(path, name)
        sha = self._sha(path, self._branch_name(path, from_ref))
        if sha is None:
            raise ExecutionFailure(
                "provider_not_found",
                f"The branch {from_ref!r} does not exist in the local repository {repo!r}.",
                "Propose the branch again from an existing branch.",
            )
        created = _git(path, "update-ref", f"refs/heads/{name}", sha, "0" * 40, check=False)
        if created.returncode != 0:
            raise ExecutionFailure(
                "provider_rejected",
                f"The branch {name!r} already exists in the local repository {repo!r}.",
                "Choose another branch name.",
            )
        return {"branch": name, "sha": sha}

    def protect_branch(self, repo: str, name: str) -> dict:
        path = self._repo(repo)
        self._branch_name(path, name)
        with self._pulls(path) as data:
            already = name in data["protected"]
            if not already:
                data["protected"].append(name)
        return {"branch": name, "protected": True, "already": already}

    def create_repo(self, name: str, *, private: bool) -> dict:
        repo = name if "/" in name else f"local/{name}"
        path = repository_path(self.root, repo)
        if (path / "HEAD").exists():
            raise ExecutionFailure(
                "provider_conflict",
                f"The local repository {repo!r} already exists.",
                "Choose another name, or use the existing repository.",
            )
        init_bare(path)
        return {"repository": repo.removesuffix(".git"), "url": str(path)}
