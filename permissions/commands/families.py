"""External effects by family (SPEC §5 step 6, RN-418; §5 step 6, effects by family): infrastructure as code, cloud CLIs,
registries, remotes. Each family is a row of tools with their mutating verbs, in the style of
``permissions.commands.effects.EXTERNAL`` (which merges :data:`FORMS`); a cap only ever asks a person, so a
longer list fails closed.

Two shapes:

- :data:`FORMS`: tools whose external acts are fixed subcommand words (``tofu apply``, ``pulumi up``,
  ``poetry publish``), walked by ``permissions.caps`` like SPEC's own list (options before and between the
  subcommand words are skipped, both readings of an option of unknown arity are followed).
- :data:`VERB_DECIDED`: CLIs whose command trees are deep and open-ended (``gcloud compute instances
  create``, ``aws ec2 terminate-instances``, ``heroku config:set``). The first word that is a known verb
  decides: a mutating verb (or one starting with a mutating prefix) is external, a read or local verb is not.
  A command none of whose words is a known verb is external (fail closed: the closed list is the reads).
  A read word right after an option written without ``=`` may be that option's value, so it does not
  decide (``gcloud --format list run deploy``); a mutating word decides wherever it is.

And the acts found in a tool's options or operands (:func:`family_effect`): ``aws s3 cp|sync|mv`` to a
bucket, ``gsutil``/``gcloud storage`` to ``gs://``, ``docker build --push`` (any engine, any spelling of a
registry output), ``mvn deploy``-like goals and ``gradle publish``-like tasks anywhere on the line,
``ansible-playbook`` against hosts, and git configuration that changes where pushes go (``remote.*.url``,
``remote.*.pushurl``, ``url.*.insteadOf``, ``url.*.pushInsteadOf``, ``branch.*.pushRemote`` ...).

The deployment and release tools (deploy tools, platforms, Kubernetes delivery, functions, static-site
publishers, mobile release and store uploads) have their rows in ``permissions.commands.deployers``, and the
chains' CLIs (transactions, contract deploys, payments: Foundry, Hardhat, Solana, Sui, Aptos, Cosmos SDK
daemons, Bitcoin Core, Lightning ...) theirs in ``permissions.commands.chains``, merged here in the same shapes.

Sending data to another machine (``curl -d``, ``scp f host:``, ``nc host port`` ...) is read by
``permissions.commands.uploads``, and ``svn rm|mkdir|copy|move URL`` here: both are acts SPEC's list does
not name (R4.10), capped like a publish.

Read-only forms stay uncapped: ``terraform plan``, ``aws s3 ls``, ``kubectl get``, ``gcloud ... list``.
"""

from __future__ import annotations

from collections.abc import Callable
from fnmatch import fnmatchcase

from permissions.commands.chains import FORMS as CHAIN_FORMS
from permissions.commands.chains import READERS as CHAIN_READERS
from permissions.commands.chains import assigned_network
from permissions.commands.ci_services import DECIDED as CI_DECIDED
from permissions.commands.ci_services import FORMS as CI_FORMS
from permissions.commands.containers import engine_elsewhere
from permissions.commands.datahubs import DECIDED as DATA_DECIDED
from permissions.commands.datahubs import FORMS as DATA_FORMS
from permissions.commands.datahubs import READERS as DATA_READERS
from permissions.commands.deployers import DECIDED as DEPLOY_DECIDED
from permissions.commands.deployers import FORMS as DEPLOY_FORMS
from permissions.commands.deployers import KAMAL, Forms, forms
from permissions.commands.deployers import READERS as DEPLOY_READERS
from permissions.commands.dns_certs import DECIDED as DNS_DECIDED
from permissions.commands.dns_certs import FORMS as DNS_FORMS
from permissions.commands.dns_certs import READERS as DNS_READERS
from permissions.commands.fetches import parallel_hands_away, xargs_hands_away
from permissions.commands.find import FIND_RUNNERS
from permissions.commands.git import remote_config_write
from permissions.commands.git_globals import _git_subcommand
from permissions.commands.interpreters import setup_py_commands
from permissions.commands.listeners import ALSO_SERVING, assigned_bind, git_serves, publishes_ports
from permissions.commands.listeners import READERS as LISTENERS
from permissions.commands.migrations import (
    MIGRATION_VERBS,
    abbreviates,
    assigned_data_store,
    assigned_migration,
    migrates_elsewhere,
)
from permissions.commands.more_clouds import DECIDED as CLOUD_DECIDED
from permissions.commands.more_clouds import FORMS as CLOUD_FORMS
from permissions.commands.more_clouds import READERS as CLOUD_READERS
from permissions.commands.options import normalised
from permissions.commands.orchestrators import DECIDED as ORCHESTRATOR_DECIDED
from permissions.commands.orchestrators import READERS as ORCHESTRATOR_READERS
from permissions.commands.probes import READERS as PROBE_READERS
from permissions.commands.saas_clis import DECIDED as SAAS_DECIDED
from permissions.commands.saas_clis import FORMS as SAAS_FORMS
from permissions.commands.saas_clis import OPTION_READERS as SAAS_OPTION_READERS
from permissions.commands.saas_clis import READERS as SAAS_READERS
from permissions.commands.script_binds import passes_bind, run_passes_bind
from permissions.commands.sources import SOURCE_VERBS, index_assigned, insecure_fetch, other_source
from permissions.commands.sources_managers import MANAGER_VERBS, manager_source
from permissions.commands.uploads import UPLOAD_VERBS, uploads
from permissions.commands.warehouses import DECIDED as WAREHOUSE_DECIDED
from permissions.commands.warehouses import FORMS as WAREHOUSE_FORMS
from permissions.commands.warehouses import READERS as WAREHOUSE_READERS

__all__ = [
    "ACT_TOOLS",
    "FAMILY_VERBS",
    "FORMS",
    "OPTION_READERS",
    "VERB_DECIDED",
    "act_positions",
    "family_effect",
    "option_act_word",
]


# -- infrastructure as code ---------------------------------------------------------------------------------
_TERRAFORM = (
    "apply destroy import taint untaint force-unlock refresh state+rm state+mv state+push"
    " state+replace-provider workspace+new workspace+delete"
)
_KUBECTL = (
    "apply create replace patch delete scale edit set label annotate drain cordon uncordon taint expose"
    " autoscale run exec cp debug attach rollout+restart rollout+undo rollout+pause rollout+resume"
    " certificate+approve certificate+deny auth+reconcile"
)
INFRASTRUCTURE: dict[str, Forms] = {
    "tofu": forms(_TERRAFORM),
    "terragrunt": forms(
        _TERRAFORM
        + " apply-all destroy-all run-all+apply run-all+destroy run-all+import run-all+refresh"
        + " run+apply run+destroy run+import run+refresh run+state"
    ),
    "pulumi": forms(
        "up update destroy down import refresh cancel watch stack+rm stack+init stack+import"
        " state+delete state+move state+unprotect state+edit state+rename state+repair state+upgrade"
        # red team: Pulumi ESC's environments (secrets and configuration in Pulumi Cloud).
        " env+set env+rm env+edit env+init env+rotate env+clone"
    ),
    "cdk": forms("deploy destroy bootstrap import watch rollback gc migrate"),
    "aws-cdk": forms("deploy destroy bootstrap import watch rollback gc migrate"),  # `npx aws-cdk`
    "cdktf": forms("deploy destroy apply"),
    "serverless": forms("deploy remove rollback invoke"),
    "sls": forms("deploy remove rollback invoke"),
    "sam": forms("deploy delete sync remote+invoke"),
    "helmfile": forms("apply sync destroy delete deploy"),
    "oc": forms(_KUBECTL + " new-app new-project start-build import-image tag rollout+latest adm rsync rsh"),
    "kubecolor": forms(_KUBECTL),
    "skaffold": forms("run deploy dev apply delete"),
    "tilt": forms("up down"),
    "kompose": forms(
        "up down"
    ),  # (Compose's services created in, or deleted from, the cluster kubectl reaches)
    "argocd": forms(
        "app+sync app+create app+delete app+rollback app+set app+patch app+terminate-op app+unset"
        " app+actions proj+create proj+delete repo+add cluster+add"
        # red team: ApplicationSets, a resource deleted, sources, clusters, repositories and credentials removed,
        # an account's password and tokens, a project's destinations and role tokens.
        " appset+create appset+delete app+delete-resource app+edit app+add-source app+remove-source cluster+rm"
        " cluster+set repo+rm repocreds+add repocreds+rm account+update-password account+generate-token"
        " account+delete-token proj+edit proj+add-destination proj+remove-destination proj+role+create-token"
        " proj+role+delete-token"
    ),
    "flux": forms(
        "reconcile suspend resume create delete bootstrap install uninstall push+artifact tag+artifact"
    ),
    "nomad": forms("run job+run job+stop job+dispatch job+revert job+scale job+promote"),
    "packer": forms("build"),
    "eksctl": forms("create delete upgrade scale set unset drain update enable"),
    "copilot": forms("deploy app+delete env+deploy env+delete svc+deploy svc+delete job+deploy"),
    "sst": forms(
        "deploy remove secret+set secret+remove secret+load unlock refresh"
    ),  # red team: secrets, state
    "zappa": forms("deploy update undeploy rollback schedule unschedule invoke manage"),
    "chalice": forms("deploy delete"),
    "kamal": forms(KAMAL),
    "mina": forms("deploy setup"),
    # Kubernetes distributions that carry kubectl and helm as subcommands (`k3s kubectl apply`,
    # `microk8s helm3 install`, `minikube kubectl -- delete`); `microk8s.kubectl` is the snap's own name.
    "k3s": forms(" ".join("kubectl+" + f for f in _KUBECTL.split())),
    "microk8s": forms(
        " ".join("kubectl+" + f for f in _KUBECTL.split())
        + " helm+install helm+upgrade helm+uninstall helm+delete helm+rollback"
        + " helm3+install helm3+upgrade helm3+uninstall helm3+delete helm3+rollback"
    ),
    "microk8s.kubectl": forms(_KUBECTL),
    "minikube": forms(" ".join("kubectl+" + f for f in _KUBECTL.split())),
    "convex": forms("deploy import env+set env+remove"),
    # red team: Render's deploys and jobs cancelled or started, a database's shell (SQL sent), a service's shell.
    "render": forms("deploys+create deploys+cancel jobs+create jobs+cancel restart psql pgcli ssh"),
    "vault": forms(
        "write delete kv+put kv+delete kv+destroy kv+patch kv+rollback kv+undelete kv+metadata"
        " policy+write policy+delete secrets+enable secrets+disable auth+enable auth+disable"
    ),
}

