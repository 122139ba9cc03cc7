"""Which programs Brabo has a reading for, and which words name a program that acts (red team, R4.8).

A program no table here knows (`wait-for-it db:5432 -- git push`, `dockerize -wait tcp://db:5432 rm -rf /`,
`coder ssh ws git push`, `with-lock x curl -d @.env …`) may be a wrapper that runs the rest of its words as a
command -- the common convention, and these real tools' way. Deny, ask, the caps and the floor judge that rest
too (views.hands_on: a program Brabo does not know hands on the words after a `--`, or from one of
HANDED_NAMES on); allow still judges the segment as written (R4.8: when unsure, refusing matches more). A
program Brabo knows is read by its own table: `git checkout -- rm`, `npm test -- git push` and `apt install
git curl` are not handed on.

Filled into views' sets once, when the package has loaded every table (the tables import views).
"""

from __future__ import annotations

from permissions.commands import OPAQUE_VERBS
from permissions.commands.agent_clis import AGENT_PACKAGES
from permissions.commands.containers import CONTAINER_ENGINES
from permissions.commands.credentials import CREDENTIAL_VERBS
from permissions.commands.effects import EXTERNAL, GLOBALS
from permissions.commands.families import ACT_TOOLS, CONSOLE_VERBS, FAMILY_VERBS
from permissions.commands.interpreters import INLINE_CODE
from permissions.commands.listeners import READERS as LISTENER_READERS
from permissions.commands.machine import MACHINE_VERBS
from permissions.commands.neutral import NEUTRAL_FIRST
from permissions.commands.options import PROGRAMS
from permissions.commands.privilege import PRIVILEGE_VERBS
from permissions.commands.repls import PROMPT_VERBS
from permissions.commands.runners import CARRIER_VERBS, INPUT_SCRIPT_FIRST
from permissions.commands.secret_keepers import HANDS_ON_KEEPERS
from permissions.commands.shell_starters import STARTER_VERBS
from permissions.commands.shells import SHELLS
from permissions.commands.sources import SOURCE_VERBS
from permissions.commands.sources_managers import MANAGER_VERBS
from permissions.commands.tasks import TASK_VERBS
from permissions.commands.typed_input import TYPED_VERBS
from permissions.commands.uploads import UPLOAD_VERBS
from permissions.commands.views import (
    HANDED_NAMES,
    KNOWN_PROGRAMS,
    NOT_PEELED,
    ONE_VIEW,
    RENAMED_AS,
    _peels,
    _renamed,
    one_view_of,
)
from permissions.commands.windows import PASSED_FIRST, WINDOWS_WRITERS, reads_on
from permissions.commands.windows_names import CMD, POWERSHELL
from permissions.commands.wrappers import GNU_PREFIXED, OTHER_NAMES, PEELED_VERBS, RUNNERS, WRAPPERS
from permissions.commands.writes import WRITE_VERBS
from permissions.floor import DELETERS, DISK_VERBS, FLOOR_VERBS, REMOVERS, WINDOWS_DELETERS

__all__ = ["ACTING_NAMES", "NAME_READERS", "WINDOWS_COMMANDS"]

# Programs whose operands name other programs as data (`which git curl`, `tldr git push`, `journalctl -u ssh
# -f`, `choco install git curl`), the shell's own words, and everyday readers no table lists: known, so never
# read as handing on.
NAME_READERS = frozenset(
    "which type whence whereis whatis man info tldr apropos help command hash alias unalias complete compgen "
    "pgrep pkill killall pidof lsof ps top htop btop journalctl systemctl service update-alternatives "
    "alternatives ldd file stat readlink realpath basename dirname cd pushd popd echo printf grep egrep fgrep "
    "rg ag ack wc head tail cat less more sort uniq cut tr diff cmp comm tree ls dir du df mkdir touch mv cp "
    "ln chmod chown brew port apt apt-get apt-cache dpkg rpm dnf yum pacman apk zypper snap flatpak nix-env "
    "scoop choco winget asdf mise nvm fnm volta pyenv rbenv sdk conda mamba micromamba pixi jq yq "
    "pwd Get-Command Get-Help gcm where where.exe".split()
)

