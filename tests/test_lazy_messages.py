"""The message storage is built when something first uses it (``brabo.middleware.MessageMiddleware``).

An API call never adds or reads a message, so it no longer pays for building the storage; a page that
adds or reads one must behave exactly as under Django's own middleware: the same cookie written, the same
messages read back, the cookie cleared once they are read.
"""

from __future__ import annotations

import pytest
from django.contrib import messages
from django.contrib.messages.middleware import MessageMiddleware as DjangoMessageMiddleware
from django.contrib.sessions.middleware import SessionMiddleware
from django.core import signing
from django.http import HttpResponse
from django.test import RequestFactory
from django.utils.functional import empty

from brabo.middleware import MessageMiddleware


@pytest.mark.django_db
def test_an_api_call_never_builds_the_message_storage(client):
    response = client.get("/api/projects/")  # DRF's answer to a caller without credentials
    assert response.status_code in (401, 403)
    storage = response.wsgi_request._messages
    assert storage._wrapped is empty  # never built: nothing read or added
    assert "messages" not in response.cookies


def _add(request):
    messages.success(request, "saved")
    messages.error(request, "but one thing failed")
    return HttpResponse("ok")


def _read(request):
    return HttpResponse(" | ".join(f"{m.level_tag}:{m.message}" for m in messages.get_messages(request)))


def _level(request):
    messages.set_level(request, messages.WARNING)
    messages.info(request, "below the level: dropped")
    messages.warning(request, "kept")
    return HttpResponse(str(messages.get_level(request)))


def _nothing(request):
    return HttpResponse("plain")


def _run(middleware_class, view, cookies=None):
    request = RequestFactory().get("/somewhere/")
    request.COOKIES.update(cookies or {})
    chain = SessionMiddleware(middleware_class(view))
    return chain(request)


@pytest.mark.django_db
@pytest.mark.parametrize("view", [_add, _level, _nothing], ids=["add", "level", "nothing"])
def test_a_page_writes_the_same_cookie_as_djangos_middleware(view, monkeypatch):
    # The cookie is signed with the second it was written: the two runs may fall either side of a second's
    # turn, so both are signed at one fixed time (the same cookie must come out of the same messages).
    stamp = signing.TimestampSigner().timestamp()
    monkeypatch.setattr(signing.TimestampSigner, "timestamp", lambda self: stamp)
    ours, django = _run(MessageMiddleware, view), _run(DjangoMessageMiddleware, view)
    assert ours.content == django.content
    assert ("messages" in ours.cookies) == ("messages" in django.cookies)
    if "messages" in django.cookies:
        assert ours.cookies["messages"].value == django.cookies["messages"].value
        assert ours.cookies["messages"]["max-age"] == django.cookies["messages"]["max-age"]


@pytest.mark.django_db
def test_messages_added_on_one_page_are_read_on_the_next_and_then_cleared():
    added = _run(MessageMiddleware, _add)
    cookie = added.cookies["messages"].value
    read = _run(MessageMiddleware, _read, {"messages": cookie})
    assert read.content == b"success:saved | error:but one thing failed"
    django_read = _run(DjangoMessageMiddleware, _read, {"messages": cookie})
    assert read.content == django_read.content
    # read: the cookie is deleted, as Django does
    assert read.cookies["messages"].value == "" == django_read.cookies["messages"].value
    # not read: a page that touches nothing leaves the cookie alone, as Django does
    untouched = _run(MessageMiddleware, _nothing, {"messages": cookie})
    assert "messages" not in untouched.cookies
    assert "messages" not in _run(DjangoMessageMiddleware, _nothing, {"messages": cookie}).cookies


def test_the_served_settings_use_the_lazy_middleware():
    from django.conf import settings

    assert "brabo.middleware.MessageMiddleware" in settings.MIDDLEWARE
    assert "django.contrib.messages.middleware.MessageMiddleware" not in settings.MIDDLEWARE