# -- databases: schema and data changed in whatever database the configuration names ----------------------
# Applying a project's pending migrations is daily work against a local dev database and stays uncapped
# (`prisma migrate dev`, `knex migrate:latest`, `rails db:migrate`, `alembic upgrade`, `drizzle-kit migrate`,
# `mix ecto.migrate`). Capped, since the configured URL may be anyone's: a schema pushed with no migration
# history (`prisma db push`, `drizzle-kit push`, `typeorm schema:sync`, `atlas schema apply`), migrations
# applied or recorded as a deploy (`prisma migrate deploy|resolve`), SQL sent as is (`prisma db execute`), and
# a database dropped, reset or emptied (`prisma migrate reset`, `rails db:drop`, `flyway clean`).
_RAILS_DB = (
    "db:drop db:drop:all db:reset db:reset:all db:purge db:purge:all db:schema:load db:structure:load"
    " db:seed:replant db:truncate_all db:setup db:prepare"
)
_TYPEORM = "schema:drop schema:sync"
DATABASES: dict[str, Forms] = {
    "prisma": forms("db+push db+execute migrate+deploy migrate+reset migrate+resolve"),
    "drizzle-kit": forms("push push:pg push:mysql push:sqlite"),
    "rails": forms(_RAILS_DB),
    "rake": forms(_RAILS_DB),
    "sequelize": forms("db:drop"),
    "sequelize-cli": forms("db:drop"),
    "typeorm": forms(_TYPEORM),
    "typeorm-ts-node-commonjs": forms(_TYPEORM),
    "typeorm-ts-node-esm": forms(_TYPEORM),
    "flyway": forms("clean"),
    "liquibase": forms("drop-all dropAll"),
    "dbmate": forms("drop"),
    "atlas": forms("schema+apply schema+clean"),
    "dotnet-ef": forms("database+drop"),  # `dotnet ef database update` applies migrations: daily work
    # red team: the servers' own clients that drop a database (`dropdb app`, `mysqladmin drop app`), migration
    # tools run backwards (a down migration drops what the up one made: `alembic downgrade base`, `knex
    # migrate:rollback --all`, `goose reset`, `sqitch revert`), and key-value stores' deletes and writes.
    "dropdb": ((),),
    "mysqladmin": forms("drop"),
    "mariadb-admin": forms("drop"),
    "alembic": forms("downgrade"),
    "flask": forms("db+downgrade"),
    "knex": forms("migrate:rollback migrate:down"),
    "goose": forms("reset down down-to"),
    "sqitch": forms("revert rebase"),
    "etcdctl": forms("del put txn compact lease+revoke"),
    "consul": forms("kv+delete kv+put kv+import"),
    "influx": forms("delete write bucket+delete"),
    "memcflush": ((),),
    # red team: a directory server's entries changed by its clients (OpenLDAP's tools), an SNMP agent's values
    # set, and content published to IPFS (added blocks are served to the network by a running node; a name
    # published, a remote pin, a pubsub message).
    **dict.fromkeys(("ldapmodify", "ldapadd", "ldapdelete", "ldapmodrdn", "ldappasswd", "ldapexop"), ((),)),
    "snmpset": ((),),
    "ipfs": forms(
        "add name+publish pin+remote dag+put block+put routing+put routing+provide dht+put dht+provide pubsub+pub"
    ),
}

_EAS = (
    "submit update deploy build update:republish update:rollback update:roll-back-to-embedded update:delete"
    " channel:create channel:edit channel:delete channel:rollout channel:pause channel:resume branch:create"
    " branch:delete branch:rename secret:create secret:delete secret:push env:create env:update env:delete"
    " env:push webhook:create webhook:update webhook:delete metadata:push"
)
_SHOPIFY = (
    "app+deploy app+release app+versions+release theme+push theme+publish theme+delete theme+share"
    " hydrogen+deploy"
)
_SENTRY = (
    "releases+new releases+finalize releases+deploys releases+set-commits releases+propose-version+new"
    " releases+delete releases+archive deploys+new sourcemaps+upload debug-files+upload upload-dif"
    " upload-dsym upload-proguard send-event send-envelope monitors+run"
)
_EXPO = "publish publish:rollback publish:set upload:ios upload:android build:ios build:android"

# -- registries: publish and push ---------------------------------------------------------------------------
REGISTRIES: dict[str, Forms] = {
    "poetry": forms("publish"),
    "flit": forms("publish"),
    "hatch": forms("publish"),
    "pdm": forms("publish"),
    "uv": forms("publish"),
    "rye": forms("publish"),
    "bun": forms("publish"),
    "jsr": forms("publish"),
    "deno": forms("publish deploy"),  # Deno 2.4+: `deno deploy` publishes to Deno Deploy
    # [beyond] red team: Deno Deploy's own CLI, Google's Jib CLI (builds and pushes an image to a registry).
    "deployctl": forms("deploy projects+create projects+delete projects+rename deployments+redeploy"),
    "jib": forms("build jar war"),
    "maturin": forms("publish upload"),  # a Rust extension's wheels to PyPI
    # `gem release` is the gem-release plugin: the gem built and pushed.
    "gem": forms("push yank owner release"),
    "dotnet": forms("nuget+push nuget+delete ef+database+drop"),
    "nuget": forms("push delete"),
    # `login` sends a credential -- `--password-stdin`: whatever is piped to it -- to the registry it names.
    "podman": forms("push image+push manifest+push login"),
    "docker-compose": forms("push"),
    "podman-compose": forms("push"),
    "buildah": forms("push manifest+push login"),
    "nerdctl": forms("push image+push login"),
    "oras": forms("push attach copy cp tag manifest+push manifest+delete blob+push blob+delete"),
    "crane": forms("push copy cp delete tag mutate append rebase flatten index+append"),
    "skopeo": forms("copy delete sync"),
    "cosign": forms("sign attach attest copy upload clean"),
    "ko": forms("build publish apply create resolve"),
    # red team: Jess Frazelle's img (a daemonless builder) and Chainguard's apko push to a registry.
    "img": forms("push login"),
    "apko": forms("publish login"),
    "vsce": forms("publish unpublish"),
    "ovsx": forms("publish"),
    # red team: browser extension stores -- Mozilla's web-ext signs by submitting to addons.mozilla.org;
    # chrome-webstore-upload uploads (and by default publishes) to the Chrome Web Store, whatever its verb.
    "web-ext": forms("sign submit"),
    "chrome-webstore-upload": ((),),
    "lerna": forms("publish"),
    "goreleaser": forms("release publish announce"),
    # red team: JReleaser (Java's goreleaser) and fastlane's store uploads -- deliver/upload_to_app_store (App Store),
    # pilot/upload_to_testflight, supply/upload_to_play_store, match (signing identities pushed to their git
    # repository), produce (a new app in the store), each also through `fastlane run ACTION`.
    "jreleaser": forms("release full-release deploy upload publish announce"),
    "fastlane": forms(
        "deliver pilot supply match produce upload_to_app_store upload_to_testflight upload_to_play_store"
        " appstore testflight run+deliver run+pilot run+supply run+match run+produce run+upload_to_app_store"
        " run+upload_to_testflight run+upload_to_play_store"
    ),
    "changeset": forms("publish"),
    "lein": forms("deploy"),
    # Ecto's drop and reset empty whatever database the project's config names (the databases' reading, below).
    # red team: edeliver's releases built on the build host, deployed, upgraded, started and migrated on the
    # servers (`mix edeliver deploy release to production`).
    "mix": forms(
        "hex.publish hex.retire hex.owner ecto.drop ecto.reset edeliver+deploy edeliver+upgrade edeliver+update"
        " edeliver+build edeliver+start edeliver+stop edeliver+restart edeliver+migrate"
    ),
    "conan": forms("upload"),
    # [beyond] red team: more registries' publishers and their owner, channel and delete verbs -- regctl (an
    # OCI registry's images, tags, manifests and blobs), the Snap Store, Debian's and openSUSE's and Fedora's
    # build services, Chocolatey, conda's pixi and rattler-build, devpi; dput and dupload upload when run at all.
    "regctl": forms(
        "image+copy image+delete image+mod image+import tag+delete tag+rm manifest+put"
        " manifest+delete manifest+rm blob+put blob+delete blob+rm artifact+put index+create index+add"
        " index+delete"
    ),
    "snapcraft": forms(
        "upload push release close promote register unregister upload-metadata set-default-track register-key"
    ),
    "dput": ((),),
    "dupload": ((),),
    # red team: file-sharing clients that put a file where anyone with the link or code can take it -- a
    # pastebin, croc's and magic-wormhole's relays (and wormhole-william, its Go port), Firefox Send's ffsend.
    "pastebinit": ((),),
    "croc": forms("send relay"),
    "wormhole": forms("send"),
    "magic-wormhole": forms("send"),
    "wormhole-william": forms("send"),
    "ffsend": forms("upload up u"),
    "osc": forms(
        "commit ci checkin submitrequest submitreq sr createrequest creq rdelete rremove copypac linkpac"
        " branch request+accept rq+accept rebuild rebuildpac wipebinaries"
    ),
    "copr-cli": forms(
        "build buildscm buildpypi buildgem buildcustom build-distgit create delete modify edit-chroot"
        " add-package-scm edit-package-scm add-package-pypi edit-package-pypi delete-package cancel"
        " regenerate-repos fork"
    ),
    "choco": forms("push"),
    # red team (session 17): GitHub release uploaders -- ghr (a tag's release and its assets, when run at all),
    # helm's chart-releaser (`cr upload`: charts' packages to a repository's releases) and github-release.
    "ghr": ((),),
    "cr": forms("upload"),
    "chart-releaser": forms("upload"),
    "github-release": forms("release upload edit delete"),
    # Homebrew's maintainers' commands: a fork pushed and a pull request opened, bottles uploaded.
    "brew": forms("bump-formula-pr bump-cask-pr pr-upload"),
    "pixi": forms("upload"),
    "rattler-build": forms("upload"),
    "devpi": forms("upload push remove"),
    # Angular's `ng deploy` (the project's deploy builder: Firebase, GitHub Pages, a cloud), Shopify's app and
    # theme releases, Sentry's releases and uploads; the scoped packages `npx` runs them by.
    "ng": forms("deploy"),
    "@angular/cli": forms("deploy"),
    "shopify": forms(_SHOPIFY),
    "@shopify/cli": forms(_SHOPIFY),
    "sentry-cli": forms(_SENTRY),
    "@sentry/cli": forms(_SENTRY),
    # Expo: store submissions, over-the-air updates, cloud builds and hosting (`eas build:list` and the other
    # `topic:read` forms are words no form names); `expo publish` is the classic CLI's update.
    "eas": forms(_EAS),
    "eas-cli": forms(_EAS),  # `npx eas-cli submit`
    "expo": forms(_EXPO),
    "expo-cli": forms(_EXPO),
    "rebar3": forms("hex+publish"),
    "dart": forms("pub+publish"),
    "flutter": forms("pub+publish"),
    "pub": forms(
        "publish lish uploader+add uploader+remove"
    ),  # red team: Dart's pub before `dart pub` (`lish`: its alias)
    "cabal": forms("upload"),
    "stack": forms("upload"),
    "pod": forms("trunk+push repo+push trunk+delete trunk+deprecate trunk+add-owner trunk+remove-owner"),
    "anaconda": forms("upload"),
    "swift": forms("package-registry+publish"),
    "opam": forms("publish"),
    # red team: Gleam's and Nim's package indexes (Hex; nimble's package list), and two release tools that tag,
    # push and publish when run at all (`dune-release` alone is its whole release: tag, distrib, publish, opam
    # submit; `cargo-release --execute`, the program `cargo release` runs).
    "gleam": forms("publish hex+retire hex+unretire hex+revert hex+owner"),
    "nimble": forms("publish"),
    # red team: Elm's package registry, CPAN's upload to PAUSE (its whole command; `cpan-upload-http` the
    # older name, `pause-upload` another client's).
    "elm": forms("publish"),
    "cpan-upload": ((),),
    "cpan-upload-http": ((),),
    "pause-upload": ((),),
    "dune-release": ((),),
    "cargo-release": ((),),
    # model and data hubs: Hugging Face's (below, verb-decided), Ollama's registry, DVC's and DataLad's remotes;
    # git-lfs is the program `git lfs` runs (R4.10: the same program by another name).
    "ollama": forms("push"),
    "dvc": forms("push exp+push"),
    "datalad": forms(
        "push publish create-sibling create-sibling-github create-sibling-gitlab create-sibling-gitea"
    ),
    "git-lfs": forms("push"),
    # git-annex: `git annex` by its own name (R4.10) -- content sent to, moved to or dropped from remotes.
    "git-annex": forms("sync push copy move export drop mirror assist satisfy"),
    # coverage services: the upload is the act (the old uploader uploads when run at all).
    "codecovcli": forms(
        "upload-process do-upload upload-coverage create-commit create-report empty-upload send-notifications"
    ),
    "codecov": ((),),
    # Google Apps Script's clasp (the script's code pushed and deployed), Azure Static Web Apps' swa; surge and
    # gh-pages publish the folder they are given when run at all.
    "clasp": forms("push deploy undeploy redeploy create-deployment update-deployment run"),
    "swa": forms("deploy"),
    "surge": ((),),
    "gh-pages": ((),),
    "semantic-release": ((),),
    "release-it": ((),),
    "np": ((),),
    # red team (session 35): more registries and release tools -- LuaRocks', Haxe's (lib.haxe.org) and Raku's
    # (fez) uploads and account registrations, beachball's and lerna-lite's publish, ship.js's prepare (a release
    # branch pushed, its pull request opened) and trigger (its publish step), multi-semantic-release
    # (semantic-release per package), angular-cli-ghpages (`ngh`) and push-dir (a folder pushed to a branch).
    "luarocks": forms("upload"),
    "haxelib": forms("submit register"),
    "fez": forms("upload register"),
    "beachball": forms("publish"),
    "lerna-lite": forms("publish"),
    "@lerna-lite/cli": forms("publish"),
    "shipjs": forms("trigger prepare"),
    "multi-semantic-release": ((),),
    "angular-cli-ghpages": ((),),
    "ngh": ((),),
    "push-dir": ((),),
}

