"""A command's cwd is looked for the way the sandbox sees it, never on the host (R9.7: the host lends the sandbox
nothing -- not even a yes or no about its own folders).

The cwd of a command is a folder of the project, which the project's own commands write: a symbolic link there
may name any host path. Checked on the host (``is_dir``, ``realpath``), the answer told whether that host path
exists -- a folder there ran the command (and bubblewrap failed to enter it), a missing one answered
``cwd_missing``: an oracle over the worker's machine (another tenant's folder, the operator's home). Now the
cwd's links are followed inside the project only, as the sandbox resolves them (``/work/...`` is the project),
and a link that leaves it is ``cwd_outside_project`` whatever its target is on the host. Nothing outside the
project folder is looked at, so the answers for an existing and a missing host path are the same -- for the
worker's sandbox, its git operations (the worktree a push or commit runs in) and the runner program.
"""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import pytest

from actions.execution import ExecutionFailure
from brabo_client import runner as rp
from containers.bwrap import BwrapBroker
from containers.git_local import inside

from .test_runner_program import make_runner


@pytest.fixture
def host(tmp_path):
    """A project folder beside host folders a tenant may probe: one that exists (open to everyone) and one
    that does not."""
    folder = tmp_path / "project"
    (folder / "sub" / "deeper").mkdir(parents=True)
    (folder / "permissions.json").write_text("{}\n")
    existing = tmp_path / "other-tenant"
    (existing / "src").mkdir(parents=True)
    os.chmod(existing, 0o777)
    return SimpleNamespace(folder=folder, existing=existing, missing=tmp_path / "nobody-here")


# Link targets built from a host folder P (the one that exists, or the one that does not).
PROBES = [
    "{p}",
    "{p}/src",
    "{p}/../{pname}",
    "/work/../{p}",
    "/work/sub/../../{p}",
    "/proc/1/root{p}",
    "/proc/self/cwd/../..{p}",
    "../../{rel}",
    "../{rel_from_project}",
    "sub/../../{rel_from_project}",
]


def _target(template: str, probed: Path, folder: Path) -> str:
    return template.format(
        p=probed,
        pname=probed.name,
        rel=os.path.relpath(probed, folder / "x"),
        rel_from_project=os.path.relpath(probed, folder),
    )


def _outcome(call) -> tuple:
    """What the caller learns: the failure's code and message, or that the command ran."""
    try:
        done = call()
    except (ExecutionFailure, rp.Failure) as failure:
        return ("failed", failure.code, failure.message)
    return ("ran", getattr(done, "exit_code", None))


def _probe_both(host, template, through_chain: bool, call) -> list[tuple]:
    outcomes = []
    for n, probed in enumerate((host.existing, host.missing)):
        link = host.folder / f"probe{n}"
        if through_chain:  # a link to a link to the host
            (host.folder / f"hop{n}").symlink_to(_target(template, probed, host.folder))
            link.symlink_to(f"hop{n}")
        else:
            link.symlink_to(_target(template, probed, host.folder))
        outcomes.append(call(n))
    return outcomes


def _same_but_the_name(outcomes: list[tuple]) -> None:
    first, second = (tuple(str(x).replace("probe0", "probeN") for x in outcomes[0]),
                     tuple(str(x).replace("probe1", "probeN") for x in outcomes[1]))  # fmt: skip
    assert first == second, outcomes
    assert outcomes[0][0] == "failed" and outcomes[0][1] == "cwd_outside_project", outcomes


@pytest.mark.parametrize("chain", [False, True])
@pytest.mark.parametrize("template", PROBES)
def test_the_workers_sandbox_answers_the_same_for_an_existing_and_a_missing_host_folder(
    sandbox, host, template, chain
):
    project = SimpleNamespace(root=lambda: str(host.folder))
    broker = BwrapBroker()
    outcomes = _probe_both(
        host, template, chain,
        lambda n: _outcome(lambda: broker.run_command(project, "pwd", f"/work/probe{n}", 60, 4096)),
    )  # fmt: skip
    _same_but_the_name(outcomes)


@pytest.mark.parametrize("chain", [False, True])
@pytest.mark.parametrize("template", PROBES)
def test_the_runner_answers_the_same_for_an_existing_and_a_missing_host_folder(host, template, chain):
    runner = make_runner(host.folder)

    def call(n):
        body = runner.handle(
            {"action_id": "a", "action_type": "terminal", "payload": {"command": "pwd", "cwd": f"probe{n}"}}
        )
        if body["outcome"] == "executed":
            return ("ran",)
        return ("failed", body["error"]["code"], body["error"]["message"])

    _same_but_the_name(_probe_both(host, template, chain, call))


@pytest.mark.parametrize("chain", [False, True])
@pytest.mark.parametrize("template", PROBES)
def test_the_workers_git_worktree_check_answers_the_same_for_an_existing_and_a_missing_host_folder(
    host, template, chain
):
    def call(n):
        try:
            inside(host.folder, f"probe{n}", what="cwd")
        except ExecutionFailure as failure:
            return ("failed", "cwd_outside_project" if failure.code == "path_outside_project" else failure.code,
                    failure.message)  # fmt: skip
        return ("ran",)

    _same_but_the_name(_probe_both(host, template, chain, call))


# -- what still works: links that stay inside, as the sandbox sees them ------------------------------------


@pytest.mark.parametrize(
    "target, seen",
    [("sub", "/work/sub"), ("/work/sub/deeper", "/work/sub/deeper"), ("sub/../sub/deeper", "/work/sub/deeper"),
     ("/work", "/work"), ("./sub/", "/work/sub")],
)  # fmt: skip
def test_a_link_that_stays_in_the_project_is_a_cwd_as_the_sandbox_sees_it(sandbox, host, target, seen):
    (host.folder / "inlink").symlink_to(target)
    project = SimpleNamespace(root=lambda: str(host.folder))
    done = BwrapBroker().run_command(project, "pwd -P", "/work/inlink", 60, 4096)
    assert (done.exit_code, done.stdout) == (0, f"{seen}\n"), done


@pytest.mark.parametrize(
    "cwd", ["/work/nothing", "/work/sub/nothing", "/work/permissions.json", "/work/dangling"]
)
def test_a_cwd_missing_inside_the_project_is_cwd_missing(sandbox, host, cwd):
    (host.folder / "dangling").symlink_to("sub/none")
    project = SimpleNamespace(root=lambda: str(host.folder))
    with pytest.raises(ExecutionFailure) as failure:
        BwrapBroker().run_command(project, "pwd", cwd, 60, 4096)
    assert failure.value.code == "cwd_missing"


def test_a_loop_of_links_is_cwd_missing_not_a_hang(sandbox, host):
    (host.folder / "a").symlink_to("b")
    (host.folder / "b").symlink_to("a")
    project = SimpleNamespace(root=lambda: str(host.folder))
    with pytest.raises(ExecutionFailure) as failure:
        BwrapBroker().run_command(project, "pwd", "/work/a", 60, 4096)
    assert failure.value.code == "cwd_missing"


def test_a_git_worktree_reached_through_a_link_into_git_is_refused(host):
    """The physical folder a link leads to is checked, so a link cannot make .git the folder writes land in."""
    (host.folder / ".git").mkdir()
    (host.folder / "g").symlink_to(".git")
    with pytest.raises(ExecutionFailure) as failure:
        inside(host.folder, "g", what="cwd")
    assert failure.value.code == "path_outside_project"
