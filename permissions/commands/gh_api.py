"""`gh api` doing what one of gh's own commands does (SPEC R4.10: the same act by another spelling).

`gh api -X DELETE repos/o/r` deletes the repository as `gh repo delete o/r` does, `gh api -X PUT
repos/o/r/pulls/7/merge` merges as `gh pr merge 7` does: a deny or ask of the command must refuse the call too
(the external-effect cap already asks for both). GitHub's REST routes for the acts gh has a command for, and
the GraphQL mutations of the same acts, are read as that command; its path is gh's (`repo delete`), its operand
what the route names (the repository, the pull request's number, the secret's name). A route whose owner and
repository are gh's placeholders (`{owner}/{repo}`, `:owner/:repo`) names the current repository, as the
command without an operand does: then no operand. Deny and ask only (R4.8: meaning widens only what is
refused); the method compares in any case (gh sends what it is given).
"""

from __future__ import annotations

import re

from permissions.commands.option_reader import Reading

__all__ = ["gh_api_commands"]

# A repository's secrets and variables: its Actions', Dependabot's, Codespaces' and an environment's.
_SECRET = r"(?:/environments/[^/]+|/actions|/dependabot|/codespaces)/secrets/([^/]+)"
_VARIABLE = r"(?:/environments/[^/]+|/actions)/variables"

# (method, route, gh's path, the operand's group): the route after `repos/OWNER/REPO/` when it starts with `/`,
# else from the endpoint's start. Group 0: no operand.
_REPO_ROUTES: tuple[tuple[str, str, tuple[str, ...], int], ...] = (
    ("DELETE", "", ("repo", "delete"), 0),
    ("POST", "/forks", ("repo", "fork"), 0),
    ("POST", "/generate", ("repo", "create"), 0),
    ("POST", "/keys", ("repo", "deploy-key", "add"), 0),
    ("DELETE", r"/keys/([^/]+)", ("repo", "deploy-key", "delete"), 1),
    ("POST", "/autolinks", ("repo", "autolink", "create"), 0),
    ("DELETE", r"/autolinks/([^/]+)", ("repo", "autolink", "delete"), 1),
    ("PUT", r"/pulls/([^/]+)/merge", ("pr", "merge"), 1),
    ("POST", "/pulls", ("pr", "create"), 0),
    ("POST", r"/pulls/([^/]+)/reviews", ("pr", "review"), 1),
    ("POST", r"/pulls/([^/]+)/comments", ("pr", "comment"), 1),
    ("PUT", r"/pulls/([^/]+)/update-branch", ("pr", "update-branch"), 1),
    ("POST", "/issues", ("issue", "create"), 0),
    ("POST", r"/issues/([^/]+)/comments", ("issue", "comment"), 1),
    ("POST", r"/issues/([^/]+)/comments", ("pr", "comment"), 1),
    ("PUT", r"/issues/([^/]+)/lock", ("issue", "lock"), 1),
    ("DELETE", r"/issues/([^/]+)/lock", ("issue", "unlock"), 1),
    ("PUT", r"/issues/([^/]+)/lock", ("pr", "lock"), 1),
    ("DELETE", r"/issues/([^/]+)/lock", ("pr", "unlock"), 1),
    ("POST", "/releases", ("release", "create"), 0),
    ("PATCH", r"/releases/([^/]+)", ("release", "edit"), 1),
    ("DELETE", r"/releases/assets/([^/]+)", ("release", "delete-asset"), 1),
    ("DELETE", r"/releases/([^/]+)", ("release", "delete"), 1),
    ("POST", r"/actions/workflows/([^/]+)/dispatches", ("workflow", "run"), 1),
    ("PUT", r"/actions/workflows/([^/]+)/enable", ("workflow", "enable"), 1),
    ("PUT", r"/actions/workflows/([^/]+)/disable", ("workflow", "disable"), 1),
    ("POST", r"/actions/runs/([^/]+)/(?:rerun|rerun-failed-jobs)", ("run", "rerun"), 1),
    ("POST", r"/actions/jobs/([^/]+)/rerun", ("run", "rerun"), 0),
    ("POST", r"/actions/runs/([^/]+)/(?:cancel|force-cancel)", ("run", "cancel"), 1),
    ("DELETE", r"/actions/runs/([^/]+)", ("run", "delete"), 1),
    ("DELETE", r"/actions/caches(?:/([^/]+))?", ("cache", "delete"), 1),
    ("PUT", _SECRET, ("secret", "set"), 1),
    ("DELETE", _SECRET, ("secret", "delete"), 1),
    ("POST", _VARIABLE, ("variable", "set"), 0),
    ("PATCH", _VARIABLE + "/([^/]+)", ("variable", "set"), 1),
    ("DELETE", _VARIABLE + "/([^/]+)", ("variable", "delete"), 1),
    ("POST", "/labels", ("label", "create"), 0),
    ("PATCH", r"/labels/([^/]+)", ("label", "edit"), 1),
    ("DELETE", r"/labels/([^/]+)", ("label", "delete"), 1),
    ("POST", "/rulesets", ("ruleset", "create"), 0),
)

