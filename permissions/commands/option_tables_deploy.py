"""Option tables (R4.10) of the build and deploy tools: cargo, docker, kubectl, terraform, go. How a table is
written: :mod:`permissions.commands.options`.
"""

from __future__ import annotations

from permissions.commands.option_reader import Program, Reading, _family

# cargo (clap: clusters, no abbreviations; the global options after the subcommand too).
_CARGO_BUILD = """
    -p= --package=
    --workspace --all
    --exclude=
    -F= --features=
    --all-features
    --no-default-features
    --target=
    --target-dir=
    -j= --jobs=
    -r --release
    --profile=
    --manifest-path=
    --lib
    --bins
    --bin=
    --example=
    --examples
    --tests
    --test=
    --benches
    --bench=
    --all-targets
    --message-format=
    --keep-going
    --timings=?
    --ignore-rust-version
    """


CARGO = _family(
    "cargo",
    """
    -v --verbose
    -q --quiet
    --color=
    -C=
    --locked
    --offline
    --frozen
    --config=
    -Z=
    --list
    -V --version
    -h --help
    --explain=
    """,
    (
        "build check test run clean doc add remove update yank login logout owner new init fmt clippy bench fix"
        " package vendor tree search publish install uninstall metadata generate-lockfile fetch rustc rustdoc"
        " locate-project pkgid report verify-project info"
    ).split(),
    {"b": "build", "c": "check", "t": "test", "r": "run", "d": "doc", "rm": "remove"},
    abbrev=False,
    specs={
        **dict.fromkeys(
            ("build", "check", "test", "run", "doc", "bench", "clippy", "fix", "rustc"), _CARGO_BUILD
        ),
        "publish": _CARGO_BUILD
        + "\n-n --dry-run\n--allow-dirty\n--no-verify\n--token=\n--registry=\n--index=",
        "package": _CARGO_BUILD + "\n--allow-dirty\n--no-verify\n-l --list\n--registry=\n--index=",
        "install": _CARGO_BUILD
        + "\n--git=\n--path=\n--branch=\n--tag=\n--rev=\n--root=\n-f --force\n--version= --vers=\n--no-track"
        + "\n--debug\n--registry=\n--index=",
        "uninstall": "-p= --package=\n--bin=\n--root=",
        "yank": "--version= --vers=\n--undo\n--token=\n--registry=\n--index=",
        "owner": "-a= --add=\n-r= --remove=\n-l --list\n--token=\n--registry=\n--index=",
        "clean": "-p= --package=\n--doc\n-n --dry-run\n-r --release\n--profile=\n--target=\n--target-dir=",
    },
)


for _name in ("clippy", "fix"):
    CARGO.subcommands[_name]._add("--allow-dirty")
    CARGO.subcommands[_name]._add("--allow-staged")


CARGO.subcommands["clippy"]._add("--fix")


CARGO.subcommands["clippy"]._add("--no-deps")


CARGO.subcommands["fix"]._add("--allow-no-vcs")


CARGO.subcommands["fix"]._add("--broken-code")


# docker (cobra / pflag: clusters, no abbreviations). `docker rm` is `docker container rm`: one program
# object under both spellings, named by its full path. `run` / `exec` / `create` stop reading options at the
# image or container: what follows is the command inside.
_DOCKER_RUN = """
    -i --interactive
    -t --tty
    -d --detach
    --rm
    --privileged
    -v= --volume=
    --mount=
    -e= --env=
    --env-file=
    -p= --publish=
    -P --publish-all
    --name=
    -u= --user=
    -w= --workdir=
    --network= --net=
    --pid=
    --ipc=
    --uts=
    --userns=
    --cgroupns=
    --cap-add=
    --cap-drop=
    --device=
    --security-opt=
    --entrypoint=
    -h= --hostname=
    --platform=
    --pull=
    --init
    -m= --memory=
    --cpus=
    --gpus=
    -l= --label=
    --add-host=
    --dns=
    --restart=
    --read-only
    --tmpfs=
    --shm-size=
    -a= --attach=
    --ulimit=
    --group-add=
    --volumes-from=
    --log-driver=
    --log-opt=
    --stop-signal=
    --cidfile=
    --runtime=
    --detach-keys=
    --sig-proxy=?
    -q --quiet
    --label-file=
    --expose=
    --link=
    --ip=
    --ip6=
    --network-alias=
    --mac-address=
    --domainname=
    --dns-search=
    --dns-option=
    --sysctl=
    --stop-timeout=
    --health-cmd=
    --health-interval=
    --health-retries=
    --health-timeout=
    --health-start-period=
    --no-healthcheck
    --oom-kill-disable
    --pids-limit=
    --memory-swap=
    --memory-reservation=
    -c= --cpu-shares=
    --cpuset-cpus=
    --cpu-quota=
    --cpu-period=
    --device-cgroup-rule=
    --annotation=
    --use-api-socket
    """


