"""Issue 22 acceptance: each agent's real CLI (installed from the npm registry), with a local stand-in for
its model that scripts one tool call, driven through Brabo — the agent runs what Brabo allows, does not run
what Brabo refuses, and runs nothing when Brabo hangs (R12.6).

Every agent is configured so that, on its own, it would run the scripted tool (see ``agents.py``): a
marker file that does not appear was kept from appearing by Brabo's answer.
"""

from __future__ import annotations

import pytest

from .agents import AGENTS, SHELL_TOOL, WRITE_TOOL, run_agent
from .conftest import hook_knows_agent_timeout

pytestmark = [pytest.mark.agents_e2e, pytest.mark.django_db(transaction=True)]


def _completed(run) -> None:
    """The agent went on to its second turn and finished: the hook answered and the agent carried on (a
    crash would also leave a marker absent, and prove nothing)."""
    assert run.returncode == 0, run.describe()
    assert run.tool_results(), "the agent never reported the tool call back to its model\n" + run.describe()


@pytest.mark.parametrize("agent", AGENTS)
def test_the_agent_runs_what_brabo_allows(agent, agent_clis, brabo, agent_dirs):
    project, home = agent_dirs
    brabo.policy(allow=["Terminal(touch allowed.txt)"])
    run = run_agent(
        agent,
        agent_clis,
        SHELL_TOOL[agent]("touch allowed.txt"),
        project=project,
        home=home,
        hook=brabo.hook(),
    )
    _completed(run)
    assert (project / "allowed.txt").exists(), run.describe()
    [action] = brabo.actions()
    assert action.payload["command"] == "touch allowed.txt"
    assert action.status in ("auto_approved", "executing", "executed")


@pytest.mark.parametrize("agent", AGENTS)
def test_the_agent_does_not_run_what_brabo_refuses(agent, agent_clis, brabo, agent_dirs):
    project, home = agent_dirs
    brabo.policy(allow=["Terminal(touch *)"], deny=["Terminal(touch denied.txt)"])
    run = run_agent(
        agent,
        agent_clis,
        SHELL_TOOL[agent]("touch denied.txt"),
        project=project,
        home=home,
        hook=brabo.hook(),
    )
    _completed(run)
    assert not (project / "denied.txt").exists(), run.describe()
    [action] = brabo.actions()
    assert (action.payload["command"], action.status) == ("touch denied.txt", "denied")
    # the refusal the agent hands its model is Brabo's, naming the rule
    assert any("touch denied.txt" in text for text in run.tool_results()), run.describe()


def test_claude_code_http_hook_allows_and_refuses(agent_clis, brabo, agent_dirs, tmp_path):
    """The HTTP form (Claude Code calls Brabo's endpoint itself): the same allow and deny."""
    brabo.policy(allow=["Terminal(touch allowed.txt)"], deny=["Terminal(touch denied.txt)"])
    project, home = agent_dirs
    for name in ("allowed.txt", "denied.txt"):
        run = run_agent(
            "claude-code",
            agent_clis,
            SHELL_TOOL["claude-code"](f"touch {name}"),
            project=project,
            home=home,
            hook=brabo.hook(form="http"),
        )
        _completed(run)
    assert (project / "allowed.txt").exists()
    assert not (project / "denied.txt").exists()
    statuses = {a.payload["command"]: a.status for a in brabo.actions()}
    assert statuses["touch denied.txt"] == "denied"
    assert statuses["touch allowed.txt"] in ("auto_approved", "executing", "executed")


@pytest.mark.parametrize("agent", sorted(WRITE_TOOL))
def test_file_writes_follow_brabo(agent, agent_clis, brabo, agent_dirs):
    """The agents' file tools (Claude Code ``Write``, Gemini CLI ``write_file``, Codex ``apply_patch``) map
    to ``write_file``: allowed, the file is written; refused, it is not."""
    project, home = agent_dirs
    brabo.policy(deny=["WriteFile()"])
    target = project / "notes.md"
    run = run_agent(
        agent,
        agent_clis,
        WRITE_TOOL[agent](str(target), "# refused\n"),
        project=project,
        home=home,
        hook=brabo.hook(),
    )
    _completed(run)
    assert not target.exists(), run.describe()
    brabo.policy(allow=["WriteFile()"])
    run = run_agent(
        agent,
        agent_clis,
        WRITE_TOOL[agent](str(target), "# allowed\n"),
        project=project,
        home=home,
        hook=brabo.hook(),
    )
    _completed(run)
    assert target.read_text() == "# allowed\n", run.describe()
    assert [(a.action_type, a.payload["path"]) for a in brabo.actions()] == [("write_file", "notes.md")] * 2


# -- Brabo hangs ------------------------------------------------------------------------------------------

AGENT_TIMEOUT = 12  # seconds: the agent's own hook timeout, configured small so the test is quick


def _hang_hook(brabo_url: str, key: str, **kw):
    from .agents import Hook

    args: tuple[str, ...] = ("--timeout", "3")
    if hook_knows_agent_timeout():
        args += ("--agent-timeout", str(AGENT_TIMEOUT))  # R12.6: the hook answers before this
    return Hook(url=brabo_url, key=key, agent_timeout=AGENT_TIMEOUT, args=args, **kw)


@pytest.mark.parametrize("agent", AGENTS)
def test_the_agent_runs_nothing_when_brabo_hangs(agent, agent_clis, hung_brabo, agent_dirs, team):
    """Brabo accepts the hook's connection and never answers: the command hook must refuse before the
    agent's own hook timeout, because each agent runs the tool when its hook times out (R12.6)."""
    project, home = agent_dirs
    hook = _hang_hook(hung_brabo.url, team.agent_key)
    run = run_agent(
        agent,
        agent_clis,
        SHELL_TOOL[agent]("touch ran-while-brabo-hung.txt"),
        project=project,
        home=home,
        hook=hook,
    )
    assert hung_brabo.accepted >= 1, "the hook never reached the hung server\n" + run.describe()
    assert not (project / "ran-while-brabo-hung.txt").exists(), run.describe()
    _completed(run)


@pytest.mark.parametrize("on_failure", [None, "block"])
def test_claude_code_http_hook_when_brabo_hangs(on_failure, agent_clis, hung_brabo, agent_dirs, team):
    """The HTTP form cannot answer for a server that hangs: Claude Code itself decides what a failed HTTP
    hook means. By default it runs the tool (documented: "timeouts ... allow execution to continue");
    with ``"onFailure": "block"`` (Claude Code 2.1.295+) it refuses. Both are pinned here, so the README's
    advice (the command form, or ``onFailure: block``) stays true for the pinned version."""
    project, home = agent_dirs
    hook = _hang_hook(hung_brabo.url, team.agent_key, form="http", on_failure=on_failure)
    hook.args = ("--timeout", "3")
    run = run_agent(
        "claude-code",
        agent_clis,
        SHELL_TOOL["claude-code"]("touch ran.txt"),
        project=project,
        home=home,
        hook=hook,
    )
    _completed(run)
    assert hung_brabo.accepted >= 1, run.describe()
    assert (project / "ran.txt").exists() is (on_failure is None), run.describe()
