"""Smaller clouds, hosts and cluster tools (SPEC §5 step 6, effects by family; red team, session 20): servers,
clusters, databases, secrets and deployments made, changed or removed on another machine. Read by
``permissions.commands.families`` as the other families' rows are:

- :data:`DECIDED` (the first known verb decides, ``permissions.commands.families.Decided``): Exoscale's
  ``exo``, UpCloud's ``upctl``, Civo, OVHcloud, STACKIT, IONOS, Contabo's ``cntb``, Equinix Metal's ``metal``,
  vSphere's ``govc``, OpenStack's ``openstack`` (and its older ``nova``, ``glance``), Laravel Vapor, Pantheon's
  ``terminus``, Acquia's ``acli``, Aptible, Convox, kOps, Talos's ``talosctl``, Rancher, HashiCorp Boundary
  and HCP, Aiven's ``avn``, Elastic Cloud's ``ecctl``, Confluent Cloud, MongoDB's ``mongocli``, Nhost,
  CloudFormation's ``rain`` and ``sceptre``, Terraspace. Listings, descriptions, logs and the tools' own
  login and configuration stay ordinary; a command with no known verb is external (fail closed).
- :data:`FORMS` (fixed subcommand words, added to a tool's row when it has one): Nomad's, Consul's and Vault's
  cluster operations beyond their rows (a node drained, allocations stopped, tokens created or revoked, the
  store sealed), OpenStack's object store (``swift upload``: Swift the language has no such command), Vagrant
  Cloud and ``vagrant push|share``, DDEV's ``push``, Telepresence's intercepts, ktunnel's ``expose``, kbld's
  ``relocate``, aptly's ``publish``, the password and secret stores' writes (Bitwarden, LastPass, chamber,
  berglas, dotenv-vault).
- :data:`READERS`: Tencent Cloud's ``tccli SERVICE Action`` (as ``aliyun``: an action that does not describe,
  list, get, query or check changes the cloud).
"""

from __future__ import annotations

from collections.abc import Callable

from permissions.commands.deployers import Forms, Spec, forms

__all__ = ["DECIDED", "FORMS", "READERS"]

_OPENSTACK_VALUES = (
    "--os-cloud --os-project-name --os-project-id --os-region-name --os-auth-url --os-username --os-password"
    " --os-domain-name --os-token -f --format -c --column"
)
DECIDED: dict[str, Spec] = {
    # -- clouds and hosts: servers, volumes, networks, databases made and destroyed
    "exo": Spec("config status version completion", "", "-A --account -z --zone -O --output-format"),
    "upctl": Spec("version completion", "", "-t --config -o --output"),
    "civo": Spec("apikey version completion", "", "--region --output -o --fields -f"),
    "ovhcloud": Spec("login config version completion", "", "--profile -o --output"),
    "stackit": Spec("auth config version completion", "", "--project-id -o --output-format"),
    "ionosctl": Spec("login logout version completion config cfg", "", "-o --output --cols"),
    "cntb": Spec("config version completion", "", "-o --output --config"),
    "metal": Spec("init env completion docs version", "", "--config -o --output"),
    "govc": Spec(
        "about about.cert ls find tree events tasks logs logs.ls env version session.ls vm.info vm.ip"
        " datastore.ls datastore.info datastore.download datastore.tail host.info cluster.info device.ls"
        " device.info snapshot.tree object.collect metric.ls metric.sample metric.info pool.info folder.info"
        " network.info role.ls permissions.ls tags.ls tags.info tags.category.ls library.ls library.info"
        " license.ls storage.policy.ls dvs.portgroup.info host.esxcli.info",
        "",
        "-u -dc -ds -host -pool -folder -net -vm",
    ),
    "openstack": Spec(
        "token.issue catalog.list module.list versions.show complete configuration.show image.save",
        "",
        _OPENSTACK_VALUES,
    ),
    "nova": Spec(
        "flavor-list image-list hypervisor-list keypair-list availability-zone-list service-list quota-show"
        " limits usage console-log",
        "boot",
        _OPENSTACK_VALUES,
    ),
    "glance": Spec("image-list image-show image-download member-list", "", _OPENSTACK_VALUES),
    # -- hosted PHP platforms and platforms as a service: deploys, environments wiped, a site's drush or
    # WordPress run on the live site (`terminus remote:drush site.live -- sql-drop`: no known verb, external)
    "vapor": Spec("login logout whoami build tail metrics"),
    "terminus": Spec("aliases art auth:login auth:logout auth:whoami login logout whoami self:info"),
    "acli": Spec("auth:login auth:logout login logout pull pull:db pull:files pull:code pull:all self:info"),
    "aptible": Spec(
        "login logs apps config db:url db:tunnel backup:list operation:logs version", "deprovision"
    ),
    "convox": Spec("login logout switch racks logs ps releases builds services instances version"),
    "nhost": Spec(
        "up down logs init link login logout docs version completion pull"
    ),  # `up`: its local stack
    # -- clusters: made, changed, rolled or wiped; a Talos node's configuration applied, reset or upgraded
    "kops": Spec("export kubecfg kubeconfig toolbox version completion", "rolling-update trust distrust"),
    "talosctl": Spec(
        "health dashboard logs dmesg containers stats processes memory mounts time version read kubeconfig gen"
        " config support events netstat disks usage images etcd.members etcd.status",
        "apply-config upgrade upgrade-k8s shutdown bootstrap wipe edit",
        "-n --nodes -e --endpoints --talosconfig --context",
    ),
    "rancher": Spec("login context settings version ps", "", "--context"),
    # -- HashiCorp's Boundary (targets, scopes, a session to a target) and HCP (its Vault Secrets, Packer, ...)
    "boundary": Spec("authenticate config version dev", "connect", "-addr -format"),
    "hcp": Spec("auth profile version completion open", "", "--project --profile --format"),
    # -- managed data services: Aiven, Elastic Cloud, Confluent Cloud, MongoDB Atlas through mongocli
    "avn": Spec("user.login user.info user.logout", "terminate", "--project --json"),
    "ecctl": Spec("init version completion", "", "--region --output", groups="deployment"),
    "confluent": Spec("login logout context environment.use version completion local", "", "--environment"),
    "mongocli": Spec("config auth version completion", "", "-P --profile -o --output --projectId"),
    # -- CloudFormation stacks and Terraspace's Terraform stacks deployed or removed
    "rain": Spec("build cat diff fmt forecast logs ls tree watch console"),  # `pkg` uploads its assets
    "sceptre": Spec("generate diff dump list status validate new drift"),
    "terraspace": Spec("build plan new list info logs summary console setup check fmt", groups="all"),
}

