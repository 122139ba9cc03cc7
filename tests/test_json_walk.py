"""One walk over parsed JSON (``brabo.storable.walk``) serves both readers of where a value is: the API's
refusal of what cannot be stored (``json_problem``: NUL, a lone surrogate, a non-finite number, too deep) and
the JSON parser's naming of a lone surrogate escape (``brabo.parsers``). Both name the first problem in
document order, a mapping's keys before its values, and walk iteratively (no RecursionError)."""

from __future__ import annotations

import io
import json

import pytest
from rest_framework.exceptions import ParseError

from brabo.parsers import JSONParser
from brabo.storable import MAX_DEPTH, json_problem, walk


def _parse_error(raw: str) -> str:
    with pytest.raises(ParseError) as caught:
        JSONParser().parse(io.BytesIO(raw.encode()), "application/json")
    return str(caught.value.detail)


def test_the_walk_is_document_order_with_keys_before_values():
    nodes = [(n.item, n.path, n.depth, n.key) for n in walk({"a": [1, {"b": "x"}], "c": 2.5}, "body")]
    assert nodes == [
        ({"a": [1, {"b": "x"}], "c": 2.5}, "body", 0, False),
        ("a", "body", 0, True),
        ("c", "body", 0, True),
        ([1, {"b": "x"}], "body.a", 1, False),
        (1, "body.a[0]", 2, False),
        ({"b": "x"}, "body.a[1]", 2, False),
        ("b", "body.a[1]", 2, True),
        ("x", "body.a[1].b", 3, False),
        (2.5, "body.c", 1, False),
    ]


@pytest.mark.parametrize(
    "raw, where",
    [
        ('{"a": "ok", "b": ["x", "\\ud800"]}', "body.b[1]"),
        ('{"a": "\\udc00", "b": "\\ud800"}', "body.a"),
        ('{"ok": {"\\ud800": 1}}', "a key of body.ok"),
        ('{"\\ud800": 1, "b": "\\ud800"}', "a key of body"),
        ('[["\\ud83d"], "\\ud83d\\ude00"]', "body[0][0]"),
    ],
)
def test_the_parser_names_the_first_lone_surrogate(raw, where):
    assert f"JSON parse error - {where} holds a lone surrogate" in _parse_error(raw)


def test_a_pair_of_surrogates_is_a_character_and_parses():
    assert JSONParser().parse(io.BytesIO(b'{"a": "\\ud83d\\ude00"}'), "application/json") == {
        "a": "\U0001f600"
    }


@pytest.mark.parametrize(
    "value, expected",
    [
        ({"a": "x", "b": ["y", "n\x00ul"]}, "payload.b[1] contains a NUL character"),
        ({"a": float("inf"), "b": "\ud800"}, "payload.a is not a finite number"),
        ({"k\x00": 1}, "a key in payload contains a NUL character"),
        ({"ok": {"\ud800": 1}}, "a key in payload.ok is not valid Unicode (a lone surrogate)"),
        ((1, [float("nan")]), "payload[1][0] is not a finite number"),
        ({"fine": [1, 2.5, "x", None, True]}, None),
    ],
)
def test_json_problem_names_the_first_problem(value, expected):
    assert json_problem(value, "payload") == expected


def test_json_problem_refuses_past_its_depth_without_recursion():
    deep: list = []
    for _ in range(5000):  # deeper than the interpreter's recursion limit
        deep = [deep]
    assert (
        json_problem(deep, "payload")
        == f"payload{'[0]' * (MAX_DEPTH + 1)} is nested more than {MAX_DEPTH} levels deep"
    )
    assert json_problem(json.loads("[" * MAX_DEPTH + "]" * MAX_DEPTH), "payload") is None
