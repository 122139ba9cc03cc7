"""SPEC §5, where it runs (R6's path scope): a command that writes the user's credentials or a client's settings
outside the project -- the clusters' admin contexts merged into the home folder's kubeconfig, the registries'
logins (``~/.docker/config.json``, containers' ``auth.json``, regclient's config), the cloud and service CLIs'
tokens (``~/.sentryclirc``, ngrok.yml, uv's store, the system keyring, rclone.conf, ``~/.boto``) -- asks on the
developer's machine (``agent``) and a runner without a sandbox (``host``), as ``gcloud config set``, ``gh auth
login`` and ``helm repo add`` do, with the same reason (``cap_path_scope``). In Brabo's sandbox it changes only
the sandbox and keeps its answer.

Written as an attacker would: global options before the subcommand, the tools' aliases (``doctl k8s c kubecfg
s``), release tracks (``gcloud beta``), wrappers and paths (``env aws``, ``/usr/local/bin/aws``), logouts (a
stored login removed). Three of ``WRITES`` already asked on base and are kept as guards (``/usr/local/bin/aws``
read as a path, ``--kubeconfig ~/.kube/config``, doctl's short aliases); ``GUARDS`` already asked on base (as unparseable settings writes, external effects or
this cap) and are kept so. The tools' reads, listings and help stay ordinary. (Switching between contexts or
accounts already stored -- ``kubectl config use-context``, ``gcloud config configurations activate``, ``kubectx``,
``az account set`` -- was kept ordinary here; since session 24 every switch of what later commands reach asks off
the sandbox, test_machines_started_and_contexts_switched_off_the_sandbox, and its four cases here were replaced by
the same tools' prints of the current one.)
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, term
from .redteam import never_auto_where, stays_auto_where

WRITES = [
    # the clusters' credentials merged into ~/.kube/config
    "aws eks update-kubeconfig --name prod",
    "aws eks update-kubeconfig --name prod --region eu-west-1 --alias prod",
    "aws --profile prod --region us-east-1 eks update-kubeconfig --name x",
    "aws eks --region us-east-1 update-kubeconfig --name x",
    "AWS_PROFILE=prod aws eks update-kubeconfig --name x",
    "env aws eks update-kubeconfig --name x",
    "/usr/local/bin/aws eks update-kubeconfig --name x",
    "aws eks update-kubeconfig --name prod --kubeconfig ~/.kube/config",
    "gcloud container clusters get-credentials prod",
    "gcloud container clusters get-credentials prod --zone z --project p",
    "gcloud --project p container clusters get-credentials prod",
    "gcloud --project=p container clusters get-credentials prod --internal-ip",
    "gcloud beta container clusters get-credentials prod --region r",
    "gcloud container fleet memberships get-credentials m",
    "gcloud container aws clusters get-credentials c --location l",
    "az aks get-credentials -n prod -g rg",
    "az aks get-credentials --name prod --resource-group rg --admin --overwrite-existing",
    "az --subscription s aks get-credentials -n x -g y",
    "az aks get-credentials -n prod -g rg --file -",  # (prints them: a credential read, asked as well)
    "doctl kubernetes cluster kubeconfig save x",
    "doctl k8s cluster kubeconfig save x",
    "doctl k8s c kubecfg s x",
    "doctl kubernetes cluster kubeconfig remove x",
    "doctl -t tok kubernetes cluster kubeconfig save x",
    "kind export kubeconfig",
    "kind export kubeconfig --name dev",
    "k3d kubeconfig merge dev",
    "k3d kubeconfig merge --all --kubeconfig-switch-context",
    "k3d kubeconfig write dev",
    "minikube update-context",
    "minikube -p dev update-context",
    "minikube update-context -p dev",
    "eksctl utils write-kubeconfig --cluster prod",
    "vcluster connect dev",
    "vcluster connect dev -n team",
    "ibmcloud ks cluster config --cluster x",
    "kubelogin convert-kubeconfig -l azurecli",
    "tsh login --proxy x",
    "tsh --proxy x kube login prod",
    "tsh db login pg",
    # the registries' logins
    "oras login ghcr.io -u me",
    "oras login -u me -p pw ghcr.io",
    "oras logout ghcr.io",
    "regctl registry login ghcr.io",
    "regctl registry login ghcr.io -u me",
    "regctl registry set ghcr.io --tls disabled",
    "crane auth login ghcr.io -u me -p x",
    "crane auth logout ghcr.io",
    "skopeo login quay.io",
    "skopeo login -u me quay.io",
    "skopeo logout --all",
    "docker logout",
    "docker logout ghcr.io",
    "docker --context x logout ghcr.io",
    "podman logout quay.io",
    # the tools' tokens kept in the home folder or the system keyring
    "sentry-cli login",
    "sentry-cli login --auth-token x",
    "sentry-cli --url https://sentry.example login",
    "ngrok config add-authtoken abc",
    "ngrok config add-api-key k",
    "ngrok config add-server-addr x",
    "uv auth login pypi.org",
    "uv auth login pypi.org --token x",
    "uv auth logout pypi.org",
    "keyring set https://upload.pypi.org/legacy/ __token__",
    "keyring del svc me",
    "python -m keyring set svc me",
    "doppler login",
    "doppler configure set token x",
    "stripe login",
    "eas login",
    "consul login -method=x -bearer-token-file=t",
    "nomad login",
    "infisical login",
    "pscale auth login",
    "turso auth login",
    "cloudflared tunnel login",
    "cloudflared login",
    "rclone config create r s3 access_key_id=x",
    "rclone config update r",
    "gsutil config",
    "databricks configure --token",
    "databricks auth login --host https://x",
    "snow connection add",
    "snyk auth",
    "snyk config set api=x",
    "mc alias set s3 https://x AK SK",
    "mc alias import s3 ./alias.json",
    "gcloud config configurations create dev",
]

# Asked on base already (unparseable settings writes, external effects, this cap): kept so.
GUARDS = [
    "gcloud config set project x",
    "gh auth login",
    "helm repo add x https://charts.example",
    "oc login https://api.x:6443 --token=abc",
    "kubectl config set-credentials me --token=x",
    "kubectl config set-cluster prod --server=https://x",
    "kubectl config set-context prod --cluster=prod",
    "kubectl config set current-context prod",
    "kubectl config delete-context prod",
    "docker login -u me registry.example.com",
    "podman login quay.io",
    "nerdctl login ghcr.io",
    "helm registry login ghcr.io",
    "npm adduser",
    "npm login",
    "yarn npm login",
    "pnpm login",
    "cargo login",
    "cargo login --registry x",
    "gem signin",
    "poetry config pypi-token.pypi x",
    "poetry config http-basic.pypi me pw",
    "pip config set global.index-url https://x",
    "conda config --add channels conda-forge",
    "git config --global url.https://x/.insteadOf https://y/",
    "dotnet nuget add source https://x/index.json -n feed -u me -p pw",
    "npm config set //registry.npmjs.org/:_authToken x",
    "aws configure set aws_access_key_id x",
    "aws codeartifact login --tool npm --domain d --repository r",
    "gh auth setup-git",
    "echo x >> ~/.gradle/gradle.properties",
    "civo kubernetes config mycluster --save",
    "scw k8s kubeconfig install abc",
    "ngrok authtoken abc",
    "Register-PSRepository -Name x -SourceLocation https://x",
]

# Auto-approved in Brabo's sandbox on base: they stay so there.
SANDBOX_KEEPS = [
    "aws eks update-kubeconfig --name prod",
    "gcloud container clusters get-credentials prod",
    "az aks get-credentials -n prod -g rg",
    "kind export kubeconfig --name dev",
    "k3d kubeconfig merge dev",
    "minikube update-context",
    "oras login ghcr.io -u me",
    "skopeo login quay.io",
    "docker logout",
    "sentry-cli login",
    "ngrok config add-authtoken abc",
    "uv auth login pypi.org",
    "keyring set svc me",
    "vcluster connect dev",
    "tsh login --proxy=p",
    "kubelogin convert-kubeconfig -l azurecli",
]

ORDINARY = [
    # the tools' reads, listings and help
    "aws eks describe-cluster --name prod",
    "aws eks list-clusters",
    "aws eks update-kubeconfig help",
    "aws sts get-caller-identity",
    "aws configure list",
    "gcloud container clusters list",
    "gcloud container clusters describe prod --zone z",
    "gcloud container clusters get-credentials --help",
    "gcloud config configurations list",
    "az aks show -n prod -g rg",
    "az aks list",
    "doctl kubernetes cluster list",
    "kind get clusters",
    "kind get nodes",
    "kind export logs ./logs",
    "k3d cluster list",
    "minikube status",
    "minikube ip",
    "eksctl get clusters",
    "vcluster list",
    "ibmcloud ks cluster ls",
    "oras pull ghcr.io/x:1",
    "oras repo ls ghcr.io/x",
    "skopeo inspect docker://x",
    "crane ls ghcr.io/x",
    "crane digest ghcr.io/x:1",
    "regctl tag ls ghcr.io/x",
    "docker ps",
    "docker images",
    "helm registry --help",
    "npm whoami",
    "cargo login --help",
    "cargo login -h",
    "sentry-cli info",
    "sentry-cli releases list",
    "ngrok config check",
    "uv sync",
    "rclone ls remote:bucket",
    "kubelogin --help",
    "tsh ls",
    "tsh kube ls",
    "databricks clusters list",
    "snow connection list",
    "snyk test",
    # the current context and account printed (switching to one asks off the sandbox since session 24)
    "kubectl config get-contexts -o name",
    "kubectl config get-contexts",
    "kubectl config current-context",
    "gcloud config configurations list",
    "kubectx -c",
    "az account show",
]


@pytest.mark.parametrize("command", WRITES)
def test_a_credential_or_client_setting_written_asks_on_the_developers_machine(command):
    never_auto_where(command, places=("host", "agent"))
    # (on the agent `mc` asks as a client whose files cannot be checked in full, read before; `doctl k8s c
    # kubecfg s` is asked as an external effect first: doctl's short aliases are read so)
    v = term(command, autonomy=AUTO_MODE, runs_in="host")
    assert v.reason in ("cap_path_scope", "cap_external_effect"), (command, v.reason)
    assert "outside the project" in v.message or v.reason == "cap_external_effect", v.message


@pytest.mark.parametrize("command", GUARDS)
def test_the_writes_asked_already_still_ask(command):
    never_auto_where(command, places=("host", "agent"))


@pytest.mark.parametrize("command", SANDBOX_KEEPS)
def test_in_brabos_sandbox_it_changes_only_the_sandbox(command):
    stays_auto_where(command, places=("sandbox",))


@pytest.mark.parametrize("command", ORDINARY)
def test_reads_help_and_the_current_context_printed_stay_ordinary(command):
    stays_auto_where(command)
