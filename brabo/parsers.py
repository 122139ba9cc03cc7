"""DRF's JSON parser, read as RFC 8259 says and refusing what no field can hold, each a 400 naming it:

- JSON nested past Python's recursion limit (a RecursionError, a 500, before);
- text that is not Unicode: a lone UTF-16 surrogate (``"\\ud800"``) is valid JSON syntax but no character;
  it cannot be stored, logged or even echoed back in an error (an enum field quoting it raised
  UnicodeEncodeError: a 500);
- the body is read as UTF-8 whatever ``charset`` the Content-Type names (application/json defines none,
  and JSON between systems is UTF-8): a UTF-8 body labelled latin-1 was stored as mojibake.

:class:`TextAsSentJSONParser` keeps lone surrogates, for the one caller that must judge them: a coding agent's
hook carries the agent's tool input as it is, and a path that is not UTF-8 on the agent's machine arrives as
one (actions.hooks_api answers it with a deny in the agent's format).

Its own module, importing nothing of Brabo's but ``brabo.storable`` (which imports nothing of Brabo's: the
one walk over parsed JSON): DRF imports it while reading its settings, so anything that imports back into the
settings' users would be read half-initialised.
"""

from __future__ import annotations

import io
import json
import re

from rest_framework import parsers
from rest_framework.exceptions import ParseError

from brabo.storable import encodes, walk


class TextAsSentJSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        context = {**(parser_context or {}), "encoding": "utf-8"}
        raw = stream.read()
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ParseError(
                f"JSON parse error - the body is not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset "
                f"{exc.start}). JSON is sent as UTF-8, whatever charset the Content-Type names."
            ) from None
        try:
            return super().parse(io.BytesIO(raw), media_type, context)
        except RecursionError:
            raise ParseError("JSON parse error - the body is nested too deeply.") from None


# the one way a lone surrogate reaches a parsed body: a \\uD800-\\uDFFF escape (UTF-8 text cannot hold one)
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89abcdefABCDEF]")


class JSONParser(TextAsSentJSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read()
        data = super().parse(io.BytesIO(raw), media_type, parser_context)
        if not _SURROGATE_ESCAPE.search(raw):  # nearly every body: no second pass over what was parsed
            return data
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            where = _first_lone_surrogate(data)
            raise ParseError(
                f"JSON parse error - {where} holds a lone surrogate escape (\\ud800-\\udfff without its pair), "
                "which is not Unicode text. Send the text as UTF-8, or escape a character outside the basic "
                "plane as its two surrogates."
            ) from None
        return data


def _first_lone_surrogate(data) -> str:
    """Where the first string (or key) holding a lone surrogate is, as ``body.field[0].key``."""
    for node in walk(data, "body"):
        if isinstance(node.item, str) and not encodes(node.item):
            return f"a key of {node.path}" if node.key else node.path
    return "the body"