_DOCKER_EXEC = "-i --interactive\n-t --tty\n-d --detach\n-e= --env=\n--env-file=\n-u= --user=\n-w= --workdir="


_DOCKER_EXEC += "\n--privileged\n--detach-keys="


_DOCKER_BUILD = """
    -t= --tag=
    -f= --file=
    --push -> push output=type=registry
    --load
    --build-arg=
    --no-cache
    --pull
    --target=
    --platform=
    -q --quiet
    --progress=
    -o= --output=
    --secret=
    --ssh=
    --network=
    --label=
    --cache-from=
    --cache-to=
    --iidfile=
    --builder=
    --provenance=?
    --sbom=?
    --allow=
    """


def _docker_level(name: str, spec: str = "", *, intersperse: bool = True, **subs: Program) -> Program:
    if spec and "\n" not in spec:
        spec = "\n".join(spec.split(";"))
    return Program(name, spec, intersperse=intersperse, subcommands=dict(subs) or None)


_D_RUN = _docker_level("run", _DOCKER_RUN, intersperse=False)


_D_CREATE = _docker_level("create", _DOCKER_RUN, intersperse=False)


_D_EXEC = _docker_level("exec", _DOCKER_EXEC, intersperse=False)


_D_RM = _docker_level("rm", "-f --force\n-v --volumes\n-l --link")


_D_STOP = _docker_level("stop", "-t= --time=\n-s= --signal=")


_D_KILL = _docker_level("kill", "-s= --signal=")


_PRUNE = "-a --all\n-f --force\n--filter="


def _d_prune(spec: str = _PRUNE) -> Program:
    """Each level its own prune (a shared one is named by one path: `volume prune` read as `container prune`)."""
    return _docker_level("prune", spec)


_D_RMI = _docker_level("rm", "-f --force\n--no-prune")


_D_PUSH = _docker_level("push", "-a --all-tags\n-q --quiet\n--disable-content-trust\n--platform=")


_D_BUILD = _docker_level("build", _DOCKER_BUILD)


_D_PULL = _docker_level("pull", "-a --all-tags\n-q --quiet\n--platform=\n--disable-content-trust")


_D_CONTAINER = _docker_level(
    "container",
    run=_D_RUN,
    create=_D_CREATE,
    exec=_D_EXEC,
    rm=_D_RM,
    stop=_D_STOP,
    kill=_D_KILL,
    prune=_d_prune(),
)


_D_CONTAINER.sub_aliases = {"remove": "rm"}


_D_IMAGE = _docker_level("image", rm=_D_RMI, push=_D_PUSH, build=_D_BUILD, prune=_d_prune(), pull=_D_PULL)


_D_IMAGE.sub_aliases = {"remove": "rm", "rmi": "rm"}


_D_VOLUME = _docker_level("volume", rm=_docker_level("rm", "-f --force"), prune=_d_prune())


_D_VOLUME.sub_aliases = {"remove": "rm"}


_D_NETWORK = _docker_level(
    "network", rm=_docker_level("rm", "-f --force"), prune=_d_prune("-f --force\n--filter=")
)


_D_NETWORK.sub_aliases = {"remove": "rm"}


_D_SYSTEM = _docker_level("system", prune=_d_prune(_PRUNE + "\n--volumes"))