# Forms added to a tool's row (or making one): `nomad node drain`, `vault token revoke`, `consul acl token create`.
FORMS: dict[str, Forms] = {
    "nomad": forms(
        "node+drain node+eligibility alloc+stop alloc+restart alloc+signal alloc+exec deployment+promote"
        " deployment+fail deployment+pause deployment+resume deployment+unblock namespace+apply namespace+delete"
        " var+put var+purge system+gc volume+create volume+delete volume+register volume+deregister"
        " volume+detach job+periodic+force job+restart job+tag+apply acl+token+create acl+token+delete"
        " acl+policy+apply acl+policy+delete acl+bootstrap quota+apply quota+delete sentinel+apply"
        " sentinel+delete operator+raft+remove-peer operator+scheduler+set-config operator+snapshot+restore"
        " server+force-leave stop exec alloc-exec"
    ),
    "consul": forms(
        "services+register services+deregister acl+token+create acl+token+delete acl+token+update"
        " acl+policy+create acl+policy+delete acl+policy+update acl+role+create acl+role+delete acl+role+update"
        " acl+bootstrap acl+set-agent-token acl+auth-method+create acl+auth-method+delete"
        " acl+binding-rule+create acl+binding-rule+delete intention+create intention+delete config+write"
        " config+delete force-leave leave maint event operator+raft+remove-peer operator+raft+transfer-leader"
        " snapshot+restore reload peering+generate-token peering+establish peering+delete namespace+create"
        " namespace+delete namespace+write partition+create partition+delete"
    ),
    "vault": forms(
        "token+revoke token+create token+renew lease+revoke lease+renew operator+seal operator+unseal"
        " operator+step-down operator+rekey operator+generate-root operator+init operator+raft+remove-peer"
        " operator+raft+snapshot+restore audit+enable audit+disable secrets+move secrets+tune auth+tune"
        " namespace+create namespace+delete plugin+register plugin+deregister plugin+reload transit+import"
        " patch"
    ),
    # OpenStack's object store (Swift the language has no upload, delete, post or copy).
    "swift": forms("upload delete post copy"),
    "vagrant": forms(
        "cloud+publish cloud+box+create cloud+box+delete cloud+box+update cloud+version+create"
        " cloud+version+release cloud+version+revoke cloud+version+delete cloud+provider+upload"
        " cloud+provider+create cloud+provider+delete push share"
    ),
    "ddev": forms("push"),
    "telepresence": forms("intercept replace ingest"),
    "ktunnel": forms("expose inject"),
    "kbld": forms("relocate"),
    "aptly": forms("publish+repo publish+snapshot publish+switch publish+update publish+drop"),
    # password and secret stores: an entry created, changed or removed in the store others read
    "bw": forms("create edit delete restore move share confirm"),
    "lpass": forms("add edit rm mv duplicate generate share+create share+rm share+useradd share+userdel"),
    "chamber": forms("write delete import"),
    "berglas": forms("create update delete grant revoke migrate"),
    "dotenv-vault": forms("push new open+production"),
}

_TCCLI_READS = ("Describe", "List", "Get", "Query", "Inquiry", "Inquire", "Check")


def _tccli(view: tuple[str, ...]) -> bool:
    """Tencent Cloud's ``tccli SERVICE Action``: an action that does not describe, list, get, query, inquire
    or check changes the cloud (``TerminateInstances``, ``RunInstances``); ``configure`` and ``auth`` only
    touch this machine's profile."""
    words = [w for w in view[1:] if w[:1] != "-"]
    if not words or words[0] in ("configure", "auth", "help", "version"):
        return False
    action = next((w for w in words[1:] if w[:1].isupper()), None)
    return action is None or not action.startswith(_TCCLI_READS)


READERS: dict[str, Callable[[tuple[str, ...]], bool]] = {"tccli": _tccli}
