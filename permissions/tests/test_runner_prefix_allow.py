"""Red team and friction (R4.8, R4.9): a prefix allow of an environment, secret or container runner covers what it
runs only when the pattern names it.

The runners of project environments, secrets and containers run the program they are given: ``poetry run CMD``,
``hatch env run -- CMD``, ``op run -- CMD``, ``mise exec -- CMD``, ``doppler run -- CMD``, ``direnv exec DIR CMD``,
``docker run IMAGE CMD``, ``docker compose exec SERVICE CMD``, ``bundle exec CMD`` ... (permissions.commands.wrappers'
SUBCOMMAND_RUNNERS). A prefix allow of the runner covered whatever it ran: with ``Terminal(poetry run)`` the
segment ``poetry run rm -rf src`` was auto-approved by the rule, in the sandbox and on the developer's machine,
while ``Terminal(uv run)`` no longer covered ``uv run rm -rf src`` (test_wrapper_prefix_allow). R4.8: "an allow
pattern must match the segment as written"; "a prefix rule never auto-approves a segment that runs other commands".
Now (permissions.matching, ``_WRAPPING``) they are read as the wrappers and launchers are: such a pattern covers
the segment only when it spells, literally, a word at every place a command the segment runs starts
(``Terminal(poetry run pytest)`` covers ``poetry run pytest -q``), or spells the whole segment. A runner that runs
nothing (``poetry install``, ``poetry run`` alone, ``docker ps``) is covered by its prefix as before.

Arguments handed to a configured command stay arguments: a project script's (``hatch run test -- -k x``: a word
naming no program Brabo knows, or ``test``, is read as the script) and tox's and nox's posargs (``tox -e py --
pytest tests/``). They may be a command (tox's ``commands = {posargs}``), so they count only when what they would
run acts -- a program of views' HANDED_NAMES (``rm``, ``git``, a shell), one that changes files in place
(``chmod``, ``mv``, ``sed``), or one Brabo does not know (``bash ./scripts/clean.sh``); so do the words after
``cmake -E`` and ``R CMD``, which name the program's own tools first (``cmake -E copy a b``).

On the base (7d2c7f4) these failed: test_a_bare_runner_does_not_cover_what_it_runs 114 of 129 (in the sandbox
the path scope held `docker run -v $PWD:/w ...` already) and test_on_the_developers_machine_too 114 of 129 (there
`ip netns exec` held already; the 14 of HELD held in both: kubectl's exec is an external effect, the wrappers and
the shell lines were read before, ...), test_under_the_seeded_list_with_a_team_s_bare_runners 7 of 7. The friction
tests held there too and are guards, but for two the base asked: ``Terminal(bun run)`` covering ``bun run test``
(``test`` is now read as the script of that name, as it is for hatch) and ``Terminal(pnpm)`` covering ``pnpm build
-- --mode production`` (an option after the script's ``--`` was read as a program with an empty name).
"""

from __future__ import annotations

import pytest

from permissions.seeds import DEV_TERMINAL_ALLOW_PATTERNS
from permissions.tests.helpers import CONTAINER_RUNNING, HOST, term

