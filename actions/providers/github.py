"""GitHub REST adapter (api.github.com or GitHub Enterprise's /api/v3), API version 2022-11-28."""

from __future__ import annotations

from urllib.parse import quote

from .base import HttpAdapter, MergeOutcome, PullRequest


class GitHub(HttpAdapter):
    name = "GitHub"

    def __init__(self, base_url: str, token: str, *, timeout: float):
        super().__init__(
            base_url,
            {
                "Authorization": f"Bearer {token}",
                "Accept": "application/vnd.github+json",
                "X-GitHub-Api-Version": "2022-11-28",
                "User-Agent": "brabo",
            },
            timeout=timeout,
        )

    @staticmethod
    def _repo(repo: str) -> str:
        owner, _, name = repo.partition("/")
        return f"/repos/{quote(owner, safe='')}/{quote(name, safe='')}"

    def open_pr(self, repo: str, *, head: str, base: str, title: str, body: str) -> PullRequest:
        r = self.request(
            "POST",
            f"{self._repo(repo)}/pulls",
            what=f"open a pull request from {head} into {base}",
            json={"title": title, "head": head, "base": base, "body": body},
        )
        data = r.json()
        return PullRequest(number=int(data["number"]), url=data.get("html_url", ""))

    def pr_target_branch(self, repo: str, number: int) -> str:
        r = self.request(
            "GET", f"{self._repo(repo)}/pulls/{number}", what=f"read pull request #{number}", ok=(200,)
        )
        return r.json()["base"]["ref"]

    def merge_pr(self, repo: str, number: int) -> MergeOutcome:
        r = self.request(
            "PUT", f"{self._repo(repo)}/pulls/{number}/merge", what=f"merge pull request #{number}", json={}
        )
        data = r.json()
        return MergeOutcome(merged=bool(data.get("merged")), sha=data.get("sha"))

    def create_branch(self, repo: str, name: str, from_ref: str) -> dict:
        r = self.request(
            "GET",
            f"{self._repo(repo)}/git/ref/heads/{quote(from_ref, safe='/')}",
            what=f"read branch {from_ref}",
            ok=(200,),
        )
        sha = r.json()["object"]["sha"]
        self.request(
            "POST",
            f"{self._repo(repo)}/git/refs",
            what=f"create branch {name}",
            ok=(201,),
            json={"ref": f"refs/heads/{name}", "sha": sha},
        )
        return {"branch": name, "sha": sha}

    def protect_branch(self, repo: str, name: str) -> dict:
        self.request(
            "PUT",
            f"{self._repo(repo)}/branches/{quote(name, safe='')}/protection",
            what=f"protect branch {name}",
            ok=(200,),
            json={
                "required_status_checks": None,
                "enforce_admins": True,
                "required_pull_request_reviews": {"required_approving_review_count": 1},
                "restrictions": None,
            },
        )
        return {"branch": name, "protected": True}

    def create_repo(self, name: str, *, private: bool) -> dict:
        r = self.request(
            "POST",
            "/user/repos",
            what=f"create repository {name}",
            ok=(201,),
            json={"name": name, "private": private},
        )
        data = r.json()
        return {"repository": data.get("full_name", name), "url": data.get("html_url", "")}
