"""Commands that print a credential the machine keeps outside the project (SPEC §5 where it runs, R6, R4.10).

SPEC §5 says that for ``host`` and ``agent`` -- a runner without a sandbox, a coding agent's hook running the
tool on the developer's own laptop -- "the path scope holds for them in every mode (auto mode included)", so
``cat ~/.aws/credentials`` asks there (``cap_path_scope``). The same secrets are printed by the tools that keep
them, without naming a path: ``aws configure export-credentials``, ``gh auth token``, ``kubectl config view
--raw``, ``security find-generic-password -w``, ``git credential fill``, and the cloud's instance metadata
service hands out the machine's own credentials to ``curl http://169.254.169.254/...``. The reading taken
(R4.10, the same act by another spelling): reading a credential the machine keeps outside the project is
touching the machine outside the project, so off the sandbox such a command is outside the path scope in every
mode -- ``cap_path_scope``, "prints a credential the machine keeps outside the project". In Brabo's own sandbox
(``sandbox``) nothing changes: it holds no credentials and has no network (R9.7).

The other tools that keep or decrypt the developer's secrets (password managers, the PaaS CLIs' config dumps,
terraform's and pulumi's state, sops, gpg, age, ansible-vault, ...) are read by permissions.commands.
secret_keepers, registered into READERS here (``amend``); both read with permissions.commands.credential_forms.

Like permissions.commands.machine, it only turns an auto-approval into a person's decision, and every view of a
segment is read (R4.8: ``env``, ``command``, ``npx``, ``bash -c``, ``/usr/local/bin/aws``, ``aws.exe``,
``git-credential-store`` as ``git credential-store``). The subcommand words are the words that are not options
(the options a tool takes a value by before its subcommand are skipped), and a form matches where its words
stand together, so the tools' global options (``aws --profile p``, ``gcloud beta``, ``kubectl -n ns``) do not
hide it.

What asks, by what each prints:

- aws: ``configure export-credentials``, ``configure get`` of a secret key or session token, the temporary
  credentials ``sts get-session-token|assume-role*|get-federation-token``, ``ecr[-public]
  get-login-password|get-authorization-token``, ``codeartifact get-authorization-token``, ``eks get-token``,
  ``rds generate-db-auth-token``, ``sso get-role-credentials``, ``secretsmanager get-secret-value``, ``ssm
  get-parameter(s)[-by-path]`` with ``--with-decryption``; ``aws-vault export``;
- gcloud: ``auth print-access-token|print-identity-token`` (and ``application-default``'s), ``config
  config-helper`` (it prints the access token), ``secrets versions access``, ``sql generate-login-token``;
- az: ``account get-access-token``, ``keyvault secret show|download``, ``storage account keys list|
  show-connection-string``, ``acr credential show``, ``cosmosdb keys list``;
- gh: ``auth token``, ``auth status -t|--show-token``, ``auth git-credential``, ``config get`` of a token;
  glab: ``auth status -t|--show-token``, ``config get`` of a token; ``heroku auth:token``, ``fly auth token``;
- kubectl and oc: ``config view --raw|--flatten`` (``--flatten`` embeds the files' keys), ``create token``,
  ``get secret`` in any output that shows its data (``-o yaml|json|jsonpath=...|go-template...``,
  ``--template``), ``view-secret``; ``oc whoami -t|--show-token``;
- docker's credential helpers ``docker-credential-<x> get|list`` (``list`` prints the registries and user names
  the keychain holds: it reads the keychain all the same); git's ``credential fill`` and a helper's ``get``
  (``git credential-osxkeychain get``, ``git-credential-manager get``); ``store``/``erase``/``approve``/``reject``
  change the keychain and ask as such a change. The helpers are a known list (the ones docker and git ship or
  document): a helper by another name is not read;
- macOS ``security find-generic-password|find-internet-password`` with ``-w`` or ``-g`` (clustered too:
  ``-ws x``), ``dump-keychain -d``, ``export``; ``secret-tool lookup|search`` (search prints each unlocked
  item's secret); ``pass show|grep|otp`` and ``pass NAME``; ``gopass show|cat|otp`` and ``gopass NAME``;
  ``keyring get``; ``gpg --export-secret-keys|--export-secret-subkeys`` (gpg takes a long option's prefix);
- secret managers: ``vault|bao read|kv get|unwrap|print token|token lookup|token create``, ``op
  read|inject|signin|document get``, ``op item get`` with ``--reveal``, ``--otp`` or JSON output, ``bw get
  password|item|notes|totp|attachment``, ``bw list items`` (each item with its password), ``bw export|unlock``,
  ``doppler secrets`` (bare: a table of the values) ``|secrets get|download|substitute``, ``infisical secrets
  [get]|export``, ``lpass show|export``, ``chamber read|export``;
- ``npm|pnpm config get`` of an ``_auth``/``_authToken``/``_password`` key;
- the instance metadata services (AWS 169.254.169.254, fd00:ec2::254, ECS's 169.254.170.2, EKS's
  169.254.170.23, Google's metadata.google.internal / metadata.goog / ``metadata``, Azure's IMDS, Alibaba's
  100.100.100.200): any command whose text names one (``curl``, ``wget``, ``http``/``xh``, PowerShell's
  ``iwr``/``irm``, a ``python -c``), or an AWS/Google/Azure metadata path (``latest/meta-data``,
  ``computeMetadata``, ``metadata/identity``); and a fetcher's host in another spelling (``2852039166``,
  ``0xa9fea9fe``, ``0251.0376.0251.0376``, ``[::ffff:a9fe:a9fe]``, ``[fd00:ec2:0::254]``); an interpreter's
  code is read for the literal spellings only, and a DNS name of the attacker's that resolves to the service is
  not read (its AWS/Google/Azure path is). A ``grep 169.254.169.254 -r .`` asks too on the laptop: a rare
  price for the literal reading;
- PowerShell's ``Get-Secret`` and ``Get-StoredCredential`` named in the text, and (red team, session 22)
  ``Get-AzAccessToken``, ``Get-AzKeyVaultSecret``, ``Get-AzStorageAccountKey``, ``Get-AWSCredential``,
  ``Get-PnPAccessToken``, a credential's ``.GetNetworkCredential()``, ``ConvertFrom-SecureString`` (a
  DPAPI-protected secret decrypted with the user's key) -- a literal reading: ``grep -r GetNetworkCredential .``
  asks too on the laptop;
- red team (session 22): ``aws ec2 get-password-data``, ``lightsail get-instance-access-details|
  get-relational-database-master-user-password``, ``appsync list-api-keys``, ``apigateway get-api-key(s)
  --include-value(s)``; ``az aks get-credentials --file -``; ``glab auth git-credential|docker-helper get``;
  ``oc extract secret/x``; ``doppler configure get token``, ``infisical user get token``; ``op item get --fields`` (a concealed field printed in clear before 1Password's CLI
  2.25); macOS's ``ps -E`` (every process's environment, as BSD's ``ps e`` in permissions.commands.peeks); and
  handed to the network rather than printed, ``curl -n|--netrc|--netrc-optional`` (the login ``~/.netrc``
  keeps: SENT).

Stays ordinary (what it prints is no secret): ``gh auth status`` (the token masked), ``aws sts
get-caller-identity``, ``aws configure list`` (keys masked), ``aws configure get region``, ``gcloud auth
list``, ``gcloud config list``, ``az account show``, ``kubectl config view`` (kubectl redacts the data),
``kubectl config current-context``, ``kubectl get secrets``, ``kubectl describe secret x`` (sizes only), ``vault
status``, ``vault kv list``, ``op whoami``, ``op item list``, ``op item get x`` (concealed fields say
"use --reveal"), ``security find-generic-password -s x`` (without ``-w``/``-g`` it prints the item's
attributes, not its secret), ``pass ls``, ``npm whoami``, ``gh auth token --help``, ``aws secretsmanager
list-secrets``, ``aws ssm get-parameter --name x`` (a SecureString stays encrypted). ``printenv`` and ``env``
print the agent's own environment, which is the session's, not a store's: not this module's (off the sandbox it
is the developer's shell's, tokens included: permissions.commands.peeks reads it for the path scope).
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from permissions.commands.credential_forms import (
    CREDENTIAL,
    Forms,
    Reader,
    flagged,
    key_after,
    positional,
    secret_key,
    then,
)
from permissions.commands.machine import KEYCHAIN
from permissions.commands.peeks import ENVIRONMENT
from permissions.commands.secret_keepers import DEBUG_LOGGED, SERVICE_ENV, amend
from permissions.commands.views import KNOWN_PROGRAMS, is_assignment, split_string, views_of

if TYPE_CHECKING:  # (the shell reader imports this package's tables)
    from permissions.shell_syntax import ParsedCommand

__all__ = [
    "CREDENTIAL",
    "CREDENTIAL_VERBS",
    "METADATA",
    "READERS",
    "SENT",
    "credential_hint",
    "credential_named",
    "credential_printed",
]

METADATA = "asks the cloud's instance metadata service, which hands out the machine's own credentials"
SENT = "hands a credential the machine keeps outside the project to the network"


# -- the cloud clients ----------------------------------------------------------------------------------------
_AWS_VALUES = (
    "--profile --region --output --endpoint-url --query --color --ca-bundle --cli-read-timeout"
    " --cli-connect-timeout --cli-binary-format"
)
_AWS = then(
    Forms(
        "configure+export-credentials sts+get-session-token sts+assume-role sts+assume-role-with-web-identity"
        " sts+assume-role-with-saml sts+get-federation-token ecr+get-login-password ecr+get-authorization-token"
        " ecr+get-login ecr-public+get-login-password ecr-public+get-authorization-token"
        " codeartifact+get-authorization-token eks+get-token rds+generate-db-auth-token sso+get-role-credentials"
        " secretsmanager+get-secret-value secretsmanager+batch-get-secret-value codecommit+credential-helper"
        " redshift+get-cluster-credentials redshift+get-cluster-credentials-with-iam"
        " redshift-serverless+get-credentials cognito-identity+get-credentials-for-identity kms+decrypt"
        # red team (session 22): a Windows instance's password, Lightsail's SSH key and database password, API keys
        " ec2+get-password-data lightsail+get-instance-access-details"
        " lightsail+get-relational-database-master-user-password appsync+list-api-keys",
        values=_AWS_VALUES,
        flagged={
            **{
                f"ssm+{op}": "--with-decryption"
                for op in (
                    "get-parameter",
                    "get-parameters",
                    "get-parameters-by-path",
                    "get-parameter-history",
                )
            },
            "apigateway+get-api-key": "--include-value",
            "apigateway+get-api-keys": "--include-values",
        },
    ),
    key_after(_AWS_VALUES, "configure+get", secret_key),
)
_GCLOUD = Forms(
    "auth+print-access-token auth+print-identity-token auth+print-refresh-token"
    " application-default+print-access-token config+config-helper secrets+versions+access"
    " sql+generate-login-token kms+decrypt",
    values="--project --account --configuration --format --verbosity --impersonate-service-account"
    " --billing-project --flatten --filter --limit --page-size --sort-by --trace-token",
)
_AZ = Forms(
    "account+get-access-token keyvault+secret+show keyvault+secret+download keyvault+secret+show-deleted"
    " storage+account+keys+list storage+account+show-connection-string acr+credential+show cosmosdb+keys+list"
    " redis+list-keys keyvault+key+decrypt keys+list key+list list-keys admin-key+show query-key+list"
    " appsettings+list list-publishing-credentials list-publishing-profiles containerapp+secret+show",
    values="--subscription --output -o --query --resource-group -g --name -n --vault-name --id",
)


def _aks_printed(view: tuple[str, ...]) -> str | None:
    """``az aks get-credentials --file -`` prints the cluster's kubeconfig (its key or token in clear)."""
    if "get-credentials" not in view:
        return None
    args = view[1:]
    for k, a in enumerate(args[:-1]):
        if a in ("-f", "--file") and args[k + 1] == "-":
            return CREDENTIAL
    return CREDENTIAL if "--file=-" in args else None


