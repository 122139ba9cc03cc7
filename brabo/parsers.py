"""DRF's JSON parser, but JSON nested past Python's recursion limit is a 400, not a RecursionError (a 500).

Its own module, importing nothing of Brabo's: DRF imports it while reading its settings, so anything that
imports back into the settings' users would be read half-initialised.
"""

from __future__ import annotations

from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the body is nested too deeply.") from None
