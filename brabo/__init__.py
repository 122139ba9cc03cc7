"""Brabo: the control plane for AI coding agents. Django project package (settings, urls, Celery app)."""

from .celery import app as celery_app

__all__ = ("celery_app",)
