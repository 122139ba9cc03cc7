"""One live stream per browser tab under the ASGI server (`make run`): a tab's newer live stream takes over the tab's one slot
and wakes the older one, which ends at once — not at its next heartbeat, set here to ten minutes."""

from __future__ import annotations

import httpx

from .served import Server
from .test_async_waits import _env, _seed

URL = "/admin/console/events/stream/"


def test_a_tabs_newer_stream_takes_over_and_the_old_one_ends(tmp_path):
    env = _env(tmp_path, BRABO_SSE_MAX_STREAMS="1", BRABO_SSE_HEARTBEAT="600", BRABO_SSE_MAX_SECONDS="600")
    seed = _seed(env)
    server = Server(tmp_path, env=env)
    try:
        with httpx.Client(base_url=server.url, cookies={"sessionid": seed["a"]["session"]}, timeout=60) as c:
            with c.stream("GET", f"{URL}?tab=tab-one-0001") as first:
                assert first.status_code == 200
                lines = first.iter_lines()
                assert next(lines).startswith("retry:")
                assert c.get(f"{URL}?tab=tab-two-0002").status_code == 429  # another tab still counts
                with c.stream("GET", f"{URL}?tab=tab-one-0001") as second:
                    assert second.status_code == 200
                    assert next(second.iter_lines()).startswith("retry:")
                    # the first ends now (the body closes); with a 600 s heartbeat nothing else would end it
                    assert [line for line in lines if line.strip()] == []
    finally:
        server.stop()
