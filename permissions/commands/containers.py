"""A container engine's ``run``/``create``/``exec`` read by its option table (R4.10; the table is docker's in
:mod:`permissions.commands.option_tables_deploy`, which podman, nerdctl and finch read too): which words are the
engine's options and their values, which is the image (the container, the compose service), and what follows
it -- the command inside. One reading serves the views (the command inside is judged as the command it is)
and the path scope (a container's own paths are not the host's).

- ``docker|podman|nerdctl|finch [globals] run|create|exec``, ``container run|create|exec``, ``compose run|exec``
  (``docker-compose`` too); a valued option takes its value (the next word, or glued: ``--name=x``, ``-ep``
  in a cluster ``-itp 80:80``); ``--`` ends the options; the first operand is the image.
- Host side: a volume's or a bind mount's source (``-v SRC:DST``, ``--mount src=SRC,dst=DST``) and every
  other valued option's word (``--env-file``, ``--cidfile``, ``--label-file``, compose's ``-f``). Container
  side: ``-w``/``--workdir``, a volume's destination, ``--tmpfs``, ``--entrypoint``, and the paths of the
  command inside a ``run``/``create``: it reaches the host only through what is mounted, which the host side
  names -- a path in a bind mount is the mounted folder's (``rm -rf /app`` under ``-v .:/app`` is ``rm -rf
  .``, a view the floor and the caps judge), however spelled (``/./app``, relative to ``-w`` or to docker's
  default ``/``), and a link's target stays the host's (``ln -s /etc/passwd /app/x``). ``exec`` and compose
  keep the command's paths as written (the container's mounts are not on the line).
- An option the table does not know, a subcommand it does not, or a word whose place an expansion decides
  before the image: no reading (None) -- the callers then read the line as before (fail closed).

What the engine is given of the host (``--privileged``, a host folder mounted, ``--pid=host``) is
:mod:`permissions.commands.privilege`'s business, and a port published on every interface
:mod:`permissions.commands.listeners`'; both read the whole line, whatever this reading says.
"""

from __future__ import annotations

from typing import NamedTuple

from permissions.commands.interpreters import is_stream, may_name_a_stream
from permissions.commands.option_reader import Program
from permissions.commands.option_tables_deploy import DOCKER
from permissions.commands.options import normalised
from permissions.commands.syntax import NONE, REQUIRED
from permissions.memos import Memo

__all__ = [
    "CONTAINER_ENGINES",
    "ENGINE_HOST_VARIABLES",
    "ContainerRun",
    "container_run",
    "definition_from_input",
    "engine_elsewhere",
    "host_side_words",
    "image_tool",
    "inner_on_host",
    "local_endpoint",
]

# The engines that read docker's command line (podman, nerdctl and finch are drop-in replacements).
CONTAINER_ENGINES = frozenset({"docker", "podman", "nerdctl", "finch", "docker-compose", "podman-compose"})
_COMPOSE_NAMES = frozenset({"docker-compose", "podman-compose"})
_RUNS = frozenset({"run", "create", "exec"})
# Option keys whose value is a place inside the container.
_CONTAINER_PLACES = frozenset({"workdir", "tmpfs"})
# Programs whose path operand is text a later reader resolves (a symbolic link's target).
_LINKERS = frozenset({("ln",), ("/bin/ln",), ("/usr/bin/ln",), ("link",)})
# Option keys whose value is a mount: its source is the host's, its destination the container's.
_MOUNTS = frozenset({"volume", "mount"})


# red team (R4.9): the subcommands that load a definition -- a compose file, a Dockerfile or a build context, a bake
# file, a Kubernetes file (`podman kube play`, `play kube`), buildah's `bud` -- which, given the input or another
# command's output (`docker compose -f - up <<< '…privileged…'`, `echo … | docker build -`, `docker buildx build -f -
# .`), start or build what no rule read.
DEFINING_ENGINES = CONTAINER_ENGINES | {"buildah"}
_DEFINES = frozenset({"compose", "build", "bake", "kube", "play", "bud"})
DEFINITION_FROM_INPUT = (
    "it loads a container definition (a compose file, a Dockerfile or build context, a Kubernetes file) from the"
    " input or another command's output, which no rule can read"
)