_GIT_SPICE = (
    "stack+submit branch+submit upstack+submit downstack+submit ss bs uss dss stack+s branch+s upstack+s"
    " downstack+s s+s b+s us+s ds+s"
)

# -- remotes: version control that publishes ----------------------------------------------------------------
REMOTES: dict[str, Forms] = {
    "jj": forms("git+push git+remote+add git+remote+set-url git+remote+rename"),
    # red team (session 19): Mercurial's patches sent by mail or to Phabricator; Fossil's commit syncs to the
    # remote (autosync is on by default); CVS commits, imports and tags on its server (it has no local
    # history).
    "hg": forms("push phase email phabsend"),
    "svn": forms("commit ci import"),
    "fossil": forms("push sync commit ci"),
    "cvs": forms("commit ci com import im tag rtag admin"),
    "sl": forms("push pr+submit ghstack"),  # red team: `sl ghstack` submits the stack to GitHub
    # red team: Team Foundation Version Control's `tf checkin` (`tf ci`) commits to the server
    **dict.fromkeys(("tf", "tf.exe"), forms("checkin ci")),
    # [beyond] red team: stacked-branch tools that push branches and open pull requests for them -- git-spice
    # (`gs` is also Ghostscript, so only its submitting forms: `gs ss` is `gs stack submit`, `bs`, `uss`,
    # `dss` the others). Graphite, Aviator, git-town, spr and ghstack are decided by their verb (VERB_DECIDED).
    "git-spice": forms(_GIT_SPICE),
    "gs": forms(_GIT_SPICE),
    # Perforce changes the server's depot on submit (and on shelve, obliterate, populate, tag, labelsync);
    # Darcs and Bazaar/Breezy push and send patches.
    "p4": forms("submit shelve obliterate populate tag labelsync"),
    "darcs": forms("push send"),
    "bzr": forms("push send"),
    "brz": forms("push send"),
    # red team (session 19): patches mailed (StGit's `mail`, b4's `send`), changes uploaded for review
    # (Android's `repo upload`, `git-review` run at all, as `git review` is), git-tfs's checkins,
    # git-branchless's submit.
    # red team (session 19): git run by another program that pushes -- the password stores' repositories
    # (`pass git push`, `gopass sync`), the dotfile managers' (`yadm push`, `chezmoi git -- push`), myrepos'
    # `mr push` in every repository, legit's `sync`/`publish`, git-ps's patch stacks
    "pass": forms("git+push"),
    "gopass": forms("git+push sync"),
    "yadm": forms("push"),
    "chezmoi": forms("git+push"),
    "mr": forms("push"),
    "legit": forms("sync publish unpublish"),
    "git-ps": forms("push rr request-review integrate"),
    "stg": forms("mail"),
    "b4": forms("send"),
    "git-review": ((),),
    "repo": forms("upload"),
    "git-tfs": forms("checkin rcheckin checkintool ct"),
    "git-branchless": forms("submit"),
    # Tunnels behind a subcommand of a wider tool: VS Code's remote tunnel serves this machine's folders.
    "code": forms("tunnel"),
    "code-insiders": forms("tunnel"),
    "cursor": forms("tunnel"),
}

# npm's registry account and organisation changes, and the package metadata it changes on the registry
# (red team: `npm hook add` sends the registry's events to any address). Logging in is a change of the machine
# (its credentials file), permissions.commands.machine's.
_REGISTRY_ACCOUNT = forms(
    "token+create token+revoke team+create team+destroy team+add team+rm org+set org+rm profile+set"
    " profile+enable-2fa profile+disable-2fa star unstar hook+add hook+rm hook+update undeprecate deprecate"
    " dist-tag+add dist-tag+rm owner+add owner+rm access"
)

# [beyond] added to SPEC's own tools' rows (permissions.commands.effects.EXTERNAL).
MORE: dict[str, Forms] = {
    # git's transports that send what they are given: a pack (`send-pack`, `http-push`), mail (`imap-send`
    # reads it on its input), a remote helper driven by commands on its input (`remote-https ... <<< push`).
    "git": forms(
        "remote+rename send-pack http-push imap-send p4+submit cvsexportcommit remote-http remote-https"
        " remote-ftp remote-ftps remote-ext remote-fd"
    ),
    # red team: Argo Rollouts' plugin (`kubectl argo rollouts promote`; `kubectl-argo-rollouts` reads as it).
    "kubectl": forms(
        "debug attach certificate+approve certificate+deny auth+reconcile argo+rollouts+promote"
        " argo+rollouts+abort argo+rollouts+undo argo+rollouts+retry argo+rollouts+restart argo+rollouts+pause"
        " argo+rollouts+set argo+rollouts+create argo+rollouts+terminate"
    ),
    # red team: the plugins' pushes -- ChartMuseum's, helm-s3's and helm-gcs's (a chart to, or a chart
    # repository's index in, a bucket) -- and helm-secrets' wrappers of install and upgrade.
    "helm": forms(
        "test cm-push s3+push s3+delete s3+init s3+reindex gcs+push gcs+rm gcs+init secrets+install"
        " secrets+upgrade secrets+uninstall secrets+rollback"
    ),
    "terraform": forms("refresh workspace+new workspace+delete"),
    "docker": forms(
        "service+create service+update service+rm stack+deploy stack+rm buildx+imagetools+create login"
        # red team: a plugin pushed to a registry; a swarm's secrets, configs and nodes changed.
        " plugin+push secret+create secret+rm config+create config+rm node+update node+rm node+promote"
        " node+demote"
    ),
    # pnpm hands the registry commands it does not implement to npm (`pnpm deprecate` is `npm deprecate`).
    "pnpm": forms("unpublish") + _REGISTRY_ACCOUNT,
    # yarn 1's own registry commands (`yarn owner add`, `yarn tag add`), and yarn 2+'s `yarn npm …`.
    "yarn": forms(
        "npm+tag npm+unpublish owner+add owner+remove owner+rm tag+add tag+remove tag+rm"
        " team+create team+destroy team+add team+remove access"
    ),
    "twine": forms("register"),
    # [beyond] red team: npm's registry account and organisation changes.
    "npm": _REGISTRY_ACCOUNT,
}

# -- messages: a message published to a broker, a topic or a person ----------------------------------------
# [beyond] red team: what a run sends is read by nobody before it leaves (a topic's subscribers, a queue's
# consumers, a chat). The brokers' clients that only publish, and the notifiers, send when run at all; Salt
# runs a command on its minions.
MESSAGES: dict[str, Forms] = {
    "ntfy": forms("publish pub send trigger"),
    # (session 35: JetStream's streams, key-value buckets and object stores changed on the server, as etcdctl's
    # and consul's kv are)
    "nats": forms(
        "pub publish req request stream+rm stream+delete stream+del stream+purge stream+rmm stream+edit"
        " stream+add stream+create stream+restore kv+del kv+rm kv+put kv+purge kv+create kv+update kv+add"
        " obj+rm obj+del obj+delete obj+put obj+add consumer+rm consumer+delete consumer+del consumer+add"
    ),
    "signal-cli": forms("send sendReaction sendReceipt remoteDelete updateGroup"),
    "rabbitmqadmin": forms("publish declare delete purge close"),
    "mosquitto_pub": ((),),
    "kafka-console-producer": ((),),
    "kafka-console-producer.sh": ((),),
    "telegram-send": ((),),
    "apprise": ((),),
    "salt": ((),),
    "salt-ssh": ((),),
}

FORMS: dict[str, Forms] = {
    **INFRASTRUCTURE,
    **DATABASES,
    **REGISTRIES,
    **REMOTES,
    **MESSAGES,
    **DEPLOY_FORMS,
    **DATA_FORMS,
    **WAREHOUSE_FORMS,
    **CI_FORMS,
    **DNS_FORMS,
    **CHAIN_FORMS,
}
# red team (session 20): smaller clouds' and software services' forms, added to a tool's row when it has one
# (`nomad node drain`, `vault token revoke`: permissions.commands.more_clouds, permissions.commands.saas_clis).
for _v, _f in (*CLOUD_FORMS.items(), *SAAS_FORMS.items()):
    FORMS[_v] = FORMS.get(_v, ()) + _f
# `semantic-release`, `np`: running the tool is the publish (no subcommand); the empty form stands for that.
BARE_PUBLISHERS = frozenset(verb for verb, forms in FORMS.items() if forms == ((),))
for _v in BARE_PUBLISHERS:
    del FORMS[_v]


# -- cloud CLIs: the first known verb decides ---------------------------------------------------------------
class Decided:
    """A CLI whose first known verb decides: ``writes``/``write_prefixes`` are external, ``reads`` are not.
    ``values``: options known to take the next word (skipped); ``bare``: external with no positional word
    (``vercel`` alone deploys); ``helps``: a help or version word anywhere (not in an option's value's place)
    only prints (``tailscale funnel --help``: the CLI parses all its options before it acts)."""

    __slots__ = ("bare", "groups", "helps", "reads", "values", "write_prefixes", "writes")

    def __init__(
        self,
        reads: str,
        writes: str = "",
        values: str = "",
        bare: bool = False,
        groups: str = "",
        helps: bool = False,
    ) -> None:
        own = frozenset(reads.split())
        neither = frozenset(groups.split())  # command groups named like a verb (`gcloud run deploy`)
        self.reads = (own | _READS) - neither
        self.writes = ((frozenset(writes.split()) | _WRITES) - own) - neither
        self.groups = neither  # no mutating prefix reads them either (`gcloud deploy releases list`)
        self.write_prefixes = _WRITE_PREFIXES
        self.values = frozenset(values.split())
        self.bare = bare
        self.helps = helps


# Verbs of every cloud CLI: what reads (or only touches this machine) and what changes the cloud.
_READS = frozenset(
    "list ls describe show get help version --version --help whoami info inspect view cat stat du search"
    " validate lint".split()
)
_WRITES = frozenset(
    """create delete destroy deploy redeploy update patch put set unset add remove rm del apply up down publish
    push upload import promote rollback restart start stop scale resize run exec ssh scp invoke call execute
    submit sync cp mv copy move attach detach enable disable reset restore purge cancel terminate reboot
    release allocate assign grant revoke rotate renew approve launch rebuild reinstall migrate failover clone
    swap trigger send write edit modify replace register deregister associate disassociate authorize
    rsync mb rb setmeta tag untag""".split()
)
_WRITE_PREFIXES = (
    "create-",
    "delete-",
    "put-",
    "update-",
    "terminate-",
    "modify-",
    "add-",
    "remove-",
    "set-",
    "start-",
    "stop-",
    "reboot-",
    "run-",
    "attach-",
    "detach-",
    "associate-",
    "disassociate-",
    "enable-",
    "disable-",
    "import-",
    "restore-",
    "register-",
    "deregister-",
    "authorize-",
    "revoke-",
    "allocate-",
    "release-",
    "send-",
    "publish",
    "reset-",
    "cancel-",
    "copy-",
    "tag-",
    "untag-",
    "upload-",
    "replace-",
    "change-",
    "execute-",
    "accept-",
    "reject-",
    "purchase-",
    "request-",
    "rotate-",
    "grant-",
    "promote-",
    "deploy",
    "invoke",
)
_READ_PREFIXES = (
    "get-",
    "list-",
    "describe-",
    "show-",
    "head-",
    "batch-get-",
    "search-",
    "lookup-",
    "filter-",
)

