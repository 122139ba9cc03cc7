"""MCP tool calls through the hook endpoint (POST /api/hooks/<agent>/), the REST API and "Always
allow": each agent's documented MCP hook input becomes an ``mcp_call`` action, its Mcp() rules and the caps
decide it, and what the person decides is what the agent is told."""

from __future__ import annotations

import pytest

from actions.models import ProposedAction
from permissions.files import parse_permissions_text
from permissions.mcp import describe

ROOT = "/home/ana/app"  # the project folder on the agent's machine
EVENT = {"claude-code": "PreToolUse", "gemini-cli": "BeforeTool", "codex": "PreToolUse"}


def mcp_input(agent: str, server: str, tool: str, arguments: dict) -> dict:
    """One MCP tool call as each agent's hook presents it, field for field as the pinned CLIs sent it
    (tests/agents_e2e/test_agents_e2e_mcp.py captures them; actions/agent_hooks.py cites their source)."""
    body = {
        "session_id": f"{agent}-s",
        "cwd": ROOT,
        "hook_event_name": EVENT[agent],
        "tool_name": f"mcp__{server}__{tool}",
        "tool_input": arguments,
    }
    if agent == "claude-code":
        body |= {"transcript_path": "/home/ana/.claude/t.jsonl", "permission_mode": "default"}
        body |= {"tool_use_id": "toolu_01", "mcp_server": {"name": server, "source": "project"}}
    elif agent == "gemini-cli":
        body |= {"timestamp": "2026-12-01T12:00:00Z", "transcript_path": "/home/ana/.gemini/t.json"}
        body["tool_name"] = f"mcp_{server}_{tool}"  # Gemini CLI: one underscore each
        body["mcp_context"] = {"server_name": server, "tool_name": tool, "command": "docker", "args": ["run"]}
    else:
        body |= {"turn_id": "t1", "model": "gpt-5", "tool_use_id": "call_1"}
    return body


def said(agent: str, answer: dict) -> str:
    """allow / deny / ask as the agent reads the answer."""
    if agent == "gemini-cli":
        return answer["decision"]
    if agent == "codex" and answer == {}:
        return "allow"
    return answer["hookSpecificOutput"]["permissionDecision"]


@pytest.fixture
def hook(team, agent_api):
    agent_api.write_permissions(
        allow=[
            "Mcp(github)",
            "Mcp(github.merge_pull_request)",
            "Mcp(db.query mode=read)",
            "Mcp(fs.write_file)",
        ],
        deny=["Mcp(db.query mode=drop)"],
    )
    client = team.world.client(agent_key=team.agent_key)

    def call(agent, server, tool, arguments, root=ROOT):
        resp = client.post(
            f"/api/hooks/{agent}/?timeout=0&pending=ask",
            mcp_input(agent, server, tool, arguments),
            format="json",
            HTTP_X_BRABO_PROJECT_ROOT=root,
        )
        assert resp.status_code == 200, resp.content
        action = ProposedAction.objects.filter(action_type="mcp_call").order_by("-created_at").first()
        return said(agent, resp.json()), action

    return call


def auto_mode(team):
    team.world.client(team.maintainer).put(
        f"/api/agents/{team.agent.id}/autonomy/",
        [{"action_type": "*", "mode": "auto_approve"}],
        format="json",
    )


