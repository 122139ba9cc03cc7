"""Commands that change the machine outside the project (SPEC §5 where it runs, R6 path scope).

SPEC §5 says that for ``host`` and ``agent`` -- a runner without a sandbox, a coding agent's hook running the
tool on the developer's own laptop -- "the path scope holds for them in every mode (auto mode included)". The
path scope's intent (R6, ADR 0055) is that nothing outside the project folder is touched without a person.
Some commands touch the machine outside the folder without naming a path: they stop it, change its services,
leave commands for later, install programs every other project and the user's shell then run, change the
user's or the system's settings, signal processes the command did not start, or change a keychain or the
login. The reading chosen (the lead's ruling, the safest one): such a command is **outside the path scope**
when it runs on ``host`` or ``agent`` -- ``cap_path_scope``, with a sentence saying what it changes -- and never
for ``sandbox``, Brabo's own sandbox, where it changes only the sandbox (its answers stay as they were).

Like the path scope, it only ever turns an auto-approval into a person's decision: deny still wins, a file
``ask`` still asks, and an allow rule does not cover it (an allow of ``npm`` does not approve ``npm i -g x`` on
the developer's machine, as it does not approve ``cat /etc/passwd``). Every view of a segment is read
(R4.8: wrappers, launchers, verb paths, ``GIT``/``git.exe``), so ``env npm i -g x``, ``npx -y npm i -g x``,
``command kill -9 1`` and ``/usr/bin/crontab -r`` are caught.

The families, each a table of tools in the style of ``permissions.commands.effects`` and
``permissions.commands.families``:

- power: ``shutdown``, ``reboot``, ``halt``, ``pmset`` ... and system services: ``systemctl``, ``service``,
  ``launchctl``, ``loginctl``, ``brew services`` -- a closed list of reads (``systemctl status``,
  ``launchctl list``), every other form changes the machine;
- schedulers: ``crontab`` (all but ``-l``), ``at``/``batch``/``atrm``, ``git maintenance start``, ``schtasks``,
  ``systemd-run --user`` outside a scope;
- signals to processes the command did not start: ``kill`` of pid 1 or -1 (every process the user may
  signal) with any signal but 0, ``pkill``/``killall`` of every process (a pattern matching everything, all of
  a user's processes, the children of pid 1). ``kill PID``, ``kill %1``, ``kill $(lsof -ti:3000)``,
  ``pkill -f vite`` and ``killall node`` (by name: the user's own processes) stay uncapped, and so do
  ``kill 0`` (the caller's own process group) and a negative process group other than -1 (one group of the
  user's processes, as ``kill PID`` is one process). Red team (session 21): every process of a terminal
  (``pkill -t pts/1``, ``skill -u me``), by a name that may be the user's session's -- the window server, the
  desktop shell, a terminal, a shell, a multiplexer's server, a key agent (``killall loginwindow``, ``pkill -f
  term``, ``killall ssh-agent``, ``gpgconf --kill gpg-agent``, ``xkill``) -- or what runs every project's
  containers or apps (``pkill -f docker``, ``killall Docker``), also picked by a listing for a kill (``kill
  $(pgrep Terminal)``, ``pgrep -f ssh-agent | xargs kill``); ``ssh-agent -k``; ``tmux kill-server`` and ``kill-session -a``,
  ``pm2 kill`` and ``pm2 stop|delete|restart all``, ``supervisorctl stop all``, ``forever stopall``, ``fuser -km
  PATH`` (every process on a file system). ``tmux kill-session -t dev``, ``pm2 delete app``, ``fuser -k
  3000/tcp``, ``killall Dock`` (it starts again) and the browsers by name (``pkill -f chrome``: a test runner's
  headless browser is the project's) stay;
- global and user-level installs: ``npm|pnpm|bun -g``, ``yarn global``, ``npm link``, ``pip --user`` /
  ``--break-system-packages`` / ``uv pip --system``, ``pipx``, ``uv tool``, ``cargo install``, ``go install``,
  ``gem install``, ``brew``, the system package managers, the runtime version managers (``nvm install``,
  ``pyenv global``, ``rustup``, ``uv python install`` ...), editor extensions. ``go install`` of the project
  itself (``go install ./...``) is capped too: it writes ``$GOBIN`` (``~/go/bin``), a folder on the user's
  PATH outside the project, as ``cargo install --path .`` writes ``~/.cargo/bin`` -- unless the command sets
  the destination inside the project (``GOBIN=./bin``, ``--root ./x``, ``--install-dir vendor``);
- user and system settings: ``git config --global|--system`` writes (reads stay uncapped), ``git lfs
  install``, ``npm|pnpm|pip config set`` (user-level unless told the project's), ``go env -w``, ``defaults
  write``, ``gsettings set``, ``sysctl -w``, ``xcode-select -s`` ...;
- keychains and the login: ``ssh-add`` (but ``-l``/``-L``), ``ssh-keygen`` writing ``~/.ssh``,
  ``security add-…``, ``secret-tool store``, ``gpg --import``, ``chsh``, ``passwd``, ``npm login``,
  ``gh auth login``, and the other clients' logins, user settings and plugins (``az login``, ``gcloud auth
  login``, ``gcloud config set``, ``terraform login``, ``helm repo add``, ``kubectl krew install`` ...); the
  clusters' credentials merged into the home folder's kubeconfig (session 22: ``aws eks update-kubeconfig``,
  ``gcloud container clusters get-credentials``, ``az aks get-credentials``, ``doctl kubernetes cluster
  kubeconfig save``, ``kind export kubeconfig``, ``k3d kubeconfig merge``, ``minikube update-context``,
  ``eksctl utils write-kubeconfig``, ``vcluster connect``), the registries' logins and logouts (``oras``,
  ``skopeo``, ``crane auth``, ``regctl registry``, ``docker|podman logout``) and the tools' stored tokens
  (``sentry-cli login``, ``ngrok config add-authtoken``, ``uv auth login``, ``keyring set``, ``rclone config
  create``, ``mc alias set``, ``gsutil config``); the local clusters made or started, each writing its admin
  context into the kubeconfig and switching to it (session 23: ``kind create cluster``, ``minikube start``,
  ``k3d cluster create``, ``kwokctl``, ``ctlptl``, ``colima start --kubernetes``), and more clients' logins and
  endpoints (``argocd login``, ``rancher login``, ``okteto context use``, ``talosctl config merge|endpoint``,
  ``hcloud context create``, ``scw init``, ``jf config add``, ``composer config --global``);
- what later commands reach, and the machines that run them (session 24): a virtual machine, a container engine
  or a local cluster started, made or reconfigured (``limactl start``, ``multipass launch``, ``vagrant up``,
  ``colima start`` -- it switches the docker context --, ``podman machine init|start``, ``docker desktop start``,
  ``rdctl set``, ``orb start``, ``virsh start``, ``VBoxManage startvm|modifyvm``, ``qemu-system-* -daemonize``,
  ``utmctl``, ``tart run``, ``prlctl start``, ``microk8s enable``, ``docker swarm init``, ``podman system
  service``), a remote endpoint registered (``podman system connection add``, ``docker buildx create``, ``docker
  swarm join``, ``lxc remote add``), and every switch of what later commands reach, whatever it switches to
  (``kubectl config use-context``, ``kubectx``, ``kubens``, ``oc project NAME``, ``minikube profile NAME``,
  ``docker context use``, ``podman system connection default``, ``docker buildx use``, ``gcloud config
  configurations activate``, ``az account set``, ``argocd context NAME``, ``hcloud context use``, ``vercel switch`` ...), and Hex's
  key (``mix hex.config api_key x``); what prints the current one and a context used for one command stay;
- accounts, privileges and the system's protections (red team): a user put in the admin group (``dseditgroup
  -o edit``, ``adduser x sudo``), ``visudo``, ``setcap``, a file's immutable or append-only flag (``chattr
  +i``, ``chflags schg``), a download's quarantine taken off (``xattr -d com.apple.quarantine``, ``xattr -c``,
  ``ditto --noqtn``; Windows' Mark of the Web is permissions.commands.windows'), SELinux, AppArmor, the audit
  rules, Defender for macOS and Linux, ``bcdedit``, and a container left to restart by itself (``docker run
  --restart=always``);
- the developer's containers, volumes, images, virtual machines and local clusters (red team): state made
  outside the project (a volume holds a database, a VM or a cluster whatever was made in it), removed
  wholesale or by a data-holding name -- ``docker|podman|nerdctl|finch system prune`` (every stopped container
  with it), ``system reset``, ``container|volume|pod prune``, ``volume rm NAME``, ``image prune -a`` (every
  image no container uses, locally built ones too), ``rm``/``rmi`` of every container or image (podman's
  ``-a``, or targets computed: ``docker rm -f $(docker ps -aq)``), ``podman machine rm|reset``, ``finch vm
  remove``, ``compose -p NAME down -v`` (or ``COMPOSE_PROJECT_NAME=``: a project that may be another's), and
  the engine inside a VM or a cluster's node (``colima nerdctl``, ``minikube ssh -- docker``);
  ``minikube delete``, ``kind delete``, ``k3d cluster|registry|node delete``, ``microk8s|k0s|kubeadm reset``,
  ``ctlptl delete``, ``rdctl factory-reset``; ``vagrant destroy`` (the Vagrantfile is the project's, the VM's
  disk and what was made in it are not) and its snapshots deleted or restored, ``multipass delete|purge|restore``
  (a deleted instance is one purge away, a snapshot is gone at once), ``colima delete``, ``limactl
  delete|factory-reset``, ``docker-machine rm``, ``virsh undefine|vol-delete|vol-wipe|pool-delete|snapshot-…``,
  ``VBoxManage unregistervm --delete`` / ``closemedium --delete`` / ``snapshot VM delete|restore``, ``prlctl
  delete``, ``utmctl delete``, ``tart delete``, ``orb delete|reset``, ``lxc|incus delete`` (instances,
  snapshots, storage volumes), ``lxc-destroy``. (``wsl --unregister`` is permissions.commands.windows';
  ``docker context rm`` writes ``~/.docker/contexts``, asked as a file that decides what runs later.)
  Uncapped, as recoverable or the project's own: ``docker compose down [-v]`` of the working folder's
  project (its own volumes, which ``up`` makes again: agents reset a test database this way), ``docker rm
  [-vf] NAME`` (one named container -- the one the agent started -- with its anonymous volumes, as ``docker
  stop NAME`` and ``killall node`` are by name), ``docker rmi NAME``, ``image prune`` without ``-a``
  (dangling layers), networks (no data: ``network create|rm|prune``; but session 26: one given a range the
  command names, ``--subnet``, or on the machine's own network, ``-d macvlan|ipvlan``, changes the machine's
  network), build caches (``builder prune``, ``buildx prune|rm``, as ``npm cache clean`` and ``go clean
  -modcache``), stopping (``minikube stop``, ``vagrant halt``, ``virsh destroy`` -- a forced power-off, the
  disk kept, as ``kill -9`` of a process by name; ``docker stop NAME``), and every listing. Stopping, killing,
  pausing or restarting every container (``docker stop $(docker ps -q)``, ``podman stop -a``) asks as ``rm`` of
  them does (red team, session 21: every project's databases and servers stop).
- what another process holds or the machine's traffic (permissions.commands.peeks), and the machine's credential
  stores dumped or read -- the registry's SAM, SECURITY and SYSTEM hives and password keys, LSASS's memory, the
  dumpers, shadow copies, crackers, Kerberos' keys (permissions.commands.dumps; its readers are registered here and
  a dumper's name is searched in every segment's words); PowerShell's ``. PROGRAM`` is read as PROGRAM.

Project work stays uncapped: ``npm install``, ``pip install -r requirements.txt``, ``pip install -e .``,
``cargo build``, ``go build``, ``git config user.name x``, ``git config --global --get user.name``,
``crontab -l``, ``systemctl status x``, ``brew list``, ``npm ls -g``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from permissions.commands.captures import CAPTURE_READERS
from permissions.commands.devices import DEVICE_READERS
from permissions.commands.dumps import DUMP_READERS, DUMPED, dump_hint
from permissions.commands.interpreters import setup_py_commands
from permissions.commands.kept_elsewhere import KEPT_READERS
from permissions.commands.network_settings import NETWORK_READERS, REROUTED
from permissions.commands.options import normalised, spellings
from permissions.commands.peeks import PEEK_READERS, WIFI, nmcli_secrets
from permissions.commands.syntax import plain_words
from permissions.commands.views import is_assignment

__all__ = ["MACHINE_VERBS", "machine_change", "plain_words"]

# What each family changes: the end of the sentence a person reads ("'npm i -g x' installs ...").
POWER = "shuts down, restarts or changes the machine's services, outside the project"
SCHEDULE = "leaves commands to run later on the machine, outside the project"
SIGNAL = "signals processes the command did not start (every process, or the system's own)"
HOOK_SIGNAL = (
    "signals processes Brabo's hook may run as (a hook stopped or killed cannot answer, and the agent then runs"
    " its tool unchecked)"
)
SESSION = (
    "signals the user's desktop session, terminals, shells or key agents -- processes the command did not start,"
    " outside the project"
)
EVERY_PROJECT = (
    "stops or kills what every project of the machine runs (every container, every tmux session, every app of"
    " the user's process manager), not only the command's own, outside the project"
)
INSTALL = "installs outside the project (a global install)"
SETTINGS = "changes settings outside the project (the user's or the system's)"
KEYCHAIN = "changes a keychain or the login, outside the project"
LOCAL_CLUSTER = (
    "starts a local cluster and writes its admin credentials into the home folder's kubeconfig, switching kubectl"
    " to it, outside the project"
)
APPS = "drives other applications or the system, outside the project"
TRUST = "changes which certificates the machine trusts (a new authority can read its encrypted traffic)"
CLOCK = "sets the machine's clock, outside the project"
NETWORK = "changes the machine's network or firewall, outside the project"
DISKS = "mounts, unmounts or changes the machine's disks, outside the project"
KERNEL = "loads or unloads code in the machine's kernel, outside the project"
ACCOUNTS = "changes the machine's users and groups, or who may act as its administrator, outside the project"
PRIVILEGES = "gives a program privileges of the system's (file capabilities), outside the project"
FILE_FLAGS = (
    "sets or clears a file's immutable or append-only flag, a protection only an administrator may change"
)
RESTARTS = "leaves a container the engine starts again by itself (when it or the machine restarts), outside the project"
PROTECTIONS = (
    "switches off or changes the machine's security protections (SELinux, AppArmor, the audit log, the antivirus,"
    " the boot's integrity checks), outside the project"
)
ENGINE_DATA = (
    "removes the container engine's containers, images or volumes wholesale (other projects' data with them),"
    " outside the project"
)
VOLUME = "removes a container volume and the data kept in it, outside the project"
OTHER_COMPOSE = (
    "removes the volumes of the Compose project it names (-p, COMPOSE_PROJECT_NAME), which may be another"
    " project's, outside the project"
)
MACHINES = (
    "deletes a virtual machine, a local cluster or a saved state of one, with whatever was made in it, outside"
    " the project"
)
MARKS = (
    "removes the mark the system checks a downloaded program by (Gatekeeper's quarantine, Windows' Mark of the"
    " Web), so it then runs unchecked"
)

_HELPS = frozenset({"--help", "--version", "help"})
# The help options of the tools that take ``help`` as a name too (``multipass delete help --all`` deletes): the
# deleting rows below and the container engines.
_NAMED_HELPS = frozenset({"--help", "-h"})


def _forms(spec: str) -> frozenset[str]:
    """``"list services+list"``: space-separated subcommand forms, ``+`` joining the words of one form."""
    return frozenset(spec.split())


class Sub:
    """A tool whose subcommand decides. ``reads`` set: a closed list -- any other subcommand (and a bare run when
    ``bare``) changes the machine; else ``writes`` is the open list of the forms that do. A form is a word or
    ``word+word`` (``services+start``); a word in ``groups`` is decided by the word after it. ``values``: options
    known to take the next word; ``write_flags``: options that are such a change wherever they stand
    (``networksetup -setdnsservers``, ``nix-env -i``); ``read_flags``: options after which the run only prints."""

    __slots__ = (
        "bare",
        "depth",
        "family",
        "groups",
        "read_flags",
        "reads",
        "values",
        "write_flags",
        "writes",
    )

    def __init__(
        self,
        family: str,
        reads: str | None = None,
        writes: str = "",
        *,
        values: str = "",
        bare: bool = False,
        groups: str = "",
        write_flags: str = "",
        read_flags: str = "",
        helps: frozenset[str] = _HELPS,
    ) -> None:
        self.family = family
        self.reads = None if reads is None else _forms(reads)
        self.writes = _forms(writes)
        # forms of three words or more (``container+clusters+get-credentials``): the longest one's length
        self.depth = max((f.count("+") + 1 for f in self.writes), default=1)
        self.values = frozenset(values.split())
        self.bare = bare
        self.groups = frozenset(groups.split())
        self.write_flags = tuple(write_flags.split())
        self.read_flags = frozenset(read_flags.split()) | helps


def _readings(args: Sequence[str], values: frozenset[str], closed: bool) -> list[list[str]]:
    """The subcommand words of each reading: options in ``values`` take the next word, any other takes none.
    For an open list (``closed`` False) the first option not known, written without ``=`` and followed by a
    word, may take that word: that is a second reading (``apt -o Dpkg::Opt=x install y``). A closed list of
    reads is read the first way only, its row listing the tool's options that take a value: the flags agents
    add (``systemctl --no-pager status x``) keep a read a read."""
    first = plain_words(args, values)
    if closed:
        return [first]
    skip = False
    for k, w in enumerate(args):
        if skip:
            skip = False
            continue
        if w == "--":
            break
        if w[:1] != "-" or len(w) < 2:
            continue
        if w in values:
            skip = True
        elif "=" not in w and k + 1 < len(args) and args[k + 1][:1] != "-":
            second = plain_words((*args[:k], *args[k + 2 :]), values)
            return [first, second]
    return [first]


def _sub_changes(tool: Sub, words: list[str]) -> bool:
    """One reading's subcommand words, by the tool's row."""
    if not words:
        return tool.bare
    first = words[0].lower()
    pair = f"{first}+{words[1].lower()}" if len(words) > 1 else first
    if tool.reads is not None:
        if first in tool.groups:
            return pair not in tool.reads and not (len(words) == 1 and first in tool.reads)
        return first not in tool.reads and pair not in tool.reads
    if first in tool.writes or pair in tool.writes:
        return True
    return any("+".join(words[:n]).lower() in tool.writes for n in range(3, min(tool.depth, len(words)) + 1))


def _by_row(tool: Sub, view: tuple[str, ...]) -> str | None:
    args = view[1:]
    if any(w in tool.read_flags for w in args):
        return None
    if tool.write_flags and any(w.startswith(tool.write_flags) for w in args):
        return tool.family
    if any(_sub_changes(tool, words) for words in _readings(args, tool.values, tool.reads is not None)):
        return tool.family
    return None


# -- power and services ---------------------------------------------------------------------------------------
_SYSTEMCTL_VALUES = (
    "-t --type -p --property -P --state -H --host -M --machine -n --lines -o --output -s --signal --kill-whom"
    " --kill-value --root --image --job-mode --what --timestamp --boot-loader-entry --boot-loader-menu"
    " --reboot-argument --message --when --drop-in --preset-mode --marked --check-inhibitors"
)
_PKG_READS = "list ls search info show query help --version -V"


def _deletes(writes: str, values: str = "") -> Sub:
    """A row of the tools deleting virtual machines and local clusters: ``help`` may be a machine's name."""
    return Sub(MACHINES, writes=writes, values=values, helps=_NAMED_HELPS)


