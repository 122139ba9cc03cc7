"""The one catalogue of public reason codes (SPEC R12.5).

The source is scanned (ast) for every code it raises — ``DomainError(reason=…)``, ``ApiError(reason=…)``,
``ExecutionFailure("code", …)``, ``TransientFault``, ``settle_failed``, the path refusals, error bodies
written by hand — and each must be in the catalogue with a matching status; each catalogue code must be
raised somewhere or be marked reserved. Then a black-box sweep of the API's error paths checks that every
4xx body carries ``detail`` and a catalogue ``reason``.
"""

from __future__ import annotations

import ast
import functools
import re
import uuid
from pathlib import Path

import pytest

from brabo import errors
from brabo.errors import CATALOGUE, DECISION, ERROR, EXECUTION, OUTCOME, RENAMED, SPEC_CODES

ROOT = Path(__file__).resolve().parent.parent
APPS = ("brabo", "projects", "permissions", "actions", "containers")
RULE_ID = re.compile(r"\(?\b(?:R\d+(?:\.\d+)+|RN-\d+|ADR(?:[- ]?\d+)?)\b\)?|§")
SNAKE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")

# Call name → (keyword holding the code, its position when passed positionally, keyword holding the status).
RAISERS = {
    "DomainError": ("reason", None, "status"),
    "ApiError": ("reason", None, "status_code"),
    "ExecutionFailure": ("code", 0, None),
    "TransientFault": ("code", 0, None),
    "settle_failed": ("code", 1, None),
    "_refuse": ("reason", 1, "status"),  # actions.proposal_paths
    "MoneyError": ("reason", None, None),  # actions.money: becomes a DomainError with the catalogue's status
    "PayloadError": ("reason", 2, None),
    "Refused": ("reason", None, "status"),  # actions.slack: the interactivity endpoint's refusals
    "refusal": ("code", 0, None),  # actions.slack: what a click that decided nothing tells the clicker
}
# Message argument position per raiser (a message must not cite rule ids).
MESSAGE_ARG = {
    "DomainError": 0, "ApiError": 0, "ExecutionFailure": 1, "TransientFault": 1, "_refuse": 0, "Refused": 0,
}  # fmt: skip
# Calls whose code is not a literal: a helper forwarding its caller's literal code (which the scan sees at
# the caller), or a runner's own code passed through. A new one needs a look before it joins this list.
FORWARDING = {
    ("actions/proposal_paths.py", "reason"),
    ("actions/execution.py", "code"),  # TransientFault wraps its ExecutionFailure
    ("actions/execution.py", "failure.code"),
    ("actions/execution.py", "f.code"),
    ("brabo/api_errors.py", "reason_for(exc.status, exc.reason)"),
    ("containers/views.py", "reason"),  # a literal table just above it (scanned as strings below)
    ("containers/runners.py", "code"),  # the runner's own failure code, "runner_failed" when it names none
    ("containers/runners.py", "*refused"),  # actions.execution.refusal_to_run's codes
    # approve-always forwards the write's refusal (projects.policy_store.write_refusal, literal codes there)
    ("actions/services.py", "refusal.reason"),
    ("actions/services.py", "exc.reason"),  # a PayloadError's code, raised literally where it is made
    ("actions/budgets.py", "exc.reason"),  # a MoneyError's code, likewise
    ("actions/payloads.py", "exc.reason"),
    ("actions/budgets.py", "REASON_EXCEEDED"),  # "budget_exceeded", the decision reason, also a 409
    ("actions/execution.py", "*refused"),  # refusal_to_run's codes, literal in the functions it asks
    ("projects/services.py", "exc.code"),  # a LocalRootError's code: projects.local_root's constants
    # a SandboxError's code (brabo_client.sandbox: sandbox_unavailable, sandbox_privileged, literal there)
    ("containers/docker_engine.py", "exc.code"),
    # the runner's write refusal (brabo_client.runner.write_inside and what it calls: literal codes there)
    ("containers/git_local.py", "refused.code"),
    # a click's refusal: a transition's own code (DomainError, literal where raised), or _shown_payload's
    ("actions/slack.py", "code"),
    ("actions/slack.py", "shown_refusal"),
}
# Raised by DRF or Django themselves (the handler maps them by their default_code), not by our source.
FRAMEWORK = {
    "not_authenticated",
    "authentication_failed",
    "permission_denied",
    "not_found",
    "method_not_allowed",
    "not_acceptable",
    "parse_error",
    "unsupported_media_type",
}


