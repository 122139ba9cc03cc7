"""SPEC §5 (where it runs: "the path scope holds for [host and agent] in every mode (auto mode included)"), R6,
R4.10 (the same act by another spelling), red team on a developer's laptop: ``cat ~/.aws/credentials``, ``cat
~/.config/gcloud/application_default_credentials.json`` and ``cat /proc/self/environ`` ask off the sandbox
(``cap_path_scope``), but the same secrets printed by the tools that keep them were auto-approved in auto mode
when a coding agent's hook ran them: ``aws configure export-credentials``, ``gcloud auth print-access-token``,
``az account get-access-token``, ``gh auth token``, ``kubectl config view --raw``, ``docker-credential-desktop
list``, ``git credential fill``, ``security find-generic-password -w``, ``vault read``, ``op read``, ... and the
cloud instance metadata services, which hand the machine's own credentials to ``curl
http://169.254.169.254/...``.

The reading: reading a credential the machine keeps outside the project is touching the machine outside the
project, so off the sandbox (``host``, ``agent``) each is outside the path scope in every mode --
``cap_path_scope``, "prints a credential the machine keeps outside the project" (permissions.commands.
credentials). In Brabo's own sandbox nothing changes: it holds no credentials and has no network (R9.7).

What stays ordinary, by what it really prints (no secret): ``gh auth status`` (the token masked), ``aws sts
get-caller-identity``, ``aws configure list`` (keys masked) and ``get region``, ``gcloud auth list``, ``gcloud
config list``, ``az account show``, ``kubectl config view`` (kubectl redacts the keys and tokens), ``kubectl
config current-context``, ``kubectl get secrets`` and ``describe secret`` (names and sizes), ``vault status``,
``op whoami``, ``op item get x`` (concealed fields say "use --reveal"), ``security find-generic-password -s x``
(without ``-w``/``-g`` it prints the item's attributes, not its secret), ``npm whoami``, ``gh auth token
--help``, ``aws ssm get-parameter`` without ``--with-decryption`` (a SecureString stays encrypted), fetches of
other hosts. ``printenv`` and ``env`` print the agent's own session environment, not a store's: left as they are.
"""

from __future__ import annotations

import pytest

from permissions.commands.credentials import CREDENTIAL, credential_named, credential_printed
from permissions.commands.credentials import METADATA as METADATA_SENTENCE
from permissions.segments import views_of
from permissions.shell import parse_command
from permissions.tests.redteam import (
    OFF_THE_SANDBOX,
    a_machine_change_on_the_laptop,
    never_auto_where,
    stays_auto_where,
)

from .helpers import AUTO_MODE, CONTAINER_RUNNING, term

