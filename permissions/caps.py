"""External-effect and privileged command detection for the terminal caps (SPEC §5 step 6, RN-418).

A segment has an *external effect* when it publishes or deploys: ``git push``, ``git remote add|set-url``,
``git merge``, provider CLIs, deploy tools, package publishing. git's global options are skipped
(``git -C /tmp push`` is ``git push``), and every view of the segment is checked (wrappers, assignments,
verb paths and ``sudo`` looked through, R4.8). A *privileged* segment has ``sudo``, ``doas`` or another
sudo-like as a verb. The tools' forms and option syntax live in permissions.commands (effects,
privilege); this module walks them.

The cap fails closed: an option before the subcommand whose arity is not known may or may not take the
next word, and the segment is external when either reading is (``npm --loglevel silly publish``); an option
that defines a command alias (``git -c alias.p=push p``, ``cargo --config alias...``) makes it external,
since an alias can run anything.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from permissions.commands.effects import EXTERNAL, GLOBALS, Globals, api_writes, runs_alias, subcommand_word
from permissions.commands.families import (
    ACT_TOOLS,
    FAMILY_VERBS,
    OPTION_READERS,
    act_positions,
    family_effect,
    option_act_word,
)
from permissions.commands.privilege import PRIVILEGE_VERBS, PRIVILEGED, privileged_view
from permissions.commands.tasks import TASK_VERBS, task_effect, task_words
from permissions.commands.views import is_assignment, views, views_of

__all__ = [
    "CAP_VERBS",
    "external_effect",
    "external_effect_views",
    "is_cap_prefix",
    "network_redirect",
    "privileged",
    "privileged_views",
    "unread_act",
]


# The proper prefixes of the external forms: a reading stays interesting only while it is one of these.
_STARTS: dict[str, frozenset[tuple[str, ...]]] = {
    verb: frozenset(form[:k] for form in forms for k in range(len(form))) for verb, forms in EXTERNAL.items()
}
# Past this many (position, words so far) readings of one segment, it is not worth reading: it is capped.
_MAX_READINGS = 256


# Verbs any cap can start with: a segment whose views start with none of these is never capped.
CAP_VERBS: frozenset[str] = frozenset(EXTERNAL) | PRIVILEGE_VERBS | FAMILY_VERBS | TASK_VERBS


def _steps(glob: Globals, word: str) -> tuple[int, ...]:
    """How many words the option ``word`` spans: (1,), (2,), or (1, 2) when that is not certain."""
    if word in glob.values:
        return (2,)
    if word in glob.flags or "=" in word:
        return (1,)  # `--opt=value`, `-chdir=dir`: the value is in the word
    if word[1] != "-" and glob.short:
        for j in range(1, len(word)):
            takes = glob.short.get(word[j])
            if takes is None:
                break
            if takes:
                return (1,) if j + 1 < len(word) else (2,)
        else:
            return (1,)
    return (1, 2)


def _external_view(view: tuple[str, ...]) -> bool:
    """True when some reading of ``view``'s options makes it one of its verb's external forms (§5 step 6).

    An option of uncertain arity may or may not take the next word: both readings are followed, so the
    subcommand is never decided by a guess (`npm --loglevel silly publish`, `kubectl -v 9 apply`). States
    are (position, subcommand words so far) and the words so far are always a proper prefix of a form, so
    the walk is linear in the segment's length.
    """
    verb = view[0]
    forms = EXTERNAL.get(verb)
    if forms is None:
        return False
    glob = GLOBALS[verb]
    starts = _STARTS[verb]
    n = len(view)
    todo: list[tuple[int, tuple[str, ...]]] = [(1, ())]
    seen: set[tuple[int, tuple[str, ...]]] = set()
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        if len(seen) > _MAX_READINGS:
            return True  # fail closed: too many ways to read it
        k, got = state
        if k >= n:
            continue
        w = view[k]
        if len(w) > 1 and w[0] == "-":
            if w == "--":
                todo.append((k + 1, got))
                continue
            if runs_alias(verb, view, k):
                return True
            for step in _steps(glob, w):
                todo.append((k + step, got))
            continue
        if verb == "cargo" and k == 1 and w.startswith("+"):
            todo.append((2, got))  # `cargo +nightly`: rustup's toolchain selector
            continue
        nxt = (*got, subcommand_word(verb, got, w))
        if nxt in forms:
            if nxt == ("api",):
                if api_writes(view[k + 1 :]):
                    return True
                continue
            return True
        if nxt in starts:
            todo.append((k + 1, nxt))
    return False


def external_effect(words: tuple[str, ...]) -> bool:
    """R4.8 / RN-418: any view of the segment publishes, merges or deploys."""
    return external_effect_views(views(words))


def external_effect_views(all_views: Sequence[tuple[str, ...]]) -> bool:
    for view in all_views:
        if view and view[0] in EXTERNAL and _external_view(view):
            return True
        if view and (view[0] in FAMILY_VERBS or "=" in view[0]) and family_effect(view):
            return True  # R4.10: verbs decided by their tree, options and operands; a server's bind variable
        if view and view[0] in TASK_VERBS and task_effect(view, _program_effect):
            return True  # §5 step 6: a task named for a publish or a deploy; a release tool that pushes
        if view and view[0].find("@", 1) > 0 and external_effect_views((_unversioned(view),)):
            return True  # `npx vercel@latest deploy`, `npx lerna@8 publish`: the package's program
    return False


def _unversioned(view: tuple[str, ...]) -> tuple[str, ...]:
    """R4.10: a package's program named with its version (`npx nx@latest release`, `pnpm dlx lerna@8
    publish`, `bunx vercel@canary deploy`) is that program."""
    verb = view[0]
    return (verb[: verb.rindex("@")], *view[1:])


def _program_effect(view: tuple[str, ...]) -> bool:
    """A package's program run by a package manager (`pnpm nx release`, `yarn semantic-release`), read as
    if it led the segment."""
    return external_effect_views((view,))


_NETWORK_FILES = ("/dev/tcp/", "/dev/udp/")


def network_redirect(targets: Sequence[str]) -> bool:
    """§5 step 6 [beyond SPEC]: a redirection to ``/dev/tcp/HOST/PORT`` or ``/dev/udp/...`` is bash
    opening a network connection (``exec 3<>/dev/tcp/h/80``, ``echo x >/dev/udp/h/53``): an external
    effect. A ``/dev/`` target built from an expansion (``>/dev/$p/h/80``) may be one: fail closed."""
    for t in targets:
        if t.startswith(_NETWORK_FILES) or (t.startswith("/dev/") and ("$" in t or "`" in t)):
            return True
    return False