_D_BUILDX = _docker_level("buildx", build=_D_BUILD)


_D_BUILDX.sub_aliases = {"b": "build"}


_D_COMPOSE = _docker_level(
    "compose",
    "-f= --file=\n-p= --project-name=\n--profile=\n--env-file=\n--project-directory=",
    down=_docker_level("down", "-v --volumes\n--rmi=\n--remove-orphans\n-t= --timeout="),
    up=_docker_level("up", "-d --detach\n--build\n--force-recreate\n--remove-orphans\n--no-deps"),
    rm=_docker_level("rm", "-f --force\n-s --stop\n-v --volumes"),
    # `compose run` stops reading options at the service: what follows is the command inside.
    run=_docker_level(
        "run",
        "-d --detach;--rm;-p= --publish=;--service-ports;-e= --env=;--env-from-file=;-i --interactive;"
        "-t --tty;-T --no-TTY;-l= --label=;--name=;--no-deps;--build;--pull=;-q --quiet;--quiet-build;"
        "--quiet-pull;--remove-orphans;--use-aliases;-u= --user=;-v= --volume=;-w= --workdir=;--entrypoint=;"
        "--cap-add=;--cap-drop=",
        intersperse=False,
    ),
    # `compose exec` too: what follows the service is the command inside.
    exec=_docker_level(
        "exec",
        "-d --detach;--privileged;-u= --user=;-T --no-TTY;--index=;-e= --env=;-w= --workdir=;-i --interactive;"
        "-t --tty",
        intersperse=False,
    ),
)


DOCKER = Program(
    "docker",
    """
    -H= --host=
    -c= --context=
    --config=
    -l= --log-level=
    -D --debug
    --tls
    --tlsverify
    --tlscacert=
    --tlscert=
    --tlskey=
    -v --version
    -h --help
    """,
    subcommands={
        "container": _D_CONTAINER,
        "image": _D_IMAGE,
        "volume": _D_VOLUME,
        "network": _D_NETWORK,
        "system": _D_SYSTEM,
        "buildx": _D_BUILDX,
        "compose": _D_COMPOSE,
        "run": _D_RUN,
        "create": _D_CREATE,
        "exec": _D_EXEC,
        "rm": _D_RM,
        "stop": _D_STOP,
        "kill": _D_KILL,
        "rmi": _D_RMI,
        "push": _D_PUSH,
        "build": _D_BUILD,
        "pull": _D_PULL,
    },
)


DOCKER.sub_aliases = {"builder": "buildx"}


# R4.10: a prune is its level's rm of everything unused -- `docker volume prune` is also read as `docker volume
# rm` marked `prune`, so a deny of the rm refuses it and a deny of the prune (the rm marked so) still lets one rm
# through. `docker system prune` is the rm of the stopped containers, the unused networks and the dangling
# (with `-a` every unused) images, and with `--volumes` of the unused volumes, marked `prune` and `system`. The
# prune's own options go along, but not `-f`: it only skips the prune's question (rm's `-f` kills a running
# container), so a deny of `docker rm -f` does not refuse the `docker container prune -f` every script runs.
_PRUNED_LEVELS = frozenset({"container", "image", "volume", "network"})
_SYSTEM_PRUNES = ("container", "image", "network")


def _docker_rewrite(r: Reading) -> tuple[Reading, ...]:
    path = r.path
    if len(path) != 3 or path[2] != "prune":
        return (r,)
    if path[1] == "system":
        levels: tuple[str, ...] = _SYSTEM_PRUNES + (("volume",) if "volumes" in r.keys else ())
        marks = frozenset({"prune", "system"})
    elif path[1] in _PRUNED_LEVELS:
        levels, marks = (path[1],), frozenset({"prune"})
    else:
        return (r,)
    keys = (r.keys - {"force", "volumes"}) | marks
    return (r, *(Reading(("docker", level, "rm"), keys, r.operands) for level in levels))


DOCKER.rewrite = _docker_rewrite


for _level in (_D_CONTAINER, _D_IMAGE, _D_VOLUME, _D_NETWORK):
    _level.subcommands["rm"].rewritten_from = ("prune",)


