"""Smaller clouds, hosts and cluster tools (SPEC §5 step 6, effects by family; red team, session 20): servers,
clusters, databases, secrets and deployments made, changed or removed on another machine. Read by
``permissions.commands.families`` as the other families' rows are:

- :data:`DECIDED` (the first known verb decides, ``permissions.commands.families.Decided``): Exoscale's
  ``exo``, UpCloud's ``upctl``, Civo, OVHcloud, STACKIT, IONOS, Contabo's ``cntb``, Equinix Metal's ``metal``,
  vSphere's ``govc``, OpenStack's ``openstack`` (and its older ``nova``, ``glance``), Laravel Vapor, Pantheon's
  ``terminus``, Acquia's ``acli``, Aptible, Convox, kOps, Talos's ``talosctl``, Rancher, HashiCorp Boundary
  and HCP, Aiven's ``avn``, Elastic Cloud's ``ecctl``, Confluent Cloud, MongoDB's ``mongocli``, Nhost,
  CloudFormation's ``rain`` and ``sceptre``, Terraspace, Yandex Cloud, UCloud, TiDB and CockroachDB Clouds,
  Upstash, Fauna, Karmada, Kargo, Jenkins X, Skupper, Apigee. Listings, descriptions, logs and the tools' own
  login and configuration stay ordinary; a command with no known verb is external (fail closed).
- :data:`FORMS` (fixed subcommand words, added to a tool's row when it has one): Nomad's, Consul's and Vault's
  cluster operations beyond their rows (a node drained, allocations stopped, tokens created or revoked, the
  store sealed), OpenStack's object store (``swift upload``: Swift the language has no such command), Vagrant
  Cloud and ``vagrant push|share``, DDEV's ``push``, Telepresence's intercepts, ktunnel's ``expose``, kbld's
  ``relocate``, aptly's ``publish``, the password and secret stores' writes (Bitwarden, LastPass, chamber,
  berglas, dotenv-vault), MongoDB Atlas's resources (``atlas clusters delete``), manifests applied by kubecfg,
  qbec, consul-k8s, calicoctl, kumactl, Kong's and Tyk's gateways synced (decK, tyk-sync), hosts made a cluster
  (k0sctl, RKE), runs in a cluster or a cloud (mirrord, ``k6 cloud``, Artillery on Fargate), Runway, Teleport's
  ``tsh db connect``, task queues' brokers (Celery, RQ, ``rabbitmqctl``).
- :data:`READERS`: Tencent Cloud's ``tccli SERVICE Action`` (as ``aliyun``: an action that does not describe,
  list, get, query or check changes the cloud), Helmsman's ``--apply``, Storj's ``uplink`` copies into a bucket.
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
    # -- more clouds and databases as a service: Yandex Cloud, UCloud, TiDB Cloud, CockroachDB Cloud, Upstash,
    # Fauna (`fauna eval` and `fauna shell` send a query: no known verb, external)
    "yc": Spec(
        "config init version completion", "", "--folder-id --folder-name --profile --format --cloud-id"
    ),
    "ucloud": Spec("init config version completion", "", "--profile --region --project-id"),
    "ticloud": Spec("auth config version completion"),
    "ccloud": Spec("auth version completion"),
    "upstash": Spec("auth login stats"),
    "fauna": Spec("login cloud-login endpoint pull diff status", "commit abandon"),
    # -- clusters and delivery: Karmada, Kargo's promotions, Jenkins X's, Skupper's sites and links, Apigee
    "karmadactl": Spec(
        "logs explain top token completion",
        "join unjoin cordon uncordon promote taint init deinit register unregister",
        "--kubeconfig --karmada-context -n --namespace -C --cluster",
    ),
    "kargo": Spec("login logout config version dashboard", "approve promote refresh abort", "--project"),
    "jx": Spec("version ui dashboard context namespace ns diagnose", "promote"),
    "skupper": Spec("status version debug completion", "expose unexpose bind unbind", "-n --namespace"),
    "apigeecli": Spec("token version completion prefs export", "undeploy", "-o --org -t --token"),
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
    # local development environments: pushing the project to a hosting provider, sharing the local site on the
    # internet (DDEV's and Sail's `share` open a tunnel); their shortcuts are read as what they run (wrappers.SHORTCUTS)
    "ddev": forms("push share"),
    "lando": forms("push share"),
    "sail": forms("share"),
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
    # MongoDB Atlas's CLI shares Ariga Atlas's name (`atlas schema apply` is that row's): its own resources' forms.
    "atlas": forms(
        "clusters+create clusters+delete clusters+update clusters+pause clusters+start clusters+upgrade"
        " clusters+failover clusters+indexes+create clusters+search+indexes+create clusters+search+indexes+delete"
        " dbusers+create dbusers+delete dbusers+update projects+create projects+delete accessLists+create"
        " accessLists+delete backups+restores+start backups+snapshots+create backups+snapshots+delete"
        " customDbRoles+create customDbRoles+delete organizations+create organizations+delete teams+create"
        " teams+delete users+invite alerts+settings+create alerts+settings+delete streams+instances+create"
        " streams+instances+delete"
    ),
    # a cluster's manifests applied or removed (kubecfg, qbec, Consul on Kubernetes, Calico, Kuma), Kong's
    # configuration synced or reset by decK, Tyk's by tyk-sync, hosts made a cluster (k0sctl, RKE), runs in a
    # cluster (mirrord's agent), in Grafana Cloud (`k6 cloud`), on Fargate or Lambda (Artillery)
    "kubecfg": forms("update delete"),
    "qbec": forms("apply delete"),
    "consul-k8s": forms("install uninstall upgrade"),
    "calicoctl": forms(
        "apply create replace patch delete label ipam+release datastore+migrate+lock datastore+migrate+unlock"
        " datastore+migrate+import"
    ),
    "kumactl": forms("apply delete"),
    "deck": forms("sync reset gateway+sync gateway+reset gateway+apply konnect+sync konnect+reset"),
    "tyk-sync": forms("sync publish update"),
    "k0sctl": forms("apply reset"),
    "rke": forms("up remove etcd+snapshot-restore cert+rotate encrypt+rotate-key"),
    "mirrord": forms("exec container"),
    "k6": forms("cloud"),
    "artillery": forms("run-fargate run-lambda"),
    "runway": forms("deploy destroy"),
    "tsh": forms("db+connect kube+exec request+create request+review"),
    # task queues' brokers: queues purged, tasks sent, workers shut down (Celery, RQ), a RabbitMQ node's
    # queues, users, vhosts and policies
    "celery": forms(
        "purge call control+shutdown control+revoke control+terminate control+rate_limit control+add_consumer"
        " control+cancel_consumer control+pool_grow control+pool_shrink control+autoscale amqp"
    ),
    "rq": forms("empty requeue enqueue suspend resume"),
    "rabbitmqctl": forms(
        "delete_queue purge_queue stop_app start_app reset force_reset stop shutdown add_user delete_user"
        " change_password set_user_tags set_permissions clear_permissions add_vhost delete_vhost set_policy"
        " clear_policy set_parameter clear_parameter close_connection close_all_connections forget_cluster_node"
        " join_cluster update_cluster_nodes eval set_vm_memory_high_watermark set_disk_free_limit"
    ),
}

_TCCLI_READS = ("Describe", "List", "Get", "Query", "Inquiry", "Inquire", "Check")


_HELMSMAN_ACTS = frozenset({"apply", "destroy"})


def _helmsman(view: tuple[str, ...]) -> bool:
    """Helmsman's ``--apply`` / ``-apply`` (``--destroy``) installs, upgrades or deletes the desired state's
    releases; without it, a plan."""
    return any(w.lstrip("-").partition("=")[0] in _HELMSMAN_ACTS for w in view[1:] if w[:1] == "-")


def _uplink(view: tuple[str, ...]) -> bool:
    """Storj's ``uplink``: an object or bucket removed, made or shared; a copy or move that lands in
    (``sj://`` last) or leaves a bucket (``mv``)."""
    words = [w for w in view[1:] if w[:1] != "-"]
    if not words:
        return False
    op = words[0]
    if op in ("rm", "rb", "mb", "share"):
        return True
    if op in ("cp", "mv"):
        return op == "mv" or (len(words) > 2 and words[-1].startswith("sj://")) or len(words) < 3
    return False


def _tccli(view: tuple[str, ...]) -> bool:
    """Tencent Cloud's ``tccli SERVICE Action``: an action that does not describe, list, get, query, inquire
    or check changes the cloud (``TerminateInstances``, ``RunInstances``); ``configure`` and ``auth`` only
    touch this machine's profile."""
    words = [w for w in view[1:] if w[:1] != "-"]
    if not words or words[0] in ("configure", "auth", "help", "version"):
        return False
    action = next((w for w in words[1:] if w[:1].isupper()), None)
    return action is None or not action.startswith(_TCCLI_READS)


READERS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "tccli": _tccli,
    "helmsman": _helmsman,
    "uplink": _uplink,
}