# Vercel's CLI: `vercel` alone deploys (bare), its reading verbs do not.
_VERCEL = Decided(
    "dev build login logout link pull env.pull logs inspect whoami switch init telemetry",
    "",
    "--scope --token -t --cwd -A --local-config -Q --global-config",
    bare=True,
)


_HF = Decided(
    "download env version whoami auth login logout cache scan-cache lfs-enable-largefiles",
    "upload upload-large-folder",
    "--repo-type --revision --token --include --exclude --commit-message --commit-description",
)
VERB_DECIDED: dict[str, Decided] = {
    # Hugging Face's hub: uploads, repositories and jobs created, moved or deleted on the hub.
    "hf": _HF,
    "huggingface-cli": _HF,
    # SaaS CLIs whose commands change an account's objects: Stripe's API (`stripe customers delete`, `stripe
    # post`, `stripe trigger`), the secret managers' stores (`op item create`, `doppler secrets set`,
    # `infisical secrets set`). A group's name is no verb: `doppler secrets` alone is external (fail closed).
    "stripe": Decided(
        "listen logs login logout config completion samples open status serve version get retrieve",
        "post trigger fixtures refund capture confirm pay void finalize resend",
        "--api-key --project-name -p --stripe-account --log-level --device-name",
    ),
    "op": Decided("run read inject signin signout whoami completion", "share", "--account --vault --format"),
    "doppler": Decided(
        "run login logout me setup configure open completion download",
        "upload",
        "--project -p --config -c --token",
    ),
    "infisical": Decided(
        "run login init export scan completion", "", "--env --projectId --path --token --domain"
    ),
    "gcloud": Decided(
        "config auth components init topic print-access-token print-identity-token get-credentials read"
        " tail logs-read",
        "",
        "--project --account --configuration --format --filter --flatten --verbosity --region --zone"
        " --impersonate-service-account --billing-project --limit --page-size --sort-by --trace-token",
        groups="run deploy iam",
    ),
    "az": Decided(
        "login logout account config extension find interactive upgrade bicep get-credentials download"
        " exists check-name",
        "up",
        "--subscription --output -o --query --resource-group -g --name -n --only-show-errors",
    ),
    "doctl": Decided("auth kubeconfig login", "create-deployment", "--context --output -o --format -t"),
    "flyctl": Decided("auth login logout doctor logs status dashboard proxy docs agent"),
    "fly": Decided("auth login logout doctor logs status dashboard proxy docs agent"),
    "heroku": Decided(
        "logs ps apps config config:get addons domains whoami login logout auth:login auth:logout auth:whoami"
        " status releases local local:run local:start pipelines regions stack access features labs plugins"
        " update autocomplete git:clone apps:info releases:info pg:info redis:info",
        "",
        "-a --app -r --remote",
    ),
    "vercel": _VERCEL,
    "now": _VERCEL,
    "vc": _VERCEL,  # red team: the short name Vercel's CLI installs beside `vercel`  # red team: Vercel's CLI by its earlier name (`now --prod` deploys, as `vercel` does)
    "netlify": Decided(
        "dev build login logout link unlink status open watch init switch logs env:list env:get functions:list"
        " functions:serve serve",
        "",
        "--auth --site --filter",
    ),
    "ntl": Decided(  # netlify-cli's short name
        "dev build login logout link unlink status open watch init switch logs env:list env:get functions:list"
        " functions:serve serve",
        "",
        "--auth --site --filter",
    ),
    # Gitea's CLI (`tea pulls create`, `tea pr merge 5`): a command with no known verb is external.
    # Fastly's CLI: a service or a Compute package published, deployed, purged or deleted.
    "fastly": Decided(
        "profile whoami version update compute.build compute.serve compute.init compute.validate compute.pack"
        " compute.metadata config log-tail",
        "",
        "--profile -o --token -t --service-id -s --service-name",
    ),
    # [beyond] red team: Backblaze B2's CLI (`b2 upload-file`, `b2 file upload`, `b2 sync . b2://b`).
    "b2": Decided(
        "download download-file download-file-by-id download-file-by-name get-account-info get-bucket"
        " get-file-info",
        "",
        "--profile",
    ),
    "tea": Decided(
        "login logins logout whoami open clone checkout", "comment merge close reopen approve reject review"
    ),
    "wrangler": Decided(
        "dev login logout whoami tail init generate types docs build version versions.list",
        "",
        "--config -c --env -e",
    ),
    "firebase": Decided(
        "login logout serve emulators:start init use open projects:list apps:list setup:emulators login:list",
        "hosting:disable functions:delete firestore:delete database:set database:push database:update"
        " database:remove auth:import",
        "--project -P --config -c --token",
    ),
    # The npm package names `npx` runs them by (the launcher's resolution is permissions.commands.wrappers').
    "netlify-cli": Decided(
        "dev build login logout link unlink status open watch init switch logs env:list env:get functions:list"
        " functions:serve serve",
        "",
        "--auth --site --filter",
    ),
    "firebase-tools": Decided(
        "login logout serve emulators:start init use open projects:list apps:list",
        "",
        "--project -P --config -c --token",
    ),
    # `railway run CMD` / `railway shell` run a command with the cloud's secrets: not read as local.
    "railway": Decided("link unlink login logout whoami status logs open init docs"),
    # `npx @railway/cli up`: the package railway's CLI is published as.
    "@railway/cli": Decided("link unlink login logout whoami status logs open init docs"),
    # Databases as a service: a branch, a database or a deploy request changed in the cloud; `turso db shell`
    # sends SQL to it (no known verb: external).
    "turso": Decided("auth login logout config plan org contact relax quickstart"),
    "pscale": Decided("auth login logout org signup ping region size completion", "", "--org"),
    "planetscale": Decided("auth login logout org signup ping region size completion", "", "--org"),
    "neonctl": Decided("auth me connection-string cs set-context completion", "", "--project-id --org-id"),
    "neon": Decided("auth me connection-string cs set-context completion", "", "--project-id --org-id"),
    "supabase": Decided(
        "start stop status init login logout link unlink gen diff dump migration.new migration.list test"
        " bootstrap services",
        "",
        "--workdir --profile",
    ),
    "amplify": Decided("status pull init mock configure console env.list env.pull"),
    "eb": Decided("status health logs events init printenv list use local config labs"),
    "linode-cli": Decided("configure"),
    "hcloud": Decided("context"),
    "scw": Decided("init config"),
    # red team: more clouds' and platforms' CLIs whose commands change what they manage -- Vultr, Cloud Foundry, Okteto, Garden, Koyeb, CapRover, Juju, Chef's
    # knife, Puppet Bolt (commands, scripts and plans run on the targets), Grafana Tanka (Kubernetes), Puppet
    # (apply and agent change this machine), dokku's client (its `topic:command`s).
    "vultr-cli": Decided("account regions plans os"),
    "cf": Decided(
        "login logout target apps app services marketplace logs events env orgs spaces routes domains curl",
        "bind-service unbind-service set-env unset-env create-service delete-service map-route unmap-route",
    ),
    "okteto": Decided("context namespace kubeconfig doctor status version login"),
    "garden": Decided("get logs options plugins tools validate version config login logout self-update"),
    "koyeb": Decided("login version completion"),
    "caprover": Decided("login logout list serversetup"),
    "juju": Decided(
        "status models controllers clouds credentials show-model show-unit debug-log whoami",
        "remove-application remove-unit add-unit destroy-model destroy-controller kill-controller"
        " remove-machine add-model add-machine config integrate relate refresh upgrade-charm",
    ),
    "knife": Decided("search list status", "bootstrap ssh"),
    "bolt": Decided("inventory group project module", "command script task plan file apply"),
    "tk": Decided("show diff eval env fmt init tool status", "apply delete prune"),
    "puppet": Decided("parser lookup facts config help module describe resource", "apply agent"),
    "dokku": Decided("help version report"),
    "oci": Decided("setup session"),
    "ibmcloud": Decided("login logout target config plugin"),
    # Capistrano `cap STAGE deploy` (Capacitor's `cap` is read first: _capistrano); JFrog `jf rt upload` (`u`),
    # `jf rt dl` reads.
    "cap": Decided("-T --tasks"),
    "jf": Decided("dl download search s ping config c login", "u"),
    "jfrog": Decided("dl download search s ping config c login", "u"),
    "s3cmd": Decided("info du la", "put del sync cp mv setacl setpolicy delpolicy expire signurl"),
    "rclone": Decided("lsd lsl lsf lsjson tree size check md5sum sha1sum config listremotes about cat"),
    "azcopy": Decided("login logout env jobs list", "make remove"),
    "mc": Decided("alias ls cat du find diff stat tree ping ready admin", "mirror mb rb rm cp mv put"),
    # [beyond] red team: stacked-branch tools whose commands push branches, open, update or merge pull
    # requests (Graphite's `gt submit`/`gt merge`, Aviator's `av pr`, git-town's `sync`/`ship`/`propose`,
    # spr's `diff`/`land`/`update`, `ghstack` alone submits). Their local commands read; any other verb is
    # external (fail closed).
    "gt": Decided(
        "log ls ll info status auth init checkout co up u down d top t bottom b trunk parent children config"
        " completion feedback docs create c modify m restack r absorb ab fold squash sq split sp move reorder"
        " rename delete dl track tr untrack utr undo continue cont abort get sync demo dash",
        "submit ss merge pr",
    ),
    "av": Decided(
        "tree switch next prev auth init adopt orphan reparent restack split-commit commit branch diff"
        " version reorder",
        "pr sync stack.submit stack.sync",
    ),
    "git-town": Decided(
        "status config diff-parent init setup completions completion offline switch branch set-parent repo"
        " contribute observe park prototype version",
    ),
    "spr": Decided("status version"),
    "git-spr": Decided("status version"),
    "ghstack": Decided("checkout", bare=True),
    # -- tunnels: a local port or folder reachable from the internet is an external effect (R1.5 list,
    # [beyond]). Every run but the listed reads opens one (`ngrok http 8000`, `cloudflared tunnel --url ...`,
    # `cloudflared tunnel run x`, `tailscale funnel 3000`, `lt --port 8000`, `bore local 8000 --to h`).
    "ngrok": Decided(
        "version help config diagnose completion credits update",
        "",
        "--config --authtoken --log --log-level --log-format --region",
        helps=True,
    ),
    "cloudflared": Decided(
        "version help update login access list info tail",
        "",
        "--config --loglevel --logfile --origincert --metrics --credentials-file --cred-file",
        bare=True,
        helps=True,
    ),
    "tailscale": Decided(
        "status ip ping netcheck version whois metrics licenses", "", "--socket", helps=True
    ),
    "devtunnel": Decided("list show login logout user limits", "host port", helps=True),
    # session 27: Beyond Code's Expose (`expose share http://localhost:8000`; bare, the working folder's site;
    # `serve`, its own server). Its token and defaults are written in the home folder (machine's rows).
    "expose": Decided(
        "list servers token default-server default-domain",
        "",
        "--server --subdomain --auth --domain --basicAuth --dns",
        bare=True,
        helps=True,
    ),
    **dict.fromkeys(
        (
            "lt",
            "localtunnel",
            "bore",
            "frpc",
            "chisel",
            "zrok",
            "pagekite",
            "pagekite.py",
            "telebit",
            "localtonet",
            "loophole",
            "tunnelto",
            "tmole",
            "tunnelmole",
            "loclx",
            "playit",
            "inlets",
            "inlets-pro",
            "rathole",
            "pgrok",
            "jprq",
            "code-tunnel",
            "ngrok-agent",
        ),
        Decided("", bare=True),
    ),
    # red team: the deployment and release tools' CLIs (permissions.commands.deployers), trackers and
    # messaging CLIs (permissions.commands.datahubs).
    **{
        verb: Decided(spec.reads, spec.writes, spec.values, groups=spec.groups)
        for verb, spec in {
            **DEPLOY_DECIDED,
            **DATA_DECIDED,
            **WAREHOUSE_DECIDED,
            **CI_DECIDED,
            **ORCHESTRATOR_DECIDED,
            **DNS_DECIDED,
            **CLOUD_DECIDED,
            **SAAS_DECIDED,
        }.items()
    },
}

