"""The git provider port and the mapping of provider HTTP answers to named failures.

Adapters speak each provider's documented REST API with httpx. Every non-success answer becomes an
``ExecutionFailure`` with a code people can act on; 5xx, 429 and connection faults are ``TransientFault``
(the task retries them with backoff). The token travels only in a request header.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import httpx

from brabo.redaction import redact_text

from ..execution import ExecutionFailure, TransientFault


@dataclass(frozen=True)
class PullRequest:
    number: int
    url: str


@dataclass(frozen=True)
class MergeOutcome:
    merged: bool
    sha: str | None


class GitProvider(Protocol):
    name: str

    def open_pr(self, repo: str, *, head: str, base: str, title: str, body: str) -> PullRequest: ...

    def pr_target_branch(self, repo: str, number: int) -> str: ...

    def merge_pr(self, repo: str, number: int) -> MergeOutcome: ...

    def create_branch(self, repo: str, name: str, from_ref: str) -> dict: ...

    def protect_branch(self, repo: str, name: str) -> dict: ...

    def create_repo(self, name: str, *, private: bool) -> dict: ...


# Methods that change nothing on the provider; any other request is a write.
_READS = frozenset({"GET", "HEAD"})
# Answers of a gateway or a failing server after the request reached it: the write may have been carried out.
_ANSWER_LOST = frozenset({500, 502, 504})


class HttpAdapter:
    """Shared plumbing: one httpx client per execution, answers checked by :meth:`_check`."""

    name = "provider"

    def __init__(self, base_url: str, headers: dict[str, str], *, timeout: float):
        self.client = httpx.Client(
            base_url=base_url, headers=headers, timeout=timeout, follow_redirects=False
        )

    def close(self) -> None:
        self.client.close()

    def request(self, method: str, path: str, *, what: str, ok=(200, 201), **kw) -> httpx.Response:
        """``method path`` with the answer checked. A write (any method but GET/HEAD) whose answer was lost
        after it was sent -- a read timeout, a dropped connection, a gateway's 500/502/504 -- may have been
        carried out: it is never retried (a retry could merge, open or create twice) but fails as
        ``provider_outcome_unknown``. One that never left (connection refused) or that the provider says it did
        not process (429, 503, a rate limit) is retried like any read."""
        write = method.upper() not in _READS
        try:
            response = self.client.request(method, path, **kw)
        except (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout) as exc:
            raise self._unreachable(what, exc) from None  # never sent: safe to send again
        except httpx.TimeoutException:
            if write:
                raise self._outcome_unknown(what, "no answer came in time") from None
            raise TransientFault(
                "provider_timeout",
                f"{self.name} did not answer in time while trying to {what}.",
                f"Check {self.name}'s status page; Brabo retries on its own, then propose the action again.",
            ) from None
        except httpx.TransportError as exc:
            if write:
                raise self._outcome_unknown(what, f"the connection failed ({type(exc).__name__})") from None
            raise self._unreachable(what, exc) from None
        if response.status_code not in ok:
            if write and response.status_code in _ANSWER_LOST:
                raise self._outcome_unknown(what, f"it answered {response.status_code}")
            self._fail(response, what)
        return response

    def _unreachable(self, what: str, exc: Exception) -> TransientFault:
        return TransientFault(
            "provider_unreachable",
            f"Could not reach {self.name} at {self.client.base_url} to {what} ({type(exc).__name__}).",
            "Check the provider base URL in the workspace settings and the network; Brabo retries on its own.",
        )

    def _outcome_unknown(self, what: str, how: str) -> ExecutionFailure:
        return ExecutionFailure(
            "provider_outcome_unknown",
            f"Brabo asked {self.name} to {what}, but {how}; {self.name} may have done it, so Brabo does not "
            "ask again.",
            f"Look on {self.name} whether it was done (the pull request, the merge, the branch); propose the "
            "action again only if it was not.",
        )

    def _provider_message(self, response: httpx.Response) -> str:
        """What the provider said, redacted and then cut to 300 characters: a provider that echoes the
        request quotes the token, and cutting first would leave a slice of it behind."""
        return redact_text(self._provider_said(response), self._secret_headers)[:300]

    @property
    def _secret_headers(self) -> list[str]:
        values = []
        for name, value in self.client.headers.items():
            if name.lower() in ("authorization", "private-token", "x-api-key"):
                values.append(value)
                values.extend(value.split(None, 1)[1:])  # "Bearer <token>": the token alone too
        return values

    def _provider_said(self, response: httpx.Response) -> str:
        try:
            body = response.json()
        except ValueError:
            return response.text[:4000]
        if isinstance(body, dict):
            msg = body.get("message") or body.get("error") or body.get("error_description") or ""
            if isinstance(msg, (dict, list)):
                msg = str(msg)
            errors = body.get("errors")
            if errors and isinstance(errors, list):
                details = [e.get("message", "") if isinstance(e, dict) else str(e) for e in errors]
                msg = f"{msg} ({'; '.join(d for d in details if d)})" if any(details) else msg
            return str(msg)
        return str(body)[:4000]

    def _fail(self, response: httpx.Response, what: str):
        status = response.status_code
        said = self._provider_message(response)
        quoted = f' {self.name} said: "{said}".' if said else ""
        if (
            status >= 500
            or status == 429
            or (status == 403 and response.headers.get("x-ratelimit-remaining") == "0")
        ):
            raise TransientFault(
                "provider_unavailable",
                f"{self.name} answered {status} while trying to {what}.{quoted}",
                "Brabo retries on its own; if it keeps failing, check the provider's status and propose the action again.",
            )
        if status == 401:
            raise ExecutionFailure(
                "provider_auth_failed",
                f"{self.name} rejected the workspace owner's token (401) while trying to {what}.{quoted}",
                "The workspace owner renews the provider token in the workspace settings; then propose the action again.",
            )
        if status == 403:
            raise ExecutionFailure(
                "provider_forbidden",
                f"The workspace owner's token may not {what} (403).{quoted}",
                "Give the token the needed scope (repo / api) or the owner access to the repository, then retry.",
            )
        if status == 404:
            raise ExecutionFailure(
                "provider_not_found",
                f"{self.name} found nothing to {what} (404): the repository, branch or PR does not exist, "
                f"or the owner's token cannot see it.{quoted}",
                "Check the project's repository setting and the names in the payload, then propose the action again.",
            )
        if status in (405, 406, 409):
            raise ExecutionFailure(
                "provider_conflict",
                f"{self.name} refused to {what} ({status}): the target is not in a state that allows it.{quoted}",
                "Resolve the conflict on the provider (for a merge: update the branch, wait for checks), then retry.",
            )
        if status in (400, 422):
            raise ExecutionFailure(
                "provider_rejected",
                f"{self.name} rejected the request to {what} ({status}).{quoted}",
                "Fix the payload (names, branches) according to the provider's message and propose the action again.",
            )
        raise ExecutionFailure(
            "provider_error",
            f"{self.name} answered {status} while trying to {what}.{quoted}",
            "Check the provider's message and the project's repository settings, then propose the action again.",
        )