def privileged(words: tuple[str, ...]) -> bool:
    """RN-418: `sudo`, `doas` or another sudo-like (permissions.commands.privilege) is the verb of the
    segment or of any view of it."""
    return privileged_views(views(words))


def privileged_views(all_views: Sequence[tuple[str, ...]]) -> bool:
    return any(privileged_view(view) for view in all_views)


def is_cap_prefix(words: tuple[str, ...]) -> bool:
    """True when a pattern with these words would also start a cap command (R7.3).

    Literal word prefix of a cap form: ``git`` and ``git remote`` (of ``git remote add``), ``gh pr`` (of
    ``gh pr create``), ``sudo``. ``git remote -v`` and ``gh pr list`` are not.
    """
    if not words:
        return True
    verb = words[0]
    if verb in PRIVILEGED:
        return True
    forms = EXTERNAL.get(verb)
    if forms is None:
        return False
    rest = words[1:]
    return any(len(rest) <= len(form) and form[: len(rest)] == rest for form in forms)


# -- R4.9: a word that chooses the act but is not literal ------------------------------------------------------
# A cap reads a program's subcommand path, a task's name or an option in its tables. Written as a glob (which
# bash expands against file names the agent can create: `touch publish && npm pub*`), a parameter expansion
# or a command substitution (`npm $X`, `npm $(echo publish)`), that word is not what runs: the act is unknown,
# so the segment is opaque (never auto-approved; a prefix allow does not cover it; deny and ask still look).
ACT_VERBS: frozenset[str] = frozenset(EXTERNAL) | ACT_TOOLS | TASK_VERBS
# What makes a word of a view that is not the segment's own suffix not literal (a wrapper rebuilt it).
_NOT_LITERAL = frozenset("$`*?[")
# Ends a word that is not literal while a task runner's reader looks for its tasks' names.
_PROBE = "\x00"


