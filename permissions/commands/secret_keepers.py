r"""Secrets printed by the tools that keep or decrypt them on the developer's machine (SPEC §5 where it runs, R6,
R4.10).

permissions.commands.credentials reads the machine's own logins (``aws configure export-credentials``, ``gh auth
token``, a keychain, a password manager's ``read``): off the sandbox each is outside the path scope in every
mode, ``cap_path_scope``. The same reading holds for the other tools that keep a secret for the developer or
decrypt one with a key the developer's machine holds -- none names a path, and each prints (or writes out in
the clear) what only the machine's keys and logins unlock:

- password managers and secret stores: ``keepassxc-cli show`` with ``-s|--show-protected``, ``-t|--totp`` or an
  attribute shown by ``-a`` (protected ones print in clear when named), ``export``, ``clip``, ``open``,
  ``attachment-export``, ``totp``; ``kpcli --command`` and kpcli's shell (fed from a pipe); ``enpass-cli
  show|copy|pass``; ``rbw get|code``; ``passage`` as ``pass``; ``passbolt get
  resource``; ``kwallet-query -r``; ``ykman oath accounts code``; ``akeyless get-*secret-value``; ``conjur
  variable get|value``; ``berglas access``; ``teller env|export|sh|yaml|json``; ``vals eval|get|env`` (helmfile's references resolved);
  ``vlt secrets get``; ``bws secret get|list``
  (the list carries the values); ``keeper find-password``, ``keeper get --unmask``; ``bw serve`` (the unlocked vault on a local port); ``dcli password|note|otp|read``;
  ``ksm secret get|notation|totp``; ``hcp vault-secrets secrets open``; ``phase secrets get|export|list --show``;
  ``sst secret list|get``;
- settings files outside the project that hold a token: ``git config [--global] [--get] KEY`` of a secret
  setting (``github.token``, ``hub.oauthtoken``, ``http.<url>.extraHeader``), ``composer config -g
  github-oauth.<host>`` (a key, no value: it prints it), ``snyk config [get api]``, ``travis token``;
  ``consul acl token read|list``, ``nomad acl token self|info|list`` (their SecretIDs);
- the PaaS and cloud CLIs' dumps of what they keep: ``doctl auth token`` (and its ``t``), ``doctl registry
  docker-config``, ``doctl kubernetes cluster kubeconfig show|exec-credential``, ``doctl databases connection|
  user get|user list|pool get|pool list`` (the passwords ride along); ``heroku config`` (bare: every
  variable's value), ``config:get``, ``pg:credentials[:url]``, ``redis:credentials``; ``netlify env:list|
  env:get``; ``vercel pull`` (it writes the environment's values into .vercel); ``railway variables``; ``cf
  env``; ``eb printenv``; ``kamal secrets print|fetch|extract``; ``sf org display`` (it prints the access
  token, ``--verbose`` the refresh URL), ``org display user``, ``org auth show-access-token|
  show-sfdx-auth-url``, ``org open -r|--url-only`` (a URL with the session in it), and their ``force:``
  spellings; ``firebase functions:config:get|functions:secrets:access|apphosting:secrets:access``; ``supabase
  projects api-keys``; ``stripe config --list``; ``databricks auth token|env``, ``secrets get-secret``;
  ``cloudflared access token``; ``ibmcloud iam oauth-tokens``; ``oci secrets secret-bundle get``; ``scw secret
  version access``, ``scw config get secret-key``, ``scw config dump``; MinIO's ``mc alias list|export``;
  ``rclone config show|dump``; ``s3cmd --dump-config``; ``yarn config get`` of a token; ``glab variable
  get|export|list``; ``shopify app env show|pull``; ``convex env list|get``; ``turso auth token``; ``neonctl
  connection-string``; ``eas env:pull|env:get``, ``env:list --include-sensitive``; ``argocd admin
  initial-password``; the clusters' token helpers ``kubelogin get-token``, ``aws-iam-authenticator token``,
  ``gke-gcloud-auth-plugin``, ``saml2aws script``, ``cloudflared tunnel token``; the local and hosted clusters'
  admin kubeconfigs (red team, session 22) ``kind get kubeconfig``, ``k3d kubeconfig get``, ``microk8s config``
  (``microk8s.config``), ``k0s kubeconfig admin|create``, ``talosctl kubeconfig``, ``vcluster connect --print``,
  ``kubeadm kubeconfig user``, ``scw k8s kubeconfig get``; ``uv auth token``, ``claude setup-token``, ``gpgsm
  --export-secret-key-p12|-p8|-raw``, ``crane auth get|token``, ``keyctl print|pipe|read`` (the kernel keyring),
  ``mvn help:effective-settings -DshowPasswords=true``; and the shell's whole environment printed by ``docker
  compose config --environment`` (Compose interpolates from it; the ENVIRONMENT sentence of
  permissions.commands.peeks);
- (session 23) the package, build and release tools' own settings with the credentials they keep: ``helm get
  values`` (the release's values, ``--set db.password=...``; ``-a`` with the chart's), ``get all``, ``get
  manifest`` (the chart's rendered Secrets, their data as ``kubectl get secret -o yaml`` prints it); ``gradle
  properties`` (every project property, ``~/.gradle/gradle.properties``' ``ossrhPassword`` among them; gradle
  runs a task's unique prefix, ``prop``, ``:app:prope``); ``pip config list|debug`` and ``pip config get`` of
  an index URL, ``find-links``, a proxy or a secret (``https://user:token@host/simple``); bare ``doppler
  configure`` (``--all``) and ``configure debug`` (the CLI's token); yarn 1's ``config list`` (the npm config's
  ``_authToken`` in clear) and yarn's ``config ... --no-redacted``; ``hatch config show -a|--all``; ``git
  config --get-regexp|get --regexp PATTERN`` where the pattern may reach a secret setting (``http``, ``url``,
  ``token``, ``.``: a branch whose literal parts all stand in one), ``--get-urlmatch http URL`` and ``get
  --url=URL http`` (every ``http.<url>.*``, ``extraHeader`` among them); ``composer config -l|--list`` (every
  setting, auth.json's ``github-oauth`` and ``http-basic`` among them; composer runs a command's unique prefix,
  ``conf -l``, ``global config --list``); ``mvn help:evaluate -Dexpression=`` of ``settings.servers``, a
  ``password``, a ``passphrase``, ``proxies``; and the AWS login helpers' temporary credentials, as ``aws
  configure export-credentials`` prints them: ``aws-vault exec --json`` (credential_process JSON), ``aws-vault
  login -s|--stdout`` (a console URL carrying its sign-in token), ``granted credential-process``, ``aws-sso-util
  credential-process``, ``aws-sso process|eval``;
- state that holds the secrets it made: ``terraform|tofu|terragrunt output -json|-raw`` (the documentation:
  "any sensitive values in Terraform state will be displayed in plain text"), ``show -json``, ``state pull``,
  ``console``; ``pulumi config --show-secrets``, ``config get`` (a secret key prints decrypted), ``stack
  output|export --show-secrets``, ``env open``; ``esc open|env open``, ``esc env get --show-secrets``;
- decryptors using the developer's keys: ``sops -d|--decrypt|decrypt|exec-env|exec-file|edit`` and a bare
  ``sops FILE`` (it opens the decrypted file in the editor); ``ansible-vault view|decrypt|edit`` (argparse
  takes a long option's prefix: ``--vault-pass FILE``), ``ansible-inventory`` given the vault's password; ``gpg -d|--decrypt`` (gpg takes a long option's prefix: ``--decr``), ``--decrypt-files``, ``--unwrap``,
  ``--show-session-key``, and gpg given no command at all (it then decrypts what it reads); ``gpgsm -d``,
  ``gpgtar -d``; ``age|rage -d``; ``sq decrypt|key export``; ``helm secrets decrypt|dec|view|edit|template``; ``git-crypt unlock|
  export-key``, ``git-secret reveal|cat`` (and ``git crypt …``, ``git secret …``); ``transcrypt -d|--display``;
  ``blackbox_cat`` and its kin; ``chezmoi cat|secret|decrypt|age decrypt|execute-template|dump``;
  ``dotenvx decrypt|get|keypair``, ``dotenv-vault keys|decrypt``; ``ejson decrypt``, ``ejson2env``;
  ``kubeseal --recovery-unseal``; ``aws kms decrypt``, ``gcloud kms decrypt``, ``az keyvault key decrypt``
  (asked already as external effects).

- (session 24) a deployed service's environment and settings, and a configuration resolved with its secrets
  (SERVICE_ENV, ENVIRONMENT): Compose's model interpolated from the shell and the env files, bare ``docker compose
  config`` (``convert``, ``docker-compose``, ``podman``, ``nerdctl``, ``docker stack config``), ``docker buildx
  bake --print|--list=variables``; a container's or a swarm service's inspection (its ``Env``; a ``--format``
  template whose field chains end below ``.Config``/``.Spec`` and name no ``Env`` stays ordinary), ``podman kube
  generate``, ``podman secret inspect --showsecret``; the clouds' reads of a function's or a service's environment
  -- ``aws lambda get-function[-configuration]|list-functions|list-versions-by-function``, ``ecs
  describe-task-definition``, ``apprunner describe-service``, ``amplify get-app|get-branch|list-apps|
  list-branches``, ``elasticbeanstalk describe-configuration-settings``, ``codebuild batch-get-projects``,
  ``batch describe-job-definitions``, ``lightsail get-container-services``, ``glue get-connection(s)`` (without
  ``--hide-password``), ``ec2 describe-instance-attribute`` of ``userData``; ``gcloud run services|jobs|revisions
  describe``, ``functions describe``, ``app versions describe``, ``composer environments describe``; ``az webapp
  config connection-string list``, ``containerapp show|revision show|job show``, ``containerapp secret list
  --show-values``, ``container show``, ``appconfig kv list|show|export``, ``appconfig revision|credential list``
  -- unless a ``--query`` (JMESPath) or a gcloud ``--format`` projection picks leaf fields only
  (``Functions[].FunctionName``, ``value(status.url)``); the secrets the clouds keep for the account: ``aws
  cognito-idp describe-user-pool-client``, ``connect get-federation-token``, ``gamelift get-instance-access``,
  ``gcloud redis instances get-auth-string``, ``services api-keys get-key-string``, ``az ... connection-string
  show``, ``webpubsub key show``, ``communication list-key``; the PaaS dumps ``dokku config[:show|:get|:export]``,
  ``scalingo env``, ``fly redis status`` (its private URL carries the password), ``chamber env``; the resolved
  configurations ``serverless|sls print``, ``devspace print|list vars``; the environments ``mise env|hook-env``,
  ``direnv export|dump`` and conda's ``env config vars list`` resolve; ``kubectl|oc set env --resolve``.

- (session 25) more of the same: ``serverless info`` (the API keys' values); ``aws ecs describe-tasks`` (the
  overrides' environment), ``batch describe-jobs``, ``codebuild batch-get-builds``, ``sagemaker describe-model|
  describe-training-job|describe-processing-job|describe-transform-job``, ``ec2 describe-launch-template-versions``
  and ``autoscaling describe-launch-configurations`` (user data), ``glue get-job(s)``, ``emr describe-cluster``;
  ``gcloud compute instances|instance-templates|project-info describe`` (the startup-script, the ssh keys) and
  the listings ``compute instances list``, ``run services|jobs list``, ``functions list`` given a ``--format`` of
  whole resources; gcloud's ``--log-http`` on any command (and ``CLOUDSDK_CORE_LOG_HTTP=true``, read in the text
  by permissions.commands.credentials); ``az staticwebapp secrets list``; ``helmfile template|write-values``,
  ``build --embed-values``, ``diff|apply --show-secrets`` (vals' references resolved); ``kompose convert`` (the
  shell's ``${VAR}``); ``consul kv export``, ``kv get -recurse`` or of a key naming a secret, ``nomad var get``,
  ``etcdctl get --prefix|--from-key`` or of such a key; ``npm|pnpm config get proxy|https-proxy`` (``npm config
  list`` stays ordinary: the shell's ``HTTP_PROXY`` it lists since npm 11.8 is a common diagnostic's line).

- (session 26) rendered and logged: ``kompose up`` (``convert``'s manifests deployed), ``serverless|sls package``
  (the variables ``print`` resolves, written into .serverless/), a bare ``helmfile build`` (the state file rendered,
  ``requiredEnv`` resolved), ``terragrunt render-json|render``, ``pulumi preview|stack --show-secrets``; the debug
  logs (DEBUG_LOGGED) of aws's and az's ``--debug``, gcloud's ``--verbosity debug``, kubectl's ``-v`` 8 and above
  and oc's ``--loglevel``, ``doctl --trace``, and the variables ``CLOUDSDK_CORE_VERBOSITY=debug`` and ``TF_LOG``
  (read as assignments by permissions.commands.credentials). The keys these stores and API clients take
  (``etcdctl get /app/version``, ``gh api /user``, ``aws logs tail /aws/lambda/fn``) are no paths:
  permissions.scope reads them so (its _KEY_FORMS, with ETCDCTL_VALUES, GO_CONSUL_VALUES and AWS_GLOBALS from here).

Stays ordinary (names, digests, or a value the tool itself masks): ``gh secret list``, ``fly secrets list``,
``supabase secrets list``, ``supabase status`` (the local stack's keys, from the project's own config),
``vercel env ls`` ("Encrypted"), ``wrangler secret list``, ``terraform output`` and ``terraform output NAME``
(sensitive values print ``<sensitive>``), ``terraform show``, ``terraform state show``, ``pulumi config`` (secrets blinded), ``pulumi
stack output``, ``keepassxc-cli show db entry`` (the password reads PROTECTED), ``keepassxc-cli ls|search``,
``rbw list``, ``gpg --list-keys|--verify|-e``, ``age -e``, ``sops -e``, ``ansible-vault encrypt``,
``git-crypt status|lock``, ``git config user.email`` and ``git config --list`` (a listing, left: the path scope
does not read it), ``twilio profiles:list`` (account SIDs), ``npm token list`` (truncated); (session 23) ``helm
list|status|history|get notes|get metadata|get hooks``, ``helm template`` (the project's own chart and values),
``gradle tasks|projects|dependencies``, ``pip config get global.timeout``, ``npm config list [-l|--json]`` (npm
prints ``(protected)`` for the auth keys), ``npm config get registry``, ``hatch config show`` (scrubbed), ``git
config --get-regexp alias|credential|'^user'|remote`` (``credential.*`` holds the helpers' names and user
names, not their secrets), ``composer config name``, ``mvn help:evaluate -Dexpression=project.version``,
``aws-vault login`` (it opens the browser), ``aws-vault exec PROFILE -- CMD`` (read by the command it runs);
(session 24) ``docker compose config --services|--volumes|--images|--hash|-q|--no-interpolate``, ``docker compose
ps``, ``docker image inspect``, ``docker inspect -f '{{.State.Status}}'``, ``kubectl get pods -o yaml`` (a pod's
spec: its Secrets are references), ``aws lambda list-functions --query 'Functions[].FunctionName'``, ``gcloud run
services describe --format='value(status.url)'``, ``fly secrets list`` (digests), and ``git remote -v``, ``git
remote get-url``, ``git config --get remote.origin.url``: a token in the remote's URL sits in the project's own
``.git/config``, which the path scope lets ``cat`` read -- asking for the one and not the other is friction only.

A tool read here and by no other table of Brabo's (``keepassxc-cli``, ``passage``, ``databricks``, ...) stays
out of views.KNOWN_PROGRAMS (HANDS_ON_KEEPERS, left out by permissions.commands.vocabulary): views.hands_on
still hands on what may follow it (``passage git push`` runs git, ``databricks ... -- cmd``), and Brabo's own
sandbox keeps its answers (``ksm exec -- git push`` is the push's). Tools that run a command of the user's with
the secrets in its environment (``ksm exec``, ``hcp vault-secrets run``, ``phase run``, ``doppler run``, ``op
run``) are read by that command, as ``sops exec-env`` would be were it not a decryptor's own form here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

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
from permissions.commands.options import spellings
from permissions.commands.peeks import ENVIRONMENT

__all__ = [
    "AWS_GLOBALS",
    "DECRYPTED",
    "ETCDCTL_VALUES",
    "GO_CONSUL_VALUES",
    "HANDS_ON_KEEPERS",
    "KEEPERS",
    "amend",
]

DECRYPTED = "decrypts a secret with a key the machine keeps outside the project"


def go_flag(args: Sequence[str], names: frozenset[str]) -> bool:
    """Go's flag package (terraform, tofu): ``-json``, ``--json`` and ``-json=true`` are the same flag (read past a
    ``--`` too: ``terragrunt run --all -- output -json`` hands it on to terraform)."""
    for a in args:
        if a[:1] == "-":
            name, _, value = a.lstrip("-").partition("=")
            if name.lower() in names and value.lower() not in ("false", "0"):
                return True
    return False


def _first(view: tuple[str, ...], values: frozenset[str]) -> str:
    words = positional(view[1:], values)
    return words[0] if words else ""


def _only(sentence: str, reader: Reader) -> Reader:
    """``reader``'s forms, told as ``sentence`` (a decryptor's forms read as DECRYPTED)."""

    def read(view: tuple[str, ...]) -> str | None:
        return sentence if reader(view) is not None else None

    return read


def _always(sentence: str) -> Reader:
    """A program whose every run prints or decrypts (``blackbox_cat``, ``ejson2env``), but for its help."""

    def read(view: tuple[str, ...]) -> str | None:
        return None if any(w in ("--help", "-h", "--version") for w in view[1:]) else sentence

    return read


# -- password managers and secret stores ---------------------------------------------------------------------
_KEEPASS_VALUES = frozenset("-k --key-file -a --attributes -y --yubikey --format -f".split())
_KEEPASS_PLAIN = frozenset(("title", "username", "url", "notes", "uuid", "tags"))  # what shows unprotected


def _attributes(args: Sequence[str]) -> list[str]:
    """keepassxc-cli's ``-a NAME`` / ``-aNAME`` / ``--attributes[=]NAME``, lower-cased."""
    out: list[str] = []
    for k, a in enumerate(args):
        if a in ("-a", "--attributes"):
            out.append(args[k + 1].lower() if k + 1 < len(args) else "")
        elif a.startswith("--attributes="):
            out.append(a[13:].lower())
        elif a[:2] == "-a" and len(a) > 2 and a[1] != "-":
            out.append(a[2:].lower())
    return out


