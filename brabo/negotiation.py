"""DRF's content negotiation, remembered: which renderer answers a request depends only on the view's
renderers, the ``Accept`` header and the format asked for (``?format=`` or a URL suffix), and DRF works it
out anew on every request by parsing the header into media types and matching them in precedence order
(~20-50 µs of CPU per API call on the bench machine, for an answer that is nearly always the same).

:class:`ContentNegotiation` asks DRF's own :class:`~rest_framework.negotiation.DefaultContentNegotiation` once
per combination and keeps its answer (which renderer of the list, which media type). A refusal (406, or the
404 of an unknown format) is never kept: it is DRF's, raised every time. The combinations kept are bounded
(clients choose the header): past the bound, answers are worked out as before and not kept.
"""

from __future__ import annotations

import threading

from rest_framework.negotiation import DefaultContentNegotiation

MAX_KEPT = 256


class ContentNegotiation(DefaultContentNegotiation):
    _kept: dict[tuple, tuple[int, str]] = {}
    _lock = threading.Lock()

    def select_renderer(self, request, renderers, format_suffix=None):
        format_query_param = self.settings.URL_FORMAT_OVERRIDE
        key = (
            tuple(type(renderer) for renderer in renderers),
            request.META.get("HTTP_ACCEPT"),
            format_suffix,
            request.query_params.get(format_query_param) if format_query_param else None,
        )
        found = self._kept.get(key)
        if found is not None:
            return renderers[found[0]], found[1]
        renderer, media_type = super().select_renderer(request, renderers, format_suffix)
        at = next((i for i, r in enumerate(renderers) if r is renderer), None)
        if at is not None:
            with self._lock:
                if len(self._kept) < MAX_KEPT:
                    self._kept[key] = (at, media_type)
        return renderer, media_type