# (allow patterns, command): the pattern matches the command as written but does not name what it runs
ATTACKS = [
    # Python project and environment runners: `X run CMD` runs CMD with the project's environment
    ("poetry run", "poetry run rm -rf src"),
    ("poetry", "poetry run rm -rf src"),
    ("poetry run", "poetry run -- rm -rf src"),
    ("poetry run", "poetry run chmod -R 000 src"),
    ("poetry run *", "poetry run rm -rf src"),
    ("poetry run r*", "poetry run rm -rf src"),
    ("poetry -C app run", "poetry -C app run rm -rf src"),
    ("poetry run", "poetry run rimraf src"),
    ("poetry run", "poetry run env rm -rf src"),
    ("poetry run", "poetry run git stash drop"),
    ("pipenv run", "pipenv run rm -rf src"),
    ("pipenv", "pipenv run rm -rf src"),
    ("pdm run", "pdm run rm -rf src"),
    ("pdm", "pdm run rm -rf src"),
    ("rye run", "rye run rm -rf src"),
    ("pixi run", "pixi run rm -rf src"),
    ("pixi exec", "pixi exec rm -rf src"),
    ("conda run", "conda run -n dev rm -rf src"),
    ("conda run -n dev", "conda run -n dev rm -rf src"),
    ("mamba run", "mamba run -n dev rm -rf src"),
    ("micromamba run", "micromamba run -n dev rm -rf src"),
    ("hatch run", "hatch run rm -rf src"),
    ("hatch run", "hatch run default:rm -rf src"),
    ("hatch", "hatch run rm -rf src"),
    ("hatch env run", "hatch env run -- rm -rf src"),
    ("hatch env run", "hatch env run -e test -- rm -rf src"),
    ("hatch env run -e test --", "hatch env run -e test -- rm -rf src"),
    ("hatch -e test env run", "hatch -e test env run -- rm -rf src"),
    ("tox exec", "tox exec -e py -- rm -rf src"),
    ("tox", "tox exec -e py -- rm -rf src"),
    # tox's and nox's posargs that name a program that acts (`commands = {posargs}` runs them)
    ("tox", "tox -e py -- rm -rf src"),
    ("tox", "tox -- rm -rf src"),
    ("tox -e py --", "tox -e py -- rm -rf src"),
    ("tox", "tox -e py -- bash ./scripts/clean.sh"),
    ("nox", "nox -s tests -- rm -rf src"),
    ("nox -s tests", "nox -s tests -- chmod -R 000 src"),
    ("hatch run test", "hatch run test -- rm -rf src"),
    ("hatch run", "hatch run test rm -rf src"),
    # environment managers and version managers
    ("direnv exec", "direnv exec . rm -rf src"),
    ("direnv exec .", "direnv exec . rm -rf src"),
    ("devbox run", "devbox run rm -rf src"),
    ("devenv shell", "devenv shell rm -rf src"),
    ("flox activate", "flox activate -- rm -rf src"),
    ("guix shell", "guix shell coreutils -- rm -rf src"),
    ("mise exec", "mise exec -- rm -rf src"),
    ("mise exec node@20 --", "mise exec node@20 -- rm -rf src"),
    ("mise x", "mise x -- rm -rf src"),
    ("asdf exec", "asdf exec rm -rf src"),
    ("rbenv exec", "rbenv exec rm -rf src"),
    ("pyenv exec", "pyenv exec rm -rf src"),
    ("volta run", "volta run rm -rf src"),
    ("fnm exec", "fnm exec rm -rf src"),
    ("nvm exec", "nvm exec 20 rm -rf src"),
    ("rustup run", "rustup run stable rm -rf src"),
    ("stack exec", "stack exec rm -rf src"),
    ("cabal exec", "cabal exec rm -rf src"),
    ("opam exec", "opam exec -- rm -rf src"),
    ("bundle exec", "bundle exec rm -rf src"),
    ("bundle", "bundle exec rm -rf src"),
    ("bundle exec", "bundle exec ruby ./bin/clean.rb"),
    ("carton exec", "carton exec rm -rf src"),
    ("foreman run", "foreman run rm -rf src"),
    ("honcho run", "honcho run rm -rf src"),
    ("lerna exec", "lerna exec -- rm -rf src"),
    ("nx exec", "nx exec -- rm -rf src"),
    ("corepack", "corepack pnpm exec rm -rf src"),
    ("corepack pnpm", "corepack pnpm dlx rimraf src"),
    # secret managers: the command after `--` runs with the secrets in its environment
    ("op run", "op run -- rm -rf src"),
    ("op run --", "op run -- rm -rf src"),
    ("op", "op run --env-file .env -- rm -rf src"),
    ("op run --env-file .env --", "op run --env-file .env -- rm -rf src"),
    ("doppler run", "doppler run -- rm -rf src"),
    ("doppler", "doppler run -- rm -rf src"),
    ("infisical run", "infisical run -- rm -rf src"),
    ("dotenvx run", "dotenvx run -- rm -rf src"),
    ("chamber exec", "chamber exec app -- rm -rf src"),
    ("aws-vault exec", "aws-vault exec dev -- rm -rf src"),
    ("aws-vault exec dev", "aws-vault exec dev -- rm -rf src"),
    ("aws-vault exec", "aws-vault exec dev rm -rf src"),
    ("teller run", "teller run -- rm -rf src"),
    ("bws run", "bws run -- rm -rf src"),
    ("varlock run", "varlock run -- rm -rf src"),
    ("saml2aws exec", "saml2aws exec -- rm -rf src"),
    ("berglas exec", "berglas exec -- rm -rf src"),
    # containers: the command runs in a container that mounts the project or shares this machine's folders
    ("docker run", "docker run --rm -v $PWD:/w alpine rm -rf /w/src"),
    ("docker run", "docker run alpine rm -rf /w"),
    ("docker", "docker run --rm alpine rm -rf /w"),
    ("docker run --rm", "docker run --rm alpine rm -rf /w"),
    ("docker run --rm alpine", "docker run --rm alpine rm -rf /w"),
    ("docker exec", "docker exec app rm -rf src"),
    ("docker exec -it app", "docker exec -it app rm -rf src"),
    ("docker container run", "docker container run alpine rm -rf /w"),
    ("docker compose exec", "docker compose exec app rm -rf src"),
    ("docker compose exec app", "docker compose exec app rm -rf src"),
    ("docker compose", "docker compose run --rm app rm -rf src"),
    ("docker compose run", "docker compose run --rm app rm -rf src"),
    ("docker-compose exec", "docker-compose exec app rm -rf src"),
    ("podman run", "podman run alpine rm -rf /w"),
    ("podman exec", "podman exec app rm -rf src"),
    ("podman-remote run", "podman-remote run alpine rm -rf w"),
    ("nerdctl run", "nerdctl run alpine rm -rf /w"),
    ("finch run", "finch run alpine rm -rf /w"),
    ("docker run", "docker run --entrypoint rm alpine -rf /w"),
    ("podman-compose exec", "podman-compose exec app rm -rf src"),
    ("distrobox enter", "distrobox enter box -- rm -rf src"),
    ("toolbox run", "toolbox run rm -rf src"),
    ("devcontainer exec", "devcontainer exec --workspace-folder . rm -rf src"),
    # the multi-call binaries and cmake's own tools: their word is a command
    ("coreutils", "coreutils rm -rf src"),
    ("shx", "shx rm -rf src"),
    ("cmake", "cmake -E rm -rf src"),
    ("cmake -E", "cmake -E remove_directory src"),
    ("cmake", "cmake -E env FOO=1 rm -rf src"),
    ("R CMD", "R CMD rm -rf src"),
    ("perf stat", "perf stat rm -rf src"),
    ("ip netns exec", "ip netns exec ns rm -rf src"),
]