def _keepassxc(view: tuple[str, ...]) -> str | None:
    """``show`` hides the protected attributes (the password) unless told to show them, or named by ``-a``;
    ``export`` writes the whole database in clear, ``clip`` puts a password on the clipboard, ``open`` is a
    shell on the unlocked database."""
    args = view[1:]
    if "--help" in args or "-h" in args:
        return None
    sub = _first(view, _KEEPASS_VALUES)
    if sub in ("export", "clip", "cp", "open", "attachment-export", "totp"):
        return CREDENTIAL  # (red team, session 21: `totp` prints the entry's current one-time code)
    if sub == "show" and (
        flagged(args, ("--show-protected", "--totp", "--all"), "st", "akyf")
        or any(a not in _KEEPASS_PLAIN for a in _attributes(args))
    ):
        return CREDENTIAL
    return None


def _kpcli(view: tuple[str, ...]) -> str | None:
    """kpcli runs a command on the unlocked database (``--command 'show -f entry'``), and without one it is a
    shell on it (red team, session 21: fed from a pipe, ``echo 'show -f x' | kpcli --kdb db``), as
    ``keepassxc-cli open`` is; its help and version print."""
    return None if any(w in ("--help", "-h", "--version") for w in view[1:]) else CREDENTIAL


_PASS_OTHERS = frozenset(
    "init ls list find search insert add edit generate rm remove delete mv rename cp copy git help version"
    " reencrypt".split()
)


