"""GitLab REST v4 adapter (gitlab.com or self-managed). Projects are addressed by URL-encoded path."""

from __future__ import annotations

from urllib.parse import quote

from .base import HttpAdapter, MergeOutcome, PullRequest

MAINTAINER_ACCESS = 40


class GitLab(HttpAdapter):
    name = "GitLab"

    def __init__(self, base_url: str, token: str, *, timeout: float):
        super().__init__(base_url, {"PRIVATE-TOKEN": token, "User-Agent": "brabo"}, timeout=timeout)

    @staticmethod
    def _project(repo: str) -> str:
        return f"/projects/{quote(repo, safe='')}"

    def open_pr(self, repo: str, *, head: str, base: str, title: str, body: str) -> PullRequest:
        r = self.request(
            "POST",
            f"{self._project(repo)}/merge_requests",
            what=f"open a merge request from {head} into {base}",
            ok=(201,),
            json={"source_branch": head, "target_branch": base, "title": title, "description": body},
        )
        data = r.json()
        return PullRequest(number=int(data["iid"]), url=data.get("web_url", ""))

    def pr_target_branch(self, repo: str, number: int) -> str:
        r = self.request(
            "GET",
            f"{self._project(repo)}/merge_requests/{number}",
            what=f"read merge request !{number}",
            ok=(200,),
        )
        return r.json()["target_branch"]

    def merge_pr(self, repo: str, number: int) -> MergeOutcome:
        r = self.request(
            "PUT",
            f"{self._project(repo)}/merge_requests/{number}/merge",
            what=f"merge merge request !{number}",
            ok=(200,),
        )
        data = r.json()
        return MergeOutcome(
            merged=data.get("state") == "merged", sha=data.get("merge_commit_sha") or data.get("sha")
        )

    def create_branch(self, repo: str, name: str, from_ref: str) -> dict:
        r = self.request(
            "POST",
            f"{self._project(repo)}/repository/branches",
            what=f"create branch {name}",
            ok=(201,),
            params={"branch": name, "ref": from_ref},
        )
        return {"branch": name, "sha": (r.json().get("commit") or {}).get("id")}

    def protect_branch(self, repo: str, name: str) -> dict:
        r = self.request(
            "POST",
            f"{self._project(repo)}/protected_branches",
            what=f"protect branch {name}",
            ok=(201, 409),  # 409: already protected — protecting is idempotent (R1.5)
            json={
                "name": name,
                "push_access_level": MAINTAINER_ACCESS,
                "merge_access_level": MAINTAINER_ACCESS,
            },
        )
        return {"branch": name, "protected": True, "already": r.status_code == 409}

    def create_repo(self, name: str, *, private: bool) -> dict:
        r = self.request(
            "POST",
            "/projects",
            what=f"create project {name}",
            ok=(201,),
            json={"name": name, "visibility": "private" if private else "public"},
        )
        data = r.json()
        return {"repository": data.get("path_with_namespace", name), "url": data.get("web_url", "")}
