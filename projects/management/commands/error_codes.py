"""``manage.py error_codes [--json] [--kind error|execution|outcome|decision]``: the catalogue of public
reason codes (brabo.errors), for people writing clients and for docs."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand

from brabo.errors import CATALOGUE, DECISION, ERROR, EXECUTION, OUTCOME


class Command(BaseCommand):
    help = "Print every public reason code with its HTTP status, message and next step."

    def add_arguments(self, parser):
        parser.add_argument(
            "--json", dest="as_json", action="store_true", help="one JSON array instead of a table"
        )
        parser.add_argument("--kind", choices=[ERROR, EXECUTION, OUTCOME, DECISION], help="only this kind")

    def handle(self, *args, as_json: bool = False, kind: str | None = None, **options):
        rows = [c for c in CATALOGUE.values() if kind is None or c.kind == kind]
        rows.sort(key=lambda c: (c.kind, c.status or 0, c.code))
        if as_json:
            self.stdout.write(_dumps(rows))
            return
        for c in rows:
            status = "/".join(str(s) for s in c.statuses) or "-"
            flag = " (reserved)" if c.reserved else ""
            self.stdout.write(f"{c.kind:<9} {status:<7} {c.code}{flag}\n    {c.message}\n    → {c.next_step}")


def _dumps(rows) -> str:
    return json.dumps(
        [
            {
                "code": c.code,
                "kind": c.kind,
                "status": c.status,
                "other_statuses": list(c.other_statuses),
                "message": c.message,
                "next_step": c.next_step,
                "reserved": c.reserved,
            }
            for c in rows
        ],
        indent=1,
        ensure_ascii=False,
    )
