"""§5 step 6 (effects by family: a cloud's, a platform's or a fleet's mutating verbs), red team: the CLIs the
family did not list yet -- Vultr, Alibaba Cloud (its API's action names), Cloud Foundry, Okteto, Garden,
Koyeb, CapRover, Juju, Chef's knife, Puppet Bolt (commands run on the targets), Grafana Tanka, Puppet (this
machine configured), dokku's client, and Kamal's app and accessory commands. Their reads stay ordinary.
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "vultr-cli instance delete x",
        "vultr-cli instance create --region ewr --plan vc2-1c-1gb --os 387",
        "aliyun ecs DeleteInstance --InstanceId i-x",
        "aliyun ecs RunInstances --ImageId x",
        "aliyun rds DeleteDBInstance --DBInstanceId x",
        "aliyun oss rm oss://bucket/x --recursive",
        "aliyun oss cp .env oss://bucket/",
        "cf push",
        "cf push app -p dist",
        "cf delete app -f",
        "cf set-env app KEY v",
        "cf scale app -i 0",
        "okteto deploy",
        "okteto destroy",
        "garden deploy",
        "garden delete environment",
        "koyeb service delete x",
        "koyeb app create x",
        "caprover deploy",
        "juju deploy postgresql",
        "juju remove-application x",
        "juju destroy-model prod",
        "knife node delete x -y",
        "knife cookbook upload x",
        "knife ssh 'role:web' 'sudo rm -rf /tmp/x'",
        "bolt command run 'rm -rf /tmp/x' --targets all",
        "bolt plan run deploy",
        "bolt file upload .env /tmp/.env --targets all",
        "tk apply environments/prod",
        "tk delete environments/prod",
        "puppet apply site.pp",
        "puppet agent -t",
        "dokku apps:destroy x",
        "dokku config:set x KEY=v",
        "kamal app remove",
        "kamal accessory remove db",
    ],
)
def test_a_mutating_verb_is_never_auto_approved(command):
    never_auto_where(command, ("host", "agent"))


@pytest.mark.parametrize(
    "command",
    ["cf apps", "cf logs x --recent", "okteto context", "juju status", "knife node list", "bolt inventory show",
     "tk show environments/prod", "tk diff environments/prod", "puppet parser validate site.pp",
     "aliyun ecs DescribeInstances", "aliyun oss ls oss://bucket", "aliyun configure list", "vultr-cli instance list",
     "garden get status", "koyeb service list", "dokku apps:list"],
)  # fmt: skip
def test_reads_stay_auto_approved(command):
    stays_auto_where(command)