# Routes not below one repository.
_OTHER_ROUTES: tuple[tuple[str, str, tuple[str, ...], int], ...] = (
    ("POST", r"(?:user|orgs/[^/]+)/repos", ("repo", "create"), 0),
    ("PUT", r"orgs/[^/]+/(?:actions|dependabot|codespaces)/secrets/([^/]+)", ("secret", "set"), 1),
    ("DELETE", r"orgs/[^/]+/(?:actions|dependabot|codespaces)/secrets/([^/]+)", ("secret", "delete"), 1),
    ("PUT", r"user/codespaces/secrets/([^/]+)", ("secret", "set"), 1),
    ("DELETE", r"user/codespaces/secrets/([^/]+)", ("secret", "delete"), 1),
    ("POST", r"orgs/[^/]+/actions/variables", ("variable", "set"), 0),
    ("PATCH", r"orgs/[^/]+/actions/variables/([^/]+)", ("variable", "set"), 1),
    ("DELETE", r"orgs/[^/]+/actions/variables/([^/]+)", ("variable", "delete"), 1),
    ("POST", "gists", ("gist", "create"), 0),
    ("PATCH", r"gists/([^/]+)", ("gist", "edit"), 1),
    ("DELETE", r"gists/([^/]+)", ("gist", "delete"), 1),
    ("POST", "user/keys", ("ssh-key", "add"), 0),
    ("DELETE", r"user/keys/([^/]+)", ("ssh-key", "delete"), 1),
    ("POST", "user/gpg_keys", ("gpg-key", "add"), 0),
    ("DELETE", r"user/gpg_keys/([^/]+)", ("gpg-key", "delete"), 1),
    ("POST", "user/codespaces", ("codespace", "create"), 0),
    ("DELETE", r"user/codespaces/([^/]+)", ("codespace", "delete"), 1),
)

# A repository's own PATCH: which command by the fields it sends (none read: any of them).
_REPO_PATCH_FIELDS: dict[str, tuple[str, ...]] = {"archived": ("repo", "archive"), "name": ("repo", "rename")}
_UNARCHIVE: tuple[str, ...] = ("repo", "unarchive")
# An issue's or pull request's PATCH with `state`: closed or reopened.
_STATE_ACTS = {"closed": "close", "open": "reopen"}

# GraphQL mutations (`gh api graphql -f query='mutation { mergePullRequest(...) }'`) of the same acts.
_MUTATIONS = {
    "mergepullrequest": ("pr", "merge"),
    "createpullrequest": ("pr", "create"),
    "closepullrequest": ("pr", "close"),
    "reopenpullrequest": ("pr", "reopen"),
    "updatepullrequest": ("pr", "edit"),
    "enablepullrequestautomerge": ("pr", "merge"),
    "addpullrequestreview": ("pr", "review"),
    "submitpullrequestreview": ("pr", "review"),
    "markpullrequestreadyforreview": ("pr", "ready"),
    "createissue": ("issue", "create"),
    "closeissue": ("issue", "close"),
    "reopenissue": ("issue", "reopen"),
    "deleteissue": ("issue", "delete"),
    "transferissue": ("issue", "transfer"),
    "updateissue": ("issue", "edit"),
    "pinissue": ("issue", "pin"),
    "addcomment": ("issue", "comment"),
    "createrepository": ("repo", "create"),
    "clonetemplaterepository": ("repo", "create"),
    "updaterepository": ("repo", "edit"),
    "archiverepository": ("repo", "archive"),
    "unarchiverepository": ("repo", "unarchive"),
    "createlabel": ("label", "create"),
    "deletelabel": ("label", "delete"),
    "updatelabel": ("label", "edit"),
}
_MUTATION_NAME = re.compile(r"\b([A-Za-z]+)\s*\(")
_REPO = re.compile(r"repos/([^/]+/[^/]+)(/.*)?\Z")
_ISSUE_OR_PULL = re.compile(r"/(issues|pulls)/([^/]+)/?")
# gh's commands whose first operand is the repository (`gh repo rename NEW`'s is the new name)
_NAMES_THE_REPO = frozenset({("repo", "delete"), ("repo", "fork"), ("repo", "edit"), ("repo", "archive")})
_PLACEHOLDER = re.compile(r"\{[a-z_]+\}|:[a-z_]+")