# kubectl (cobra / pflag; its global flags anywhere on the line).
KUBECTL_GLOBAL = """
    -n= --namespace=
    --context=
    --cluster=
    --kubeconfig=
    --user=
    -s= --server=
    --token=
    --as=
    --as-group=
    --as-uid=
    --request-timeout=
    --insecure-skip-tls-verify
    -v= --v=
    --cache-dir=
    --certificate-authority=
    --client-certificate=
    --client-key=
    --tls-server-name=
    --match-server-version
    --warnings-as-errors
    --disable-compression
    --profile=
    --profile-output=
    -h --help
    """


_K_COMMON = """
    -f= --filename=
    -k= --kustomize=
    -R --recursive
    -l= --selector=
    --field-selector=
    --all
    -A --all-namespaces
    --force
    --grace-period=
    --now
    --wait=?
    --timeout=
    --cascade=?
    --dry-run=?
    -o= --output=
    --ignore-not-found=?
    -i --interactive
    --raw=
    --prune
    --server-side
    --overwrite=?
    --force-conflicts
    --field-manager=
    --validate=?
    --record
    --save-config
    -p= --patch=
    --type=
    --local
    --replicas=
    --current-replicas=
    --to-revision=
    --ignore-daemonsets
    --delete-emptydir-data
    --disable-eviction
    --pod-selector=
    -c= --container=
    --stdin
    -t --tty
    -q --quiet
    -w --watch
    -L= --label-columns=
    --show-labels
    --sort-by=
    --tail=
    --since=
    -p --previous
    --all-containers
    """


KUBECTL = _family(
    "kubectl",
    KUBECTL_GLOBAL,
    (
        "apply create replace patch delete get describe logs exec scale rollout edit label annotate drain cordon"
        " uncordon taint set expose autoscale run cp port-forward proxy attach debug wait diff kustomize config"
        " auth top certificate cluster-info api-resources api-versions explain version plugin events"
    ).split(),
    {},
    abbrev=False,
    specs=dict.fromkeys(
        (
            "apply create replace patch delete get describe logs exec scale rollout edit label annotate drain"
            " cordon uncordon taint set expose autoscale run cp wait diff debug attach"
        ).split(),
        _K_COMMON,
    ),
)


# R4.10: kubectl's names for one resource type -- singular, plural, short name, Kind (any case), qualified by
# version or group (`secrets.v1`, `deployments.v1.apps`) -- read as the plural; `TYPE/NAME` is `TYPE NAME`,
# and a list `pods,secrets` is each of its types. The built-in types of kubectl api-resources:
# plural, then the other names.
_K_RESOURCES = """
    pods pod po
    services service svc
    deployments deployment deploy
    replicasets replicaset rs
    statefulsets statefulset sts
    daemonsets daemonset ds
    replicationcontrollers replicationcontroller rc
    jobs job
    cronjobs cronjob cj
    configmaps configmap cm
    secrets secret
    namespaces namespace ns
    nodes node no
    persistentvolumes persistentvolume pv
    persistentvolumeclaims persistentvolumeclaim pvc
    serviceaccounts serviceaccount sa
    endpoints endpoint ep
    endpointslices endpointslice
    events event ev
    ingresses ingress ing
    ingressclasses ingressclass
    networkpolicies networkpolicy netpol
    horizontalpodautoscalers horizontalpodautoscaler hpa
    poddisruptionbudgets poddisruptionbudget pdb
    limitranges limitrange limits
    resourcequotas resourcequota quota
    roles role
    rolebindings rolebinding
    clusterroles clusterrole
    clusterrolebindings clusterrolebinding
    customresourcedefinitions customresourcedefinition crd crds
    storageclasses storageclass sc
    priorityclasses priorityclass pc
    certificatesigningrequests certificatesigningrequest csr
    leases lease
    podtemplates podtemplate
    controllerrevisions controllerrevision
    componentstatuses componentstatus cs
    mutatingwebhookconfigurations mutatingwebhookconfiguration
    validatingwebhookconfigurations validatingwebhookconfiguration
    apiservices apiservice
    """
