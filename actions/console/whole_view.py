"""The action page's two views of a payload, and the mark that says a person had the whole one in front of them.

A proposal may carry up to 1 MB. Its page shows a head first, at most ``HEAD_CHARS`` characters and
``HEAD_LINES`` lines of it, saying how many bytes each text leaves out and linking to the exact payload bytes
(those ``payload_hash`` hashes). A person approves only what they were shown whole: on a head, Approve and Always
allow are not offered, the page links to its whole view instead, and a console approval of a payload longer than
the head is accepted only with the mark the whole view alone puts in its forms -- an HMAC of the person, the
action and the whole payload's hash, so it is not another person's, not another action's, and not a payload
changed since.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from django.http import HttpResponse
from django.utils.crypto import constant_time_compare, salted_hmac

from actions import shown
from actions.console.preview import mask_whole
from brabo_client.payload_hash import canonical_bytes

# the head: a payload whose exact bytes are longer than this is shown cut first, and approved on its whole view
HEAD_BYTES = 64 * 1024
HEAD_CHARS = 64 * 1024
HEAD_LINES = 2000
SUMMARY_HEAD_CHARS = 2000  # the command line at the top of a head view
# a payload text longer than this (or of several lines) is shown under the payload, not in its JSON
PAYLOAD_INLINE_CHARS = 80
_SALT = "brabo.console.shown-whole"


def is_long(raw: bytes) -> bool:
    """Whether a payload of these exact bytes is longer than the head: its approval needs the whole view."""
    return len(raw) > HEAD_BYTES


def whole_mark(action, user) -> str:
    """The mark a whole view gives ``user``'s forms for ``action`` as it is now (its whole payload's hash)."""
    digest = hashlib.sha256(canonical_bytes(action.payload)).hexdigest()
    return salted_hmac(_SALT, f"{action.pk}:{user.pk}:{digest}").hexdigest()


def read_whole(action, user, mark: str) -> bool:
    """Whether an approval of ``action`` by ``user`` carrying ``mark`` comes from a view that showed it whole: a
    payload no longer than the head is whole everywhere; a longer one needs its whole view's mark."""
    if not is_long(canonical_bytes(action.payload)):
        return True
    return bool(mark) and constant_time_compare(mark, whole_mark(action, user))


@dataclass
class Block:
    """One text of the payload as the page shows it: where it is, its shown text, and the bytes left out."""

    place: str
    text: str
    more_bytes: int = 0


class _Budget:
    """What is left of the head for the texts still to show."""

    def __init__(self, chars: int | None, lines: int | None):
        self.chars, self.lines = chars, lines

    def head(self, text: str) -> str:
        """The start of ``text`` that fits what is left (whole lines first; a long line cut after a space)."""
        if self.chars is None or self.lines is None:
            return text
        taken: list[str] = []
        used = 0
        for line in text.splitlines(keepends=True):
            room = self.chars - used
            if room <= 0 or len(taken) >= self.lines:
                break
            if len(line) > room:
                cut = line.rfind(" ", room // 2, room)
                taken.append(line[: cut + 1 if cut > 0 else room])
                used = self.chars
                break
            taken.append(line)
            used += len(line)
        self.chars -= used
        self.lines -= len(taken)
        return "".join(taken)


def _utf8_len(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))  # an agent's text may carry a lone surrogate


def _shown(place: str, value: str, budget: _Budget) -> Block:
    head = budget.head(value)
    more = _utf8_len(value) - _utf8_len(head)
    return Block(shown.visible(place), shown.visible(mask_whole(head), lines=True), more)


def _set_aside(value, path: str, texts: list[tuple[str, str]]):
    """``value`` with each long text replaced by a note, the text itself appended to ``texts``."""
    if isinstance(value, dict):
        return {k: _set_aside(v, f"{path}.{k}" if path else str(k), texts) for k, v in value.items()}
    if isinstance(value, list):
        return [_set_aside(v, f"{path}[{i}]", texts) for i, v in enumerate(value)]
    if isinstance(value, str) and (len(value) > PAYLOAD_INLINE_CHARS or "\n" in value):
        texts.append((path, value))
        return f"({len(value)} characters, in full below)"
    return value


def payload_blocks(action, *, whole: bool) -> tuple[Block, list[Block]]:
    """The payload as the page shows it: its JSON with each long text set aside, then those texts; every text
    masked and made visible. ``whole``: all of it; else a head of ``HEAD_CHARS`` / ``HEAD_LINES`` in all."""
    payload = dict(action.payload) if isinstance(action.payload, dict) else {"payload": action.payload}
    texts: list[tuple[str, str]] = []
    short = _set_aside(payload, "", texts)
    budget = _Budget(None, None) if whole else _Budget(HEAD_CHARS, HEAD_LINES)
    head = _shown("", json.dumps(short, indent=2, ensure_ascii=False), budget)
    return head, [_shown(place, value, budget) for place, value in texts]


def payload_download(action) -> HttpResponse:
    """The payload's exact bytes, the ones its stored hash is the SHA-256 of, as a file to save."""
    raw = canonical_bytes(action.payload)
    response = HttpResponse(raw, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="payload-{action.pk}.json"'
    response["X-Payload-SHA256"] = hashlib.sha256(raw).hexdigest()
    return response
