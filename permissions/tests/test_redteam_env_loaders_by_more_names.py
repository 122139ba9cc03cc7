"""R4.10, red team: more programs that load an environment file into the command they run.

Under a deny of `cat .env`, `dotenv -e .env -- printenv` and `env-cmd -f .env env` were refused, but `godotenv -f .env
env`, `godotenv env` (its default is .env), and the Procfile runners' `run` -- `foreman run -e .env env`, `foreman run
env`, `forego run -e .env env`, `honcho run -e .env printenv` -- printed the file's every value, auto-approved:
godotenv was no known wrapper, and none of them was read as a loader (file_printers._LOADS, wrappers). Kept: the
same loaders running any other command (what the program does with its environment is not a print of it).
20 of its 24 cases fail on 513a152 (the session's start); the kept ones held.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

REFUSED = [
    "godotenv -f .env env",
    "godotenv env",
    "godotenv -o -f .env printenv",
    "godotenv -f .env printenv DB_PASSWORD",
    "foreman run -e .env env",
    "foreman run env",
    "foreman run --env .env printenv",
    "forego run -e .env env",
    "honcho run -e .env printenv",
    "honcho run env",
]
KEPT = [
    "godotenv -f .env npm start",
    "foreman start",
    "foreman run npm test",
    "honcho start web",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", REFUSED)
def test_a_loader_printing_its_environment_meets_the_rule(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat .env", command, runs_in)


@pytest.mark.parametrize("command", KEPT)
def test_a_loader_running_another_command_is_not_the_rule_s(command: str) -> None:
    assert_rule_does_not_catch("cat .env", command, "sandbox")