CLOUDS = [
    "aws configure export-credentials",
    "aws configure export-credentials --format env",
    "aws --profile prod configure export-credentials --format process",
    "aws configure get aws_secret_access_key",
    "aws configure get aws_session_token --profile p",
    "aws configure get profile.prod.aws_secret_access_key",
    "aws sts get-session-token",
    "aws sts assume-role --role-arn arn:aws:iam::1:role/x --role-session-name s",
    "aws sts get-federation-token --name x",
    "aws ecr get-login-password --region eu-west-1",
    "aws ecr get-login-password | docker login --username AWS --password-stdin x",
    "aws ecr-public get-login-password",
    "aws codeartifact get-authorization-token --domain d --query authorizationToken --output text",
    "aws eks get-token --cluster-name c",
    "aws rds generate-db-auth-token --hostname h --port 5432 --username u",
    "aws secretsmanager get-secret-value --secret-id prod/db",
    "aws --region us-east-1 secretsmanager get-secret-value --secret-id x --query SecretString",
    "aws ssm get-parameter --name prod-db --with-decryption",
    "aws ssm get-parameters-by-path --path / --recursive --with-decryption",  # (its path `/` asked before)
    "AWS.exe configure export-credentials",
    "/usr/local/bin/aws sts get-session-token",  # (the program's path asked before)
    "env AWS_PROFILE=prod aws configure export-credentials",
    "aws-vault export prod",
    "gcloud auth print-access-token",
    "gcloud auth print-identity-token --audiences=x",
    "gcloud beta auth print-access-token",
    "gcloud --account a@b auth print-access-token",
    "gcloud config config-helper --format=json",
    "gcloud secrets versions access latest --secret=db",
    "az account get-access-token",
    "az account get-access-token --resource https://vault.azure.net --query accessToken -o tsv",
    "az keyvault secret show --name db --vault-name v",
    "az keyvault secret download --name db --vault-name v -f out.txt",
    "az storage account keys list -n acct",
    "az acr credential show -n registry",
]
FORGES = [
    "gh auth token",
    "gh auth token -h github.com",
    "gh auth status -t",
    "gh auth status --show-token",
    "gh auth status -th github.com",
    "gh auth status -h github.com -t",
    "gh auth git-credential get",
    "bash -c 'gh auth token'",
    "command gh auth token",
    "echo $(gh auth token)",
    "glab auth status --show-token",
    "glab auth status -t",
    "glab config get token",
    "glab config get token -h gitlab.example.com",
    "heroku auth:token",
    "fly auth token",
]
CLUSTERS = [
    "kubectl config view --raw",
    "kubectl config view --raw=true",
    "kubectl config view --minify --raw -o jsonpath={.users[0].user.token}",
    "kubectl config view --flatten",
    "kubectl --context prod config view --raw",
    "kubectl create token default",
    "kubectl get secret db -o yaml",
    "kubectl get secrets -A -o json",
    "kubectl get secret db -ojsonpath={.data.password}",
    "kubectl get secret/db --output=yaml",
    "kubectl -n prod get secret db -o go-template='{{.data.password}}'",
    "kubectl get secrets,configmaps -o yaml",
    "kubectl view-secret db",
    "oc whoami -t",
    "oc whoami --show-token",
    "oc get secret db -o yaml",
]
KEYCHAINS = [
    "docker-credential-desktop list",
    "docker-credential-desktop get <<< https://index.docker.io/v1/",
    "echo https://index.docker.io/v1/ | docker-credential-osxkeychain get",
    "docker-credential-wincred.exe get",
    "docker-credential-pass list",
    "docker-credential-ecr-login get",
    "git credential fill <<< host=github.com",
    "printf 'protocol=https\\nhost=github.com\\n' | git credential fill",
    "git -C src credential fill",
    "git credential-osxkeychain get",  # (unparseable before: a program git runs, R4.9)
    "git credential-store get",
    "git-credential-manager get",
    "/usr/lib/git-core/git-credential-libsecret get",  # (the program's path asked before)
    "security find-generic-password -s x -w",
    "security find-generic-password -ws x",
    "security find-generic-password -a me -s x -g",
    "security find-internet-password -s github.com -w",
    "security find-internet-password -gs github.com",
    "security dump-keychain -d",
    "security export -k login.keychain -t identities -f pkcs12 -o out.p12",  # (a keychain change before)
    "secret-tool lookup service x",
    "secret-tool search --all --unlock service x",
    "pass show email/work",
    "pass email/work",  # (read as a keychain change before)
    "pass grep token",
    "pass otp bank",  # (read as a keychain change before)
    "gopass show x/y",
    "gopass x/y",
    "gopass cat x",
    "keyring get svc user",
    "python -m keyring get svc user",
    "uvx keyring get svc user",
    "gpg --export-secret-keys -a",
    "gpg --armor --export-secret-subkeys me",
    "gpg --export-secret-k me",
    "gpg2 --export-secret-keys",
]
MANAGERS = [
    "vault read secret/db",
    "vault read -field=password secret/db",
    "vault kv get secret/db",
    "vault kv get -mount=secret db",
    "vault kv get -format=json secret/db",
    "vault print token",
    "vault token lookup",
    "vault unwrap",
    "bao kv get secret/db",
    "op read op://vault/item/password",
    "op read 'op://Private/GitHub/token'",
    "op item get GitHub --reveal",
    "op item get GitHub --fields password --reveal",
    "op item get GitHub --otp",
    "op item get GitHub --format json",
    "op inject -i config.tpl",
    "op document get key.pem",
    "bw get password github",
    "bw get item github",
    "bw get totp github",
    "bw list items",
    "bw list items --search github",
    "bw export --format json",
    "bw unlock --raw",
    "doppler secrets get DB_PASSWORD --plain",
    "doppler secrets download --no-file --format env",
    "infisical secrets get DB_PASSWORD",
    "infisical export --env=prod",
    "lpass show github",
    "lpass show --password github",
    "chamber read app db",
    "npm config get _authToken",
    "npm config get //registry.npmjs.org/:_authToken",  # (these three: `//…` read as a path before)
    "pnpm config get //registry.npmjs.org/:_authToken",
    "npm get //npm.pkg.github.com/:_authToken",
]
METADATA = [
    "curl http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    "curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/role",
    "curl -X PUT http://169.254.169.254/latest/api/token -H 'X-aws-ec2-metadata-token-ttl-seconds: 60'",
    "curl -H 'Metadata-Flavor: Google' "
    "http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token",
    "curl -H Metadata-Flavor:Google http://metadata/computeMetadata/v1/instance/service-accounts/default/token",
    "curl http://metadata.goog/computeMetadata/v1/",
    "curl -H Metadata:true 'http://169.254.169.254/metadata/identity/oauth2/token?api-version=2018-02-01&resource=x'",
    "wget -qO- http://169.254.169.254/latest/user-data",
    "wget -O - http://169.254.169.254/latest/meta-data/",
    "curl http://[fd00:ec2::254]/latest/meta-data/",
    "curl http://169.254.170.2/v2/credentials/x",
    "curl 169.254.170.2$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",  # (an expansion read as a path before)
    "curl http://169.254.170.23/v1/credentials",
    "curl http://100.100.100.200/latest/meta-data/ram/security-credentials/",
    "http http://169.254.169.254/latest/meta-data/",
    "xh metadata.google.internal/computeMetadata/v1/ Metadata-Flavor:Google",
    "curl http://2852039166/latest/meta-data/",
    "curl http://0xa9fea9fe/",
    "curl http://0xa9.0xfe.0xa9.0xfe/",
    "curl http://0251.0376.0251.0376/",
    "curl http://169.254.43518/",
    "curl http://[::ffff:a9fe:a9fe]/",
    "curl http://[::ffff:169.254.169.254]/",
    "curl http://[fd00:ec2:0::254]/",
    "curl [fd00:0ec2::254]",
    "curl http://[0:0:0:0:0:ffff:a9fe:a9fe]/",
    "curl http://169.254.169.254.nip.io/latest/meta-data/",
    "curl -x 169.254.169.254:80 http://example.com/",
    "curl --url=http://0xA9FEA9FE/latest/meta-data/",  # (`--url=…` read as a path before)
    "curl http://user@169.254.169.254:80/latest/meta-data/",
    "curl http://METADATA.GOOGLE.INTERNAL/computeMetadata/v1/",
    # (these two: an interpreter's code is never prefix-allowed, R4.9 -- but auto mode approved them on the laptop)
    "python3 -c 'import urllib.request as u; print(u.urlopen(\"http://169.254.169.254/latest/meta-data/\").read())'",
    "node -e 'fetch(\"http://169.254.169.254/latest/meta-data/\").then(r=>r.text()).then(console.log)'",
    "cd src && curl http://169.254.169.254/latest/meta-data/",
]
CASES = CLOUDS + FORGES + CLUSTERS + KEYCHAINS + MANAGERS + METADATA