_TOKEN_SHOWN = "--show-token -t"  # gh and glab: the token printed with the status
_GH = then(
    Forms(
        "auth+token auth+git-credential",
        values="--hostname -h --user -u --repo -R",
        flagged={"auth+status": "--show-token"},
    ),
    lambda v: CREDENTIAL if "status" in v and flagged(v[1:], ("--show-token",), "t", "hu") else None,
    key_after("--hostname -h --repo -R", "config+get", secret_key),
)
_GLAB = then(
    lambda v: CREDENTIAL if "status" in v and flagged(v[1:], ("--show-token",), "t", "h") else None,
    key_after("--host -h --repo -R", "config+get", secret_key),
    # red team (session 22): glab as git's and docker's credential helper
    Forms(
        "auth+git-credential+get auth+docker-helper+get auth+docker-helper+list",
        changes="auth+git-credential+store auth+git-credential+erase auth+docker-helper+store"
        " auth+docker-helper+erase",
    ),
)
_KUBE_VALUES = (
    "--context --kubeconfig --namespace -n --cluster --user --server -s --token --as --as-group -l --selector"
    " --request-timeout --certificate-authority --client-key --client-certificate --field-selector"
)
_KUBE_OPTS = frozenset(_KUBE_VALUES.split())
# session 24: the outputs that show no data (every other shows it: `yaml`, `kyaml`, `jsonpath`, `templatefile`, ...)
_SECRET_HIDDEN = ("name", "wide", "")