ROWS: dict[str, Sub] = {
    # -- power and services
    "shutdown": Sub(POWER, bare=True, writes="*"),
    "reboot": Sub(POWER, bare=True, writes="*"),
    "halt": Sub(POWER, bare=True, writes="*"),
    "poweroff": Sub(POWER, bare=True, writes="*"),
    "init": Sub(POWER, writes="0 1 2 3 4 5 6 s S q Q u U"),
    "telinit": Sub(POWER, writes="0 1 2 3 4 5 6 s S q Q u U"),
    "systemctl": Sub(
        POWER,
        "status show cat list-units list-unit-files list-sockets list-timers list-jobs list-dependencies"
        " list-machines list-automounts list-paths is-active is-failed is-enabled is-system-running"
        " get-default show-environment help",
        values=_SYSTEMCTL_VALUES,
    ),
    "launchctl": Sub(
        POWER,
        "list print print-cache print-disabled plist procinfo hostinfo resolveport examine blame dumpstate"
        " dumpjetsamproperties managerpid manageruid managername version help error variant getenv limit",
        groups="limit",
        read_flags="-h",
    ),
    "loginctl": Sub(
        KEYCHAIN,
        "list-sessions session-status show-session list-users user-status show-user list-seats seat-status"
        " show-seat",
        values="-p --property -n --lines -o --output -H --host -M --machine -s --signal --kill-whom",
    ),
    "pmset": Sub(POWER, bare=False, writes="*", read_flags="-g"),
    "rc-update": Sub(POWER, "show", bare=False),
    "update-rc.d": Sub(POWER, writes="*"),
    "chkconfig": Sub(POWER, writes="*", read_flags="--list"),
    "sv": Sub(POWER, "status s check"),
    "initctl": Sub(POWER, "status list show-config check-config version help"),
    # -- schedulers
    "atrm": Sub(SCHEDULE, writes="*"),
    "schtasks": Sub(SCHEDULE, bare=False, write_flags="/create /change /delete /run /end"),
    # -- global installs: brew, the system package managers, runtime version managers
    "brew": Sub(
        INSTALL,
        "list ls info abv search desc home homepage deps uses leaves outdated config doctor dr help commands"
        " shellenv missing options formulae casks tap-info log cat fetch audit livecheck which-formula"
        " services services+list"
        " services+info bundle+check bundle+list bundle+dump bundle+exec tap analytics developer",
        groups="services bundle tap analytics developer",
        values="--prefix --cellar --cache --repository --repo --caskroom --env",
    ),
    "port": Sub(
        INSTALL, writes="install uninstall upgrade selfupdate sync activate deactivate select load unload"
    ),
    "mas": Sub(INSTALL, writes="install lucky purchase uninstall upgrade signin signout"),
    "apt": Sub(
        INSTALL,
        writes="install remove purge upgrade full-upgrade dist-upgrade autoremove autopurge"
        " update reinstall build-dep satisfy",
    ),
    "apt-get": Sub(
        INSTALL,
        writes="install remove purge upgrade dist-upgrade autoremove autopurge update"
        " reinstall build-dep satisfy markauto unmarkauto",
    ),
    "aptitude": Sub(
        INSTALL,
        writes="install remove purge upgrade safe-upgrade full-upgrade update reinstall"
        " markauto unmarkauto hold unhold",
    ),
    "apt-mark": Sub(INSTALL, writes="hold unhold auto manual minimize-manual"),
    # (dnf5: its next major version; tdnf: Photon OS's)
    **dict.fromkeys(
        ("dnf", "dnf5", "tdnf"),
        Sub(
            INSTALL,
            writes="install remove erase upgrade update downgrade reinstall autoremove distro-sync"
            " group+install group+remove module+enable module+install swap",
        ),
    ),
    "yum": Sub(
        INSTALL,
        writes="install remove erase upgrade update downgrade reinstall autoremove distro-sync"
        " groupinstall groupremove swap localinstall",
    ),
    "microdnf": Sub(INSTALL, writes="install remove upgrade update reinstall"),
    # red team (session 35): more distributions' package managers -- Void's, Gentoo's (any run but a search or a
    # pretend changes the system, `emerge --sync` and `emerge -uDN @world` included), Solus', Clear Linux's,
    # openSUSE's transactional updates, nala (apt's front end), pkgsrc's pkgin, PackageKit's pkcon and Fedora
    # Atomic's rpm-ostree (both through polkit: a desktop session needs no sudo), Guix's profile and system,
    # and Playwright's system dependencies (it runs `sudo apt-get install` itself)
    **dict.fromkeys(
        ("xbps-install", "xbps-remove"),
        Sub(INSTALL, bare=True, writes="*", read_flags="-n --dry-run -V --version"),
    ),
    "emerge": Sub(
        INSTALL,
        bare=True,
        writes="*",
        read_flags="-p --pretend -s --search -S --searchdesc --info -V --version --list-sets",
    ),
    "eopkg": Sub(
        INSTALL,
        writes="install it remove rm upgrade up update-repo ur add-repo ar remove-repo rr enable-repo er"
        " disable-repo dr remove-orphans rmo autoremove",
    ),
    "swupd": Sub(
        INSTALL,
        writes="bundle-add bundle-remove update repair autoupdate os-install 3rd-party+add 3rd-party+remove"
        " 3rd-party+bundle-add 3rd-party+bundle-remove 3rd-party+update",
        groups="3rd-party",
    ),
    "transactional-update": Sub(INSTALL, bare=True, writes="*"),
    "nala": Sub(
        INSTALL,
        writes="install remove purge upgrade full-upgrade update autoremove autopurge fetch history+undo"
        " history+redo",
        groups="history",
    ),
    "pkgin": Sub(
        INSTALL,
        writes="install in remove rm upgrade ug full-upgrade fug update up autoremove ar import im",
        values="-c -t",
    ),
    "pkcon": Sub(
        INSTALL,
        writes="install install-local remove update upgrade-system refresh repo-enable repo-disable"
        " repo-set-data repo-remove offline-trigger offline-update",
    ),
    "rpm-ostree": Sub(
        INSTALL,
        writes="install uninstall upgrade update rebase deploy rollback override kargs initramfs"
        " initramfs-etc apply-live reset cleanup usroverlay",
    ),
    "guix": Sub(
        INSTALL,
        writes="install remove upgrade package pull system+reconfigure system+roll-back"
        " system+switch-generation home+reconfigure",
        groups="system home",
        read_flags="-I --list-installed -A --list-available -s --search -l --list-generations",
    ),
    "playwright": Sub(INSTALL, writes="install-deps", write_flags="--with-deps"),
    "zypper": Sub(
        INSTALL,
        writes="in install rm remove up update dup dist-upgrade patch addrepo ar removerepo rr refresh ref",
    ),
    "apk": Sub(INSTALL, writes="add del upgrade update fix"),
    "snap": Sub(
        INSTALL,
        writes="install remove refresh revert enable disable connect disconnect set unset"
        " alias unalias switch",
    ),
    "flatpak": Sub(
        INSTALL,
        writes="install uninstall update remote-add remote-delete remote-modify override make-current",
    ),
    "pkg": Sub(INSTALL, writes="install add delete remove upgrade update autoremove"),
    "winget": Sub(
        INSTALL,
        writes="install add uninstall remove rm upgrade update import configure settings"
        " source+add source+remove source+reset",
    ),
    "choco": Sub(INSTALL, writes="install uninstall upgrade pin source feature config apikey"),
    "scoop": Sub(
        INSTALL, writes="install uninstall update reset hold unhold bucket+add bucket+rm config cleanup"
    ),
    "nix-channel": Sub(INSTALL, write_flags="--add --remove --update --rollback"),
    "nix-env": Sub(
        INSTALL,
        write_flags="-i --install -e --uninstall -u --upgrade --set --rollback"
        " --switch-generation -G --delete-generations -iA",
    ),
    "nix": Sub(
        INSTALL,
        writes="profile+install profile+add profile+remove profile+upgrade profile+rollback"
        " profile+wipe-history registry+add registry+pin registry+remove",
    ),
    "pipx": Sub(
        INSTALL, "list run environment completions interpreter interpreter+list", groups="interpreter"
    ),
    "nvm": Sub(INSTALL, writes="install uninstall alias unalias reinstall-packages install-latest-npm"),
    "fnm": Sub(INSTALL, writes="install uninstall default alias unalias"),
    "volta": Sub(INSTALL, writes="install uninstall setup fetch"),
    "pyenv": Sub(INSTALL, writes="install uninstall global"),
    "rbenv": Sub(INSTALL, writes="install uninstall global"),
    "nodenv": Sub(INSTALL, writes="install uninstall global"),
    "goenv": Sub(INSTALL, writes="install uninstall global"),
    "jenv": Sub(INSTALL, writes="add remove global enable-plugin disable-plugin"),
    "sdk": Sub(INSTALL, writes="install i uninstall rm default d selfupdate update flush"),
    "asdf": Sub(
        INSTALL,
        writes="install uninstall global plugin+add plugin+remove plugin-add plugin-remove"
        " plugin+update plugin-update",
    ),
    "rustup": Sub(
        INSTALL,
        "show which run completions doc man default toolchain target component override toolchain+list"
        " target+list component+list override+list",
        groups="default toolchain target component override",
        read_flags="-V",
    ),
    "composer": Sub(INSTALL, writes="self-update selfupdate global"),
    # red team (session 19): more languages' user-level installs -- OCaml's current switch, Racket's packages,
    # PHP's extensions, Elixir's archives and escripts (~/.mix: in every mix project), fish's and oh-my-zsh's
    # plugins (every later shell)
    "opam": Sub(
        INSTALL,
        writes="install remove uninstall reinstall upgrade update pin unpin init switch+create switch+remove"
        " switch+set switch+import switch+link repo+add repository+add repo+remove repository+remove option",
        values="--switch --root",
    ),
    "raco": Sub(INSTALL, writes="pkg+install pkg+remove pkg+update pkg+migrate"),
    "pecl": Sub(INSTALL, writes="install uninstall upgrade upgrade-all channel-discover channel-add"),
    # red team (session 35): Haxe's library repository (a folder outside the project, or the system's), JBang's
    # apps (a command on PATH) and trusted sources (the scripts it then runs unasked), V's modules (~/.vmodules)
    "haxelib": Sub(INSTALL, writes="install git hg dev update upgrade remove setup set"),
    "jbang": Sub(INSTALL, writes="app+install app+uninstall app+setup trust+add", groups="app trust"),
    "v": Sub(INSTALL, writes="install remove update upgrade up self"),
    "mix": Sub(
        INSTALL,
        writes="archive.install archive.uninstall escript.install escript.uninstall local.hex local.rebar"
        " local.phx",
    ),
    "fisher": Sub(INSTALL, writes="install remove update"),
    "omz": Sub(SETTINGS, writes="plugin+enable plugin+disable theme+set theme+use update reload"),
    "poetry": Sub(INSTALL, writes="self"),
    "pdm": Sub(INSTALL, writes="self"),
    # -- settings
    "defaults": Sub(SETTINGS, writes="write delete import rename"),
    "gsettings": Sub(SETTINGS, writes="set reset reset-recursively"),
    "dconf": Sub(SETTINGS, writes="write reset load update"),
    "xdg-settings": Sub(SETTINGS, writes="set"),
    "xdg-mime": Sub(SETTINGS, writes="default install uninstall"),
    "kwriteconfig5": Sub(SETTINGS, writes="*", bare=True),
    "kwriteconfig6": Sub(SETTINGS, writes="*", bare=True),
    "duti": Sub(SETTINGS, write_flags="-s"),
    "timedatectl": Sub(SETTINGS, writes="set-time set-timezone set-local-rtc set-ntp"),
    "hostnamectl": Sub(
        SETTINGS,
        writes="set-hostname set-icon-name set-chassis set-deployment set-location"
        " hostname icon-name chassis deployment location",
    ),
    "localectl": Sub(SETTINGS, writes="set-locale set-keymap set-x11-keymap"),
    "update-alternatives": Sub(SETTINGS, write_flags="--install --remove --set --config --auto --remove-all"),
    "xcode-select": Sub(SETTINGS, write_flags="-s --switch -r --reset --install"),
    "softwareupdate": Sub(
        SETTINGS,
        write_flags="-i --install -a --all --schedule --background --download --install-rosetta",
        read_flags="-l --list --history",
    ),
    "systemsetup": Sub(SETTINGS, write_flags="-set"),
    # red team: the machine's trust store -- a certificate authority added is one every TLS client of the
    # machine trusts (mkcert's local CA, p11-kit's `trust anchor`, Debian's and Fedora's store rebuilt from
    # the anchors folders, Java's `cacerts`, NSS's databases, Windows' stores); listing them stays a read
    "update-ca-certificates": Sub(TRUST, writes="*", bare=True),
    "update-ca-trust": Sub(TRUST, writes="*", bare=True),
    "trust": Sub(TRUST, writes="anchor extract-compat"),
    "mkcert": Sub(TRUST, write_flags="-install -uninstall"),
    "keytool": Sub(TRUST, write_flags="-cacerts", read_flags="-list -printcert -printcertreq -printcrl"),
    "certutil": Sub(
        TRUST,
        write_flags="-A -D -M -N -E -F -R --merge --upgrade-merge -addstore -delstore -importPFX -repairstore"
        " -installCert -setreg",
    ),
    # ... the clock: every later certificate check, build timestamp and log time hangs on it
    "ntpdate": Sub(CLOCK, writes="*", read_flags="-q -d"),
    "sntp": Sub(CLOCK, write_flags="-S -s --step --slew"),
    "rdate": Sub(CLOCK, writes="*", read_flags="-p"),
    "htpdate": Sub(CLOCK, writes="*", read_flags="-q"),
    "hwclock": Sub(CLOCK, write_flags="-w --systohc -s --hctosys --set -a --adjust --systz --predict"),
    "chronyc": Sub(CLOCK, writes="makestep settime manual offline online burst local add delete"),
    "chronyd": Sub(CLOCK, write_flags="-q -Q"),
    # ... the session's display and keyboard (a monitor switched off, keys remapped)
    "xrandr": Sub(
        SETTINGS,
        write_flags="--output --off --auto --mode --rate --rotate --primary --brightness --gamma --setmonitor"
        " --delmonitor --newmode --rmmode --addmode --delmode --dpi --fb --size -s --orientation -o --reflect"
        " --setprovider",
    ),
    "xset": Sub(SETTINGS, writes="*", read_flags="q -q"),
    "setxkbmap": Sub(
        SETTINGS,
        bare=False,
        # red team: the layout as an operand (`setxkbmap dvorak`), as its options give it
        writes="*",
        values="-layout -model -variant -option -rules -keycodes -types -compat -symbols -geometry -keymap -I"
        " -display -device -config",
        write_flags="-layout -model -variant -option -rules -keycodes -types"
        " -compat -symbols -geometry -keymap -I",
        read_flags="-query -print",
    ),
    "xmodmap": Sub(SETTINGS, writes="*", write_flags="-e", read_flags="-pm -pk -pke -pp -n"),
    # red team, off the sandbox: the session's input devices, screen brightness, sound and Bluetooth, changed -- a
    # keyboard or a mouse disabled (`xinput disable 12`), the screen dark, the sound muted, Bluetooth switched off
    # (the user's wireless keyboard, mouse and headphones gone); listing and reading them stays
    "xinput": Sub(
        SETTINGS,
        "list --list query-state --query-state list-props --list-props watch-props --watch-props test --test"
        " test-xi2 --test-xi2 version --version get-button-map --get-button-map get-feedbacks --get-feedbacks"
        " help --help",
    ),
    "brightnessctl": Sub(
        SETTINGS, writes="set s", values="-d --device -c --class -e --exponent -n --min-value"
    ),
    "xbacklight": Sub(SETTINGS, write_flags="-set -inc -dec -= -+", read_flags="-get -getf"),
    "amixer": Sub(SETTINGS, writes="set sset cset", values="-c --card -D --device -s --stdin"),
    "pactl": Sub(
        SETTINGS,
        "list info stat get-default-sink get-default-source get-sink-volume get-sink-mute get-source-volume"
        " get-source-mute subscribe help --help --version",
        values="-s --server -n --client-name -f --format",
    ),
    "wpctl": Sub(SETTINGS, "status inspect get-volume settings help --help"),
    "bluetoothctl": Sub(NETWORK, "list show devices paired-devices info version help --version --help"),
    # macOS's keys remapped (`hidutil property --set '{"UserKeyMapping": …}'`)
    "hidutil": Sub(SETTINGS, write_flags="--set -s"),
    # ... and the session ended or locked: a logout drops every unsaved window of the user's
    **dict.fromkeys(
        ("gnome-session-quit", "xfce4-session-logout", "cinnamon-session-quit", "lxqt-leave"),
        Sub(POWER, bare=True, writes="*"),
    ),
    "mate-session-save": Sub(POWER, write_flags="--logout --force-logout --logout-dialog --shutdown-dialog"),
    "xdg-screensaver": Sub(SESSION, writes="lock activate"),
    "networksetup": Sub(
        SETTINGS, write_flags="-set -add -remove -create -delete -switch -order -connect -disconnect"
    ),
    "scutil": Sub(SETTINGS, write_flags="--set"),
    # red team, off the sandbox: Spotlight's indexing switched off, its index erased or removed (`mdutil -a -i
    # off`, `-E`, `-d`, `-X`: every volume's search, or the one the path lies on); `-s` prints the status
    "mdutil": Sub(SETTINGS, write_flags="-i -d -E -X -p"),
    # ... the displays' layout (displayplacer: every word but its listing is one), NirCmd's system acts (volume,
    # monitor, registry, power, windows: every form is an act), KDE's themes, cursor, wallpaper and look and feel
    "displayplacer": Sub(SETTINGS, "list --help -h --version -v"),
    **dict.fromkeys(("nircmd", "nircmdc", "nircmd.exe", "nircmdc.exe"), Sub(SETTINGS, writes="*")),
    **dict.fromkeys(
        (
            "plasma-apply-colorscheme",
            "plasma-apply-wallpaperimage",
            "plasma-apply-cursortheme",
            "plasma-apply-desktoptheme",
            "plasma-apply-lookandfeel",
            "lookandfeeltool",
        ),
        Sub(SETTINGS, writes="*", read_flags="--list-schemes --list-themes --list -l"),
    ),
    "nvram": Sub(SETTINGS, bare=False, writes="*", read_flags="-p -x"),
    "spctl": Sub(
        SETTINGS,
        # red team: and its subcommand forms (`spctl kext-consent disable`, `spctl developer-mode enable-terminal`)
        writes="kext-consent+enable kext-consent+disable kext-consent+add kext-consent+remove"
        " developer-mode+enable-terminal",
        write_flags="--master-disable --master-enable --global-disable --global-enable"
        " --enable --disable --add --remove",
    ),
    "csrutil": Sub(SETTINGS, writes="enable disable clear authenticated-root netboot"),
    "tmutil": Sub(
        SETTINGS,
        "status listbackups destinationinfo latestbackup machinedirectory listlocalsnapshots"
        " compare calculatedrift isexcluded uniquesize verifychecksums version",
    ),
    "fdesetup": Sub(SETTINGS, writes="enable disable changerecovery removerecovery add remove sync"),
    # red team: a copy made without the download's quarantine (`ditto --noqtn`, every extended attribute with
    # `--noextattr`), and Sysinternals' `streams -d` deleting the Zone.Identifier stream (xattr is read below)
    "ditto": Sub(MARKS, write_flags="--noqtn --noextattr"),
    # red team: the other protections a program fetched would meet -- SELinux put in permissive mode, AppArmor's
    # profiles unloaded or made to complain, the audit rules deleted or auditing off, Defender for macOS and Linux
    # switched off or given exclusions, Windows' boot integrity and signing checks (bcdedit)
    "setenforce": Sub(PROTECTIONS, writes="*"),
    **dict.fromkeys(
        ("aa-disable", "aa-complain", "aa-enforce", "aa-audit", "aa-remove-unknown"),
        Sub(PROTECTIONS, writes="*"),
    ),
    "apparmor_parser": Sub(PROTECTIONS, write_flags="-R --remove -r --replace -a --add"),
    "auditctl": Sub(
        PROTECTIONS,
        write_flags="-e -D -a -A -d -w -W -b -f -r -R --backlog_wait_time --reset-lost --loginuid-immutable",
    ),
    "mdatp": Sub(
        PROTECTIONS,
        writes="config exclusion+folder exclusion+file exclusion+process exclusion+extension threat+allowed"
        " uninstall",
    ),
    "bcdedit": Sub(
        PROTECTIONS,
        write_flags="/set -set /deletevalue -deletevalue /delete -delete /create -create /import -import /copy -copy"
        " /default -default /bootsequence -bootsequence /displayorder -displayorder /debug -debug /bootdebug"
        " -bootdebug /hypervisorsettings -hypervisorsettings /dbgsettings -dbgsettings /timeout -timeout /ems -ems"
        " /bootems -bootems /store -store /SET -SET",
    ),
    **dict.fromkeys(("streams", "streams64"), Sub(MARKS, write_flags="-d")),
    # the editors' extensions, and (red team) an MCP server added to the user's profile -- a command the
    # editor's agent runs, in every project (`code --add-mcp '{"name":"x","command":"sh",...}'`)
    **dict.fromkeys(
        ("code", "code-insiders", "codium", "cursor", "windsurf"),
        Sub(INSTALL, write_flags="--install-extension --uninstall-extension --add-mcp"),
    ),
    # red team, off the sandbox: what the settings rows above did not reach on a developer's laptop.
    # ... what runs at login or at boot, and which application opens a type or a URL scheme: macOS's login and
    # background items (sfltool), LaunchServices' registrations (lsregister), privacy grants (tccutil reset),
    # configuration profiles (proxies, certificates, restrictions); the desktop's launchers and their MIME
    # types (xdg-desktop-menu, gio mime TYPE APP); GNOME's and Plasma's extensions (code the desktop shell runs
    # at every login); pm2's boot script and saved process list (what it starts again at boot)
    "sfltool": Sub(SCHEDULE, "dumpbtm help"),
    "lsregister": Sub(
        SETTINGS, writes="*", write_flags="-f -R -r -u -kill -delete -seed -gc", read_flags="-dump"
    ),
    "tccutil": Sub(SETTINGS, writes="reset"),
    "profiles": Sub(SETTINGS, "list show status validate version help", write_flags="-I -R -D"),
    "xdg-desktop-menu": Sub(SETTINGS, writes="install uninstall forceupdate"),
    "xdg-desktop-icon": Sub(SETTINGS, writes="install uninstall"),
    "xdg-icon-resource": Sub(SETTINGS, writes="install uninstall forceupdate"),
    "gnome-extensions": Sub(INSTALL, writes="install enable disable uninstall reset"),
    **dict.fromkeys(
        ("kpackagetool5", "kpackagetool6", "plasmapkg2"),
        Sub(INSTALL, write_flags="-i --install -u --upgrade -r --remove"),
    ),
    "pm2": Sub(SCHEDULE, writes="startup unstartup save resurrect"),
    # ... the network and the firewall: interfaces, routes, radios, connections and the packet filter (a
    # firewall switched off, a route or a DNS server that sends the machine's traffic elsewhere); listing them
    # stays a read
    "ufw": Sub(NETWORK, "status show version help app+list app+info", groups="app"),
    **dict.fromkeys(
        ("iptables", "ip6tables", "iptables-nft", "iptables-legacy", "ebtables", "arptables"),
        Sub(
            NETWORK,
            write_flags="-A --append -D --delete -I --insert -R --replace -F --flush -Z --zero -N --new-chain"
            " -X --delete-chain -P --policy -E --rename-chain",
        ),
    ),
    **dict.fromkeys(
        ("iptables-restore", "ip6tables-restore", "iptables-apply"),
        Sub(NETWORK, writes="*", bare=True, read_flags="-t --test"),
    ),
    "nft": Sub(NETWORK, "list describe monitor help", write_flags="-f --file -i --interactive"),
    "firewall-cmd": Sub(
        NETWORK,
        write_flags="--add --remove --set- --new --delete --reload --complete-reload --runtime-to-permanent"
        " --panic- --change --lockdown- --reset --load",
    ),
    "pfctl": Sub(NETWORK, write_flags="-e -d -f -F -k -K -T"),
    "route": Sub(NETWORK, writes="add del delete change flush replace", write_flags="-f"),
    "rfkill": Sub(NETWORK, writes="block unblock toggle"),
    "ipconfig": Sub(NETWORK, writes="set setverbose waitall", write_flags="/release /renew /setclassid"),
    # ... disks and mounts (a volume erased, unmounted, or another file system mounted into the user's paths)
    "umount": Sub(DISKS, writes="*", bare=True),
    **dict.fromkeys(
        ("swapon", "swapoff"),
        Sub(DISKS, writes="*", bare=True, read_flags="-s --summary --show"),
    ),
    "diskutil": Sub(
        DISKS,
        "list info information activity listfilesystems verifyvolume verifydisk apfs+list apfs+listcryptousers"
        " apfs+listsnapshots apfs+listvolumegroups cs+list corestorage+list ar+list appleraid+list",
        groups="apfs cs corestorage ar appleraid",
    ),
    "hdiutil": Sub(DISKS, writes="attach detach eject mount unmount mountvol burn erasekeys"),
    "udisksctl": Sub(DISKS, writes="mount unmount lock unlock power-off loop-setup loop-delete"),
    "eject": Sub(DISKS, writes="*", bare=True, read_flags="-n --noop -d --default"),
    # ... code loaded into the kernel (modules, macOS kernel and system extensions)
    "modprobe": Sub(
        KERNEL,
        writes="*",
        read_flags="-n --dry-run -c --showconfig --show-depends -D -R --resolve-alias -V --version",
    ),
    **dict.fromkeys(("insmod", "rmmod", "kextload", "kextunload"), Sub(KERNEL, writes="*")),
    "kextutil": Sub(KERNEL, writes="*", read_flags="-n --no-load"),
    "kmutil": Sub(KERNEL, writes="load unload install clear-staging"),
    "systemextensionsctl": Sub(KERNEL, "list help"),
    # -- keychains and the login
    "security": Sub(
        KEYCHAIN,
        "find-generic-password find-internet-password find-certificate find-identity find-key dump-keychain"
        " dump-trust-settings show-keychain-info verify-cert error help leaks smartcards cms"
        " authorizationdb+read list-keychains default-keychain login-keychain",
        groups="authorizationdb",
        read_flags="-h",
    ),
    "secret-tool": Sub(KEYCHAIN, writes="store clear"),
    "pass": Sub(KEYCHAIN, "show ls list find search grep version help"),
    "chsh": Sub(KEYCHAIN, writes="*", bare=True, read_flags="-l --list-shells"),
    "chfn": Sub(KEYCHAIN, writes="*", bare=True),
    "passwd": Sub(KEYCHAIN, writes="*", bare=True, read_flags="-S --status"),
    **dict.fromkeys(
        (
            "useradd",
            "userdel",
            "usermod",
            "groupadd",
            "groupdel",
            "groupmod",
            "gpasswd",
            "chpasswd",
            "chage",
            "sysadminctl",
            "dsenableroot",
        ),
        Sub(KEYCHAIN, writes="*", bare=True),
    ),  # fmt: skip
    "dscl": Sub(KEYCHAIN, write_flags="-create -change -delete -append -merge -passwd"),
    # red team: Debian's user and group helpers (`adduser x sudo`), shadow's `groupmems`, FreeBSD's `pw`, the
    # editors of sudoers and the account files (macOS's dseditgroup is read below), and a program given
    # capabilities (`setcap cap_setuid+ep python3`: root's powers for whoever runs it)
    **dict.fromkeys(("adduser", "addgroup", "deluser", "delgroup"), Sub(ACCOUNTS, writes="*", bare=True)),
    "groupmems": Sub(ACCOUNTS, write_flags="-a --add -d --delete -p --purge"),
    "pw": Sub(ACCOUNTS, writes="useradd userdel usermod groupadd groupdel groupmod lock unlock"),
    "visudo": Sub(ACCOUNTS, writes="*", bare=True, read_flags="-c --check"),
    **dict.fromkeys(("vipw", "vigr"), Sub(ACCOUNTS, writes="*", bare=True)),
    "setcap": Sub(PRIVILEGES, writes="*", read_flags="-v --verify"),
    # red team, off the sandbox: virtual machines and local clusters deleted, or put back to a snapshot (the
    # state since it lost); stopping, listing and creating them stay (docker's and podman's machines, LXD's and
    # VirtualBox's are read by their own readers)
    "minikube": _deletes("delete", "-p --profile"),
    "kind": _deletes("delete"),
    "k3d": _deletes("cluster+delete cluster+rm registry+delete registry+rm node+delete node+rm"),
    "ctlptl": _deletes("delete"),
    **dict.fromkeys(("microk8s", "k0s", "kubeadm"), _deletes("reset")),
    "vagrant": _deletes("destroy snapshot+delete snapshot+pop snapshot+restore"),
    "multipass": _deletes("delete purge restore"),
    "colima": _deletes("delete", "-p --profile"),
    "limactl": _deletes("delete rm remove factory-reset snapshot+delete snapshot+apply"),
    "docker-machine": _deletes("rm remove"),
    "rdctl": _deletes("factory-reset"),
    "virsh": _deletes(
        "undefine vol-delete vol-wipe pool-delete snapshot-delete snapshot-revert",
        "-c --connect -d --debug -l --log -k --keepalive-interval -K --keepalive-count -e --escape",
    ),
    "prlctl": _deletes("delete snapshot-delete snapshot-switch"),
    "utmctl": _deletes("delete"),
    "tart": _deletes("delete"),
    **dict.fromkeys(("orb", "orbctl"), _deletes("delete reset")),
    "lxc-destroy": Sub(MACHINES, writes="*", bare=True),
}
# The `writes="*"` rows: every subcommand word (and `bare`) is the change.
_ANY = frozenset({"*"})


