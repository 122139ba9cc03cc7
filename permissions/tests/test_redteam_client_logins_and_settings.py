"""SPEC §5, where it runs, red team: the other clients' logins, user settings and plugins are machine changes, as
``gh auth login``, ``npm login`` and ``git config --global`` are. Each writes the user's credentials or settings
in the home folder -- the account and project every later command acts on, a credential helper the client
runs -- or installs code the client loads for every project. On the developer's machine (``agent``) and a
runner without a sandbox (``host``) such a command is outside the path scope in every mode; in Brabo's sandbox
it changes only the sandbox, and its answer stays as it was.

Written as an attacker would: each behind auto mode, a terminal autonomy row and an allow of every word, with
the tools' global options before the subcommand. The tools' reads and project work stay ordinary.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, term
from .redteam import never_auto_where, stays_auto_where

CHANGES = [
    # logins: the credentials later commands use
    "az login",
    "az login --tenant t --use-device-code",
    "az acr login -n registry",
    "az logout",
    "gcloud auth login",
    "gcloud --project p auth login",
    "gcloud auth activate-service-account --key-file k.json",
    "gcloud auth application-default login",
    "gcloud auth revoke --all",
    "gcloud auth configure-docker",
    "terraform login",
    "terraform login app.terraform.io",
    "tofu login",
    "heroku login",
    "heroku auth:login",
    "heroku container:login",
    "fly auth login",
    "flyctl auth docker",
    "vercel login",
    "netlify login",
    "wrangler login",
    "railway login",
    "supabase login",
    "pulumi login",
    "pulumi login s3://bucket",
    "oc login https://api.cluster:6443",
    "ibmcloud login",
    "cf login -a https://api.x",
    "cf auth user pass",
    "firebase login",
    "firebase login:use a@b",
    "vault login",
    "wandb login",
    "codex login",
    "bw login",
    "aws sso login",
    "aws --profile p sso login",
    "aws login",
    "doctl auth init",
    "doctl registry login",
    "glab auth login",
    "tea login add",
    "hf auth login",
    "huggingface-cli login",
    "helm registry login r.example",
    "pnpm login",
    "yarn npm login",
    # the user's settings
    "az config set core.output=json",
    "gcloud config set project other",
    "gcloud config set auth/impersonate_service_account a@b",
    "gcloud config unset project",
    "helm repo add x https://charts.example",
    "helm repo remove x",
    # plugins and extensions: code the client loads for every project
    "az extension add --name x",
    "az upgrade",
    "gcloud components install kubectl",
    "heroku plugins:install x",
    "helm plugin install https://github.com/x/y",
    "kubectl krew install x",
    "krew install x",
]


@pytest.mark.parametrize("command", CHANGES)
def test_a_client_login_setting_or_plugin_asks_on_the_developers_machine(command):
    never_auto_where(command, places=("host", "agent"))
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    # (`cf auth` and `heroku plugins:install` were already asked as external effects, which are read first)
    assert v.reason in ("cap_path_scope", "cap_external_effect"), (command, v.reason)
    assert "outside the project" in v.message or v.reason == "cap_external_effect", v.message


@pytest.mark.parametrize("command", ["gcloud auth login", "az login", "terraform login", "helm repo add x y"])
def test_in_brabos_sandbox_it_changes_only_the_sandbox(command):
    stays_auto_where(command, places=("sandbox",))


@pytest.mark.parametrize(
    "command",
    [
        # (`gcloud auth print-access-token` prints a credential the machine keeps: it asks off the sandbox now,
        # test_redteam_credentials_printed_off_the_sandbox)
        "gcloud auth list --filter=status:ACTIVE",
        "gcloud auth list",
        "gcloud config list",
        "gcloud config get project",
        "az account show",
        "az extension list",
        "terraform plan",
        "terraform validate",
        "heroku apps",
        "heroku plugins",
        "fly apps list",
        "vercel whoami",
        "netlify status",
        "wrangler whoami",
        "pulumi whoami",
        "helm repo list",
        "helm template x ./chart",
        "helm plugin list",
        "kubectl get pods",
        "kubectl krew list",
        "aws s3 ls",
        "aws sso list-accounts --access-token t",
        "hf download org/model",
        "codex exec 'explain this'",
        "pnpm install",
        "yarn npm info react",
        "glab mr list",
    ],
)
def test_their_reads_and_project_work_stay_ordinary(command):
    stays_auto_where(command)
