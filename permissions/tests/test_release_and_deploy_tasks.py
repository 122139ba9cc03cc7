"""Release tools and project tasks named for a publish or a deploy (SPEC §5 step 6: a terminal command with an
external effect is never auto-approved; effects by family, not by a closed list).

Written as an attacker would: each command publishes, tags and pushes, or runs the project's own task whose
name says it deploys or publishes, through the wrappers R4.8 looks through (``env``, ``npx``, ``pnpm exec``,
``bash -c``), with options before the task, ``--`` separators and odd case. Under auto mode and the
container floor none may be auto-approved, and an allow rule for the runner does not lift the cap. The
local siblings (a build, a test, a dry run, a version bump that only edits files) stay as they were.
"""

from __future__ import annotations

import pytest

from permissions.commands.tasks import task_name_publishes

from .helpers import AUTO_MODE, CONTAINER_RUNNING, ROOT, assert_capped, assert_not_capped, term

RELEASE_TOOLS = [
    # nx release: version, changelog and publish; git commit and tag (push and a GitHub release as nx.json sets)
    "nx release",
    "nx release --yes",
    "nx release patch --yes",
    "nx release --skip-publish",
    "nx release publish",
    "nx release publish --tag next",
    "nx release changelog 1.2.0",
    "nx release version",
    "nx release version minor",
    "nx --verbose release",
    "npx nx release",
    "npx --yes nx release --yes",
    "pnpm nx release",
    "pnpm exec nx release",
    "yarn nx release",
    "bunx nx release",
    "pnpm dlx nx release",
    "env CI=true nx release",
    "bash -c 'npx nx release --yes'",
    # lerna version commits, tags and pushes unless told not to push
    "lerna version",
    "lerna version patch --yes",
    "lerna version --conventional-commits --create-release github",
    "lerna version --no-push --create-release github",
    "npx lerna version",
    "pnpm lerna version minor",
    "yarn lerna version --yes",
    # rush: `--publish` publishes (without it a dry run); `--target-branch` commits and pushes to it
    "rush publish --publish",
    "rush publish -p --include-all",
    "rush publish --apply --target-branch main",
    "rush publish -b main --apply",
    "rush version --bump --target-branch main",
    "rush version --bump -b release",
    "rush version --ensure-version-policy --target-branch=main",
    # release-please opens release pull requests and creates releases on the forge
    "release-please release-pr --repo-url=acme/app --token=x",
    "release-please github-release --repo-url=acme/app",
    "npx release-please manifest-pr",
    # auto: shipit publishes, tags and makes a GitHub release; its siblings write to the forge too
    "auto shipit",
    "npx auto shipit --base-branch main",
    "auto release",
    "auto canary",
    "auto comment --message hi",
    "auto label --pr 3",
    # bumpp commits, tags and pushes by default
    "bumpp",
    "bumpp patch --yes",
    "npx bumpp",
    "pnpm bumpp -r",
    # semantic-release run through a package manager's bin (already capped as its own verb)
    "yarn semantic-release",
    "pnpm semantic-release --no-ci",
]

PROJECT_TASKS = [
    # npm and its spellings
    "npm run deploy",
    "npm run publish",
    "npm run-script deploy",
    "npm rum deploy",
    "npm ru deploy",
    "npm run-s deploy",
    "npm run deploy -- --prod",
    "npm run deploy:prod",
    "npm run db:deploy",
    "npm run publish-docs",
    "npm run deployProd",
    "npm run DEPLOY",
    "npm run Deploy:Production",
    "npm run docker:push",
    "npm run upload-sourcemaps",
    "npm run release:publish",
    "npm run ship",
    "npm run redeploy",
    "npm run --if-present deploy",
    "npm run --silent deploy",
    "npm run -w app deploy",
    "npm run --workspace=app deploy",
    "npm --prefix web run deploy",
    "npm --loglevel silly run deploy",
    "npm run --foo deploy",
    "NPM run deploy",
    "env NODE_ENV=production npm run deploy",
    "bash -c 'npm run deploy'",
    "sh -c 'cd web && npm run deploy'",
    "npm test && npm run deploy",
    "npx npm run deploy",
    # pnpm, yarn, bun (`pnpm deploy` itself is pnpm's command, copying a package to a folder: see below)
    "pnpm run deploy",
    "pnpm deploy:prod",
    "pnpm -r run deploy",
    "pnpm --filter web run deploy",
    "pnpm -F web publish:docs",
    "yarn deploy",
    "yarn run deploy",
    "yarn --cwd web deploy",
    "yarn workspace web deploy",
    "yarn workspaces foreach -A run deploy",
    "bun run deploy",
    "bun deploy",
    "bun run --filter '*' deploy",
    "deno task deploy",
    "corepack pnpm deploy:prod",
    # make and friends: every goal counts
    "make deploy",
    "make publish",
    "make build deploy",
    "make -C infra deploy",
    "make -f Makefile.prod deploy",
    "make V=1 deploy",
    "make -j4 deploy",
    "make -j 4 deploy",
    "make --directory=infra deploy",
    "make Deploy",
    "make deploy-prod",
    "make push",
    "gmake deploy",
    "/usr/bin/make upload",
    "env make deploy",
    "nice -n 5 make deploy",
    "just deploy",
    "just --justfile ci.just deploy",
    "just -d web deploy prod",
    "just env=prod deploy",
    "task deploy",
    "task -d infra deploy:prod",
    "mise run deploy",
    "mise r build ::: deploy",
    "mise deploy",
    "rake deploy",
    "rake deploy[production]",
    "rake -f tasks.rake assets:upload",
    "fab deploy",
    "fab -H web1 deploy",
    "invoke deploy",
    "inv publish",
    "gulp deploy",
    "grunt deploy",
    "npm-run-all build deploy",
    "run-s build 'deploy:*'",
    "npx run-p deploy",
    "lerna run deploy",
    "rushx deploy",
    "composer run-script deploy",
    "pdm run publish",
    "hatch run prod:deploy",
    "poe deploy",
    "tox -e publish",
    "nox -s deploy",
    "ant deploy",
    # monorepo runners: turbo and nx
    "turbo run deploy",
    "turbo deploy",
    "turbo run build deploy --filter=web",
    "npx turbo run deploy",
    "pnpm turbo run deploy",
    "pnpm exec turbo deploy",
    "nx deploy app",
    "nx publish mylib",
    "nx run app:deploy",
    "nx run app:deploy:production",
    "nx app:deploy",
    "nx run-many -t publish",
    "nx run-many -t build deploy",
    "nx run-many -t build,deploy",
    "nx run-many --target=deploy --all",
    "nx run-many --targets=build,publish",
    "nx affected -t deploy",
    "nx affected --target deploy",
    "npx nx run app:deploy",
    "pnpm nx deploy app",
]


