"""Software services' CLIs (SPEC §5 step 6, effects by family; red team, session 20): content, identities,
flags, alerts, messages and posts created, changed, sent or removed in someone's account. Read by
``permissions.commands.families`` as the other families' rows are:

- :data:`DECIDED` (the first known verb decides): headless CMSs (Contentful, Sanity, Xata), search (Algolia),
  identity (Auth0, Okta, Keycloak's ``kcadm.sh``, Google Workspace's ``gam``, Microsoft 365's ``m365`` and the
  Graph CLI ``mgc``), feature flags (LaunchDarkly's ``ldcli``, ConfigCat), dashboards (Grafana's Grizzly
  ``grr``), Honeycomb's markers, the Forgejo and Codeberg forges' CLIs (``fj``, ``berg``), Slack's CLI,
  Mastodon's ``toot``, Mattermost's ``mmctl``, Google Calendar's ``gcalcli``, the mail and SMS services'
  CLIs (Postmark, Vonage and its older ``nexmo``, Gotify), python-gitlab's ``gitlab``. Listings, shows,
  searches, exports and the tools' own login stay ordinary; a command with no known verb is external.
- :data:`FORMS`: fixed subcommand words -- Datadog's ``dog`` (``dog`` is also a DNS client: only its posting
  forms), Strapi's transfers and imports, Storyblok's and DatoCMS's pushes and migrations, Directus's schema
  applied, PostHog's and Dynatrace's (``monaco``) uploads and deploys, Infracost's uploads and pull-request
  comments, Danger's CI run (it comments on the pull request), Gradio's Spaces deploy, Mozilla's ``moz-phab``,
  git-bug's and Go's ``git-codereview`` (and as ``git bug``, ``git codereview``), git-publish, Zulip's
  ``zulip-send``, sendEmail, pastebins (wgetpaste, fpaste, haste), Mega's and Dropbox's uploads, web3.storage,
  himalaya's mail, Twitter's ``t``, Bluesky's ``bsky``, Keybase, lab, revup, stack-pr, BigCommerce's ``stencil``;
  git-extras' remote commands by their own names, Renovate, Ansible Galaxy's publishes; Checkly, Contentstack's
  ``csdx``, Docker Hub's ``hub-tool``, ``kafkactl``, ``kaf`` and ``pulsarctl`` are verb-decided.
- :data:`READERS`: reviewdog's ``-reporter`` (a forge's reporter posts review comments; ``local`` prints), mpack
  (mails the file it encodes unless ``-o`` writes it to a file).
"""

from __future__ import annotations

from collections.abc import Callable

from permissions.commands.deployers import Forms, Spec, forms
from permissions.commands.listeners import _named_value

__all__ = ["DECIDED", "FORMS", "OPTION_READERS", "READERS"]

