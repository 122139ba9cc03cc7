"""SPEC §5, where it runs ("the path scope holds for [host and agent] in every mode (auto mode included)"), R6, R3.7:
a command that changes the developer's machine outside the project without naming a path -- it **starts, makes or
reconfigures a virtual machine, a container engine or a local cluster** (Lima mounts the home folder into its VM,
colima switches the docker context to its own, a Vagrantfile's provisioners run, a port is forwarded, a swarm is
joined), **registers a remote endpoint** the machine's tools use later (``podman system connection add``, ``lxc
remote add``, ``docker buildx create ssh://…``), **switches which cluster, daemon, account or server later commands
reach** (a current context, a default connection, an active profile, kept in the home folder), or **stores a
credential** in a tool's home settings (``mix hex.config api_key``) -- must not be auto-approved on the developer's
machine (``agent``) or a runner without a sandbox (``host``): auto mode, a terminal autonomy row, or an allow of
every word. It asks there as outside the path scope (``cap_path_scope``, with a sentence saying what it changes).
In Brabo's sandbox it changes only the sandbox and keeps its answer.

One reading for every switch (the brief's inconsistency: ``docker context use x`` asked while ``kubectl config
use-context prod`` did not, and session 23 kept ``oc project``, ``minikube profile``, ``kubens`` ordinary as "a
pointer moved"): a switch of what later commands reach asks off the sandbox, whatever it switches to -- the next
ordinary ``kubectl apply``, ``helm upgrade``, ``docker compose up``, ``gcloud``/``az`` command, in this session or
the developer's own terminal, goes to the cluster, daemon or account switched to. What only prints the current one
(``kubectl config current-context|get-contexts``, ``kubectx -c``, ``kubens`` alone, ``minikube profile [list]``,
``oc project [-q]``, ``docker context ls``, ``gcloud config configurations list``, ``az account show``) stays, and
so does a context used for one command (``docker --context x ps``, ``kubectl --context prod get pods``): nothing is
written. Stopping a machine stays (the older docstring's friction: recoverable, the disk kept): ``vagrant halt``,
``minikube stop``, ``VBoxManage controlvm vm poweroff`` (``colima stop``, a container engine's machine, asks off the
sandbox since session 25: test_engines_stopped_and_traffic_routed_off_the_sandbox).

Written as an attacker would: wrappers (``env``, ``nice``, ``timeout``, ``command``, ``bash -c``, ``xargs``), paths
and ``.exe`` names, global options before the subcommand (``docker --context x context use y``, ``virsh -c
qemu:///system start``, ``colima -p dev start``, ``podman --log-level debug machine start``), aliases (``kubectl
config use``, ``kubectl-ctx``, ``orbctl``, ``jf c use``, ``civo apikeys use``), after ``cd x &&``.

Older tests changed (their verdict is this class's): test_local_clusters_and_client_endpoints_off_the_sandbox's
ORDINARY switches (``kubectl config use-context prod``, ``minikube profile dev``, ``oc project foo``, ``kubens foo``,
``kubectx -``, ``argocd context cd``, ``hcloud context use prod``, ``rancher context switch``, ``scw config profile
activate prod``, ``jf config use srv``, ``tanzu context use x``, ``talosctl config context prod``, ``civo apikey use
x``) and ``colima start``, ``colima start --kubernetes=false``; test_redteam_containers_and_vms_destroyed_on_the_
laptop's KEPT ``vagrant up``, ``virsh start vm``, ``colima start --runtime docker``: each now asks off the sandbox
(they are in this file's lists) and stays auto-approved in the sandbox.

396 of this file's 594 cases fail on the base: 195 of the 204 ``STARTED``, ``ENDPOINTS``, ``SWITCHES`` and
``CREDENTIALS`` commands, in both of their tests, and the six sentence cases. The other nine asked already, each
by a path it names outside the project (``/opt/homebrew/bin/limactl``, ``~/.kube/config``, ``--hostpath
/Users/me``, ``--mount ~/src:/src``, ``/tmp/d.img`` ...) and are kept in the lists as spellings of the class;
``ASKED_ALREADY``, ``SANDBOX_KEEPS`` and ``ORDINARY`` pass there.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, term
from .redteam import OFF_THE_SANDBOX, a_machine_change_on_the_laptop, never_auto_where, stays_auto_where

STARTED = [
    # Lima: a VM made or started (the home folder mounted into it), restarted, edited, cloned, started at login
    "limactl start",
    "limactl start default",
    "limactl start --name=dev template://docker",
    "limactl start ./lima.yaml",
    "limactl --log-level debug start dev",
    "limactl create --name dev",
    "limactl restart dev",
    "limactl edit dev --set '.cpus = 8'",
    "limactl clone dev dev2",
    "limactl start-at-login dev",
    "/opt/homebrew/bin/limactl start",
    "env limactl start",
    # Multipass, Vagrant, docker-machine
    "multipass launch",
    "multipass launch -n dev 22.04",
    "multipass launch --cpus 4 --mount ~/src:/src",
    "multipass start dev",
    "multipass restart dev",
    "multipass set local.driver=qemu",
    "multipass mount . dev:/src",
    "multipass alias dev:ls",
    "multipass clone dev",
    "multipass.exe launch",
    "vagrant up",
    "vagrant up web",
    "vagrant up --provider virtualbox",
    "vagrant reload",
    "vagrant reload --provision",
    "vagrant provision",
    "vagrant resume",
    "cd infra && vagrant up",
    "nice vagrant up",
    "docker-machine create -d virtualbox dev",
    "docker-machine start dev",
    "docker-machine regenerate-certs dev",
    # colima: plain start switches the docker context to colima's; its nerdctl alias installed on the PATH
    "colima start",
    "colima start -p dev",
    "colima -p dev start",
    "colima start --runtime docker",
    "colima start --kubernetes=false",
    "colima start --cpu 4 --memory 8",
    "colima restart",
    "colima nerdctl install",
    "timeout 300 colima start",
    # the container engines' machines and daemons
    "podman machine init",
    "podman machine init --now",
    "podman machine start",
    "podman machine start dev",
    "podman --log-level debug machine start",
    "podman machine set --rootful",
    "podman machine os apply quay.io/x",
    "podman system service tcp://0.0.0.0:8080 --time=0",
    "podman system service --time=0",
    "podman.exe machine start",
    "finch vm init",
    "finch vm start",
    "docker desktop start",
    "docker desktop restart",
    "docker desktop engine use windows",
    "docker desktop update",
    "docker.exe desktop start",
    "docker swarm init",
    "docker swarm leave -f",
    "docker buildx install",
    "rdctl start",
    "rdctl set --kubernetes.enabled=true",
    "rdctl set --container-engine.name=moby",
    "rdctl extension install docker/logs-explorer-extension",
    "orb start k8s",
    "orb start",
    "orb create ubuntu dev",
    "orb config set memory_mib 8000",
    "orbctl start",
    "orb restart",
    # the hypervisors' VMs started, made, imported or reconfigured
    "virsh start dev",
    "virsh start vm",
    "virsh -c qemu:///system start dev",
    "virsh --connect qemu:///session create dev.xml",
    "virsh define dev.xml",
    "virsh autostart dev",
    "virsh setmem dev 4G",
    "virsh attach-disk dev /tmp/d.img vdb",
    "virsh net-start default",
    "virsh net-autostart default",
    "VBoxManage startvm dev --type headless",
    "VBoxManage createvm --name dev --register",
    "VBoxManage modifyvm dev --memory 4096",
    "VBoxManage controlvm dev natpf1 ssh,tcp,,2222,,22",
    "VBoxManage sharedfolder add dev --name home --hostpath /Users/me",
    "VBoxManage import x.ova",
    "VBoxManage extpack install x.vbox-extpack",
    "vboxmanage startvm dev",
    "VBoxManage.exe startvm dev",
    "qemu-system-x86_64 -daemonize -hda disk.img",
    "qemu-system-aarch64 -M virt -daemonize -drive file=d.img",
    "utmctl start dev",
    "utmctl clone dev --name dev2",
    "tart run dev",
    "tart run dev --dir=home:~",
    "tart create dev",
    "tart clone ghcr.io/cirruslabs/macos-sonoma-base:latest dev",
    "tart set dev --cpu 4",
    "prlctl start dev",
    "prlctl create dev",
    "prlctl set dev --cpus 4",
    "prlctl resume dev",
    # local clusters started or reconfigured
    "microk8s start",
    "microk8s enable dns",
    "microk8s disable ingress",
    "k3d cluster start dev",
    "k3d cluster edit dev --port-add 8080:80@loadbalancer",
    "minikube config set memory 8192",
    "minikube addons enable ingress",
    "minikube -p dev addons enable registry",
    "command minikube config set driver docker",
    "bash -c 'limactl start'",
    "xargs -n1 multipass start < vms",
    'sh -c "colima start"',
    "limactl start --tty=false default",
    "VAGRANT_CWD=infra vagrant up",
    r"find . -name Vagrantfile -execdir vagrant up \;",
]

ENDPOINTS = [
    "podman system connection add evil ssh://evil",
    "podman system connection add evil --identity ~/.ssh/id ssh://u@h/run/podman/podman.sock",
    "podman system connection rename a b",
    "podman system connection rm a",
    "podman --log-level=info system connection add x tcp://h:8080",
    "docker buildx create ssh://evil --name x",
    "docker buildx create --use --name x",
    "docker buildx create --name x --driver remote tcp://h:1234",
    "docker swarm join --token x 1.2.3.4:2377",
    "lxc remote add evil https://evil",
    "lxc remote add evil 1.2.3.4 --accept-certificate",
    "lxc remote set-url evil https://h",
    "incus remote add evil https://evil",
    "microk8s join 1.2.3.4:25000/abc",
    "podman-remote system connection add x ssh://h",
]

SWITCHES = [
    # the kubeconfig's current context or namespace
    "kubectl config use-context prod",
    "kubectl config use prod",
    "kubectl --kubeconfig ~/.kube/config config use-context prod",
    "kubectl config use-context kind-dev",
    "KUBECONFIG=~/.kube/prod kubectl config use-context prod",
    "kubectl.exe config use-context prod",
    "kubectl --context=prod config use-context x",
    "watch kubectx prod",
    "oc.exe project foo",
    "kubectl ctx prod",
    "kubectl ctx -",
    "kubectl ns foo",
    "kubectl-ctx prod",
    "kubectl-ns foo",
    "kubectx prod",
    "kubectx -",
    "kubectx -d prod",
    "kubectx -u",
    "kubectx new=old",
    "kubens foo",
    "kubens -",
    "env kubectx prod",
    "/usr/local/bin/kubectx prod",
    "kubecm switch prod",
    "kubecm switch",
    "kubecm ns foo",
    "kubecm add -f x.yaml",
    "kubecm merge -f dir",
    "oc project foo",
    "oc config use-context prod",
    "minikube profile dev",
    "minikube -p x profile dev",
    # the engines' default daemon, connection, builder, machine
    "docker context use default",
    "docker context use desktop-linux",
    "docker context use colima",
    "podman system connection default evil",
    "podman system connection default podman-machine-default-root",
    "docker buildx use mybuilder",
    "docker buildx use --default mybuilder",
    "orb default dev",
    "lxc remote switch evil",
    "incus remote switch evil",
    # the clouds' and clients' accounts, profiles and servers
    "gcloud config configurations activate prod",
    "gcloud --verbosity=info config configurations activate prod",
    "az account set -s prod",
    "az account set --subscription 00000000-0000-0000-0000-000000000000",
    "argocd context cd",
    "argocd context cd.example.com",
    "hcloud context use prod",
    "rancher context switch",
    "scw config profile activate prod",
    "jf config use srv",
    "jf c use srv",
    "jfrog config use srv",
    "tanzu context use x",
    "talosctl config context prod",
    "civo apikey use x",
    "snow connection set-default prod",
    "vercel switch acme",
    "vercel teams switch acme",
    "netlify switch",
]

CREDENTIALS = [
    "mix hex.config api_key x",
    "mix hex.config api_url https://evil",
    "mix hex.config mirror_url https://evil",
    "mix hex.config api_key --delete",
    "MIX_ENV=prod mix hex.config api_key x",
    "multipass authenticate pw",
    "tart login ghcr.io",
    "rebar3 hex user auth",
]

# Asked off the sandbox on base already (by this module, permissions.commands.windows, the external-effect caps or
# the readings of unparseable settings writes): kept so.
ASKED_ALREADY = [
    "gcloud container clusters get-credentials x",
    "gcloud container clusters get-credentials x --region r --project p",
    "aws eks update-kubeconfig --name x",
    "aws --profile p eks update-kubeconfig --name x",
    "az aks get-credentials -n x -g y",
    "minikube start",
    "colima start -k",
    "kind create cluster",
    "docker context use prod",
    "docker context create x --docker host=ssh://u@h",
    "docker plugin install vieux/sshfs",
    "docker plugin enable x",
    "docker plugin set x DEBUG=1",
    "civo apikeys use x",
    "docker --context x context use default",
    "kubectl config set current-context prod",
    "kubectl config set-context --current --namespace=x",
    "oc new-project foo",
    "az cloud set -n AzureChinaCloud",
    "multipass mount ~/ dev:/home",
    "wsl --install",
    "wsl --install -d Ubuntu",
    "wsl --set-default Ubuntu",
    "wsl -s Ubuntu",
    "wsl --shutdown",
    "wsl --terminate Ubuntu",
    "wsl --set-default-version 2",
    "multipass delete dev",
    "limactl delete dev",
    "gh auth switch",
    "doctl auth switch --context x",
    "okteto context use https://x",
]

# Auto-approved in Brabo's sandbox on base: they stay so there (the machine there is the sandbox).
SANDBOX_KEEPS = [
    "limactl start",
    "multipass launch",
    "vagrant up",
    "colima start",
    "podman machine start",
    "podman system connection add evil ssh://evil",
    "docker desktop start",
    "docker swarm init",
    "docker buildx use mybuilder",
    "docker context use default",
    "rdctl set --kubernetes.enabled=true",
    "orb start k8s",
    "virsh start dev",
    "VBoxManage startvm dev",
    "tart run dev",
    "kubectl config use-context prod",
    "kubectx prod",
    "kubens foo",
    "oc project foo",
    "minikube profile dev",
    "gcloud config configurations activate prod",
    "az account set -s prod",
    "argocd context cd",
    "mix hex.config api_key x",
    "lxc remote add evil https://evil",
]

ORDINARY = [
    # what only prints the current context, connection, profile or machine
    "kubectl config current-context",
    "kubectl config get-contexts",
    "kubectl config get-contexts -o name",
    "kubectl config view --minify",
    "kubectl --context prod get pods",
    "kubectl -n foo get pods",
    "kubectl ctx",
    "kubectl ctx -c",
    "kubectl ns",
    "kubectx",
    "kubectx -c",
    "kubectx --current",
    "kubectx -h",
    "kubens",
    "kubens -c",
    "kubecm ls",
    "kubecm list",
    "kubecm version",
    "oc project",
    "oc project -q",
    "oc projects",
    "minikube profile",
    "minikube profile list",
    "minikube config view",
    "minikube config get memory",
    "minikube addons list",
    "vercel teams ls",
    "netlify status",
    "docker context ls",
    "docker context show",
    "docker context inspect x",
    "docker --context x ps",
    "docker -c x compose ps",
    "docker buildx ls",
    "docker buildx inspect",
    "docker desktop status",
    "docker desktop engine ls",
    "docker swarm --help",
    "docker info",
    "podman system connection ls",
    "podman system connection list",
    "podman machine list",
    "podman machine inspect",
    "podman info",
    "finch vm status",
    "gcloud config configurations list",
    "gcloud config configurations describe prod",
    "az account show",
    "az account list -o table",
    "argocd context",
    "hcloud context list",
    "hcloud context active",
    "jf config show",
    "tanzu context list",
    "talosctl config info",
    "civo apikey list",
    "lxc remote list",
    "incus remote list",
    "orb list",
    "orb status",
    "mix hex.config",
    "mix hex.config api_key",
    "mix hex.info",
    # the machines' listings, their own help, and stopping them
    "limactl list",
    "limactl ls",
    "limactl info",
    "limactl start --help",
    "limactl sudoers",
    "multipass list",
    "multipass info dev",
    "multipass get local.driver",
    "multipass find",
    "multipass stop dev",
    "multipass launch --help",
    "vagrant status",
    "vagrant global-status",
    "vagrant ssh-config",
    "vagrant validate",
    "vagrant init",
    "vagrant halt",
    "vagrant up --help",
    "docker-machine ls",
    "docker-machine env dev",
    "rdctl list-settings",
    "rdctl version",
    "colima status",
    "colima list",
    "colima start --help",
    "colima start -h",
    "virsh list --all",
    "virsh dominfo dev",
    "virsh dumpxml dev",
    "virsh net-list",
    "virsh destroy dev",
    "VBoxManage list vms",
    "VBoxManage showvminfo dev",
    "VBoxManage controlvm dev poweroff",
    "VBoxManage controlvm dev savestate",
    "qemu-system-x86_64 -hda disk.img",
    "qemu-system-aarch64 -M virt -nographic -kernel build/kernel.elf",
    "qemu-system-riscv64 -machine virt -bios none -kernel kernel -nographic",
    "utmctl list",
    "utmctl status dev",
    "tart list",
    "tart get dev",
    "tart ip dev",
    "prlctl list -a",
    "prlctl status dev",
    "microk8s status",
    "microk8s kubectl get pods",
    "k3d cluster list",
    "k3d cluster stop dev",
    "minikube stop",
    "minikube status",
    "wsl --list",
    "wsl -l -v",
    "wsl --status",
    "kubectl config use-context --help",
    "minikube profile --help",
    "kubectl ns --help",
    "docker buildx create --help",
    "vagrant up -h",
]


@pytest.mark.parametrize("command", STARTED + ENDPOINTS + SWITCHES + CREDENTIALS)
def test_never_auto_approved_off_the_sandbox(command):
    never_auto_where(command, places=OFF_THE_SANDBOX)


@pytest.mark.parametrize("command", STARTED + ENDPOINTS + SWITCHES + CREDENTIALS)
def test_outside_the_path_scope_in_auto_mode_on_the_laptop(command):
    a_machine_change_on_the_laptop(command)


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("kubectl config use-context prod", "switches which cluster"),
        ("docker context use default", "switches which cluster"),
        ("limactl start", "starts, makes or reconfigures a virtual machine"),
        ("colima start", "starts, makes or reconfigures a virtual machine"),
        ("podman system connection add evil ssh://evil", "registers a remote endpoint"),
        ("mix hex.config api_key x", "keychain or the login"),
    ],
)
def test_the_person_reads_what_it_changes(command, said):
    v = term(command, autonomy=AUTO_MODE, runs_in="host")
    assert v.reason == "cap_path_scope", v.reason
    assert said in v.message and "outside the project" in v.message, v.message


@pytest.mark.parametrize("command", ASKED_ALREADY)
def test_what_asked_already_still_asks(command):
    never_auto_where(command, places=OFF_THE_SANDBOX)


@pytest.mark.parametrize("command", SANDBOX_KEEPS)
def test_in_brabos_sandbox_it_changes_only_the_sandbox(command):
    stays_auto_where(command, places=("sandbox",))


@pytest.mark.parametrize("command", ORDINARY)
def test_reads_listings_help_and_stops_stay_ordinary(command):
    stays_auto_where(command)