def definition_from_input(view: tuple[str, ...]) -> str | None:
    """DEFINITION_FROM_INPUT when a word of a container engine's ``view`` before its run, create or exec (what
    follows is the container's) hands a defining subcommand the input: an operand (`-`, `/dev/stdin`, `<(…)`), an
    option's value (the next word, after `=`, glued to `-f`), or None."""
    if may_name_a_stream("\0".join(view)) is None:
        return None  # (most views: no word that may be a stream)
    defines = view[0] in _COMPOSE_NAMES or view[0] == "buildah"
    for w in view[1:]:
        if w in _RUNS:
            return None
        if w in _DEFINES:
            defines = True
        elif defines and (
            is_stream(w) or is_stream(w.partition("=")[2]) or (w[:2] == "-f" and is_stream(w[2:]))
        ):
            return DEFINITION_FROM_INPUT
    return None


class ContainerRun(NamedTuple):
    """A run/create/exec read by the table: ``sub`` (run, create, exec), ``compose`` (a compose service),
    ``image`` (the image, container or service; None when the line ends first), ``inner`` (the words after
    it), ``entrypoint`` (``--entrypoint``'s value), ``start`` (the index of the subcommand's word), and
    ``container_words``: the indexes of the words that are container-side paths; ``mounts``: each mount word's
    index, host source and container destination."""

    sub: str
    compose: bool
    image: str | None
    image_at: int
    inner: tuple[str, ...]
    entrypoint: str | None
    start: int
    container_words: tuple[int, ...]
    mounts: tuple[tuple[int, str, str], ...]
    workdir: str | None

    def on_host(self, word: str) -> str | None:
        """What a path inside the container is on the host: ``/app/x`` under ``-v .:/app`` is ``./x`` (spelled
        any way: ``/./app``, ``//app``, ``/x/../app``; a relative one from ``-w``, else from ``/``, docker's
        default); a folder holding a mount (``/``, ``/w`` above ``/w/app``) is at least the mounted folder; None
        for the container's own. A bare name (``rm -rf app`` from ``/``) is named only when it holds a mount:
        below one it is as the host reads it already (a name in the working folder)."""
        if not word or word[0] in "-$`" or " " in word:
            return None  # (a script's words: in_script)
        path = _normal(word if word[0] == "/" else (self.workdir or "/") + "/" + word)
        bare = word[0] != "/" and "/" not in word and word not in (".", "..")
        for _, source, target in self.mounts:
            if not source or not target or not _host_folder(source):
                continue
            target = _normal(target)
            if target == path or target.startswith(path if path == "/" else path + "/"):
                return _as_host(source)  # the mount itself, or a folder holding it: rm -rf /w empties /w/app
            if bare:
                continue
            if path == target or path.startswith(target + "/"):
                return _as_host(source) + path[len(target) :]
        return None

    def in_script(self, script: str) -> str:
        """A shell script's words (`sh -c 'rm -rf /app/*'`) with its paths in a mount named as the host names
        them; a word that only starts like a mount's path is taken as one (more is read, never less)."""
        parts = script.split(" ")
        for k, part in enumerate(parts):
            bare = part.lstrip("\"'(")
            if bare[:1] == "/":  # (relative words of a script: the script may move first)
                named = self.on_host(bare)
                if named is not None:
                    parts[k] = part[: len(part) - len(bare)] + named
        return " ".join(parts)


def _option(level: Program, w: str) -> tuple[str, int, str | None] | None:
    """The option word ``w`` at ``level``: (its key, its kind, its glued value or None), the last letter of a
    short cluster deciding; None when any letter or the name is not in the table."""
    if w[1] == "-":
        name, eq, value = w[2:].partition("=")
        hit = level.long_option(name)
        if hit is None:
            return None
        keys, kind = hit
        return keys[0], kind, value if eq else None
    j = 1
    while j < len(w):
        hit = level.short_option(w[j])
        if hit is None:
            return None
        keys, kind = hit
        if kind != NONE:
            rest = w[j + 1 :]
            return keys[0], kind, (rest.removeprefix("=") if rest else None)
        j += 1
    return keys[0], NONE, None


def _mount(key: str, spec: str) -> tuple[str, str] | None:
    """A volume's (``SRC:DST[:opts]``) or a mount's (``type=bind,source=SRC,target=DST``) host source and
    container destination; ('', DST) for an anonymous volume or a tmpfs; None when the specification is not
    read for sure (a Windows drive, which the shell reader may have cut: judged as written)."""
    if key == "mount":
        source = target = ""
        for part in spec.split(","):
            name, _, value = part.partition("=")
            name = name.strip().lower()
            if name in ("source", "src"):
                source = value
            elif name in ("target", "dst", "destination"):
                target = value
        return source, target
    if spec[1:2] == ":" and spec[:1].isalpha():
        return None  # `C:\x:/app` (and `C:x:/app`, its backslashes dropped unquoted)
    head, colon, rest = spec.partition(":")
    if not colon:
        return "", head  # `-v /data`: an anonymous volume at /data
    return head, rest.partition(":")[0]