def _output(args: Sequence[str]) -> str | None:
    """kubectl's ``-o X`` / ``-oX`` / ``-o=X`` / ``--output[=] X``; ``template`` when ``--template`` is given."""
    found = None
    for k, a in enumerate(args):
        if a in ("-o", "--output"):
            found = args[k + 1] if k + 1 < len(args) else ""
        elif a.startswith("--output="):
            found = a[9:]
        elif a[:2] == "-o":
            found = a[2:].lstrip("=")
        elif a.startswith("--template"):
            found = found or "template"
    return found


def _from_files(args: Sequence[str]) -> bool:
    """kubectl's ``-f|--filename FILE`` or ``-k|--kustomize DIR``: the objects a file names, a Secret among them."""
    return any(a in _KUBE_FILES or a.startswith(_KUBE_FILES_GLUED) or a[:2] in ("-f", "-k") for a in args)


_KUBE_FILES = ("-f", "--filename", "-k", "--kustomize")
_KUBE_FILES_GLUED = ("--filename=", "--kustomize=", "-f=", "-k=", "-Rf", "-Rk")  # (`-Rf DIR`: -R and -f)


def _kube_secret(view: tuple[str, ...]) -> str | None:
    """``kubectl get secret x -o yaml``: a Secret's data (base64, no protection) in any output showing it;
    (session 25) ``get -f FILE`` or ``-k DIR`` too (the file may name a Secret), and ``get --raw`` of a path
    reaching the secrets."""
    if "get" not in view:
        return None
    if _from_files(view[1:]) and _shown(view[1:]):
        return CREDENTIAL
    if "secret" not in " ".join(view).lower():
        return None
    if any(a.startswith("--raw") for a in view) and "secrets" in " ".join(view).lower():
        return CREDENTIAL
    words = positional(view[1:], _KUBE_OPTS)
    after = words[words.index("get") + 1 :] if "get" in words else []
    if not any(
        part.split("/")[0].split(".")[0] in ("secret", "secrets") for w in after for part in w.split(",")
    ):
        return None
    return CREDENTIAL if _shown(view[1:]) else None