_CONTENTFUL = Spec("login logout config guide boilerplate use export generate", "migration seed")
_SANITY = Spec(
    "dev start build preview login logout debug telemetry versions manage learn docs typegen query export"
    " extract install upgrade codemod",
    "undeploy invite alias",
)
_XATA = Spec("auth login logout status codegen pull diff dump completion", "random-data roll shell")
_M365 = Spec("login logout status cli setup version docs")
_VONAGE = Spec("balance config auth login logout")
DECIDED: dict[str, Spec] = {
    # -- content, data and search services
    "contentful": _CONTENTFUL,
    "contentful-cli": _CONTENTFUL,  # `npx contentful-cli space import`
    "sanity": _SANITY,
    "@sanity/cli": _SANITY,
    "xata": _XATA,
    "@xata.io/cli": _XATA,
    "algolia": Spec("browse open tail profile export stats test", "clear save reindex crawl unblock pause"),
    # -- identities and accounts
    "auth0": Spec("login logout use tail test token open completion", "post unblock"),
    "okta": Spec("login logout apps.config", "register"),
    "kcadm.sh": Spec("config", "set-password add-roles remove-roles"),
    "gam": Spec(
        "print report version info oauth config checkconn",
        "sendemail wipe deprovision undelete suspend unsuspend trash untrash archive transfer forward"
        " signature vacation",
    ),
    "m365": _M365,
    "@pnp/cli-microsoft365": _M365,
    "mgc": Spec("login logout"),
    # -- flags, dashboards, markers
    "ldcli": Spec(
        "config login logout setup dev-server completion quickstart", "toggle-on toggle-off archive invite"
    ),
    "configcat": Spec("setup scan whoami"),
    "grr": Spec("pull diff preview export providers config serve selftest", "watch"),
    "honeymarker": Spec(""),
    # -- forges: pull requests, issues, releases, repositories
    "fj": Spec(
        "auth whoami version browse clone status", "merge comment close reopen star unstar fork follow"
    ),
    "berg": Spec("auth config completion version browse clone", "comment fork merge close assign"),
    "gitlab": Spec("", "", "-c --config-file -g --gitlab -o --output -f --fields"),  # python-gitlab
    # -- chat, posts, calendars, mail and messages
    "slack": Spec(
        "login logout version doctor samples upgrade feedback manifest activity", "install uninstall"
    ),
    "toot": Spec(
        "timeline tl whoami whois search notifications instance thread status auth login login_cli logout"
        " activate env following followers tui bookmarks favourites",
        "post favourite unfavourite reblog unreblog pin unpin bookmark unbookmark follow unfollow block"
        " unblock mute unmute upload update_account reply tag_follow tag_unfollow",
        groups="tags lists",
    ),
    "mmctl": Spec("auth version completion docs logs"),
    "gcalcli": Spec("agenda agendaupdate calw calm updates conflicts remind init", "quick"),
    "postmark": Spec("pull"),
    "postmark-cli": Spec("pull"),
    "vonage": _VONAGE,
    "@vonage/cli": _VONAGE,
    "nexmo": Spec("setup balance app:list number:list numbers:list"),
    "gotify": Spec("init config version"),
    # synthetic checks deployed, destroyed or triggered (`checkly test` runs the project's checks: a test run)
    "checkly": Spec("login logout whoami switch test runtimes init"),
    # Contentstack's `csdx cm:stacks:import`, `cm:entries:publish` (`topic:command`: its command decides)
    "csdx": Spec("login logout whoami export config:get"),
    # Docker Hub's hub-tool (repositories, tags and tokens removed), Kafka's and Pulsar's clients (topics made
    # or deleted, messages produced, offsets reset)
    "hub-tool": Spec("login logout version", "activate deactivate", groups="tag"),
    "kafkactl": Spec("consume config version completion", "produce alter"),
    "kaf": Spec("consume config completion topics groups nodes", "produce"),  # (`kaf topics` lists them)
    "pulsarctl": Spec("completion version context", "", "--admin-service-url"),
}

