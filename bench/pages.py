"""Benchmark: the cursor-paged lists (the actions queue, a project's events, a workspace's events) at a small
and a large log, first page and a deep page, through Django's WSGI handler in this process.

The world: --tenants workspaces of two projects each, one member (a personal token) in the first workspace.
For each size (--small, --large: the number of project events), the seeded rows are replaced by bulk SQL
(``INSERT ... SELECT generate_series``): one in --every (default 2) of the events belongs to the measured
project, the rest are spread over the other projects of every tenant (so the tenancy filters have something
to skip); one action per two events; as many workspace events, one in --every in the member's workspace.
Then ANALYZE, and per list:

* first page: ``GET`` with no cursor;
* deep page: ``GET`` with a cursor at 90 % of the list (or a full page before its end), built as the API
  builds one (a ``next`` link of the first page is decoded and its position replaced by the key of the row
  there).

Each page is requested --reps times (after one warm-up) and the median is printed (the small size is measured
before and after the large one, --reps times each: the machine drifts): the request's CPU time in
this process (``time.process_time``: Python's side; PostgreSQL's own CPU is not counted) and its wall time.
Then the ratio large/small and the goal line: within 1.5x of the small figures, met or NOT met, per list and
page (on wall time, the figure a client sees). With --explain, the page queries' plans (EXPLAIN ANALYZE) at the
large size.

    .venv/bin/python bench/pages.py [--small 1000] [--large 500000] [--reps 9] [--explain]
    .venv/bin/python bench/pages.py --shown    # what showing a 1 MB payload costs (no database)
    ... bench/pages.py --every 100 --small 50000    # a project / workspace with 1 % of the rows

PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/brabo_pages), created and migrated if
missing. The bench replaces every action and event row of that database: give it one of its own.
"""

from __future__ import annotations

import argparse
import base64
import io
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import api as bench_api  # noqa: E402
from _wsgi_driver import bench_env  # noqa: E402

GOAL = 1.5
DEEP_AT = 0.9  # where the deep page starts, as a share of the list

SEED_ACTIONS = """
CREATE TEMP TABLE bench_actions ON COMMIT DROP AS
SELECT n, gen_random_uuid() AS id,
       CASE WHEN n %% %(every)s = 0 THEN %(main)s::uuid ELSE (%(others)s::uuid[])[1 + n %% %(n_others)s] END
         AS project_id,
       %(t0)s::timestamptz + n * interval '1 millisecond' AS created_at
FROM generate_series(0, %(actions)s - 1) AS n;
INSERT INTO actions_proposedaction (id, action_type, payload, payload_hash, status, reason, message, segments,
  scope_root, auto_mode, denial_reason, merge_pr, attempts, created_at, updated_at, project_id, dispatch_due,
  expiry_seconds, hook_fingerprint, decision_message, decided_at, settled_at)
SELECT id, 'terminal', jsonb_build_object('command', 'git status --short ' || n), md5(n::text),
  (ARRAY['auto_approved', 'denied', 'approved', 'pending'])[1 + n %% 4], 'policy', '', '[]'::jsonb, '', false,
  '', '', 0, created_at, created_at, project_id, false, 0, '', '', created_at, created_at
FROM bench_actions;
INSERT INTO actions_sessionevent (type, actor_kind, actor_id, actor_label, payload, created_at, action_id,
  project_id)
SELECT CASE WHEN e %% 2 = 0 THEN 'action.created' ELSE 'action.decided' END, 'agent', 'bench', 'bench-agent',
  jsonb_build_object('actionType', 'terminal', 'status', 'auto_approved', 'command', 'git status --short ' || a.n),
  a.created_at + (e %% 2) * interval '100 microseconds', a.id, a.project_id
FROM generate_series(0, %(events)s - 1) AS e JOIN bench_actions a ON a.n = e / 2
ORDER BY e;
"""

SEED_WORKSPACE_EVENTS = """
INSERT INTO projects_workspaceevent (type, actor_kind, actor_id, actor_label, payload, created_at, workspace_id)
SELECT 'member.added', 'person', 'bench', 'bench-owner', jsonb_build_object('user', 'u' || n),
  %(t0)s::timestamptz + n * interval '1 millisecond',
  CASE WHEN n %% %(every)s = 0 THEN %(main)s::uuid ELSE (%(others)s::uuid[])[1 + n %% %(n_others)s] END
FROM generate_series(0, %(events)s - 1) AS n;
"""