# cmd.exe's own commands and PowerShell's aliases (`start git push` on Windows is read by windows.py; in the
# Linux sandbox no such program exists): known, never read as handing on.
WINDOWS_COMMANDS = frozenset(
    "start call cls dir type set setlocal endlocal title ver vol findstr tasklist taskkill tskill ipconfig md "
    "chdir assoc ftype mklink attrib icacls takeown certutil fsutil reg sc schtasks netsh wmic runas "
    "saps spps gps gci gc gi sl iex icm ii ni si sls select measure foreach % ? ft fl ogv".split()
)

# Words that name, unmistakably, a program that acts: an unknown program with one of them among its operands
# (and a word after it) may run it (`dockerize -wait tcp://db:5432 git push`). Names that are also common
# words (`find`, `kill`, `open`, `view`, `serve`) start a handed-on command only after `--`.
ACTING_NAMES = (
    SHELLS
    | (PRIVILEGE_VERBS - {"please", "pleaseedit", "chroot"})
    | (frozenset(DELETERS) - {"gio", "rip", "trash", "wipe"})
    | frozenset(name for name in DISK_VERBS if name not in {"cp", "tee", "pv"})
    | frozenset(
        "git hg svn curl wget nc ncat netcat socat telnet ftp lftp ssh scp sftp rsync rclone dd shred "
        "python python2 python3 py pypy pypy3 node nodejs perl ruby php deno bun npm npx pnpm pnpx yarn bunx "
        "pip pip3 uv uvx pipx poetry cargo gem twine docker podman nerdctl kubectl oc helm terraform tofu "
        "pulumi aws gcloud gsutil az gh glab heroku vercel netlify flyctl firebase crontab mysql psql mongosh "
        "redis-cli sqlite3 pwsh powershell cmd osascript eval xargs env sudo doas su pkexec claude codex "
        "gemini".split()
    )
)

