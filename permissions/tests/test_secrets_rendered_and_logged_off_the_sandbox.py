"""Where it runs (SPEC §5, R4.10, R6), session 26: on the developer's machine (``agent``, ``host``) a tool that
renders a configuration with the secrets it resolves, or logs its requests and responses whole, prints what only
the machine's environment and logins unlock: it is not auto-approved there (auto mode, or behind an allow of every
word) and asks as outside the path scope (``cap_path_scope``, with a sentence saying what it prints), as
``serverless print`` and ``gcloud --log-http`` do since session 25. In Brabo's own sandbox they keep their answer.
And the reverse misreading, friction: a key of a key-value store or an API's path is no file of the machine.

The families, each found from one leftover of session 25 (permissions.commands.secret_keepers, credentials, scope):

1. **Rendered with the secrets resolved.** (``kompose up``, the manifests ``convert`` prints with the shell's
   ``${VAR}`` interpolated, deployed: an external effect now, capped everywhere -- the last tests below); ``serverless|sls|osls package`` (``${ssm:...}``, ``${env:...}`` resolved into the
   CloudFormation template under .serverless/, as ``print`` prints them); a bare ``helmfile build`` (the state file
   rendered: ``requiredEnv``, ``exec``, ``fetchSecretValue`` and the releases' inline ``set:`` values -- session 25
   kept it ordinary; ruled by the safest reading, its older case moves here); ``terragrunt render-json|render``
   (inputs from ``get_env()``, ``sops_decrypt_file()``, ``run_cmd()``); ``pulumi preview|stack --show-secrets``.
2. **Debug logs.** aws's and az's ``--debug`` anywhere (the signed headers with ``X-Amz-Security-Token``, a bearer
   token, the responses whole -- a ``--query`` filters the output, not the log); gcloud's ``--verbosity debug``
   (``=debug``) by the safest reading; kubectl's ``-v``/``--v`` of 8 and above and oc's ``--loglevel`` (the
   responses' bodies: ``kubectl get secrets -v=9`` prints every Secret's data though its table shows names);
   ``doctl --trace`` (the ``Authorization: Bearer`` header); and the variables read as assignments --
   ``CLOUDSDK_CORE_LOG_HTTP`` (session 25's reading, now of an assignment only: a command's prefix, ``env``'s,
   ``export``'s, ``declare``'s, a quoted script's, PowerShell's ``$env:``), ``CLOUDSDK_CORE_VERBOSITY=debug`` and
   terraform's ``TF_LOG|TF_LOG_CORE|TF_LOG_PROVIDER=trace|debug|json``.
3. **A key is not a path (friction).** ``etcdctl get|watch /app/version``, ``consul kv get /app/x``, ``vault kv
   list /secret``, ``gh|glab api /user``, ``aws ssm get-parameter --name /app/x`` (``--names``, ``--path``),
   ``aws logs tail /aws/lambda/fn`` (``--log-group-name[-prefix]``), ``kubectl|oc get --raw /healthz`` asked on the
   base off the sandbox (and behind an allow of every word in the sandbox) as touching ``/app/version`` outside the
   project. The scope now reads those programs' key operands (a small table keyed by program): their options'
   values stay places (``--cacert /etc/ssl/ca.pem``, ``-token-file /etc/tok``, ``--ca-bundle``, ``gh api --input``).
   What reading a key prints is the secret readers' to judge: ``vault kv get`` prints a secret and asks, ``aws ssm
   get-parameter --with-decryption`` and ``secretsmanager get-secret-value`` ask, ``kubectl get --raw`` of a
   Secret's path asks; one etcd or consul key (not naming a secret) stays ordinary, as session 25 ruled ``etcdctl
   get app/version``: etcd and consul keep configuration, their secrets under a key that names one.

Ruled ordinary (the project's own code run, or the value masked): ``sam build``, ``sam local invoke --env-vars
env.json`` (the project's function run, as ``npm test`` runs its tests), ``cdk synth`` and ``cdk synth -c k=v`` (the
project's app run; CDK keeps secrets as dynamic references CloudFormation resolves at deploy), ``pulumi preview``,
``terragrunt plan``, ``kubectl -v=6``, ``az --verbose``, ``gcloud --verbosity error``, ``TF_LOG=info``. And a word
naming gcloud's variable that assigns nothing: ``echo CLOUDSDK_CORE_LOG_HTTP=1`` and ``grep -r
CLOUDSDK_CORE_LOG_HTTP=1 docs`` asked on the base (the variable was matched anywhere in the text). Not read:
``AWS_DEBUG`` (neither the aws CLI nor botocore reads it).

Older test changed on purpose: test_secrets_resolved_off_the_sandbox's ORDINARY ``helmfile build`` (now in
RENDERED here; ``helmfile build --help`` stays there).

Written as an attacker would: wrappers (``env``, ``timeout``, ``nice``, ``bash -lc``, ``python -m awscli``), ``.exe``
and ``.cmd`` names, global options before the subcommand (``aws --debug s3 ls``, ``helmfile -e prod build``,
``kubectl -v 8 get``), option spellings (``--v=8``, ``-v 9``, ``--verbosity=debug``), pipes and ``cd x &&``.

On the base (base26) 116 of this file's 234 cases fail: the 51 RENDERED and LOGGED commands but the ten
assignments of ``CLOUDSDK_CORE_LOG_HTTP`` (which session 25 read in the text), each on the agent's machine and the
host (82); the 20 KEYS; the three NOT_ASSIGNED (the text was matched anywhere); the six sentences (a path, or
nothing, was said); the five kompose deployments (capped now). The ten assignments (20 cases: guards, the new
reading must keep them), the sandbox cases, ASKED_ALREADY, ORDINARY and kompose's readings pass there.
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import stays_auto_where

from .helpers import (
    AUTO_MODE,
    allow_every_word,
    assert_asks_in_auto_mode,
    assert_capped,
    assert_not_capped,
    term,
)

RENDERED = [
    "sls package",
    "serverless package --stage prod",
    "npx sls package -p dist",
    "osls package",
    "cd infra && sls package",
    "helmfile build",
    "helmfile -e prod build",
    "helmfile --environment prod build",
    "helmfile -f helmfile.yaml build",
    "terragrunt render-json",
    "terragrunt render --json",
    "pulumi preview --show-secrets",
    "pulumi stack --show-secrets",
]

LOGGED = [
    "aws s3 ls --debug",
    "aws --debug s3 ls",
    "aws --debug sts get-caller-identity",
    "aws.exe --debug s3 ls",
    "timeout 60 aws --debug s3 ls",
    "env AWS_PROFILE=x aws --debug sts get-caller-identity",
    "bash -lc 'aws --debug s3 ls'",
    "python -m awscli --debug s3 ls",
    "aws s3 ls --debug 2>&1 | tail -50",
    "az account show --debug",
    "az --debug group list",
    "az.cmd account show --debug",
    "gcloud --verbosity debug projects list",
    "gcloud projects list --verbosity=debug",
    "gcloud --verbosity=debug run services list",
    "kubectl get secrets -v=9",
    "kubectl get pods --v=8",
    "kubectl -v 8 get pods",
    "kubectl get secrets --v 9",
    "oc get pods --loglevel=8",
    "doctl compute droplet list --trace",
    # the variables, assigned
    "CLOUDSDK_CORE_LOG_HTTP=1 gcloud projects list",
    "env CLOUDSDK_CORE_LOG_HTTP=1 gcloud projects list",
    "env -u X CLOUDSDK_CORE_LOG_HTTP=1 gcloud projects list",
    "/usr/bin/env CLOUDSDK_CORE_LOG_HTTP=1 gcloud projects list",
    "A=1 CLOUDSDK_CORE_LOG_HTTP=yes gcloud projects list",
    "cd x && CLOUDSDK_CORE_LOG_HTTP=1 gcloud projects list",
    "echo x | CLOUDSDK_CORE_LOG_HTTP=on gcloud projects list",
    "bash -c 'CLOUDSDK_CORE_LOG_HTTP=1 gcloud projects list'",
    "declare -x CLOUDSDK_CORE_LOG_HTTP=1",
    '$env:CLOUDSDK_CORE_LOG_HTTP="true"; gcloud projects list',
    "CLOUDSDK_CORE_VERBOSITY=debug gcloud projects list",
    "export CLOUDSDK_CORE_VERBOSITY=debug; gcloud run services list",
    "TF_LOG=trace terraform plan",
    "TF_LOG=DEBUG terragrunt plan",
    "TF_LOG_PROVIDER=debug terraform plan",
    "export TF_LOG=trace",
    "sh -c 'TF_LOG=trace terraform plan'",
]

# friction: a key or an API path read as a file outside the project on the base
KEYS = [
    "etcdctl get /app/version",
    "etcdctl get /app/version --print-value-only",
    "etcdctl watch /app/",
    "consul kv get /app/version",
    "vault kv list /secret",
    "gh api /user",
    "gh api -X GET /user",
    "gh api --paginate /repos/o/r/issues",
    "glab api /projects",
    "aws ssm get-parameter --name /app/config/version",
    "aws ssm get-parameters --names /a/b /a/c",
    "aws ssm get-parameters-by-path --path /app/ --recursive",
    "aws logs tail /aws/lambda/fn --follow",
    "aws --region eu-west-1 logs tail /aws/lambda/fn",
    "aws logs filter-log-events --log-group-name /aws/lambda/fn",
    "aws logs describe-log-groups --log-group-name-prefix=/aws/lambda/",
    "kubectl get --raw /healthz",
    "kubectl get --raw=/readyz",
    "oc get --raw /version",
    "etcdctl --endpoints http://127.0.0.1:2379 get /app/version",
]

# asked on the base and still: a real place among the options, a secret printed, a setting outside the project
ASKED_ALREADY = [
    "etcdctl --cacert /etc/ssl/ca.pem get /app/version",
    "etcdctl get --cacert=/etc/x /app/version",
    "etcdctl snapshot save /etc/x.db",
    "consul kv get -token-file /etc/tok /app/x",
    "consul kv get -token-file=/etc/tok /app/x",
    "aws s3 ls --ca-bundle /etc/x",
    "vault kv get secret/x",
    "vault kv get /secret/x",
    "aws ssm get-parameter --name /app/db/password --with-decryption",
    "aws secretsmanager get-secret-value --secret-id /prod/db",
    "kubectl get --raw /api/v1/namespaces/default/secrets/db",
    "kubectl get --raw /metrics -f /etc/x.yaml",
    "gcloud config set core/log_http true",
    "gcloud --log-http projects list",
    "etcdctl get --prefix /registry/",
]

ORDINARY = [
    "kompose version",
    "kompose completion zsh",
    "kompose convert --help",
    "sls package --help",
    "serverless --version",
    "helmfile list",
    "helmfile build --help",
    "sam build",
    "sam validate",
    "sam local invoke --env-vars env.json",
    "cdk synth",
    "cdk synth -c env=dev",
    "cdk diff",
    "terragrunt plan",
    "pulumi preview",
    "pulumi stack",
    "aws s3 ls",
    "aws sts get-caller-identity",
    "az account show",
    "az account show --verbose",
    "gcloud projects list",
    "gcloud projects list --verbosity=info",
    "gcloud projects list --verbosity error",
    "kubectl get pods -v=6",
    "kubectl get pods -v 4",
    "doctl compute droplet list",
    "CLOUDSDK_CORE_LOG_HTTP=false gcloud run services list",
    "CLOUDSDK_CORE_VERBOSITY=info gcloud projects list",
    "TF_LOG=info terraform plan",
    "echo TF_LOG=trace",
]

# the variable named, nothing assigned (asked on the base: the text was matched anywhere)
NOT_ASSIGNED = [
    "echo CLOUDSDK_CORE_LOG_HTTP=1",
    "grep -r CLOUDSDK_CORE_LOG_HTTP=1 docs",
    'git commit -m "doc CLOUDSDK_CORE_LOG_HTTP=1"',
]

PRINTS = RENDERED + LOGGED


@pytest.mark.parametrize("runs_in", ["agent", "host"])
@pytest.mark.parametrize("command", PRINTS)
def test_rendered_and_logged_ask_off_the_sandbox(command, runs_in):
    assert_asks_in_auto_mode(command, runs_in, "cap_path_scope")


# (PowerShell's `$env:` is no command word of the sandbox's Linux shell: unparseable there, as on the base)
@pytest.mark.parametrize("command", [c for c in PRINTS if not c.startswith("$env:")])
def test_they_stay_as_they_were_in_the_sandbox(command):
    stays_auto_where(command, ("sandbox",))


@pytest.mark.parametrize("command", KEYS)
def test_a_key_is_no_path(command):
    stays_auto_where(command, ("agent",))
    v = term(command, allow=allow_every_word(command), runs_in="sandbox")
    assert v.decision == "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize("command", ASKED_ALREADY)
def test_places_and_secrets_among_them_still_ask(command):
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision == "require_approval", (command, v.reason)


@pytest.mark.parametrize("command", ORDINARY + NOT_ASSIGNED)
def test_the_same_tools_ordinary_runs_stay_ordinary(command):
    stays_auto_where(command)


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("aws --debug s3 ls", "logs its requests and responses whole"),
        ("kubectl get secrets -v=9", "logs its requests and responses whole"),
        ("TF_LOG=trace terraform plan", "logs its requests and responses whole"),
        ("sls package", "renders a configuration with the secrets it resolves"),
        ("helmfile build", "renders a configuration with the secrets it resolves"),
        ("vault kv get /secret/x", "prints a credential"),
    ],
)
def test_the_sentence_says_what_it_prints(command, said):
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert said in v.message, (command, v.message)


# `kompose up|down` create or delete Compose's services in the cluster kubectl reaches, as `kubectl apply|delete`
# do: an external effect, capped wherever it runs (it was approved in the sandbox's auto mode); `convert` writes
# manifests only.
@pytest.mark.parametrize(
    "command",
    [
        "kompose up",
        "kompose down",
        "kompose -f docker-compose.yml up",
        "kompose --provider kubernetes up",
        "nice -n 5 kompose up",
    ],
)
def test_kompose_deploying_is_an_external_effect(command):
    assert_capped(command)


@pytest.mark.parametrize("command", ["kompose version", "kompose --help", "kompose completion bash"])
def test_kompose_reading_is_not(command):
    assert_not_capped(command)