_K_RESOURCE_NAMES = {
    name: line.split()[0] for line in _K_RESOURCES.strip().split("\n") for name in line.split()
}
# The subcommands whose first operand is a resource type (or a list of them, or TYPE/NAME).
_K_TYPED = frozenset(
    "get describe delete edit label annotate patch scale explain wait expose autoscale set rollout".split()
)


def _k_type(word: str) -> str:
    """A resource type word as its plural (`Secret`, `secret.v1`, `sts.apps` -> the plural); others as written."""
    name = word.partition(".")[0].lower()
    return _K_RESOURCE_NAMES.get(name, word)


def _k_operand(word: str) -> tuple[str, ...]:
    """`secret/x` -> (`secrets`, `x`); a type alone -> its plural."""
    kind, slash, name = word.partition("/")
    return (_k_type(kind), name) if slash and name else (_k_type(kind),)


def _kubectl_rewrite(r: Reading) -> tuple[Reading, ...]:
    """The readings a kubectl command means once its resource types are read by their one name. red team:
    `replace --force` deletes and re-creates what it names, `apply --prune` deletes what the files no longer
    hold -- also read as `kubectl delete`, so a deny of it refuses them."""
    if (
        r.path == ("kubectl", "replace")
        and "force" in r.keys
        or r.path == ("kubectl", "apply")
        and "prune" in r.keys
    ):
        return (r, Reading(("kubectl", "delete"), r.keys, r.operands))
    if len(r.path) < 2 or r.path[1] not in _K_TYPED or not r.operands:
        return (r,)
    first, rest = r.operands[0], r.operands[1:]
    later = tuple(w for op in rest for w in (_k_operand(op) if "/" in op else (op,)))
    out = tuple(Reading(r.path, r.keys, (*_k_operand(t), *later)) for t in first.split(",") if t)
    return out or (r,)


KUBECTL.rewrite = _kubectl_rewrite
# (the words without which no rewrite gives a delete: the gate skips every other replace and apply)
KUBECTL.subcommands["delete"].rewritten_from = ("--force", "--force=true", "--prune", "--prune=true")


_K_ROLLOUT = KUBECTL.subcommands["rollout"]


_K_ROLLOUT.subcommands = {
    c: Program(c, abbrev=False, parent=_K_ROLLOUT) for c in "restart undo pause resume status history".split()
}


# terraform (Go's flag package: `-name` or `--name`, `-name=value` or `-name value`; no clusters).
# `terraform destroy` is `terraform apply -destroy`.
_TF = """
    --auto-approve
    --target=
    --var=
    --var-file=
    --replace=
    --destroy
    --refresh-only
    --refresh=
    --lock
    --lock-timeout=
    --input=
    --parallelism=
    --state=
    --state-out=
    --backup=
    --compact-warnings
    --no-color
    --json
    --out=
    --force
    --upgrade
    --reconfigure
    --migrate-state
    --backend-config=
    --allow-missing
    --ignore-remote-version
    --dry-run
    --recursive
    --check
    """


TERRAFORM = _family(
    "terraform",
    "--chdir=\n-h --help\n-v --version",
    (
        "apply plan init import state taint untaint workspace force-unlock refresh fmt validate output show"
        " console providers login logout get graph test version metadata modules"
    ).split(),
    {},
    abbrev=False,
    specs=dict.fromkeys(("apply", "plan", "import", "refresh", "taint", "untaint", "init", "fmt"), _TF),
)


TERRAFORM.dash_long = True


TERRAFORM.bundle = False


for _tf in TERRAFORM.subcommands.values():
    _tf.dash_long = True
    _tf.bundle = False


TERRAFORM.implies = {"destroy": ("apply", ("destroy",))}