def _passage(view: tuple[str, ...]) -> str | None:
    """``passage`` (pass on age keys): ``show NAME`` and a bare ``NAME`` print it."""
    words = positional(view[1:], frozenset())
    if not words or "--help" in view:
        return None
    return CREDENTIAL if words[0] in ("show", "grep", "otp") or words[0] not in _PASS_OTHERS else None


# -- the PaaS and cloud CLIs ------------------------------------------------------------------------------------
_DOCTL_VALUES = (
    "-t --access-token -u --api-url -c --config --context -o --output --format --http-retry-max"
    " --http-retry-wait-max --http-retry-wait-min"
)
_DOCTL_DATABASES = ("databases", "database", "db", "dbs", "d")
_DOCTL = Forms(
    "auth+token auth+t registry+docker-config r+docker-config reg+docker-config"
    + "".join(f" {c}+show {c}+exec-credential" for c in ("kubeconfig", "kubecfg", "k8scfg", "cfg", "config"))
    + "".join(
        f" {group}+{form}"
        for group in _DOCTL_DATABASES
        for form in "connection conn user+get user+list user+ls u+get u+list u+ls pool+get pool+list pool+ls"
        " p+get p+list p+ls".split()
    ),
    values=_DOCTL_VALUES,
)
_HEROKU = Forms(
    "config config:get pg:credentials pg:credentials:url redis:credentials",
    values="-a --app -r --remote",
)
_NETLIFY = Forms("env:list env:get env+list env+get", values="--context --scope --filter --site --auth")
_SF_VALUES = "-o --target-org -u --targetusername -v --target-dev-hub --api-version --flags-dir"
_SF = then(
    Forms(
        "org+display force:org:display org:display org+auth+show-access-token org+auth+show-sfdx-auth-url"
        " org+display+user force:user:display user+display org:display:user",
        values=_SF_VALUES,
    ),
    lambda v: (
        CREDENTIAL
        if any(w in ("open", "force:org:open", "org:open") for w in v)
        and flagged(v[1:], ("--url-only", "--urlonly"), "r", "ouvpb")
        else None
    ),
)
_FIREBASE = Forms(
    "functions:config:get functions:secrets:access apphosting:secrets:access",
    values="--project -P --account --config -c",
)
_DATABRICKS = Forms(
    "auth+token auth+env secrets+get-secret", values="-p --profile -o --output --host --log-level --log-file"
)
_SCW = then(
    Forms(
        "secret+version+access config+dump k8s+kubeconfig+get", values="-p --profile -c --config -o --output"
    ),
    key_after("-p --profile -c --config -o --output", "config+get", secret_key),
)
_YARN = then(
    key_after("--cwd", "config+get", secret_key),
    # session 23: yarn 1's `config list` prints the npm config's `_authToken` in clear; berry's `config` redacts
    # its secrets unless told `--no-redacted`
    Forms("config+list", values="--cwd", flagged={"config": "--no-redacted"}),
)

# -- session 23: the package and release tools' own settings, printed with the credentials they keep ------------
_HELM_VALUES = (
    "--kube-context --kubeconfig -n --namespace --registry-config --repository-cache --repository-config"
    " --burst-limit --kube-apiserver --kube-as-group --kube-as-user --kube-ca-file --kube-token"
    " --kube-tls-server-name --qps --revision -o --output --template --content-cache"
)
# `helm get values` (the values given to the release, `-a` with the chart's: `--set db.password=...`), `get all`
# (values and manifest), `get manifest` (the rendered objects, the chart's Secrets with their data as
# `kubectl get secret -o yaml` prints them)
_HELM = then(
    _only(DECRYPTED, Forms("secrets+decrypt secrets+dec secrets+view secrets+edit secrets+template")),
    Forms("get+values get+all get+manifest", values=_HELM_VALUES),
)
_GRADLE_VALUES = frozenset(
    "-x --exclude-task --tests -p --project-dir -b --build-file -c --settings-file -g --gradle-user-home -I"
    " --init-script --include-build --console --warning-mode --priority --max-workers --property"
    " --project-cache-dir -F --dependency-verification -M --write-verification-metadata".split()
)


def _gradle_properties(view: tuple[str, ...]) -> str | None:
    """``gradle properties`` prints every project property, those ``~/.gradle/gradle.properties`` keeps
    (``ossrhPassword``, ``signing.password``) in clear; gradle runs a task's unique prefix (``prop``,
    ``:app:prope``)."""
    if "prop" not in " ".join(view).lower():
        return None
    for task in positional(view[1:], _GRADLE_VALUES):
        name = task.rpartition(":")[2]
        if len(name) >= 4 and "properties".startswith(name):
            return CREDENTIAL
    return None


_PIP_VALUES = frozenset(
    "--editor --log --proxy --retries --timeout --exists-action --trusted-host --cert --client-cert --cache-dir"
    " --python --use-feature --use-deprecated --keyring-provider --progress-bar --resume-retries".split()
)


def _pip_config(view: tuple[str, ...]) -> str | None:
    """``pip config list|debug`` prints every setting of pip.conf, an ``index-url`` carrying its login
    (``https://user:token@host/simple``); ``pip config get`` of such a URL, a proxy or a secret."""
    if "config" not in view:
        return None
    words = positional(view[1:], _PIP_VALUES)
    if words[:1] != ["config"] or len(words) < 2 or "--help" in view or "-h" in view:
        return None
    if words[1] in ("list", "debug"):
        return CREDENTIAL
    if words[1] == "get" and len(words) > 2:
        key = words[2]
        return CREDENTIAL if key.endswith(("index-url", "find-links", "proxy")) or secret_key(key) else None
    return None


_HATCH_VALUES = frozenset("-e --env -p --project --data-dir --cache-dir --config --color".split())


def _hatch_config(view: tuple[str, ...]) -> str | None:
    """``hatch config show`` scrubs the secret fields (a publishing index's auth) unless told ``-a|--all``."""
    if "show" not in view or positional(view[1:], _HATCH_VALUES)[:2] != ["config", "show"]:
        return None
    return CREDENTIAL if flagged(view[1:], ("--all",), "a") else None


_DOPPLER_VALUES = frozenset(
    "--project -p --config -c --token --scope --configuration --config-dir --api-host --dashboard-host".split()
)


def _doppler_configure(view: tuple[str, ...]) -> str | None:
    """Bare ``doppler configure`` (``--all``) and ``configure debug`` print the CLI's configuration, its
    ``token`` in clear."""
    if "configure" not in view or "--help" in view or "-h" in view:
        return None
    return (
        CREDENTIAL
        if positional(view[1:], _DOPPLER_VALUES) in (["configure"], ["configure", "debug"])
        else None
    )


_MAVEN_SECRETS = ("servers", "password", "passphrase", "proxies", "privatekey")


def _maven_evaluated(view: tuple[str, ...]) -> str | None:
    """(session 23) ``mvn help:evaluate -Dexpression=settings.servers[0].password`` prints what settings.xml
    keeps for a server or a proxy (``settings.localRepository`` stays ordinary)."""
    if "help:evaluate" not in view:
        return None
    asked = [w.lower() for w in view[1:] if w.lower().startswith("-dexpression=")]
    return CREDENTIAL if any(s in w for w in asked for s in _MAVEN_SECRETS) else None


def _maven_settings(view: tuple[str, ...]) -> str | None:
    """``mvn help:effective-settings -DshowPasswords=true`` prints ~/.m2/settings.xml's server passwords (masked
    without it)."""
    if "help:effective-settings" not in view:
        return None
    shown = [w for w in (a.lower() for a in view[1:]) if w.startswith("-dshowpasswords")]
    return CREDENTIAL if any(not w.endswith(("=false", "=0")) for w in shown) else None


_COMPOSE_VALUES = (
    "-c --context -H --host --config -l --log-level -f --file -p --project-name --env-file --profile"
    " --project-directory --ansi --parallel --progress"
)

# -- session 24: a service's environment and a resolved configuration, printed by the tool that keeps them ----------
SERVICE_ENV = "prints a deployed service's environment and settings, its secrets among them, read with the machine's login"
_COMPOSE_NAMES_ONLY = frozenset(
    "--services --volumes --profiles --images --networks --models --hash --no-interpolate -q --quiet --variables"
    " --skip-interpolation --help -h".split()
)
# the engines' own options that take a value before their command (docker's TLS files, nerdctl's `-n k8s.io`,
# podman's `--connection`, `--root`): a value word must not stand for the command
_ENGINE_VALUES = frozenset(
    (
        "-c --context -H --host --config -l --log-level --tlscacert --tlscert --tlskey -n --namespace -a --address"
        " --snapshotter --data-root --cni-path --cni-netconfpath --cgroup-manager --host-gateway-ip --hosts-dir"
        " --connection --url --identity --root --runroot --storage-driver --storage-opt --module --runtime"
        " --runtime-flag --tmpdir --imagestore --ssh --events-backend --network-cmd-path --conmon --volumepath"
    ).split()
)
_COMPOSE_CONFIG_VALUES = _ENGINE_VALUES | frozenset(
    (_COMPOSE_VALUES + " --format -o --output --hash -c --compose-file --orchestrator").split()
)
_COMPOSE_FORMS = (["compose", "config"], ["compose", "convert"], ["stack", "config"])