def _normal(path: str) -> str:
    """An absolute path resolved lexically (`.` dropped, `..` pops, never above /)."""
    out: list[str] = []
    for part in path.split("/"):
        if part == ".." and out:
            out.pop()
        elif part not in ("", ".", ".."):
            out.append(part)
    return "/" + "/".join(out)


_PWD = ("$PWD", "${PWD}", "$(pwd)", "`pwd`")


def _as_host(source: str) -> str:
    """A mount's source as a host path: the working folder's variable is `.` (a literal path reads the same
    under every rule; a variable would make the command inside read as not literal)."""
    for head in _PWD:
        if source == head or source.startswith(head + "/"):
            return "." + source[len(head) :]
    return source


def _host_folder(source: str) -> bool:
    """Whether a mount's source is a host folder (a bind mount), not a named volume."""
    return source[:1] in ("/", ".", "~", "$", "`") or "/" in source


def container_run(words: tuple[str, ...]) -> ContainerRun | None:
    """The reading of ``words`` (a segment led by one of :data:`CONTAINER_ENGINES`) as a run, create or exec,
    or None: not one, or not read for sure (see the module's notes). Kept by words: the views and the path
    scope both read it."""
    if not words or words[0] not in CONTAINER_ENGINES:
        return None
    hit = _READ.get(words, _UNSEEN)
    if hit is _UNSEEN:
        hit = _READ.keep(words, _read(words))
    return hit  # type: ignore[return-value]


_READ: Memo[tuple[str, ...], ContainerRun | None] = Memo()
_UNSEEN = object()


def _read(words: tuple[str, ...]) -> ContainerRun | None:
    found = _subcommand(words)
    if found is None:
        return None
    level, start, compose = found
    options = _run_options(level, words, start + 1)
    if options is None:
        return None
    k, container_words, mounts, entrypoint, workdir = options
    image = words[k] if k < len(words) else None
    return ContainerRun(
        words[start], compose, image, k, words[k + 1 :], entrypoint, start, container_words, mounts, workdir
    )


def _literal(w: str) -> bool:
    """A word whose place among the options is known: no expansion or glob may make it another option."""
    return "$" not in w and "`" not in w and "*" not in w and "?" not in w and "[" not in w


def _subcommand(words: tuple[str, ...]) -> tuple[Program, int, bool] | None:
    """The run, create or exec level ``words`` enter past the engine's own options: (its table, the index
    of its word, whether it is compose's), or None."""
    level: Program = DOCKER
    compose = words[0] in _COMPOSE_NAMES
    if compose:
        level = DOCKER.subcommands["compose"]
    k = 1
    while k < len(words):
        w = words[k]
        if not _literal(w) or w == "--":
            return None
        if len(w) > 1 and w[0] == "-":
            read = _option(level, w)
            if read is None:
                return None
            k += 2 if read[1] == REQUIRED and read[2] is None else 1
            continue
        entered = level.sub(w)
        if entered is None:
            return None  # another subcommand (`docker ps`), or one the table does not know
        level = entered[0]
        if w in _RUNS:
            return level, k, compose
        compose = compose or w == "compose"
        k += 1
    return None


def _run_options(
    level: Program, words: tuple[str, ...], k: int
) -> tuple[int, tuple[int, ...], tuple[tuple[int, str, str], ...], str | None, str | None] | None:
    """The run's options from ``k``: (the index of the image, the container-side words, the mounts, the
    entrypoint, the working folder), or None when one is not read for sure."""
    n = len(words)
    places: list[int] = []
    mounts: list[tuple[int, str, str]] = []
    entrypoint: str | None = None
    workdir: str | None = None
    while k < n:
        w = words[k]
        if not _literal(w):
            return None  # an expansion or a glob may be any option, or none
        if w == "--":
            return k + 1, tuple(places), tuple(mounts), entrypoint, workdir
        if len(w) < 2 or w[0] != "-":
            break  # the image, the container or the service
        read = _option(level, w)
        if read is None:
            return None
        key, kind, value = read
        at = k  # the word that holds the value
        if kind == REQUIRED and value is None:
            at = k = k + 1
            if k >= n:
                return None
            value = words[k]
        k += 1
        if value is None:
            continue
        if key in _CONTAINER_PLACES:
            places.append(at)
            if key == "workdir":
                workdir = value
        elif key in _MOUNTS:
            mount = _mount(key, value)
            if mount is None:
                return None
            mounts.append((at, *mount))
        elif key == "entrypoint":
            entrypoint = value
            places.append(at)  # `--entrypoint /bin/sh`: the container's program
    return k, tuple(places), tuple(mounts), entrypoint, workdir


