"""brabo.redaction: one filter on every log handler (Django, Celery, gunicorn) removes credentials."""

from __future__ import annotations

import io
import logging

import pytest

from brabo.redaction import REDACTED, RedactSecrets, install, redact_text, remember_secret


@pytest.mark.parametrize(
    "text,secret",
    [
        ("GET /x Authorization: Bearer abcDEF123456789", "abcDEF123456789"),
        ("{'Authorization': 'token zzzYYYxxx111'}", "zzzYYYxxx111"),
        ("headers={'authorization': 'Basic dXNlcjpwYXNz'}", "dXNlcjpwYXNz"),
        ("curl -H 'PRIVATE-TOKEN: glpat-abcdefghijklmnopqrst'", "glpat-abcdefghijklmnopqrst"),
        ("https://x/api?access_token=qwertyuiop123&page=2", "qwertyuiop123"),
        ('{"password": "hunter2hunter2"}', "hunter2hunter2"),
        ("cloned with ghp_0123456789abcdefghijABCDEFGHIJ", "ghp_0123456789abcdefghijABCDEFGHIJ"),
        ("key brabo_agent_Zm9vYmFyYmF6cXV4", "brabo_agent_Zm9vYmFyYmF6cXV4"),
    ],
)
def test_secret_shapes_are_redacted(text, secret):
    out = redact_text(text)
    assert secret not in out and REDACTED in out


def test_a_remembered_credential_is_redacted_wherever_it_appears():
    remember_secret("plainvalue-no-shape-42")
    assert redact_text("echo: plainvalue-no-shape-42 (again plainvalue-no-shape-42)") == (
        f"echo: {REDACTED} (again {REDACTED})"
    )


def _handler():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(message)s"))
    install([handler])
    return handler, stream


def test_the_filter_redacts_arguments_and_tracebacks():
    handler, stream = _handler()
    log = logging.getLogger("test.redaction")
    log.addHandler(handler)
    log.propagate = False
    try:
        log.warning("calling with %s", "Authorization: Bearer s3cretXYZ987")
        try:
            raise RuntimeError("provider said: token=leakedVALUE123")
        except RuntimeError:
            log.exception("failed")
    finally:
        log.removeHandler(handler)
    out = stream.getvalue()
    assert "s3cretXYZ987" not in out and "leakedVALUE123" not in out
    assert "RuntimeError: provider said: token=[REDACTED]" in out  # the traceback is still there, redacted


def test_every_configured_handler_carries_the_filter():
    # Django's LOGGING: the "console" handler, used by the root logger and by Django's own loggers
    # dictConfig registers handlers by name (logging.getHandlerByName is Python 3.12's; this is 3.11)
    console = logging._handlers.get("console")  # type: ignore[attr-defined]
    assert console is not None and any(isinstance(f, RedactSecrets) for f in console.filters)
    for name in ("", "django", "django.server"):
        assert console in logging.getLogger(name).handlers, name


def test_gunicorns_error_and_access_logs_carry_the_filter():
    from gunicorn.config import Config

    from brabo.redaction import GunicornLogger

    cfg = Config()
    cfg.set("accesslog", "-")
    glog = GunicornLogger(cfg)
    for h in glog.error_log.handlers + glog.access_log.handlers:
        assert any(isinstance(f, RedactSecrets) for f in h.filters)


def test_celerys_worker_handlers_get_the_filter():
    from celery.signals import after_setup_logger

    import brabo.celery  # noqa: F401  (connects the signal)

    handler, _ = _handler()
    handler.filters.clear()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        after_setup_logger.send(
            sender=None, logger=root, loglevel=20, logfile=None, format="", colorize=False
        )
        assert any(isinstance(f, RedactSecrets) for f in handler.filters)
    finally:
        root.removeHandler(handler)


def test_fault_exceptions_carry_no_credential_in_their_text():
    from actions.execution import ExecutionFailure, TransientFault

    remember_secret("ownerTOKENvalue-9f8e7d")
    fault = TransientFault("provider_unavailable", "echo: ownerTOKENvalue-9f8e7d Bearer abc.def.ghi", "retry")
    assert "ownerTOKENvalue" not in repr(fault) and "abc.def.ghi" not in repr(fault)
    assert "ownerTOKENvalue" not in fault.failure.message
    failure = ExecutionFailure("x", "said token=zzz123zzz", "next")
    assert "zzz123zzz" not in str(failure) and "zzz123zzz" not in failure.message