def _shown(args: Sequence[str]) -> bool:
    """An output showing the objects' data (not ``name``, ``wide``, nor the default table)."""
    shown = _output(args)
    return shown is not None and shown.lower().partition("=")[0] not in _SECRET_HIDDEN


_KUBECTL = then(
    Forms(
        "create+token view-secret",
        values=_KUBE_VALUES,
        flagged={"config+view": "--raw --flatten"},
    ),
    _kube_secret,
)


def _oc_extract(view: tuple[str, ...]) -> str | None:
    """``oc extract secret/x`` writes a Secret's data into files (``--to=-``: to the terminal)."""
    if "extract" not in view:
        return None
    words = positional(view[1:], _KUBE_OPTS | {"--to", "--keys"})
    after = words[words.index("extract") + 1 :] if "extract" in words else []
    return CREDENTIAL if after and after[0].startswith(("secret/", "secrets/", "secret.")) else None


_OC = then(
    _KUBECTL,
    lambda v: CREDENTIAL if "whoami" in v and flagged(v[1:], ("--show-token",), "t") else None,
    _oc_extract,
)

# -- keychains and the machine's credential stores -------------------------------------------------------------
_DOCKER_HELPER = Forms("get list", changes="store erase")  # git's helpers: no list, the same get
_DOCKER_HELPERS = tuple(
    f"docker-credential-{h}"
    for h in (
        "desktop osxkeychain wincred pass secretservice ecr-login gcloud gcr acr-env acr-linux dev-containers"
        " helper magic up"
    ).split()
)
_GIT_HELPERS = tuple(
    f"git-credential-{h}"
    for h in "store cache osxkeychain libsecret manager manager-core wincred gnome-keyring netrc oauth".split()
)


def _git(view: tuple[str, ...]) -> str | None:
    """``git credential fill`` prints what the helpers hold; ``git credential-<helper> get`` a helper's own."""
    if len(view) < 3 or view[1][:10] != "credential":
        return None
    sub = view[1]
    rest = [w for w in view[2:] if w[:1] != "-"]
    act = rest[0].lower() if rest else ""
    if sub == "credential":
        return CREDENTIAL if act == "fill" else KEYCHAIN if act in ("approve", "reject") else None
    return CREDENTIAL if act == "get" else KEYCHAIN if act in ("store", "erase") else None


def _security(view: tuple[str, ...]) -> str | None:
    """macOS ``security``: ``-w`` prints the password, ``-g`` prints it too (on stderr); ``dump-keychain -d``
    decrypts every item; ``export`` writes the keychain's keys out."""
    words = positional(view[1:], frozenset())
    if not words:
        return None
    sub = words[0]
    if sub in ("find-generic-password", "find-internet-password"):
        return CREDENTIAL if flagged(view[2:], (), "gw", "acCdDGjlpPrstk") else None
    if sub == "dump-keychain":
        return CREDENTIAL if flagged(view[2:], (), "d") else None
    return CREDENTIAL if sub == "export" else None


_PASS_OTHERS = frozenset(
    "init ls list find search insert add edit generate rm remove delete mv rename cp copy git help version".split()
)
_GOPASS_OTHERS = frozenset(
    (
        "ls list find search audit config init setup clone sync insert edit generate rm remove delete mv move cp"
        " copy git recipients mounts templates version help completion fsck update alias age convert create new"
        " history link process pwgen rcs reorg unclip merge env"
    ).split()
)


def _store_by_name(prints: frozenset[str], others: frozenset[str]) -> Reader:
    """``pass``/``gopass``: ``show NAME`` prints it, and so does a bare ``NAME`` (not a subcommand)."""

    def read(view: tuple[str, ...]) -> str | None:
        words = positional(view[1:], frozenset())
        if not words or "--help" in view:
            return None
        return CREDENTIAL if words[0] in prints or words[0] not in others else None

    return read


def _gpg(view: tuple[str, ...]) -> str | None:
    """gpg takes a long option's unique prefix: ``--export-secret-k`` is ``--export-secret-keys``."""
    return CREDENTIAL if any(w.startswith("--export-secret") for w in view[1:]) else None


_NPM_CONFIG = key_after("--userconfig --globalconfig --registry --location -L", "config+get get", secret_key)

_DOPPLER_VALUES = "--project -p --config -c --token"
_INFISICAL_VALUES = "--env --projectId --path --token --domain"


def _bare_secrets(values: str) -> Reader:
    """``doppler secrets`` and ``infisical secrets``, bare: a table of every secret's value (not with
    ``--only-names``)."""
    opts = frozenset(values.split())

    def read(view: tuple[str, ...]) -> str | None:
        if positional(view[1:], opts) == ["secrets"] and "--only-names" not in view:
            return CREDENTIAL
        return None

    return read


_OP_PLAIN = frozenset(("username", "title", "website", "url", "email", "notesplain", "id"))


