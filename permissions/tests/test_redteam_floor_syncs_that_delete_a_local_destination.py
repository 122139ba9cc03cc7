"""R4.6 [beyond], red team: the floor judges where a deletion lands, not the program that does it. A sync told to
delete from its destination what the source lacks deletes everything of a local destination an empty (or a
hostile) source does not hold, as `rsync -a --delete empty/ ~/` does, which the floor denies: `aws s3 sync SRC DIR
--delete`, `gsutil rsync -d`, `gcloud storage rsync --delete-unmatched-destination-objects`, `s3cmd sync
--delete-removed`, `mc mirror --remove`, `azcopy sync --delete-destination=true`, and `unison A B -force A` (B made
what A is). With the root or the home folder as that destination each is the floor's: on the base they were
auto-approved on the container floor (`gsutil -m rsync -d -r gs://b /`, `unison empty ~ -force empty`) or asked.

Uploads (a local source, a bucket as destination) and syncs into a project folder stay what they were.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, assert_floor_denies, term

SYNCED_INTO_THE_ROOT_OR_HOME = [
    "aws s3 sync s3://bucket ~ --delete",
    "aws s3 sync s3://bucket / --delete",
    "aws s3 sync --delete s3://bucket $HOME",
    "aws --profile x s3 sync s3://bucket ~/ --delete --exact-timestamps",
    "aws s3 sync s3://bucket ~ --delete --exclude '*.git'",
    "gsutil rsync -d -r gs://b ~",
    "gsutil -m rsync -d -r gs://b /",
    "gsutil rsync -rd gs://b $HOME",
    "gsutil rsync -d -r -x '\\.git' gs://b ~",
    "gcloud storage rsync --delete-unmatched-destination-objects -r gs://b ~",
    "gcloud storage rsync -r gs://b / --delete-unmatched-destination-objects",
    "s3cmd sync --delete-removed s3://b/ ~/",
    "s3cmd sync --delete-removed s3://b/ /",
    "mc mirror --remove --overwrite s3/b ~",
    "mc mirror --remove s3/b /",
    "azcopy sync https://a.blob.core.windows.net/c ~ --delete-destination=true",
    "azcopy sync https://a.blob.core.windows.net/c / --delete-destination=true",
    "unison empty ~ -force empty -batch",
    "unison /tmp/e / -force /tmp/e -batch",
    "unison -batch -force empty empty $HOME",
    "cd ~ && aws s3 sync s3://bucket . --delete",
]


@pytest.mark.parametrize("command", SYNCED_INTO_THE_ROOT_OR_HOME)
def test_a_sync_that_deletes_from_the_root_or_home_is_the_floor(command: str) -> None:
    assert_floor_denies(command)


@pytest.mark.parametrize(
    "command",
    [
        "aws s3 sync ~ s3://bucket --delete",
        "aws s3 sync s3://bucket ./site --delete",
        "aws s3 sync s3://bucket ~",
        "gsutil rsync -r gs://b ~",
        "gsutil rsync -d -r ./site gs://b",
        "gcloud storage rsync -r gs://b ~",
        "s3cmd sync s3://b/ ~/",
        "mc mirror s3/b ~",
        "unison empty ~ -batch",
        "unison site /srv/ws/app-1a2b3c4d/out -force site -batch",
    ],
)
def test_uploads_and_syncs_that_keep_the_destination_are_not_the_floors(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE)
    assert v.reason != "builtin_deny", (command, v.reason)