# Held on the base already (the cap on kubectl's exec, the wrappers' reading, a shell line read as its own segment,
# an unparseable line, a deploy's cap), kept as guards.
HELD = [
    ("docker run -v .:/w alpine", "docker run -v .:/w alpine rm -rf /w"),
    ("tox", "tox -e py -- sh -c 'rm -rf src'"),
    ("bundle exec", "bundle exec rake db:drop"),
    ("kubectl exec", "kubectl exec pod -- rm -rf src"),
    ("oc exec", "oc exec pod -- rm -rf src"),
    ("npm exec", "npm exec -- rm -rf src"),
    ("yarn exec", "yarn exec rm -rf src"),
    ("dotenv", "dotenv -- rm -rf src"),
    ("env-cmd", "env-cmd rm -rf src"),
    ("cross-env", "cross-env NODE_ENV=test rm -rf src"),
    ("nix develop", "nix develop -c rm -rf src"),
    ("nix-shell", "nix-shell --run 'rm -rf src'"),
    ("doppler run", "doppler run --command 'rm -rf src'"),
    ("poetry run", "poetry run sh -c 'rm -rf src'"),
]

# (allow patterns, command): the pattern names what the runner runs, or the runner runs nothing, a script or its own
# tools
NAMED = [
    ("poetry run pytest", "poetry run pytest -q"),
    ("poetry run pytest", "poetry run pytest tests/test_a.py -x"),
    ("poetry run python -m pytest", "poetry run python -m pytest -q"),
    ("poetry run mypy", "poetry run mypy src"),
    ("pipenv run pytest", "pipenv run pytest -q"),
    ("pdm run pytest", "pdm run pytest -q"),
    ("rye run pytest", "rye run pytest"),
    ("pixi run pytest", "pixi run pytest -q"),
    ("conda run -n dev pytest", "conda run -n dev pytest -q"),
    ("hatch run pytest", "hatch run pytest -q"),
    ("hatch run test:pytest", "hatch run test:pytest -- -k foo"),
    ("hatch env run -e test -- pytest", "hatch env run -e test -- pytest -x"),
    ("tox exec -e py -- pytest", "tox exec -e py -- pytest -x"),
    ("tox -e py -- rm", "tox -e py -- rm -rf build"),
    ("direnv exec . make", "direnv exec . make test"),
    ("devbox run make", "devbox run make test"),
    ("mise exec -- node", "mise exec -- node --version"),
    ("bundle exec rspec", "bundle exec rspec spec/a_spec.rb"),
    ("bundle exec rake test", "bundle exec rake test"),
    ("op run -- npm", "op run -- npm test"),
    ("op run --env-file .env -- npm test", "op run --env-file .env -- npm test"),
    ("doppler run -- npm test", "doppler run -- npm test"),
    ("aws-vault exec dev -- terraform plan", "aws-vault exec dev -- terraform plan"),
    ("docker compose exec app pytest", "docker compose exec app pytest -x"),
    ("docker compose run --rm app pytest", "docker compose run --rm app pytest -q"),
    ("docker exec app ls", "docker exec app ls -la"),
    ("docker run --rm alpine echo", "docker run --rm alpine echo hi"),
    ("corepack pnpm install", "corepack pnpm install --frozen-lockfile"),
    ("poetry run rm -rf src", "poetry run rm -rf src"),  # R4.9: written for exactly that invocation
    # the runner runs nothing, or its own tools
    ("poetry", "poetry install"),
    ("poetry", "poetry run"),
    ("poetry", "poetry lock --no-update"),
    ("poetry", "poetry show --tree"),
    ("poetry", "poetry build"),
    ("pipenv", "pipenv install --dev"),
    ("pdm", "pdm install"),
    ("hatch", "hatch build"),
    ("hatch", "hatch env create"),
    ("conda", "conda list"),
    ("mise", "mise ls"),
    ("direnv", "direnv status"),
    ("bundle", "bundle install"),
    ("docker", "docker ps"),
    ("docker", "docker build -t app ."),
    ("docker compose", "docker compose up -d"),
    ("docker compose", "docker compose logs -f app"),
    ("docker run", "docker run --rm alpine"),
    ("corepack", "corepack --version"),
    ("cmake", "cmake --build build"),
    ("cmake", "cmake -E make_directory build"),
    ("cmake", "cmake -E copy a.txt b.txt"),
    ("cmake", "cmake -E env FOO=1 ctest"),
    ("R CMD", "R CMD INSTALL ."),
    # a project script (no program Brabo knows by that name, or `test`) and its arguments
    ("hatch run", "hatch run test"),
    ("hatch run", "hatch run test -- -k foo"),
    ("hatch run", "hatch run test tests/test_x.py"),
    ("hatch run", "hatch run cov"),
    ("hatch run", "hatch run test:cov"),
    ("hatch run", "hatch run lint:all"),
    ("hatch run", "hatch run +py=3.12 test"),
    ("hatch env run", "hatch env run -- cov"),
    ("hatch run test", "hatch run test -- -k foo --lf"),
    ("bun run", "bun run test"),
    ("pnpm", "pnpm build -- --mode production"),
    # tox's and nox's posargs: arguments, or a program that does not act
    ("tox", "tox -- -k x"),
    ("tox", "tox -e py -- -k 'not slow'"),
    ("tox", "tox -e py -- pytest tests/"),
    ("tox", "tox -e py -- python -m pytest -x"),
    ("tox", "tox -e py312"),
    ("nox", "nox -s tests -- -k foo"),
    ("nox", "nox -s tests -- tests/test_x.py -x"),
]


