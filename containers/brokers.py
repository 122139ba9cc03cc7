"""Choosing the broker adapter (``BRABO_CONTAINER_BROKER``): above the port (``containers.broker``) and
its adapters, which import the port's types."""

from __future__ import annotations

from django.conf import settings

from .broker import ContainerBroker
from .bwrap import BwrapBroker
from .docker_engine import DockerEngineBroker


def get_broker(name: str | None = None) -> ContainerBroker:
    name = name or settings.BRABO_CONTAINER_BROKER
    if name == "docker":
        return DockerEngineBroker(settings.BRABO_DOCKER_HOST)

    return BwrapBroker()