# -- tools whose external acts are options or operands -------------------------------------------------------
_ENGINES = frozenset(
    {"docker", "podman", "nerdctl", "buildah", "finch", "pack", "earthly", "buildctl", "docker-compose",
     "podman-compose"}
)  # fmt: skip
_MVN = frozenset({"mvn", "mvnw", "mvnd"})
_GRADLE = frozenset({"gradle", "gradlew"})
_ANSIBLE = frozenset({"ansible", "ansible-playbook", "ansible-pull", "ansible-console"})
# gsutil and the S3-like buckets' CLIs read as it is (red team, session 19): s5cmd, Alibaba's ossutil, Huawei's
# obsutil, Volcengine's tosutil, Kingsoft's ks3util -- copies out, removals, buckets made or removed.
_STORAGE = frozenset({"gsutil", "s5cmd", "ossutil", "ossutil64", "obsutil", "tosutil", "ks3util"})
_PACKAGE_RUNNERS = frozenset({"npm", "pnpm", "yarn", "bun"})

# -- framework consoles: a database dropped, emptied or rebuilt through the project's own CLI --------------
# (the databases' reading above: the configured database may be anyone's). Django's `flush` and
# django-extensions' `reset_db`; Laravel's `migrate:fresh|reset|refresh` and `db:wipe`; Symfony/Doctrine's
# database and schema drops, the schema updated without a migration, fixtures loaded (they purge first).
# Laravel's and Symfony's consoles accept each `:`-separated part abbreviated (`migrate:f`, `d:d:d`).
_CONSOLE_DB: dict[str, tuple[str, ...]] = {
    "manage.py": ("flush", "reset_db"),
    "django-admin": ("flush", "reset_db"),
    "django-admin.py": ("flush", "reset_db"),
    "artisan": ("migrate:fresh", "migrate:reset", "migrate:refresh", "db:wipe"),
    "console": (
        "doctrine:database:drop",
        "doctrine:schema:drop",
        "doctrine:schema:update",
        "doctrine:fixtures:load",
    ),
}
_ABBREVIATING = frozenset({"artisan", "console"})  # Symfony's console (Django's commands are not abbreviated)
_CONSOLE_HOSTS = frozenset({"python", "python3", "py", "php", "uv", "poetry", "pipenv"})
CONSOLE_VERBS = frozenset(_CONSOLE_DB) | _CONSOLE_HOSTS


def _console_db(view: tuple[str, ...]) -> bool:
    """A framework console's command that drops, empties or rebuilds the database (`python manage.py flush`,
    `php artisan migrate:fresh`, `bin/console d:d:d --force`). Any operand after the console's script is
    read as its command (an option of unknown arity before it cannot hide it)."""
    for k, w in enumerate(view):
        name = w.rsplit("/", 1)[-1]
        names = _CONSOLE_DB.get(name)
        if names is None:
            continue
        exact = name not in _ABBREVIATING
        for op in view[k + 1 :]:
            if op[:1] == "-":
                continue
            if op in names or (not exact and any(abbreviates(op, n) for n in names)):
                return True
        return False
    return False


# red team: Kafka's admin tools (read by _kafka_admin)
_KAFKA_ADMINS = frozenset(
    f"kafka-{t}{sh}"
    for t in (
        "topics",
        "configs",
        "acls",
        "consumer-groups",
        "delete-records",
        "leader-election",
        "reassign-partitions",
    )
    for sh in ("", ".sh")
)


FAMILY_VERBS: frozenset[str] = (
    frozenset(VERB_DECIDED)
    | BARE_PUBLISHERS
    | _ENGINES
    | _MVN
    | _GRADLE
    | _ANSIBLE
    | _STORAGE
    | _PACKAGE_RUNNERS
    | frozenset({"aws", "sbt", "git", "gcloud", "svn", "svnmucc", "skaffold", "conan", "kcat", "kafkacat"})
    | frozenset({"mill", "millw"})
    | frozenset({"pg_restore", "dbt", "aliyun"})
    | frozenset({"executor", "kaniko", "depot"})  # red team: image builders that push (_kaniko, _depot)
    | frozenset(
        {"parallel", "xargs"}
    )  # words it reads, handed to a fetch or a probe (permissions.commands.fetches)
    | _KAFKA_ADMINS
    | frozenset(DEPLOY_READERS)
    | frozenset(DATA_READERS)
    | frozenset(WAREHOUSE_READERS)
    | frozenset(ORCHESTRATOR_READERS)
    | frozenset(DNS_READERS)
    | frozenset(PROBE_READERS)
    | frozenset(CLOUD_READERS)
    | frozenset(SAAS_READERS)
    | frozenset(SAAS_OPTION_READERS)
    | MIGRATION_VERBS
    | frozenset(CHAIN_READERS)
    | SOURCE_VERBS
    | MANAGER_VERBS
    | CONSOLE_VERBS
    | UPLOAD_VERBS
    | frozenset(LISTENERS)
    | frozenset(ALSO_SERVING)
)

_REMOTE_SCHEMES = (
    "s3://", "gs://", "az://", "r2://", "oss://", "cos://", "b2://", "obs://", "tos://", "ks3://", "https://", "http://"
)  # fmt: skip


def _positionals(args: tuple[str, ...], values: frozenset[str] = frozenset()) -> list[str]:
    """The words of ``args`` no option takes (an option in ``values`` takes the next word)."""
    return [args[k] for k in _positional_indexes(args, values, 0)]


def _copies_out(op: str, args: tuple[str, ...]) -> bool:
    """``cp|sync|rsync|mv`` with a bucket (or another remote) as destination, a remote source moved away, or
    more than one remote word (a copy between buckets): fail closed when the operands are not certain."""
    words = _positionals(args)
    remote = [w for w in words if w.lower().startswith(_REMOTE_SCHEMES)]
    if not remote:
        return False
    if op == "mv" or len(remote) > 1:
        return True
    return not words[0].lower().startswith(_REMOTE_SCHEMES) or len(words) < 2


# aws: options that take the next word (the rest are flags or take a value after `=`).
_AWS_VALUES = frozenset(
    "--region --profile --output --endpoint-url --query --color --ca-bundle --cli-read-timeout"
    " --cli-connect-timeout --cli-binary-format".split()
)
_AWS_FLAGS = frozenset(
    "--debug --no-verify-ssl --no-paginate --no-sign-request --no-cli-pager --cli-auto-prompt"
    " --no-cli-auto-prompt --version --help".split()
)
_AWS_LOCAL = frozenset({"configure", "help", "history", "sso"})
_AWS_LOCAL_OPS = frozenset({("eks", "update-kubeconfig"), ("s3", "presign"), ("s3", "ls")})
_AWS_READ_OPS = frozenset({"wait", "help", "scan", "query", "tail", "validate-template", "ls", "presign"})


_MAX_READINGS = 256


def _aws_readings(view: tuple[str, ...]) -> list[tuple[str, str, int]] | None:
    """(service, operation, index after the operation) for every reading of the options before them; None
    past _MAX_READINGS readings (the caller fails closed)."""
    out: list[tuple[str, str, int]] = []
    todo: list[tuple[int, tuple[str, ...]]] = [(1, ())]
    seen: set[tuple[int, tuple[str, ...]]] = set()
    n = len(view)
    while todo:
        k, got = todo.pop()
        if (k, got) in seen:
            continue
        seen.add((k, got))
        if len(seen) > _MAX_READINGS:
            return None
        if k >= n:
            continue
        w = view[k]
        if w[:1] == "-" and len(w) > 1:
            if w in _AWS_VALUES:
                todo.append((k + 2, got))
            elif w in _AWS_FLAGS or "=" in w:
                todo.append((k + 1, got))
            else:
                todo.extend(((k + 1, got), (k + 2, got)))
            continue
        if got:
            out.append((got[0], w, k + 1))
        else:
            todo.append((k + 1, (w,)))
    return out


def _aws(view: tuple[str, ...]) -> bool:
    readings = _aws_readings(view)
    if readings is None:
        return True  # too many ways to read it: fail closed
    for service, op, k in readings:
        service, op = service.lower(), op.lower()
        if service in _AWS_LOCAL or (service, op) in _AWS_LOCAL_OPS:
            continue
        if service == "s3" and op in ("cp", "sync", "mv"):
            if _copies_out(op, view[k:]):
                return True
            continue
        if op in _AWS_READ_OPS or op.startswith(_READ_PREFIXES):
            continue
        return True  # every other operation changes the cloud (fail closed: the closed list is the reads)
    return False


_HELP_WORDS = frozenset({"--help", "-h", "--version"})


def _only_helps(args: tuple[str, ...]) -> bool:
    """A help or version option before ``--`` that no option before it can take as its value."""
    for k, w in enumerate(args):
        if w == "--":
            return False
        before = args[k - 1] if k else ""
        if w in _HELP_WORDS and (before[:1] != "-" or "=" in before or before in _HELP_WORDS):
            return True
    return False


def _decided(tool: Decided, args: tuple[str, ...]) -> bool:
    if tool.helps and _only_helps(args):
        return False
    after_option = False
    seen = False
    words = list(args)
    for k, w in enumerate(words):
        if w == "--":
            after_option = False
            continue
        if w[:1] == "-" and len(w) > 1:
            if w in tool.reads and not seen:
                return False  # `vercel --version`
            after_option = "=" not in w and w not in tool.values
            if w in tool.values:
                words[k + 1 : k + 2] = [""] * len(words[k + 1 : k + 2])  # its value is no verb
            continue
        if not w:
            continue
        low = w.lower()
        seen = True
        pair = f"{words[k - 1].lower()}.{low}" if k else ""
        if (
            low in tool.writes
            or pair in tool.writes
            or (low.startswith(tool.write_prefixes) and low not in tool.groups)
        ):
            return True
        if not after_option and (low in tool.reads or pair in tool.reads or low.startswith(_READ_PREFIXES)):
            return False
        if ":" in low and not after_option:
            # heroku-like `topic:command`: its command decides (`config:set` writes, `apps:info` reads).
            cmd = low.rpartition(":")[2]
            if cmd in tool.writes or cmd.startswith(tool.write_prefixes):
                return True
            if cmd in tool.reads or cmd.startswith(_READ_PREFIXES):
                return False
        after_option = False
    return tool.bare or seen


def _engine_pushes(view: tuple[str, ...]) -> bool:
    """``docker build --push``, ``docker buildx build|b|bake --push``, ``--output type=registry``,
    ``-o type=image,push=true`` -- on any container engine, anywhere on the line (fail closed)."""
    n = len(view)
    for k, w in enumerate(view):
        low = w.lower()
        if low in ("--push", "--publish") or (
            low.startswith(("--push=", "--publish=")) and low.partition("=")[2] not in ("false", "0")
        ):
            return True  # `docker build --push`, `pack build --publish`, `earthly --push`
        if low in ("--output", "-o") and k + 1 < n:
            low = view[k + 1].lower()
        elif low.startswith(("--output=", "-o")):
            low = low.partition("=")[2] if low.startswith("--output=") else low[2:]
        else:
            continue
        if "type=registry" in low or "push=true" in low or "push-by-digest=true" in low:
            return True
    return False