# red team (R4.10): terragrunt (read by this table: options._NAME_ALIASES) runs terraform's commands through its
# own launchers -- in every module (`terragrunt run-all destroy`, `terragrunt run --all destroy`, the older
# `terragrunt destroy-all`) or one (`terragrunt run destroy`, `terragrunt run -- apply -auto-approve`): the command
# after them is terraform's. (terraform itself has none of these words.)
_TG_RUNS = ("run-all", "run")
TERRAFORM.implies.update(
    {
        f"{c}-all": ("apply", ("destroy",)) if c == "destroy" else (c, ())
        for c in ("apply", "destroy", "plan", "output")
    }
)
for _runs in _TG_RUNS:
    _tg = Program(_runs, dash_long=True, bundle=False)
    _tg.subcommands = TERRAFORM.subcommands
    _tg.implies = TERRAFORM.implies
    TERRAFORM.subcommands = {**TERRAFORM.subcommands, _runs: _tg}


def _after_run(r: Reading) -> Reading | None:
    """`terragrunt run -- apply -auto-approve`: the words after `--` read as terraform's command (its options
    by their names)."""
    entered = TERRAFORM.sub(r.operands[0])
    if entered is None:
        return None
    level, implied = entered
    rest = [w for w in r.operands[1:] if w[:1] != "-"]
    deeper = level.sub(rest[0]) if rest and level.subcommands else None
    while deeper is not None:  # `state rm`
        level, rest = deeper[0], rest[1:]
        deeper = level.sub(rest[0]) if rest and level.subcommands else None
    named = {w.lstrip("-").partition("=")[0] for w in r.operands[1:] if w[:1] == "-"}
    return Reading(level.path, r.keys | set(implied) | named, tuple(rest))


def _terraform_rewrite(r: Reading) -> tuple[Reading, ...]:
    """red team (R4.10): `terraform apply PLANFILE` applies a saved plan without asking (Terraform's
    documentation: "Terraform takes the actions in the saved plan without prompting you for confirmation"), the
    act of `-auto-approve`: read with it, so a deny of `terraform apply -auto-approve` refuses it."""
    if r.operands and r.path[-1:] in (("run-all",), ("run",)):
        found = _after_run(r)
        if found is not None:
            r = found
    if r.operands and r.path == ("terraform", "apply") and "auto-approve" not in r.keys:
        return (Reading(r.path, r.keys | {"auto-approve"}, r.operands),)
    return (r,)


TERRAFORM.rewrite = _terraform_rewrite


_TF_STATE = TERRAFORM.subcommands["state"]


_TF_STATE.subcommands = {
    c: Program(c, _TF, dash_long=True, bundle=False) for c in "rm mv push pull list show".split()
}


_TF_WS = TERRAFORM.subcommands["workspace"]


_TF_WS.subcommands = {
    c: Program(c, _TF, dash_long=True, bundle=False) for c in "new delete select list show".split()
}


# go (Go's flag package, as terraform: `-name` or `--name`, `-name=value` or `-name value`; no clusters). red team
# (R4.10): a deny of `go get -u` met `go get --u x` and `go get -u=patch x` by their spelling only. The build flags
# every building command shares, then each command's own; a flag this table does not know is read both ways.
_GO_BUILD = (
    "--a;--n;--p=;--race;--msan;--asan;--cover;--covermode=;--coverpkg=;--v;--work;--x;--asmflags=;--buildmode=;"
    "--buildvcs=?;--compiler=;--gccgoflags=;--gcflags=;--installsuffix=;--ldflags=;--linkshared;--mod=;"
    "--modcacherw;--modfile=;--overlay=;--pgo=;--pkgdir=;--tags=;--trimpath;--toolexec=;--o=;--json;--exec="
)
_GO_TEST = (
    _GO_BUILD
    + ";--run=;--skip=;--bench=;--benchtime=;--benchmem;--count=;--cpu=;--failfast;--fullpath;--list=;"
    "--parallel=;--short;--shuffle=;--timeout=;--vet=;--coverprofile=;--cpuprofile=;--memprofile=;"
    "--blockprofile=;--mutexprofile=;--trace=;--outputdir=;--fuzz=;--fuzztime=;--args"
)
GO = _family(
    "go",
    "--C=\n-h --help",
    (
        "build install run test vet get list clean env mod work generate fmt doc fix tool version bug telemetry"
    ).split(),
    {},
    abbrev=False,
    specs={
        **dict.fromkeys(("build", "install", "run", "vet", "list", "generate"), _GO_BUILD),
        "test": _GO_TEST,
        "get": _GO_BUILD + ";--d;--t;--u=?;--tool;--insecure;--fix",
        "clean": "--i;--r;--n;--x;--cache;--testcache;--modcache;--fuzzcache",
        "env": "--w;--u;--json;--changed",
        "fmt": "--n;--x;--mod=",
    },
)
GO.dash_long = True
GO.bundle = False
for _go in GO.subcommands.values():
    _go.dash_long = True
    _go.bundle = False


