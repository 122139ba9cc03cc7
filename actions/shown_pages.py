"""The template backend every page is rendered with: Django's own, and then ``actions.shown.visible_markup``.

A person reads agents' text on many pages -- the console's, the Django admin's lists, change pages and filters,
the messages after a click, the page titles -- and a field a template forgot to filter would show a bidi
override or a terminal escape to them as it acts, not as what it is. So no page relies on each field: the
rendered page passes ``visible_markup`` once, after every template and include, before it is encoded (a lone
surrogate would otherwise fail the page). The fields' own ``visible`` filters stay: they also count blank runs
in a block, which a page-wide pass cannot tell from indentation.
"""

from __future__ import annotations

from django.template import TemplateDoesNotExist
from django.template.backends.django import DjangoTemplates, Template, reraise
from django.utils.safestring import SafeString, mark_safe

from .shown import visible_markup


class _ShownTemplate(Template):
    def render(self, context=None, request=None):
        html = super().render(context, request)
        shown = visible_markup(html)
        return mark_safe(shown) if isinstance(html, SafeString) else shown


class ShownTemplates(DjangoTemplates):
    """``DjangoTemplates`` whose every rendered template has passed ``visible_markup``."""

    def from_string(self, template_code):
        return _ShownTemplate(self.engine.from_string(template_code), self)

    def get_template(self, template_name):
        try:
            return _ShownTemplate(self.engine.get_template(template_name), self)
        except TemplateDoesNotExist as exc:
            reraise(exc, self)
