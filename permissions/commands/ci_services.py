"""CI services and code-analysis services (SPEC §5 step 6, effects by family; red team, session 19): a pipeline
triggered, restarted or cancelled on another machine, a pipeline's steps uploaded, a project's coverage, its
analysis or its source sent to a service were auto-approved. Read by ``permissions.commands.families`` as the
other families' rows are:

- :data:`DECIDED` (their first known verb decides, ``permissions.commands.families.Decided``): CircleCI's
  ``circleci`` (``pipeline trigger``, ``orb publish``, ``context create``; ``config validate``, ``local
  execute`` stay ordinary), the Buildkite agent's and CLI's (``pipeline upload``, ``artifact upload``,
  ``meta-data set``, ``annotate``, ``start``; ``artifact download``, ``meta-data get`` read), Travis CI's
  (``restart``, ``cancel``, ``enable``, ``env set``), Jenkins' ``jenkins-cli`` (``build``, ``safe-restart``,
  ``delete-job``; ``list-jobs``, ``console`` read).
- :data:`FORMS`: the coverage and analysis uploaders, which send when run at all (``coveralls``,
  ``sonar-scanner``, Code Climate's reporter's uploads), and Snyk's uploads (``monitor``: a snapshot of the
  project's dependencies kept by the service; ``code test``: the project's source sent for analysis).
  ``snyk test`` (a manifest checked against the vulnerability database) stays as it was.
"""

from __future__ import annotations

from permissions.commands.deployers import Forms, Spec, forms

__all__ = ["DECIDED", "FORMS"]

DECIDED: dict[str, Spec] = {
    "circleci": Spec(
        "config local diagnostic setup open completion follow validate process pack policy.decide",
        "trigger publish promote",
        "--token --host --org-id --org-slug",
    ),
    "buildkite-agent": Spec("download exists", "upload annotate start set bootstrap step", "--job --build"),
    "bk": Spec("", "new rebuild cancel unblock", "--pipeline -p --org"),
    "travis": Spec(
        "whoami status show logs history branches requests settings lint encrypt encrypt-file login logout init"
        " setup monitor console endpoint accounts repos token",
        "restart cancel enable disable sync env cache",
        "--org --pro --com --api-endpoint -e --token -t --repo -r",
    ),
    # red team: package hosts (Gemfury, Cloudsmith, packagecloud) and monitoring services' deploy markers and
    # uploads (Rollbar, Honeybadger, New Relic)
    "fury": Spec("list versions whoami login logout", "yank migrate"),
    "cloudsmith": Spec("list ls whoami login check", "resync"),
    "package_cloud": Spec("", "yank promote"),
    "rollbar-cli": Spec("", "upload-sourcemap notify-deploy"),
    "honeybadger": Spec("check", "notify exec"),
    "newrelic": Spec("profile profiles completion documentation", "", "--profile -p --accountId -a"),
    "jenkins-cli": Spec(
        "list-jobs get-job who-am-i console list-plugins get-view list-changes session-id get-node",
        "build safe-restart safe-shutdown shutdown quiet-down reload-configuration groovy groovysh",
        "-s -auth -i -http -webSocket",
    ),
}

FORMS: dict[str, Forms] = {
    "coveralls": ((),),
    "sonar-scanner": ((),),
    "cc-test-reporter": forms("upload-coverage after-build"),
    "snyk": forms("monitor container+monitor code+test sbom+monitor iac+report"),
}