def setup_world(tenants: int) -> dict:
    """Migrate; the workspaces, projects, the member and their token (made once, found again later)."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from projects.keys import create_personal_token
    from projects.models import Project, Workspace
    from projects.services import create_project, create_workspace

    call_command("migrate", verbosity=0)
    users = get_user_model().objects
    owner = users.filter(username="pages-owner").first() or users.create_user("pages-owner", password="x")
    for t in range(tenants):
        actor = (
            owner
            if t == 0
            else (users.filter(username=f"pages-t{t}").first() or users.create_user(f"pages-t{t}"))
        )
        ws = Workspace.objects.filter(name=f"pages {t}").first() or create_workspace(
            actor=actor, name=f"pages {t}"
        )
        for p in range(2):
            if not Project.objects.filter(workspace=ws, name=f"app-{p}").exists():
                create_project(actor=actor, workspace=ws, name=f"app-{p}")
    ws0 = Workspace.objects.get(name="pages 0")
    main = Project.objects.get(workspace=ws0, name="app-0")
    others = [
        str(p.id) for p in Project.objects.filter(workspace__name__startswith="pages ").exclude(id=main.id)
    ]
    other_ws = [str(w.id) for w in Workspace.objects.filter(name__startswith="pages ").exclude(id=ws0.id)]
    _, token = create_personal_token(actor=owner, name=f"pages {time.time()}")
    return {
        "token": token,
        "project": str(main.id),
        "workspace": str(ws0.id),
        "others": others,
        "other_ws": other_ws,
    }


def seed(world: dict, events: int, every: int) -> float:
    """Replace the action and event rows with ``events`` project events (and the actions and workspace
    events that go with them); answers the seconds it took."""
    from django.db import connection, transaction

    t0 = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cur:
        cur.execute("TRUNCATE actions_proposedaction, actions_sessionevent, projects_workspaceevent CASCADE")
        base: dict[str, Any] = {
            "t0": "2026-01-01T00:00:00+00:00",
            "events": events,
            "actions": (events + 1) // 2,
            "every": every,
        }
        values = {
            **base,
            "main": world["project"],
            "others": world["others"],
            "n_others": len(world["others"]),
        }
        for statement in SEED_ACTIONS.split(";"):
            if statement.strip():
                cur.execute(statement, values)
        cur.execute(
            SEED_WORKSPACE_EVENTS,
            {
                **base,
                "main": world["workspace"],
                "others": world["other_ws"],
                "n_others": len(world["other_ws"]),
            },
        )
    with connection.cursor() as cur:
        cur.execute("ANALYZE actions_proposedaction, actions_sessionevent, projects_workspaceevent")
    return time.perf_counter() - t0


def environ(token: str, url: str) -> dict:
    parts = urlsplit(url)
    return {
        "REQUEST_METHOD": "GET",
        "SCRIPT_NAME": "",
        "PATH_INFO": parts.path,
        "QUERY_STRING": parts.query,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_AUTHORIZATION": f"Token {token}",
        "HTTP_HOST": "127.0.0.1:8000",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }


def get(application, token: str, url: str) -> tuple[bytes, float, float]:
    """(body, CPU seconds, wall seconds) of one GET through the WSGI handler; exits on a non-200 answer."""
    status: list[str] = []

    def start_response(code, headers, exc_info=None):
        status.append(code)
        return lambda data: None

    cpu, wall = time.process_time(), time.perf_counter()
    result = application(environ(token, url), start_response)
    body = b"".join(result)
    result.close()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if not status[0].startswith("200"):
        sys.exit(f"{url}: {status[0]}: {body[:500]!r}")
    return body, cpu, wall


def deep_cursor(next_link: str, position: str) -> str:
    """The ``cursor`` of ``next_link`` with its position replaced (the API's own encoding: base64 of a query
    string, see DRF's CursorPagination.encode_cursor)."""
    raw = parse_qs(urlsplit(next_link).query)["cursor"][0]
    tokens = {
        k: v[0] for k, v in parse_qs(base64.b64decode(raw).decode("ascii"), keep_blank_values=True).items()
    }
    tokens.pop("o", None)  # no offset: the position alone says where the page starts
    tokens["p"] = position
    return base64.b64encode(urlencode(tokens, doseq=False).encode("ascii")).decode("ascii")


def lists(world: dict) -> dict[str, tuple[str, Any]]:
    """Each list's URL and the queryset (in its API order) its deep position is read from."""
    from actions.models import ProposedAction, SessionEvent
    from projects.models import Project, WorkspaceEvent

    project, ws = world["project"], world["workspace"]
    mine = [str(p) for p in Project.objects.filter(workspace_id=ws).values_list("id", flat=True)]
    return {
        "actions ?project=": (
            f"/api/actions/?project={project}",
            ProposedAction.objects.filter(project_id=project).order_by("-created_at", "id"),
        ),
        "actions (all mine)": (
            "/api/actions/",
            ProposedAction.objects.filter(project_id__in=mine).order_by("-created_at", "id"),
        ),
        "project events": (
            f"/api/projects/{project}/events/",
            SessionEvent.objects.filter(project_id=project).order_by("id"),
        ),
        "workspace events": (
            f"/api/workspaces/{ws}/events/",
            WorkspaceEvent.objects.filter(workspace_id=ws).order_by("id"),
        ),
    }


def measure(application, world: dict, reps: int, sqls: dict | None = None) -> dict:
    """{(list, page): (CPU ms samples, wall ms samples, rows)} — page is "first" or "deep"."""
    import json

    from django.db import connection

    figures = {}
    for name, (url, ordered) in lists(world).items():
        first, _, _ = get(application, world["token"], url)
        data = json.loads(first)
        if not data["next"]:
            sys.exit(f"{name}: one page holds it all; raise --small (or lower --every) for a deep page")
        count = ordered.count()
        # at DEEP_AT of the list, but a full page before its end (the small list is short)
        row = ordered[max(0, min(int(count * DEEP_AT), count - len(data["results"]) - 1))]
        key = row.created_at if name.startswith("actions") else row.id
        position = str(key)
        deep = url + ("&" if "?" in url else "?") + urlencode({"cursor": deep_cursor(data["next"], position)})
        for page, page_url in (("first", url), ("deep", deep)):
            if sqls is not None:
                seen: list[tuple[str, object]] = []

                def capture(execute, sql, params, many, context, seen=seen):
                    seen.append((sql, params))
                    return execute(sql, params, many, context)

                with connection.execute_wrapper(capture):
                    get(application, world["token"], page_url)
                sqls[(name, page)] = seen
            get(application, world["token"], page_url)  # warm
            cpus, walls, rows = [], [], 0
            for _ in range(reps):
                body, cpu, wall = get(application, world["token"], page_url)
                cpus.append(cpu * 1000)
                walls.append(wall * 1000)
                rows = len(json.loads(body)["results"])
            figures[(name, page)] = (cpus, walls, rows)
    return figures


def explain(sqls: dict) -> str:
    """EXPLAIN ANALYZE of each page's statements on the listed tables (the one that reads the page), as text
    to print after the figures (it runs while the large size is seeded)."""
    from django.db import connection

    out: list[str] = []
    for (name, page), statements in sqls.items():
        for sql, params in statements:
            if not any(
                t in sql
                for t in (
                    'FROM "actions_proposedaction"',
                    'FROM "actions_sessionevent"',
                    'FROM "projects_workspaceevent"',
                )
            ):
                continue
            out.append(
                f"\n-- {name}, {page} page:\n{sql[:600]}{' ...' if len(sql) > 600 else ''}\n   {params}"
            )
            with connection.cursor() as cur:
                cur.execute("EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) " + sql, params)
                out.append("\n".join("   " + r[0] for r in cur.fetchall()))
    return "\n".join(out)


def report(small: dict, large: dict, sizes: tuple[int, int]) -> None:
    print(
        f"\n{'list':<20} {'page':<6} {'rows':>4} | {sizes[0]:>7,} ev CPU/wall ms | {sizes[1]:>7,} ev CPU/wall ms"
        f" | ratio CPU  wall | within {GOAL}x"
    )
    met_all = True
    for key, (cpus, walls, rows) in small.items():
        cpu_s, wall_s = statistics.median(cpus), statistics.median(walls)
        cpu_l, wall_l = statistics.median(large[key][0]), statistics.median(large[key][1])
        ratio = wall_l / wall_s
        met = ratio <= GOAL
        met_all &= met
        print(
            f"{key[0]:<20} {key[1]:<6} {rows:>4} | {cpu_s:>10.2f} {wall_s:>8.2f} | {cpu_l:>10.2f} {wall_l:>8.2f}"
            f" | {cpu_l / cpu_s:>8.2f} {ratio:>5.2f} | {'met' if met else 'NOT met'}"
        )
    print(
        f"\ngoal (first and deep pages within {GOAL}x of the {sizes[0]:,}-event figures, wall): "
        f"{'met' if met_all else 'NOT met'}"
    )


def shown_bench(reps: int) -> None:
    """``actions.shown.visible`` and the page pass on 1 MB texts: per character (before) and as now, side by
    side (the median of ``reps`` runs, CPU time)."""
    from actions import shown

    def per_char(text: str) -> str:  # how visible() read every text before: one Python call per character
        out = "".join(shown._char(ch, True) for ch in text)
        return shown._SPACES.sub(lambda m: f"⟨{len(m.group())} spaces⟩", out)

    line = "make build && ./run --flag value  # an ordinary command line\n"
    texts = {
        "ASCII, 1 MB": line * (1_000_000 // len(line)),
        "accents and CJK, 1 MB": ("café naïve 日本語のテキスト " * 40 + "\n") * 900,
        "hostile-dense, 1 MB": ("ls \u202e x\u200b \x1b[0m " + "y" * 40 + "\n") * 18_000,
    }

    def median(fn, text) -> float:
        times = []
        for _ in range(reps):
            t0 = time.process_time()
            fn(text)
            times.append(time.process_time() - t0)
        return statistics.median(times)

    print(f"{'text':24} {'per character':>14} {'visible now':>12} {'page pass':>10}")
    for name, text in texts.items():
        assert shown.visible(text, lines=True) == per_char(text)  # same output, or the figures mean nothing
        before, now = median(per_char, text), median(lambda t: shown.visible(t, lines=True), text)
        page = median(shown.visible_markup, text)
        print(f"{name:24} {before * 1000:11.1f} ms {now * 1000:9.1f} ms {page * 1000:7.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--small", type=int, default=1000, help="project events at the small size")
    parser.add_argument("--large", type=int, default=500_000, help="project events at the large size")
    parser.add_argument("--tenants", type=int, default=4, help="workspaces (two projects each)")
    parser.add_argument(
        "--every", type=int, default=2, help="one row in EVERY is the measured project's / workspace's"
    )
    parser.add_argument("--reps", type=int, default=9, help="requests per page (the median is printed)")
    parser.add_argument(
        "--explain", action="store_true", help="EXPLAIN ANALYZE the page queries at the large size"
    )
    parser.add_argument(
        "--shown", action="store_true", help="time showing a 1 MB text (shown.visible), then stop"
    )
    args = parser.parse_args()
    if args.shown:
        shown_bench(args.reps)
        return 0

    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/brabo_pages")
    bench_api.ensure_database(url)
    os.environ.update({**bench_env(), "DATABASE_URL": url})
    import django

    django.setup()
    from django.core.wsgi import get_wsgi_application

    world = setup_world(args.tenants)
    application = get_wsgi_application()
    results = []
    plans = ""
    # small, large, small again: this machine drifts, so the small figures are the median of both rounds
    for size in (args.small, args.large, args.small):
        took = seed(world, size, args.every)
        print(
            f"seeded {size:,} project events, {(size + 1) // 2:,} actions, {size:,} workspace events "
            f"({args.tenants} tenants) in {took:.1f} s"
        )
        sqls: dict | None = {} if args.explain and size == args.large and not plans else None
        results.append(measure(application, world, args.reps, sqls))
        if sqls:
            plans = explain(sqls)
    small = {k: (v[0] + results[2][k][0], v[1] + results[2][k][1], v[2]) for k, v in results[0].items()}
    report(small, results[1], (args.small, args.large))
    if plans:
        print(f"\nplans at {args.large:,} events:{plans}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
