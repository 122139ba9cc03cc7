"""The containers app's pages in the console: added through the console's page port
(``actions.console.urls.add_page``) by the composition root (``brabo.wiring``)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from actions.console.team import _overlap, _run, keys_page

from .models import Runner
from .runner_keys import rotate_runner_key


@require_POST
def runner_rotate(request, runner_id):
    runner = Runner.objects.select_related("project").filter(pk=runner_id).first()
    if runner is None:
        raise Http404
    made = _run(request, rotate_runner_key, runner=runner, overlap_minutes=_overlap(request))
    if made is None:
        return redirect(reverse("admin:console-keys"))
    return keys_page(request, new_key={"what": f"runner {runner.name}", "key": made[1]})