@pytest.mark.parametrize("command", CASES)
def test_a_credential_the_machine_keeps_asks_off_the_sandbox(command):
    never_auto_where(command, OFF_THE_SANDBOX)


# Already asked before, everywhere, as external effects (cap_external_effect, read before the path scope); the
# rest were auto-approved in auto mode on the laptop (those marked above asked under an allow for another reason).
ASKED_BEFORE = {
    "aws sts assume-role --role-arn arn:aws:iam::1:role/x --role-session-name s": "cap_external_effect",
    "aws ecr get-login-password | docker login --username AWS --password-stdin x": "cap_external_effect",
    "aws rds generate-db-auth-token --hostname h --port 5432 --username u": "cap_external_effect",
    "gcloud secrets versions access latest --secret=db": "cap_external_effect",
    "heroku auth:token": "cap_external_effect",
    "kubectl create token default": "cap_external_effect",
    "curl -X PUT http://169.254.169.254/latest/api/token -H 'X-aws-ec2-metadata-token-ttl-seconds: 60'": (
        "cap_external_effect"
    ),
}


@pytest.mark.parametrize("command", [c for c in CASES if c not in ASKED_BEFORE])
def test_it_asks_as_outside_the_path_scope_on_the_laptop(command):
    a_machine_change_on_the_laptop(command)