_MVN_VALUES = frozenset(
    "-P -pl -f -s -gs -t -T -rf -l -b -D -e --projects --activate-profiles --file --settings"
    " --global-settings --threads --resume-from --log-file --builder --toolchains".split()
)
_PUBLISHING_GOALS = ("deploy", "push", "upload", "publish", "release:perform", "release:prepare", "jib:build")


def _mvn(view: tuple[str, ...]) -> bool:
    for goal in _positionals(view[1:], _MVN_VALUES):
        low = goal.lower()
        if any(g in low for g in _PUBLISHING_GOALS) or low in ("jib", "release:perform"):
            return True
        # red team: JReleaser's goals that release on the forge or announce (`jreleaser:full-release`)
        goal_name = low.partition(":")[2]
        if low.startswith("jreleaser:") and ("release" in goal_name or "announce" in goal_name):
            return True
        # a plugin by its coordinates: `com.google.cloud.tools:jib-maven-plugin[:VERSION]:build` pushes.
        if "jib-maven-plugin:" in low and low.endswith(":build"):
            return True
    return False


_GRADLE_VALUES = frozenset(
    "-x --exclude-task --tests -p --project-dir -b --build-file -c --settings-file -g --gradle-user-home -I"
    " --init-script --include-build --console --warning-mode --priority --max-workers".split()
)
_LOCAL_PUBLISH = ("publishtomavenlocal", "publishlocal", "publishm2")


def _task_publishes(task: str) -> bool:
    low = task.rpartition(":")[2].lower()
    if any(low.startswith(p) for p in _LOCAL_PUBLISH):
        return False
    if any(s in low for s in ("publish", "upload", "deploy", "push", "sonatype", "releaserepository")):
        return True
    rest = low[len("jreleaser") :] if low.startswith("jreleaser") else ""
    if "release" in rest or "announce" in rest:
        return True  # red team: JReleaser's tasks (`jreleaserFullRelease`)
    # gradle runs a unique abbreviation (`pub`, camel case `pAP`): anything `publish` may abbreviate.
    return (
        low == "jib"
        or (len(low) >= 2 and "publish".startswith(low))
        or (low[:1] == "p" and task[1:2].isupper())
    )


def _gradle(view: tuple[str, ...]) -> bool:
    return any(_task_publishes(t) for t in _positionals(view[1:], _GRADLE_VALUES))


def _mill(view: tuple[str, ...]) -> bool:
    """red team: mill's tasks are dotted paths (`core.publish`, `__.publishSonatypeCentral`,
    `mill.scalalib.PublishModule/publishAll`): the last part names what runs."""
    return any(
        _task_publishes(w.replace("/", ".").rpartition(".")[2]) for w in view[1:] if w[:1] != "-" and "." in w
    )


def _sbt(view: tuple[str, ...]) -> bool:
    # `sbt "project x" publish`, `sbt ';clean;publishSigned'`: each word of each command counts.
    for w in view[1:]:
        for part in w.replace(";", " ").split():
            if part[:1] != "-" and _task_publishes(part) and not part.lower().startswith("publishlocal"):
                return True
    return False


_ANSIBLE_READ = frozenset(
    {"--syntax-check", "--list-hosts", "--list-tasks", "--list-tags", "--help", "-h", "--version"}
)


def _ansible(view: tuple[str, ...]) -> bool:
    """Against hosts: every run but a syntax check or a listing (``--check`` still connects and runs modules)."""
    if any(w in _ANSIBLE_READ for w in view[1:]):
        return False
    return view[0] in ("ansible-pull", "ansible-console") or bool(_positionals(view[1:]))


def _gsutil(view: tuple[str, ...]) -> bool:
    args = [w for w in view[1:] if w[:1] != "-"]
    # gsutil's top options (-m, -q, -o k=v, -h header) come before the command.
    k = 0
    while k < len(args) and "=" in args[k]:
        k += 1
    op = args[k].lower() if k < len(args) else ""
    if op in ("ls", "cat", "du", "stat", "hash", "version", "help", "signurl", "config", ""):
        return False
    if op in ("cp", "rsync", "mv"):
        return _copies_out(op, tuple(args[k + 1 :]))
    return True


def _gcloud(view: tuple[str, ...]) -> bool:
    words = [w for w in view[1:] if w[:1] != "-"]
    if "storage" in words[:2]:
        k = words.index("storage")
        op = words[k + 1].lower() if k + 1 < len(words) else ""
        if op in ("cp", "rsync", "mv"):
            return _copies_out(op, tuple(view[view.index(words[k + 1]) + 1 :]))
    return _decided(VERB_DECIDED["gcloud"], view[1:])


# svn commands that change the repository itself when an operand is a URL (no working copy in between).
_SVN_URL_WRITES = frozenset(
    "rm del delete remove mkdir propset pset ps propdel pdel pd propedit pedit pe lock unlock".split()
)
_SVN_URL_COPIES = frozenset("copy cp move mv rename ren".split())
_SVN_VALUES = frozenset(
    "-m --message -F --file --username --password --password-from-stdin --config-dir --config-option -r"
    " --revision -c --change --depth --set-depth --encoding --with-revprop --changelist --cl --targets"
    " --editor-cmd --diff-cmd --search -l --limit".split()
)
_SVN_URL = ("svn://", "svn+", "http://", "https://", "file://", "^/")


def _svn(view: tuple[str, ...]) -> bool:
    """``svn rm|mkdir|propset|lock URL``, ``svn copy|move … URL``: a commit straight to the repository
    (``commit``/``import`` are forms of :data:`REMOTES`); on working-copy paths they stay local."""
    words = _positionals(view[1:], _SVN_VALUES)
    if not words:
        return False
    sub, operands = words[0].lower(), words[1:]
    urls = [w.lower().startswith(_SVN_URL) for w in operands]
    if sub in _SVN_URL_WRITES:
        return any(urls)
    if sub in _SVN_URL_COPIES:
        return bool(urls) and urls[-1]
    return False


def _svnmucc(view: tuple[str, ...]) -> bool:
    return not any(w in ("--help", "-h", "--version") for w in view)  # every run commits


def _skaffold(view: tuple[str, ...]) -> bool:
    """red team: `skaffold build` pushes the images it builds to their registry -- with `--push`, and by default
    whenever the cluster is not a local one (which a command line cannot tell): only `--push=false` keeps
    them here. Its deploys (`run`, `deploy`, `dev` ...) are FORMS."""
    ops = [w for w in view[1:] if w[:1] != "-"]
    if "build" not in ops[:2]:  # `skaffold -v info build`: a value may stand first
        return False
    return not any(w.lower() in ("--push=false", "--push=0") for w in view)


def _conan(view: tuple[str, ...]) -> bool:
    """red team: conan's acts on a remote besides `upload` (a FORM): `conan remove PKG -r REMOTE` deletes the
    remote's packages; `conan remote add|update|...` changes where every later install comes from, `login`
    and `set-user` (conan 1: `conan user -p`) send a credential to it."""
    ops = [w for w in view[1:] if w[:1] != "-"]
    sub = ops[0] if ops else ""
    if sub in ("remove", "rm"):
        return any(
            w in ("-r", "--remote") or w.startswith(("-r=", "--remote=")) or w[:2] == "-r" for w in view[2:]
        )
    if sub == "remote":
        return len(ops) > 1 and ops[1] in _CONAN_REMOTE_ACTS
    return sub == "user" and any(
        w in ("-p", "--password", "-r", "--remote") or w.startswith("--password=") for w in view
    )


_CONAN_REMOTE_ACTS = frozenset(
    "add remove rm update rename enable disable login logout set-user auth add_ref remove_ref update_ref"
    " add_pref remove_pref update_pref clean".split()
)
# kcat's (kafkacat's) options that take a value: a letter after one of them in a cluster is that value.
_KCAT_VALUED = frozenset("GbtpXKkHDocfsrdzmTSYEF")


def _kcat(view: tuple[str, ...]) -> bool:
    """red team: `kcat -P` (producer mode) publishes its input or its files to a topic; `-C`, `-L`, `-Q` read."""
    for w in view[1:]:
        if w == "--":
            return False
        if w[:1] != "-" or w[:2] == "--":
            continue
        for ch in w[1:]:
            if ch == "P":
                return True
            if ch in _KCAT_VALUED:
                break
    return False


# pg_restore's options that take the next word (a short one may hold its value glued: `-dapp`).
_PG_RESTORE_VALUED = frozenset("dfFhIjLnNPpSTtUW")


def _pg_restore(view: tuple[str, ...]) -> bool:
    """red team: `pg_restore --clean` (`-c`, also in a cluster: `-cd app`) drops every object the dump holds
    from the database it restores into before making it again: the database's data."""
    for w in view[1:]:
        if w == "--":
            return False
        if w[:2] == "--":
            if w.partition("=")[0] in ("--clean", "--clea", "--cle", "--cl"):
                return True
            continue
        if w[:1] != "-":
            continue
        for ch in w[1:]:
            if ch == "c":
                return True
            if ch in _PG_RESTORE_VALUED:
                break
    return False


_ALIYUN_READS = ("Describe", "List", "Get", "Query", "Check")


def _aliyun(view: tuple[str, ...]) -> bool:
    """red team: Alibaba Cloud's CLI names its API's actions (`aliyun ecs DeleteInstance`, `aliyun oss rm`):
    an action that does not describe, list, get, query or check changes the cloud; its `oss` commands as
    ossutil's (`cp`, `rm`, `mb`, `rb`, `sync`, `set-acl` ... write; `ls`, `cat`, `stat`, `du` read). Its own
    `configure` and `version` touch only this machine."""
    words = [w for w in view[1:] if w[:1] != "-"]
    if not words or words[0] in ("configure", "version", "help"):
        return False
    if words[0] == "oss":
        return len(words) > 1 and words[1] not in ("ls", "cat", "stat", "du", "help", "ls-parts", "probe")
    action = next((w for w in words[1:] if w[:1].isupper()), None)
    return action is None or not action.startswith(_ALIYUN_READS)


def _dbt(view: tuple[str, ...]) -> bool:
    """red team: `dbt run|build|seed --full-refresh` (`-f`) drops and rebuilds the incremental models and seeds
    in the warehouse the profile names: their history is gone."""
    if len(view) < 2 or view[1] not in ("run", "build", "seed"):
        return False
    return any(w in ("--full-refresh", "-f") for w in view[2:])


def _kafka_admin(view: tuple[str, ...]) -> bool:
    """red team: Kafka's admin tools change the cluster with these flags (`kafka-topics --delete`,
    `kafka-configs --alter`, `kafka-acls --add`, `kafka-consumer-groups --reset-offsets --execute`)."""
    return any(w.partition("=")[0] in _KAFKA_ACTS for w in view[1:])


_KAFKA_ACTS = frozenset(
    {"--create", "--delete", "--alter", "--add", "--remove", "--execute", "--delete-offsets"}
)


def _names_setup(head: tuple[str, ...]) -> bool:
    return "setup" in head or "setup.py" in " ".join(head) or any(w.endswith("msetup") for w in head)


def _setup_py_upload(view: tuple[str, ...]) -> bool:
    """red team: `python setup.py [sdist ...] upload|register|upload_docs`: distutils' and setuptools' own
    commands that send the package -- or its name and metadata -- to PyPI (or the index `-r` names); `python -m
    setup ...` runs the same setup.py, found in the folder it runs in."""
    after = setup_py_commands(view)
    return after is not None and not _SETUP_PY_SENDS.isdisjoint(after)