def _any_row(tool: Sub, view: tuple[str, ...]) -> str | None:
    args = view[1:]
    if any(w in tool.read_flags for w in args):
        return None
    if tool.bare or (tool.write_flags and any(w.startswith(tool.write_flags) for w in args)):
        return tool.family
    return tool.family if plain_words(args, tool.values) else None


# -- the tools read by their own function --------------------------------------------------------------------
def _kill_targets(args: tuple[str, ...]) -> tuple[str, list[str]] | None:
    """(the signal, the targets) of ``kill [-s SIG | -n NUM | -SIG] [--] TARGET...`` (bash's and procps'), or
    None for a listing (``kill -l``). Only the first word may name the signal; a dash-led number after it is
    a process group (``kill -9 -1``), other dash-led words are procps' own flags."""
    signal = "TERM"
    k = 0
    first = args[0] if args else ""
    if first in ("-l", "-L", "--list", "--table") or first.startswith("--list="):
        return None
    if first in ("-s", "-n", "--signal"):
        signal, k = (args[1] if len(args) > 1 else ""), 2
    elif first.startswith("--signal="):
        signal, k = first.partition("=")[2], 1
    elif first[:1] == "-" and len(first) > 1 and first != "--":
        signal, k = first[1:], 1
    targets = [w for w in args[k:] if w != "--" and (w[:1] != "-" or _number(w))]
    return signal, targets


def _number(word: str) -> bool:
    digits = word[1:] if word[:1] in "-+" else word
    return digits.isdigit()


def _kill(view: tuple[str, ...]) -> str | None:
    """``kill`` of pid 1 (init, launchd) or -1 (every process the user may signal), by any signal but 0 (which
    only asks whether it exists)."""
    read = _kill_targets(view[1:])
    if read is None:
        return None
    signal, targets = read
    if signal.upper().removeprefix("SIG") in ("0", "NULL", "EXIT"):
        return None
    if any(_number(t) and int(t) in (1, -1) for t in targets):
        return SIGNAL
    return None


# Patterns that match every process name or command line.
_MATCH_ALL = frozenset({"", ".", ".*", ".+", "^", "$", "^.*", ".*$", "^.*$", "^.", "(.*)", "[^]", "*"})
_PKILL_VALUES = frozenset(
    "-g --pgroup -G --group -P --parent -s --session -t --terminal -u --euid -U --uid -F --pidfile --signal"
    " --ns --nslist -c --count-only -r --runstates -e --echo -A".split()
)
_KILLALL_VALUES = frozenset("-u --user -s --signal -o --older-than -y --younger-than -n -Z --context".split())


def _pkill(view: tuple[str, ...]) -> str | None:
    """``pkill``/``killall`` of every process: a pattern matching everything (``pkill -f .``, ``killall -r .``,
    ``killall -m .``), every process of a user with no name given (``pkill -u me``, ``killall -u me``), or the
    children of pid 1 (``pkill -P 1``: every daemon). By name they reach only the user's matching processes --
    unless the name may be Brabo's hook client's (:func:`_hook_named`)."""
    args = view[1:]
    values = _PKILL_VALUES if view[0] == "pkill" else _KILLALL_VALUES
    names = plain_words(args, values)
    for k, w in enumerate(args):
        nxt = args[k + 1] if k + 1 < len(args) else ""
        if w in ("-P", "--parent") and nxt.split(",")[0] == "1" or w in ("-P1", "--parent=1"):
            return SIGNAL
    if names and any(n in _MATCH_ALL for n in names):
        return SIGNAL
    if not names and any(w in _EVERY_OF or w.startswith(("-u", "-t", "--terminal=")) for w in args):
        return SIGNAL
    return _named_signal(view[0], args, names) if names else None


# pkill's and killall's picks of every process of a user or of a terminal (the user's shell in it too)
_EVERY_OF = frozenset({"-u", "-U", "--euid", "--uid", "--user", "-t", "--terminal"})


def _named_signal(tool: str, args: Sequence[str], names: list[str]) -> str | None:
    """By name: HOOK_SIGNAL when the name may be Brabo's hook client's, SESSION when it may be the user's
    session's (a window server, a desktop shell, a terminal, a shell, a multiplexer's server, a key agent)."""
    if _hook_named(tool, args, names):
        return HOOK_SIGNAL
    if _picks(tool, args, names, _SESSION_NAMES, _SESSION_LINES):
        return SESSION
    return EVERY_PROJECT if _picks(tool, args, names, _RUNNERS_NAMES, _RUNNERS_LINES) else None


# R12.6 off the sandbox: Brabo's command hook is a process of its own for each tool call the agent makes --
# ``<python> -I -S …/brabo_client/fast_hook.py <agent> …`` (or ``brabo hook <agent>``) -- and an agent's CLI runs the
# tool when its hook is killed or stopped past the CLI's timeout. What pkill/killall/pgrep may match of it: its
# process name (the interpreter's, or the console script's) and, with ``-f``, its whole command line.
HOOK_NAMES = ("brabo", "python", "python3", "python3.11", "python3.12", "python3.13", "python3.14")
_HOOK_NAMES = HOOK_NAMES
_HOOK_LINES = tuple(
    line
    for agent in ("claude-code", "gemini-cli", "codex")
    for line in (
        f"/home/me/.venv/bin/python3 -I -S /home/me/.venv/lib/python3.11/site-packages/brabo_client/fast_hook.py"
        f" {agent} --url http://127.0.0.1:8000",
        f"/home/me/.local/bin/brabo hook {agent}",
        f"python3 -m brabo_client hook {agent}",
    )
)
_FULL_FLAGS = frozenset({"-f", "--full"})
_IGNORE_CASE = frozenset({"-i", "--ignore-case", "-I"})


# red team, off the sandbox: what the user's session runs that a project never starts -- killed, it logs the user
# out (loginwindow, WindowServer, the desktop shell, the display server), closes every terminal and the shells
# in them (the agent's own among them), ends every tmux or screen session, or drops the keys an agent holds.
# By name (``killall node``, ``pkill -f vite``: the project's own tools, maybe another project's) the rest stay.
_SESSION_NAMES = (
    "loginwindow", "WindowServer", "launchd", "Terminal", "iTerm2", "gnome-shell", "gnome-session",
    "gnome-session-binary", "plasmashell", "ksmserver", "kwin_x11", "kwin_wayland", "Xorg", "Xwayland", "X",
    "sway", "Hyprland", "i3", "xfce4-session", "xfwm4", "cinnamon", "mutter", "lxsession", "openbox", "weston",
    "sddm", "gdm", "gdm3", "lightdm", "systemd", "dbus-daemon", "gnome-terminal-server", "konsole", "xterm",
    "tilix", "terminator", "alacritty", "kitty", "wezterm", "wezterm-gui", "ghostty", "foot", "tmux", "screen",
    "SCREEN", "zellij", "ssh-agent", "gpg-agent", "gnome-keyring-daemon", "kwalletd5", "kwalletd6", "sshd",
    "login", "bash", "zsh", "fish", "dash", "ksh", "tcsh", "nu", "pwsh",
)  # fmt: skip
# ... and what runs every project's containers or apps: the container engine (Docker Desktop's backend, dockerd,
# containerd, the VMs that hold one) and pm2's daemon -- killed, every container or app stops with it
_RUNNERS_NAMES = (
    "Docker", "Docker Desktop", "com.docker.backend", "com.docker.vpnkit", "dockerd", "containerd", "colima",
    "limactl", "OrbStack", "Rancher Desktop", "podman", "PM2", "supervisord",
)  # fmt: skip
_RUNNERS_LINES = (
    *_RUNNERS_NAMES,
    "/Applications/Docker.app/Contents/MacOS/com.docker.backend",
    "/usr/bin/dockerd -H fd://",
    "PM2 v5.3.0: God Daemon (/home/me/.pm2)",
)
_SESSION_LINES = (
    *_SESSION_NAMES,
    "/System/Library/CoreServices/loginwindow.app/Contents/MacOS/loginwindow console",
    "/usr/libexec/gnome-terminal-server",
    "/usr/lib/xorg/Xorg vt2 -displayfd 3",
    "tmux new-session -d",
    "ssh-agent -s",
    "gpg-agent --homedir /home/me/.gnupg --use-standard-socket --daemon",
    "-zsh",
    "/bin/bash --login",
)


def _hook_named(tool: str, args: Sequence[str], names: list[str]) -> bool:
    """Whether ``pkill``/``pgrep``/``killall`` NAME may match Brabo's hook client (:func:`_picks`)."""
    return _picks(tool, args, names, _HOOK_NAMES, _HOOK_LINES)


def _picks(
    tool: str, args: Sequence[str], names: list[str], short: Sequence[str], lines: Sequence[str]
) -> bool:
    """Whether ``pkill``/``pgrep``/``killall`` NAME may match a process named one of ``short`` (its command line
    one of ``lines``): pkill and pgrep read NAME as an extended regular expression (``-f``: against the whole
    command line), killall as an exact name (``-r``: a regular expression). A pattern Python cannot compile may
    match anything: fail closed."""
    flags = {w for w in args if w[:1] == "-"}
    letters = {c for w in flags if w[:2] != "--" for c in w[1:]}
    full = bool(flags & _FULL_FLAGS) or (tool != "killall" and "f" in letters)
    nocase = (
        re.IGNORECASE
        if flags & _IGNORE_CASE or "i" in letters or (tool == "killall" and "I" in letters)
        else 0
    )
    regex = tool != "killall" or "r" in letters or "--regexp" in flags
    targets = lines if full else short
    for name in names:
        if not regex:
            if any(name == t or (nocase and name.lower() == t.lower()) for t in short):
                return True
            continue
        try:
            found = re.compile(name, nocase)
        except re.error:
            return True
        if any(found.search(t) for t in targets):
            return True
    return False


_SIGNAL_SENDERS = frozenset({"kill", "pkill", "killall", "skill"})
_LISTERS = frozenset({"ps", "pgrep", "pidof"})
_GREPS = frozenset({"grep", "egrep", "fgrep", "rg"})
_GREP_VALUES = frozenset("-e --regexp -f --file -m --max-count -A -B -C --context --color --colour".split())


def hook_signalled(seg_views: Sequence[Sequence[tuple[str, ...]]]) -> str | None:
    """A command that lists processes (``ps``, ``pgrep``, ``pidof``) and signals computed targets (``… | xargs
    kill -STOP``, ``kill $(ps … | grep …)``): HOOK_SIGNAL unless every listing picks by a name or a filter that
    keeps no line of Brabo's hook client -- ``pgrep -f 'manage.py runserver'``, ``ps -C node``, or a ``grep
    vite`` among the greps right after it (the pipeline's next stages). ``grep -v`` alone, an awk program, a
    grep elsewhere in the command or a pattern Python cannot compile is no such filter: fail closed. (pkill,
    killall and pgrep alone are read by their own readers.)"""
    sends = False
    listers: list[int] = []
    for i, views in enumerate(seg_views):
        for view in views:
            if not view:
                continue
            verb = view[0]
            if verb in _SIGNAL_SENDERS and (verb != "kill" or not _literal_pids(view[1:])):
                sends = True  # kill of computed targets or fed by xargs (a literal pid is a process the agent saw)
            elif verb in _LISTERS:
                listers.append(i)
    if not sends or not listers:
        return None
    if not all(_listing_excludes_hook(seg_views, i) for i in listers):
        return HOOK_SIGNAL
    return next((found for i in listers if (found := _listing_picks(seg_views, i)) is not None), None)


def _listing_picks(seg_views: Sequence[Sequence[tuple[str, ...]]], i: int) -> str | None:
    """red team (session 21): the listing of segment ``i`` picks the user's session or what runs every project's
    containers by name -- ``kill $(pgrep Terminal)``, ``pgrep -f ssh-agent | xargs kill``, ``ps aux | grep
    loginwindow | awk '{print $2}' | xargs kill`` -- as pkill of that name does (:func:`_named_signal`)."""
    for view in seg_views[i]:
        if view and view[0] in _LISTERS:
            found = _lister_picks(view)
            if found is not None:
                return found
    for views in seg_views[i + 1 :]:
        greps = [view for view in views if view and view[0] in _GREPS]
        if not greps:
            return None
        for view in greps:
            read = _grep_patterns(view)
            found = _named_signal("pgrep", ("-f", *read[1]), read[0]) if read and read[0] else None
            if found is not None:
                return found
    return None


def _lister_picks(view: tuple[str, ...]) -> str | None:
    """pgrep's patterns (as pkill's), pidof's names and ``ps -C NAME`` (as killall's)."""
    if view[0] == "pgrep":
        names = _names(view)
        return _named_signal("pkill", view[1:], names) if names else None
    if view[0] == "pidof":
        names = _names(view)
    else:
        names = [n for k, w in enumerate(view[1:-1], 1) if w == "-C" for n in view[k + 1].split(",")]
    return _named_signal("killall", (), names) if names else None


def _listing_excludes_hook(seg_views: Sequence[Sequence[tuple[str, ...]]], i: int) -> bool:
    """Whether the listing of segment ``i`` keeps no line of the hook client: by its own name (pgrep, pidof,
    ``ps -C``) or by one of the greps that follow it, up to the first segment that is no grep."""
    if any(view and view[0] in _LISTERS and _lister_excludes_hook(view) for view in seg_views[i]):
        return True
    for views in seg_views[i + 1 :]:
        greps = [view for view in views if view and view[0] in _GREPS]
        if not greps:
            return False
        if any(_grep_excludes_hook(view) for view in greps):
            return True
    return False


def _literal_pids(args: tuple[str, ...]) -> bool:
    read = _kill_targets(args)
    return read is None or (bool(read[1]) and all(_number(t) for t in read[1]))


def _names(view: tuple[str, ...]) -> list[str]:
    """The names a process picker is given: pgrep's patterns past its options' values, pidof's and skill's
    words that are no option."""
    if view[0] == "pgrep":
        return plain_words(view[1:], _PKILL_VALUES)
    return [w for w in view[1:] if w[:1] != "-"]


def _skill(view: tuple[str, ...]) -> str | None:
    """procps' ``skill [-SIGNAL] [-c] COMMAND…``: by exact command name, as killall; ``-u USER`` and ``-t TTY``
    pick every process of a user or a terminal (red team)."""
    if any(w in ("-u", "--user", "-t", "--tty") for w in view[1:]):
        return SIGNAL
    return HOOK_SIGNAL if any(n in _HOOK_NAMES for n in _names(view)) else None


def _grep_patterns(view: tuple[str, ...]) -> tuple[list[str], tuple[str, ...]] | None:
    """A grep's patterns and its ignore-case options, or None for an inverted filter (``-v``)."""
    args = view[1:]
    if any(w in ("-v", "--invert-match") or (w[:1] == "-" and w[:2] != "--" and "v" in w) for w in args):
        return None
    patterns = [args[k + 1] for k, w in enumerate(args[:-1]) if w in ("-e", "--regexp")]
    plain = plain_words(args, _GREP_VALUES)
    if not patterns and plain:
        patterns = plain[:1]
    nocase = tuple(w for w in args if w == "--ignore-case" or (w[:1] == "-" and w[:2] != "--" and "i" in w))
    return patterns, nocase


def _grep_excludes_hook(view: tuple[str, ...]) -> bool:
    read = _grep_patterns(view)
    if read is None:
        return False  # an inverted filter only drops lines: the rest may be the hook
    patterns, nocase = read
    return bool(patterns) and not _hook_named("pgrep", ("-f", *nocase), patterns)