def _compose_config(view: tuple[str, ...]) -> str | None:
    """``docker compose config`` (``convert``, ``docker-compose config``, ``docker stack config``) prints the
    project's model with every ``${VAR}`` interpolated from the shell's environment and the env files (a token
    the compose file reads from ``~/.secrets.env`` or the shell in clear); ``--environment`` prints that
    environment whole. The listings of names (``--services``, ``--volumes``, ``--profiles``, ``--images``,
    ``--hash``), ``--no-interpolate`` and ``-q`` print no value."""
    if "config" not in view and "convert" not in view:
        return None
    words = positional(view[1:], _COMPOSE_CONFIG_VALUES)
    if view[0] in ("docker-compose", "podman-compose"):
        hit = words[:1] in (["config"], ["convert"])
    else:
        hit = words[:2] in _COMPOSE_FORMS
    if not hit:
        return None
    # (an option turned off, `--no-interpolate=false`, is not given)
    opts = {
        w.partition("=")[0] for w in view[2:] if w[:1] == "-" and not w.lower().endswith(("=false", "=0"))
    }
    if "--environment" in opts:
        return ENVIRONMENT
    return None if opts & _COMPOSE_NAMES_ONLY else ENVIRONMENT


_INSPECT_VALUES = _ENGINE_VALUES | frozenset(("-f", "--format", "--type"))
_TEMPLATE_CHAIN = re.compile(r"(?:\.[A-Za-z_]\w*)+")
# a bare `.` or `$` (the whole object: `{{json .}}`, `{{ $ }}`), not a field's dot
_WHOLE = re.compile(r"(?<![\w\])])[.$](?![\w.])")


def _names_env(chain: str) -> bool:
    """A template's field chain reaching the environment: naming ``Env``, or ending at a field above it (a
    container's ``.Config``, a swarm service's ``.Spec.TaskTemplate.ContainerSpec``; ``.Config.Image`` does not)."""
    low = chain.lower()
    return "env" in low or low.rpartition(".")[2] in (
        "config",
        "containerconfig",
        "spec",
        "tasktemplate",
        "containerspec",
    )


# a jq filter's field chains (`.[0].State.Status`, `.Config.Image`)
_JQ_CHAIN = re.compile(r"(?:\.(?:[A-Za-z_]\w*|\[[^\]]*\]))+")


def inspected_then_filtered(view: tuple[str, ...], piped: tuple[str, ...]) -> bool:
    """Friction: a container's inspection (_inspected) piped into ``jq FILTER`` (``piped``) whose every field chain
    names a field away from the environment (`docker inspect api | jq '.[0].State'`): only that field is printed.
    A chain naming no field (`.`, `.[0]`), one naming ``Env`` or ending above it, or a second operand (a file),
    prints more: no."""
    if piped[:1] != ("jq",) or not view or not _inspected(view):
        return False
    operands = [w for w in piped[1:] if w[:1] != "-"]
    if len(operands) != 1:
        return False
    chains = _JQ_CHAIN.findall(operands[0])
    rest = _JQ_CHAIN.sub(" ", operands[0])
    return (
        bool(chains)
        and all(not _names_env(c) and c.rstrip("]").rpartition(".")[2][:1].isalpha() for c in chains)
        # nothing else reaches the input: no bare `.` or `..`, no variable, only functions of what was picked
        and "." not in rest
        and "$" not in rest
        and _JQ_SAFE.issuperset(_JQ_NAME.findall(rest))
    )


_JQ_NAME = re.compile(r"[A-Za-z_]\w*")
_JQ_SAFE = frozenset(
    "map select keys length type tostring tojson not and or has first last if then else end true false null".split()
)


def _inspected(view: tuple[str, ...]) -> bool:
    """``docker inspect NAME`` / ``docker container|service inspect NAME`` (a swarm service's spec carries its
    containers' Env; an image, a network, a volume by ``--type`` print no container's environment, and ``docker
    image inspect`` stays ordinary)."""
    words = positional(view[1:], _INSPECT_VALUES)
    if words[:1] != ["inspect"] and words[:2] not in (["container", "inspect"], ["service", "inspect"]):
        return False
    kind = _option_value(view[1:], ("--type",))
    return kind is None or kind.lower() in ("container", "service", "task")


def _container_inspect(view: tuple[str, ...]) -> str | None:
    """A container's inspection prints its ``Config.Env``, the secrets handed to it (``-e``, ``--env-file``,
    compose's ``environment:``) in clear; a ``--format`` template naming other fields
    (``{{.State.Health.Status}}``, ``{{json .NetworkSettings}}``) prints none."""
    if "inspect" not in view or not _inspected(view) or "--help" in view:
        return None
    template = _option_value(view[1:], ("-f", "--format"))
    if template is not None and template.lower() not in ("json", "pretty", "table"):
        if not _WHOLE.search(template) and not any(map(_names_env, _TEMPLATE_CHAIN.findall(template))):
            return None
    return ENVIRONMENT


def _bake_printed(view: tuple[str, ...]) -> str | None:
    """``docker buildx bake --print`` prints the resolved bake definition, its variables read from the shell's
    environment; ``--list=variables`` their values."""
    listed = _option_value(view[1:], ("--list",))
    if ("--print" not in view and (listed is None or "variables" not in listed)) or "--help" in view:
        return None
    words = positional(view[1:], _INSPECT_VALUES | {"-f", "--file", "--set", "--builder", "--progress"})
    return ENVIRONMENT if words[:1] == ["bake"] or words[:2] == ["buildx", "bake"] else None


_CONTAINER_ENVIRONMENTS = then(
    _compose_config,
    _container_inspect,
    _bake_printed,
    # podman's Kubernetes YAML of a container or a pod, its environment written out as the pod's `env:` values
    Forms("kube+generate generate+kube", values="-f --filename --type -t -r --replicas"),
    # podman's `secret inspect --showsecret` prints the secret's data
    Forms(flagged={"secret+inspect": "--showsecret"}, values="-f --format"),
)


def _option_value(args: Sequence[str], names: tuple[str, ...]) -> str | None:
    """The value of the last of ``names`` (``--query X``, ``--query=X``, ``-fX``), or None."""
    found = None
    for k, a in enumerate(args):
        if a in names:
            found = args[k + 1] if k + 1 < len(args) else ""
        elif a[:2] == "--" and a.partition("=")[0] in names:
            found = a.partition("=")[2]
        elif a[:1] == "-" and a[1:2] != "-" and len(a) > 2 and a[:2] in names:
            found = a[2:].lstrip("=")
    return found


# The fields that hold (or contain) a service's environment, settings or secrets: a projection ending in one
# prints them. Parts of names, lower-cased; and the containers named whole.
_BROAD_PART = re.compile(
    r"env|secret|passw|credential|token|config|propert|template|spec|container|variable|value|connection"
    r"|definition|repositor|branch|project|userdata|auth|override|argument|metadata"
)
_BROAD_NAMES = frozenset(("functions", "versions", "service", "services", "app", "apps", "items", "data"))
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
# the last step of a JMESPath expression: a field, a list `[a, b]` or a hash `{k: a}` of fields
_LAST_STEP = re.compile(r"(?:^|[.|]\s*)(\{[^{}\[\]]*\}|\[[^{}\[\]]*\]|[A-Za-z_]\w*)\s*$")


def _leaf(name: str) -> bool:
    """A field that holds no environment nor setting: ``FunctionName``, ``status.url``'s ``url``, ``fqdn``."""
    name = re.sub(r"(\[[^\]]*\])+$", "", name.strip())
    return (
        _IDENTIFIER.fullmatch(name) is not None
        and name.lower() not in _BROAD_NAMES
        and _BROAD_PART.search(name.lower()) is None
    )


def _narrow_query(query: str) -> bool:
    """aws's and az's ``--query`` (JMESPath) selecting leaf fields only (``Functions[].FunctionName``,
    ``properties.configuration.ingress.fqdn``, ``[].{n: name}``): what it prints holds no environment. The
    current node (``@``), a wildcard, a function, a quoted name (``"\\u0045nvironment"``), a filter's literal
    or an ``||`` (``Configuration || Runtime`` prints the first) is not read, and asks."""
    if not query or any(c in query for c in "@*(\"'`\\&") or "||" in query or "env" in query.lower():
        return False
    m = _LAST_STEP.search(query)
    if m is None:
        return False
    last = m.group(1)
    items = [i.rpartition(":")[2] for i in last[1:-1].split(",")] if last[0] in "{[" else [last]
    return all(_leaf(i.rpartition(".")[2]) for i in items)


_GCLOUD_PROJECTION = re.compile(r"\s*[a-z-]+(?:\[[^\]]*\])?\s*\((.*)\)\s*", re.DOTALL)


def _narrow_format(fmt: str) -> bool:
    """gcloud's ``--format`` projecting leaf fields only (``value(status.url)``, ``table(metadata.name,
    status.url:label=URL)``); a format without a projection (``yaml``, ``export``) prints the whole resource."""
    m = _GCLOUD_PROJECTION.fullmatch(fmt)
    if m is None or "env" in fmt.lower() or "*" in fmt:
        return False
    keys = [k.partition(":")[0].strip() for k in m.group(1).split(",")]
    return all(k and _leaf(k.rpartition(".")[2]) for k in keys)


def _fields_named(args: Sequence[str]) -> list[str] | None:
    """az appconfig's ``--fields key label`` (the words after it), or None."""
    if "--fields" not in args:
        return None
    k = args.index("--fields")
    out: list[str] = []
    for w in args[k + 1 :]:
        if w[:1] == "-":
            break
        out.append(w.lower())
    return out


def _unless_narrowed(reader: Reader, option: tuple[str, ...], narrow: Callable[[str], bool]) -> Reader:
    """``reader``'s forms, told as SERVICE_ENV, but for a projection (``--query``, ``--format``) of leaf fields."""

    def read(view: tuple[str, ...]) -> str | None:
        if reader(view) is None:
            return None
        if "--debug" in view or any(w.startswith("--log-http") for w in view):
            return SERVICE_ENV  # (the HTTP responses logged whole, whatever the projection)
        value = _option_value(view[1:], option)
        if value is not None and narrow(value):
            return None
        fields = _fields_named(view[1:])
        if fields is not None and "value" not in fields:
            return None
        return SERVICE_ENV

    return read