def _op_fields(view: tuple[str, ...]) -> str | None:
    """``op item get x --fields password`` (``label=password``): 1Password's CLI before 2.25 printed a concealed
    field in clear; the fields shown unconcealed (``username``) stay ordinary."""
    if "item" not in view or "get" not in view:
        return None
    args = view[1:]
    named: list[str] = []
    for k, a in enumerate(args):
        if a == "--fields" and k + 1 < len(args):
            named += args[k + 1].lower().split(",")
        elif a.startswith("--fields="):
            named += a[9:].lower().split(",")
    if any(f.strip().removeprefix("label=") not in _OP_PLAIN for f in named):
        return CREDENTIAL
    return None


_VAULT = Forms("read kv+get unwrap print+token token+lookup token+create")
READERS: dict[str, Reader] = {
    "aws": _AWS,
    "aws-vault": Forms("export"),
    "gcloud": _GCLOUD,
    "az": then(_AZ, _aks_printed),
    "gh": _GH,
    "glab": _GLAB,
    "heroku": Forms("auth:token"),
    "fly": Forms("auth+token"),
    "flyctl": Forms("auth+token"),
    "kubectl": _KUBECTL,
    "oc": _OC,
    **dict.fromkeys(_DOCKER_HELPERS, _DOCKER_HELPER),
    **dict.fromkeys(_GIT_HELPERS, _DOCKER_HELPER),  # the same protocol: get prints, store/erase change
    "git": _git,
    "security": _security,
    "secret-tool": Forms("lookup search"),
    "pass": _store_by_name(frozenset(("show", "grep", "otp")), _PASS_OTHERS),
    "gopass": _store_by_name(frozenset(("show", "cat", "otp", "totp")), _GOPASS_OTHERS),
    "keyring": Forms("get"),
    "gpg": _gpg,
    "gpg2": _gpg,
    "vault": _VAULT,
    "bao": _VAULT,
    "op": then(
        Forms(
            "read inject signin document+get",
            values="--account --vault --session --cache --config",
            flagged={"item+get": "--reveal --otp --format=json --format"},
        ),
        _op_fields,
    ),
    "bw": Forms(
        "get+password get+item get+notes get+totp get+attachment list+items export unlock",
        values="--session --organizationid --itemid --output",
    ),
    "doppler": then(
        Forms("secrets+get secrets+download secrets+substitute", values=_DOPPLER_VALUES),
        _bare_secrets(_DOPPLER_VALUES),
        key_after(_DOPPLER_VALUES, "configure+get", secret_key),  # red team (session 22): the CLI's own token
    ),
    "infisical": then(
        Forms("secrets+get export user+get+token", values=_INFISICAL_VALUES), _bare_secrets(_INFISICAL_VALUES)
    ),
    "lpass": Forms("show export"),
    "chamber": Forms("read export env"),  # (session 24: `env` prints the service's secrets as exports)
    "npm": _NPM_CONFIG,
    "pnpm": _NPM_CONFIG,
}

amend(READERS)  # the tools that keep or decrypt the developer's other secrets (secret_keepers)

# -- the instance metadata services ---------------------------------------------------------------------------
_METADATA_NAMES = frozenset(
    ("metadata", "metadata.google.internal", "metadata.goog", "instance-data", "instance-data.ec2.internal")
)
_METADATA_IPS = frozenset(
    int(ipaddress.ip_address(a))
    for a in (
        "169.254.169.254",
        "169.254.170.2",
        "169.254.170.23",
        "100.100.100.200",
        "fd00:ec2::254",
        "fd00:ec2::23",
    )
)
# Any text naming a metadata service or its paths, or PowerShell's secret stores (R4.10: any program's spelling).
_NAMED = re.compile(
    r"169\.254\.169\.254|169\.254\.170\.2|fd00:ec2::|metadata\.goog|computemetadata|100\.100\.100\.200"
    r"|latest/(?:meta-data|user-data|api/token|dynamic)|metadata/identity|a9fe:a9fe|2852039166|0xa9fea9fe"
    r"|(get-storedcredential|get-secret\b|get-az(?:accesstoken|keyvaultsecret|storageaccountkey)|get-awscredential"
    r"|get-pnpaccesstoken|getnetworkcredential|convertfrom-securestring)"
    # session 25: gcloud's HTTP log turned on by its variable (every response logged whole, whatever the projection),
    # read as an assignment only since session 26 (session 27: the variable named here; its assignment and its
    # value read by credential_hint)
    r"|(cloudsdk_core_log_http)"
    # session 26: gcloud's debug verbosity (as `--verbosity=debug`) and terraform's debug and trace logs (the
    # providers' requests and the state's values logged): read as assignments only (credential_hint)
    r"|(cloudsdk_core_verbosity|tf_log(?:_core|_provider)?)",
)
# What every name above holds (searched in the lower-cased text first: plain substring tests cost a fraction of
# the alternation, which with IGNORECASE cost 1-4 µs a command off the sandbox)
_NAMED_MARKS = (
    "169.254",
    "fd00:ec2",
    "metadata",
    "100.100.100.200",
    "latest/",
    "a9fe:a9fe",
    "2852039166",
    "0xa9fea9fe",
    "get-",
    "getnetworkcredential",
    "convertfrom-securestring",
    "cloudsdk_core_",
    "tf_log",
)


# Where a host starts (the word's start, after ``//``, ``@`` or ``=``): a digit, ``:``, ``[`` or a metadata name.
_HOSTISH = re.compile(r"(?:^|//|@|=)(?:[0-9:[]|metadata|instance-data)", re.IGNORECASE).search