# The options `helm install` and `helm upgrade` share (the valued ones decide which word is the chart).
_HELM_RELEASE_FLAGS = (
    "--atomic;--rollback-on-failure;--wait;--wait-for-jobs;--force;--dry-run=?;--create-namespace;--devel;"
    "--dependency-update;--skip-crds;--no-hooks;--render-subchart-notes;--disable-openapi-validation;--verify;"
    "--insecure-skip-tls-verify;--plain-http;--pass-credentials;--enable-dns;--skip-schema-validation;"
    "--take-ownership;--version=;-f= --values=;--set=;--set-string=;--set-file=;--set-json=;--set-literal=;"
    "--timeout=;--description=;--post-renderer=;--post-renderer-args=;--repo=;--username=;--password=;"
    "--ca-file=;--cert-file=;--key-file=;--keyring=;-l= --labels=;-o= --output="
)
# R4.10, red team: helm's command aliases (cobra's: `uninstall` is also `del`, `delete`, `un`; `list` is `ls`;
# `pull` is `fetch`; `show` is `inspect`; `dependency` is `dep`, `dependencies`; `history` is `hist`), so a
# deny of `helm uninstall` matches `helm delete`. Flags may stand anywhere (cobra intersperses them).
HELM = _family(
    "helm",
    "-n= --namespace=\n--kube-context=\n--kubeconfig=\n--debug\n-h --help\n--registry-config=\n"
    "--repository-config=\n--repository-cache=\n--kube-apiserver=\n--kube-token=\n--kube-as-user=\n"
    "--kube-as-group=\n--kube-ca-file=\n--kube-tls-server-name=\n--kube-insecure-skip-tls-verify\n"
    "--burst-limit=\n--qps=",
    (
        "install upgrade uninstall rollback list status history get show pull push package template lint test"
        " repo dependency search create env plugin registry version verify completion"
    ).split(),
    {
        "del": "uninstall",
        "delete": "uninstall",
        "un": "uninstall",
        "ls": "list",
        "fetch": "pull",
        "inspect": "show",
        "dep": "dependency",
        "dependencies": "dependency",
        "hist": "history",
    },
    abbrev=False,
    specs={
        "install": _HELM_RELEASE_FLAGS + ";--replace;-g --generate-name;--name-template=",
        "upgrade": _HELM_RELEASE_FLAGS
        + ";-i --install;--reuse-values;--reset-values;--reset-then-reuse-values;--cleanup-on-fail;--history-max=",
    },
)


def _helm_rewrite(r: Reading) -> tuple[Reading, ...]:
    """red team: `helm upgrade --install` installs the release when it is not there: also read as `helm
    install`, so a deny of it refuses the upgrade that does it."""
    if r.path == ("helm", "upgrade") and "install" in r.keys:
        return (r, Reading(("helm", "install"), r.keys - {"install"}, r.operands))
    return (r,)


HELM.rewrite = _helm_rewrite
HELM.subcommands["install"].rewritten_from = ("--install", "--install=true", "-i")