AWS_GLOBALS = (
    "--profile --region --output --endpoint-url --query --color --ca-bundle --cli-read-timeout"
    " --cli-connect-timeout --cli-binary-format"
)
_AWS_SERVICE_ENV = then(
    # the secrets a service keeps for the account, printed: an app client's secret, an instance's access, a
    # contact center's federation token
    Forms(
        "cognito-idp+describe-user-pool-client connect+get-federation-token gamelift+get-instance-access",
        values=AWS_GLOBALS,
    ),
    _unless_narrowed(
        Forms(
            "lambda+get-function-configuration lambda+get-function lambda+list-functions"
            " lambda+list-versions-by-function ecs+describe-task-definition apprunner+describe-service"
            " amplify+get-app amplify+get-branch amplify+list-apps amplify+list-branches"
            " elasticbeanstalk+describe-configuration-settings codebuild+batch-get-projects"
            " batch+describe-job-definitions lightsail+get-container-services"
            " lightsail+get-container-service-deployments"
            # session 25: a running task's or job's overrides (its environment), a build's environment, a model's or
            # a training job's container environment, a launch template's user data, a Glue job's arguments
            " ecs+describe-tasks batch+describe-jobs codebuild+batch-get-builds sagemaker+describe-model"
            " sagemaker+describe-training-job sagemaker+describe-processing-job sagemaker+describe-transform-job"
            " ec2+describe-launch-template-versions autoscaling+describe-launch-configurations glue+get-job"
            " glue+get-jobs emr+describe-cluster",
            values=AWS_GLOBALS,
        ),
        ("--query",),
        _narrow_query,
    ),
    # a Glue connection's password unless told --hide-password; an instance's user data (its bootstrap secrets)
    _unless_narrowed(
        lambda v: (
            CREDENTIAL
            if "glue" in v
            and ("get-connection" in v or "get-connections" in v)
            and "--hide-password" not in v
            else None
        ),
        ("--query",),
        _narrow_query,
    ),
    _unless_narrowed(
        lambda v: (
            CREDENTIAL
            if "describe-instance-attribute" in v and any(w.lower().endswith("userdata") for w in v)
            else None
        ),
        ("--query",),
        _narrow_query,
    ),
)
_GCLOUD_KEPT = Forms(
    "redis+instances+get-auth-string services+api-keys+get-key-string",
    values="--project --account --configuration --format --verbosity --impersonate-service-account --region",
)
_GCLOUD_VALUES = (
    "--project --account --configuration --format --verbosity --impersonate-service-account --billing-project"
    " --region --location --service --zone"
)
_GCLOUD_LISTS = Forms(
    "compute+instances+list compute+instance-templates+list run+services+list run+jobs+list functions+list",
    values=_GCLOUD_VALUES,
)
_GCLOUD_SERVICE_ENV = _unless_narrowed(
    Forms(
        "run+services+describe run+jobs+describe run+revisions+describe functions+describe app+versions+describe"
        " composer+environments+describe"
        # session 25: an instance's, a template's or the project's metadata (its startup-script, ssh keys)
        " compute+instances+describe compute+instance-templates+describe compute+project-info+describe",
        values=_GCLOUD_VALUES,
    ),
    ("--format",),
    _narrow_format,
)
# session 25: the listings print a table of names unless a --format asks for the whole resources
_GCLOUD_LISTED = _unless_narrowed(
    lambda v: (
        _GCLOUD_LISTS(v)
        if any(w.startswith("--format") for w in v) and _option_value(v[1:], ("--format",)) is not None
        else None
    ),
    ("--format",),
    _narrow_format,
)


def _gcloud_logs_http(view: tuple[str, ...]) -> str | None:
    """(session 25) ``--log-http`` logs every response whole (a list's resources, their environment among them),
    whatever the command and its projection; (session 26) so does ``--verbosity debug|=debug`` by the safest
    reading (the debug log carries what the libraries log, the credentials' refresh among it)."""
    args = view[1:]
    for k, w in enumerate(args):
        if w.startswith("--log-http") and not w.lower().endswith(("=false", "=0")):
            return SERVICE_ENV
        if w.startswith("--verbosity") and (
            w.lower() == "--verbosity=debug"
            or (w == "--verbosity" and "".join(args[k + 1 : k + 2]).lower() == "debug")
        ):
            return DEBUG_LOGGED
    return None


# session 26: aws's and az's `--debug` (a global option, anywhere in the command) log every request and response
# whole: the signed headers with the session token (`X-Amz-Security-Token`), a bearer token, and the secrets a
# response carries, whatever the command and its projection (`--query` filters the output, not the log)
DEBUG_LOGGED = (
    "logs its requests and responses whole (the signed headers, the session's token, the secrets a response"
    " carries), read with the machine's login"
)


def _verbosity(view: tuple[str, ...], names: tuple[str, ...]) -> int:
    """kubectl's ``-v=9``, ``--v 8``, oc's ``--loglevel=8``: the level asked (0 when none)."""
    level = "0"
    for k, w in enumerate(view):
        if w == "--":
            break  # what follows is the command kubectl runs (`kubectl exec pod -- app -v 9`)
        name, eq, value = w.partition("=")
        if name in names:
            level = value if eq else (view[k + 1] if k + 1 < len(view) else "0")
    return int(level) if level.isdigit() else 0


def _kube_logged(view: tuple[str, ...]) -> str | None:
    """session 26: kubectl's (and oc's) verbosity 8 and above logs the responses' bodies -- a Secret's data, the
    environment a pod spec writes literally -- whatever the output asked (``kubectl get secrets -v=9``)."""
    if "-v" not in view and not any(w.startswith(("-v=", "--v", "--loglevel")) for w in view):
        return None
    return DEBUG_LOGGED if _verbosity(view, ("-v", "--v", "--loglevel")) >= 8 else None


def _debug_logged(view: tuple[str, ...]) -> str | None:
    """``aws --debug s3 ls``, ``az account show --debug``: before a ``--`` (what follows it is another command's)."""
    for w in view[1:]:
        if w == "--debug":
            return DEBUG_LOGGED
        if w == "--":
            return None
    return None


_AZ_KEPT = Forms(
    "connection-string+show webpubsub+key+show communication+list-key"
    " staticwebapp+secrets+list",  # (session 25: a static web app's deployment token)
    values="--subscription --output -o --query --resource-group -g --name -n --hub-name --device-id -d",
)
_AZ_SERVICE_ENV = _unless_narrowed(
    Forms(
        "connection-string+list containerapp+show containerapp+revision+show containerapp+job+show container+show"
        " appconfig+kv+list appconfig+kv+show appconfig+kv+export appconfig+revision+list appconfig+credential+list",
        values="--subscription --output -o --query --resource-group -g --name -n --key --label --fields",
        flagged={"containerapp+secret+list": "--show-values"},
    ),
    ("--query",),
    _narrow_query,
)


def _first_is(names: str, values: str = "", sentence: str = ENVIRONMENT) -> Reader:
    """A tool whose first subcommand word is one of ``names`` (``mise env``, ``direnv export bash``)."""
    wanted = frozenset(names.split())
    opts = frozenset(values.split())

    def read(view: tuple[str, ...]) -> str | None:
        if "--help" in view or "-h" in view:
            return None
        words = positional(view[1:], opts)
        return sentence if words[:1] and words[0] in wanted else None

    return read


# mise's `env` (`e`) and `hook-env` print the environment its configuration resolves -- the global config's
# variables, its sops-decrypted env files, `_.source`d scripts -- as exports
_MISE = _first_is("env e hook-env", "-C --cd -E --env -j --jobs -s --shell -P --profile")
# -- session 25: more of a deployed service's settings and a configuration resolved with its secrets -----------------
GO_CONSUL_VALUES = frozenset(
    (
        "-http-addr -token -token-file -datacenter -namespace -partition -separator -ca-file -ca-path -client-cert"
        " -client-key -tls-server-name -stale -peer"
    ).split()
)


def _go_positional(args: Sequence[str], values: frozenset[str]) -> list[str]:
    """The words that are not Go flags (``-token X``, ``--token=X``, ``-recurse``), lower-cased."""
    out: list[str] = []
    skip = False
    for a in args:
        if skip:
            skip = False
        elif a[:1] == "-":
            skip = "=" not in a and "-" + a.lstrip("-") in values
        else:
            out.append(a.lower())
    return out


def _consul_kv(view: tuple[str, ...]) -> str | None:
    """``consul kv export`` (every key's value, base64) and ``kv get -recurse`` (every value under a prefix);
    ``kv get`` of a key naming a secret (``app/db/password``). ``-keys`` lists names only."""
    if "kv" not in view:
        return None
    args = view[1:]
    if go_flag(args, frozenset(("help", "h", "keys"))):
        return None
    words = _go_positional(args, GO_CONSUL_VALUES)
    if words[:2] == ["kv", "export"]:
        return CREDENTIAL
    if words[:2] != ["kv", "get"]:
        return None
    if go_flag(args, frozenset(("recurse",))) or any(secret_key(k) for k in words[2:]):
        return CREDENTIAL
    return None


ETCDCTL_VALUES = frozenset(
    "--endpoints --cacert --cert --key --user --password --dial-timeout --command-timeout -w --write-out"
    " --consistency --order --sort-by --limit --rev --range-end --discovery-srv".split()
)