# The seeded allow list with a runner allowed bare, as a team might add.
_TEAM = (
    *DEV_TERMINAL_ALLOW_PATTERNS,
    "Terminal(poetry run)",
    "Terminal(hatch run)",
    "Terminal(op run)",
    "Terminal(docker compose exec)",
    "Terminal(direnv exec)",
    "Terminal(tox)",
    "Terminal(bundle exec)",
)


def _allow(patterns: str) -> tuple[str, ...]:
    return tuple(f"Terminal({p})" for p in patterns.split(","))


@pytest.mark.parametrize(("allow", "command"), ATTACKS + HELD)
def test_a_bare_runner_does_not_cover_what_it_runs(allow, command):  # R4.8, R4.9
    v = term(command, _allow(allow), project=CONTAINER_RUNNING)
    assert v.reason != "allow_rule", (allow, command, v.decision)


@pytest.mark.parametrize(("allow", "command"), ATTACKS + HELD)
def test_on_the_developers_machine_too(allow, command):  # R4.8, SPEC §5 (runs_in="agent")
    v = term(command, _allow(allow), runs_in="agent")
    assert v.decision != "auto_approve", (allow, command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "poetry run rm -rf src",
        "hatch run rm -rf src",
        "op run -- rm -rf src",
        "docker compose exec app rm -rf src",
        "direnv exec . rm -rf src",
        "tox -e py -- rm -rf src",
        "pytest -q; bundle exec rm -rf src",
    ],
)
def test_under_the_seeded_list_with_a_team_s_bare_runners(command):  # R4.8
    assert term(command, _TEAM, runs_in="agent").decision != "auto_approve"


@pytest.mark.parametrize(("allow", "command"), NAMED)
def test_a_pattern_that_names_what_runs_still_covers_it(allow, command):  # friction
    v = term(command, _allow(allow), runs_in="agent")
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (allow, command)
    v = term(command, _allow(allow), project=CONTAINER_RUNNING)
    assert v.decision == "auto_approve", (allow, command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "poetry install",
        "poetry run",
        "hatch run test",
        "tox -e py -- -k foo",
        "docker compose up -d",
        "pytest -q",
    ],
)
def test_the_team_s_ordinary_commands_stay_covered(command):  # friction
    for kw in ({"runs_in": "agent", "project": HOST}, {"project": CONTAINER_RUNNING}):
        v = term(command, (*_TEAM, "Terminal(poetry)", "Terminal(docker compose)"), **kw)
        assert v.decision == "auto_approve", (command, kw, v.reason)