def _read(command: str) -> str | None:
    """What permissions.commands.credentials reads in ``command``: a segment's views, or the text."""
    parsed = parse_command(command)
    for seg in parsed.segments:
        found = credential_printed(views_of(seg.words))
        if found is not None:
            return found
    return credential_named(command, parsed)


@pytest.mark.parametrize("command", CASES)
def test_the_credentials_reading_names_each(command):
    # (some were asked already for a path they name: `/usr/local/bin/aws`, `--path /`, `//registry...:_authToken`)
    assert _read(command) in (CREDENTIAL, METADATA_SENTENCE), command


@pytest.mark.parametrize(
    "command",
    [
        "aws configure export-credentials",
        "gh auth token",
        "kubectl config view --raw",
        "security find-generic-password -s x -w",
        "vault read secret/db",
        "curl http://169.254.169.254/latest/meta-data/",
        "curl http://2852039166/",
    ],
)
def test_in_brabos_sandbox_nothing_changes(command):
    # R9.7: the sandbox holds no credentials and has no network; its answers stay as they were.
    stays_auto_where(command, places=("sandbox",))
    assert term(command, project=CONTAINER_RUNNING).decision == "auto_approve", command


def test_the_sentence_says_what_it_prints():
    v = a_machine_change_on_the_laptop("gh auth token")
    assert "'gh auth token' prints a credential the machine keeps outside the project" in v.message
    v = a_machine_change_on_the_laptop("curl -s http://169.254.169.254/latest/meta-data/")
    assert "instance metadata service" in v.message


@pytest.mark.parametrize(
    "command",
    [
        "gh auth status",
        "gh auth status -h github.com",
        "gh auth token --help",
        "gh config get editor",
        "glab auth status",
        "aws sts get-caller-identity",
        "aws configure list",
        "aws configure get region",
        "aws secretsmanager list-secrets",
        "aws ssm get-parameter --name prod-flag",
        "aws s3 ls",
        "gcloud auth list",
        "gcloud config list",
        "gcloud secrets list",
        "az account show",
        "az keyvault secret list --vault-name v",
        "kubectl config view",
        "kubectl config view --minify",
        "kubectl config current-context",
        "kubectl get secrets",
        "kubectl get secret db",
        "kubectl get secret db -o name",
        "kubectl describe secret db",
        "kubectl get pods -o yaml",
        "vault status",
        "vault kv list secret/",
        "op whoami",
        "op item list",
        "op item get GitHub",
        "security find-generic-password -s x",
        "security find-generic-password -a me -s x",
        "security list-keychains",
        "pass",
        "pass ls",
        "gopass ls",
        "bw list folders",
        "docker-credential-desktop version",
        "git credential-cache exit",
        "gpg --list-secret-keys",
        "gpg --export -a me",
        "npm whoami",
        "npm config get registry",
        # (`printenv` and a bare `env` print the developer's environment, tokens included, off the sandbox: the
        # path scope's -- test_redteam_environment_printed)
        "printenv PATH",
        "env --version",
        "curl http://localhost:8000/",
        "curl -s http://127.0.0.1:3000/health",
        "curl -H 'Authorization: Bearer x' https://api.github.com/user",
        "wget https://github.com/x/y/archive/main.zip",
        "http :8000/api",
        "curl http://10.0.0.5:8080/x",
        "curl http://[::1]:8000/",
        "ping -c1 169.254.1.1",
        "git config --get credential.helper",
        "aws configure get sso_session",
        "glab auth status -h gitlab.com",
    ],
)
def test_what_prints_no_secret_stays_auto(command):
    stays_auto_where(command)


def test_the_agents_own_environment_is_not_this_modules():
    # printenv/env print the session's environment, not a store's: this module leaves them. Off the sandbox that
    # environment is the developer's shell's, tokens included, so printing it is the path scope's (as `echo
    # $GITHUB_TOKEN` is): permissions.commands.peeks, test_redteam_environment_printed.
    from permissions.commands.credentials import CREDENTIAL_VERBS

    assert "printenv" not in CREDENTIAL_VERBS and "env" not in CREDENTIAL_VERBS
    v = term("printenv", autonomy=AUTO_MODE, runs_in="agent")
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope")
    assert "environment" in v.message