def _etcdctl(view: tuple[str, ...]) -> str | None:
    """``etcdctl get --prefix|--from-key`` prints every value under a key (a cluster's ``/registry/secrets``
    among them), and ``get`` of a key naming a secret; ``--keys-only`` and ``--count-only`` print none."""
    if "get" not in view or any(w.startswith(("--keys-only", "--count-only", "--help")) for w in view):
        return None
    words = positional(view[1:], ETCDCTL_VALUES)
    if words[:1] != ["get"]:
        return None
    whole = any(w.startswith(("--prefix", "--from-key")) and not w.endswith("=false") for w in view)
    return CREDENTIAL if whole or any(secret_key(k) for k in words[1:]) else None


_HELMFILE_VALUES = (
    "-f --file -e --environment -n --namespace --state-values-set --state-values-set-string --state-values-file"
    " -l --selector -b --helm-binary -k --kustomize-binary --kube-context --log-level -c --chart --kubeconfig"
    " --output-dir --output-dir-template --output-file-template --args --set --values --skip-deps"
)
# session 26: a bare `build` prints the state file rendered -- its `{{ requiredEnv }}`, `{{ exec }}`,
# `fetchSecretValue` and the releases' inline `set:` values resolved -- as `--embed-values` does the values files
RENDERED = "renders a configuration with the secrets it resolves from the machine's environment and logins"
_HELMFILE = then(
    Forms(
        "template write-values",
        values=_HELMFILE_VALUES,
        flagged={"diff": "--show-secrets", "apply": "--show-secrets"},
    ),
    _only(RENDERED, Forms("build", values=_HELMFILE_VALUES)),
)
_SERVERLESS_PACKAGE_VALUES = (
    "--stage -s --region -r --config -c --package -p --param --org --app --aws-profile"
)
_KOMPOSE_VALUES = (
    "-f --file --provider --controller --replicas -o --out --volumes --pvc-request-size --profile"
)
_NPM_VALUES = "--userconfig --globalconfig --location -L --registry"


def _proxy_key(key: str) -> bool:
    """npm's ``proxy`` and ``https-proxy`` (a login in the URL: ``http://user:pass@proxy``)."""
    return key.replace("-", "").replace("_", "") in ("proxy", "httpsproxy", "httpproxy")


_KUBE_RESOLVED = Forms(flagged={"set+env": "--resolve"}, values="--context --kubeconfig --namespace -n")


# -- state that holds the secrets it made -------------------------------------------------------------------------
_SHOWN_PLAIN = frozenset(("json", "raw"))


def _terraform(anywhere: bool) -> Reader:
    """``output -json|-raw`` prints the sensitive outputs in clear, ``show -json`` the state's values, ``state
    pull`` the whole state, ``console`` evaluates anything (``nonsensitive(...)``); terragrunt's ``run-all
    output`` / ``run -- output`` as well (``anywhere``: the form stands after its own words)."""

    def read(view: tuple[str, ...]) -> str | None:
        args = view[1:]
        if go_flag(args, frozenset(("help", "h"))):
            return None
        words = [w for w in (a.lower() for a in args) if w[:1] != "-"]
        heads = words if anywhere else words[:1]
        for k, w in enumerate(heads):
            if w in ("output", "output-all") and go_flag(args, _SHOWN_PLAIN):
                return CREDENTIAL
            if w == "show" and go_flag(args, frozenset(("json",))):
                return CREDENTIAL
            if w == "console" or (w == "state" and words[k + 1 : k + 2] == ["pull"]):
                return CREDENTIAL
        return None

    return read


_PULUMI_VALUES = (
    "-s --stack -C --cwd --color --config-file -v --verbose --tracing --profiling --memprofilerate"
)
_PULUMI = Forms(
    "config+get env+open",
    values=_PULUMI_VALUES,
    flagged={
        "config": "--show-secrets",
        "stack+output": "--show-secrets",
        "stack+export": "--show-secrets",
        "env+get": "--show-secrets",
        # session 26: a preview's and the stack's own outputs, their secrets in clear
        "preview": "--show-secrets",
        "pre": "--show-secrets",
        "stack": "--show-secrets",
    },
)
_ESC = Forms(
    "open env+open", values="--env -e", flagged={"env+get": "--show-secrets", "get": "--show-secrets"}
)

# -- decryptors --------------------------------------------------------------------------------------------------
_SOPS_VALUES = frozenset(
    (
        "--config --kms -k --pgp -p --age -a --gcp-kms --azure-kv --hc-vault-transit --input-type --output-type"
        " --output --extract --filename-override --indent --keyservice --encryption-context"
        " --shamir-secret-sharing-threshold --encrypted-regex --unencrypted-regex --encrypted-suffix"
        " --unencrypted-suffix --encrypted-comment-regex --unencrypted-comment-regex --set --add-kms --rm-kms"
        " --add-pgp --rm-pgp --add-age --rm-age --add-gcp-kms --rm-gcp-kms --add-azure-kv --rm-azure-kv"
        " --add-hc-vault-transit --rm-hc-vault-transit --aws-profile --verbose-level --log-level"
    ).split()
)
_SOPS_COMMANDS = frozenset(
    "encrypt rotate set unset publish keyservice updatekeys filestatus groups help h completion".split()
)
_SOPS_KEEPS_SEALED = ("--encrypt", "--rotate", "--set", "--unset", "--help", "--version")


def _sops(view: tuple[str, ...]) -> str | None:
    """``-d``/``--decrypt``, ``decrypt``, ``exec-env``/``exec-file`` (the decrypted values handed to a command),
    ``edit`` and the legacy ``sops FILE`` (the decrypted file opened in the editor, ``EDITOR=cat`` prints it)."""
    args = view[1:]
    if flagged(args, ("--decrypt",), "d", "kpa"):
        return DECRYPTED
    sub = _first(view, _SOPS_VALUES)
    if sub in ("decrypt", "exec-env", "exec-file", "edit"):
        return DECRYPTED
    if not sub or sub in _SOPS_COMMANDS:
        return None
    # a file: the legacy form edits it unless told to encrypt, rotate or set
    if flagged(args, _SOPS_KEEPS_SEALED, "ervhV", "kpa"):
        return None
    return DECRYPTED


_ANSIBLE_VAULT_VALUES = frozenset(
    "--vault-id --vault-password-file --vault-pass-file --output --new-vault-id --new-vault-password-file".split()
)


def _ansible_vault(view: tuple[str, ...]) -> str | None:
    """``view``, ``decrypt``, ``edit``; argparse takes a long option's prefix (``--vault-pass FILE`` is
    ``--vault-password-file FILE``), so an option standing for one that takes a value skips its word."""
    if "--help" in view or "-h" in view:
        return None
    words: list[str] = []
    skip = False
    for w in view[1:]:
        if skip:
            skip = False
        elif w[:2] == "--" and "=" not in w and len(w) > 3:
            skip = any(v.startswith(w) for v in _ANSIBLE_VAULT_VALUES)
        elif w[:1] != "-":
            words.append(w.lower())
    return DECRYPTED if words and words[0] in ("view", "decrypt", "edit") else None


def _ansible_inventory(view: tuple[str, ...]) -> str | None:
    """``ansible-inventory --list|--host`` given the vault's password prints the vaulted variables decrypted."""
    args = view[1:]
    if "--help" in args or "-h" in args:
        return None
    vault = any(a.startswith(("--vault-", "--ask-vault", "--new-vault")) or a in ("-J",) for a in args)
    return DECRYPTED if vault else None


# gpg's commands (an option word that is one, or a unique prefix of one: gpg takes ``--list-k``); given none,
# gpg guesses -- and for encrypted input it decrypts.
_GPG_COMMANDS = tuple(
    f"--{c}"
    for c in (
        "version help warranty dump-options dump-option-table sign clear-sign clearsign detach-sign encrypt"
        " encrypt-files symmetric store decrypt decrypt-files verify verify-files multifile list-keys"
        " list-public-keys list-secret-keys check-signatures check-sigs list-signatures list-sigs locate-keys"
        " locate-external-keys show-keys fingerprint list-packets card-edit edit-card card-status change-pin"
        " delete-keys delete-secret-keys delete-secret-and-public-keys export send-keys export-secret-keys"
        " export-secret-subkeys export-ssh-key import fast-import receive-keys recv-keys refresh-keys"
        " search-keys fetch-keys update-trustdb check-trustdb export-ownertrust import-ownertrust"
        " rebuild-keydb-caches print-md print-mds gen-random gen-prime enarmor dearmor unwrap tofu-policy"
        " quick-generate-key quick-gen-key quick-set-expire quick-add-key quick-addkey generate-key gen-key"
        " full-generate-key full-gen-key generate-revocation gen-revoke generate-designated-revocation"
        " desig-revoke edit-key sign-key lsign-key quick-sign-key quick-lsign-key quick-revoke-sig"
        " quick-add-uid quick-adduid quick-revoke-uid quick-revuid quick-set-primary-uid change-passphrase"
        " passwd list-config gpgconf-list gpgconf-test list-gcrypt-config delete-key"
    ).split()
)
_GPG_DECRYPTS = ("--decrypt", "--decrypt-files", "--unwrap", "--show-session-key")
_GPG_SHORT_COMMANDS = "sebcdkKh"  # -s -e -b -c -d -k -K -h
_GPG_SHORT_VALUES = "oruRzNfFl"  # they take the rest of the word


def _long_is(word: str, names: Sequence[str]) -> bool:
    """``word`` (``--name[=value]``) is one of ``names``, or a prefix of one long enough to be meant (gpg)."""
    name = word.partition("=")[0].lower()
    return len(name) >= 5 and any(n.startswith(name) for n in names)


