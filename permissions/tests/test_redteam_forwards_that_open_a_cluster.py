"""Red team, kubectl's forwards by the listeners rule (§5 step 6: a listener others reach is an external
effect). `kubectl port-forward` and `kubectl proxy` listen on loopback unless `--address` names another
interface: then a cluster's service, or its whole API with this user's credentials, is open to every machine
that reaches this one -- capped, as ssh's `-L 0.0.0.0:…`/`-g` already are. On loopback they open nothing to
others (like `ssh -N -L 5432:db:5432 bastion`): not capped. (`ssh host` with no command runs nothing the
agent wrote; fed a script, that script is its commands, R4.9.)
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, ROOT, assert_capped, term

OPEN = [
    "kubectl port-forward --address 0.0.0.0 svc/db 5432:5432",
    "kubectl port-forward --address=0.0.0.0 pod/api 8080",
    "kubectl port-forward svc/db 5432 --address 0.0.0.0",
    "kubectl port-forward --address localhost,10.0.0.5 pod/x 8080",
    "kubectl port-forward --address :: deploy/web 80",
    "kubectl -n prod port-forward --address=192.168.1.20 svc/db 5432",
    "kubectl --context prod port-forward svc/grafana 3000 --address $HOST",
    "kubectl proxy --address=0.0.0.0",
    "kubectl proxy --address 0.0.0.0 --accept-hosts='.*'",
    "kubectl proxy --port=8001 --address=10.1.2.3",
    "kubectl -n kube-system proxy --address :: --disable-filter",
]


@pytest.mark.parametrize("command", OPEN)
def test_a_forward_on_an_interface_others_reach_is_capped(command):  # §5 step 6
    assert_capped(command)


LOOPBACK = [
    "kubectl port-forward svc/db 5432:5432",
    "kubectl port-forward pod/api 8080 --address 127.0.0.1",
    "kubectl port-forward --address=localhost svc/web 3000",
    "kubectl proxy",
    "kubectl proxy --port 8001",
    "kubectl proxy --address 127.0.0.1 --port 8080",
    "ssh -N -L 5432:db:5432 bastion",
]


@pytest.mark.parametrize("command", LOOPBACK)
def test_a_forward_on_loopback_is_not_capped(command):  # friction
    assert term(command, project=CONTAINER_RUNNING, cwd=ROOT).decision == "auto_approve", command
    assert term(command, autonomy=AUTO_MODE, cwd=ROOT).decision == "auto_approve", command