_SETUP_PY_SENDS = frozenset({"upload", "register", "upload_docs", "upload_sphinx"})


# Capacitor's CLI is `cap` too (`npx cap sync`): its commands act on this project and the devices it runs on.
# Its command stands first, where Capistrano's stage does, and no stage is named like one of them.
_CAPACITOR = frozenset(
    "sync copy open run add update build doctor init ls list migrate telemetry config".split()
)


def _capistrano(view: tuple[str, ...]) -> bool:
    if len(view) > 1 and view[1] in _CAPACITOR:
        return False
    return _decided(VERB_DECIDED["cap"], view[1:])


# Verbs read by their own function: uploads (gap 1: sending data to another machine), svn, gcloud, skaffold.
def _kaniko(view: tuple[str, ...]) -> bool:
    """red team: kaniko's ``executor`` builds an image and pushes it to each ``--destination`` unless told
    ``--no-push`` (a bare ``executor`` without a destination is some other program)."""
    dest = any(w in ("-d", "--destination") or w.startswith(("--destination=", "-d=")) for w in view[1:])
    return dest and not any(w == "--no-push" or w.startswith("--no-push=t") for w in view[1:])


def _depot(view: tuple[str, ...]) -> bool:
    """red team: Depot's remote builder, docker's command line: ``depot build|bake --push``, ``depot push``."""
    return _engine_pushes(view) or view[1:2] == ("push",)


_OWN_READERS = {
    "executor": _kaniko,
    "kaniko": _kaniko,
    "depot": _depot,
    "cap": _capistrano,
    "conan": _conan,
    "mill": _mill,
    "millw": _mill,
    "kcat": _kcat,
    "kafkacat": _kcat,
    **dict.fromkeys(_KAFKA_ADMINS, _kafka_admin),
    **dict.fromkeys(UPLOAD_VERBS, uploads),
    "skaffold": _skaffold,
    "parallel": parallel_hands_away,
    "xargs": xargs_hands_away,  # red team: words read from a file (`xargs -a .env dig`)
    "svn": _svn,
    "svnmucc": _svnmucc,
    "gcloud": _gcloud,
    "pg_restore": lambda view: (
        _pg_restore(view) or uploads(view)
    ),  # or restores into another machine's server
    "aliyun": _aliyun,
    "dbt": _dbt,
    **DEPLOY_READERS,  # acts an option chooses: `altool --upload-app`, `ghp-import -p`
    **DATA_READERS,  # backups to another machine (permissions.commands.datahubs)
    **WAREHOUSE_READERS,  # warehouses' SQL and commands, a phone sent a file (permissions.commands.warehouses)
    **ORCHESTRATOR_READERS,  # ML platforms' runs elsewhere and servers (permissions.commands.orchestrators)
    **DNS_READERS,  # DNS records, certificates, a site's database wiped (permissions.commands.dns_certs)
    **CLOUD_READERS,  # Tencent Cloud's actions (permissions.commands.more_clouds)
    **SAAS_READERS,  # reviewdog's forge reporters (permissions.commands.saas_clis)
    **CHAIN_READERS,  # red team: transactions, contract deploys, payments (permissions.commands.chains)
    **LISTENERS,  # servers and forwards that open this machine to others (permissions.commands.listeners)
}


def _serving_or(serving: Callable[[tuple[str, ...]], bool], verb: str) -> Callable[[tuple[str, ...]], bool]:
    """A program the listeners read for a server it starts (`hg serve`, `rsync --daemon`, `wrangler dev --ip`),
    or the probes for a scan (`nmap 10.0.0.0/24`), that may also be read here for another act (its own reader,
    or the verbs that decide): either."""
    own = _OWN_READERS.get(verb)
    tool = VERB_DECIDED.get(verb)

    def read(view: tuple[str, ...]) -> bool:
        if serving(view):
            return True
        if own is not None:
            return own(view)
        return tool is not None and _decided(tool, view[1:])

    return read


_OWN_READERS.update({verb: _serving_or(serving, verb) for verb, serving in ALSO_SERVING.items()})
# red team: networks scanned, machines attacked or load-tested (permissions.commands.probes), besides what the
# verb's own reader finds (nmap's, nc's uploads)
_OWN_READERS.update({verb: _serving_or(probe, verb) for verb, probe in PROBE_READERS.items()})
_OWN_READERS.update({verb: _serving_or(read, verb) for verb, read in SAAS_OPTION_READERS.items()})


def _script_bind_or(verb: str) -> Callable[[tuple[str, ...]], bool]:
    """red team (permissions.commands.script_binds): `bun run dev --host`, `deno task dev --host`, `cargo run --
    --bind 0.0.0.0`, `go run . -addr :8080` -- besides what the verb's own reader finds."""
    own = _OWN_READERS.get(verb)
    scripts = verb in ("bun", "deno")

    def read(view: tuple[str, ...]) -> bool:
        if own is not None and own(view):
            return True
        if scripts:
            return len(view) > 2 and view[1] in ("run", "task") and passes_bind(view[2:])
        return run_passes_bind(view)

    return read


_OWN_READERS.update({verb: _script_bind_or(verb) for verb in ("bun", "deno", "cargo", "go")})


def _assigned(view: tuple[str, ...]) -> bool:
    """An assignment that exists to open a server to others (`FLASK_RUN_HOST=0.0.0.0`) or to choose a public
    chain (red team: `HARDHAT_NETWORK=mainnet`, permissions.commands.chains) -- before a command, after `env`,
    or `export`ed for the segments after it."""
    return (
        assigned_bind(view) or assigned_network(view) or assigned_migration(view) or assigned_data_store(view)
    )


_OWN_READERS.update({"env": _assigned, "export": _assigned})


def _source_or_console(view: tuple[str, ...]) -> bool:
    """Packages from another index, registry or address (red team: permissions.commands.sources), a package
    sent to its index by its own ``setup.py``, or a framework console that drops the database."""
    verb = view[0]
    if "=" in verb:
        return index_assigned(view)  # `PIP_INDEX_URL=URL pip install x`
    if verb in SOURCE_VERBS and (other_source(view) or index_assigned(view)):
        return True
    if verb in MANAGER_VERBS and manager_source(view):
        return True  # red team: `choco source add`, `brew tap u/r`, `helm plugin install URL`
    if verb[:2] == "py" and _names_setup(view[1:4]) and _setup_py_upload(view):
        return True  # red team: `python setup.py sdist upload`, `python -m setup upload`
    return verb in CONSOLE_VERBS and _console_db(view)


def family_effect(view: tuple[str, ...]) -> bool:
    """§5 step 6, effects by family: one view of a segment publishes, deploys or changes a cloud, a registry or a remote through
    the forms :data:`FORMS` cannot name (verbs decided by their tree, options, operands)."""
    if not view:
        return False
    verb = view[0]
    # red team: `flyway -url=jdbc:postgresql://prod/db migrate`, `aws-vault exec prod -- alembic upgrade head`
    # (permissions.commands.migrations)
    if _source_or_console(view) or (verb in MIGRATION_VERBS and migrates_elsewhere(view)):
        return True
    if "=" in verb:
        return _assigned(view)  # `FLASK_RUN_HOST=0.0.0.0 flask run`: the view that still holds it
    reader = _OWN_READERS.get(verb)
    if reader is not None:
        return reader(view)
    tool = VERB_DECIDED.get(verb)
    if tool is not None:
        return _decided(tool, view[1:])
    if verb == "aws":
        return _aws(view)
    if verb in _ENGINES:
        # `docker run -p 8080:80`: every interface; `docker -H tcp://h build .`: another machine's daemon
        return _engine_pushes(view) or publishes_ports(view) or engine_elsewhere(view)
    if verb in _MVN:
        return _mvn(view)
    if verb in _GRADLE:
        return _gradle(view)
    if verb == "sbt":
        return _sbt(view)
    if verb in _ANSIBLE:
        return _ansible(view)
    if verb in _STORAGE:
        return _gsutil(view)
    if verb == "git":
        # `git daemon`, `git instaweb`; red team: `git -c http.sslVerify=false clone`, `git config
        # http.sslVerify false` (a repository from whoever answers)
        return (
            remote_config_write(view)
            or git_serves(view)
            or (("-c" in view or "config" in view) and insecure_fetch(view))
        )
    if verb in _PACKAGE_RUNNERS:
        # `yarn workspaces foreach -A npm publish`, `pnpm -r --filter x exec ... publish`: a publish anywhere
        # on a package manager's line; a project script (`npm run publish`, `yarn deploy`) is read by its
        # name, with every runner's tasks (permissions.commands.tasks).
        return any(
            w.lower() in ("publish", "unpublish") and view[k - 1] not in ("run", "run-script")
            for k, w in enumerate(view[1:], 1)
        ) or passes_bind(view[1:])  # red team: `npm run dev -- --host` (permissions.commands.script_binds)
    # mosquitto_pub's `-h` is the broker's host and its `-n` a null message, not help or a dry run; dropdb's
    # `-h` is the server's host too.
    quiet = ("--dry-run", "--help", "--version") if verb in _H_IS_HOST else _DRY_OR_HELP
    return verb in BARE_PUBLISHERS and not any(w in quiet for w in view)


_DRY_OR_HELP = ("--dry-run", "-n", "--help", "-h", "--version")
_H_IS_HOST = frozenset({"mosquitto_pub", "dropdb"})


# -- where each tool's act is named (R4.9: a word there that is not literal leaves the act unknown) ---------
_GOAL_RUNNERS = _MVN | _GRADLE | frozenset({"sbt"})
_GOAL_VALUES = {
    **dict.fromkeys(_MVN, _MVN_VALUES),
    **dict.fromkeys(_GRADLE, _GRADLE_VALUES),
    "sbt": frozenset(),
}
ACT_TOOLS: frozenset[str] = frozenset(VERB_DECIDED) | _ENGINES | _GOAL_RUNNERS | _STORAGE | {"aws"}


def _positional_indexes(view: tuple[str, ...], values: frozenset[str], start: int = 1) -> list[int]:
    """The indexes of ``view``'s words from ``start`` (past the program's name) no option takes (an option in
    ``values`` takes the next word; `--` is no word)."""
    out: list[int] = []
    skip = False
    for k in range(start, len(view)):
        w = view[k]
        if skip:
            skip = False
        elif w[:1] == "-" and len(w) > 1:
            skip = w in values
        elif w != "--":
            out.append(k)
    return out


def _decided_until(tool: Decided, view: tuple[str, ...], at: list[int]) -> list[int]:
    """The positionals up to the first that decides (one the tool reads or writes), as _decided reads them."""
    for n, k in enumerate(at):
        low = view[k].lower()
        if low in tool.writes or low in tool.reads or low.startswith((*tool.write_prefixes, *_READ_PREFIXES)):
            return at[: n + 1]
    return at


def act_positions(view: tuple[str, ...]) -> list[int]:
    """R4.9: the indexes of ``view``'s words that name its act for the family readers above -- a cloud CLI's
    verbs up to the first that decides, aws's service and operation, an engine's or gsutil's subcommand, every
    goal or task of mvn, gradle and sbt. Empty for the other tools."""
    verb = view[0]
    tool = VERB_DECIDED.get(verb)
    if tool is not None:
        return _decided_until(tool, view, _positional_indexes(view, tool.values))
    if verb == "aws":
        return _positional_indexes(view, _AWS_VALUES)[:2]
    if verb in _GOAL_RUNNERS:
        return _positional_indexes(view, _GOAL_VALUES[verb])
    if verb in _ENGINES or verb in _STORAGE:
        return _positional_indexes(view, frozenset())[:1]
    return []


