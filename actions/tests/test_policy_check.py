"""R12.3 — `manage.py policy check` explains one command against a project's real state."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command


def _check(*args):
    import io

    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("policy", "check", *args, stdout=out, stderr=err)
    except CommandError as exc:  # what `manage.py` prints as one line and exits with returncode
        return exc.returncode, out.getvalue(), str(exc)
    return 0, out.getvalue(), err.getvalue()


def test_policy_check_uses_the_projects_file_and_the_agents_autonomy(team):
    team.project.permissions_path.write_text(
        json.dumps({"allow": ["Terminal(pnpm test)"], "deny": [], "ask": []})
    )
    code, out, _ = _check("--project", team.project.slug, "--json", "--", "pnpm test && curl x")
    assert code == 0
    verdict = json.loads(out)
    assert (verdict["decision"], verdict["reason"]) == ("require_approval", "compound_uncovered")
    # The same command for an agent in auto mode: the compound synthesis is dropped (RN-603).
    from projects.services import upsert_autonomy

    upsert_autonomy(actor=team.owner, agent=team.agent, action_type="*", mode="auto_approve")
    code, out, _ = _check(
        "--project",
        team.project.workspace_dir_name,
        "--agent",
        "dev-api",
        "--json",
        "--",
        "pnpm test && curl x",
    )
    assert json.loads(out)["decision"] == "auto_approve"


def test_policy_check_names_unknown_projects_and_agents(team):
    code, _, err = _check("--project", "nope", "--", "ls")
    assert code == 2 and "no project 'nope'" in err
    code, _, err = _check("--project", team.project.slug, "--agent", "ghost", "--", "ls")
    assert code == 2 and "no agent 'ghost'" in err and "Traceback" not in err


def test_policy_check_reports_a_malformed_file(team):
    team.project.permissions_path.write_text('{"allow": ["Terminal(ls"]}')
    code, _, err = _check("--project", team.project.slug, "--", "ls")
    assert code == 2 and "policy check:" in err


def test_policy_check_explains_each_segment_for_people(team):
    team.project.permissions_path.write_text(
        json.dumps({"allow": ["Terminal(ls)"], "deny": ["Terminal(curl)"], "ask": []})
    )
    code, out, _ = _check("--project", team.project.slug, "--", "ls -la && curl x")
    assert code == 0
    assert "decision: deny" in out and "reason:   deny_rule" in out
    assert "'curl x': deny (Terminal(curl))" in out


@pytest.mark.django_db(transaction=True)
def test_policy_check_exits_by_decision_from_the_command_line_as_brabo_policy_check_does(team):
    # `manage.py policy check` exited 0 for a deny
    from brabo_client.policy import EXIT_FOR
    from permissions.management.commands.policy import Command
    from projects.services import replace_permissions

    assert Command.EXIT_FOR_DECISION == EXIT_FOR  # the server's command and the client agree
    replace_permissions(
        project=team.project,
        data={"allow": ["Terminal(ls)"], "deny": ["Terminal(curl)"], "ask": []},
        actor=team.owner,
    )
    codes: dict[str, str | int | None] = {}
    for command in ("ls", "make x", "curl x"):
        try:
            Command(stdout=io.StringIO()).run_from_argv(
                ["manage.py", "policy", "check", "--project", team.project.slug, "--", command]
            )
            codes[command] = 0
        except SystemExit as exit_:
            codes[command] = exit_.code
    assert codes == {"ls": 0, "make x": 1, "curl x": 77}