AGENTS = list(EVENT)
WAITS = {"claude-code": "ask", "gemini-cli": "ask", "codex": "deny"}  # Codex takes no "ask"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_github_merge_into_main_is_never_auto_approved(team, hook, agent):
    auto_mode(team)  # autonomy too: the cap holds over the allow rule and auto mode alike
    for base in ("main", "Main"):
        answer, action = hook(
            agent, "github", "merge_pull_request", {"owner": "acme", "pullNumber": 7, "base": base}
        )
        assert answer == WAITS[agent]
        assert (action.status, action.reason) == ("pending", "cap_protected_merge")
        assert action.payload["server"] == "github" and action.payload["tool"] == "merge_pull_request"
        assert action.payload["arguments"]["base"] == base and action.payload["runs_in"] == "agent"
    # github-mcp-server's own shape names no base: an unknown target is a protected one
    answer, action = hook(
        agent, "github", "merge_pull_request", {"owner": "acme", "repo": "app", "pullNumber": 8}
    )
    assert (answer, action.reason) == (WAITS[agent], "cap_protected_merge")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_merge_into_a_feature_branch_follows_the_rules(hook, github, agent):
    """The pull request's base read from GitHub decides, never a base argument: the merge tool takes none and
    merges into the PR's base whatever the call says (red team: "base": "feature/login" merged PR 7 into main)."""
    gh = {"owner": "acme", "repo": "app"}
    answer, action = hook(agent, *GH_MERGE, gh | {"pullNumber": 8, "base": "feature/login"})
    assert (answer, action.status, action.reason) == ("allow", "auto_approved", "allow_rule")
    answer, action = hook(agent, *GH_MERGE, gh | {"pullNumber": 7, "base": "feature/login"})
    assert (answer, action.status, action.reason) == (WAITS[agent], "pending", "cap_protected_merge")
    assert action.payload["looked_up_base"] == {"branch": "main"}


@pytest.mark.parametrize("agent", AGENTS)
def test_argument_conditions_match(hook, agent):
    answer, action = hook(agent, "db", "query", {"mode": "read", "sql": "select 1"})
    assert (answer, action.status) == ("allow", "auto_approved")
    answer, action = hook(agent, "db", "query", {"mode": " DROP ", "sql": "drop table t"})
    assert (answer, action.status, action.reason) == ("deny", "denied", "deny_rule")
    answer, action = hook(agent, "db", "query", {"mode": "Read", "sql": "select 1"})  # allow is literal
    assert (answer, action.status, action.reason) == (WAITS[agent], "pending", "default")


@pytest.mark.parametrize("agent", AGENTS)
def test_an_unknown_tool_waits_for_a_person(team, hook, agent):
    auto_mode(team)
    answer, action = hook(agent, "weather", "forecast", {"city": "Lisbon"})
    assert (answer, action.status, action.reason) == (WAITS[agent], "pending", "default")
    assert "weather.forecast" in action.message


@pytest.mark.parametrize("agent", AGENTS)
def test_a_filesystem_write_outside_the_root_is_capped(hook, agent):
    answer, action = hook(agent, "fs", "write_file", {"path": ROOT + "/notes.md", "content": "x"})
    assert (answer, action.status) == ("allow", "auto_approved")
    answer, action = hook(agent, "fs", "write_file", {"path": "/home/ana/.bashrc", "content": "x"})
    assert (answer, action.status, action.reason) == (WAITS[agent], "pending", "cap_path_scope")


# -- GitHub's merge names no base: Brabo reads the PR's from GitHub (the workspace's provider adapter) --------


@pytest.fixture
def github(team, owner_token):
    from actions.tests.exec_fixtures import OWNER_TOKEN
    from actions.tests.fake_provider import FakeProvider

    with FakeProvider(OWNER_TOKEN) as fake:
        owner_token("github", f"{fake.url}/github")
        fake.add_pr(7, head="feature/login", base="main")
        fake.add_pr(8, head="fix", base="feature/login")
        yield fake


GH_MERGE = ("github", "merge_pull_request")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_github_merge_without_a_base_is_decided_on_the_prs_base_read_from_github(team, hook, github, agent):
    auto_mode(team)
    answer, action = hook(agent, *GH_MERGE, {"owner": "acme", "repo": "app", "pullNumber": 7})
    assert (answer, action.status, action.reason) == (WAITS[agent], "pending", "cap_protected_merge")
    assert action.payload["looked_up_base"] == {"branch": "main"}
    assert action.message.endswith("decision: main (its pull request's base on the code host)")
    assert "base, read from the code host: main" in describe(action.payload)  # the console's, Slack's words
    answer, action = hook(agent, *GH_MERGE, {"owner": "acme", "repo": "app", "pullNumber": 8})
    assert (answer, action.status, action.reason) == ("allow", "auto_approved", "allow_rule")
    assert action.payload["looked_up_base"] == {"branch": "feature/login"}
    # the read went to GitHub's documented endpoint with the owner's token
    reads = [r for r in github.requests if r["method"] == "GET"]
    assert [r["path"] for r in reads] == ["/github/repos/acme/app/pulls/7", "/github/repos/acme/app/pulls/8"]