def unread_act(words: tuple[str, ...], marks: Collection[int]) -> str | None:
    """R4.9: why the segment ``words`` is opaque when a word that chooses what a cap program does -- its
    subcommand path, a task's name, an option's name, or the program a wrapper runs -- is one of ``marks``
    (the indexes of the words that are not literal: expansions, unquoted globs), or None."""
    for view, marked in _marked_views(words, marks):
        word = _act_word(view, marked)
        if word is not None:
            what = (
                f"the program {word!r} that {words[0]!r} runs"
                if word is view[0]
                else (f"{word!r}, which chooses what {view[0]!r} does,")
            )
            return f"{what} is not literal (a glob or an expansion), which no rule can read"
    return None


def _marked_views(
    words: tuple[str, ...], marks: Collection[int]
) -> Iterator[tuple[tuple[str, ...], set[int]]]:
    """Each view of ``words`` with the indexes of its words that are not literal: ``marks`` moved along when
    the view is the segment's tail (wrappers peeled), else the view's words that hold an expansion or a glob
    character (fail closed)."""
    n = len(words)
    for view in views_of(words):
        off = n - len(view)
        if not view:
            continue
        if off >= 0 and words[off:] == view:
            marked = {k - off for k in marks if k >= off}
        else:
            marked = {k for k, w in enumerate(view) if not _NOT_LITERAL.isdisjoint(w)}
        if marked:
            yield view, marked


def _act_word(view: tuple[str, ...], marked: set[int]) -> str | None:
    """The first word of ``view`` among ``marked`` that chooses its act, or None."""
    if is_assignment(view[0]):
        return None  # `X=$v cmd`: the next view, without the assignments, holds the program
    if 0 in marked:
        return view[0]  # the program a wrapper runs (`sudo $X`, `npx pub*`)
    verb = view[0]
    at = verb.find("@", 1)
    if at > 0:
        verb = verb[:at]  # `npx lerna@8 $X`
    if verb in OPTION_READERS:
        found = option_act_word(view, marked)  # `docker build $FLAGS .` may be `--push`
        if found is not None:
            return found
    if verb not in ACT_VERBS:
        return None
    found = _form_word(verb, view, marked) or _option_word(view, marked)
    if found is None and verb in TASK_VERBS:
        found = _task_word(view, marked)
    if found is None and verb in ACT_TOOLS:
        found = next((view[k] for k in act_positions(view) if k in marked), None)
    return found


def _form_word(verb: str, view: tuple[str, ...], marked: set[int]) -> str | None:
    """A marked word where the caps' walk (:func:`_external_view`) reads a subcommand word that may still
    lead to an external form: `npm $X`, `gh pr mer*`, `kubectl rollout $X`."""
    forms = EXTERNAL.get(verb)
    if forms is None:
        return None
    glob = GLOBALS[verb]
    starts = _STARTS[verb]
    n = len(view)
    todo: list[tuple[int, tuple[str, ...]]] = [(1, ())]
    seen: set[tuple[int, tuple[str, ...]]] = set()
    while todo:
        state = todo.pop()
        if state in seen or state[0] >= n:
            continue
        seen.add(state)
        k, got = state
        w = view[k]
        if len(seen) > _MAX_READINGS or (k in marked and w[:1] != "-"):
            return w  # fail closed past _MAX_READINGS, as the caps do
        if len(w) > 1 and w[0] == "-":
            todo.extend((k + step, got) for step in ((1,) if w == "--" else _steps(glob, w)))
        elif verb == "cargo" and k == 1 and w.startswith("+"):
            todo.append((2, got))  # `cargo +nightly`
        else:
            nxt = (*got, subcommand_word(verb, got, w))
            if nxt in starts:
                todo.append((k + 1, nxt))
    return None


def _option_word(view: tuple[str, ...], marked: set[int]) -> str | None:
    """A marked option before `--` whose name is not literal (`docker build --pu*` may be `--push`, `-$X`
    any option); a value glued to a literal name (`--tag=$T`, `-j$(nproc)`) names no other option."""
    for k in range(1, len(view)):
        w = view[k]
        if w == "--":
            return None
        if k in marked and len(w) > 1 and w[0] == "-":
            name = w.partition("=")[0] if w[1] == "-" else w[:2]
            if not _NOT_LITERAL.isdisjoint(name):
                return w
    return None


def _task_word(view: tuple[str, ...], marked: set[int]) -> str | None:
    """A marked word a task runner reads as a task's name (`npm run $X`, `make dep*`, `just $X`)."""
    probe = tuple(w + _PROBE if k in marked else w for k, w in enumerate(view))
    for name in task_words(probe):
        if _PROBE in name:
            return name.replace(_PROBE, "")
    return None