def _lister_excludes_hook(view: tuple[str, ...]) -> bool:
    """``pgrep NAME`` (its own reader capped what names Brabo) and ``ps -C NAME`` pick by name."""
    args = view[1:]
    if view[0] != "ps":
        names = _names(view)
        if view[0] == "pgrep":
            return bool(names) and not _hook_named("pgrep", args, names)
        return bool(names) and not any(n in _HOOK_NAMES for n in names)
    for k, w in enumerate(args):
        if w == "-C" and k + 1 < len(args):
            return not any(n in _HOOK_NAMES for n in args[k + 1].split(","))
    return False


def _pgrep(view: tuple[str, ...]) -> str | None:
    """``pgrep``/``pidof`` of Brabo's own hook client by a name that says so (``brabo``, ``fast_hook``,
    ``brabo_client``): what it prints is the process to signal (``kill $(pgrep -f fast_hook)``), and nothing
    else is done with it. A pattern as wide as ``python`` stays a listing (agents look for their servers)."""
    names = _names(view)
    if not any("brabo" in n.lower() or "fast_hook" in n.lower() for n in names):
        return None
    return HOOK_SIGNAL if view[0] == "pidof" or _hook_named("pgrep", view[1:], names) else None


def _crontab(view: tuple[str, ...]) -> str | None:
    """Every ``crontab`` but a listing (``-l``; ``-u USER`` names whose): ``-r``, ``-e``, a file, the input."""
    args = view[1:]
    if any(w in ("-l", "-h", "--help", "-V", "--version") for w in args):
        return None
    return SCHEDULE


def _at(view: tuple[str, ...]) -> str | None:
    """``at``/``batch`` but a listing or a job's text (``-l``, ``-c``, ``-V``); ``atq`` only lists."""
    if view[0] == "atq" or any(w in ("-l", "-c", "-V", "--help", "--version") for w in view[1:]):
        return None
    return SCHEDULE


def _systemd_run(view: tuple[str, ...]) -> str | None:
    """``systemd-run --user`` leaves a unit behind unless it is a scope run in the foreground (without
    ``--user`` it is cap_privileged already)."""
    if "--user" in view and "--scope" not in view:
        return SCHEDULE
    return None


def _service(view: tuple[str, ...]) -> str | None:
    """``service NAME ACTION`` / ``rc-service NAME ACTION``: every action but ``status`` (``service NAME``
    alone prints its usage; ``--status-all`` lists)."""
    args = plain_words(view[1:], frozenset())
    if any(w in ("--status-all", "-l", "--list", "--help", "-h", "--version") for w in view[1:]):
        return None
    return POWER if len(args) >= 2 and args[1] not in ("status", "describe") else None


def _sysctl(view: tuple[str, ...]) -> str | None:
    """``sysctl -w k=v`` or ``sysctl k=v`` sets a kernel setting; ``sysctl k`` / ``-a`` read."""
    for w in view[1:]:
        if w in ("-w", "--write") or (w[:1] != "-" and "=" in w):
            return SETTINGS
    return None


def _hostname(view: tuple[str, ...]) -> str | None:
    """``hostname NAME`` sets it; ``hostname``, ``hostname -f`` read."""
    args = plain_words(view[1:], frozenset({"-F", "--file"}))
    return SETTINGS if args or "-F" in view or "--file" in view else None


def _osascript(view: tuple[str, ...]) -> str | None:
    """AppleScript given on the line that drives another application or the system (``tell application
    "System Events" to shut down``, JXA's ``Application("Finder")``, ``do shell script``); a notification or a
    dialog does not. A script file's contents cannot be read (it is opaque already)."""
    code = " ".join(view[k + 1].lower() for k in range(1, len(view) - 1) if view[k] == "-e") + " ".join(
        w[2:].lower() for w in view[1:] if w.startswith("-e") and len(w) > 2
    )
    if any(m in code for m in ("tell application", "application(", "system events", "do shell script",
                               "shut down", "restart", "log out", "sleep")):  # fmt: skip
        return APPS
    return None


_NO_VALUES: frozenset[str] = frozenset()
_FAMILIES = frozenset({"inet", "inet6", "link", "ether", "ipx", "atalk"})


def _ifconfig(view: tuple[str, ...]) -> str | None:
    """red team: ``ifconfig IFACE ANYTHING`` sets (``down``, an address, ``ether MAC``, ``mtu``); ``ifconfig``,
    ``ifconfig -a``, ``ifconfig IFACE`` and ``ifconfig IFACE inet`` (one address family) print."""
    words = plain_words(view[1:], _NO_VALUES)
    return NETWORK if len(words) > 2 or len(words) == 2 and words[1].lower() not in _FAMILIES else None


_IP_VALUES = frozenset("-n -netns -f -family -rc -rcvbuf -l -loops -c -color".split())
_IP_CHANGES = ("add", "delete", "change", "chg", "replace", "flush", "set", "append", "prepend", "attach",
               "detach", "restore", "update", "exec")  # fmt: skip
_IP_READS = ("show", "list", "lst", "get", "help", "monitor", "save", "showdump")


def _ip(view: tuple[str, ...]) -> str | None:
    """red team: iproute2's ``ip OBJECT VERB ...`` changes with a changing verb, however abbreviated (its parser
    takes any prefix: ``ip r a`` is ``ip route add``; a prefix of a reading verb too is read as one, ``ip a s``
    is ``ip addr show``), and with a batch file; ``ip a``, ``ip route``, ``ip -br link`` print."""
    args = view[1:]
    if any(w in ("-b", "-batch") for w in args):
        return NETWORK
    words = plain_words(args, _IP_VALUES)
    if len(words) < 2:
        return None
    verb = words[1].lower()
    if verb == "s" and words[0].lower() in ("l", "li", "lin", "link"):
        return NETWORK  # `ip link`'s own parser tries `set` before `show`: `ip l s eth0 down`
    if verb.startswith(_IP_READS) or any(r.startswith(verb) for r in _IP_READS):
        return None
    return NETWORK if any(c.startswith(verb) for c in _IP_CHANGES) else None


_NMCLI_VALUES = frozenset("-f --fields -g --get-values -m --mode -c --colors -e --escape -w --wait".split())
_NMCLI_CHANGES = frozenset(
    "up down add modify clone edit delete reload load import connect disconnect reapply set on off hotspot"
    " migrate hostname".split()
)


# nmcli's objects and their commands in its own order: it takes any prefix of a word, the first that it begins
# winning (`nmcli c m` is `connection modify`, `nmcli d d` is `device disconnect`, `nmcli c d` is `connection
# down`); the commands that only print, and those that change with a value after them (`radio wifi off`,
# `general hostname x`)
_NMCLI_OBJECTS = ("general", "networking", "radio", "connection", "device", "agent", "monitor")
_NMCLI_COMMANDS = {
    "general": ("status", "hostname", "permissions", "logging", "reload"),
    "networking": ("on", "off", "connectivity"),
    "radio": ("all", "wifi", "wwan"),
    "connection": ("show", "up", "down", "add", "edit", "delete", "reload", "load", "modify", "clone", "import",
                   "export", "monitor", "migrate"),
    "device": ("status", "show", "set", "connect", "reapply", "modify", "disconnect", "delete", "monitor", "wifi",
               "lldp", "up", "down"),
}  # fmt: skip
_NMCLI_PRINTS = frozenset({"status", "show", "permissions", "connectivity", "export", "monitor", "lldp"})
_NMCLI_VALUED = frozenset({"hostname", "logging", "all", "wifi", "wwan"})
_NMCLI_WIFI = ("list", "connect", "hotspot", "rescan", "show-password")


def _nmcli_word(word: str, names: Sequence[str]) -> str:
    """The first of ``names`` that ``word`` begins (nmcli's own matching), or ``word``."""
    low = word.lower()
    return next((n for n in names if n.startswith(low)), low)


def _nmcli(view: tuple[str, ...]) -> str | None:
    """red team: NetworkManager's ``nmcli`` -- a connection brought up or down, added or changed, a radio
    switched, a device connected, the hostname set, however abbreviated -- runs without root for the desktop's
    user; ``nmcli``, ``nmcli dev status``, ``nmcli c s``, ``nmcli radio wifi`` print."""
    words = plain_words(view[1:], _NMCLI_VALUES)
    if any(w.lower() in _NMCLI_CHANGES for w in words[1:]):
        return NETWORK
    commands = _NMCLI_COMMANDS.get(_nmcli_word(words[0], _NMCLI_OBJECTS)) if len(words) > 1 else None
    if commands is None:
        return None
    command = _nmcli_word(words[1], commands)
    if command == "wifi" and commands is _NMCLI_COMMANDS["device"]:
        return NETWORK if words[2:] and _nmcli_word(words[2], _NMCLI_WIFI) in ("connect", "hotspot") else None
    if command in _NMCLI_VALUED:
        return NETWORK if len(words) > 2 else None
    return None if command in _NMCLI_PRINTS else NETWORK


# nmcli's global options in its own order: any prefix of a name, after one dash or two, is the first it begins
# (`-s`, `--show`, `-show-sec` are --show-secrets, which `connection show` takes among its own options too)
_NMCLI_OPTIONS = ("terse", "pretty", "mode", "colors", "escape", "fields", "get-values", "nocheck", "ask",
                  "show-secrets", "wait", "version", "help")  # fmt: skip
_NMCLI_OPTION_VALUES = frozenset({"mode", "colors", "escape", "fields", "get-values", "wait"})


def _nmcli_read(args: Sequence[str]) -> tuple[list[str], bool]:
    """nmcli's words that are not options, and whether an option anywhere asks for the secrets."""
    words: list[str] = []
    secrets = skip = False
    for a in args:
        if skip:
            skip = False
        elif a[:1] == "-" and len(a) > 1:
            name, eq, _ = a.lstrip("-").partition("=")
            option = _nmcli_word(name, _NMCLI_OPTIONS) if name else ""
            secrets = secrets or option == "show-secrets"
            skip = option in _NMCLI_OPTION_VALUES and not eq and not words
        else:
            words.append(a)
    return words, secrets


def _nmcli_secrets(view: tuple[str, ...]) -> str | None:
    """red team (session 22): NetworkManager's secrets however abbreviated -- ``connection show`` with
    --show-secrets (``nmcli -s c s home``), ``device wifi show-password`` (``nmcli d wifi show-p``) -- and
    ``connection export`` (a VPN's configuration, a WireGuard connection's private key in it)."""
    words, secrets = _nmcli_read(view[1:])
    commands = _NMCLI_COMMANDS.get(_nmcli_word(words[0], _NMCLI_OBJECTS)) if len(words) > 1 else None
    if commands is None:
        return None
    command = _nmcli_word(words[1], commands)
    if command == "export" or (command == "show" and secrets):
        return WIFI
    if command == "wifi" and commands is _NMCLI_COMMANDS["device"] and words[2:]:
        return WIFI if _nmcli_word(words[2], _NMCLI_WIFI) == "show-password" else None
    return None


_MOUNT_VALUES = frozenset("-t --types -O --test-opts -L --label -U --uuid".split())


def _mount(view: tuple[str, ...]) -> str | None:
    """red team: ``mount SOURCE [TARGET]`` and ``mount -a`` mount; ``mount``, ``mount -l``, ``mount -t ext4``
    list."""
    args = view[1:]
    if any(w in ("-a", "--all", "--bind", "--rbind", "--move", "-B", "-M") for w in args):
        return DISKS
    return DISKS if plain_words(args, _MOUNT_VALUES) else None


def _gio(view: tuple[str, ...]) -> str | None:
    """red team: ``gio mime TYPE HANDLER`` sets the default application (``x-scheme-handler/https``), as
    ``xdg-mime default`` does; ``gio mime TYPE`` prints it."""
    words = plain_words(view[1:], _NO_VALUES)
    return SETTINGS if len(words) > 2 and words[0] == "mime" else None


# xattr's getopt letters (macOS: `-lpwdcrsvxh`, clustered) and the attributes that mark a download
_XATTR_MARKS = ("com.apple.quarantine", "com.apple.provenance")


def _xattr(view: tuple[str, ...]) -> str | None:
    """red team: ``xattr -c`` clears every attribute, the download's quarantine with them; ``xattr -d`` or
    ``-w`` of the quarantine (a written value may say the user already approved it) -- in any cluster
    (``-rd``, ``-dr``, ``-cr``). Printing (``xattr x``, ``-l``, ``-p NAME``) and other attributes stay reads."""
    letters = "".join(w[1:] for w in view[1:] if w[:1] == "-" and w[1:2] != "-")
    if "c" in letters:
        return MARKS
    if "d" not in letters and "w" not in letters:
        return None
    names = [w for w in view[1:] if w[:1] != "-"]
    return MARKS if names and names[0].lower().startswith(_XATTR_MARKS) else None


def _dseditgroup(view: tuple[str, ...]) -> str | None:
    """red team: ``dseditgroup -o edit|create|delete`` changes a group (``-a me -t user admin``: an
    administrator made); ``-o read``, ``-o checkmember`` and no ``-o`` (a read) print."""
    op = _option_value(view[1:], "-o")
    return ACCOUNTS if op is not None and op.lower() not in ("read", "checkmember") else None


_CHATTR_OPTIONS = frozenset({"-R", "-V", "-f", "-v", "-p"})


def _chattr(view: tuple[str, ...]) -> str | None:
    """red team: chattr's modes (``+i``, ``-i``, ``=ai``; its options are ``-RVfvp``) setting or clearing the
    immutable or append-only flag; other attributes (``+c``, ``-A``) stay the project's."""
    for w in view[1:]:
        if w[:1] in "+-=" and len(w) > 1 and w not in _CHATTR_OPTIONS and ("i" in w or "a" in w):
            return FILE_FLAGS
    return None


_CHFLAGS_PROTECTIONS = ("chg", "change", "immutable", "appnd", "append", "unlnk", "unlink")


def _chflags(view: tuple[str, ...]) -> str | None:
    """red team: BSD and macOS chflags' protections, set or cleared (``schg``, ``uchg``, ``nouchg``,
    ``sappnd`` ...) in its comma-separated list; ``hidden``, ``nodump`` stay the project's."""
    words = plain_words(view[1:], _NO_VALUES)
    if not words:
        return None
    flags = words[0].lower().split(",")
    return FILE_FLAGS if any(f.removeprefix("no").endswith(_CHFLAGS_PROTECTIONS) for f in flags) else None


_ENGINE_RESTARTS = frozenset({"run", "create", "update"})


def _restart_policy(view: tuple[str, ...]) -> str | None:
    """red team: a container given a restart policy (``docker run --restart=always``, ``docker update --restart
    unless-stopped x``, ``on-failure``) is started again by the engine at every start of the machine, long after
    the session -- a service left behind, as ``systemctl enable`` and ``brew services start`` are -- and so is
    a Podman quadlet installed as a systemd unit. ``--restart=no`` (the default) and ``--rm`` runs stay."""
    args = view[1:]
    for k, w in enumerate(args):
        if w == "--restart" and k + 1 < len(args):
            value = args[k + 1]
        elif w.startswith("--restart="):
            value = w[10:]
        else:
            continue
        if value.lower() != "no" and not _ENGINE_RESTARTS.isdisjoint(args[:k]):
            return RESTARTS
    if view[0] == "podman" and "quadlet" in args and "install" in args:
        return RESTARTS
    return None


# red team, off the sandbox: the developer's containers, volumes, images, virtual machines and local clusters.
# Each holds state made outside the project (a volume a database, a VM or a cluster whatever was made in it);
# removing them wholesale, or a volume, a VM or a cluster by name, is a change outside the project. One named
# container (the test database the agent started), a Compose project's own volumes, images by name, networks
# and build caches stay uncapped (see the module's docstring).
_ENGINE_VALUES = frozenset(
    "-c --context -H --host --config -l --log-level --tlscacert --tlscert --tlskey --connection --url --identity"
    " --root --runroot --storage-driver --storage-opt --cgroup-manager --module --network-cmd-path --events-backend"
    " --hooks-dir --tmpdir --runtime --volumepath --imagestore --ssh -n --namespace -a --address --snapshotter"
    " --cni-path --cni-netconfpath --data-root --host-gateway-ip --cdi-spec-dir --conmon --db-backend"
    " --network-config-dir --out --registries-conf --runtime-flag --hosts-dir --bridge-ip".split()
)
# subcommand forms (``group+verb``) that remove the engine's state whatever they name ...
_ENGINE_DROPS = {
    **dict.fromkeys(
        ("system+prune", "system+reset", "container+prune", "volume+prune", "pod+prune"), ENGINE_DATA
    ),
    **dict.fromkeys(("volume+rm", "volume+remove"), VOLUME),
    **dict.fromkeys(("machine+rm", "machine+remove", "machine+reset", "vm+remove", "vm+rm"), MACHINES),
}
# ... and those that do with ``-a``/``--all`` (podman's every container or image; image prune's every unused
# image), or with targets computed (``docker rm -f $(docker ps -aq)``) or fed from elsewhere
_ENGINE_ALL = frozenset({"image+prune"})
_ENGINE_COMPUTED = frozenset(
    {"rm", "container+rm", "container+remove", "rmi", "image+rm", "image+remove", "pod+rm", "pod+remove"}
)
_COMPOSE_VALUES = frozenset(
    "-f --file -p --project-name --profile --env-file --project-directory --ansi --parallel --progress"
    " -H --host -c --context --log-level --tlscacert --tlscert --tlskey".split()
)


def _past_options(args: Sequence[str], values: frozenset[str]) -> int:
    """The index of the first word past the leading options (``values`` take the next word)."""
    k = 0
    while k < len(args) and args[k][:1] == "-" and args[k] != "--":
        k += 2 if args[k] in values else 1
    return k


def _has_flag(args: Sequence[str], long: str, letter: str) -> bool:
    """``--long`` (``--long=true``) or ``-x`` in a cluster of single-letter options (``-af``)."""
    for w in args:
        if w == long or w == long + "=true" or (w[:1] == "-" and w[1:2] != "-" and letter in w[1:]):
            return True
    return False