def _sources():
    for app in (*APPS, "templates"):
        for path in sorted((ROOT / app).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if "/tests/" in rel or "/migrations/" in rel:
                continue
            yield rel, ast.parse(path.read_text(), rel)


def _name(func) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _literal(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _int_literal(node) -> int | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, int) else None


def _runner_codes() -> dict[str, list[str]]:
    """The codes the runner (brabo_client.runner) reports for failed work: the server stores them as the
    action's failure code, so they are public too. Refused work (``refused=True``) is ``runner_refused``."""
    rel = "brabo_client/runner.py"
    tree = ast.parse((ROOT / rel).read_text(), rel)
    found: dict[str, list[str]] = {}

    def add(code: str | None, node: ast.AST) -> None:
        if code:
            found.setdefault(code, []).append(f"{rel}:{getattr(node, 'lineno', 0)}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) == "Failure" and node.args:
            refused = any(kw.arg == "refused" and getattr(kw.value, "value", False) for kw in node.keywords)
            if not refused:
                add(_literal(node.args[0]), node)
        if isinstance(node, ast.Call):  # resolve_inside(..., code="...")
            for kw in node.keywords:
                if kw.arg == "code":
                    add(_literal(kw.value), node)
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if key is not None and _literal(key) == "code":
                    add(_literal(value), node)
    return found


@functools.cache
def _scan():
    """(raised: code → [(where, status or None)], non-literal: {(file, expr)}, messages: [(where, text)],
    strings: every string constant outside brabo/errors.py). Once per process, at the first test asking: not
    at import, since every test process collects this file and only one runs it."""
    raised: dict[str, list[tuple[str, int | None]]] = {}
    dynamic: set[tuple[str, str]] = set()
    messages: list[tuple[str, str]] = []
    strings: set[str] = set()
    for rel, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and rel != "brabo/errors.py":
                strings.add(node.value)
            if isinstance(node, ast.Dict):  # an error body written by hand: {"detail": ..., "reason": CODE}
                keys = [_literal(k) for k in node.keys if k is not None]
                if "detail" in keys:
                    for k, v in zip(node.keys, node.values, strict=True):
                        if k is not None and _literal(k) == "reason" and (reason := _literal(v)):
                            raised.setdefault(reason, []).append((f"{rel}:{node.lineno}", None))
            if not isinstance(node, ast.Call) or (name := _name(node.func)) is None or name not in RAISERS:
                continue
            keyword, position, status_kw = RAISERS[name]
            kwargs = {k.arg: k.value for k in node.keywords}
            code_node = kwargs.get(keyword)
            if code_node is None and position is not None and len(node.args) > position:
                code_node = node.args[position]
            if code_node is None and any(isinstance(a, ast.Starred) for a in node.args):
                code_node = next(a for a in node.args if isinstance(a, ast.Starred))
            where = f"{rel}:{node.lineno}"
            status_node = kwargs.get(status_kw) if status_kw else None
            if name == "_refuse" and status_node is None and len(node.args) > 3:
                status_node = node.args[3]
            status = _int_literal(status_node)
            if status_node is None and status_kw:
                status = 0  # "the default": the catalogue's status for the code
            code = _literal(code_node) if code_node is not None else None
            if code is not None:
                raised.setdefault(code, []).append((where, status))
            elif code_node is not None:
                dynamic.add((rel, ast.unparse(code_node)))
            elif name in ("DomainError", "ApiError"):
                raised.setdefault("", []).append((where, status))  # no reason: the status's generic code
            if name in MESSAGE_ARG and len(node.args) > MESSAGE_ARG[name]:
                msg = node.args[MESSAGE_ARG[name]]
                text = "".join(
                    n.value for n in ast.walk(msg) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                )
                messages.append((where, text))
    for code, sites in _runner_codes().items():
        raised.setdefault(code, []).extend((where, None) for where in sites)
    return raised, dynamic, messages, strings


def test_the_runners_failure_codes_are_found():
    assert {"project_root_missing", "runner_result_rejected", "cwd_missing"} <= set(_runner_codes())


def test_every_code_raised_anywhere_is_in_the_catalogue_with_its_status():
    raised, _, _, _ = _scan()
    missing = {code: sites for code, sites in raised.items() if code and code not in CATALOGUE}
    assert not missing, f"codes raised but not in brabo.errors: {missing}"
    wrong = []
    for code, sites in raised.items():
        for where, status in sites:
            if not code:  # no reason named: the status must have a generic code
                if status not in (None, 0):
                    assert errors.reason_for(status) in CATALOGUE, (where, status)
                continue
            entry = CATALOGUE[code]
            if status is None:
                continue  # computed status (checked by the tests of that path) or an execution code
            expected = entry.statuses if status else (entry.status or 400,)
            if status and status not in entry.statuses:
                wrong.append((where, code, status, expected))
    assert not wrong, f"raised with a status the catalogue does not give the code: {wrong}"


def test_non_literal_codes_are_only_the_known_forwarding_sites():
    _, dynamic, _, _ = _scan()
    assert dynamic <= FORWARDING, f"a code computed at runtime needs a look: {dynamic - FORWARDING}"


def test_every_catalogue_code_is_raised_somewhere_or_reserved():
    raised, _, _, strings = _scan()
    from actions import services
    from permissions.messages import SENTENCES

    used = set(raised) | FRAMEWORK | set(errors.DEFAULT_REASON.values()) | set(SENTENCES)
    used |= {services.OUTCOME_APPROVED, services.OUTCOME_ALREADY, services.OUTCOME_DENIED}
    used |= {services.OUTCOME_APPROVAL_RECORDED, services.OUTCOME_APPROVAL_ALREADY_RECORDED}
    used |= {code for code in CATALOGUE if code in strings}  # e.g. a table of codes, a default code
    idle = sorted(code for code, c in CATALOGUE.items() if code not in used and not c.reserved)
    assert not idle, f"catalogue codes nothing raises (remove them or mark them reserved): {idle}"
    for code, c in CATALOGUE.items():
        if c.reserved:
            assert code not in raised, f"{code} is raised, so it is not reserved"


def test_the_engine_reasons_are_the_catalogue_decisions():
    from permissions.decide import REASON_CODES
    from permissions.messages import SENTENCES

    decisions = {code for code, c in CATALOGUE.items() if c.kind == DECISION}
    assert set(REASON_CODES) <= decisions == set(SENTENCES)


def test_statuses_fit_each_kind():
    for code, c in CATALOGUE.items():
        if c.kind == ERROR:
            assert c.status is not None and 400 <= c.status <= 599, code
            assert all(400 <= s <= 599 for s in c.other_statuses), code
            assert c.status not in c.other_statuses, code
        elif c.kind == OUTCOME:
            assert c.status == 200, code
        elif c.kind == DECISION:  # carried in a 201 body; a few also refuse a transition (budget_exceeded)
            assert c.status is None or 400 <= c.status <= 599, code
        else:
            assert c.kind == EXECUTION and c.status is None and not c.other_statuses, code
    by_status = errors.codes_by_status()
    assert set(by_status) == {s for c in CATALOGUE.values() if c.kind == ERROR for s in c.statuses}
    assert "budget_exceeded" in errors.codes_by_status(kind=None)[409]
    assert "not_found" in by_status[404] and "acao_ja_recusada" in by_status[409]
    assert all(400 <= s <= 599 for s in by_status)


def test_codes_are_english_snake_case_except_specs_own():
    for code in CATALOGUE:
        assert SNAKE.match(code), code
    assert SPEC_CODES <= set(CATALOGUE)
    for old, new in RENAMED.items():
        assert old not in CATALOGUE and new in CATALOGUE, (old, new)
    # the Portuguese words of the invented codes are gone from the catalogue (SPEC's own stay)
    portuguese = re.compile(
        r"(^|_)(ja|acao|somente|pessoas|raiz|escrita|padrao|aprovada|recusada|invalidas?)(_|$)"
    )
    for code in CATALOGUE:
        if code not in SPEC_CODES:
            assert not portuguese.search(code), code


def test_renamed_codes_are_nowhere_in_the_code_base():
    _, _, _, strings = _scan()
    assert not set(RENAMED) & strings
    readme = (ROOT / "README.md").read_text()
    for old, new in RENAMED.items():
        assert f"`{old}` → `{new}`" in readme, f"the README's changelog lists the rename {old} → {new}"


def test_messages_name_no_rule_ids():
    for code, c in CATALOGUE.items():
        assert not RULE_ID.search(c.message), (code, c.message)
        assert not RULE_ID.search(c.next_step), (code, c.next_step)
        assert c.message.strip() and c.next_step.strip(), code
    _, _, messages, _ = _scan()
    cited = [(where, text) for where, text in messages if RULE_ID.search(text)]
    assert not cited, f"user-facing messages cite rule ids: {cited}"


def test_templates_name_no_rule_ids_outside_comments():
    comment = re.compile(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}|{#.*?#}", re.S)
    found = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        text = comment.sub("", path.read_text())
        found += [(path.name, m.group(0)) for m in RULE_ID.finditer(text)]
    assert not found, found


def test_the_rule_id_pattern_catches_what_it_should():
    assert (
        RULE_ID.search("never by agents (R2.3).") and RULE_ID.search("see RN-603") and RULE_ID.search("ADR 4")
    )
    assert not RULE_ID.search("Retry in a few seconds (Retry-After).")


def test_domain_error_and_api_error_take_the_catalogue_status():
    from actions.execution import ExecutionFailure
    from brabo.api_errors import ApiError
    from brabo.errors import DomainError

    assert errors.DomainError("x", reason="agent_revoked").status == 409
    assert DomainError("x", reason="people_only").status == 403
    assert DomainError("x").status == 400 and DomainError("x", status=418).status == 418
    assert ApiError("x", reason="idempotency_key_reused").status_code == 422
    failure = ExecutionFailure("nothing_to_commit", "There are no changes to commit.")
    assert failure.next_step == CATALOGUE["nothing_to_commit"].next_step


# -- a black-box sweep of the API's error paths ------------------------------------------------------------


def _assert_catalogued(resp, status: int, reason: str | None = None) -> dict:
    assert resp.status_code == status, (resp.status_code, resp.content[:300])
    body = resp.json()
    assert isinstance(body.get("detail"), str) and body["detail"], body
    assert body.get("reason") in CATALOGUE, body
    entry = CATALOGUE[body["reason"]]
    assert status in entry.statuses, (status, body["reason"], entry.statuses)
    assert not RULE_ID.search(body["detail"]), body["detail"]
    if reason is not None:
        assert body["reason"] == reason, body
    return body


@pytest.mark.django_db
def test_every_4xx_of_the_api_carries_a_catalogue_reason(team):
    from rest_framework.test import APIClient

    anon = APIClient()
    agent = team.world.client(agent_key=team.agent_key)
    owner = team.world.client(team.owner)
    outsider = team.world.client(team.outsider)
    nobody = str(uuid.uuid4())

    # 401: no credentials; a key that is no key
    _assert_catalogued(anon.get("/api/actions/"), 401, "not_authenticated")
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Bearer not-a-key")
    _assert_catalogued(bad.get("/api/actions/"), 401, "authentication_failed")
    # 406: an answer in a format the API does not speak
    _assert_catalogued(owner.get("/api/actions/", HTTP_ACCEPT="application/xml"), 406, "not_acceptable")
    # 405: a method the route does not have
    _assert_catalogued(owner.delete("/api/actions/"), 405, "method_not_allowed")
    # 400: a body that is not JSON, and one that is JSON but invalid
    _assert_catalogued(
        agent.post("/api/actions/", data=b'{"action_type": ', content_type="application/json"),
        400,
        "parse_error",
    )
    invalid = _assert_catalogued(agent.post("/api/actions/", {}, format="json"), 400, "invalid")
    assert "errors" in invalid
    _assert_catalogued(owner.post("/api/workspaces/", {}, format="json"), 400, "invalid")
    # 415: a form body
    _assert_catalogued(
        agent.post(
            "/api/actions/", data="action_type=terminal", content_type="application/x-www-form-urlencoded"
        ),
        415,
        "unsupported_media_type",
    )
    # 404: an unknown id, another workspace's project, a path that is no route, an id that is not an id
    _assert_catalogued(owner.get(f"/api/actions/{nobody}/"), 404, "not_found")
    _assert_catalogued(outsider.get(f"/api/projects/{team.project.id}/"), 404, "not_found")
    _assert_catalogued(owner.get("/api/no-such-route/"), 404, "not_found")
    _assert_catalogued(owner.get("/api/actions/not-a-uuid/"), 404, "not_found")
    _assert_catalogued(owner.get("/api/actions"), 404, "not_found")
    # 403: an agent deciding, a person proposing, an agent at a people's endpoint, a too-low role
    proposed = agent.post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": "make deploy"}}, format="json"
    )
    assert proposed.status_code == 201, proposed.content
    action_id = proposed.json()["id"]
    _assert_catalogued(agent.post(f"/api/actions/{action_id}/approve/"), 403, "permission_denied")
    _assert_catalogued(
        owner.post("/api/actions/", {"action_type": "terminal", "payload": {"command": "ls"}}, format="json"),
        403,
        "permission_denied",
    )
    _assert_catalogued(agent.get(f"/api/projects/{team.project.id}/events/"), 403)
    developer = team.world.client(team.developer)
    _assert_catalogued(
        developer.put(f"/api/projects/{team.project.id}/permissions/", {"allow": []}, format="json"), 403
    )
    _assert_catalogued(
        agent.post("/api/actions/", {"action_type": "container_stop", "payload": {}}, format="json"),
        403,
        "people_only",
    )
    # 409: a denied action approved; an approved one denied
    denied = owner.post(f"/api/actions/{action_id}/deny/", {"reason": "no"}, format="json")
    assert denied.status_code == 200 and denied.json()["outcome"] == "denied", denied.content
    _assert_catalogued(owner.post(f"/api/actions/{action_id}/approve/"), 409, "acao_ja_recusada")
    second = agent.post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": "make release"}}, format="json"
    ).json()["id"]
    approved = owner.post(f"/api/actions/{second}/approve/")
    assert approved.status_code == 200 and approved.json()["outcome"] == "approved", approved.content
    again = owner.post(f"/api/actions/{second}/approve/")
    assert again.status_code == 200 and again.json()["outcome"] == "ja_aprovada"
    _assert_catalogued(
        owner.post(f"/api/actions/{second}/deny/", {}, format="json"), 409, "action_already_approved"
    )


def test_the_error_codes_command_prints_the_whole_catalogue():
    import json
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("error_codes", "--json", stdout=out)
    listed = {row["code"]: row for row in json.loads(out.getvalue())}
    assert set(listed) == set(CATALOGUE)
    assert listed["acao_ja_recusada"]["status"] == 409 and listed["default"]["kind"] == DECISION
    table = StringIO()
    call_command("error_codes", "--kind", "outcome", stdout=table)
    assert "ja_aprovada" in table.getvalue() and "not_found" not in table.getvalue()


def test_the_error_code_type_is_the_catalogue():
    """``brabo.errors.ErrorCode`` (what ``DomainError``/``ApiError`` accept as ``reason``) lists exactly the
    codes an HTTP refusal may carry, so mypy refuses a raise naming a code the catalogue lacks."""
    from typing import get_args

    typed = set(get_args(errors.ErrorCode))
    refusals = {c for c, entry in CATALOGUE.items() if entry.kind == ERROR} | set(errors._DECISION_STATUS)
    assert typed == refusals, (sorted(typed - refusals), sorted(refusals - typed))


# DRF's exceptions a view might raise by hand instead of a catalogue code (authentication failures stay
# DRF's: its view answers them with the WWW-Authenticate header).
RAW_DRF = {"PermissionDenied", "NotFound", "ValidationError", "ParseError", "Throttled"}


def test_every_refusal_names_its_code():
    """Every ``DomainError`` and ``ApiError`` in the application names its ``reason`` (a catalogue code), and
    no view raises DRF's generic exceptions, whose code would be the status's generic one."""
    nameless, raw = [], []
    for rel, tree in _sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            keywords = {k.arg for k in node.keywords}
            refusal = name in ("DomainError", "ApiError", "Refused")
            if refusal and "reason" not in keywords and None not in keywords:
                nameless.append(f"{rel}:{node.lineno}")
            if name in RAW_DRF and rel.endswith(("views.py", "_api.py")):
                raw.append(f"{rel}:{node.lineno} {name}")
    assert not nameless, f"refusals that name no catalogue code: {nameless}"
    assert not raw, f"views raising DRF's generic exceptions instead of a catalogue code: {raw}"
