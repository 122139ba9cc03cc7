"""Looking through what stands before the real verb (SPEC R4.8).

``FOO=1 env -i nice -n 5 /usr/bin/curl x`` runs ``curl``. Deny, ask and the caps judge every *view* of a
segment -- as written, then after each assignment, wrapper or verb path is peeled off -- so they match
more when unsure. Allow judges only the segment as written.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["PRIVILEGED", "WRAPPERS", "is_assignment", "look_through", "views"]

# R5 step 6: privileged verbs. Also looked through, so `sudo rm -rf /` is still the floor's business.
PRIVILEGED = frozenset({"sudo", "doas"})


_FIND_EXEC = frozenset({"-exec", "-execdir", "-ok", "-okdir"})
# git's global options that take a separate value (`git -C dir`, `git -c k=v`).
_GIT_VALUE_OPTS = frozenset(
    {"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--exec-path"}
)


def is_assignment(word: str) -> bool:
    """``NAME=value`` (or ``NAME+=value``) before a command."""
    eq = word.find("=")
    if eq <= 0:
        return False
    name = word[: eq - 1] if word[eq - 1] == "+" else word[:eq]
    return name.isidentifier() and name.isascii()


def _skip_options(words: tuple[str, ...], k: int, with_arg: frozenset[str]) -> int:
    n = len(words)
    while k < n:
        w = words[k]
        if w == "--":
            return k + 1
        if len(w) < 2 or w[0] != "-":
            break
        k += 2 if w in with_arg else 1
    return k


def _opts(with_arg: frozenset[str] = frozenset(), then_skip: int = 0) -> Callable[[tuple[str, ...]], int]:
    def skip(words: tuple[str, ...]) -> int:
        return _skip_options(words, 1, with_arg) + then_skip

    return skip


def _env(words: tuple[str, ...]) -> int:
    k = 1
    n = len(words)
    with_arg = frozenset({"-u", "--unset", "-C", "--chdir", "-S", "--split-string"})
    while k < n:
        w = words[k]
        if w == "--":
            k += 1
            continue
        if w == "-" or w.startswith("-") and len(w) > 1:
            k += 2 if w in with_arg and w not in ("-S", "--split-string") else 1
            continue
        if is_assignment(w):
            k += 1
            continue
        break
    return k


WRAPPERS: dict[str, Callable[[tuple[str, ...]], int]] = {
    "env": _env,
    "command": _opts(),
    "builtin": _opts(),
    "nice": _opts(frozenset({"-n", "--adjustment"})),
    "nohup": _opts(),
    "time": _opts(frozenset({"-f", "--format", "-o", "--output"})),
    "timeout": _opts(frozenset({"-s", "--signal", "-k", "--kill-after"}), then_skip=1),
    "stdbuf": _opts(frozenset({"-i", "-o", "-e", "--input", "--output", "--error"})),
    "exec": _opts(frozenset({"-a"})),
    "xargs": _opts(
        frozenset(
            {
                "-I",
                "-E",
                "-L",
                "-n",
                "-P",
                "-s",
                "-d",
                "-a",
                "--arg-file",
                "--delimiter",
                "--max-args",
                "--max-procs",
                "--max-lines",
                "--max-chars",
                "--eof",
                "--replace",
            }
        )
    ),
    "setsid": _opts(),
    "ionice": _opts(frozenset({"-c", "-n", "-p", "-P", "-u", "--class", "--classdata"})),
    "sudo": _opts(
        frozenset(
            {
                "-u",
                "-g",
                "-C",
                "-D",
                "-h",
                "-p",
                "-r",
                "-t",
                "-U",
                "-T",
                "-R",
                "--user",
                "--group",
                "--chdir",
                "--host",
                "--prompt",
                "--role",
                "--type",
                "--other-user",
            }
        )
    ),
    "doas": _opts(frozenset({"-u", "-C"})),
}


def views(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The segment as written, then after each layer peeled off (assignments, verb path, wrapper)."""
    out = [words]
    if not words:
        return out
    first = words[0]
    if "=" not in first and "/" not in first and first not in WRAPPERS and first != "git" and first != "find":
        return out  # the common case: nothing to look through
    cur = words
    for _ in range(32):  # a wrapper chain longer than this is absurd; the last view stands
        if not cur:
            break
        k = 0
        while k < len(cur) and is_assignment(cur[k]):
            k += 1
        if k:
            cur = cur[k:]
        else:
            verb = cur[0]
            slash = verb.rfind("/")
            if slash >= 0 and slash + 1 < len(verb):
                cur = (verb[slash + 1 :],) + cur[1:]
            elif verb == "find":
                # `find ... -exec cmd {} ;` runs cmd: deny and the caps see it (R4.8).
                start = next((k for k, w in enumerate(cur) if w in _FIND_EXEC), -1)
                if start < 0:
                    break
                end = start + 1
                while end < len(cur) and cur[end] not in (";", "+"):
                    end += 1
                cur = cur[start + 1 : end]
                if not cur:
                    break
                out.append(cur)
                continue
            elif verb == "git" and len(cur) > 1 and cur[1].startswith("-"):
                # Deny matches more (R4.8): `git -C dir push` is also seen as `git push`.
                k = 1
                while k < len(cur) and cur[k].startswith("-"):
                    k += 2 if cur[k] in _GIT_VALUE_OPTS else 1
                if k >= len(cur):
                    break
                out.append(("git", *cur[k:]))
                break
            else:
                skip = WRAPPERS.get(verb)
                if skip is None:
                    break
                at = skip(cur)
                if verb == "env" and 2 <= at < len(cur) and cur[at - 1] in ("-S", "--split-string"):
                    # `env -S 'curl x'` splits its argument into the command line.
                    cur = tuple(cur[at].split()) + cur[at + 1 :]
                else:
                    cur = cur[at:]
        if cur:
            out.append(cur)
    return out


def look_through(words: tuple[str, ...]) -> tuple[str, ...]:
    """The innermost view: the command that really runs."""
    return views(words)[-1]