@pytest.mark.parametrize("command", RELEASE_TOOLS + PROJECT_TASKS)
def test_s5_caps_release_tools_and_publishing_tasks_are_never_auto_approved(command):
    assert_capped(command)


@pytest.mark.parametrize("command", ["npm run deploy", "make deploy", "nx release", "turbo run deploy"])
def test_s5_caps_an_allow_rule_for_the_runner_does_not_lift_the_cap(command):
    allow = (f"Terminal({command.split()[0]})",)
    v = term(command, allow=allow, project=CONTAINER_RUNNING, autonomy=AUTO_MODE, cwd=ROOT)
    assert (v.decision, v.reason) == ("require_approval", "cap_external_effect"), command


@pytest.mark.parametrize(
    "command",
    [
        # builds, tests and the local steps of a release
        "npm run build",
        "npm test",
        "npm start",
        "npm run prepublishOnly",
        "npm run predeploy",
        "npm run build:release",
        "npm run deploy:check",
        "npm run publish:dry-run",
        "npm run deploy:local",
        "npm run build -- deploy",
        "pnpm deploy out",
        "pnpm --filter web deploy ./dist",
        "yarn add deploy-kit",
        "yarn build",
        "bun run build",
        "make",
        "make test",
        "make install",
        "make release",
        "make -C deploy build",
        "just lint",
        "task build",
        "turbo run build test",
        "nx test app",
        "nx build app",
        "nx run deploy-tools:build",
        "nx run-many -t build test",
        "mise run test",
        "rake test",
        "changeset version",
        "standard-version",
        "nx release plan",
        "nx release --dry-run",
        "nx release version --dry-run",
        "lerna version --no-push",
        "lerna version --no-git-tag-version",
        "rush publish",
        "rush publish --apply",
        "rush version --bump",
        "rush deploy",
        "auto version",
        "auto changelog",
        "bumpp --no-push",
        "release-please release-pr --dry-run",
    ],
)
def test_s5_caps_their_local_siblings_stay_uncapped(command):
    assert_not_capped(command)


def test_s5_caps_an_allow_rule_for_the_project_scripts_still_allows_them():
    v = term("npm run build", allow=("Terminal(npm run)",), cwd=ROOT)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule")


@pytest.mark.parametrize(
    ("name", "publishes"),
    [
        ("deploy", True),
        ("deploy:prod", True),
        ("db:deploy", True),
        ("publish-docs", True),
        ("deployProd", True),
        ("DEPLOY", True),
        ("s3Upload", True),
        ("push_images", True),
        ("gh.publish", True),
        ("release/ship", True),
        ("undeploy", True),
        ("prepublishOnly", False),
        ("predeploy", False),
        ("build:release", False),
        ("release", False),
        ("deploy:check", False),
        ("publishDryRun", False),
        ("db:push", True),  # a schema pushed to the configured database, as `prisma db push` is
        ("schema-push", True),
        ("pushd", False),
        ("shipping", False),
    ],
)
def test_s5_caps_one_predicate_reads_every_task_name(name, publishes):
    assert task_name_publishes(name) is publishes


# R4.10: a package's program named with its version is that program; the versioned name hid the caps.
VERSIONED = [
    "npx nx@latest release",
    "npx lerna@8 publish",
    "npx vercel@latest deploy",
    "pnpm dlx vercel@latest deploy",
    "bunx bumpp@9",
    "npx semantic-release@24",
    "npx nx@19 run app:deploy",
]


@pytest.mark.parametrize("command", VERSIONED)
def test_r4_10_a_versioned_package_program_is_capped_like_the_program(command):
    assert_capped(command)


@pytest.mark.parametrize("command", ["npx create-vite@latest app", "npx vitest@1 run", "npx nx@19 build app"])
def test_r4_10_a_versioned_package_program_that_stays_local_is_uncapped(command):
    assert_not_capped(command)