def test_a_proposers_own_looked_up_base_is_never_believed(agent_api, github):
    agent_api.write_permissions(allow=["Mcp(github.merge_pull_request)"])
    forged = {"server": "github", "tool": "merge_pull_request", "looked_up_base": {"branch": "feature/x"}}
    resp = agent_api.propose(
        "mcp_call", forged | {"arguments": {"owner": "acme", "repo": "app", "pullNumber": 7}}
    )
    assert (resp.json()["status"], resp.json()["reason"]) == ("pending", "cap_protected_merge")
    assert agent_api.action(resp.json()["id"]).payload["looked_up_base"] == {"branch": "main"}
    # nothing to look up (no owner or repo): the forged key is dropped, not kept for a later reading, and the
    # base argument is not believed either (the merge tool takes none)
    resp = agent_api.propose("mcp_call", forged | {"arguments": {"pullNumber": 9, "base": "feature/y"}})
    assert (resp.json()["status"], resp.json()["reason"]) == ("pending", "cap_protected_merge")
    assert "looked_up_base" not in agent_api.action(resp.json()["id"]).payload


def test_a_github_merge_through_a_hub_is_decided_on_the_base_read_from_github(agent_api, github):
    """R-MCP.4: a hub's caller tool's merge was never looked up, so it waited even into a feature branch."""
    agent_api.write_permissions(allow=["Mcp(hub)"])
    for number, expected, base in ((8, "auto_approved", "feature/login"), (7, "pending", "main")):
        pr = {"owner": "acme", "repo": "app", "pullNumber": number}
        call = {"server_name": "github", "tool_name": "merge_pull_request", "arguments": pr}
        resp = agent_api.propose("mcp_call", {"server": "hub", "tool": "use_mcp_tool", "arguments": call})
        assert resp.json()["status"] == expected, resp.json()
        assert agent_api.action(resp.json()["id"]).payload["looked_up_base"] == {"branch": base}
    reads = [r["path"] for r in github.requests if r["method"] == "GET"]
    assert reads == ["/github/repos/acme/app/pulls/8", "/github/repos/acme/app/pulls/7"]


@pytest.mark.parametrize(
    "setup, why",
    [
        ("no_credentials", "credentials_missing"),
        ("gitlab", "the workspace's git provider is gitlab, not github"),
        ("no_such_pr", "did not give pull request #99"),
        ("github_down", "did not answer for pull request #7 of acme/app (provider_unavailable)"),
        ("hangs_up", "did not answer for pull request #7"),
    ],
)
def test_when_the_base_cannot_be_read_a_person_decides(team, agent_api, owner_token, setup, why):
    """Fail closed: whatever keeps Brabo from reading the base, the merge waits for a person, saying why."""
    from actions.tests.exec_fixtures import OWNER_TOKEN
    from actions.tests.fake_provider import FakeProvider

    agent_api.write_permissions(allow=["Mcp(github.merge_pull_request)"])
    auto_mode(team)
    number = 99 if setup == "no_such_pr" else 7
    with FakeProvider(OWNER_TOKEN) as fake:
        fake.add_pr(7, base="feature/login")  # a feature branch: only the failed read keeps it for a person
        if setup == "gitlab":
            owner_token("gitlab", f"{fake.url}/gitlab/api/v4")
        elif setup == "hangs_up":
            owner_token("github", "http://127.0.0.1:9")  # nothing listens there
        elif setup != "no_credentials":
            owner_token("github", f"{fake.url}/github")
        if setup == "github_down":
            fake.fail_next = [502]
        resp = agent_api.propose(
            "mcp_call",
            {
                "server": "github",
                "tool": "merge_pull_request",
                "arguments": {"owner": "acme", "repo": "app", "pullNumber": number},
            },
        )
    body = resp.json()
    assert (body["status"], body["reason"]) == ("pending", "cap_protected_merge"), body
    looked = agent_api.action(body["id"]).payload["looked_up_base"]
    assert why in looked["error"] and OWNER_TOKEN not in looked["error"]


