"""Checks a serving process runs once at start (``manage.py serve``, the `make run` path), and says aloud.

A port: brabo knows nothing of what is checked. The composition root (``brabo.wiring``) registers the checks
(containers: the sandbox holds no privilege, R9.7); the serve command runs them and prints each answer.
A check returns None when it has nothing to say, else ``(ok, sentence)``.

The same port carries the serving process's background services without a broker (actions' in-process
worker): an app registers ``(start, stop)``; the serve command starts them before it serves and stops them,
in reverse order, when it stops.
"""

from __future__ import annotations

from collections.abc import Callable

StartupCheck = Callable[[], "tuple[bool, str] | None"]
_CHECKS: list[StartupCheck] = []


def register(check: StartupCheck) -> None:
    if check not in _CHECKS:
        _CHECKS.append(check)


def run() -> list[tuple[bool, str]]:
    """Every registered check's answer, in registration order; silent checks are left out."""
    return [answer for answer in (check() for check in _CHECKS) if answer is not None]


Service = tuple[Callable[[], object], Callable[[], object]]
_SERVICES: list[Service] = []


def register_in_process_service(start: Callable[[], object], stop: Callable[[], object]) -> None:
    """A service a broker-less serving process runs in its own background (start, stop)."""
    if (start, stop) not in _SERVICES:
        _SERVICES.append((start, stop))


def start_in_process_services() -> None:
    for start, _ in _SERVICES:
        start()


def stop_in_process_services() -> None:
    for _, stop in reversed(_SERVICES):
        stop()
