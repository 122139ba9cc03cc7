"""Query-string filters of the list endpoints, declared once: the same declaration filters the queryset and
documents the parameter (type, enum) in the OpenAPI schema (R12.4)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter

from brabo.api_errors import ApiError
from brabo.storable import text_problem


@dataclass(frozen=True)
class QueryFilter:
    name: str  # the query parameter
    lookup: str  # the ORM lookup it filters on
    description: str
    choices: tuple[str, ...] = ()  # an enum; empty = any text
    id_of: str = ""  # set when the value is an id: what it is the id of ("a project id")

    def parameter(self) -> OpenApiParameter:
        return OpenApiParameter(
            self.name,
            OpenApiTypes.UUID if self.id_of else OpenApiTypes.STR,
            enum=list(self.choices) or None,
            description=self.description,
        )

    def value(self, raw: str):
        if self.id_of:
            try:
                return uuid.UUID(raw)
            except ValueError:
                raise ApiError(f"{self.name} must be {self.id_of}.", reason="invalid") from None
        why = text_problem(raw)
        if why:  # PostgreSQL cannot even compare text holding NUL: a 500 otherwise
            raise ApiError(f"{self.name} {why}.", reason="invalid")
        if self.choices and raw not in self.choices:
            raise ApiError(f"{self.name} must be one of {', '.join(self.choices)}.", reason="invalid")
        return raw


def apply_filters(qs: QuerySet, params, filters: tuple[QueryFilter, ...]) -> QuerySet:
    """``qs`` narrowed by every filter the query string gives (an empty value is no filter)."""
    for f in filters:
        raw = params.get(f.name)
        if raw:
            qs = qs.filter(**{f.lookup: f.value(raw)})
    return qs


def filter_parameters(filters: tuple[QueryFilter, ...]) -> list[OpenApiParameter]:
    return [f.parameter() for f in filters]