def _inet_aton(host: str) -> int | None:
    """The address ``host`` spells as inet_aton reads it (``2852039166``, ``0xa9.0xfe.43518``, ``0251.0376...``)."""
    parts = host.split(".")
    if not 1 <= len(parts) <= 4:
        return None
    nums: list[int] = []
    for p in parts:
        try:
            nums.append(
                int(p, 16) if p[:2] in ("0x", "0X") else int(p, 8) if p[:1] == "0" and len(p) > 1 else int(p)
            )
        except ValueError:
            return None
    value = nums[-1]
    for k, n in enumerate(nums[:-1]):
        value |= n << (24 - 8 * k)
    return value


def _host_of(word: str) -> str:
    low = word.lower()
    if low[:1] == "-":
        low = low.partition("=")[2]
    scheme = low.find("://")
    if scheme >= 0:
        low = low[scheme + 3 :]
    low = re.split(r"[/?#\s]", low, maxsplit=1)[0].rpartition("@")[2]
    if low[:1] == "[":
        return low[1 : low.find("]")] if "]" in low else low[1:]
    return low.rpartition(":")[0] if low.count(":") == 1 else low


def _metadata_address(host: str) -> bool:
    if host.rstrip(".") in _METADATA_NAMES:
        return True
    if ":" in host:
        try:
            addr = ipaddress.ip_address(host)
        except ValueError:
            return False
        mapped = getattr(addr, "ipv4_mapped", None)
        return int(mapped or addr) in _METADATA_IPS
    return host[:1].isdigit() and _inet_aton(host) in _METADATA_IPS


def _fetch(view: tuple[str, ...]) -> str | None:
    """A fetcher's host in any spelling: a name, a dotted, decimal, hex or octal address, an IPv6 one."""
    for w in view[1:]:
        if _HOSTISH(w) is not None:  # a word that may spell an address or a metadata name (most words do not)
            host = _host_of(w)
            if host and _metadata_address(host):
                return METADATA
    return None


_FETCHERS = (
    "curl wget wget2 http https xh xhs httpie curlie aria2c lynx w3m links elinks nc ncat netcat socat telnet"
    " iwr irm invoke-webrequest invoke-restmethod"
).split()
READERS.update(dict.fromkeys(_FETCHERS, _fetch))
# red team (session 22): curl sending the login ~/.netrc keeps (`-n`, `--netrc`, `--netrc-optional` and its
# prefixes; `--netrc-file PATH` is read by the path scope), curl's letters clustered before one taking a value
_CURL_SHORT_VALUES = "AbcCdDeEFHKmoPQrtTuUwxXyYz"
READERS["curl"] = then(
    _fetch,
    lambda v: (
        SENT
        if flagged(v[1:], ("--netrc",), "n", _CURL_SHORT_VALUES) or any(w.startswith("--netrc-o") for w in v)
        else None
    ),
)
# macOS's `ps -E` (every process's environment, as BSD's `ps e`: permissions.commands.peeks)
READERS["ps"] = lambda v: ENVIRONMENT if flagged(v[1:], (), "E", "CGgMNOopqstuU") else None

# Every verb credential_printed can answer for (the quick filter: a view starting with none of these prints none).
CREDENTIAL_VERBS: frozenset[str] = frozenset(READERS)


def credential_printed(all_views: Sequence[tuple[str, ...]]) -> str | None:
    """What one segment (its views, R4.8) prints of the machine's credentials, as the end of the sentence a
    person reads, or None."""
    for view in all_views:
        if view and view[0] in CREDENTIAL_VERBS:
            found = READERS[view[0]](view)
            if found is not None:
                return found
    return None


# The quick filter for credential_named (a C call on the text: most commands name none).
def credential_hint(command: str, parsed: ParsedCommand) -> re.Match[str] | None:
    """Where the text names a metadata service, its paths, PowerShell's secret stores (in any case), or assigns
    gcloud's HTTP log, gcloud's debug verbosity or terraform's debug log, or None. ``parsed``: the command as
    the shell reader read it (what its segments assign)."""
    low = command.lower()
    if not any(map(low.__contains__, _NAMED_MARKS)):
        return None
    assigned: list[str] | None = None
    read = False
    for m in _NAMED.finditer(low):
        if m.group(2) is None and m.group(3) is None:
            return m
        if not read:
            assigned, read = _assigned(command, parsed), True
        if _turned_on(m.group(0), assigned, low, m.end()):
            return m
    return None


# session 27, SPEC §5: the values that turn each variable's log on (read in any case, unquoted)
_TURNED_ON = {
    "cloudsdk_core_log_http": re.compile(r"(?:true|1|on|yes|y)\b"),
    "cloudsdk_core_verbosity": re.compile(r"debug\b"),
    **dict.fromkeys(("tf_log", "tf_log_core", "tf_log_provider"), re.compile(r"(?:trace|debug|json)\b")),
}
# A command the shell reader cannot read (``[Environment]::SetEnvironmentVariable('TF_LOG', 'trace')``, never
# auto-approved whatever this says): the variable's name, then one of its values, as an assignment, an argument
# list or a cmdlet's ``-Value`` spells it
# An array subscript after a variable's name, before its value
_SUBSCRIPT = re.compile(r"\[[^]=]*\](?==)")
_SPELT_ON = re.compile(r"""['"]?[ \t]*(?:[=,][ \t]*|[ \t])(?:-value[ \t]+)?['"]?""")