def _gpg_decrypts(view: tuple[str, ...]) -> str | None:
    """gpg/gpgsm/gpgtar: ``-d``, ``--decrypt`` (and its prefixes), ``--unwrap``; for gpg, no command at all."""
    args = view[1:]
    command = False
    for a in args:
        if a == "--":
            break
        if a[:2] == "--":
            if _long_is(a, _GPG_DECRYPTS):
                return DECRYPTED
            command = command or _long_is(a, _GPG_COMMANDS)
        elif a[:1] == "-" and len(a) > 1:
            for ch in a[1:]:
                if ch == "d":
                    return DECRYPTED
                if ch in _GPG_SHORT_COMMANDS:
                    command = True
                if ch in _GPG_SHORT_VALUES:
                    break
    if view[0] in ("gpg", "gpg2") and not command:
        return DECRYPTED  # `gpg secrets.gpg`, `gpg -o out x.gpg`, `... | gpg`: gpg guesses, and decrypts
    return None


def _age(view: tuple[str, ...]) -> str | None:
    return DECRYPTED if flagged(view[1:], ("--decrypt",), "d", "iorRj") else None


_GIT_CONFIG_VALUES = frozenset("-f --file --blob --type --default --comment --url".split())
_GIT_CONFIG_CHANGES = frozenset(
    "--unset --unset-all --add --replace-all --remove-section --rename-section -e --edit".split()
)


def _secret_setting(key: str) -> bool:
    """A setting that holds a secret: ``github.token``, ``hub.oauthtoken``, ``http.extraHeader`` (an
    Authorization header), ``sendemail.smtpPass``."""
    return secret_key(key) or "extraheader" in key or key.endswith(("pass", "oauth"))


def _git_config(view: tuple[str, ...]) -> str | None:
    """``git config [--global] [--get|--get-all|--get-regexp|get] KEY`` of a secret setting; setting one (a
    value after the key) prints nothing."""
    words = positional(view[2:], _GIT_CONFIG_VALUES)
    if words[:1] in (["set"], ["unset"], ["rename-section"], ["remove-section"], ["edit"]) or any(
        w in _GIT_CONFIG_CHANGES for w in view[2:]
    ):
        return None  # a change of the setting (asked for as such where it is one), not a print
    if words[:1] == ["get"]:
        words = words[1:]
    if not words:
        return None
    opts = [w.partition("=")[0] for w in view[2:] if w[:1] == "-"]
    if "--get-regexp" in opts or "--regexp" in opts:
        return CREDENTIAL if _pattern_reaches_secret(words[0]) else None
    if words[0] == "http" and ("--get-urlmatch" in opts or "--url" in opts):
        return CREDENTIAL  # every http.<url>.* setting for the URL, its extraHeader among them
    getting = any(w.startswith("--get") for w in opts)
    if (getting or len(words) == 1) and _secret_setting(words[0]):
        return CREDENTIAL
    return None


# session 23: the settings a `--get-regexp` may reach that hold a secret (a token in an `insteadOf` URL too)
_SECRET_SETTINGS = (
    "http.https://host/.extraheader github.token github.oauth-token hub.oauthtoken gitlab.token"
    " sendemail.smtppass url.https://x-access-token:t@github.com/.insteadof url.https://t@host/.pushinsteadof"
).split()
_REGEX_SYNTAX = re.compile(r"[\\^$.*+?()]+")


def _pattern_reaches_secret(pattern: str) -> bool:
    """A ``--get-regexp`` pattern that may match a secret setting: a branch whose literal parts all stand in one
    of them (``http``, ``url``, ``token``, ``.``, ``.*``); a bracket or a count is taken as matching."""
    for branch in pattern.split("|"):
        if "[" in branch or "{" in branch:
            return True
        parts = [p for p in _REGEX_SYNTAX.split(branch) if p]
        if any(all(p in key for p in parts) for key in _SECRET_SETTINGS):
            return True
    return False


def _git_tools(view: tuple[str, ...]) -> str | None:
    """``git crypt unlock|export-key``, ``git secret reveal|cat`` (git runs git-crypt and git-secret), ``git
    config`` of a secret setting (``~/.gitconfig`` keeps ``github.token``)."""
    if len(view) > 2 and view[1] in ("crypt", "secret"):
        return _GIT_CRYPT(view[1:]) if view[1] == "crypt" else _GIT_SECRET(view[1:])
    if len(view) > 2 and view[1] == "config":
        return _git_config(view)
    return None


_COMPOSER_AUTH = ("github-oauth", "gitlab-oauth", "gitlab-token", "http-basic", "bearer", "bitbucket-oauth")


def _composer(view: tuple[str, ...]) -> str | None:
    """``composer config [-g] github-oauth.github.com`` prints the token kept in auth.json (a key, no value);
    (session 23) ``composer config -l|--list`` prints every setting, auth.json's tokens and passwords among
    them. Composer runs a command's unique prefix (``conf``, ``global config``)."""
    words = positional(view[1:], frozenset(("-d", "--working-dir", "-f", "--file")))
    if len(words) > 1 and len(words[0]) > 1 and "global".startswith(words[0]):
        words = words[1:]
    if not words or len(words[0]) < 2 or not "config".startswith(words[0]):
        return None
    if len(words) == 2 and words[1].startswith(_COMPOSER_AUTH):
        return CREDENTIAL
    return CREDENTIAL if len(words) == 1 and flagged(view[1:], ("--list",), "l", "df") else None


_GIT_CRYPT = then(_only(DECRYPTED, Forms("unlock")), Forms("export-key"))
_GIT_SECRET = _only(DECRYPTED, Forms("reveal cat", values="-d -p -m"))
_BLACKBOX = (
    "blackbox_cat blackbox_decrypt_file blackbox_decrypt_all_files blackbox_edit blackbox_edit_start"
    " blackbox_postdeploy blackbox_view"
).split()
_CHEZMOI = then(
    _only(DECRYPTED, Forms("decrypt age+decrypt", values="-c --config -S --source -D --destination")),
    Forms("cat secret execute-template dump", values="-c --config -S --source -D --destination"),
)