def host_side_words(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` as the host's path scope reads them: a container's own places blanked (``-w /app``, ``--tmpfs
    /run``, a path of the command inside a run or create), a mount word replaced by its host source (``-v
    "$PWD":/app`` is ``$PWD``) and a path inside a mount by the host's (``/app/x`` is ``./x``); ``words``
    itself when they are not read for sure (judged as written)."""
    run = container_run(words)
    if run is None:
        return words
    out = list(words)
    for at in run.container_words:
        out[at] = ""
    for at, source, _ in run.mounts:
        out[at] = source
    if run.sub != "exec" and not run.compose and run.inner[:1] not in _LINKERS:
        # The command inside reaches the host only through a mount, whose source is judged above (a link
        # it leaves in one is read on the host, where its target is the host's: judged as written).
        for at in range(run.image_at + 1, len(words)):
            w = words[at]
            eq = w.find("=") if w[:1] == "-" else -1
            if eq > 0:
                out[at] = w[: eq + 1] + (run.on_host(w[eq + 1 :]) or "")  # `--outDir=/app/dist`
            elif w[:1] != "-":
                out[at] = run.on_host(w) or ""
    return tuple(out)


def inner_on_host(run: ContainerRun, inner: tuple[str, ...]) -> tuple[str, ...] | None:
    """The command inside with its paths in a mount named as the host names them (`rm -rf /app` under `-v
    .:/app` is `rm -rf .`), or None when it names none."""
    if not run.mounts:
        return None
    out = tuple(run.in_script(w) if " " in w else (run.on_host(w) or w) for w in inner)
    return out if out != inner else None


# -- a daemon on another machine ------------------------------------------------------------------------------
# red team: `docker -H tcp://h:2375 build .` sends the build context -- the project, .env included -- to that
# machine, `docker --context prod run ...` runs there, `podman --remote build .` builds on the connection's
# host; `DOCKER_HOST=ssh://h`, `CONTAINER_HOST`, `BUILDKIT_HOST` and `DOCKER_CONTEXT` route every later command
# (read with the bind variables, permissions.commands.listeners.assigned_bind). A context's or connection's name
# does not say where it points: only the local engines' usual names are local (fail closed). Reads of the
# remote daemon's state (`ps`, `logs`, `inspect` ...) stay reads.
ENGINE_HOST_VARIABLES = frozenset({"DOCKER_HOST", "CONTAINER_HOST", "BUILDKIT_HOST", "DOCKER_CONTEXT"})
_LOCAL_CONTEXTS = frozenset(
    {
        "default",
        "desktop-linux",
        "desktop-windows",
        "colima",
        "rancher-desktop",
        "orbstack",
        "lima",
        "rootless",
    }
)
_LOCAL_SCHEMES = ("unix://", "npipe://", "fd://", "/")
_LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "[::1]", "host.docker.internal"})
# What only reads the daemon's state: a subcommand alone, or a management command's second word.
_ENGINE_READS = frozenset(
    "ps images logs inspect info version events stats top port diff history search login logout".split()
)
_ENGINE_READ_PAIRS = frozenset(
    "ls list inspect logs ps top port diff stats history df info events show config images version du".split()
)
_ENGINE_GROUPS = frozenset(
    "image container volume network system context compose buildx manifest plugin node service stack secret"
    " builder trust".split()
)


def _local_context(name: str) -> bool:
    return name.lower() in _LOCAL_CONTEXTS or name.lower().startswith("colima-")


def local_endpoint(value: str, name: str = "DOCKER_HOST") -> bool:
    """Whether an engine's endpoint (an address, or a context's name for ``DOCKER_CONTEXT``) is this machine."""
    v = value.strip().strip("\"'")
    if name == "DOCKER_CONTEXT":
        return _local_context(v)
    if not v or v.startswith(_LOCAL_SCHEMES):
        return bool(v)
    rest = v.partition("://")[2] if "://" in v else v
    host = rest.partition("/")[0].rpartition("@")[2].lower()
    if host.startswith("["):
        host = host.partition("]")[0] + "]"
    else:
        host = host.partition(":")[0]
    return host in _LOOPBACK_HOSTS or host.startswith("127.")