def _turned_on(name: str, assigned: list[str] | None, low: str, end: int) -> bool:
    """session 27: whether the command sets the variable ``name`` (gcloud's, terraform's) to a value that turns its
    log on: one of the pairs _assigned read -- or, for a command the shell reader cannot read (None), its text
    from ``end`` (where the name ends) spelling such a value."""
    on = _TURNED_ON[name]
    if assigned is None:
        sep = _SPELT_ON.match(low, end)
        return sep is not None and on.match(low, sep.end()) is not None
    head = name + "="
    for pair in assigned:
        pair = pair.replace("+=", "=", 1)  # `TF_LOG+=trace`
        if "[" in pair:  # `TF_LOG[0]=trace`, `read 'TF_LOG[0]'`: a scalar's value is its element 0
            pair = _SUBSCRIPT.sub("", pair, count=1)
        if pair.startswith(head):
            value = pair[len(head) :].strip("'\"")
            if on.match(value) or (value[:1] in ("$", "`") and value != "$null"):  # (known only when it runs)
                return True
    return False


# session 26, 27: what sets a variable of the environment, for the words after it or for the session, read from
# each segment's views (a wrapper, a verb path, ``bash -c``'s script, a here-document fed to a shell are segments
# or views of their own): a command's leading ``NAME=value`` words; the ``NAME=value`` operands of ``env``, the
# declaration builtins, cmd's and bash's ``set``, make's command line (make exports it to its recipes),
# ``sudo``/``doas``, ``systemctl set-environment``, ``dbus-update-activation-environment``; the ``NAME VALUE``
# pairs of fish's ``set -x|-gx|-Ux``, Windows' ``setx``, csh's ``setenv``, ``launchctl setenv``, tmux's and
# screen's ``setenv|set-environment``, PowerShell's item cmdlets on the ``Env:`` drive (``Set-Item env:TF_LOG
# trace``, ``New-Item -Path Env:TF_LOG -Value trace``); PowerShell's and nushell's ``$env:NAME = value``,
# ``$env.NAME = value``. A word naming one anywhere else is a mention, no assignment (``echo 'TF_LOG=trace'``,
# ``git commit -m "TF_LOG=trace"``, ``grep -r 'TF_LOG=trace' docs``). A program Brabo has no reading for may run
# a quoted command line it is given: such a word is read as one (``foo 'TF_LOG=trace terraform plan'``).
_PAIRING = frozenset(
    "set setx setx.exe setenv launchctl tmux screen set-item si new-item ni set-content sc add-content ac".split()
)
_ASSIGNING = _PAIRING | frozenset(
    "env export declare typeset local readonly sudo doas make gmake systemctl dbus-update-activation-environment".split()
)
# session 28: the builtins that set a variable named among their words to what they read or print -- bash's,
# zsh's and fish's ``read`` (``read TF_LOG <<< trace``, ``IFS= read -r TF_LOG``, ``read -a``), ``mapfile`` and
# ``readarray``, zsh's ``vared``; ``printf -v NAME`` and zsh's ``print -v NAME`` (``printf -v TF_LOG trace``): each
# name is read as set to a value known when it runs (a later ``export``, ``set -a`` or an exported name hands it
# on), but printf's plain format, which is its value (``printf -v TF_LOG ''`` turns nothing on).
_READING = frozenset("read mapfile readarray vared".split())
_PRINTING = frozenset(("printf", "print"))
_NAME = re.compile(r"[a-z_][a-z0-9_]*(?:\[[^]]*\])?\Z")
# A variable's default put in by an expansion (``: ${TF_LOG:=trace}``, ``${TF_LOG=debug}``)
_DEFAULTED = re.compile(r"\$\{([a-z_][a-z0-9_]*):?=([^}]*)")
# The declaration builtins' flag making a name a reference to another variable (``declare -n ref=TF_LOG``:
# what is assigned to ``ref`` is TF_LOG's)
_REFERENCE = re.compile(r"-[a-z]*n")
_DECLARING = frozenset("declare typeset local".split())
# What arithmetic sets (``let``'s words, ``(( ... ))``, ``$(( ... ))``): a name before an assignment operator or
# next to ``++``/``--``; a number assigned plainly is its value (``let CLOUDSDK_CORE_LOG_HTTP=0``), anything else
# is known when it runs
_ARITHMETIC_SET = re.compile(
    r"(?:\+\+|--)\s*([a-z_]\w*)|([a-z_]\w*)\s*(?:\+\+|--|(?:[-+*/%&|^]|<<|>>)=|=(?!=)(?:\s*(\d+)\s*(?=[,)]|\Z))?)"
)
# What the reader leaves out of the segments (session 28): an arithmetic command's or expansion's body, a ``for``
# or ``select`` loop's variable (each value of its list is the variable's in turn)
_ARITHMETIC_BODY = re.compile(r"\(\((.*?)\)\)", re.DOTALL)
_LOOP_VARIABLE = re.compile(r"\b(?:for|select)\s+([a-z_]\w*)\s+in\b[^;\n]*[;\n]\s*do\b")
# How far after a variable's name its value may stand (``New-Item -Path Env:TF_LOG -Value trace``)
_VALUE_REACH = 3
_ENV_DRIVE = re.compile(r"(?:-\w+:)?(?:microsoft\.powershell\.core\\)?env:[\\/]*")
_ENV_VARIABLE = re.compile(r"\$\{?env[:.]")
# A PowerShell cmdlet's name (Verb-Noun) standing as a variable's value: the value is what it returns
_CMDLET = re.compile(r"[a-z]+-[a-z]\w*\Z")