def _compiled(
    routes: tuple[tuple[str, str, tuple[str, ...], int], ...],
) -> tuple[tuple[str, re.Pattern[str], tuple[str, ...], int], ...]:
    return tuple((m, re.compile(route + r"/?\Z"), path, g) for m, route, path, g in routes)


_REPO_COMPILED = _compiled(_REPO_ROUTES)
_OTHER_COMPILED = _compiled(_OTHER_ROUTES)


def _endpoint(operand: str) -> str:
    """The route of a `gh api` endpoint: no host, no leading slash, no query."""
    for host in ("https://api.github.com/", "http://api.github.com/", "api.github.com/"):
        if operand.lower().startswith(host):
            operand = operand[len(host) :]
            break
    return operand.lstrip("/").partition("?")[0].partition("#")[0]


def _fields(keys: frozenset[str]) -> dict[str, str] | None:
    """The body's fields `-f`/`-F` give, by name; None when the body is read from a file (`--input`)."""
    if "input" in keys:
        return None
    out: dict[str, str] = {}
    for key in keys:
        name, eq, field = key.partition("=")
        if eq and name in ("raw-field", "field"):
            k, _, v = field.partition("=")
            out[k.lower()] = v.lower()
    return out


def _state(kind: str, fields: dict[str, str] | None) -> list[tuple[str, ...]]:
    """An issue's or pull request's PATCH: edit, and close or reopen by its `state` (both when unread)."""
    if fields is None:
        return [(kind, "edit"), (kind, "close"), (kind, "reopen")]
    act = _STATE_ACTS.get(fields.get("state", ""))
    out: list[tuple[str, ...]] = [(kind, "edit")]
    return out + [(kind, act)] if act else out


def _repo_patch(fields: dict[str, str] | None) -> list[tuple[str, ...]]:
    if fields is None:
        return [("repo", "edit"), *_REPO_PATCH_FIELDS.values(), _UNARCHIVE]
    named = [path for field, path in _REPO_PATCH_FIELDS.items() if field in fields]
    if fields.get("archived") == "false":
        named = [_UNARCHIVE if p == ("repo", "archive") else p for p in named]
    return named or [("repo", "edit")]


def _rest(
    method: str, endpoint: str, fields: dict[str, str] | None
) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(gh's path, operands) for a REST call."""
    found: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    repo = _REPO.match(endpoint)
    if repo is not None:
        name, below = repo.group(1), repo.group(2) or ""
        own = () if _PLACEHOLDER.search(name) else (name,)
        if method == "PATCH" and below.strip("/") == "":
            return [(p, own if p in _NAMES_THE_REPO else ()) for p in _repo_patch(fields)]
        patched = _ISSUE_OR_PULL.fullmatch(below) if method == "PATCH" else None
        if patched is not None:
            # a pull request is an issue too: its issue route edits, closes and reopens it
            kinds = ("issue", "pr") if patched.group(1) == "issues" else ("pr",)
            return [(p, (patched.group(2),)) for kind in kinds for p in _state(kind, fields)]
        table, route = _REPO_COMPILED, below
    else:
        own, table, route = (), _OTHER_COMPILED, endpoint
    for m, rx, path, group in table:
        hit = rx.match(route) if m == method else None
        if hit is not None:
            value = hit.group(group) if group else None
            found.append((path, (value,) if value else own if path in _NAMES_THE_REPO else ()))
    return found


def _graphql(keys: frozenset[str]) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    found: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for key in keys:
        name, _, field = key.partition("=")
        if name in ("raw-field", "field") and field.partition("=")[0] == "query":
            for mutation in _MUTATION_NAME.findall(field):
                path = _MUTATIONS.get(mutation.lower())
                if path is not None and (path, ()) not in found:
                    found.append((path, ()))
    return found


def gh_api_commands(r: Reading) -> tuple[Reading, ...]:
    """The readings of gh's own commands a `gh api` reading ``r`` does (none when it does none of them)."""
    if not r.operands:
        return ()
    endpoint = _endpoint(r.operands[0])
    if endpoint == "graphql":
        found = _graphql(r.keys)
    else:
        method = next((k[7:].upper() for k in r.keys if k.startswith("method=")), "GET")
        found = _rest(method, endpoint, _fields(r.keys)) if method != "GET" else []
    return tuple(Reading(("gh", *path), frozenset(), operands) for path, operands in found)
