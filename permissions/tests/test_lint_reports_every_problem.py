"""R3.3 / R12.3: lint reports every problem of a file at once; an unknown top-level key used to hide the
others. Loading still fails closed on the first."""

from __future__ import annotations

import pytest

from permissions.files import PermissionsFileError, lint_permissions, parse_permissions_text

TEXT = """{
  "allow": ["Terminal(ls"],
  "denny": ["Terminal(curl)"],
  "ask": "Terminal(git push)",
  "deny": ["Foo()"]
}"""


def test_an_unknown_key_does_not_hide_the_other_errors():
    errors = [i for i in lint_permissions(TEXT) if i.severity == "error"]
    messages = " | ".join(i.message for i in errors)
    assert 'unknown top-level key "denny"' in messages
    assert '"ask" must be a list' in messages
    assert "unbalanced parentheses" in messages
    assert "unknown label 'Foo'" in messages
    assert [i.line for i in errors] == [3, 4, 2, 5]


def test_loading_the_same_file_still_fails_closed_on_the_first_problem():
    with pytest.raises(PermissionsFileError, match='unknown top-level key "denny"'):
        parse_permissions_text(TEXT)
