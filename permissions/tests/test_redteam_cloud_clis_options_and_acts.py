"""R4.10, red team: the clouds' CLIs read their global options anywhere on the line, so a deny written as a
team writes it (`aws ec2 terminate-instances`, `gcloud projects delete`, `az group delete`) must see past
`--profile`, `--region`, `--quiet`, `--subscription` put first or in the middle. And an S3 command does another's
act: `s3 rb --force` empties the bucket, `s3 sync --delete` and `s3 mv` delete objects (each also `s3 rm`), the
API's `delete-object(s)` is `s3 rm` and `delete-bucket` `s3 rb`. Under an allow of the CLI each was only asked
(capped), not refused; a team's "never" is now read into them. The deny stays precise.
"""

from __future__ import annotations

import pytest

from .redteam import in_auto_mode, under_its_allow

CASES = [
    ("aws ec2 terminate-instances", "aws --region eu-west-1 ec2 terminate-instances --instance-ids i-1"),
    ("aws ec2 terminate-instances", "aws --profile prod ec2 terminate-instances --instance-ids i-1"),
    ("aws ec2 terminate-instances", "aws ec2 --region x terminate-instances --instance-ids i-1"),
    (
        "aws ec2 terminate-instances",
        "aws --no-cli-pager --output json ec2 terminate-instances --instance-ids i-1",
    ),
    ("aws iam delete-user", "aws --profile admin iam delete-user --user-name x"),
    ("aws s3 rm", "aws --profile prod s3 rm s3://bucket/key"),
    ("aws s3 rm", "aws s3 --region us-east-1 rm s3://bucket --recursive"),
    ("aws s3 rm", "aws s3 rb --force s3://bucket"),
    ("aws s3 rm", "aws s3 rb s3://bucket --force"),
    ("aws s3 rm", "aws s3 sync --delete . s3://bucket"),
    ("aws s3 rm", "aws s3 sync ./empty s3://bucket --delete"),
    ("aws s3 rm", "aws s3 mv s3://bucket/key ./key"),
    ("aws s3 rm", "aws s3 mv --recursive s3://bucket/ s3://other/"),
    ("aws s3 rm", "aws s3api delete-object --bucket b --key k"),
    ("aws s3 rm", "aws s3api delete-objects --bucket b --delete file://keys.json"),
    ("aws s3 rb", "aws s3api delete-bucket --bucket b"),
    ("aws s3 rb", "aws --region x s3api delete-bucket --bucket b"),
    ("gcloud projects delete", "gcloud --quiet projects delete my-project"),
    ("gcloud projects delete", "gcloud --project x --quiet projects delete my-project"),
    ("gcloud compute instances delete", "gcloud --account a@b.c compute instances delete vm --zone z"),
    ("az group delete", "az --subscription prod group delete -n rg --yes"),
    ("az group delete", "az --only-show-errors group delete --name rg -y"),
]


@pytest.mark.parametrize(("deny", "command"), CASES)
def test_the_deny_sees_past_global_options_and_other_spellings(deny, command):
    v = under_its_allow(command, deny)
    assert (v.decision, v.reason) == ("deny", "deny_rule"), (deny, command, v.reason)
    assert in_auto_mode(command, deny).decision == "deny", (deny, command)


@pytest.mark.parametrize(
    ("deny", "command"),
    [
        ("aws s3 rm", "aws s3 ls s3://bucket"),
        ("aws s3 rm", "aws --profile prod s3 ls"),
        ("aws s3 rm", "aws s3 sync . s3://bucket"),
        ("aws s3 rm", "aws s3 cp x s3://bucket/x"),
        ("aws s3 rm", "aws s3 rb s3://bucket"),
        ("aws ec2 terminate-instances", "aws --region x ec2 describe-instances"),
        ("gcloud projects delete", "gcloud --quiet projects list"),
        ("az group delete", "az --subscription prod group list"),
    ],
)
def test_the_deny_stays_precise(deny, command):
    assert under_its_allow(command, deny).reason != "deny_rule", (deny, command)
