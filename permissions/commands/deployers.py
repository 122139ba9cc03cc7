"""Deployment and release tools (SPEC §5 step 6, effects by family), red team: the deploy tools, platforms,
Kubernetes delivery tools, edge and function platforms, mobile release and store tools, and static-site
publishers whose mutating verbs were auto-approved. Read by ``permissions.commands.families`` with its own
shapes, one row per program (a dict lookup by the program's name, as every family row):

- :data:`FORMS`: fixed subcommand words (``werf converge``, ``kpt live apply``, ``devspace deploy``); an
  empty form is the whole run (``nixos-anywhere``, ``chef-run``: they act on another machine when run at all).
- :data:`DECIDED`: CLIs with open-ended command trees (``appcenter codepush release-react``, ``azd up``,
  ``velero restore create``), read as ``permissions.commands.families.Decided``: the first known verb decides
  (a mutating one is external, a read is not) and a command none of whose words is known is external (fail
  closed: the closed list is the reads). ``--help`` and ``--version`` read only before the command: after
  it, ``--version`` may be the command's own option (``cilium install --version 1.15``, ``kctrl package
  install --version 1.0``, ``octo create-release --version 2``).
- :data:`READERS`: acts chosen by an option (``altool --upload-app``, ``ghp-import -p``, ``hexo g -d``,
  ``nixos-rebuild switch --target-host h``).

Their reads stay ordinary: ``werf render``, ``kapp ls``, ``vela status``, ``appcenter apps list``,
``xcrun notarytool history``, ``helmfile diff``, ``clusterctl upgrade plan``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from permissions.commands.listeners import _named_value

__all__ = ["DECIDED", "FORMS", "KAMAL", "READERS", "Forms", "Spec", "forms"]

Forms = tuple[tuple[str, ...], ...]


def forms(spec: str) -> Forms:
    """``"apply live+destroy"``: space-separated forms, a ``+`` joining the words of one form (the one reader
    of the family rows' spelling: families, datahubs and chains read theirs with it)."""
    return tuple(tuple(f.split("+")) for f in spec.split())


_KUBECTL_ACTS = (
    "apply create replace patch delete scale edit set label annotate drain cordon taint rollout+restart"
)
KAMAL = (
    "deploy redeploy setup rollback remove upgrade prune app+exec app+boot app+start app+stop app+remove"
    " app+maintenance app+live env+push accessory+boot accessory+remove accessory+reboot accessory+restart"
    " accessory+start accessory+stop accessory+exec accessory+upgrade proxy+boot proxy+reboot proxy+restart"
    " proxy+start proxy+stop proxy+remove proxy+upgrade traefik+boot traefik+reboot traefik+restart"
    " traefik+start traefik+stop traefik+remove server+bootstrap server+exec lock+release lock+acquire"
    " build+push build+deliver registry+login registry+logout registry+setup registry+remove"
)
# Azure Functions Core Tools' publish and Knative's func (both `func`).
_FUNC = "deploy delete invoke azure+functionapp+publish kubernetes+deploy kubernetes+delete"
# Fermyon's Spin and Spinnaker's spin share the name: both rows' acts.
_SPIN = (
    "deploy cloud+deploy cloud+apps+delete cloud+variables+set cloud+link cloud+unlink registry+push"
    " pipeline+execute pipeline+save pipeline+delete application+save application+delete"
    " pipeline-template+save pipeline-template+delete"
)

FORMS: dict[str, Forms] = {
    # -- deploy tools that run their tasks on the servers they name (Kamal by its first name, MRSK; Laravel
    # Envoy's `run`, not the Envoy proxy's `envoy -c file`; Rocketeer; Architect's and Arcanist's `arc`: a
    # stack deployed or destroyed, a revision uploaded to Phabricator, a change landed (pushed)).
    "mrsk": forms(KAMAL),
    "envoy": forms("run ssh"),
    "rocketeer": forms("deploy rollback update cleanup setup teardown"),
    "arc": forms("deploy destroy diff land upload paste call-conduit todo close-revision"),
    "pm2": forms("deploy"),  # `pm2 deploy production update|revert|exec`: on the ecosystem file's hosts
    # red team (session 19): Dist::Zilla's release (uploads to CPAN), wasm-pack's publish (npm), release-plz
    # (crates published, release pull requests opened), BOSH's deployments and uploads, Claudia.js's Lambda
    # deploys.
    "dzil": forms("release"),
    "wasm-pack": forms("publish login"),
    "release-plz": forms("release release-pr"),
    "bosh": forms(
        "deploy delete-deployment deld run-errand recreate restart start stop create-env delete-env"
        " update-cloud-config ucc update-runtime-config urc update-cpi-config upload-release ur upload-stemcell"
        " us delete-release delete-stemcell ssh scp take-snapshot delete-snapshot clean-up"
    ),
    # red team (session 20): balena's fleet releases (a push builds on balena's builders and deploys to the
    # fleet's devices) and devices changed; Electron Forge's publish (to the configured publishers).
    "balena": forms(
        "push deploy release+finalize release+invalidate device+rm device+reboot device+shutdown device+move"
        " device+purge device+os-update os+configure fleet+rm app+rm env+add env+rm tag+set tag+rm"
    ),
    "electron-forge": forms("publish"),
    "claudia": forms(
        "create update destroy set-version add-s3-event-source add-sns-event-source add-sqs-event-source"
        " add-scheduled-event add-cognito-user-pool-trigger allow-alexa-skill-trigger tag"
    ),
    # -- Kubernetes delivery: werf (converge = build, push and deploy; cleanup and purge delete a registry's
    # images), DevSpace (`build` pushes, `dev` deploys), KubeVela's, Carvel's and kpt's applies, Timoni,
    # Levant (Nomad), the Operator SDK's bundles, Crossplane packages, Spinnaker's Halyard.
    "werf": forms(
        "converge dismiss cleanup purge export kube-run bundle+publish bundle+apply bundle+copy helm+install"
        " helm+upgrade helm+uninstall helm+rollback helm+delete "
        + " ".join("kubectl+" + f for f in _KUBECTL_ACTS.split())
    ),
    "devspace": forms("deploy purge dev build run-pipeline enter attach sync restart reset+pods"),
    "kapp": forms(
        "deploy delete rename app-change+gc app-change+garbage-collect app-group+deploy app-group+delete"
    ),
    "kpt": forms("live+apply live+destroy live+install-resource-group live+migrate"),
    "timoni": forms("apply delete bundle+apply bundle+delete mod+push artifact+push artifact+tag"),
    "levant": forms("deploy scale-in scale-out dispatch"),
    "operator-sdk": forms(
        "run+bundle run+bundle-upgrade run+packagemanifests cleanup olm+install olm+uninstall"
    ),
    "imgpkg": forms("push copy"),
    "crossplane": forms("xpkg+push xpkg+install xpkg+update"),
    "hal": forms("deploy+apply deploy+rollback deploy+clean"),
    # -- platforms and functions: Shuttle (`cargo shuttle` runs cargo-shuttle), Encore's secrets, Knative's
    # and Azure's `func`, Wasmer Edge and its registry, Spin, Edgio, Begin, Hasura (metadata applied to or
    # cleared from the configured endpoint; its migrations applied stay daily work, as the databases' row
    # reads `prisma migrate dev`), Amplify Gen 2's pipeline deploy and sandbox delete.
    "shuttle": forms(
        "deploy deployment+stop deployment+redeploy project+create project+start project+update project+stop"
        " project+restart project+delete resource+delete certificate+add certificate+delete"
    ),
    "cargo-shuttle": forms(
        "deploy deployment+stop deployment+redeploy project+create project+start project+update project+stop"
        " project+restart project+delete resource+delete certificate+add certificate+delete"
    ),
    "encore": forms("secret+set secret+archive secret+unarchive"),
    "func": forms(_FUNC),
    "wasmer": forms(
        "deploy publish app+create app+delete app+purge app+deploy namespace+create namespace+delete"
        " domain+register secret+create secret+update secret+delete ssh"
    ),
    "spin": forms(_SPIN),
    "edgio": forms("deploy cache-clear"),
    "begin": forms("deploy create destroy"),
    "hasura": forms("deploy metadata+apply metadata+clear metadata+reload metadata+ic+drop migrate+delete"),
    "ampx": forms("pipeline-deploy sandbox+delete"),
    # -- model serving: Baseten's truss, Replicate's cog, BentoCloud.
    "truss": forms("push watch"),
    "cog": forms("push"),
    "bentoml": forms(
        "deploy push deployment+create deployment+update deployment+apply deployment+delete"
        " deployment+terminate secret+create secret+apply secret+delete"
    ),
    # -- static sites and documents published: mkdocs' gh-pages push, Hugo's cloud deploy, Hexo's deployers,
    # Docusaurus' gh-pages push, Quarto's publish, Posit Connect, Neocities.
    "mkdocs": forms("gh-deploy"),
    "hugo": forms("deploy"),
    "docusaurus": forms("deploy"),
    "quarto": forms("publish"),
    "rsconnect": forms("deploy"),
    "neocities": forms("push upload delete"),
    # -- mobile release: App Center's crash symbols aside, Maestro's cloud runs (the app uploaded), Bugsnag's
    # uploads, Datadog's (symbols, source maps, a deployment marked; a function instrumented in the cloud),
    # Apple's notary service, NativeScript's App Store upload, Ionic Appflow's cloud builds.
    "maestro": forms("cloud upload"),
    "bugsnag-cli": forms("upload create-build"),
    "bugsnag-source-maps": forms("upload-browser upload-node upload-react-native"),
    "datadog-ci": forms(
        "sourcemaps+upload dsyms+upload flutter-symbols+upload react-native+upload elf-symbols+upload"
        " unity-symbols+upload pe-symbols+upload junit+upload sarif+upload sbom+upload coverage+upload"
        " git-metadata+upload synthetics+run-tests deployment+mark dora+deployment lambda+instrument"
        " lambda+uninstrument cloud-run+instrument cloud-run+uninstrument"
    ),
    "notarytool": forms("submit"),
    "ns": forms("publish appstore+upload"),
    "tns": forms("publish appstore+upload"),
    "ionic": forms("deploy+build package+build"),
    # -- configuration deployed to other machines: NixOps, Colmena, morph, cdist; nixos-anywhere (a machine
    # wiped and installed) and Chef's chef-run act when run at all. (deploy-rs's command is `deploy`: too
    # common a word to be one program -- Rush's `rush deploy` copies to a folder, and a line runner reads
    # `deploy` as a command line.)
    "nixops": forms(
        "deploy destroy delete reboot start stop ssh ssh-for-each scp rollback backup restore clean-backups"
        " send-keys"
    ),
    "colmena": forms("apply exec upload-keys"),
    "morph": forms("deploy upload-secrets exec"),
    "cdist": forms("config install"),
    "nixos-anywhere": ((),),
    "chef-run": ((),),
    # -- infrastructure orchestrators: Atmos runs terraform and helmfile for a stack, Ansible's navigator and
    # runner run playbooks against their inventory.
    "atmos": forms(
        "terraform+apply terraform+deploy terraform+destroy terraform+import terraform+force-unlock"
        " terraform+taint terraform+untaint terraform+refresh terraform+state+rm terraform+state+mv"
        " terraform+state+push helmfile+apply helmfile+sync helmfile+destroy helmfile+deploy"
    ),
    "ansible-navigator": forms("run"),
    "ansible-runner": forms("run start"),
    "esc": forms("env+set env+rm env+edit env+init env+rotate env+clone"),
}


class Spec(NamedTuple):
    """A row of :data:`DECIDED`: ``reads`` added to the reads every such CLI shares, ``writes`` to the
    mutating verbs, ``values`` the options known to take the next word, ``groups`` command groups named
    like a verb (neither read nor write: what follows decides)."""

    reads: str
    writes: str = ""
    values: str = ""
    groups: str = ""


_CODE_PUSH = Spec("login logout whoami history debug logs", "transfer clear", groups="deployment")
_FAAS = Spec("build new template version login logout logs generate completion ready auth")
_PLATFORM_SH = Spec("logs login logout welcome docs", "", "-p --project -e --environment -A --app")

DECIDED: dict[str, Spec] = {
    # -- platforms as a service: Zeabur, Coolify (`coolify deploy list` reads, `coolify deploy uuid x`
    # deploys), Northflank, Qovery, Clever Cloud, Scalingo, Platform.sh and Upsun, Gigalixir, piku, Azion.
    "zeabur": Spec("auth context version completion log logs"),
    "coolify": Spec("context version completion config logs", groups="deploy"),
    "northflank": Spec("login context version completion"),
    "qovery": Spec("auth context status log logs version completion"),
    "clever": Spec(
        "status logs activity applications profile link unlink login logout version diag accesslogs open console"
    ),
    "scalingo": Spec(
        "apps logs ps env login logout regions deployments timeline stats open dashboard addons domains"
        " collaborators",
        "env-set env-unset",
        "--app -a --region --remote -r",
    ),
    "platform": _PLATFORM_SH,
    "upsun": _PLATFORM_SH,
    "gigalixir": Spec("apps logs ps config login logout version account releases"),
    "piku": Spec("apps logs ps config config:get config:live help setup"),
    "azion": Spec("link unlink build dev init login logout whoami version completion"),
    "appwrite": Spec("pull init login logout client run whoami version"),
    # -- deploy tools whose tasks are the project's own, run on its servers (PHP's Deployer -- Go's old `dep`
    # has the same name: its commands read --, the Node shipit, pressly's sup).
    "dep": Spec("list help tree init completion self-update ensure status prune check version"),
    "shipit": Spec(""),
    "sup": Spec(""),
    # -- Azure Developer CLI: `up`, `provision`, `deploy`, `down`; `azd pipeline config` makes a service
    # principal and pushes its secret to the forge (its `config` alone is local).
    "azd": Spec(
        "init package restore monitor config template auth completion version telemetry",
        "provision pipeline.config",
    ),
    # -- mobile release: App Center (CodePush releases, distribution, test runs), CodePush's own CLIs,
    # Codemagic's store tools.
    "appcenter": Spec(
        "login logout telemetry setup-autocomplete history logs download configure",
        "",
        "-a --app --token --output",
        groups="deployment",
    ),
    "code-push": _CODE_PUSH,
    "code-push-standalone": _CODE_PUSH,
    "app-store-connect": Spec(""),
    "google-play": Spec(""),
    # -- Kubernetes delivery: HashiCorp Waypoint, KubeVela, Argo Workflows, Knative, Velero, Istio, Cilium,
    # Cluster API (`clusterctl upgrade plan` reads, `upgrade apply` acts), vcluster, Carvel's kctrl.
    "waypoint": Spec("status logs ui context login version docs fmt", "build install uninstall"),
    "vela": Spec("status logs dry-run top completion", "adopt resume suspend terminate"),
    "argo": Spec("logs watch lint wait completion", "resubmit retry terminate suspend resume"),
    "kn": Spec("version completion options plugin"),
    "velero": Spec("completion logs download client", "install uninstall pause unpause"),
    "istioctl": Spec(
        "analyze proxy-status ps proxy-config pc kube-inject verify-install precheck bug-report generate"
        " create-remote-secret completion",
        "install uninstall upgrade",
    ),
    "cilium": Spec("status version sysdump observe", "install uninstall upgrade"),
    "clusterctl": Spec("describe generate get version completion plan config", "init move", groups="upgrade"),
    "vcluster": Spec("list ls connect disconnect version completion telemetry", "pause resume"),
    "kctrl": Spec("version completion", "install kick pause resume"),
    # -- functions and model platforms: the Fn Project, OpenFaaS, Modal (`modal run` runs in the cloud),
    # SkyPilot, RunPod (`runpodctl send` hands a file to a relay), dstack.
    "fn": Spec("start stop build bump build-server init use version migrate"),
    "faas-cli": _FAAS,
    "faas": _FAAS,
    "modal": Spec("setup token profile config logs"),
    "sky": Spec("status check show-gpus cost-report queue logs dashboard", "autostop"),
    "runpodctl": Spec("config version receive"),
    "dstack": Spec("init logs metrics offer ps stats config"),
    # -- edge: Akamai's CLI (its own `install`/`update` install its packages here).
    "akamai": Spec(
        "install uninstall update upgrade list help search config", "activate deactivate invalidate"
    ),
    # -- release orchestration: Octopus (both CLIs), Spacelift, AWX/Tower, Porter (CNAB bundles installed,
    # upgraded, uninstalled; porter.run's `porter apply`).
    "octo": Spec("pack help version export"),
    "octopus": Spec("login logout config version completion", groups="release"),
    "spacectl": Spec("profile whoami version completion logs open", "confirm discard retry lock unlock"),
    "awx": Spec("login config stdout export version monitor"),
    "porter": Spec(
        "build lint explain archive schema version create docs completion auth config",
        "install upgrade uninstall invoke",
    ),
}

# -- acts an option chooses ---------------------------------------------------------------------------------
_HELPS = frozenset({"--help", "-h", "--version"})


def _helps(view: tuple[str, ...]) -> bool:
    return any(w in _HELPS for w in view[1:])


def _altool(view: tuple[str, ...]) -> bool:
    """Apple's altool: an app or a package uploaded to App Store Connect, a binary sent to be notarized."""
    acts = ("--upload-app", "--upload-package", "--notarize-app", "--upload-hashes")
    return any(w.partition("=")[0] in acts for w in view[1:])


def _transporter(view: tuple[str, ...]) -> bool:
    """iTMSTransporter ``-m upload`` (``-m=upload``): a package sent to the App Store."""
    for k, w in enumerate(view[1:], 1):
        mode = view[k + 1] if w == "-m" and k + 1 < len(view) else w[3:] if w.startswith("-m=") else ""
        if mode.lower().startswith("upload"):
            return True
    return False


def _short_or_long(view: tuple[str, ...], short: str, long: str) -> bool:
    """``-p`` alone or in a cluster of flags (``-np``), or ``--push``: before ``--``."""
    for w in view[1:]:
        if w == "--":
            return False
        if w == long or w.startswith(long + "="):
            return True
        if w[:1] == "-" and w[1:2] != "-" and short in w[1:]:
            return True
    return False


def _ghp_import(view: tuple[str, ...]) -> bool:
    """ghp-import ``-p``/``--push``: the gh-pages branch pushed (a message's text is its own word)."""
    return _short_or_long(view, "p", "--push")


def _mike(view: tuple[str, ...]) -> bool:
    """mike (mkdocs' versions) with ``-p``/``--push``: the gh-pages branch pushed."""
    return _short_or_long(view, "p", "--push")


def _hexo(view: tuple[str, ...]) -> bool:
    """``hexo deploy`` (``d``), ``hexo generate --deploy`` (``g -d``): the site sent to its deployers."""
    sub = ""
    for k, w in enumerate(view[1:], 1):
        if w[:1] != "-" and view[k - 1] not in ("--config", "--cwd"):
            sub = w
            break
    if sub in ("deploy", "d"):
        return not _helps(view)
    return sub in ("generate", "g") and any(w in ("-d", "--deploy") for w in view[2:])


def _nixos_rebuild(view: tuple[str, ...]) -> bool:
    """``nixos-rebuild ACTION --target-host HOST``: another machine's system switched."""
    return any(w == "--target-host" or w.startswith("--target-host=") for w in view[1:])


def _pyinfra(view: tuple[str, ...]) -> bool:
    """pyinfra ``INVENTORY OPERATIONS``: operations run on the inventory's hosts, unless the inventory is
    this machine (``@local``) or the run only prints (``--help``, ``--version``). Any other word may be a
    host: fail closed. On ``@local``, an operation named on the line (``files.directory path=/
    present=False``, ``apt.packages vim``) changes this machine's system as ``puppet apply`` does; the
    project's deploy files (``deploy.py``), facts and ``exec``/``server.shell`` (whose command is read as a
    segment: remote_lines.py) are not capped here."""
    if _helps(view):
        return False
    ops = [w for w in view[1:] if w[:1] != "-"]
    if not ops:
        return False
    if any(part != "@local" for part in ops[0].split(",")) or not _pyinfra_inventory_first(view, ops[0]):
        return True  # (`@local,prod`: prod too; `--limit @local prod`: the inventory is prod)
    for w in ops[1:]:
        if w in _PYINFRA_LOCAL:
            return False
        if "." in w:
            return not w.endswith(".py")  # (an option's value has no dot, mostly: a dotted word decides)
    return False


# pyinfra's options that take no value: before the inventory, any other option may have taken the word after
# it (`--limit @local prod deploy.py` deploys to prod).
_PYINFRA_FLAGS = frozenset(
    "-v -vv -vvv --dry --diff --debug --debug-all --debug-facts --debug-operations --quiet -y --yes --sudo"
    " --use-sudo-password --use-sudo-login --use-su-login --doas --serial --no-wait".split()
)


def _pyinfra_inventory_first(view: tuple[str, ...], inventory: str) -> bool:
    """Whether ``inventory`` is the inventory, not an option's value: only flags (or ``--opt=value``) before."""
    return all(w in _PYINFRA_FLAGS or "=" in w for w in view[1 : view.index(inventory)])


# pyinfra's words on `@local` that only read or whose command is read as a segment.
_PYINFRA_LOCAL = frozenset(
    "exec fact facts debug-inventory debug-facts all-facts server.shell pyinfra.operations.server.shell".split()
)

# Salt's execution functions that only read this machine (`salt-call --local grains.items`): any other one
# changes it (`state.apply`, `file.remove /`, `pkg.install`) or runs a command (read too: remote_lines.py).
_SALT_READS = frozenset(
    "test.ping test.version test.versions test.versions_report test.echo grains.items grains.item grains.get"
    " grains.ls grains.filter_by pillar.items pillar.item pillar.get pillar.keys pillar.ls config.get"
    " config.items state.show_sls state.show_highstate state.show_top state.show_lowstate state.sls_exists"
    " sys.doc sys.list_functions sys.list_modules sys.list_state_functions sys.list_state_modules"
    " sys.argspec sys.state_doc pkg.version pkg.list_pkgs pkg.list_upgrades service.status service.get_all"
    " network.interfaces disk.usage status.uptime"
    # (the command-running ones: their command is read as a segment, remote_lines.py)
    " cmd.run cmd.run_all cmd.shell cmd.run_stdout cmd.run_stderr cmd.retcode".split()
)


def _salt_call(view: tuple[str, ...]) -> bool:
    """``salt-call [--local] FUNCTION``: the function runs on this machine, as root mostly; only the ones that
    read it are not capped. Options taking a value before the function are passed over (a word with no dot
    is not a function: `salt-call -l debug state.apply`)."""
    if _helps(view) or "--versions-report" in view:
        return False
    for w in view[1:]:
        if w[:1] != "-" and "." in w and "=" not in w:
            return w not in _SALT_READS
    return False


def _converges(view: tuple[str, ...]) -> bool:
    """Chef's runs on this machine (``chef-solo``, ``chef-client -z``, ``chef-apply recipe.rb|-e CODE``,
    their Cinc builds) and ``mgmt run``: this machine's system changed to what the recipes say, as
    ``puppet apply`` is (their recipes may come from a URL: ``chef-solo -r URL``)."""
    return not _helps(view) and "-v" not in view[1:]


def _electron_builder(view: tuple[str, ...]) -> bool:
    """electron-builder publishes what it builds unless told ``never``: ``--publish always|onTag|onTagOrDraft``
    (``-p``), or its ``publish`` command."""
    published = _named_value(view, ("--publish", "-p"))
    if published is None or any(v != "never" for v in published):
        return True  # (an option ending the line, fail closed)
    return "publish" in view[1:2]


READERS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "altool": _altool,
    "electron-builder": _electron_builder,
    "iTMSTransporter": _transporter,
    "itmstransporter": _transporter,  # macOS's file system finds it by either case
    "ghp-import": _ghp_import,
    "mike": _mike,
    "hexo": _hexo,
    "nixos-rebuild": _nixos_rebuild,
    "pyinfra": _pyinfra,
    "salt-call": _salt_call,
    **dict.fromkeys(
        ("chef-solo", "chef-client", "chef-apply", "chef-shell", "cinc-solo", "cinc-client", "cinc-apply"),
        _converges,
    ),
    "mgmt": lambda view: "run" in view[1:] and not _helps(view),
}
