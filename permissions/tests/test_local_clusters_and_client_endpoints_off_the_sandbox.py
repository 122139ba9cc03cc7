"""SPEC §5, where it runs, and R3.7 (files that decide what runs later): a command that writes a client's
credentials or endpoint into the developer's home folder -- a local cluster made or started, whose admin context
is merged into ``~/.kube/config`` and made the current one, a client's login or API token, a package client's
global index or password -- decides where a later ordinary command goes (``kubectl apply``, ``argocd app sync``,
``composer install``) and with whose credentials. On the developer's machine (``agent``) and a runner without a
sandbox (``host``) it asks (``cap_path_scope``), as session 22's ``aws eks update-kubeconfig``, ``kind export
kubeconfig`` and the registries' logins do (test_client_credentials_written_off_the_sandbox). In Brabo's sandbox
it changes only the sandbox and keeps its answer.

Why each belongs:
- ``kind create cluster``, ``minikube start`` (``--keep-context`` still writes the context), ``k3d cluster
  create`` (unless ``--kubeconfig-update-default=false``), ``kwokctl create cluster``, ``ctlptl create cluster|
  apply``, ``colima start --kubernetes`` and ``colima kubernetes start|reset``: each writes a cluster's admin
  credentials into the home folder's kubeconfig and switches kubectl to it. ``--kubeconfig ./kc`` naming a
  project file asks too, as session 22's ``--kubeconfig`` does (the path may be the home's; rare).
- ``argocd login|logout|relogin``, ``rancher login``, ``tanzu login|context create``: the session token in the
  user's config. ``okteto context use|create`` and ``okteto kubeconfig`` fetch the cluster's credentials and
  write them into the kubeconfig (not a pointer moved, as ``kubectl config use-context`` is).
- ``talosctl config merge|add|endpoint|node``: the Talos client's certificates merged, or the endpoint every
  later ``talosctl`` talks to moved.
- the clouds' API tokens stored: ``hcloud context create``, ``linode-cli configure``, ``exo config add``, ``scw
  init|login|config set``, ``civo apikey add|save``; JFrog's servers (``jf config add``, ``jf c import``),
  Hatch's index credentials (``hatch config set``), pixi's (``pixi auth login``), Hex's (``mix hex.user
  auth``), NuGet's API key (``nuget setapikey``), Azure DevOps' PAT (``az devops login``), composer's global
  ``auth.json`` and config (``composer config --global http-basic.x u p``, ``github-oauth``).

Written as an attacker would: wrappers (``env``, ``nice``, ``timeout``, ``watch``, ``command``, ``xargs``,
``find -exec``, ``npx``, ``bash -c``), paths (``/opt/homebrew/bin/k3d``, ``minikube.exe``), global options
before the subcommand (``minikube -p dev start``, ``kind -v 3 create cluster``, ``argocd --config x login``),
aliases (``k3d create cluster``, ``jf c add``). 81 of the 84 ``WRITES`` are auto-approved on the developer's
machine on base; three asked already and are kept (``/usr/local/bin/kind create cluster`` and
``/opt/homebrew/bin/k3d cluster create dev`` read as a program's path, ``composer global config`` as composer's
global install); the four message cases fail on base too: 85 of this file's 239 cases fail on base.

``GUARDS`` asked on base already (the writes of the brief's list decided before: ``kubectl config
set-credentials|set-cluster|set-context`` and ``docker context create`` as unparseable settings writes, ``oc
login``, ``helm repo add --username``, ``npm|yarn|pip|poetry config set``, ``cargo login``, ``gem signin``, ``git
config --global url.*.insteadOf``, ``gh auth login --with-token``, ``glab auth login``, the printed kubeconfigs of
``talosctl``, ``microk8s config > ~/.kube/config``, ``civo|scw|exo`` kubeconfig saves as external effects) and
are kept so.

Left ordinary deliberately: ``docker --context x ps`` (a stored context used, nothing written), the tools' reads,
listings, help (``-h`` included: cobra's) and project-level settings (``composer config http-basic.x u p`` writes
the project's auth.json). Session 24 changed this file: switching to a context, profile, project or account
already stored (``kubectl config use-context``, ``minikube profile dev``, ``oc project foo``, ``kubens``, ``argocd
context cd``, ``hcloud context use``, ``rancher context switch``, ``scw config profile activate``, ``jf config
use``, ``tanzu context use``, ``talosctl config context``, ``civo apikey use``) and ``colima start`` without
Kubernetes (it switches the docker context) were ordinary here; they ask off the sandbox now, as ``docker context
use`` did (one reading for every switch: test_machines_started_and_contexts_switched_off_the_sandbox), so 15 of
ORDINARY's cases moved there (each passed on base: the count below is of the file as it is).
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, term
from .redteam import never_auto_where, stays_auto_where

WRITES = [
    # local clusters made or started: the admin context merged into ~/.kube/config and switched to
    "kind create cluster",
    "kind create cluster --name dev",
    "kind create cluster --config kind.yaml --wait 5m",
    "kind create cluster --kubeconfig ./kc",
    "kind -v 3 create cluster --name x",
    "kind --verbosity 3 create cluster",
    "kind.exe create cluster --name dev",
    "env kind create cluster",
    "nice kind create cluster",
    "bash -c 'kind create cluster'",
    "npx kind create cluster",
    "KUBECONFIG=./kc kind create cluster",
    "xargs -n1 kind create cluster --name < names",
    "/usr/local/bin/kind create cluster",
    "minikube start",
    "minikube start -p dev",
    "minikube start --driver=docker",
    "minikube start --keep-context",
    "minikube start --kubernetes-version=v1.30.0 -p dev --driver docker",
    "minikube -p dev start",
    "minikube --profile=dev start",
    "minikube --profile dev start --driver=docker",
    "minikube.exe start",
    "timeout 600 minikube start",
    "watch minikube start",
    "command minikube start",
    'sh -c "minikube start -p dev"',
    "MINIKUBE_HOME=./m minikube start",
    "k3d cluster create",
    "k3d cluster create dev",
    "k3d cluster create dev --kubeconfig-update-default=true",
    "k3d cluster create --kubeconfig-switch-context=false",
    "k3d create cluster dev",
    "k3d clusters create dev -a 2",
    "/opt/homebrew/bin/k3d cluster create dev",
    "kwokctl create cluster",
    "kwokctl create cluster --name dev",
    "ctlptl create cluster kind --registry=ctlptl-registry",
    "ctlptl apply -f cluster.yaml",
    "colima start --kubernetes",
    "colima start -k",
    "colima -p k8s start --kubernetes",
    "colima kubernetes start",
    "colima k8s reset",
    # clients' logins and endpoints
    "argocd login cd.example.com",
    "argocd login cd.example.com --username admin --password x --insecure",
    "argocd --config ./argocd login x",
    "argocd logout cd.example.com",
    "argocd relogin",
    "rancher login https://r --token x",
    "rancher login https://r -t x --context c",
    "tanzu login",
    "tanzu context create x --endpoint https://x",
    "okteto context use https://x",
    "okteto context create https://x",
    "okteto kubeconfig",
    "talosctl config merge ./talosconfig",
    "talosctl config endpoint 1.2.3.4",
    "talosctl config add x",
    "talosctl --talosconfig ./tc config endpoint 1.2.3.4",
    # the clouds' API tokens, the package clients' index credentials
    "hcloud context create prod",
    "hcloud context create prod --token-from-env",
    "linode-cli configure",
    "exo config add",
    "exo config delete x",
    "scw init",
    "scw config set access-key=x",
    "scw config profile delete x",
    "civo apikey add x k",
    "civo apikey save x k",
    "jf config add",
    "jf c add srv --url https://x --access-token t",
    "jf c import tok",
    "jfrog config add",
    "hatch config set publish.index.auth x",
    "pixi auth login prefix.dev --token x",
    "mix hex.user auth",
    "mix hex.organization auth acme",
    "nuget setapikey k -source x",
    "az devops login",
    "composer config --global http-basic.repo.x u p",
    "composer config --global --auth http-basic.x u p",
    "composer config --global github-oauth.github.com tok",
    "composer global config http-basic.x u p",
]

# Asked on base already: kept so.
GUARDS = [
    "sudo kind create cluster",
    "sudo -E minikube start",
    "kind create cluster && kubectl apply -f x",
    "minikube start; kubectl apply -f k8s/",
    "k3d kubeconfig merge dev",
    "microk8s config > ~/.kube/config",
    "microk8s kubectl config view --raw > ~/.kube/config",
    "vcluster connect dev",
    "vcluster create dev",
    "talosctl kubeconfig",
    "talosctl -n 10.0.0.1 kubeconfig",
    "doctl kubernetes cluster kubeconfig save x",
    "linode-cli lke kubeconfig-view 123",
    "civo kubernetes config mycluster --save",
    "civo kubernetes create dev --save",
    "scw k8s kubeconfig install abc",
    "scw login",
    "exo compute sks kubeconfig c admin > ~/.kube/config",
    "eksctl create cluster --name x",
    "gcloud container clusters create x",
    "k3sup install --ip 1.2.3.4 --merge --local-path ~/.kube/config",
    "oc login https://api.x:6443 --token=abc",
    "oc login -u me",
    "kubectl config set-credentials me --token=x",
    "kubectl config set-cluster prod --server=https://x",
    "kubectl config set-context prod --cluster=prod",
    "kubectl config set-context --current --namespace=x",
    "kubectl --kubeconfig ./kc config set-cluster x --server=https://x",
    "kubectl config view --raw",
    "docker context create x --docker host=ssh://u@h",
    "docker context update x --docker host=tcp://h:2376",
    "docker context use x",
    "helm repo add x https://c --username u --password p",
    "npm config set //registry.npmjs.org/:_authToken x",
    "npm set registry https://evil",
    "yarn config set npmAuthToken x",
    "yarn config set -H npmAuthToken x",
    "pnpm config set registry https://x",
    "pip config set global.index-url https://x",
    "pip3 config set global.index-url https://x",
    "python -m pip config set global.index-url https://x",
    "poetry config http-basic.pypi me pw",
    "poetry config repositories.x https://x",
    "cargo login tok",
    "gem signin",
    "gem sources --add https://x",
    "bundle config set --global mirror.https://rubygems.org https://x",
    "git config --global url.https://x/.insteadOf https://y/",
    "gh auth login --with-token",
    "gh auth login --with-token < tok.txt",
    "glab auth login --stdin",
    "go env -w GOPROXY=https://x",
    "composer config -g repositories.x composer https://x",
    "conan remote login x me -p pw",
    "mix hex.repo add x https://x",
    "civo apikeys add x k",
]

# Auto-approved in Brabo's sandbox on base: they stay so there.
SANDBOX_KEEPS = [
    "kind create cluster",
    "minikube start",
    "minikube start -p dev",
    "k3d cluster create dev",
    "kwokctl create cluster",
    "ctlptl apply -f cluster.yaml",
    "colima start --kubernetes",
    "argocd login cd.example.com",
    "rancher login https://r --token x",
    "okteto kubeconfig",
    "talosctl config merge ./talosconfig",
    "hcloud context create prod",
    "scw init",
    "jf config add",
    "composer config --global http-basic.repo.x u p",
    "az devops login",
]

ORDINARY = [
    # the same tools' reads, listings, help and ordinary work
    "kind get clusters",
    "kind get nodes",
    "kind load docker-image x",
    "kind build node-image",
    "kind create cluster --help",
    "kind create cluster -h",
    "minikube status",
    "minikube stop",
    "minikube start --help",
    "minikube start -h",
    "minikube profile list",
    "minikube kubectl -- get pods",
    "minikube dashboard",
    "k3d cluster list",
    "k3d cluster stop dev",
    "k3d cluster create --help",
    "k3d cluster create -h",
    "k3d cluster create --kubeconfig-update-default=false",
    "k3d image import x -c dev",
    "k3d registry create r",
    "kwokctl get clusters",
    "ctlptl get clusters",
    "colima status",
    "colima kubernetes stop",
    "colima list",
    "kubectl config get-contexts",
    "kubectl config current-context",
    "kubectl config view",
    "argocd app list",
    "argocd app get x",
    "argocd version",
    "argocd login --help",
    "okteto context list",
    "okteto context show",
    "talosctl config info",
    "talosctl health",
    "talosctl gen config x https://x",
    "hcloud server list",
    "hcloud context list",
    "linode-cli linodes list",
    "exo config list",
    "exo config show",
    "scw config get access-key",
    "scw config info",
    "scw instance server list",
    "civo apikey list",
    "civo kubernetes list",
    "jf config show",
    "jf rt ping",
    "tanzu context list",
    "hatch config show",
    "hatch run test",
    "pixi run test",
    "pixi install",
    "pixi auth --help",
    "mix hex.info",
    "mix deps.get",
    "mix test",
    "nuget restore",
    "az devops project list",
    "rancher ps",
    "rancher login --help",
    "composer install",
    "composer config --global home",
    "composer config -g cache-dir",
    "composer config http-basic.x u p",  # (the project's auth.json)
    "npm config get registry",
    "npm config list",
    "yarn config get npmRegistryServer",
    # (`pip config list`, `composer config -g --list` print stored logins: they ask off the sandbox since, as
    # test_secrets_printed_by_tool_settings_off_the_sandbox.py holds)
    "pip config get global.timeout",
    "helm repo list",
    "helm repo update",
    "k3sup install --ip 1.2.3.4",
    # a stored context used for one command, the contexts listed (switching to one asks off the sandbox since
    # session 24: test_machines_started_and_contexts_switched_off_the_sandbox)
    "docker --context x ps",
    "docker -c x ps",
    "docker context ls",
    "docker context inspect x",
]


@pytest.mark.parametrize("command", WRITES)
def test_a_cluster_context_or_client_endpoint_written_asks_off_the_sandbox(command):
    never_auto_where(command, places=("host", "agent"))
    v = term(command, autonomy=AUTO_MODE, runs_in="host")
    assert v.reason in ("cap_path_scope", "cap_external_effect"), (command, v.reason)


@pytest.mark.parametrize(
    "command",
    ["kind create cluster", "minikube start -p dev", "k3d cluster create dev", "colima start --kubernetes"],
)
def test_the_person_reads_that_a_local_cluster_takes_over_kubectl(command):
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert v.reason == "cap_path_scope", v.reason
    assert "kubeconfig" in v.message and "outside the project" in v.message, v.message


@pytest.mark.parametrize("command", GUARDS)
def test_the_writes_asked_already_still_ask(command):
    never_auto_where(command, places=("host", "agent"))


@pytest.mark.parametrize("command", SANDBOX_KEEPS)
def test_in_brabos_sandbox_it_changes_only_the_sandbox(command):
    stays_auto_where(command, places=("sandbox",))


@pytest.mark.parametrize("command", ORDINARY)
def test_reads_help_and_contexts_used_for_one_command_stay_ordinary(command):
    stays_auto_where(command)
