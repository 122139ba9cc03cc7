"""R4.10, red team: the same program reached by another name, and the same mode written another way.

kubectl: OpenShift's ``oc`` (a superset of kubectl), ``kubecolor`` (kubectl with colours), the snap's
``microk8s.kubectl`` and the distributions that carry kubectl as a subcommand (``k3s kubectl``, ``microk8s
kubectl``, ``minikube kubectl --``) run kubectl's command line, and a plugin's binary (``kubectl-foo_bar-baz``)
is ``kubectl foo-bar baz``: a deny or ask written for kubectl refuses it there too (the caps already read the
other names, permissions.commands.families).

chmod: "the same mode" is the permission bits a mode leaves whatever the file had (``0777``, ``a+rwx``,
``=777``, ``+777``: GNU chmod takes octal digits after an operator), and a mode that adds setuid, setgid or the
sticky bit to those (``4777``, ``a=rwx,u+s``, ``1777``) grants them all and more: a deny of ``chmod 777`` refuses
it. The converse is not read (a deny of ``chmod 4777`` does not refuse ``chmod 777``). A mode that leaves bits
to the file (``o+w``, ``u+x``) is another act: only a rule written for it refuses it.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, ROOT, term

ALLOW = ("Terminal(*)",)

KUBECTL_NAMES = [
    "oc",
    "kubecolor",
    "microk8s.kubectl",
    "k3s kubectl",
    "microk8s kubectl",
    "minikube kubectl --",
    "minikube -p dev kubectl --",
    "sudo k3s kubectl",
    "/usr/local/bin/oc",
]


def _refused(command: str, deny=(), ask=()):
    return term(
        command, allow=ALLOW, deny=deny, ask=ask, autonomy=AUTO_MODE, project=CONTAINER_RUNNING, cwd=ROOT
    )


@pytest.mark.parametrize("name", KUBECTL_NAMES)
@pytest.mark.parametrize(
    ("pattern", "rest"),
    [
        ("Terminal(kubectl delete)", "delete pod web-1"),
        ("Terminal(kubectl delete namespace)", "delete namespace prod"),
        ("Terminal(kubectl delete)", "--context prod delete ns x"),
        ("Terminal(kubectl get secrets)", "get secret -n prod"),
        ("Terminal(kubectl exec)", "exec -it web-1 -- sh"),
        ("Terminal(kubectl apply)", "apply -f deploy.yaml"),
    ],
)
def test_a_deny_for_kubectl_refuses_it_by_another_name(name, pattern, rest):
    v = _refused(f"{name} {rest}", deny=(pattern,))
    assert (v.decision, v.reason) == ("deny", "deny_rule"), (name, rest, v.message)


@pytest.mark.parametrize("name", KUBECTL_NAMES[:6])
def test_an_ask_for_kubectl_asks_by_another_name(name):
    v = _refused(f"{name} get pods -A", ask=("Terminal(kubectl get)",))
    assert (v.decision, v.reason) == ("require_approval", "ask_rule"), (name, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "oc get pods",
        "k3s kubectl get pods",
        "oc new-project x",
        "k3s server",
        "minikube start",
        "kubecolor get ns",
    ],
)
def test_other_commands_of_those_names_are_not_refused(command):
    v = _refused(command, deny=("Terminal(kubectl delete)",))
    assert v.decision != "deny", (command, v.message)


@pytest.mark.parametrize(
    ("pattern", "command"),
    [
        ("Terminal(kubectl neat)", "kubectl-neat get pod x"),
        ("Terminal(kubectl view-secret)", "kubectl-view_secret db-creds"),
        ("Terminal(kubectl cnpg destroy)", "kubectl-cnpg destroy cluster-1 1"),
        ("Terminal(kubectl foo bar)", "kubectl-foo-bar x"),
        ("Terminal(kubectl foo)", "/usr/local/bin/kubectl-foo x"),
    ],
)
def test_a_deny_for_a_kubectl_plugin_refuses_its_binary(pattern, command):
    v = _refused(command, deny=(pattern,))
    assert (v.decision, v.reason) == ("deny", "deny_rule"), (command, v.message)


SAME_AS_777 = [
    "chmod =777 x",
    "chmod +777 x",
    "chmod 4777 x",
    "chmod 1777 x",
    "chmod 2777 x",
    "chmod 07777 x",
    "chmod a=rwx,u+s x",
    "chmod a+rwx,+t x",
    "chmod ugo=rwx,g+s x",
    "chmod -R 1777 x",
    "chmod u=rwxs,go=rwx x",
]


@pytest.mark.parametrize("command", SAME_AS_777)
def test_a_deny_of_a_mode_refuses_the_same_bits_and_more(command):
    v = _refused(command, deny=("Terminal(chmod 777)",))
    assert (v.decision, v.reason) == ("deny", "deny_rule"), (command, v.message)


@pytest.mark.parametrize(
    "command", ["chmod -R 1777 /srv/x", "chmod --recursive a=rwx,o+t x", "chmod -R =777 x"]
)
def test_an_ask_of_a_recursive_mode_asks_for_the_same_bits_and_more(command):
    v = _refused(command, ask=("Terminal(chmod -R 777)",))
    assert (v.decision, v.reason) == ("require_approval", "ask_rule"), (command, v.message)


@pytest.mark.parametrize(
    ("pattern", "command"),
    [
        ("Terminal(chmod 777)", "chmod o+w x"),
        ("Terminal(chmod 777)", "chmod u+rwx x"),
        ("Terminal(chmod 777)", "chmod 775 x"),
        ("Terminal(chmod 777)", "chmod +x x"),
        ("Terminal(chmod 777)", "chmod -777 x"),
        ("Terminal(chmod 4777)", "chmod 777 x"),
        ("Terminal(chmod 1777)", "chmod 4777 x"),
        ("Terminal(chmod 4755)", "chmod 755 x"),
    ],
)
def test_another_mode_is_another_act(pattern, command):
    v = _refused(command, deny=(pattern,))
    assert v.decision != "deny", (pattern, command, v.message)
