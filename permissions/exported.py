"""R4.10 across segments: the options a program reads from its environment, set by an earlier segment.

`export PIP_USER=1 && pip install x` is `pip install x --user`, and `export HUSKY=0; git commit` commits without
the hooks, as `git commit --no-verify` does: what a segment exports reaches the programs the command runs after
it (permissions.commands.views.env_options reads a prefix assignment, `HUSKY=0 git commit`, and `env`'s, within
one segment). A variable assigned alone (`HUSKY=0; git commit`) counts as exported -- the shell may have it
exported already -- and so does one set in a subshell or a pipeline before the program (deny matches more,
R4.8). Each later view of a program that reads such variables is judged again by deny and ask with the options
it reads added.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from permissions.commands.environment import DECLARATION_BUILTINS
from permissions.commands.views import ARGUMENT_READERS, ENV_READERS, env_options, is_assignment
from permissions.matching import DENY_RANK, CompiledPermissions, Pattern
from permissions.shell import Segment

__all__ = ["ARGUMENT_READERS", "ENV_READERS", "assigned_rules", "exported_options"]


Views = Sequence[tuple[str, ...]]
Found = tuple[int, int, Pattern]


def exported_options(
    segments: Sequence[Segment], seg_views: Sequence[Views], comp: CompiledPermissions
) -> Found | None:
    """The first segment (index, rank, pattern) a deny -- else an ask -- pattern matches once the options its
    program reads from what earlier segments exported are read into it; None when none does."""

    def with_options(views: Views, exported: list[str]) -> list[tuple[str, ...]]:
        return [e for v in views if v for e in env_options(exported, v)] if exported else []

    return _first_named(segments, seg_views, comp, with_options)


def assigned_rules(
    segments: Sequence[Segment], seg_views: Sequence[Views], comp: CompiledPermissions
) -> Found | None:
    """R4.10: the first segment (index, rank, pattern) a deny -- else an ask -- pattern that sets assignments
    before its program (`NODE_ENV=production npm run deploy`: CompiledPermissions.env_led) matches once the segment
    is read with the environment it runs in: what earlier segments exported, its own assignments in any order
    and among others (`CI=1 NODE_ENV=production npm run deploy`), those `env` sets (`env NODE_ENV=production npm
    ...`). Each view of a program such a pattern names is read led by the pattern's assignments when they are all
    in that environment; None when no pattern matches."""
    led = comp.env_led

    def led_by_assignments(views: Views, exported: list[str]) -> list[tuple[str, ...]]:
        if not any(v and v[0] in led for v in views):
            return []
        env = {*exported, *(w for v in views if v for w in _set_by(v))}
        return [(*lead, *v) for v in views if v and v[0] in led for lead in led[v[0]] if env.issuperset(lead)]

    return _first_named(segments, seg_views, comp, led_by_assignments)


def _first_named(
    segments: Sequence[Segment],
    seg_views: Sequence[Views],
    comp: CompiledPermissions,
    extra_views: Callable[[Views, list[str]], list[tuple[str, ...]]],
) -> Found | None:
    """The first segment a deny -- else an ask -- pattern matches in the views ``extra_views`` gives it from its own
    views and what earlier segments exported (a variable assigned alone counts: the shell may export it)."""
    exported: list[str] = []
    found: Found | None = None
    for i, seg in enumerate(segments):
        words = seg.words
        if not words:
            continue
        extra = extra_views(seg_views[i] if i < len(seg_views) and seg_views[i] else (words,), exported)
        hit = comp.deny_or_ask(extra) if extra else None
        if hit is not None and (found is None or hit[0] < found[1]):
            found = (i, hit[0], hit[1])
            if hit[0] == DENY_RANK:
                return found
        first = words[0]
        if first in DECLARATION_BUILTINS or ("=" in first and all(is_assignment(w) for w in words)):
            exported.extend(w for w in words if is_assignment(w))
    return found


def _set_by(view: tuple[str, ...]) -> list[str]:
    """The assignments a view sets for its command: those leading it, or `env`'s (after its options) -- and rake's,
    which reads `NAME=value` among its arguments into its environment (`bin/rails db:migrate RAILS_ENV=production`)."""
    if view[0].rpartition("/")[2] in _RAKES:
        return [w for w in view[1:] if "=" in w and is_assignment(w)]
    k = 1 if view[0] == "env" else 0
    out: list[str] = []
    while k < len(view):
        w = view[k]
        if "=" in w and is_assignment(w):
            out.append(w)
        elif not (view[0] == "env" and w[:1] == "-"):
            break
        k += 2 if w in _ENV_VALUED else 1
    return out


_ENV_VALUED = frozenset({"-u", "--unset", "-C", "--chdir"})  # env's options that take the next word
_RAKES = frozenset({"rake", "rails"})  # (rails runs rake's tasks: `rails db:migrate RAILS_ENV=production`)
