"""§5 step 6, red team: publishing by a task or a tool the caps did not know.

Bundler's gem tasks publish under the name `release` (`rake release` builds the gem, tags, pushes the tag
and pushes the gem to rubygems.org; its steps `release:rubygem_push`, `release:source_control_push`) --
rake's only: `make release`, `rake build` stay ordinary. Mage (Go's make) runs tasks named like any task
runner's (`mage deploy`). maturin publishes a Rust extension's wheels to PyPI; the ChartMuseum plugin's
`helm cm-push` pushes a chart. Each is capped as an external effect on the sandbox and the agent's machine.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, allow_every_word, term

EXTERNAL = [
    "rake release",
    "rake 'release[origin]'",
    "rake release:rubygem_push",
    "rake release:source_control_push",
    "rake -f Rakefile release",
    "bundle exec rake release",
    "rake build release",
    "mage deploy",
    "mage -v deploy",
    "mage build publish",
    "mage deploy:prod",
    "maturin publish",
    "maturin publish --skip-existing",
    "maturin upload dist/*",
    "helm cm-push chart.tgz repo",
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command", EXTERNAL)
def test_they_are_external_effects(command, runs_in):
    for v in (
        term(command, autonomy=AUTO_MODE, runs_in=runs_in),
        term(command, allow=allow_every_word(command), runs_in=runs_in),
    ):
        assert (v.decision, v.reason) == ("require_approval", "cap_external_effect"), (command, v.reason)
    assert term(command, project=CONTAINER_RUNNING, runs_in=runs_in).decision == "require_approval", command


@pytest.mark.parametrize(
    "command",
    [
        "rake build",
        "rake test",
        "rake",
        "make release",
        "mage build",
        "maturin build --release",
        "maturin develop",
    ],
)
def test_their_local_forms_stay_ordinary(command):
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command