_DOG = (
    "metric+post event+post monitor+post monitor+fpost monitor+update monitor+fupdate monitor+delete monitor+mute"
    " monitor+unmute monitor+mute_all monitor+unmute_all dashboard+post dashboard+update dashboard+delete"
    " downtime+post downtime+update downtime+delete tag+add tag+replace tag+detach host+mute host+unmute"
    " service_check+check comment+post comment+update comment+reply comment+delete timeboard+post"
    " timeboard+update timeboard+delete screenboard+post screenboard+update screenboard+delete"
    " screenboard+share screenboard+revoke"
)
_STRAPI = "transfer import deploy"
_STORYBLOK = (
    "push-components delete-component delete-components sync run-migration migrations+run rollback-migration"
    " deploy"
)
_DATOCMS = (
    "migrations:run environments:destroy environments:fork environments:promote environments:rename"
    " maintenance:on maintenance:off cma:call"
)
FORMS: dict[str, Forms] = {
    "dog": forms(_DOG),
    "strapi": forms(_STRAPI),
    "@strapi/strapi": forms(_STRAPI),
    "storyblok": forms(_STORYBLOK),
    "datocms": forms(_DATOCMS),
    "@datocms/cli": forms(_DATOCMS),
    "directus": forms("schema+apply"),
    "posthog-cli": forms("sourcemap+upload"),
    "monaco": forms("deploy delete purge"),
    "infracost": forms("upload comment"),
    "danger": forms("ci"),
    "gradio": forms("deploy cc+publish"),
    "moz-phab": forms("submit uplift reorg abandon"),
    "git-bug": forms("push bridge+push"),
    "git-codereview": forms("mail submit"),
    "git": forms("bug+push bug+bridge+push codereview+mail codereview+submit publish"),
    "zulip-send": ((),),
    # mail sent by a command's own options (sendEmail), a message sent, moved or removed on the mail server
    # (himalaya), pastebins that publish the file they are given, Mega's uploads and removals
    **dict.fromkeys(
        (
            "sendEmail",
            "sendemail",
            "wgetpaste",
            "fpaste",
            "haste",
            "megaput",
            "megarm",
            "megamkdir",
            "megamv",
        ),
        ((),),
    ),
    **dict.fromkeys(("mega-put", "mega-rm", "mega-mv", "mega-mkdir", "mega-import"), ((),)),
    "megatools": forms("put rm mkdir mv copy"),
    "dbxcli": forms("put rm mkdir mv cp restore team+add-member team+remove-member"),
    "w3": forms("up rm"),
    "himalaya": forms(
        "message+send message+write message+reply message+forward message+delete message+move message+copy"
        " template+send folder+add folder+delete folder+purge folder+expunge flag+add flag+set flag+remove"
        " send write reply forward delete move copy"
    ),
    # posts, direct messages, follows (Twitter's t, Bluesky's bsky), Keybase's chats, files and repositories
    "t": forms(
        "update dm follow unfollow delete reply retweet favorite block unblock report_spam list+create list+add"
        " list+remove"
    ),
    "bsky": forms("post vote repost like follow unfollow block unblock delete update-profile"),
    "keybase": forms(
        "chat+send chat+upload chat+react chat+edit chat+delete chat+delete-history chat+api git+create"
        " git+delete fs+cp fs+mv fs+rm fs+mkdir fs+write team+create team+add-member team+remove-member"
        " team+delete follow unfollow"
    ),
    # forges' merge requests and stacked pull requests (lab is also hapi's test runner: only its forge forms),
    # a BigCommerce theme pushed, a patch series mailed by git-publish
    "lab": forms(
        "mr+create mr+merge mr+close mr+reopen mr+approve mr+note mr+edit mr+rebase issue+create issue+close"
        " issue+note issue+edit project+create fork snippet+create ci+create ci+run"
    ),
    "revup": forms("upload"),
    "stack-pr": forms("submit land"),
    "stencil": forms("push release"),
    # git-extras' commands by their own names (R4.10) delete, rename or tag on the remote as well; Renovate
    # opens and updates pull requests on the platform it is pointed at; Ansible Galaxy's publishes and imports
    **dict.fromkeys(
        (
            "git-delete-branch",
            "git-delete-tag",
            "git-rename-branch",
            "git-rename-tag",
            "git-release",
            "renovate",
        ),
        ((),),
    ),
    "ansible-galaxy": forms("collection+publish role+import role+delete role+setup import delete setup"),
}

_FORGE_REPORTERS = ("github", "gitlab", "bitbucket", "gerrit", "gitea")


def _reviewdog(view: tuple[str, ...]) -> bool:
    """reviewdog's ``-reporter`` (``--reporter``, ``=`` or the next word): a forge's reporter posts its
    findings as review comments, checks or a code report; ``local`` (the default) prints them."""
    reporters = _named_value(view, ("-reporter", "--reporter")) or ()
    return any(v.lower().startswith(_FORGE_REPORTERS) for v in reporters)


def _mpack(view: tuple[str, ...]) -> bool:
    """mpack mails the file it encodes to the addresses it is given, unless ``-o`` writes it to a file."""
    return "-o" not in view and not any(w in ("-h", "--help") for w in view)


READERS: dict[str, Callable[[tuple[str, ...]], bool]] = {"reviewdog": _reviewdog, "mpack": _mpack}


def _option_given(verb_words: tuple[str, ...], options: tuple[str, ...]) -> Callable[[tuple[str, ...]], bool]:
    """A command (its first words ``verb_words`` after the program, or any when empty) given one of ``options``
    (``--record``, ``--record=true``)."""

    def read(view: tuple[str, ...]) -> bool:
        words = [w for w in view[1:] if w[:1] != "-"]
        if verb_words and tuple(words[: len(verb_words)]) != verb_words:
            return False
        return any(w.partition("=")[0] in options and not w.endswith("=false") for w in view[1:])

    return read


# red team (session 20, helper families20's leftover): results uploaded by an option of a command that otherwise
# runs locally -- Checkly's test run recorded to the account (`checkly test --record`), Kubescape's scan
# submitted to its cloud (`kubescape scan --submit`). Read besides the tools' own rows (families composes them).
OPTION_READERS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "checkly": _option_given(("test",), ("--record",)),
    "kubescape": _option_given((), ("--submit", "--keep-local=false")),
}