def _engine_drop(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """docker, podman, nerdctl and finch removing the engine's state: prunes and resets, a volume, a machine,
    every container or image (``-a``, computed targets), and another Compose project's volumes."""
    args = view[1:]
    rest = args[_past_options(args, _ENGINE_VALUES) :]
    if not rest:
        return None
    if rest[0] == "compose":
        return _compose_drop(rest[1:], words)
    tail = plain_words(rest[1:], _NO_VALUES)
    form = f"{rest[0]}+{tail[0]}" if tail else rest[0]
    if not _NAMED_HELPS.isdisjoint(rest):
        return None
    found = _ENGINE_DROPS.get(form)
    if found is not None:
        return found
    if form in _ENGINE_ALL:
        return ENGINE_DATA if _has_flag(rest, "--all", "a") else None
    if rest[0] in _ENGINE_COMPUTED:  # `docker rm`, `docker rmi`
        targets = tail
    elif form in _ENGINE_COMPUTED:  # `docker container rm`
        targets = tail[1:]
    else:
        return None
    if not targets or _has_flag(rest, "--all", "a") or any("$" in t or "`" in t for t in targets):
        return ENGINE_DATA
    return None


def _compose_drop(args: Sequence[str], words: tuple[str, ...]) -> str | None:
    """``compose down -v`` (``rm -v``) of a project named by ``-p``/``--project-name``/``COMPOSE_PROJECT_NAME``:
    the volumes of a project that may be another's. The working folder's own project is the project's."""
    k = _past_options(args, _COMPOSE_VALUES)
    if k >= len(args) or args[k] not in ("down", "rm") or not _has_flag(args[k + 1 :], "--volumes", "v"):
        return None
    named = _option_value(args[:k], "-p", "--project-name")
    return OTHER_COMPOSE if named is not None or _assigned(words, "COMPOSE_PROJECT_NAME") else None


# red team (session 21): containers stopped, killed, paused or restarted wholesale -- podman's ``-a``/``--all``, or
# targets computed (``docker stop $(docker ps -q)``) or fed from elsewhere (``… | xargs docker kill``): every
# project's on the developer's engine, as ``rm`` of them is. One named container stays (``docker stop web``).
_ENGINE_HALTS = frozenset(
    "stop kill pause restart container+stop container+kill container+pause container+restart pod+stop pod+kill"
    " pod+pause pod+restart".split()
)


def _engine_halt(view: tuple[str, ...]) -> str | None:
    args = view[1:]
    rest = args[_past_options(args, _ENGINE_VALUES) :]
    if not rest or not _NAMED_HELPS.isdisjoint(rest):
        return None
    tail = plain_words(rest[1:], frozenset({"-t", "--time", "-s", "--signal", "--timeout"}))
    if rest[0] in _ENGINE_HALTS:
        targets = tail
    elif tail and f"{rest[0]}+{tail[0]}" in _ENGINE_HALTS:
        targets = tail[1:]
    else:
        return None
    if not targets or _has_flag(rest, "--all", "a") or any("$(" in t or "`" in t for t in targets):
        return EVERY_PROJECT  # (a variable, `docker stop $CID`, is the one the command started)
    return None


def _engine(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    return _restart_policy(view) or _engine_drop(view, words) or _engine_halt(view)


_ENGINE_NAMES = frozenset({"docker", "podman", "nerdctl", "finch"})
_VM_VALUES = frozenset({"-p", "--profile", "-n", "--node"})


def _engine_in_vm(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``colima nerdctl -- volume rm x`` and ``minikube ssh -- docker system prune -af``: the engine inside the VM
    or the cluster's node, read as the engine is (``colima ssh``, ``lima``, ``orb``, ``multipass exec`` are
    unwrapped by the views). ``minikube ssh 'docker …'`` is one word: its words are split."""
    k = _past_options(view[1:], _VM_VALUES) + 1
    sub = view[k] if k < len(view) else ""
    if sub in ("nerdctl", "ssh"):
        inner = [x for x in " ".join(view[k if sub == "nerdctl" else k + 1 :]).split() if x != "--"]
        inner = inner[_past_options(inner, _VM_VALUES) :]
        if inner and inner[0] in _ENGINE_NAMES:
            return _engine_drop(tuple(inner), words)
    return None


_LXC_DROPS = frozenset(
    "delete rm remove restore snapshot+delete snapshot+rm snapshot+restore storage+delete storage+rm"
    " storage+volume+delete storage+volume+rm storage+volume+snapshot".split()
)


def _lxc(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """LXD's ``lxc`` and Incus: an instance deleted (``rm`` its alias) or restored to a snapshot, a snapshot, a
    storage pool or a custom volume deleted; ``lxc list``, ``lxc stop x`` stay."""
    subs = plain_words(view[1:], frozenset({"--project"}))
    forms = ("+".join(subs[:n]) for n in (1, 2, 3))
    return MACHINES if _NAMED_HELPS.isdisjoint(view) and any(f in _LXC_DROPS for f in forms) else None


def _vboxmanage(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """VirtualBox: ``unregistervm --delete``/``--delete-all`` and ``closemedium --delete`` delete disks;
    ``snapshot VM delete|restore|restorecurrent`` drops a saved state or the state since it.
    ``unregistervm VM`` alone keeps the files (``registervm`` brings it back)."""
    subs = plain_words(view[1:], _NO_VALUES)
    if subs[:1] and subs[0].lower() in ("unregistervm", "closemedium"):
        return MACHINES if any(w.startswith("--delete") for w in view[2:]) else None
    if (
        subs[:1] == ["snapshot"]
        and len(subs) > 2
        and subs[2].lower() in ("delete", "restore", "restorecurrent")
    ):
        return MACHINES
    return None


def _relative_inside(value: str) -> bool:
    """A destination the command names inside the project: relative, without ``..``, no ``~`` or variable
    (``$PWD/`` and ``${PWD}/`` are the working folder). An absolute one is the path scope's own question."""
    for head in ("$PWD/", "${PWD}/", "$(pwd)/"):
        if value.startswith(head):
            value = value[len(head) :]
    return bool(value) and value[0] not in "/~$`" and ".." not in value and "$" not in value


def _option_value(args: Sequence[str], *names: str) -> str | None:
    """The value of the last of the options ``names`` (``--root x``, ``--root=x``, ``-ix``), or None."""
    found: str | None = None
    for k, w in enumerate(args):
        for name in names:
            if w == name and k + 1 < len(args):
                found = args[k + 1]
            elif w.startswith(name + "=") and name.startswith("--"):
                found = w[len(name) + 1 :]
            elif len(name) == 2 and w.startswith(name) and len(w) > 2 and not name.startswith("--"):
                found = w[2:]
    return found


def _env_flag(words: tuple[str, ...], *names: str) -> bool:
    """An option the program reads from its environment, set true by an assignment anywhere before it in the
    segment as written -- also through ``env`` (``env PIP_USER=1 pip install x``), whose views drop it. The
    names are compared in any case, as npm and pip read them."""
    for w in words:
        if is_assignment(w):
            name, _, value = w.partition("=")
            if name.upper() in names and value.lower() not in ("", "0", "false", "no", "off"):
                return True
    return False


def _assigned(words: tuple[str, ...], name: str) -> str | None:
    """The value given to ``name`` by an assignment before the command (``GOBIN=./bin go install``), or by
    ``env NAME=value``: the words of the segment as written."""
    found: str | None = None
    for w in words:
        if is_assignment(w) and w.partition("=")[0] == name:
            found = w.partition("=")[2]
    return found


_NPM_CHANGES = frozenset(
    "install ci uninstall update link rebuild dedupe prune install-test install-ci-test".split()
)


def _npm(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """npm as its option table reads it (R4.10: ``-g``, ``--global``, ``--glob``, ``--location=global``,
    ``npm_config_global=true``, options after the operands): a change of the global tree, ``npm link`` (its
    global symlink, or a global install of what it links), user-level configuration and the login."""
    for r in normalised(view):
        sub = r.path[1] if len(r.path) > 1 else ""
        if sub == "link":
            return INSTALL
        if sub in _NPM_CHANGES and ("global" in r.keys or _env_flag(words, "NPM_CONFIG_GLOBAL")):
            return INSTALL
        if _config_write(sub, r.operands, r.keys):
            return SETTINGS
        if sub in ("adduser", "login", "logout"):
            return KEYCHAIN
    return None


def _config_write(sub: str, operands: tuple[str, ...], keys: frozenset[str]) -> bool:
    """``npm|pnpm config set|delete|edit|fix`` (and ``npm set``): the user's configuration unless told the
    project's (``--location=project``)."""
    if sub == "set" or (
        sub == "config" and operands[:1] and operands[0] in ("set", "delete", "edit", "fix", "rm")
    ):
        return "location=project" not in keys and "location=local" not in keys
    return False


_PNPM_CHANGES = frozenset("add install update remove link unlink import rebuild prune env".split())


def _pnpm(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    for r in normalised(view):
        sub = r.path[1] if len(r.path) > 1 else (r.operands[0] if r.operands else "")
        if sub in _PNPM_CHANGES and "global" in r.keys:
            return INSTALL
        if sub == "link" and not r.operands:
            return INSTALL  # pnpm 10's bare `pnpm link` links the package globally
        if sub in ("setup", "self-update"):
            return INSTALL
        if _config_write(sub, r.operands, r.keys):
            return SETTINGS
        if sub in ("login", "logout", "adduser"):
            return KEYCHAIN  # pnpm 9's own login, as npm's
    return None


def _yarn(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    for r in normalised(view):
        path = r.path[1:]
        if path[:1] == ("global",):
            sub = path[1] if len(path) > 1 else (r.operands[0] if r.operands else "")
            if sub not in ("list", "bin", "dir", "ls", ""):
                return INSTALL
        if path == ("link",) and not r.operands:
            return INSTALL  # yarn 1: the package registered for every project
        if path == ("config",) and r.operands[:1] and r.operands[0] in ("set", "delete", "unset"):
            return SETTINGS  # yarn 1 writes ~/.yarnrc (yarn 2+ the project's, unless -H): fail closed
        if path[:1] == ("npm",) and r.operands[:1] and r.operands[0] in ("login", "logout"):
            return KEYCHAIN  # yarn 2+: the registry's token in the user's ~/.yarnrc.yml
        if path in (("npm", "login"), ("npm", "logout")):
            return KEYCHAIN
    return None


_BUN_CHANGES = frozenset("add a install i remove rm update link unlink".split())


def _bun(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    args = view[1:]
    subs = plain_words(args, frozenset({"--cwd", "-c", "--config"}))
    sub = subs[0] if subs else ""
    if sub == "upgrade":
        return INSTALL  # replaces bun itself
    if sub in _BUN_CHANGES and any(w in ("-g", "--global") or w.startswith("--global=") for w in args):
        return INSTALL
    if sub == "link" and len(subs) == 1:
        return INSTALL  # registers the package for every project
    return None


def _pip(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """pip (and ``python -m pip``, ``uv pip``) as its table reads it: ``--user``, ``--break-system-packages``
    (also ``PIP_USER=1``, ``PIP_BREAK_SYSTEM_PACKAGES=1``), uv's ``--system``, and ``pip config`` writes (the
    user's file unless ``--site``)."""
    for r in normalised(view):
        sub = r.path[1] if len(r.path) > 1 else ""
        if sub in ("install", "uninstall") and (
            "user" in r.keys
            or "break-system-packages" in r.keys
            or "?--system" in r.keys
            or _env_flag(words, "PIP_USER", "PIP_BREAK_SYSTEM_PACKAGES")
        ):
            return INSTALL
        if sub == "config" and r.operands[:1] and r.operands[0] in ("set", "unset", "edit"):
            if "?--site" not in r.keys:
                return SETTINGS
    return None


# red team: the project's setup.py told to install for the user (`python setup.py install --user`, `develop --user`;
# setuptools' `easy_install --user x`) writes the user's site-packages and ~/.local/bin, as `pip install --user .`
# does.
_SETUP_PY_INSTALLS = frozenset({"install", "develop", "easy_install", "install_lib", "install_scripts"})


def _setup_py(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    if "--user" not in view:
        return None  # (most Python views)
    after = setup_py_commands(view)
    return INSTALL if after is not None and not _SETUP_PY_INSTALLS.isdisjoint(after) else None


def _cargo(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``cargo install|uninstall`` writes ``~/.cargo/bin`` unless ``--root`` names a folder in the project;
    ``cargo login|logout`` the user's credentials."""
    for r in normalised(view):
        sub = r.path[1] if len(r.path) > 1 else (r.operands[0] if r.operands else "")
        if sub in ("install", "uninstall"):
            root = _option_value(view[1:], "--root") or _assigned(words, "CARGO_INSTALL_ROOT")
            if root is None or not _relative_inside(root):
                return INSTALL
        if sub in ("login", "logout") and not any(w in ("--help", "-h") for w in view[2:]):
            return KEYCHAIN  # (its help only prints: session 22)
    return None


def _go(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``go install`` writes ``$GOBIN`` (``~/go/bin``, on the user's PATH) -- of a module from the network or of
    the project itself -- unless the command sets ``GOBIN`` inside the project; ``go env -w|-u`` writes the
    user's go settings."""
    sub = view[1] if len(view) > 1 else ""
    if sub == "install" and not any(w in ("-n", "--help", "-h") for w in view[2:]):
        gobin = _assigned(words, "GOBIN")
        if gobin is None or not _relative_inside(gobin):
            return INSTALL
    if sub == "env" and any(w in ("-w", "-u") or w.startswith(("-w=", "-u=")) for w in view[2:]):
        return SETTINGS
    return None


_GEM_READS = frozenset(
    "list search info query environment env which contents specification spec outdated dependency help fetch"
    " build lock stale --version -v --help -h".split()
)


def _project_tree(view: tuple[str, ...], *options: str) -> bool:
    """The install goes to a folder in the project that one of ``options`` names (``--tree lua_modules``)."""
    target = _option_value(view[1:], *options)
    return target is not None and _relative_inside(target)


_CPANM_PRINTS = frozenset({"-h", "--help", "-V", "--version", "--info"})
_CPAN_PRINTS = _CPANM_PRINTS | {"-l", "-D", "-v"}
_CPANM_LIBS = ("-L", "-l", "--local-lib", "--local-lib-contained")
_LUAROCKS_INSTALLS = frozenset({"install", "remove", "purge", "make", "build", "unpack"})
_CABAL_VALUES = frozenset({"--installdir", "--project-file", "-j", "--jobs", "-w", "--with-compiler"})


def _luarocks(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """red team: ``luarocks install|remove|make|build`` write the system's tree, or ``~/.luarocks`` with
    ``--local`` -- unless ``--tree`` names a folder in the project."""
    subs = plain_words(view[1:], frozenset({"--tree", "--server", "--only-server", "--lua-version"}))
    if not subs or subs[0] not in _LUAROCKS_INSTALLS or subs[0] == "unpack":
        return None
    return None if _project_tree(view, "--tree") else INSTALL


def _cpan(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """red team: ``cpan MODULE``, ``cpan -i``, ``cpanm MODULE``, ``cpanm --installdeps .`` install into the
    system's or the user's Perl -- unless ``-L``/``-l``/``--local-lib[-contained]`` names a folder in the
    project; ``cpanm --info``, ``cpan -l``/``-D`` only print."""
    args = view[1:]
    if not (_CPAN_PRINTS if view[0] == "cpan" else _CPANM_PRINTS).isdisjoint(args):
        return None
    if view[0] == "cpanm" and _project_tree(view, *_CPANM_LIBS):
        return None
    return INSTALL if plain_words(args, frozenset({*_CPANM_LIBS, "--mirror"})) else None


def _haskell(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """red team: ``stack install`` (and ``build --copy-bins``) copies programs to ``~/.local/bin``, ``stack
    setup|upgrade`` installs a compiler or stack itself under the home folder; ``cabal install`` writes
    ``~/.cabal/bin`` (``--lib``: the user's global environment) -- unless ``--local-bin-path`` /
    ``--installdir`` names a folder in the project."""
    subs = plain_words(view[1:], _CABAL_VALUES | {"--local-bin-path", "--stack-yaml", "--resolver"})
    sub = subs[0] if subs else ""
    if view[0] == "stack":
        if sub in ("setup", "upgrade"):
            return INSTALL
        if sub == "install" or (sub == "build" and "--copy-bins" in view):
            return None if _project_tree(view, "--local-bin-path") else INSTALL
        return None
    if sub == "install" and not _project_tree(view, "--installdir"):
        return INSTALL
    return None


def _vagrant(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """red team: ``vagrant plugin install|uninstall|update|expunge|repair`` (``~/.vagrant.d``: every
    Vagrantfile loads them) and ``vagrant box add|remove|prune|update`` (the user's boxes); its machines
    deleted are the row's (_deletes)."""
    subs = plain_words(view[1:], frozenset({"--provider", "--box-version", "--plugin-version", "--name"}))
    if (
        subs[:1] == ["plugin"]
        and subs[1:2]
        and subs[1] in ("install", "uninstall", "update", "expunge", "repair")
    ):
        return INSTALL
    if subs[:1] == ["box"] and subs[1:2] and subs[1] in ("add", "remove", "prune", "update", "repackage"):
        return INSTALL
    return None


def _gem(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``gem``: every command but the reads (``gem install``, ``gem update``, ``gem sources --add``, ``gem cert
    --add`` change the user's or the system's gems) -- unless ``--install-dir`` names a folder in the project."""
    subs = plain_words(view[1:], frozenset({"-i", "--install-dir", "-n", "--bindir", "-s", "--source"}))
    sub = subs[0] if subs else ""
    if not sub or sub in _GEM_READS:
        return None
    if sub in ("sources", "cert"):
        changes = ("-a", "--add", "-r", "--remove", "-c", "--clear-all", "-u", "--update", "-b", "--build")
        return SETTINGS if any(w in changes for w in view[2:]) else None
    target = _option_value(view[1:], "-i", "--install-dir") or _assigned(words, "GEM_HOME")
    if sub in ("install", "update", "uninstall") and target is not None and _relative_inside(target):
        return None
    return INSTALL


def _bundle(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``bundle install --system``; ``bundle config set|unset`` (and the older ``bundle config KEY VALUE``)
    without ``--local``: bundler writes the user's ``~/.bundle/config`` by default."""
    args = view[1:]
    if "--system" in args:
        return INSTALL
    subs = plain_words(args, frozenset())
    if subs[:1] != ["config"] or "--local" in args or subs[1:2] in (["get"], ["list"]):
        return None
    return SETTINGS if subs[1:2] == ["unset"] or len(subs) > 2 else None


def _conda(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """conda/mamba/micromamba: environments live outside the project unless ``-p`` names one inside; ``init``
    edits the shell's start-up files, ``config`` writes ``~/.condarc`` (unless ``--env``/``--file``)."""
    args = view[1:]
    subs = plain_words(args, frozenset({"-n", "--name", "-p", "--prefix", "-c", "--channel", "-f", "--file"}))
    sub = subs[0] if subs else ""
    if sub == "env" and len(subs) > 1:
        sub = "env " + subs[1]
    if sub in ("init", "update-shell"):
        return SETTINGS
    if sub == "config":
        writes = ("--set", "--add", "--append", "--prepend", "--remove", "--remove-key")
        if any(w in writes for w in args) and "--env" not in args and _option_value(args, "--file") is None:
            return SETTINGS
        return None
    if sub in ("install", "create", "remove", "uninstall", "update", "upgrade", "env create", "env remove",
               "env update"):  # fmt: skip
        prefix = _option_value(args, "-p", "--prefix")
        return None if prefix is not None and _relative_inside(prefix) else INSTALL
    return None


def _uv(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``uv tool install|upgrade|uninstall|update-shell``, ``uv python install|uninstall|upgrade`` (into the
    user's data folder, and ``~/.local/bin``), ``uv python pin --global``, ``uv self update``."""
    subs = plain_words(view[1:], frozenset({"--directory", "--project", "--python", "-p", "--with", "--from",
                                       "--config-file", "--cache-dir", "--color"}))  # fmt: skip
    pair = tuple(subs[:2])
    if pair in (("tool", "install"), ("tool", "upgrade"), ("tool", "uninstall"), ("tool", "update-shell")):
        return INSTALL
    if pair in (
        ("python", "install"),
        ("python", "uninstall"),
        ("python", "upgrade"),
        ("python", "update-shell"),
    ):
        return INSTALL
    if pair == ("python", "pin") and "--global" in view:
        return SETTINGS
    if pair == ("self", "update"):
        return INSTALL
    return None


_DENO_CHANGES = frozenset({"install", "i", "uninstall"})


def _deno(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    sub = view[1] if len(view) > 1 else ""
    if sub == "upgrade":
        return INSTALL
    if sub in _DENO_CHANGES and any(w in ("-g", "--global") for w in view[2:]):
        return INSTALL
    return None


def _corepack(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``corepack enable|disable`` write shims beside node (unless ``--install-directory`` is in the project),
    ``corepack install -g`` and ``prepare --activate`` set the user's default."""
    args = view[1:]
    subs = plain_words(args, frozenset({"--install-directory"}))
    sub = subs[0] if subs else ""
    if sub in ("enable", "disable"):
        target = _option_value(args, "--install-directory")
        return None if target is not None and _relative_inside(target) else INSTALL
    if sub == "install" and any(w in ("-g", "--global") for w in args):
        return INSTALL
    if sub == "prepare" and "--activate" in args:
        return INSTALL
    return None


def _dotnet(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``dotnet tool install -g``, ``dotnet workload install``, ``dotnet new install`` (the user's templates),
    ``dotnet nuget add|remove|enable|disable|update source`` (the user's NuGet.Config unless
    ``--configfile``)."""
    args = view[1:]
    subs = plain_words(args, frozenset({"--configfile", "--tool-path", "-s", "--source", "--version"}))
    pair = tuple(subs[:2])
    if pair[:1] == ("tool",) and pair[1:] and pair[1] in ("install", "uninstall", "update"):
        return INSTALL if any(w in ("-g", "--global") for w in args) else None
    if pair[:1] == ("workload",) and pair[1:] and pair[1] in ("install", "update", "uninstall", "repair",
                                                               "restore", "clean"):  # fmt: skip
        return INSTALL
    if pair in (("new", "install"), ("new", "uninstall")):
        return INSTALL
    if pair[:1] == ("nuget",) and pair[1:] and pair[1] in ("add", "remove", "enable", "disable", "update"):
        return None if "--configfile" in args else SETTINGS
    return None


_MISE_INSTALLS = frozenset("install i use u uninstall remove rm upgrade up self-update implode".split())
_MISE_SETTINGS = frozenset(
    {("settings", "set"), ("settings", "add"), ("settings", "unset"), ("plugins", "install"),
     ("plugins", "uninstall"), ("plugins", "update"), ("plugin", "install")}
)  # fmt: skip


def _mise(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """mise/rtx: a runtime installed into the user's data folder (``install``, ``use``), ``-g``/``--global``,
    ``settings set``, ``plugins install``, ``self-update``, ``trust`` (the user's list of trusted folders)."""
    args = view[1:]
    subs = plain_words(args, frozenset({"-C", "--cd", "-E", "--env", "-j", "--jobs"}))
    sub = subs[0] if subs else ""
    if sub in _MISE_INSTALLS:
        return INSTALL
    if sub == "trust" or any(w in ("-g", "--global") for w in args) or tuple(subs[:2]) in _MISE_SETTINGS:
        return SETTINGS
    return None


def _poetry(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``poetry self …`` changes poetry's own install; ``poetry config KEY VALUE`` (or ``--unset``) without
    ``--local`` writes the user's settings. ``pdm`` alike."""
    args = view[1:]
    subs = plain_words(args, frozenset({"-C", "--directory", "-P", "--project", "-p"}))
    if subs[:1] == ["self"]:
        return INSTALL
    if subs[:1] == ["config"] and "--local" not in args and "-l" not in args:
        if len(subs) > 2 or "--unset" in args or "-d" in args or "--delete" in args:
            return SETTINGS
    return None


_GIT_CONFIG_READS = (
    "--get", "--get-all", "--get-regexp", "--get-urlmatch", "--get-color", "--get-colorbool", "-l", "--list",
    "--show-origin", "--show-scope", "--name-only",
)  # fmt: skip
_GIT_CONFIG_WRITES = (
    "--unset", "--unset-all", "--add", "--replace-all", "--rename-section", "--remove-section", "-e", "--edit",
)  # fmt: skip
_GIT_CONFIG_VALUES = frozenset("-f --file --blob --type --default --comment --value -t".split())


def _git_scope(args: Sequence[str]) -> bool:
    """``--global``/``--system`` (and the unique abbreviations git's parser takes: ``--glo``, ``--sys``)."""
    for w in args:
        if w.startswith("--gl") and "--global".startswith(w):
            return True
        if w.startswith("--sy") and "--system".startswith(w):
            return True
    return False


def _git_config_writes(args: tuple[str, ...]) -> bool:
    """``git config`` with ``--global``/``--system`` that writes: a key and a value, a writing option, or the
    ``set``/``unset``/``edit``/``rename-section``/``remove-section`` subcommands (git 2.46)."""
    if not _git_scope(args):
        return False
    if any(w in _GIT_CONFIG_WRITES or w.startswith(("--unset=", "--add=")) for w in args):
        return True
    positionals = plain_words(args, _GIT_CONFIG_VALUES)
    if positionals[:1] and positionals[0] in ("set", "unset", "edit", "rename-section", "remove-section"):
        return True
    if positionals[:1] and positionals[0] in ("get", "list"):
        return False
    if any(w in _GIT_CONFIG_READS or w.startswith("--get") for w in args):
        return False
    return len(positionals) >= 2


_GIT_LOCAL = frozenset({"--local", "--worktree"})


def _git(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """git's settings outside the project: ``git config --global|--system`` writes, ``git lfs install|uninstall``
    (the user's settings unless ``--local``), ``git maintenance start|register`` (a scheduled job and the
    user's settings), ``git credential approve|reject`` (the credential store)."""
    if len(view) < 2:
        return None
    sub, args = view[1], view[2:]
    if sub == "config":
        return SETTINGS if _git_config_writes(args) else None
    if sub == "lfs" and args[:1] and args[0] in ("install", "uninstall"):
        return None if any(w in _GIT_LOCAL for w in args) else SETTINGS
    if sub == "maintenance" and args[:1] and args[0] in ("start", "stop", "register", "unregister"):
        return SCHEDULE
    if sub == "credential" and args[:1] and args[0] in ("approve", "reject", "store", "erase"):
        return KEYCHAIN
    return None


def _gh(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``gh auth login|logout|refresh|switch``: the user's stored credentials."""
    subs = plain_words(view[1:], frozenset({"-R", "--repo", "-h", "--hostname"}))
    if subs[:1] == ["auth"] and subs[1:2] and subs[1] in ("login", "logout", "refresh", "switch"):
        return KEYCHAIN
    return None


def _ssh_add(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``ssh-add`` adds (``-d``/``-D`` remove) keys in the user's agent or keychain; ``-l``/``-L``/``-T`` read."""
    if any(
        w in ("-l", "-L", "-T") or (w[:1] == "-" and w[1:2] != "-" and ("l" in w or "L" in w))
        for w in view[1:]
    ):
        return None
    return KEYCHAIN


# ssh-keygen's getopt: the letters that take a value (the rest of the word, else the next word), and the
# actions that only print (a fingerprint, a public key, a search, a signature check).
_SSH_KEYGEN_VALUED = frozenset("abCDEFfGIJjKmMNnOPrsStVwYzZ")
_SSH_KEYGEN_READS = frozenset("lyFLQBeiDYrGTk")


def _ssh_keygen(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``ssh-keygen`` writing into ``~/.ssh``: a key generated or ``known_hosts`` edited (``-R``, ``-H``) with no
    ``-f`` naming the file (whose place is the path scope's question); printing a key or a fingerprint reads."""
    letters: set[str] = set()
    for w in view[1:]:
        if w[:1] != "-" or w[1:2] == "-":
            continue
        for c in w[1:]:
            letters.add(c)
            if c in _SSH_KEYGEN_VALUED:
                break  # the rest of the word is its value
    if "f" in letters:
        return None
    if "R" in letters or "H" in letters:
        return KEYCHAIN
    return None if letters & _SSH_KEYGEN_READS or "?" in letters else KEYCHAIN


_GPG_WRITES = frozenset(
    """--import --recv-keys --receive-keys --gen-key --generate-key --full-gen-key --full-generate-key
    --quick-gen-key --quick-generate-key --quick-add-uid --quick-add-key --quick-set-expire --quick-sign-key
    --quick-lsign-key --quick-revoke-uid --delete-key --delete-keys --delete-secret-key --delete-secret-keys
    --delete-secret-and-public-key --edit-key --sign-key --lsign-key --import-ownertrust --refresh-keys
    --fetch-keys --update-trustdb --change-passphrase --passwd""".split()
)


def _gpg(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """gpg's keyring in the user's ``~/.gnupg``: imports, generated, deleted or signed keys, trust -- unless
    ``--homedir`` (or ``GNUPGHOME``) names another keyring."""
    if _option_value(view[1:], "--homedir") is not None or _assigned(words, "GNUPGHOME") is not None:
        return None
    return KEYCHAIN if any(w in _GPG_WRITES for w in view[1:]) else None


def _pacman(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """pacman and its helpers (``yay``, ``paru``): ``-S`` (but the searches and listings ``-Ss -Si -Sl -Sg
    -Sp``), ``-R``, ``-U``, ``-D``; ``yay``/``paru`` alone or with a name install."""
    for w in view[1:]:
        if w in ("--sync", "--remove", "--upgrade", "--database"):
            return INSTALL
        if w[:1] == "-" and w[1:2] != "-" and len(w) > 1:
            op = w[1]
            if op in "RUD":
                return INSTALL
            if op == "S":
                return None if any(c in w[2:] for c in "silgp") else INSTALL
            if op in "QFTVh":
                return None
    if view[0] in ("yay", "paru") and not any(w[:1] == "-" for w in view[1:]):
        return INSTALL  # `yay` alone upgrades everything; `yay name` searches and installs
    return None


def _dpkg(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """dpkg/rpm: the install, remove and upgrade actions (``-i``, ``-r``, ``-P``, ``-U``, ``-e`` …)."""
    writes = (
        ("-i", "--install", "-r", "--remove", "-P", "--purge", "--configure", "--unpack", "--set-selections")
        if view[0] == "dpkg"
        else ("-i", "--install", "-U", "--upgrade", "-F", "--freshen", "-e", "--erase", "--import")
    )
    short = {w[1:] for w in writes if len(w) == 2}
    for w in view[1:]:
        if w in writes:
            return INSTALL
        if w[:1] == "-" and w[1:2] != "-" and any(c in short for c in w[1:2]):
            return INSTALL  # `rpm -ivh x.rpm`, `dpkg -iR dir`
    return None


def _security(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``security list-keychains|default-keychain|login-keychain -s …`` set the keychains; the other commands
    are decided by the row (a closed list of reads)."""
    subs = plain_words(view[1:], frozenset({"-d", "--domain"}))
    if subs[:1] and subs[0] in ("list-keychains", "default-keychain", "login-keychain") and "-s" in view:
        return KEYCHAIN
    return None


Reader = Callable[[tuple[str, ...], tuple[str, ...]], str | None]


def _first_row(*rows: Sub) -> Reader:
    """A tool whose subcommands change different things (a login, a setting, an install): its rows in turn,
    the first that reads a change answering."""

    def read(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
        for row in rows:
            found = _by_row(row, view)
            if found is not None:
                return found
        return None

    return read


# red team: the other clients' logins, settings and plugins, as ``gh auth login`` and ``npm login`` are -- each
# writes the user's credentials or settings in the home folder (the account and project later commands act on,
# a credential helper it runs), or installs code the client loads for every project. Switching between
# accounts already stored is read with the other switches (session 24, _MACHINE_READERS).
_LOGIN = "login logout"
# The cloud CLIs' global options that take a value (``aws --profile p --region r eks update-kubeconfig``).
_AWS_VALUES = "--profile --region --output --endpoint-url --query --ca-bundle --color --cli-read-timeout"
_GCLOUD_VALUES = (
    "--project --account --configuration --impersonate-service-account --billing-project --verbosity --format"
    " --flags-file --filter --flatten --trace-token"
)
_AZ_VALUES = "--subscription -o --output --query"
# ``gcloud container clusters get-credentials`` (and the fleet's, GKE on AWS or Azure's), in every release track
_GCLOUD_KUBECONFIG = " ".join(
    f"{track}container+{kind}get-credentials"
    for track in ("", "alpha+", "beta+")
    for kind in ("clusters+", "fleet+memberships+", "hub+memberships+", "aws+clusters+", "azure+clusters+",
                 "attached+clusters+")
)  # fmt: skip
# ``doctl kubernetes cluster kubeconfig save|remove`` in its aliases (``doctl k8s c kubecfg s``)
_DOCTL_KUBECONFIG = " ".join(
    f"{k8s}+{cluster}+{cfg}+{act}"
    for k8s in ("kubernetes", "kube", "k8s", "k")
    for cluster in ("cluster", "clusters", "c")
    for cfg in ("kubeconfig", "kubecfg", "k8scfg", "config", "cfg")
    for act in ("save", "s", "remove", "rm", "d")
)
_AZ = _first_row(
    Sub(
        KEYCHAIN,
        writes="login logout acr+login aks+get-credentials devops+login devops+logout",
        values=_AZ_VALUES,
    ),
    Sub(SETTINGS, writes="config+set config+unset"),
    Sub(SETTINGS, writes="devops+configure", values=_AZ_VALUES, read_flags="-l --list"),
    Sub(INSTALL, writes="extension+add extension+update extension+remove upgrade"),
)


def _az(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``az aks get-credentials --file -`` prints the kubeconfig (a credential read,
    permissions.commands.credentials, says so); without it the credentials are merged into ``~/.kube/config``."""
    if "get-credentials" in view and _option_value(view[1:], "--file", "-f") == "-":
        return None
    return _AZ(view, words)


# The local cluster makers' help (Go's cobra: ``-h`` as well)
_COBRA_HELPS = _HELPS | {"-h"}
_MINIKUBE = _first_row(
    Sub(SETTINGS, writes="update-context", values="-p --profile"),
    Sub(LOCAL_CLUSTER, writes="start", values="-p --profile", helps=_COBRA_HELPS),
)
_K3D = _first_row(
    Sub(KEYCHAIN, writes="kubeconfig+merge kubeconfig+write"),
    Sub(LOCAL_CLUSTER, writes="cluster+create clusters+create create+cluster", helps=_COBRA_HELPS),
)
_COLIMA_K8S = _first_row(
    Sub(LOCAL_CLUSTER, writes=" ".join(f"{k}+{a}" for k in ("kubernetes", "k8s", "k3s", "kube", "k")
                                        for a in ("start", "reset", "restart")), values="-p --profile")
)  # fmt: skip
_OFF = ("false", "0", "f")


def _k3d(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``k3d cluster create`` merges the new cluster's context into the home folder's kubeconfig and switches to
    it, unless told not to (``--kubeconfig-update-default=false``)."""
    if any(
        w.startswith("--kubeconfig-update-default=") and w.partition("=")[2].lower() in _OFF for w in view
    ):
        return None
    return _K3D(view, words)


def _colima(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``colima start --kubernetes`` (``-k``) and ``colima kubernetes start|reset`` write the k3s cluster's context
    into the home folder's kubeconfig and switch to it; the engine inside the VM is ``_engine_in_vm``'s."""
    found = _engine_in_vm(view, words) or _COLIMA_K8S(view, words)
    if found is not None:
        return found
    if _COBRA_HELPS.intersection(view):
        return None
    subs = plain_words(view[1:], _VM_VALUES)
    on = any(
        w in ("-k", "--kubernetes") or w.lower() in ("--kubernetes=true", "--kubernetes=1") for w in view
    )
    return LOCAL_CLUSTER if subs[:1] == ["start"] and on else None


def _composer(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``composer config --global KEY VALUE`` (``-g``, ``--unset``, ``--editor``) writes the user's config or
    ``auth.json`` (a repository's ``http-basic`` password, a token): every project's installs; without
    ``--global`` it writes the project's ``composer.json``. ``composer config -g KEY`` prints a value."""
    if "-g" not in view and "--global" not in view:
        return None
    subs = plain_words(view[1:], frozenset({"-d", "--working-dir", "-f", "--file"}))
    if subs[:1] != ["config"] or _HELPS.intersection(view) or "-l" in view or "--list" in view:
        return None
    edits = {"--unset", "-e", "--editor"}.intersection(view)
    return KEYCHAIN if len(subs) > 2 or edits else None


_UV_AUTH = _first_row(Sub(KEYCHAIN, writes="auth+login auth+logout"))
_ENGINE_LOGIN = Sub(KEYCHAIN, writes=_LOGIN, values="-c --context -H --host --config -l --log-level")


def _engine_login() -> Reader:
    """``docker login|logout`` (and podman's, nerdctl's, finch's): the registry's credential stored in or taken
    from the user's config; the engine's other changes are ``_engine``'s."""
    return lambda v, w: _engine(v, w) or _by_row(_ENGINE_LOGIN, v)


def _vcluster(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``vcluster connect NAME`` merges the virtual cluster's admin context into the home folder's kubeconfig and
    switches to it; ``--print`` only prints it (permissions.commands.secret_keepers), ``--update-current=false``
    writes the ``--kube-config`` file (./kubeconfig.yaml, the project's) instead."""
    subs = plain_words(view[1:], frozenset({"-n", "--namespace", "--context", "--kube-config"}))
    if subs[:1] != ["connect"] or "--print" in view or "--update-current=false" in view:
        return None
    return KEYCHAIN


_CLIENT_READERS: dict[str, Reader] = {
    "az": _az,
    "gcloud": _first_row(
        Sub(
            KEYCHAIN,
            writes="auth+login auth+activate-service-account auth+revoke auth+application-default"
            " auth+configure-docker " + _GCLOUD_KUBECONFIG,
            values=_GCLOUD_VALUES,
        ),
        Sub(
            SETTINGS,
            writes="config+set config+unset config+configurations+create config+configurations+delete"
            " config+configurations+rename",
            values=_GCLOUD_VALUES,
        ),
        Sub(INSTALL, writes="components+install components+update components+remove components+reinstall"),
    ),
    "heroku": _first_row(
        Sub(KEYCHAIN, writes="login logout auth:login auth:logout container:login container:logout"),
        Sub(INSTALL, writes="plugins:install plugins:link plugins:uninstall"),
    ),
    "helm": _first_row(
        Sub(KEYCHAIN, writes="registry+login registry+logout"),
        Sub(SETTINGS, writes="repo+add repo+remove repo+rm"),
        Sub(INSTALL, writes="plugin+install plugin+uninstall plugin+update"),
    ),
    **dict.fromkeys(
        ("fly", "flyctl"), _first_row(Sub(KEYCHAIN, writes=f"{_LOGIN} auth+login auth+logout auth+docker"))
    ),
    **dict.fromkeys(
        (
            "terraform",
            "tofu",
            "vercel",
            "netlify",
            "wrangler",
            "railway",
            "supabase",
            "pulumi",
            "oc",
        ),
        _first_row(Sub(KEYCHAIN, writes=_LOGIN)),
    ),  # fmt: skip
    # session 22: IBM Cloud's cluster config merged into the home folder's kubeconfig
    "ibmcloud": _first_row(
        Sub(
            KEYCHAIN,
            writes=f"{_LOGIN} ks+cluster+config ks+cluster-config cs+cluster-config cs+cluster+config",
        )
    ),
    "cf": _first_row(Sub(KEYCHAIN, writes=f"{_LOGIN} auth")),
    "firebase": _first_row(Sub(KEYCHAIN, writes=f"{_LOGIN} login:add login:use")),
    "vault": _first_row(Sub(KEYCHAIN, writes="login")),
    "wandb": _first_row(Sub(KEYCHAIN, writes=_LOGIN)),  # its API key goes to ~/.netrc
    "codex": _first_row(Sub(KEYCHAIN, writes=_LOGIN)),
    "bw": _first_row(Sub(KEYCHAIN, writes=f"{_LOGIN} import")),  # (red team: a file imported into the vault)
    # red team (session 21): gopass's store changed, as `pass insert` is (the row's); its self-update
    "gopass": _first_row(
        Sub(
            KEYCHAIN,
            writes="insert generate edit set rm delete remove mv move cp copy init setup clone create new merge"
            " fscopy fsmove convert recipients+add recipients+remove recipients+rm mounts+add mounts+remove"
            " mounts+rm mounts+umount templates+edit templates+remove templates+rm alias+add alias+remove"
            " alias+delete",
        ),
        Sub(INSTALL, writes="update"),
    ),
    "aws": _first_row(
        Sub(KEYCHAIN, writes=f"{_LOGIN} sso+login sso+logout eks+update-kubeconfig", values=_AWS_VALUES)
    ),
    "doctl": _first_row(
        Sub(
            KEYCHAIN,
            writes="auth+init auth+remove auth+switch registry+login registry+logout " + _DOCTL_KUBECONFIG,
            values="-t --access-token -c --config --context -o --output -u --api-url",
        )
    ),
    "glab": _first_row(Sub(KEYCHAIN, writes="auth+login auth+logout")),
    "tea": _first_row(Sub(KEYCHAIN, writes="logout login+add login+delete login+default login+edit")),
    "hf": _first_row(Sub(KEYCHAIN, writes=f"{_LOGIN} auth+login auth+logout auth+switch")),
    "huggingface-cli": _first_row(Sub(KEYCHAIN, writes=_LOGIN)),
    "kubectl": _first_row(Sub(INSTALL, writes="krew+install krew+uninstall krew+upgrade")),
    "krew": _first_row(Sub(INSTALL, writes="install uninstall upgrade")),
    # session 22: the clusters' credentials merged into the home folder's kubeconfig (``--kubeconfig`` or
    # ``--file`` naming a project file is capped too: rare, and the path may be the home's); switching contexts
    # already stored stays (above). ``kind``/``k3d`` delete and ``minikube``'s engine stay their rows' and readers'.
    "kind": _first_row(
        Sub(KEYCHAIN, writes="export+kubeconfig"),
        Sub(LOCAL_CLUSTER, writes="create+cluster", values="-v --verbosity", helps=_COBRA_HELPS),
    ),
    "k3d": _k3d,
    "minikube": lambda v, w: _engine_in_vm(v, w) or _MINIKUBE(v, w),
    # session 23: the local clusters made (or started) write their admin context into the home folder's
    # kubeconfig and switch kubectl to it, so a later ``kubectl apply`` goes there -- ``kind create cluster``,
    # ``minikube start`` (``--keep-context`` writes it too), ``k3d cluster create``, kwok's, ctlptl's, colima's
    # k3s; ``--kubeconfig ./x`` naming a project file asks too, as the kubeconfig exports above do
    "kwokctl": _first_row(
        Sub(LOCAL_CLUSTER, writes="create+cluster", values="--name -c --config", helps=_COBRA_HELPS)
    ),
    "ctlptl": _first_row(Sub(LOCAL_CLUSTER, writes="create+cluster apply", helps=_COBRA_HELPS)),
    "colima": _colima,
    "eksctl": _first_row(Sub(KEYCHAIN, writes="utils+write-kubeconfig")),
    "vcluster": _vcluster,
    # the registries' logins (``~/.docker/config.json``, containers' ``auth.json``, regclient's config)
    **dict.fromkeys(("oras", "skopeo"), _first_row(Sub(KEYCHAIN, writes=_LOGIN))),
    "crane": _first_row(Sub(KEYCHAIN, writes="auth+login auth+logout")),
    "regctl": _first_row(Sub(KEYCHAIN, writes="registry+login registry+logout registry+set")),
    **dict.fromkeys(("docker", "podman", "nerdctl", "finch"), _engine_login()),
    # the tools' tokens written in the home folder (``~/.sentryclirc``, ngrok.yml, uv's and the keyring's store)
    "sentry-cli": _first_row(Sub(KEYCHAIN, writes="login")),
    # session 27: Expose's token and its default server and domain (``~/.expose/config.php``)
    "expose": _first_row(
        Sub(KEYCHAIN, writes="token", helps=_COBRA_HELPS),
        Sub(SETTINGS, writes="default-server default-domain", helps=_COBRA_HELPS),
    ),
    "ngrok": _first_row(
        Sub(KEYCHAIN, writes="authtoken config+add-authtoken config+add-api-key"),
        Sub(SETTINGS, writes="config+add-connect-url config+add-server-addr config+upgrade config+edit"),
    ),
    "uv": lambda v, w: _uv(v, w) or _UV_AUTH(v, w),
    "keyring": _first_row(Sub(KEYCHAIN, writes="set del")),
    **dict.fromkeys(
        ("doppler", "eas", "stripe", "consul", "nomad", "infisical", "pscale", "turso"),
        _first_row(Sub(KEYCHAIN, writes=f"{_LOGIN} auth+login auth+logout configure+set configure+unset")),
    ),
    "cloudflared": _first_row(Sub(KEYCHAIN, writes="login tunnel+login")),
    "rclone": _first_row(Sub(KEYCHAIN, writes="config+create config+update config+password config+delete")),
    "gsutil": _first_row(Sub(KEYCHAIN, writes="config")),
    # the kubeconfig rewritten to kubelogin's (Azure), Teleport's certificates and kubeconfig entries, the
    # profiles of Databricks, Snowflake and Snyk (read for these forms only: vocabulary.FORM_READ_ONLY)
    "kubelogin": _first_row(Sub(KEYCHAIN, writes="convert-kubeconfig remove-tokens remove-cache-dir")),
    "tsh": _first_row(
        Sub(
            KEYCHAIN,
            writes=f"{_LOGIN} kube+login app+login app+logout db+login db+logout",
            values="--proxy --user --auth --cluster -i --identity --kube-cluster",
        )
    ),
    "databricks": _first_row(Sub(KEYCHAIN, writes="configure auth+login", values="-p --profile")),
    "snow": _first_row(Sub(KEYCHAIN, writes="connection+add connection+remove")),
    "snyk": _first_row(Sub(KEYCHAIN, writes="auth logout config+set config+unset config+clear")),
    # session 23: more clients' logins and stored tokens, their endpoints' settings -- Argo CD's and Rancher's
    # logins, Okteto's contexts (each written with the cluster's credentials into the kubeconfig), Talos'
    # config merged or repointed, the clouds' API tokens (Hetzner, Linode, Exoscale, Scaleway, Civo, Tanzu),
    # JFrog's servers, Hatch's and pixi's index credentials, Hex's, NuGet's API key, composer's global
    # ``auth.json``. Switching to one already stored is read with the other switches (session 24, _MACHINE_READERS).
    "argocd": _first_row(
        Sub(
            KEYCHAIN,
            writes="login logout relogin",
            values="--config --server --auth-token --grpc-web-root-path",
        )
    ),
    "rancher": _first_row(Sub(KEYCHAIN, writes="login server+delete server+rm")),
    "okteto": _first_row(
        Sub(
            KEYCHAIN,
            writes="kubeconfig update-kubeconfig context+use context+create context+delete context+rm",
        )
    ),
    "talosctl": _first_row(
        Sub(
            KEYCHAIN,
            writes="config+merge config+add config+remove config+rm config+endpoint config+endpoints config+node"
            " config+nodes",
            values="-n --nodes -e --endpoints --talosconfig --context --cluster",
        )
    ),
    "hcloud": _first_row(Sub(KEYCHAIN, writes="context+create context+delete context+rm", values="--config")),
    "linode-cli": _first_row(Sub(KEYCHAIN, writes="configure remove-user")),
    "exo": _first_row(Sub(KEYCHAIN, writes="config+add config+delete config+remove")),
    "scw": _first_row(
        Sub(
            KEYCHAIN,
            writes="init login config+set config+unset config+reset config+destroy config+import"
            " config+profile+delete",
            values="-p --profile -c --config -o --output",
        )
    ),
    "civo": _first_row(
        Sub(
            KEYCHAIN,
            writes=" ".join(
                f"{k}+{a}"
                for k in ("apikey", "apikeys", "key", "keys")
                for a in ("add", "save", "store", "create", "new", "remove", "rm", "delete")
            ),
        )
    ),  # fmt: skip
    "tanzu": _first_row(Sub(KEYCHAIN, writes="login context+create context+delete")),
    **dict.fromkeys(
        ("jf", "jfrog"),
        _first_row(
            Sub(
                KEYCHAIN,
                writes="login config+add config+edit config+import config+remove config+rm c+add c+edit"
                " c+import c+remove c+rm",
            )
        ),
    ),
    "hatch": _first_row(Sub(SETTINGS, writes="config+set config+update config+restore")),
    "pixi": _first_row(
        Sub(KEYCHAIN, writes="auth+login auth+logout"),
        # red team (session 35): pixi's global tools (on PATH for every later shell)
        Sub(
            INSTALL,
            writes="global+install global+add global+uninstall global+remove global+update global+upgrade"
            " global+upgrade-all global+sync global+expose global+edit",
        ),
    ),
    "mix": _first_row(
        Sub(
            KEYCHAIN,
            writes="hex.user+auth hex.user+register hex.user+deauth hex.organization+auth hex.organization+deauth"
            " hex.repo+add hex.repo+set hex.repo+remove",
        )
    ),
    "nuget": _first_row(Sub(KEYCHAIN, writes="setapikey")),
    "composer": _composer,
    # MinIO's client: an alias holds the access and secret keys (``~/.mc/config.json``)
    "mc": _first_row(
        Sub(
            KEYCHAIN,
            writes="alias+set alias+add alias+remove alias+rm alias+import config+host+add config+host+rm",
        )
    ),
}


def _date(view: tuple[str, ...]) -> str | None:
    """red team: `date -s X` / `--set=X` (GNU) and `date MMDDhhmm[[CC]YY][.ss]` (BSD, macOS, busybox) set the
    clock; `date +%s`, `date -d X`, `date -u` only print."""
    for w in view[1:]:
        if w.startswith("--set") or (w.startswith("-s") and w[:2] != "--"):
            return CLOCK
        if w[:1] != "-" and w[:1] != "+" and w.replace(".", "").isdigit() and len(w.partition(".")[0]) >= 8:
            return CLOCK
    return None


def _tmux(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """red team: ``tmux kill-server`` ends every tmux session of the user (its commands take a unique prefix:
    ``kill-ser``), ``kill-session -a`` every one but the current; one session by name (``kill-session -t dev``)
    stays, as ``docker stop NAME`` does. A command after ``;`` in the same run is read too."""
    for k, w in enumerate(view[1:], 1):
        if w.startswith("kill-ser") and "kill-server".startswith(w):
            return EVERY_PROJECT
        if w.startswith("kill-ses") and "kill-session".startswith(w) and "-a" in view[k + 1 :]:
            return EVERY_PROJECT
    return None


def _pm2(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """red team: ``pm2 kill`` (its daemon and every app it runs) and ``pm2 stop|delete|restart|reload all``: the
    apps of every project the user's process manager runs; one app by name stays. Its boot script and saved
    list are the row's (SCHEDULE)."""
    subs = plain_words(view[1:], frozenset())
    if subs[:1] == ["kill"] or (
        subs[:1] and subs[0] in ("stop", "delete", "del", "restart", "reload") and "all" in subs
    ):
        return EVERY_PROJECT
    return None


def _supervisors(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """red team: supervisord's ``supervisorctl stop|restart|remove all`` (and ``shutdown``), forever's
    ``stopall``: every program the user's supervisor runs."""
    subs = plain_words(view[1:], frozenset({"-c", "--configuration", "-s", "--serverurl", "-u", "-p"}))
    if subs[:1] in (["shutdown"], ["stopall"]) or ("all" in subs[1:] and subs[0] != "status"):
        return EVERY_PROJECT
    return None


def _gpgconf(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """red team: ``gpgconf --kill|--reload COMPONENT`` stops the user's gpg-agent (the keys and passphrases it
    holds, ssh's with it when it serves ssh) -- unless ``--homedir`` names another keyring."""
    if _option_value(view[1:], "--homedir") is not None:
        return None
    return (
        SESSION
        if any(w in ("--kill", "--reload") or w.startswith(("--kill=", "--reload=")) for w in view[1:])
        else None
    )


def _fuser(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """red team: ``fuser -k -m PATH`` kills every process using the file system that holds PATH (``-km .``: the
    home folder's, every program of the user); ``fuser -k 3000/tcp`` (a port's listener) stays."""
    letters = "".join(w[1:] for w in view[1:] if w[:1] == "-" and w[1:2] != "-")
    kills = "k" in letters or "--kill" in view
    return (
        SIGNAL
        if kills and ("m" in letters or "M" in letters or "--mount" in view or "--ismountpoint" in view)
        else None
    )


def _scutil(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """red team: ``scutil --nc start|stop|select|trigger|enablepref|disablepref`` connects or switches a VPN
    service; ``--nc list|status|show|statistics`` print (``--set`` is the row's)."""
    if "--nc" not in view:
        return None
    subs = plain_words(view[view.index("--nc") + 1 :], frozenset())
    return (
        NETWORK
        if subs[:1] and subs[0] in ("start", "stop", "select", "trigger", "enablepref", "disablepref")
        else None
    )


# red team, off the sandbox: blueutil (macOS) switching Bluetooth or its discoverability (`-p 0`, `--power=1`,
# `-p0`, `-d 1`; alone they print the state), connecting, pairing or forgetting a device, changing the favourites,
# and its first version's words (`blueutil off`, `blueutil power 0`); printing (`--paired`, `--info ID`) stays.
_BLUEUTIL_ACTS = frozenset(
    {"--connect", "--disconnect", "--pair", "--unpair", "--add-favourite", "--add-favorite",
     "--remove-favourite", "--remove-favorite"}
)  # fmt: skip
_BLUEUTIL_STATES = frozenset({"-p", "--power", "-d", "--discoverable"})
_BLUEUTIL_READ_VALUED = frozenset({"--info", "--is-connected", "--format", "--inquiry"})


def _blueutil(view: tuple[str, ...]) -> str | None:
    args = view[1:]
    for k, w in enumerate(args):
        name, eq, _ = w.partition("=")
        following = args[k + 1] if k + 1 < len(args) else "-"
        if name in _BLUEUTIL_ACTS or (name in _BLUEUTIL_STATES and (eq or following[:1] != "-")):
            return NETWORK
        if name[:2] in ("-p", "-d") and len(name) > 2:
            return NETWORK  # (`-p0`: the state attached)
        if w[:1] != "-" and (k == 0 or args[k - 1] not in _BLUEUTIL_READ_VALUED) and w != "status":
            return NETWORK  # (`blueutil off`, `blueutil power 0`)
    return None


READERS: dict[str, Reader] = {
    "date": lambda v, w: _date(v),
    "kill": lambda v, w: _kill(v),
    "pkill": lambda v, w: _pkill(v),
    "killall": lambda v, w: _pkill(v),
    "killall5": lambda v, w: SIGNAL,
    "pgrep": lambda v, w: _pgrep(v),
    "skill": lambda v, w: _skill(v),
    "pidof": lambda v, w: _pgrep(v),
    "crontab": lambda v, w: _crontab(v),
    "at": lambda v, w: _at(v),
    "batch": lambda v, w: _at(v),
    "atq": lambda v, w: None,
    "systemd-run": lambda v, w: _systemd_run(v),
    "service": lambda v, w: _service(v),
    "rc-service": lambda v, w: _service(v),
    "sysctl": lambda v, w: _sysctl(v),
    "hostname": lambda v, w: _hostname(v),
    "osascript": lambda v, w: _osascript(v),
    "ifconfig": lambda v, w: _ifconfig(v),
    "ip": lambda v, w: _ip(v),
    "nmcli": lambda v, w: _nmcli(v) or nmcli_secrets(v) or _nmcli_secrets(v),
    "mount": lambda v, w: _mount(v),
    "gio": lambda v, w: _gio(v),
    "xattr": lambda v, w: _xattr(v),
    "dseditgroup": lambda v, w: _dseditgroup(v),
    "chattr": lambda v, w: _chattr(v),
    "chflags": lambda v, w: _chflags(v),
    "pm2": _pm2,
    "scutil": _scutil,
    "blueutil": lambda v, w: _blueutil(v),
    **dict.fromkeys(("docker", "podman", "nerdctl", "finch"), _engine),
    **dict.fromkeys(("docker-compose", "podman-compose"), lambda v, w: _compose_drop(v[1:], w)),
    "lxc": _lxc,
    "incus": _lxc,
    "colima": _engine_in_vm,
    "minikube": _engine_in_vm,
    "vboxmanage": _vboxmanage,
    "npm": _npm,
    "pnpm": _pnpm,
    "yarn": _yarn,
    "bun": _bun,
    **dict.fromkeys(spellings("pip"), _pip),  # pip3, pip3.12 ...
    **dict.fromkeys((*spellings("python"), "py", "pypy", "pypy3"), _setup_py),
    "easy_install": lambda v, w: INSTALL if "--user" in v else None,  # setuptools' own installer
    "cargo": _cargo,
    "go": _go,
    "gem": _gem,
    "luarocks": _luarocks,
    "cpan": _cpan,
    "cpanm": _cpan,
    "stack": _haskell,
    "cabal": _haskell,
    "vagrant": _vagrant,
    "bundle": _bundle,
    "bundler": _bundle,
    "conda": _conda,
    "mamba": _conda,
    "micromamba": _conda,
    "uv": _uv,
    "deno": _deno,
    "corepack": _corepack,
    "dotnet": _dotnet,
    "mise": _mise,
    "rtx": _mise,
    "poetry": _poetry,
    "pdm": _poetry,
    "git": _git,
    "gh": _gh,
    "security": _security,
    "ssh-add": _ssh_add,
    "ssh-keygen": _ssh_keygen,
    "gpg": _gpg,
    "gpg2": _gpg,
    "pacman": _pacman,
    "yay": _pacman,
    "paru": _pacman,
    "dpkg": _dpkg,
    "rpm": _dpkg,
    **_CLIENT_READERS,
    **PEEK_READERS,  # another process read, or the machine's traffic (permissions.commands.peeks)
    # red team: PowerShell's call operator (`. crontab -r` runs crontab; bash sources a file by that name)
    ".": lambda v, w: _view_change(v[1:], w) if len(v) > 1 and v[1] in _READ_VERBS else None,
}

# The verbs above, which permissions.commands.vocabulary counts among the programs Brabo knows.
MACHINE_VERBS: frozenset[str] = frozenset(ROWS) | frozenset(READERS)
# The machine's credential stores dumped or read (permissions.commands.dumps): read here, but not counted known --
# only a form of each is read, and a program no table knows keeps its fail-closed readings (`tttracer x -- rm
# -rf ~` hands a command on, as any unknown program's `--` may).
READERS.update(DUMP_READERS)
# Devices attached to the machine, changed (permissions.commands.devices): read the same way, not counted known.
READERS.update(DEVICE_READERS)


def _row(tool: Sub) -> Reader:
    return lambda view, words: _by_row(tool, view)


# red team (session 21), off the sandbox: the camera, the microphone and the screen recorded
# (permissions.commands.captures), the network changed by the tools above did not read
# (permissions.commands.network_settings), processes of every project or of the user's session stopped, and the
# password stores changed -- read the same way, not counted known (a program no table knew keeps its
# fail-closed readings).
_LATE_READERS: dict[str, Reader] = {
    **CAPTURE_READERS,
    **NETWORK_READERS,
    "bridge": lambda v, w: _ip(
        v
    ),  # iproute2's bridge: `bridge link set`, `bridge fdb add`, as `ip` reads them
    "supervisorctl": _supervisors,
    "gpgconf": _gpgconf,
    "fuser": _fuser,
    "forever": _supervisors,  # (known already, read by no table before)
    "ssh-agent": lambda v, w: KEYCHAIN if "-k" in v[1:] else None,  # the agent killed, the keys it held gone
    "xkill": lambda v, w: None if any(x in ("-help", "--help", "-version") for x in v[1:]) else SESSION,
    "passage": _row(
        Sub(KEYCHAIN, writes="insert add edit generate rm remove delete mv rename cp copy init reencrypt")
    ),
    "rbw": _row(
        Sub(
            KEYCHAIN,
            writes="add edit remove rm generate gen login register unlock purge config+set config+unset",
        )
    ),
}
READERS.update(_LATE_READERS)
READERS["tmux"] = (lambda peek: lambda v, w: peek(v, w) or _tmux(v, w))(
    READERS["tmux"]
)  # the clipboard read (permissions.commands.peeks), and its sessions ended
# session 24, off the sandbox: what later commands reach, and the machines that run them. A command that starts,
# makes or reconfigures a virtual machine, a container engine or a local cluster of the developer's (its mounts
# of the home folder, its ports, the docker context it switches to), registers a remote endpoint the machine's
# tools use later, or switches which cluster, daemon, account or server they reach (a current context, a default
# connection, an active profile, kept in the home folder) changes the machine outside the project, as ``kind
# create cluster`` and ``aws eks update-kubeconfig`` do. One reading for every switch: a switch asks off the
# sandbox -- ``kubectl config use-context`` as ``docker context use`` -- whatever the name it switches to; a
# context used for one command (``docker --context x ps``, ``kubectl --context prod get pods``) and what only
# prints the current one (``kubectl config current-context``, ``kubectx -c``, ``minikube profile``, ``oc
# project``) stay. Stopping a machine stays too (the module's docstring: recoverable, the disk kept).
SWITCH = (
    "switches which cluster, container engine, account or server the machine's later commands reach (its current"
    " context, kept outside the project)"
)
MACHINE_STARTED = (
    "starts, makes or reconfigures a virtual machine, a container engine or a local cluster of the machine (what"
    " it mounts of the home folder, the ports it opens, the engine or cluster later commands reach), outside the"
    " project"
)
ENDPOINT = (
    "registers a remote endpoint the machine's tools use later (a connection, a remote, a builder, a swarm),"
    " outside the project"
)
# session 27: files copied into or out of a virtual machine of the developer's (OrbStack's ``orb push|pull``,
# ``multipass transfer``, ``limactl copy``): the machine's side is named in its own folders (its home by
# default: ``orb push x`` writes ``~/x`` there, ``orb pull .bashrc`` reads its home's), no place of the project
VM_FILES = (
    "copies files into or out of a virtual machine's own folders (its home by default), outside the project"
)


def _switched(family: str, forms: str, values: str = "", prints: str = "list ls") -> Reader:
    """The forms (``config+use-context``) that switch to the name given after them; without one they print the
    current one (``minikube profile``, ``oc project``, ``argocd context``), and so does a name in ``prints``
    (``minikube profile list``)."""
    spec = tuple(tuple(f.split("+")) for f in forms.split())
    skipped = frozenset(values.split())
    listing = frozenset(prints.split())

    def read(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
        if not _COBRA_HELPS.isdisjoint(view[1:]):
            return None
        subs = [w.lower() for w in plain_words(view[1:], skipped)]
        for form in spec:
            if len(subs) > len(form) and tuple(subs[: len(form)]) == form and subs[len(form)] not in listing:
                return family
        return None

    return read


def _gated(marks: str, reader: Reader) -> Reader:
    """``reader`` for a view holding one of the words ``marks`` only: the tools agents run all day (``kubectl get``,
    ``docker build``) pay one set test."""
    gate = frozenset(marks.split())
    return lambda v, w: None if gate.isdisjoint(v) else reader(v, w)


def _readers(*readers: Reader) -> Reader:
    """Readers in turn, the first that reads a change answering."""
    return lambda v, w: next((found for r in readers if (found := r(v, w)) is not None), None)


def _kubectx(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """kubectx/kubens: a name (``-`` the previous one) switches the kubeconfig's current context or namespace,
    ``-d``/``-u`` delete or unset it; bare, ``-c``/``--current`` and the help print."""
    args = view[1:]
    if any(w in ("-c", "--current", "-h", "--help", "-V", "--version") for w in args):
        return None
    if any(w in ("-d", "-u", "--unset") for w in args):
        return SWITCH
    return SWITCH if any(w == "-" or w[:1] != "-" for w in args) else None


_QEMU_SYSTEMS = tuple(
    f"qemu-system-{arch}"
    for arch in ("x86_64", "i386", "aarch64", "arm", "riscv64", "riscv32", "ppc", "ppc64", "mips", "mipsel",
                 "mips64", "mips64el", "s390x", "sparc", "sparc64", "loongarch64", "m68k", "xtensa", "avr")
)  # fmt: skip


def _qemu(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``qemu-system-* -daemonize`` leaves the VM running after the command; in the foreground it is the
    command's own process (a project's kernel booted for a test, ``make qemu``)."""
    return MACHINE_STARTED if any(w in ("-daemonize", "--daemonize") for w in view[1:]) else None


_VBOX_STOPS = frozenset(
    {"poweroff", "acpipowerbutton", "acpisleepbutton", "pause", "savestate", "reset", "shutdown"}
)


def _vbox_started(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """VirtualBox's VMs made, started, imported or reconfigured (``controlvm VM natpf1 ...`` a port forwarded,
    ``sharedfolder add`` a host folder shared); ``controlvm VM poweroff|pause|savestate`` stop it (stays)."""
    subs = [w.lower() for w in plain_words(view[1:], _NO_VALUES)]
    if not subs or not _NAMED_HELPS.isdisjoint(view):
        return None
    if subs[0] == "controlvm":
        return MACHINE_STARTED if len(subs) > 2 and subs[2] not in _VBOX_STOPS else None
    if subs[0] in _VBOX_CHANGES or tuple(subs[:2]) in (("extpack", "install"), ("guestproperty", "set")):
        return MACHINE_STARTED
    return None


_VBOX_CHANGES = frozenset(
    "startvm createvm registervm modifyvm import clonevm movevm setproperty hostonlyif hostonlynet natnetwork"
    " sharedfolder dhcpserver setextradata".split()
)
_ENGINE_VALUE_WORDS = " ".join(sorted(_ENGINE_VALUES))
_ENGINE_STARTS = _first_row(
    Sub(
        MACHINE_STARTED,
        writes="desktop+start desktop+restart desktop+update desktop+enable desktop+disable desktop+engine+use"
        " machine+init machine+start machine+set machine+os+apply vm+init vm+start system+service swarm+init"
        " swarm+leave swarm+update plugin+enable plugin+set plugin+upgrade",
        values=_ENGINE_VALUE_WORDS,
        helps=_COBRA_HELPS,
    ),
    Sub(
        ENDPOINT,
        writes="system+connection+add system+connection+rename system+connection+remove system+connection+rm"
        " buildx+create swarm+join",
        values=_ENGINE_VALUE_WORDS,
        helps=_COBRA_HELPS,
    ),
    Sub(SETTINGS, writes="buildx+install", values=_ENGINE_VALUE_WORDS, helps=_COBRA_HELPS),
)
_ENGINE_SWITCHES = _switched(SWITCH, "context+use system+connection+default buildx+use", _ENGINE_VALUE_WORDS)
_VM_HELPS = _COBRA_HELPS


def _starts(writes: str, values: str = "") -> Reader:
    return _first_row(Sub(MACHINE_STARTED, writes=writes, values=values, helps=_VM_HELPS))


def _mix_hex(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``mix hex.config KEY VALUE`` (``--delete``) writes ``~/.hex/hex.config`` -- ``api_key`` the token later
    publishes use, ``api_url``/``mirror_url`` where every project's packages come from; ``mix hex.config [KEY]``
    prints."""
    subs = plain_words(view[1:], _NO_VALUES)
    if subs[:1] != ["hex.config"] or not _NAMED_HELPS.isdisjoint(view):
        return None
    return KEYCHAIN if len(subs) > 2 or "--delete" in view else None


# session 25, off the sandbox: what every project runs on, stopped, and the machine's traffic routed. A container
# engine's machine or daemon stopped (``colima stop``, ``docker desktop stop``, ``podman machine stop``, ``limactl
# stop``, a bare ``orb stop``) stops every container of the machine, as ``docker stop $(docker ps -q)`` and
# ``systemctl stop docker`` do; ``--all`` of the machines' and clusters' tools and ``ddev poweroff`` stop every
# project's. One named VM or cluster stopped (``vagrant halt``, ``multipass stop dev``, ``minikube stop``) stays, as
# ``docker stop web`` does. A tunnel or a VPN of a cluster's (``telepresence connect``, ``minikube tunnel``,
# ``sshuttle``) changes the machine's routes or name resolution, as ``wg-quick up`` does.
ENGINE_STOPPED = (
    "stops the container engine (or its virtual machine) every project's containers run on -- every container of"
    " the machine stops with it -- outside the project"
)
ROUTED = (
    "routes the machine's traffic (its routes or its name resolution) into a cluster or a remote network, outside"
    " the project"
)
_ALL = frozenset({"-a", "--all"})


def _stops(writes: str, values: str = "") -> Reader:
    return _first_row(Sub(ENGINE_STOPPED, writes=writes, values=values, helps=_VM_HELPS))


def _all_stopped(forms: str, values: str = "") -> Reader:
    """``multipass stop --all``, ``minikube stop --all``, ``ddev stop -a``: every machine, cluster or project
    stopped (one named stays)."""
    read = _first_row(Sub(EVERY_PROJECT, writes=forms, values=values, helps=_VM_HELPS))
    return lambda v, w: None if _ALL.isdisjoint(v) else read(v, w)


def _orb_stop(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """OrbStack's ``orb stop`` alone (or ``--all``) stops OrbStack, the engine of every container; ``orb stop dev``
    stops one machine."""
    subs = plain_words(view[1:], frozenset({"-m", "--machine", "-u", "--user"}))
    if subs[:1] != ["stop"] or not _COBRA_HELPS.isdisjoint(view):
        return None
    return ENGINE_STOPPED if len(subs) == 1 or not _ALL.isdisjoint(view) else None


def _sshuttle(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """sshuttle routes the machine's traffic for the subnets it names through an SSH server (its help and version
    print)."""
    quiet = ("-h", "--help", "-V", "--version")
    return None if len(view) < 2 or any(w in quiet for w in view[1:]) else ROUTED


def _kubie(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``kubie ctx prod``, ``kubie ns foo`` (``-`` the previous one) switch the context or namespace the shell's
    later commands reach; ``kubie ctx`` alone lists or offers a menu."""
    subs = plain_words(view[1:], frozenset({"-n", "--namespace", "-f", "--kubeconfig"}))
    if not _COBRA_HELPS.isdisjoint(view) or subs[:1] not in (["ctx"], ["ns"]):
        return None
    return SWITCH if len(subs) > 1 else None


# session 26, off the sandbox: a tunnel or a VPN taken down is a machine-wide change as one brought up is (routes
# removed as routes added): every program of the machine that reached the cluster or the private network through
# it loses it -- the developer's own session in another terminal, a company's network -- as ``wg-quick down``,
# ``nmcli con down`` and the VPN clients' ``disconnect`` (permissions.commands.network_settings, REROUTED's
# sentence) asked already; ``telepresence quit``, ``kubevpn disconnect``, ``netbird down``, ``twingate stop`` were
# approved. More VPN clients are read the same way, up and down.
def _joins(*quiet: str) -> Reader:
    """A daemon whose every run joins the machine to a network (``nebula -config x.yml``), but for its help,
    version and configuration test (``quiet``)."""
    told = frozenset(quiet) | _COBRA_HELPS
    return lambda v, w: None if len(v) < 2 or not told.isdisjoint(v[1:]) else ROUTED


def _vpn(writes: str, values: str = "") -> Reader:
    """A VPN client whose forms ``writes`` connect or disconnect the machine (or switch its firewall), and whose
    login is the user's stored credentials."""
    return _first_row(
        Sub(REROUTED, writes=writes, values=values, helps=_COBRA_HELPS),
        Sub(KEYCHAIN, writes=_LOGIN, values=values, helps=_COBRA_HELPS),
    )


# session 26: a container network made with a subnet the command names, or on the machine's own network
_NETWORK_CREATE_VALUES = frozenset(
    "-d --driver -o --opt --subnet --ip-range --gateway --aux-address --label --scope --ipam-driver --ipam-opt"
    " --config-from --interface-name --dns --route".split()
)
_NAMED_RANGES = ("--subnet", "--ip-range", "--gateway")
_LAN_DRIVERS = frozenset({"macvlan", "ipvlan"})


def _driver(args: Sequence[str], k: int) -> str:
    """The driver ``args[k]`` names (``-d X``, ``--driver X``, ``--driver=X``, ``-dX``), or ""."""
    w = args[k]
    if w in ("-d", "--driver"):
        return args[k + 1] if k + 1 < len(args) else ""
    if w.startswith("--driver="):
        return w.partition("=")[2]
    return w[2:] if w[:2] == "-d" and w[2:3] != "-" else ""


def _engine_network(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``docker network create --subnet 10.0.0.0/8 x``: the engine gives the machine a route (on Linux, a bridge
    with an address) for the range the command names -- a range the developer's LAN or VPN may use, which it then
    shadows (a range the engine picks itself is chosen around the machine's routes); ``-d macvlan|ipvlan`` puts
    the containers on the machine's own network, addressable from the LAN. A network made otherwise, ``connect``,
    ``rm`` and the listings stay (Compose makes networks all day)."""
    args = view[1:]
    subs = plain_words(args, _ENGINE_VALUES | _NETWORK_CREATE_VALUES)
    if [w.lower() for w in subs[:2]] != ["network", "create"] or not _COBRA_HELPS.isdisjoint(args):
        return None
    for k, w in enumerate(args):
        if w.startswith(_NAMED_RANGES) or _driver(args, k).lower() in _LAN_DRIVERS:
            return NETWORK
    return None


_LXC_STARTS = (
    "launch init create start restart resume unfreeze copy cp move mv rename import config+set config+unset"
    " config+edit config+device+add config+device+set config+device+override config+device+remove"
    " config+trust+add profile+create profile+set profile+unset profile+edit profile+copy profile+assign"
    " profile+add profile+device+add profile+device+set network+create network+set network+edit network+attach"
    " network+attach-profile network+forward+create network+forward+port+add storage+create storage+set"
    " storage+edit"
)


_MACHINE_READERS: dict[str, Reader] = {
    # the container engines' machines, daemons, endpoints and switches (docker's Desktop, podman's machines and
    # connections, finch's VM, a swarm joined, a builder made or switched to)
    **dict.fromkeys(
        ("docker", "podman", "nerdctl", "finch"),
        _gated(
            "desktop machine vm system swarm plugin buildx context network",
            _readers(
                _ENGINE_STARTS,
                _ENGINE_SWITCHES,
                _stops("desktop+stop machine+stop vm+stop", _ENGINE_VALUE_WORDS),
                # session 26: a network with a range the command names, or on the machine's own network
                _engine_network,
            ),
        ),
    ),
    # the virtual machines and local clusters started, made or reconfigured (colima switches the docker context
    # to its own, lima mounts the home folder, a Vagrantfile's provisioners run)
    "colima": _readers(
        _starts("start restart", "-p --profile"),
        _first_row(Sub(INSTALL, writes="nerdctl+install")),
        _stops("stop", "-p --profile"),
    ),
    "limactl": _readers(
        _starts("start create restart edit clone start-at-login", "--log-level --log-format"),
        _first_row(Sub(VM_FILES, writes="copy cp", values="--log-level --log-format", helps=_VM_HELPS)),
        _stops("stop", "--log-level --log-format"),
    ),
    "multipass": _readers(
        _starts("launch start restart set mount alias clone"),
        _first_row(Sub(KEYCHAIN, writes="authenticate auth"), Sub(VM_FILES, writes="transfer copy-files")),
        _all_stopped("stop suspend"),
    ),
    "vagrant": _starts("up reload provision resume", "--provider"),
    "docker-machine": _readers(
        _starts("create start restart provision regenerate-certs upgrade", "-s --storage-path"),
        _stops("stop kill", "-s --storage-path"),
    ),
    "rdctl": _readers(
        _starts("start set extension+install extension+uninstall snapshot+restore"), _stops("shutdown")
    ),
    **dict.fromkeys(
        ("orb", "orbctl"),
        _readers(
            _starts("start restart create clone import rename config+set migrate", "-m --machine -u --user"),
            _switched(SWITCH, "default", "-m --machine"),
            _orb_stop,
            # session 26: OrbStack itself updated (the app and its engine: every container restarts with it)
            _first_row(
                Sub(INSTALL, writes="update", values="-m --machine -u --user", helps=_VM_HELPS),
                Sub(VM_FILES, writes="push pull", values="-m --machine -u --user", helps=_VM_HELPS),
            ),
        ),
    ),  # fmt: skip
    "virsh": _starts(
        "start create define autostart edit resume setmem setmaxmem setvcpus setvcpu attach-device attach-disk"
        " attach-interface detach-device detach-disk detach-interface update-device net-start net-define"
        " net-create net-autostart net-edit net-update pool-define pool-define-as pool-create pool-create-as"
        " pool-start pool-autostart pool-build vol-create vol-create-as vol-upload domrename iface-define"
        " iface-start secret-define secret-set-value nodedev-create",
        "-c --connect -d --debug -l --log -k --keepalive-interval -K --keepalive-count -e --escape",
    ),
    "vboxmanage": _vbox_started,
    **dict.fromkeys(_QEMU_SYSTEMS, _qemu),
    "utmctl": _starts("start clone usb+connect"),
    "tart": _readers(_starts("run create clone set import rename"), _first_row(Sub(KEYCHAIN, writes=_LOGIN))),
    "prlctl": _starts("start create set clone register resume restart"),
    "microk8s": _readers(_starts("start enable disable"), _first_row(Sub(ENDPOINT, writes="join leave"))),
    "k3d": _readers(_starts("cluster+start cluster+edit"), _all_stopped("cluster+stop")),
    "minikube": _readers(
        _switched(SWITCH, "profile", "-p --profile"),
        _first_row(Sub(SETTINGS, writes="config+set config+unset", values="-p --profile")),
        _starts("addons+enable addons+disable addons+configure", "-p --profile"),
        _first_row(Sub(ROUTED, writes="tunnel", values="-p --profile", helps=_VM_HELPS)),
        _all_stopped("stop", "-p --profile"),
    ),
    # a cluster's or a private network routed into the machine's (telepresence's daemon, sshuttle, kubevpn, kt-connect,
    # kubefwd, NetBird, Twingate; the VPN clients are read by permissions.commands.network_settings)
    # (session 26: and taken down -- ``telepresence quit``, ``kubevpn disconnect``, ``netbird down``, ``twingate
    # stop`` -- as ``wg-quick down`` is; NetBird's daemon installed or stopped, its routes picked, its login)
    "telepresence": _first_row(
        Sub(ROUTED, writes="connect", helps=_COBRA_HELPS), Sub(REROUTED, writes="quit", helps=_COBRA_HELPS)
    ),
    "sshuttle": _sshuttle,
    "kubevpn": _first_row(
        Sub(ROUTED, writes="connect proxy dev", helps=_COBRA_HELPS),
        Sub(REROUTED, writes="disconnect quit", helps=_COBRA_HELPS),
    ),
    "ktctl": _first_row(Sub(ROUTED, writes="connect", helps=_COBRA_HELPS)),
    "kubefwd": _first_row(Sub(ROUTED, writes="svc services", helps=_COBRA_HELPS)),  # (and the hosts file)
    "netbird": _first_row(
        Sub(ROUTED, writes="up routes+select networks+select", helps=_COBRA_HELPS),
        Sub(REROUTED, writes="down routes+deselect networks+deselect", helps=_COBRA_HELPS),
        Sub(
            POWER,
            writes="service+install service+uninstall service+start service+stop service+restart"
            " service+reconfigure",
            helps=_COBRA_HELPS,
        ),
        Sub(KEYCHAIN, writes=_LOGIN, helps=_COBRA_HELPS),
    ),
    "twingate": _first_row(
        Sub(ROUTED, writes="start desktop-start", helps=_COBRA_HELPS),
        Sub(REROUTED, writes="stop desktop-stop", helps=_COBRA_HELPS),
        Sub(SETTINGS, writes="setup", helps=_COBRA_HELPS),
    ),
    # session 26: VPN clients network_settings does not read -- Palo Alto's GlobalProtect, Pritunl, Private
    # Internet Access, Windscribe, IVPN, Netmaker's netclient, strongSwan's ``ipsec``, Nebula, Teleport's VNet
    "globalprotect": _vpn("connect disconnect rediscover-network remove-user import-certificate"),
    "pritunl-client": _vpn("start stop"),
    "piactl": _vpn("connect disconnect set resetsettings background"),
    **dict.fromkeys(("windscribe", "windscribe-cli"), _vpn("connect disconnect firewall lanbypass")),
    "ivpn": _vpn("connect disconnect firewall"),
    "netclient": _vpn("join leave up down connect disconnect"),
    "ipsec": _vpn("up down start stop restart reload update route unroute"),
    "nebula": _joins("-version", "-test", "-help"),
    "tsh": _first_row(Sub(ROUTED, writes="vnet", helps=_COBRA_HELPS)),
    # DDEV: its router on the machine's ports 80 and 443 (every project's), its global settings and the hosts
    # file; every project stopped. A project's own ``ddev stop`` stays.
    "ddev": _readers(
        _first_row(
            Sub(MACHINE_STARTED, writes="start add restart", helps=_COBRA_HELPS),
            Sub(EVERY_PROJECT, writes="poweroff powerdown", helps=_COBRA_HELPS),
            Sub(SETTINGS, writes="config+global hostname", helps=_COBRA_HELPS),
        ),
        _all_stopped("stop rm remove"),
    ),
    # the kubeconfig's current context or namespace switched (kubectl's own and its plugins', kubectx's, kubecm's,
    # OpenShift's project)
    "kubectl": _gated(
        "config ctx ns",
        _switched(SWITCH, "config+use-context config+use ctx ns", "--kubeconfig --context -n --namespace"),
    ),
    "oc": _gated(
        "project config",
        _switched(SWITCH, "project config+use-context config+use", "--kubeconfig --context -n --namespace"),
    ),
    **dict.fromkeys(("kubectx", "kubens"), _kubectx),
    "kubie": _kubie,
    "kubecm": _first_row(
        Sub(
            SWITCH,
            writes="switch s namespace ns add merge delete rename alias clear create",
            helps=_COBRA_HELPS,
        )
    ),
    # LXD's and Incus' remotes: a server registered, switched to or moved
    **dict.fromkeys(
        ("lxc", "incus"),
        _readers(
            _first_row(
                Sub(ENDPOINT, writes="remote+add remote+set-url remote+rename remote+remove remote+rm"),
                Sub(MACHINE_STARTED, writes=_LXC_STARTS, values="--project"),
            ),
            _switched(SWITCH, "remote+switch remote+set-default"),
        ),
    ),  # fmt: skip
    # the clouds' and clients' accounts, profiles and servers switched to (each stored in the home folder: the
    # later ``gcloud``, ``az``, ``argocd`` ... commands go there)
    "gcloud": _gated(
        "activate", _first_row(Sub(SWITCH, writes="config+configurations+activate", values=_GCLOUD_VALUES))
    ),
    "az": _gated("account", _first_row(Sub(SWITCH, writes="account+set", values=_AZ_VALUES))),
    "argocd": _switched(SWITCH, "context", "--config"),
    "hcloud": _switched(SWITCH, "context+use", "--config"),
    "rancher": _first_row(Sub(SWITCH, writes="context+switch")),
    "scw": _switched(SWITCH, "config+profile+activate", "-p --profile -c --config -o --output"),
    **dict.fromkeys(("jf", "jfrog"), _switched(SWITCH, "config+use c+use")),
    "tanzu": _switched(SWITCH, "context+use"),
    "talosctl": _switched(SWITCH, "config+context", "--talosconfig"),
    "civo": _switched(
        SWITCH, " ".join(f"{k}+{a}" for k in ("apikey", "apikeys", "key", "keys") for a in ("use", "current"))
    ),  # fmt: skip
    "snow": _first_row(Sub(SWITCH, writes="connection+set-default")),
    "vercel": _first_row(Sub(SWITCH, writes="switch teams+switch", values="--scope --token -S -t")),
    "netlify": _first_row(Sub(SWITCH, writes="switch")),
    # Pulumi's current stack of a project, kept in the home folder's workspaces (the next ``pulumi up`` goes there)
    "pulumi": _first_row(Sub(SWITCH, writes="stack+select stack+unselect", values="-C --cwd --color")),
    # Hex's API key and settings written into ~/.hex (mix's and rebar3's)
    "mix": _mix_hex,
    "rebar3": _first_row(
        Sub(
            KEYCHAIN,
            writes="hex+user+auth hex+user+deauth hex+user+register hex+organization+auth"
            " hex+organization+deauth",
        )
    ),  # fmt: skip
}


# red team (session 29), off the sandbox: the toolchain and version managers no row above names, each installing
# into the home folder the programs (and the shims on PATH) every later shell and project runs -- a global install
# as `nvm install` and `pyenv global` are. `tfswitch` (bare: the version the project names, into ~/bin), `webi`
# and `n` (a version: into /usr/local) install by their operand.
_TOOLCHAINS: dict[str, Reader] = {
    name: _row(tool)
    for name, tool in (
        (
            "proto",
            Sub(INSTALL, writes="install i uninstall ui upgrade up setup clean plugin+add plugin+remove"),
        ),
        ("vfox", Sub(INSTALL, writes="install i uninstall un add remove upgrade", write_flags="-g --global")),
        ("aqua", Sub(INSTALL, writes="install i update-aqua upa")),
        ("pkgm", Sub(INSTALL, writes="install i uninstall rm shim")),
        ("pkgx", Sub(INSTALL, writes="install", write_flags="--install")),
        ("webi", Sub(INSTALL, reads="")),
        ("stew", Sub(INSTALL, writes="install upgrade uninstall rename baseinstall")),
        ("huber", Sub(INSTALL, writes="install update uninstall un rm self-update")),
        ("nimble", Sub(INSTALL, writes="install uninstall develop")),
        ("ghcup", Sub(INSTALL, writes="install set rm upgrade gc nuke compile config+set")),
        (
            "elan",
            Sub(INSTALL, writes="default toolchain+install toolchain+uninstall self+update override+set"),
        ),
        ("juliaup", Sub(INSTALL, writes="add remove rm default update up self+update link config")),
        ("zvm", Sub(INSTALL, writes="install i uninstall rm use upgrade clean")),
        ("tfenv", Sub(INSTALL, writes="install uninstall use")),
        ("tfswitch", Sub(INSTALL, reads="", bare=True)),
        ("gvm", Sub(INSTALL, writes="install uninstall use pkgset+create linkthis")),
        ("nvs", Sub(INSTALL, writes="add rm link unlink migrate upgrade")),
        (
            "n",
            Sub(INSTALL, reads="ls list lsr ls-remote list-remote which bin run use exec doctor", bare=True),
        ),
        ("swiftly", Sub(INSTALL, writes="install uninstall use update self-update link unlink init")),
        ("coursier", Sub(INSTALL, writes="install uninstall update setup")),
        ("cs", Sub(INSTALL, writes="install uninstall update setup")),
        # (and, as `orb push` and `multipass transfer` are, files copied into or out of a virtual machine's or a
        # system container's own folders)
        ("vagrant", Sub(VM_FILES, writes="upload scp")),
        ("lxc", Sub(VM_FILES, writes="file+push file+pull file+edit", values="--project")),
        ("incus", Sub(VM_FILES, writes="file+push file+pull file+edit", values="--project")),
    )
}


# session 29, off the sandbox: what the machine keeps outside the project read or left there by a program that
# names no path -- login records and logs, the shell's history file, a docker context's keys, a browser's
# DevTools port on the user's profile, a command line left in the user's tmux server
# (permissions.commands.kept_elsewhere)
for _name, _reader in (*_MACHINE_READERS.items(), *_TOOLCHAINS.items(), *KEPT_READERS.items()):
    _old = READERS.get(_name)
    READERS[_name] = _reader if _old is None else _readers(_old, _reader)

# Every verb machine_change can answer for (the quick filter: a view starting with none of these is no change).
_READ_VERBS: frozenset[str] = (
    MACHINE_VERBS
    | frozenset(DUMP_READERS)
    | frozenset(DEVICE_READERS)
    | frozenset(_LATE_READERS)
    | frozenset(_MACHINE_READERS)
    | frozenset(KEPT_READERS)
    | frozenset(_TOOLCHAINS)
)


def _view_change(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    verb = view[0]
    reader = READERS.get(verb)
    found = reader(view, words) if reader is not None else None
    tool = ROWS.get(verb)
    if found is not None or tool is None:
        return found
    return _any_row(tool, view) if tool.writes == _ANY else _by_row(tool, view)


_COMPOSERS = _ENGINE_NAMES | {"docker-compose", "podman-compose"}
_NAMED_ELSEWHERE = ("COMPOSE_PROJECT_NAME=?",)  # the project's name, given by another segment of the command


def compose_named_elsewhere(seg_views: Sequence[Sequence[tuple[str, ...]]]) -> str | None:
    """Red team: ``export COMPOSE_PROJECT_NAME=other; docker compose down -v`` (``declare -x``, ``set -a`` and a
    plain assignment, PowerShell's ``$env:``): the Compose project whose volumes a ``down -v`` removes is named by
    another segment, so it may be another's (OTHER_COMPOSE). The caller asks only when the command's text names
    the variable."""
    for vs in seg_views:
        for v in vs:
            if v and v[0] in _COMPOSERS and _view_change(v, _NAMED_ELSEWHERE) == OTHER_COMPOSE:
                return OTHER_COMPOSE
    return None


def machine_change(all_views: Sequence[tuple[str, ...]], words: tuple[str, ...]) -> str | None:
    """What one segment (``words`` as written, ``all_views`` its views, R4.8) changes on the machine outside
    the project, as the end of the sentence a person reads, or None."""
    for view in all_views:
        if view and view[0] in _READ_VERBS:
            found = _view_change(view, words)
            if found is not None:
                return found
    # a credential dumper or a dump's mark named in any of its words (permissions.commands.dumps)
    return DUMPED if dump_hint(" ".join(words)) is not None else None
