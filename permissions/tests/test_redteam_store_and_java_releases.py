"""§5 step 6 (external effects by family, R4.10: acts SPEC's list does not name), red team: JReleaser's release
and upload commands (its CLI, its Maven goals, its Gradle tasks), and fastlane's store uploads -- App Store (deliver, upload_to_app_store), TestFlight (pilot),
Google Play (supply), signing identities pushed to their repository (match), a new store app (produce), each
also through `fastlane run ACTION` -- and fastlane's lanes read as tasks (a lane named deploy or publish is
capped as `make deploy` is; `release` alone is not, as for make).
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "jreleaser full-release",
        "jreleaser release --dry-run=false",
        "jreleaser deploy",
        "jreleaser upload",
        "jreleaser publish",
        "jreleaser announce",
        "./mvnw jreleaser:full-release",
        "mvn -B jreleaser:announce",
        "./gradlew jreleaserFullRelease",
        "gradle jreleaserRelease",
        "fastlane deliver",
        "fastlane deliver --force",
        "bundle exec fastlane pilot upload",
        "fastlane supply --track production",
        "fastlane match appstore",
        "fastlane produce -u x@example.com",
        "fastlane run upload_to_app_store",
        "fastlane run upload_to_testflight",
        "fastlane run upload_to_play_store track:internal",
        "fastlane android deploy",
        "fastlane ios publish",
    ],
)
def test_a_store_or_release_upload_is_never_auto_approved(command):
    never_auto_where(command, ("host", "agent"))


@pytest.mark.parametrize(
    "command",
    ["fastlane ios test", "fastlane scan", "fastlane gym", "bundle exec fastlane ios beta_build", "jreleaser assemble",
     "jreleaser config", "fastlane ios release", "fastlane lanes", "./mvnw jreleaser:assemble",
     "./gradlew jreleaserConfig"],
)  # fmt: skip
def test_local_lanes_and_steps_stay_auto_approved(command):
    stays_auto_where(command)