# -- where an option the caps read may stand (R4.9: a whole word there that is not literal may be one) -------
# The caps read some programs' options, not only their subcommand: an engine's build pushes with `--push` or
# `--output type=registry`, curl and wget send data with `-d`/`-T`/`--post-file`, `gh api` writes with
# `-X`/`-f`/`--input`, find runs or deletes with `-exec`/`-delete` (R4.8). A word that is an expansion (`$FLAGS`,
# `"$OPTS"`, `$(cat flags)`) where such an option may stand -- not the value of an option known to take one --
# may expand to it, and the value of one of the options that choose the act (`-o $OUT`, `-X $METHOD`) may be the
# act: the act is unknown, the segment opaque. The programs whose options do not make a cap (`npm install
# $PKG`, `pytest $ARGS`, `git log $RANGE`) keep their expansions as operands.
_EXPANDS = ("$", "`")
_SAME_CLI_AS_DOCKER = frozenset({"docker", "podman", "nerdctl", "finch"})
_BUILDS = frozenset({"build", "bake", "b"})
# engines without an option table here: the options of their build and push commands that take a value.
_ENGINE_VALUED = frozenset(
    "-t --tag -f --file --build-arg --platform --target --label --cache-from --cache-to --secret --ssh"
    " --network --progress --builder --iidfile --metadata-file --add-host --build-context --annotation"
    " --format --layers --jobs --env --path --builder --buildpack -b -e -B --run-image --cache-image".split()
)
_ENGINE_ACT_VALUES = frozenset({"-o", "--output"})
_WGET_VALUED = frozenset(
    "-O --output-document -o --output-file -a --append-output -P --directory-prefix -U --user-agent --header"
    " -T --timeout -t --tries -w --wait --user --password -e --execute -i --input-file -l --level -A -R"
    " --accept --reject -D --domains".split()
)
_WGET_ACT_VALUES = frozenset(
    {"--method", "-e", "--execute", "-i", "--input-file", "--body-file", "--post-file"}
)
_GH_API_VALUED = frozenset(
    "-H --header -q --jq -t --template --hostname --cache -p --preview -R --repo".split()
)
_GH_API_ACT_VALUES = frozenset({"-X", "--method", "-f", "--raw-field", "-F", "--field", "--input"})
# find's primaries that take the next word (an expansion there is a name, a time, a path: not an action).
_FIND_VALUED = frozenset(
    "-name -iname -path -ipath -wholename -iwholename -regex -iregex -type -xtype -size -mtime -mmin -atime"
    " -amin -ctime -cmin -newer -anewer -cnewer -perm -user -group -uid -gid -maxdepth -mindepth -links -inum"
    " -samefile -used -fstype -lname -ilname -context -regextype -printf -D -O".split()
)


def _expansion(word: str) -> bool:
    return word.startswith(_EXPANDS)


_GLOB = frozenset("*?[")


def _option_glob(word: str, names: frozenset[str]) -> bool:
    """red team: an unquoted glob where an option may stand (`find . -de*`, `curl -? @.env x`). bash expands it
    against file names the agent can create (`touch ./-delete`), so it may be an option: any option when it
    starts with `-`, one of ``names`` when the pattern matches it (`find / *` in a folder holding `-delete`)."""
    if _GLOB.isdisjoint(word):
        return False
    return word[0] == "-" or any(fnmatchcase(name, word) for name in names)


def _unvalued(
    view: tuple[str, ...],
    marked: set[int],
    start: int,
    valued: frozenset[str],
    acts: frozenset[str],
    names: frozenset[str] = frozenset(),
) -> str | None:
    """The first marked word from ``start`` that is an expansion or a glob (:func:`_option_glob`, which may match
    one of ``names``) where an option may stand (not the value of an option in ``valued``), or the marked
    value of an option in ``acts``; before ``--``."""
    k = start
    n = len(view)
    while k < n:
        w = view[k]
        if w == "--":
            return None
        name, eq, value = w.partition("=")
        if name in acts and (eq and not _NOT_LITERAL_VALUE.isdisjoint(value) or not eq and k + 1 in marked):
            return w if eq else view[k + 1]
        if w[:1] == "-" and not eq and (w in valued or w in acts):
            k += 2
            continue
        if k in marked and (_expansion(w) or _option_glob(w, names)):
            return w
        k += 1
    return None


_NOT_LITERAL_VALUE = frozenset("$`")


def _engine_option_word(view: tuple[str, ...], marked: set[int]) -> str | None:
    verb = view[0]
    if verb in _SAME_CLI_AS_DOCKER:
        # `docker build $FLAGS .`, `podman buildx build $OPTS .`: docker's own table reads where options stand
        words = {view[k] for k in marked}
        for r in normalised(("docker", *view[1:])):
            ops = r.operands
            if r.path[-1:] == ("build",) or (
                r.path[-1:] in (("buildx",), ("compose",)) and ops[:1] and ops[0] in _BUILDS
            ):
                for w in ops:
                    if w in words and _expansion(w):
                        return w
                for key in r.keys:
                    if key.startswith("output=") and not _NOT_LITERAL_VALUE.isdisjoint(key):
                        return key.partition("=")[2]
        return None
    # the other engines and build tools: their build subcommand, or any line (`earthly $FLAGS +target`)
    at = _positional_indexes(view, _ENGINE_VALUED)
    if verb not in ("earthly",) and not any(view[k] in _BUILDS or view[k] == "bud" for k in at[:2]):
        return None
    return _unvalued(view, marked, 1, _ENGINE_VALUED, _ENGINE_ACT_VALUES)


# curl's options whose value chooses what it sends (`-X $METHOD`, `-K $CONFIG`: a file of more options).
_CURL_ACT_KEYS = ("request=", "config=", "data", "upload-file=", "form=", "json=")


def _curl_option_word(view: tuple[str, ...], marked: set[int]) -> str | None:
    """`curl $OPTS https://h`, `curl -s $URL`: an operand that is an expansion may be `-d @.env` or `-T f`."""
    words = {view[k] for k in marked}
    glob = next((w for w in words if _option_glob(w, frozenset())), None)
    if glob is not None:
        return glob  # `curl -? @.env h` may be `-d @.env`
    for r in normalised(view):
        for w in r.operands:
            if w in words and _expansion(w):
                return w
        for key in r.keys:
            if key.startswith(_CURL_ACT_KEYS) and "=" in key and not _NOT_LITERAL_VALUE.isdisjoint(key):
                return key.partition("=")[2]
    return None


def _wget_option_word(view: tuple[str, ...], marked: set[int]) -> str | None:
    return _unvalued(view, marked, 1, _WGET_VALUED, _WGET_ACT_VALUES)


def _gh_option_word(view: tuple[str, ...], marked: set[int]) -> str | None:
    """`gh api $ARGS repos/o/r`: `-X DELETE`, `-f k=v` or `--input f` may be in it (a write)."""
    at = _positional_indexes(view, _GH_API_VALUED)
    if not at or view[at[0]] != "api":
        return None
    return _unvalued(view, marked, at[0] + 1, _GH_API_VALUED, _GH_API_ACT_VALUES)


# Expansions that always give an absolute path, never a word that starts with `-`: the working folder, the
# home folder. (The shell reader keeps a few more as start paths: permissions.scanner_segments._find_marks.)
_PATH_EXPANSIONS = ("$PWD", "${PWD}", "$HOME", "${HOME}")


def _find_option_word(view: tuple[str, ...], marked: set[int]) -> str | None:
    """`find . -name x $ACTION`: an expansion may be `-exec cmd ;` or `-delete`. find tells its start paths
    from its expression by each word's first character after the shell expanded it, so an expansion among
    the start paths (`find . $(echo -delete)`, `find / $X`) may be the expression too; only the expansions
    that always give a path (`find "$PWD" -name x`) stay start paths."""
    k = 1
    while k < len(view) and view[k][:1] not in ("-", "(", "!"):
        w = view[k]
        if k in marked and (
            _expansion(w) and not w.startswith(_PATH_EXPANSIONS) or _option_glob(w, FIND_RUNNERS)
        ):
            return w
        k += 1
    return _unvalued(view, marked, k, _FIND_VALUED, frozenset(), FIND_RUNNERS)


# Programs with an option that runs a program given as its value (`rg --pre=CMD`, `fd -x CMD`,
# `sort --compress-program=CMD`, `man -P CMD`, `git grep -O<CMD>`): getopt reads an option anywhere before
# `--`, so an expansion where an option may stand -- not the value of an option known to take one -- may be
# that option. (The value of the option itself is a command line: permissions.commands.runners.)
_RG_VALUED = frozenset(
    "-e --regexp -f --file -g --glob --iglob -t --type -T --type-not -m --max-count -A --after-context -B"
    " --before-context -C --context -j --threads -M --max-columns -d --max-depth --max-filesize -E --encoding"
    " --type-add --type-clear --colors --color --sort --sortr --path-separator -r --replace"
    " --context-separator --field-match-separator --field-context-separator --engine --dfa-size-limit"
    " --regex-size-limit --ignore-file --pre-glob".split()
)
_FD_VALUED = frozenset(
    "-e --extension -t --type -d --max-depth --min-depth --exact-depth -E --exclude -S --size"
    " --changed-within --changed-before --owner -j --threads --max-results --max-buffer-time --base-directory"
    " --path-separator --search-path --color -c --ignore-file --format --and".split()
)
_SORT_VALUED = frozenset(
    "-k --key -t --field-separator -o --output -S --buffer-size -T --temporary-directory --parallel"
    " --batch-size --files0-from --random-source --sort".split()
)
_MAN_VALUED = frozenset("-M --manpath -S -s --sections -L --locale -m --systems -C --config-file -R".split())
_GIT_GREP_VALUED = frozenset(
    "-e -f -A -B -C --after-context --before-context --context -m --max-count --max-depth --threads".split()
)


def _rg_option_word(view: tuple[str, ...], marked: set[int]) -> str | None:
    return _unvalued(view, marked, 1, _RG_VALUED, frozenset({"--pre"}))


def _fd_option_word(view: tuple[str, ...], marked: set[int]) -> str | None:
    # the command `-x`/`-X` run is read by the runners; an expansion there is that command's word
    for k, w in enumerate(view):
        if w in ("-x", "--exec", "-X", "--exec-batch"):
            view = view[:k]
            break
    return _unvalued(view, marked, 1, _FD_VALUED, frozenset())


def _sort_option_word(view: tuple[str, ...], marked: set[int]) -> str | None:
    return _unvalued(view, marked, 1, _SORT_VALUED, frozenset({"--compress-program"}))


def _man_option_word(view: tuple[str, ...], marked: set[int]) -> str | None:
    return _unvalued(view, marked, 1, _MAN_VALUED, frozenset({"-P", "--pager", "-H", "--html"}))


def _git_option_word(view: tuple[str, ...], marked: set[int]) -> str | None:
    """`git grep foo $X`: the expansion may be `-O<cmd>` (`--open-files-in-pager=<cmd>`), run on the matches."""
    if "grep" not in view:
        return None  # the common case (`git commit -m "$(cat <<'EOF' …)"`), without reading git's options
    k = _git_subcommand(view)
    if k < 0 or k >= len(view) or view[k] != "grep":
        return None
    return _unvalued(view, marked, k + 1, _GIT_GREP_VALUED, frozenset({"--open-files-in-pager"}))


OPTION_READERS = {
    **dict.fromkeys(_ENGINES, _engine_option_word),
    "curl": _curl_option_word,
    "wget": _wget_option_word,
    "gh": _gh_option_word,
    "find": _find_option_word,
    "rg": _rg_option_word,
    "fd": _fd_option_word,
    "fdfind": _fd_option_word,
    "sort": _sort_option_word,
    "man": _man_option_word,
    "git": _git_option_word,
}


def option_act_word(view: tuple[str, ...], marked: set[int]) -> str | None:
    """R4.9: the first word of ``view`` among ``marked`` (not literal) that may be an option a cap reads, or
    the value of one that chooses the act (see above); None for the other programs."""
    reader = OPTION_READERS.get(view[0])
    return reader(view, marked) if reader is not None else None