def test_a_bad_mcp_tool_name_is_refused_by_name(team):
    client = team.world.client(agent_key=team.agent_key)
    body = mcp_input("claude-code", "github", "x", {}) | {"tool_name": "mcp__github"}
    resp = client.post(
        "/api/hooks/claude-code/?timeout=0", body, format="json", HTTP_X_BRABO_PROJECT_ROOT=ROOT
    )
    out = resp.json()["hookSpecificOutput"]
    assert out["permissionDecision"] == "deny" and "mcp__<server>__<tool>" in out["permissionDecisionReason"]
    assert not ProposedAction.objects.exists()


def test_proposed_through_the_rest_api(agent_api):
    agent_api.write_permissions(allow=["Mcp(github.merge_pull_request)", "Mcp(github.get_me)"])
    ok = agent_api.propose("mcp_call", {"server": "github", "tool": "get_me", "arguments": {}})
    assert (ok.status_code, ok.json()["status"]) == (201, "auto_approved")
    main = agent_api.propose(
        "mcp_call", {"server": "github", "tool": "merge_pull_request", "arguments": {"base": "main"}}
    )
    assert (main.json()["status"], main.json()["reason"]) == ("pending", "cap_protected_merge")
    bad = agent_api.propose("mcp_call", {"server": "git hub", "tool": "x"})
    assert bad.status_code == 400 and "payload.server" in bad.content.decode()
    bad = agent_api.propose("mcp_call", {"server": "github", "tool": "x", "arguments": ["base", "main"]})
    assert bad.status_code == 400 and "payload.arguments" in bad.content.decode()
    # Brabo holds no client of the agent's MCP servers: the agent runs the call, always
    assert agent_api.action(ok.json()["id"]).payload["runs_in"] == "agent"
    bad = agent_api.propose("mcp_call", {"server": "github", "tool": "x", "runs_in": "sandbox"})
    assert bad.status_code == 400 and "payload.runs_in" in bad.content.decode()


def test_always_allow_writes_the_tool_never_the_server_nor_a_capped_tool(team, agent_api):
    maintainer = team.world.client(team.maintainer)
    asked = agent_api.propose(
        "mcp_call", {"server": "weather", "tool": "forecast", "arguments": {"city": "x"}}
    )
    assert asked.json()["status"] == "pending"
    resp = maintainer.post(f"/api/actions/{asked.json()['id']}/approve-always/")
    assert resp.status_code == 200, resp.content
    policy = parse_permissions_text(team.project.permissions_path.read_text())
    assert "Mcp(weather.forecast)" in policy.allow and "Mcp(weather)" not in policy.allow
    again = agent_api.propose(
        "mcp_call", {"server": "weather", "tool": "forecast", "arguments": {"city": "y"}}
    )
    assert again.json()["status"] == "auto_approved"

    merge = agent_api.propose(
        "mcp_call", {"server": "github", "tool": "merge_pull_request", "arguments": {"base": "feature/x"}}
    )
    assert merge.json()["status"] == "pending"
    resp = maintainer.post(f"/api/actions/{merge.json()['id']}/approve-always/")
    assert resp.status_code == 400 and resp.json()["reason"] == "teto_do_sempre_permitir"
    assert "merge_pull_request" not in team.project.permissions_path.read_text()
    assert ProposedAction.objects.get(id=merge.json()["id"]).status == "pending"


def test_notifications_and_slack_say_the_call_in_plain_words(agent_api):
    from actions import notifications, slack

    resp = agent_api.propose(
        "mcp_call",
        {"server": "github", "tool": "merge_pull_request", "arguments": {"base": "main", "pullNumber": 7}},
    )
    action = agent_api.action(resp.json()["id"])
    assert (
        notifications.summary(action)
        == "MCP tool merge_pull_request of server github with base=main, pullNumber=7"
    )
    said = slack.what_approving_does(action)
    assert said.startswith("Approving lets the agent make this call on its own machine")
    # the call itself follows as plain text, every argument whole
    whole = slack.reviewable(action)
    assert (
        whole.complete
        and whole.text == "MCP tool merge_pull_request of server github with:\nbase: main\npullNumber: 7"
    )