KNOWN_PROGRAMS.update(
    NAME_READERS
    | WINDOWS_COMMANDS
    | frozenset(CMD)
    | frozenset(POWERSHELL)
    | frozenset(WINDOWS_WRITERS)
    | ACTING_NAMES
    | OPAQUE_VERBS
    | frozenset(AGENT_PACKAGES)
    | CONTAINER_ENGINES
    | (CREDENTIAL_VERBS - HANDS_ON_KEEPERS)  # (a tool only secret_keepers reads hands on as before)
    | frozenset(EXTERNAL)
    | frozenset(GLOBALS)
    | ACT_TOOLS
    | CONSOLE_VERBS
    | FAMILY_VERBS
    | INLINE_CODE
    | frozenset(LISTENER_READERS)
    | MACHINE_VERBS
    | NEUTRAL_FIRST
    | frozenset(PROGRAMS)
    | PRIVILEGE_VERBS
    | PROMPT_VERBS
    | CARRIER_VERBS
    | INPUT_SCRIPT_FIRST
    | STARTER_VERBS
    | SHELLS
    | SOURCE_VERBS
    | MANAGER_VERBS
    | TASK_VERBS
    | TYPED_VERBS
    | UPLOAD_VERBS
    | frozenset(GNU_PREFIXED)
    | frozenset(OTHER_NAMES)
    | PEELED_VERBS
    | frozenset(RUNNERS)
    | frozenset(WRAPPERS)
    | WRITE_VERBS
    | DISK_VERBS
    | FLOOR_VERBS
    | frozenset(REMOVERS)
    | frozenset(DELETERS)
    | frozenset(WINDOWS_DELETERS)
)
# Programs the session-19 family rows read for some of their forms only -- data platforms, CI services,
# orchestrators, release tools, remotes, buckets and file hosts, database loaders, migrations, user-level
# installs: read by their rows, but not counted known, as permissions.commands.dumps' and devices' programs
# are not. An unknown program's `--` may hand a command on (R4.8), so the floor and the caps keep reading what
# follows it (`snyk test -- rm -rf /` is denied, as it was before these rows). A program known through another
# table before them stays known (this is the list that was not).
FORM_READ_ONLY = frozenset(
    "arp-scan artillery awscli balena electron-builder electron-forge hping k6 kubescape locust msfconsole pub"
    " netdiscover"
    " unicornscan crictl crun ctr runc youki "
    "db-migrate diesel graphile-migrate hanami mikro-orm node-pg-migrate phinx sea-orm-cli sequel skeema sqlx yoyo "
    "airflow amqp-declare-queue amqp-delete-queue amqp-publish b4 bin/rake bk bosh box buildkite-agent"
    " cc-test-reporter circleci claudia cloudsmith coveralls cvs dagster databricks duplicati-cli dzil fisher fury"
    " gdrive git-branchless git-review git-tfs honeybadger ia jenkins-cli kdeconnect-cli ks3util migrate"
    " mongoimport mongorestore mysqlimport newrelic obsutil omz onedrive ossutil ossutil64 package_cloud pecl"
    " prefect presto pulsar-admin pulsar-client qshell raco ray release-plz repo rollbar-cli rpk s5cmd snow snyk"
    " sonar-scanner stg tarsnap tctl temporal tosutil travis trino vc vastai paperspace gradient beam baseten fal"
    " together kfp flytectl openai mlflow pyflyte mr legit git-ps vcsh gita git-stack git-machete acme.sh certbot"
    " dnscontrol flarectl lego lexicon octodns-sync"
    # session 20: smaller clouds and software services' CLIs (more_clouds, saas_clis)
    " @datocms/cli @pnp/cli-microsoft365 @sanity/cli @strapi/strapi @vonage/cli @xata.io/cli acli algolia aptible"
    " aptly auth0 avn berg boundary civo cntb configcat confluent contentful contentful-cli convox danger datocms"
    " directus ecctl exo fj gam gcalcli git-bug git-codereview gitlab glance gotify govc gradio grr hcp"
    " honeymarker infracost ionosctl kbld kcadm.sh kops ktunnel ldcli m365 metal mgc mmctl monaco mongocli"
    " moz-phab nexmo nhost nova okta openstack ovhcloud posthog-cli postmark postmark-cli rain rancher reviewdog"
    " sanity sceptre slack stackit storyblok strapi talosctl tccli telepresence terminus terraspace toot upctl"
    " vapor vonage xata zulip-send apigeecli artillery bsky calicoctl ccloud celery checkly consul-k8s csdx dbxcli"
    " deck fauna fpaste haste helmsman himalaya jx k0sctl k6 karmadactl kargo keybase kubecfg kumactl lab mega-import"
    " mega-mkdir mega-mv mega-put mega-rm megamkdir megamv megaput megarm megatools mirrord mpack qbec rabbitmqctl"
    " revup rke rq runway sendEmail sendemail skupper stack-pr stencil t ticloud tsh tyk-sync ucloud upstash uplink"
    " w3 wgetpaste yc ansible-galaxy git-delete-branch git-delete-tag git-release git-rename-branch git-rename-tag"
    " hub-tool kaf kafkactl pulsarctl renovate"
    # session 22: microk8s' alias printing its admin kubeconfig, the kernel keyring's client (permissions.commands.
    # secret_keepers); file layers and trash cans read for their writing acts only (writes._LAYER_ACTS)
    " microk8s.config keyctl kfmclient gtrash"
    # session 22: Azure's kubeconfig rewriter, read by machine.py for its writing forms only
    " kubelogin"
    # session 23: Laravel Sail's and Lando's shortcuts (wrappers.SHORTCUTS) and their pushes and tunnels (more_clouds)
    " sail lando"
    # session 23: kwok's cluster maker and Tanzu's CLI, read for their kubeconfig and login forms only (machine.py)
    " kwokctl tanzu"
    # red team: kubectl's family read for its `--kubeconfig` only (option_commands._KUBE_PROGRAMS)
    " stern linkerd kubeseal popeye sonobuoy kubent kubefwd kubeshark pluto polaris kubecm ketall".split()
)
KNOWN_PROGRAMS.difference_update(FORM_READ_ONLY)
# (and their other released names, `grm`, `gsed`: a plain word, found without resolving it)
HANDED_NAMES.update(
    ACTING_NAMES
    | frozenset(name for name, verb in {**GNU_PREFIXED, **OTHER_NAMES}.items() if verb in ACTING_NAMES)
)
# views_of's answer for a known program, looked up (see views.ONE_VIEW)
ONE_VIEW.update((first, one_view_of(first)) for first in KNOWN_PROGRAMS)
# windows_readings' answer for a text a known program leads (see windows.PASSED_FIRST)
PASSED_FIRST.update(first for first in KNOWN_PROGRAMS if first and not reads_on(first))
NOT_PEELED.update(first for first in KNOWN_PROGRAMS if not _peels(first))
RENAMED_AS.update((first, _renamed(first)) for first in KNOWN_PROGRAMS)