# R4.10, red team: the clouds' CLIs read their global options anywhere on the line -- `aws --profile prod ec2
# terminate-instances`, `aws s3 --region x rm`, `gcloud --quiet projects delete`, `az --subscription s group
# delete` -- so a deny of `aws ec2 terminate-instances` must see past them. Their services and commands are read
# as operands (a deny's words after the program must lead them); a command's own options are unknown to these
# tables and read both ways (taking the next word or not).
AWS = Program(
    "aws",
    "--debug\n--endpoint-url=\n--no-verify-ssl\n--no-paginate\n--output=\n--query=\n--profile=\n--region=\n"
    "--version\n--color=\n--no-sign-request\n--ca-bundle=\n--cli-read-timeout=\n--cli-connect-timeout=\n"
    "--cli-binary-format=\n--no-cli-pager\n--cli-auto-prompt\n--no-cli-auto-prompt",
)
GCLOUD = Program(
    "gcloud",
    "--account=\n--billing-project=\n--configuration=\n--flags-file=\n--flatten=\n--format=\n-h --help\n"
    "--project=\n-q --quiet\n--verbosity=\n--version\n--impersonate-service-account=\n--log-http\n"
    "--trace-token=\n--user-output-enabled\n--no-user-output-enabled\n--access-token-file=",
)
# gsutil (Python's getopt: short letters cluster; its own options before the command, `-m` above all). red team
# (R4.10): a deny of `gsutil rm -r` met `gsutil -m rm -r gs://b`, `rm -R` and `rm -ra` by spelling only.
GSUTIL = _family(
    "gsutil",
    "-D\n-DD\n-h=\n-i=\n-m\n-o=\n-q\n-u=\n-v",
    "rm cp mv rsync ls cat du mb rb setmeta acl iam defacl versioning lifecycle".split(),
    {"del": "rm", "delete": "rm", "remove": "rm"},
    abbrev=False,
    specs={
        "rm": "-r -R --recursive;-a --all-versions;-f --continue-on-error;-I;-e",
        "rsync": "-d --delete;-r -R --recursive;-a=;-c;-C;-e;-i;-j=;-J;-n;-p;-P;-u;-U;-x=;-y=",
        "cp": "-r -R --recursive;-a=;-A;-c;-D;-e;-I;-j=;-J;-L=;-M;-n;-P;-p;-s=;-U;-v;-z=",
        "mv": "-p;-r -R --recursive",
        "rb": "-f",
    },
)


# gcloud's release tracks run the same command (`gcloud beta projects delete p` is `gcloud projects delete p`),
# and `storage rm` / `storage cp` spell `--recursive` also `-r` and `-R`.
_GCLOUD_TRACKS = frozenset({"alpha", "beta", "preview"})
_RECURSIVE = frozenset({"?--recursive", "?-r", "?-R"})


def _gcloud_rewrite(r: Reading) -> tuple[Reading, ...]:
    ops = r.operands
    if ops[:1] and ops[0] in _GCLOUD_TRACKS:
        ops = ops[1:]
    keys = r.keys
    if ops[:1] == ("storage",) and not _RECURSIVE.isdisjoint(keys):
        keys = keys | _RECURSIVE
    if ops is r.operands and keys is r.keys:
        return (r,)
    return (r, Reading(r.path, keys, ops))


GCLOUD.rewrite = _gcloud_rewrite


AZ = Program(
    "az",
    "--debug\n-h --help\n--only-show-errors\n-o= --output=\n--query=\n--subscription=\n--verbose",
)

# ... and an S3 command that does another's act: `s3 rb --force` empties the bucket first and `s3 sync --delete`
# and `s3 mv` delete objects (each also `s3 rm`); the API's object deletions are `s3 rm`, its bucket deletion
# `s3 rb`.
_S3_ALSO: dict[tuple[str, ...], tuple[str, ...]] = {
    ("s3api", "delete-object"): ("s3", "rm"),
    ("s3api", "delete-objects"): ("s3", "rm"),
    ("s3api", "delete-bucket"): ("s3", "rb"),
}


def _aws_rewrite(r: Reading) -> tuple[Reading, ...]:
    ops = r.operands
    head = ops[:2]
    also = _S3_ALSO.get(head)
    if also is None and head[:1] == ("s3",):
        keys = r.keys
        if head == ("s3", "mv") or (
            head in (("s3", "rb"), ("s3", "sync")) and not {"?--force", "?--delete"}.isdisjoint(keys)
        ):
            also = ("s3", "rm")
    if also is None:
        return (r,)
    return (r, Reading(r.path, r.keys, (*also, *ops[2:])))


AWS.rewrite = _aws_rewrite
