"""Gemini CLI in a folder the person did not trust (R12.6: a hook never fails open; SPEC §5, where it runs).

Gemini CLI's folder trust is on by default. In a folder that is not trusted (the person answered "Don't
trust" in its dialog, or their IDE does not trust the workspace) Gemini CLI 0.61 skips every hook of its
settings — the project's, the user's and the system's alike — and still runs the tools its own rules and the
person allow there (approval mode is held at "default": what the user's ``tools.allowed`` or policies allow
runs without a question). A headless run refuses to start in such a folder, so it takes the interactive
session, on a pseudo-terminal, as a person starts it.

What ``brabo hook install gemini-cli`` writes — an extension in the home folder, enabled for the project —
is run in every folder: the refused command does not run. The hook where installs used to write it (the
project's settings, or the user's with ``--user``) is pinned beside it: there, in the same folder, the
command Brabo would refuse runs, and Brabo is never asked. Should a later Gemini CLI run settings hooks in
an untrusted folder, those two cases fail and say so.

The person has let the shell tool run without a question (``tools.allowed``), so on its own Gemini CLI would
run the scripted command: a marker that does not appear was kept from appearing by Brabo.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from .agents import SHELL_TOOL, dirs_for, run_interactive

pytestmark = [pytest.mark.agents_e2e, pytest.mark.django_db(transaction=True)]

PLACEMENTS = ("extension", "settings", "user-settings")


def test_an_untrusted_folder_is_gated_by_the_installed_extension(agent_clis, brabo, tmp_path):
    brabo.policy(deny=["Terminal(touch denied-*)"])
    jobs = {}
    for placement in PLACEMENTS:
        project, home = dirs_for(tmp_path, placement)
        jobs[placement] = dict(
            clis=agent_clis,
            call=SHELL_TOOL["gemini-cli"](f"touch denied-{placement}.txt"),
            project=project,
            home=home,
            hook=brabo.hook(placement=placement),
            trust="DO_NOT_TRUST",
            user_settings={"tools": {"allowed": ["run_shell_command"]}},
        )
    with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        futures = {name: pool.submit(run_interactive, **job) for name, job in jobs.items()}
        runs = {name: future.result() for name, future in futures.items()}
    status = {a.payload["command"]: a.status for a in brabo.actions()}
    failures = []
    for placement, run in runs.items():
        ran = (run.project / f"denied-{placement}.txt").exists()
        try:
            assert run.tool_results(), "the agent never reported the tool call back to its model"
            if placement == "extension":
                assert not ran, "the refused command ran"
                assert status.get("touch denied-extension.txt") == "denied", status
                assert any("touch denied-*" in text for text in run.tool_results())  # Brabo's reason
            else:
                # Gemini CLI skipped the settings hook in the untrusted folder: the command ran unjudged
                assert ran, "Gemini CLI now runs a settings hook in an untrusted folder"
                assert f"touch denied-{placement}.txt" not in status, status
        except AssertionError as exc:
            failures.append(f"--- {placement}: {exc}\n{run.describe()}")
    assert not failures, "\n".join(failures)
