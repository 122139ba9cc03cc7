"""R4.10, R4.8, red team: the same program reached by another name is the same program -- two launchers whose
program a deny did not reach.

- `nix run FLAKE#ATTR [--] ARGS` runs the package's program, named after the attribute's last part, with ARGS:
  `nix run nixpkgs#git -- push` is `git push`, `nix run nixpkgs#python3Packages.twine -- upload dist/*` is `twine
  upload`. On the base the command asked (nix fetches code no rule reads) but a deny of the program's act never
  matched it; now the command line is read (and still never auto-approved: the package is fetched by name).
- `asdf env TOOL UTIL ARGS` runs UTIL with ARGS in the environment TOOL's shim would have (`env` when no UTIL is
  given): `asdf env python git push` is `git push`. On the base it was auto-approved in auto mode, under an allow
  of its words and through a deny of `git push`; `asdf env python` alone prints the environment, as `env` does
  (asked off the sandbox, as `env` is).
"""

from __future__ import annotations

import pytest

from .redteam import in_auto_mode, never_auto_where, stays_auto_where, under_its_allow

SHAPES = [
    "nix run nixpkgs#{verb} -- {rest}",
    "nix run nixpkgs#{verb} {rest}",
    "nix run --impure nixpkgs#{verb} -- {rest}",
    "nix run --option sandbox false nixpkgs#{verb} -- {rest}",
    "nix run github:NixOS/nixpkgs/nixos-24.05#{verb} -- {rest}",
    "nix run 'nixpkgs#{verb}' -- {rest}",
    "nix run nixpkgs#{verb}^out -- {rest}",
    "asdf env python {verb} {rest}",
    "asdf env nodejs -- {verb} {rest}",
    "sudo asdf env python {verb} {rest}",
]


def _fill(shape: str, inner: str) -> str:
    verb, _, rest = inner.partition(" ")
    return shape.format(verb=verb, rest=rest)


@pytest.mark.parametrize("shape", SHAPES)
def test_a_deny_of_the_program_it_runs_refuses_it(shape: str) -> None:
    for deny, inner in (
        ("npm publish", "npm publish"),
        ("git push", "git push origin main"),
        ("gh pr", "gh pr create"),
    ):
        command = _fill(shape, inner)
        assert in_auto_mode(command, deny).decision == "deny", command
        assert under_its_allow(command, deny).decision == "deny", command


@pytest.mark.parametrize("shape", SHAPES)
def test_the_external_effect_it_runs_is_never_auto_approved(shape: str) -> None:
    for inner in ("npm publish", "git push origin main", "twine upload dist/x.whl"):
        never_auto_where(_fill(shape, inner), ("sandbox", "agent"))


@pytest.mark.parametrize(
    "command",
    ["nix run nixpkgs#python3Packages.twine -- upload dist/*", "nix run nixpkgs#nodePackages.npm -- publish"],
)
def test_an_attribute_path_runs_its_last_part(command: str) -> None:
    program = command.split("#")[1].split()[0].rpartition(".")[2]
    deny = {"twine": "twine upload", "npm": "npm publish"}[program]
    assert in_auto_mode(command, deny).decision == "deny", command


def test_asdf_env_alone_prints_the_environment_as_env_does() -> None:
    never_auto_where("asdf env python", ("agent",))
    stays_auto_where("asdf env python", ("sandbox",))


@pytest.mark.parametrize(
    "command", ["asdf current", "asdf list", "asdf exec python -V", "asdf env python python -V"]
)
def test_ordinary_asdf_commands_stay_approved(command: str) -> None:
    stays_auto_where(command, ("sandbox",))
