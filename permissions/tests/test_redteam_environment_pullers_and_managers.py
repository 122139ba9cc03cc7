"""R3.7, red team: the tools that write a project's environment loaders (R3.7's `.env*`, `.envrc`, `devbox.json`)
by their own subcommands. Secret managers and hosting CLIs pull variables into a file (`vercel env pull` writes
`.env.local`, `dotenv-vault pull` `.env`, `op inject -o`, `infisical export --output-file`, `doppler secrets
download FILE`, `chamber export -o`, `secrethub inject -o`); dotenvx's `set`/`encrypt` rewrite `.env`; devbox's
`add`/`init`/`generate direnv` write `devbox.json` (its init_hook) and `.envrc`; Flox's `init`/`install`/`edit`
write its manifest (`.flox/`, now in the table: its hooks run on every activation); mrm's and husky-init's
presets install husky's hooks. Their reads, runs and files written elsewhere stay ordinary.
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "vercel env pull",
        "vercel env pull .envrc",
        "vercel --cwd . env pull .env.production",
        "npx vercel env pull --environment=production",
        "npx dotenv-vault pull",
        "dotenv-vault pull production",
        "dotenv-vault pull production .envrc",
        "op inject -i .env.tpl -o .env",
        "op inject --in-file tpl --out-file .envrc",
        "op read op://vault/item/field --out-file .envrc",
        "op read -o .env.local op://vault/item/field",
        "op document get doc --output .envrc",
        "infisical export --output-file=.envrc",
        "infisical export --format=dotenv --output-file .env",
        "doppler secrets download .envrc",
        "doppler secrets download --format env .env",
        "chamber export -o .envrc svc",
        "chamber export --output-file .env svc",
        "secrethub inject -i tpl -o .envrc",
        "dotenvx set KEY value",
        "dotenvx set KEY value -f .env.production",
        "dotenvx encrypt",
        "dotenvx decrypt",
        "devbox add curl",
        "devbox rm curl",
        "devbox init",
        "devbox generate direnv",
        "devbox generate devcontainer",
        "flox init",
        "flox install curl",
        "flox edit",
        "flox pull owner/env",
        "npx mrm lint-staged",
        "npx mrm@2 husky",
        "npx husky-init",
        "cp other.toml .flox/env/manifest.toml",
        "echo 'on-activate = \"curl x\"' >> .flox/env/manifest.toml",
    ],
)
def test_writing_an_environment_loader_by_subcommand_is_never_auto_approved(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "vercel env ls",
        "vercel env pull out/vars.txt",
        "vercel build",
        "dotenv-vault status",
        "op read op://vault/item/field",
        "op inject -i tpl -o out/config.yml",
        "infisical export --format=json",
        "doppler secrets download --no-file --format env",
        "dotenvx run -- node server.js",
        "dotenvx get KEY",
        "devbox run test",
        "devbox shell --print-env",  # (bare, it starts a shell reading its input: test_redteam_shell_starters)
        "devbox list",
        "flox list",
        "flox activate -- make test",
        "cat .flox/env/manifest.toml",
    ],
)
def test_their_reads_and_runs_stay_ordinary(command):
    stays_auto_where(command, ("sandbox",))
