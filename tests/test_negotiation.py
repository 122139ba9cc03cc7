"""The remembered content negotiation (brabo.negotiation) answers exactly what DRF's own answers, for every
Accept header and format, the first time and every time after; refusals are DRF's, every time."""

from __future__ import annotations

import pytest
from django.http import Http404
from rest_framework import exceptions
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.test import APIRequestFactory

from brabo import negotiation

ACCEPTS = [
    None,
    "*/*",
    "application/json",
    "application/json; indent=4",
    "text/html",
    "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "application/*",
    "text/*;q=0.5, application/json;q=0.1",
]


def _request(accept: str | None, query: str = "") -> Request:
    factory = APIRequestFactory()
    if accept is None:
        return Request(factory.get("/api/actions/" + query))
    return Request(factory.get("/api/actions/" + query, HTTP_ACCEPT=accept))


@pytest.fixture(autouse=True)
def _forget():
    negotiation.ContentNegotiation._kept.clear()
    yield
    negotiation.ContentNegotiation._kept.clear()


def _pick(negotiator, accept, query="", suffix=None, kinds=(JSONRenderer, BrowsableAPIRenderer)):
    renderers = [kind() for kind in kinds]
    renderer, media_type = negotiator.select_renderer(_request(accept, query), renderers, suffix)
    return type(renderer), media_type, any(renderer is r for r in renderers)


@pytest.mark.parametrize(
    "kinds", [(JSONRenderer, BrowsableAPIRenderer), (JSONRenderer,), (BrowsableAPIRenderer,)]
)
@pytest.mark.parametrize(
    "query,suffix", [("", None), ("?format=json", None), ("", "json"), ("?format=api", None)]
)
def test_the_answer_is_drfs_the_first_time_and_every_time_after(kinds, query, suffix):
    remembered = negotiation.ContentNegotiation()
    answered = 0
    for accept in ACCEPTS:
        try:
            expected = _pick(DefaultContentNegotiation(), accept, query, suffix, kinds)
        except (exceptions.NotAcceptable, Http404) as refused:
            for _ in range(2):
                with pytest.raises(type(refused)):
                    _pick(remembered, accept, query, suffix, kinds)
            continue
        for _ in range(3):  # worked out, then remembered: the same renderer of this request's list
            assert _pick(remembered, accept, query, suffix, kinds) == expected
        answered += 1
    assert len(negotiation.ContentNegotiation._kept) == answered  # each answer kept, no refusal


def test_an_unacceptable_header_is_refused_every_time_and_not_kept():
    remembered = negotiation.ContentNegotiation()
    for _ in range(2):
        with pytest.raises(exceptions.NotAcceptable):
            _pick(remembered, "image/png", kinds=(JSONRenderer,))
    assert not negotiation.ContentNegotiation._kept


def test_the_remembered_answers_are_bounded(monkeypatch):
    monkeypatch.setattr(negotiation, "MAX_KEPT", 3)
    remembered = negotiation.ContentNegotiation()
    for i in range(10):  # clients choose the header: ten different ones
        assert _pick(remembered, f"application/json; v={i}")[0] is JSONRenderer
    assert len(negotiation.ContentNegotiation._kept) == 3


def test_the_api_negotiates_through_it():
    assert api_settings.DEFAULT_CONTENT_NEGOTIATION_CLASS is negotiation.ContentNegotiation
