"""SPEC §5 (agent), R3.7 through the real agents and the real git: a cloned repository carries a git store as
plain files (``fx/evil``: HEAD, objects/, refs/, a config whose diff driver's textconv is a program, and
info/attributes naming that driver). ``git -C fx/evil log -p`` run on the agent's machine runs that program
(git 2.39: its safe.bareRepository defaults to "all") -- under an allow of ``git -C *`` that reads only the
text. The command hook tells Brabo the command's git reaches a store other than the project's own .git, and it
waits for a person: the program does not run. ``git log -p`` in the project itself runs as allowed.

This fails on a hook that does not look (the command is auto-approved and the marker appears).
"""

from __future__ import annotations

import subprocess

import pytest

from .agents import AGENTS, SHELL_TOOL, dirs_for, git_project, run_agents

pytestmark = [pytest.mark.agents_e2e, pytest.mark.django_db(transaction=True)]


def _plant(project, marker) -> None:
    """fx/evil: a store git's discovery takes for a repository, with a program in its config."""
    git_project(project)
    source = project.parent / "source"
    subprocess.run(["git", "init", "-q", str(source)], check=True)
    (source / "a.txt").write_text("hi\n")
    subprocess.run(["git", "-C", str(source), "add", "a.txt"], check=True)
    subprocess.run(
        ["git", "-C", str(source), "-c", "user.email=a@b.c", "-c", "user.name=a", "commit", "-qm", "one"],
        check=True,
    )
    store = project / "fx" / "evil"
    subprocess.run(["git", "clone", "-q", "--bare", str(source), str(store)], check=True)
    (store / "info").mkdir(exist_ok=True)
    (store / "info" / "attributes").write_text("* diff=x\n")
    with (store / "config").open("a") as f:
        f.write(f'[diff "x"]\n\ttextconv = "touch {marker}; cat"\n')


def test_git_in_a_planted_store_does_not_run_its_config(agent_clis, brabo, tmp_path):
    brabo.policy(allow=["Terminal(git -C *)", "Terminal(git log *)"])
    jobs, markers = {}, {}
    for agent in AGENTS:
        project, home = dirs_for(tmp_path, agent)
        markers[agent] = tmp_path / agent / "textconv-ran"
        _plant(project, markers[agent])
        jobs[agent] = dict(
            agent=agent,
            clis=agent_clis,
            call=SHELL_TOOL[agent]("git -C fx/evil log -p"),
            project=project,
            home=home,
            hook=brabo.hook(),
        )
    runs = run_agents(jobs, workers=len(jobs))
    failures = []
    for agent, run in runs.items():
        if run.returncode != 0 or not run.tool_results() or markers[agent].exists():
            failures.append(f"--- {agent}: ran={markers[agent].exists()}\n{run.describe()}")
        elif not any("git store" in text for text in run.tool_results()):
            failures.append(f"--- {agent}: the refusal does not name the store\n{run.describe()}")
    assert not failures, "\n".join(failures)
    assert not brabo.actions()  # nothing proposed: a person's decision before anything is recorded
