"""R10.2, R10.3: one function turns reason + scopeRoot into the sentence people read."""

import pytest

from permissions.decide import REASON_CODES
from permissions.messages import NOT_RECORDED, sentence


@pytest.mark.parametrize("reason", REASON_CODES)
def test_r10_3_every_reason_code_has_a_sentence(reason):
    text = sentence(reason)
    assert text and text != NOT_RECORDED


@pytest.mark.parametrize("reason", [None, "", "something_new"])
def test_r10_2_missing_or_unknown_reason_reads_not_recorded(reason):
    assert sentence(reason) == "not recorded"


def test_r10_3_scope_sentence_names_the_relative_root_and_detail():
    assert sentence("scope_cd") == "scope: cd inside the project folder"
    assert sentence("cap_path_scope", "app-1a2b3c4d", "/etc/x") == (
        "the command touches a path outside the project folder (app-1a2b3c4d): /etc/x"
    )


def test_r4_4_compound_sentence_is_the_specified_text():
    assert sentence("compound_uncovered") == "compound command with at least one segment not covered by allow"