def _assigned(command: str, parsed: ParsedCommand) -> list[str] | None:
    """session 27: the ``name=value`` pairs (lower-cased) the command's segments set in the environment (see
    above), or None when the shell reader cannot read the command."""
    if parsed.unparseable:
        return None
    pairs: list[str] = []
    for seg in parsed.segments:
        if seg.words:
            for view in views_of(seg.words):
                if view:
                    pairs.extend(_set_by(view, True))
    low = command.lower()
    if "((" in low:
        for body in _ARITHMETIC_BODY.finditer(low):
            pairs.extend(_arithmetic(body[1]))
    pairs.extend(m[1] + "=$" for m in _LOOP_VARIABLE.finditer(low))
    return pairs


def _arithmetic(expression: str) -> list[str]:
    """session 28: the ``name=value`` pairs an arithmetic expression sets (_ARITHMETIC_SET)."""
    return [f"{m[1]}=$" if m[1] else f"{m[2]}={m[3] or '$'}" for m in _ARITHMETIC_SET.finditer(expression)]


def _set_by(view: tuple[str, ...], handed: bool) -> list[str]:
    """The ``name=value`` pairs one view sets (see _ASSIGNING); ``handed``: a quoted command line a program
    Brabo has no reading for is given is read too."""
    k = 0
    while k < len(view) and is_assignment(view[k]):
        k += 1
    if k:
        return [w.lower() for w in view[:k]]
    verb = view[0].lower().rpartition("/")[2]
    shell_variable = _ENV_VARIABLE.match(verb)
    if shell_variable is not None:  # `$env:TF_LOG = 'trace'`, `$env:TF_LOG='trace'`, `$env.TF_LOG = x`
        name, eq, value = verb[shell_variable.end() :].partition("=")
        if not eq and len(view) > 2 and view[1] == "=":
            value = view[2].lower()
        name = name.rstrip("}")
        if _CMDLET.match(value):  # `$env:TF_LOG = Read-Host`: a cmdlet's output, known when it runs
            value = "$"
        return [f"{name}={value}"] if name and value else []
    pairs: list[str] = [f"{m[1]}={m[2]}" for w in view if "${" in w for m in _DEFAULTED.finditer(w.lower())]
    if verb in _READING or verb in _PRINTING:
        pairs.extend(_read_into(verb, [w.lower() for w in view[1:]]))
    elif verb == "let":
        for w in view[1:]:
            pairs.extend(_arithmetic(w.lower()))
    elif verb in _ASSIGNING:
        args = [_ENV_DRIVE.sub("", w.lower(), count=1) for w in view[1:]]
        pairs.extend(w for w in args if "=" in w)
        if verb in _DECLARING and any(_REFERENCE.match(w) for w in args):
            pairs.extend(
                w.partition("=")[2] + "=$" for w in args if "=" in w
            )  # (what the reference is set to)
        if verb in _PAIRING:
            pairs.extend(
                f"{w}={v}"
                for j, w in enumerate(args)
                if w[:1] != "-"
                for v in args[j + 1 : j + 1 + _VALUE_REACH]
            )
    elif handed and verb not in KNOWN_PROGRAMS:
        for w in view[1:]:
            if " " in w:
                pairs.extend(_set_by(split_string(w) or ("",), False))
    return pairs


def _read_into(verb: str, args: list[str]) -> list[str]:
    """session 28: the ``name=value`` pairs (see _READING) a reading or printing builtin sets: every word of a
    reader that may name a variable, to a value known when it runs; printf's ``-v NAME`` (or ``-vNAME``) to its
    format when that is plain, else to one known when it runs."""
    if verb in _READING:
        return [w + "=$" for w in args if _NAME.match(w)]
    for j, w in enumerate(args):
        if w[:2] == "-v":
            glued = len(w) > 2
            name = w[2:] if glued else (args[j + 1 : j + 2] or [""])[0]
            rest = args[j + 1 :] if glued else args[j + 2 :]
            if rest[:1] == ["--"]:
                rest = rest[1:]
            form = rest[0] if rest and verb == "printf" else "$"
            return [f"{name}={'$' if '%' in form or chr(92) in form else form}"] if name else []
        if w[:1] != "-" or w == "--":
            break
    return []


def credential_named(command: str, parsed: ParsedCommand) -> str | None:
    """The text names a metadata service, its paths, or PowerShell's secret stores (any program's spelling)."""
    m = credential_hint(command, parsed)
    if m is None:
        return None
    return (
        CREDENTIAL if m.group(1) else SERVICE_ENV if m.group(2) else DEBUG_LOGGED if m.group(3) else METADATA
    )