KEEPERS: dict[str, Reader] = {
    # password managers and secret stores
    "keepassxc-cli": _keepassxc,
    "keepassxc.cli": _keepassxc,
    "kpcli": _kpcli,
    "rbw": Forms("get code totp"),
    "passage": _passage,
    "passbolt": Forms("get+resource"),
    "enpass-cli": Forms("show copy pass"),  # (red team, session 21: `list` prints no password)
    "kwallet-query": lambda v: CREDENTIAL if flagged(v[1:], ("--read-password",), "r", "fw") else None,
    "ykman": Forms("oath+accounts+code oath+code"),
    "akeyless": Forms("get-secret-value get-dynamic-secret-value get-rotated-secret-value"),
    "conjur": Forms("variable+get variable+value"),
    "berglas": Forms("access"),
    "teller": Forms("env export sh yaml json"),
    # red team (session 20): helmfile's vals resolving `ref+vault://`, `ref+awssecrets://` ... and printing the
    # values; HCP Vault Secrets' older CLI
    "vals": Forms("eval get env ksdecode"),
    "vlt": Forms("secrets+get secrets+open"),
    "bws": Forms("secret+get secret+list get+secret list+secrets"),
    "keeper": Forms("find-password", flagged={"get": "--unmask"}),
    "bw": Forms("serve", values="--session --port --hostname"),  # the unlocked vault served on a local port
    "dcli": Forms("password p note n otp read secret"),
    "ksm": Forms("secret+get secret+notation secret+totp secret+download"),
    "hcp": Forms("auth+print-access-token vault-secrets+secrets+open"),
    "phase": Forms("secrets+get secrets+export", flagged={"secrets+list": "--show"}),
    "sst": Forms("secret+list secrets+list secret+get secrets+get"),
    # the PaaS and cloud CLIs
    # (session 26: `--trace` logs every request, its `Authorization: Bearer` token among the headers)
    "doctl": then(_DOCTL, lambda v: DEBUG_LOGGED if "--trace" in v else None),
    "heroku": _HEROKU,
    "netlify": _NETLIFY,
    "netlify-cli": _NETLIFY,
    "ntl": _NETLIFY,
    "vercel": Forms("pull env+pull", values="--scope -S --token -t --cwd --environment -A --local-config"),
    "railway": Forms("variables variable vars", values="-s --service -e --environment"),
    "cf": Forms("env"),
    "eb": Forms("printenv"),
    "kamal": Forms("secrets+print secrets+fetch secrets+extract", values="-c --config-file -d --destination"),
    "sf": _SF,
    "sfdx": _SF,
    "firebase": _FIREBASE,
    "firebase-tools": _FIREBASE,
    "supabase": Forms("projects+api-keys", values="--workdir --project-ref -o --output"),
    "stripe": Forms(flagged={"config": "--list"}, values="--project-name -p --api-key --color --config"),
    "databricks": _DATABRICKS,
    "cloudflared": Forms("access+token tunnel+token"),
    "kubelogin": Forms("get-token"),
    "aws-iam-authenticator": Forms("token"),
    "gke-gcloud-auth-plugin": _always(CREDENTIAL),
    "saml2aws": Forms("script"),
    # red team (session 29): more clouds' CLIs printing the key or token they keep in the home folder -- Yandex
    # Cloud's OAuth token, Civo's API key, Alibaba Cloud's and Tencent Cloud's access keys, OpenStack's
    # credentials and Swift's token; `yc config list` prints the OAuth token in clear too (session 27's ruling; in
    # the sandbox it keeps its answer, as test_redteam_more_families holds). (`tccli configure list` and `openstack
    # token issue` stay ordinary by an earlier ruling.)
    "yc": Forms("config+get+token config+list iam+create-token", values="--profile --folder-id --cloud-id"),
    "civo": Forms("apikey+show apikeys+show", values="--region --config"),
    "aliyun": Forms("configure+get", values="--profile -p --region"),
    "tccli": Forms("configure+get", values="--profile"),
    "openstack": Forms(
        "application+credential+create ec2+credentials+create ec2+credentials+show",
        values="--os-cloud --os-auth-url --os-project-name -f --format -c --column",
    ),
    "swift": Forms("auth", values="--os-auth-url -A --auth -U --user -K --key"),
    "argocd": Forms("admin+initial-password"),
    "glab": Forms("variable+get variable+export variable+list"),
    "shopify": Forms("app+env+show app+env+pull"),
    "convex": Forms("env+list env+get"),
    "turso": Forms("auth+token"),
    "neonctl": Forms("connection-string cs"),
    "neon": Forms("connection-string cs"),
    "eas": Forms("env:pull env:get", flagged={"env:list": "--include-sensitive"}),
    "ibmcloud": Forms("iam+oauth-tokens"),
    "oci": Forms("secrets+secret-bundle+get secrets+secret-bundle+get-secret-bundle-by-name"),
    "scw": _SCW,
    "mc": Forms("alias+list alias+ls alias+export config+host+list config+host+ls"),
    "rclone": Forms("config+show config+dump", values="--config"),
    "s3cmd": lambda v: CREDENTIAL if "--dump-config" in v else None,
    "yarn": _YARN,
    "composer": _composer,
    "snyk": then(
        Forms("config+get"), lambda v: CREDENTIAL if positional(v[1:], frozenset()) == ["config"] else None
    ),
    "travis": Forms("token"),
    "consul": then(Forms("acl+token+read acl+token+list"), _consul_kv),
    "nomad": Forms(
        "acl+token+self acl+token+info acl+token+list var+get"
    ),  # (session 25: a Variable's items)
    # state that holds the secrets it made
    "terraform": _terraform(anywhere=False),
    "tofu": _terraform(anywhere=False),
    # (session 26: `render-json`, `render` print the configuration with its inputs resolved -- `get_env()`,
    # `sops_decrypt_file()`, `run_cmd()` -- as `helmfile build` does)
    "terragrunt": then(_terraform(anywhere=True), _only(RENDERED, Forms("render-json render"))),
    "pulumi": _PULUMI,
    "esc": _ESC,
    # decryptors
    "sops": _sops,
    "ansible-vault": _ansible_vault,
    "ansible-inventory": _ansible_inventory,
    "gpgsm": then(
        _gpg_decrypts, lambda v: CREDENTIAL if any(w.startswith("--export-secret") for w in v) else None
    ),
    "gpgtar": _gpg_decrypts,
    "age": _age,
    "sq": _only(DECRYPTED, Forms("decrypt key+export")),
    "rage": _age,
    "helm": _HELM,
    "git-crypt": _GIT_CRYPT,
    "git-secret": _GIT_SECRET,
    "transcrypt": lambda v: CREDENTIAL if flagged(v[1:], ("--display",), "d", "cpCei") else None,
    **dict.fromkeys(_BLACKBOX, _always(DECRYPTED)),
    "blackbox": _only(DECRYPTED, Forms("cat decrypt edit")),
    "chezmoi": _CHEZMOI,
    "dotenvx": Forms(
        "decrypt get keypair", values="-f --env-file -fk --env-keys-file -k --key -e --env --convention"
    ),
    "dotenv-vault": Forms("keys decrypt"),
    "ejson": _only(DECRYPTED, Forms("decrypt", values="-keydir -k --keydir")),
    "ejson2env": _always(DECRYPTED),
    "kubeseal": lambda v: DECRYPTED if flagged(v[1:], ("--recovery-unseal",)) else None,
    # red team (session 22): the local and hosted clusters' admin kubeconfigs (a client key or token in clear, as
    # `kubectl config view --raw` prints), and more token printers
    "kind": Forms("get+kubeconfig", values="--name -n --kubeconfig"),
    "k3d": Forms("kubeconfig+get"),
    "microk8s": Forms("config"),
    "microk8s.config": _always(CREDENTIAL),
    "k0s": Forms("kubeconfig+admin kubeconfig+create", values="--config -c --data-dir"),
    "talosctl": Forms("kubeconfig", values="-n --nodes -e --endpoints --talosconfig --context --cluster"),
    "vcluster": Forms(flagged={"connect": "--print"}, values="-n --namespace --context"),
    "kubeadm": Forms("kubeconfig+user"),
    "uv": Forms("auth+token"),
    "keyctl": Forms(
        "print pipe read"
    ),  # the kernel keyring's payloads (Kerberos tickets, ecryptfs, a service's keys)
    **dict.fromkeys(("mvn", "mvnw", "mvnd"), then(_maven_settings, _maven_evaluated)),
    "crane": Forms(
        "auth+get auth+token", values="--platform"
    ),  # docker's helper protocol; a registry's token
    # Compose's interpolation environment is the shell's whole environment (as `env` prints: permissions.commands.
    # peeks)
    # (session 24: its bare `config` too, every `${VAR}` interpolated; and a container's inspection, its Env)
    **dict.fromkeys(
        ("docker", "podman", "nerdctl", "docker-compose", "podman-compose"), _CONTAINER_ENVIRONMENTS
    ),
    "claude": Forms("setup-token"),
    # session 23: the build and package tools' settings with the credentials they keep
    **dict.fromkeys(("gradle", "gradlew"), _gradle_properties),
    **dict.fromkeys(spellings("pip"), _pip_config),
    "doppler": _doppler_configure,
    # `hatch config show` scrubs the secret fields (a publishing index's auth) unless told `-a|--all`
    "hatch": _hatch_config,
    # the AWS login helpers printing the temporary credentials (credential_process JSON, exports, a console
    # sign-in URL carrying its token), as `aws configure export-credentials` does
    "aws-vault": lambda v: (
        CREDENTIAL
        if ("exec" in v and flagged(v[1:], ("--json",)))
        or ("login" in v and flagged(v[1:], ("--stdout",), "s"))
        else None
    ),
    "granted": Forms("credential-process"),
    "aws-sso-util": Forms("credential-process"),
    "aws-sso": Forms("eval process"),
    # session 24: a deployed service's environment and settings (a function's, a container app's, a PaaS app's),
    # the resolved configurations (serverless' `print`), and the environments mise and direnv resolve
    "aws": then(_AWS_SERVICE_ENV, _debug_logged),
    "gcloud": then(_GCLOUD_KEPT, _GCLOUD_SERVICE_ENV, _GCLOUD_LISTED, _gcloud_logs_http),
    "az": then(_AZ_KEPT, _AZ_SERVICE_ENV, _debug_logged),
    "kubectl": then(_KUBE_RESOLVED, _kube_logged),
    "oc": then(_KUBE_RESOLVED, _kube_logged),
    "dokku": Forms("config config:show config:get config:export config:bundle", values="--app"),
    "scalingo": Forms("env env-get", values="-a --app -r --remote --region"),
    "clever": Forms("env", values="-a --app --alias -F --format"),
    **dict.fromkeys(("fly", "flyctl"), Forms("redis+status", values="-a --app -c --config")),
    **dict.fromkeys(
        ("serverless", "sls", "osls"),
        # (session 25: `info` prints the API Gateway keys' values)
        then(
            Forms(
                "print info",
                values="--stage -s --region -r --config -c --format --path --transform --org --app",
            ),
            # session 26: `package` resolves the same variables (`${ssm:...}`, `${env:...}`) into the
            # CloudFormation template it writes (.serverless/), as `print` prints them
            _only(RENDERED, Forms("package", values=_SERVERLESS_PACKAGE_VALUES)),
        ),
    ),
    "mise": _MISE,
    "rtx": _MISE,
    "direnv": _first_is("export dump"),
    # the variables conda keeps in an environment (its conda-meta/state, outside the project), printed
    **dict.fromkeys(("conda", "mamba"), Forms("env+config+vars+list", values="-n --name -p --prefix")),
    # devspace's configuration and its variables, resolved (from the shell, a `source: env`)
    "devspace": Forms(
        "print list+vars", values="-n --namespace --kube-context -p --profile --config -c --var"
    ),
    # session 25: helmfile's releases rendered with their values resolved (`ref+vault://...`, `{{ requiredEnv }}`),
    # kompose's manifests with the compose file's `${VAR}` interpolated from the shell, a proxy's login in npm's
    # settings
    "helmfile": _HELMFILE,
    "etcdctl": _etcdctl,
    # session 26: `up` deploys the manifests `convert` would print, the shell's `${VAR}` interpolated into them
    "kompose": then(
        Forms("convert", values=_KOMPOSE_VALUES), _only(RENDERED, Forms("up", values=_KOMPOSE_VALUES))
    ),
    **dict.fromkeys(("npm", "pnpm"), key_after(_NPM_VALUES, "config+get c+get get", _proxy_key)),
}


# The tools above no other table reads (views.KNOWN_PROGRAMS without them, as before they were read here). (kompose
# left it: permissions.commands.families reads its `up` and `down`, which run nothing after a `--`.)
HANDS_ON_KEEPERS = frozenset(
    (
        "keepassxc-cli keepassxc.cli kpcli rbw passage enpass-cli passbolt kwallet-query ykman akeyless conjur gpgsm gpgtar"
        " transcrypt git-crypt git-secret kubeseal sf sfdx databricks ejson ejson2env blackbox keeper snyk travis dcli ksm hcp phase sq"
        " kubelogin aws-iam-authenticator gke-gcloud-auth-plugin ansible-inventory vals vlt"
        # session 23: the AWS login helpers read for their printing forms only
        " aws-sso-util"
    ).split()
) | frozenset(_BLACKBOX)


def amend(readers: dict[str, Reader]) -> None:
    """Register KEEPERS into ``readers`` (credentials' READERS): a tool read there already (``heroku
    auth:token``, ``gpg --export-secret-keys``, ``git credential fill``) is read by both."""
    for verb, reader in KEEPERS.items():
        readers[verb] = then(readers[verb], reader) if verb in readers else reader
    for verb in ("gpg", "gpg2"):
        readers[verb] = then(readers[verb], _gpg_decrypts)
    readers["git"] = then(readers["git"], _git_tools)