def _engine_reads(words: tuple[str, ...]) -> bool:
    if not words:
        return True  # `docker -H h` alone prints its help
    if words[0] in _ENGINE_GROUPS:
        return len(words) < 2 or words[1] in _ENGINE_READ_PAIRS
    return words[0] in _ENGINE_READS


def engine_elsewhere(view: tuple[str, ...]) -> bool:
    """A container engine's command sent to a daemon on another machine that does more than read its state
    (``docker -H tcp://h build .``, ``docker --context prod compose up``, ``podman --remote run x``), or one
    that makes another machine's daemon the default (``docker context use prod``)."""
    verb = view[0]
    if verb in ("podman", "podman-compose", "docker-compose"):
        return _scanned_elsewhere(view)
    if verb == "buildctl":
        addr = [view[k + 1] for k in range(1, len(view) - 1) if view[k] == "--addr"]
        addr += [w[7:] for w in view if w.startswith("--addr=")]
        return any(not local_endpoint(a) for a in addr) and "build" in view
    line = ("docker", "compose", *view[1:]) if verb == "docker-compose" else ("docker", *view[1:])
    for r in normalised(line):
        words = (*r.path[1:], *r.operands[:3])
        if words[:2] == ("context", "use") and len(words) > 2 and not _local_context(words[2]):
            return True
        remote = any(
            (k.startswith("host=") and not local_endpoint(k[5:]))
            or (k.startswith("context=") and not _local_context(k[8:]))
            for k in r.keys
        )
        if remote and not _engine_reads(words):
            return True
    return False


def _scanned_elsewhere(view: tuple[str, ...]) -> bool:
    """podman's own globals (``--remote``, ``--url``, ``--connection``) and the compose front ends' (``-H``,
    ``--context``), which docker's table does not read: the options before the first operand."""
    remote = False
    k = 1
    while k < len(view) and view[k][:1] == "-":
        w, nxt = view[k], view[k + 1] if k + 1 < len(view) else ""
        name, eq, value = w.partition("=")
        if name in ("--remote", "-r"):
            remote = True
        elif name in ("--url", "-H", "--host", "--connection", "-c", "--context"):
            value = value if eq else nxt
            k += 0 if eq else 1
            local = (
                _local_context(value)
                if name in ("--connection", "-c", "--context")
                else local_endpoint(value)
            )
            remote = remote or not local
        k += 1
    words = tuple(w for w in view[k:] if w[:1] != "-")[:2]
    if view[0] != "podman":
        words = ("compose", *words)
    return remote and not _engine_reads(words)


# red team (session 20): images whose entrypoint is a tool, so the words after the image are that tool's
# (`docker run hashicorp/terraform destroy -auto-approve`, `docker run alpine/git push`, `docker run
# amazon/aws-cli s3 rm --recursive s3://b`): read as the tool's command line besides as written.
_IMAGE_TOOLS = {
    "hashicorp/terraform": "terraform",
    "ghcr.io/opentofu/opentofu": "tofu",
    "opentofu/opentofu": "tofu",
    "hashicorp/packer": "packer",
    "amazon/aws-cli": "aws",
    "public.ecr.aws/aws-cli/aws-cli": "aws",
    "bitnami/kubectl": "kubectl",
    "rancher/kubectl": "kubectl",
    "alpine/helm": "helm",
    "alpine/git": "git",
    "curlimages/curl": "curl",
    "minio/mc": "mc",
    "rclone/rclone": "rclone",
    "flyio/flyctl": "flyctl",
    "goreleaser/goreleaser": "goreleaser",
    "ghcr.io/sigstore/cosign/cosign": "cosign",
    "ghcr.io/oras-project/oras": "oras",
    "gcr.io/go-containerregistry/crane": "crane",
    "quay.io/skopeo/stable": "skopeo",
    "pulumi/pulumi": "pulumi",
}


def image_tool(image: str) -> str | None:
    """The tool an image runs as its entrypoint (:data:`_IMAGE_TOOLS`), its tag, digest and Docker Hub's
    registry names set aside (``docker.io/hashicorp/terraform:1.9``); None for any other image."""
    name = image.partition("@")[0]
    slash = name.rfind("/")
    colon = name.rfind(":")
    if colon > slash:
        name = name[:colon]
    for hub in ("docker.io/", "index.docker.io/", "registry-1.docker.io/"):
        if name.startswith(hub):
            name = name[len(hub) :]
            break
    return _IMAGE_TOOLS.get(name.lower())
