"""The command hook's fast form: ``<python> -I -S /path/to/brabo_client/fast_hook.py <agent> [flags]``.

The same program as ``brabo hook <agent> [flags]`` (brabo_client/hook.py), started without ``site`` and
isolated, which is what ``brabo hook install`` writes into the agents' settings: an agent starts its hook
on every tool call, and the interpreter's start-up is most of what the hook costs (bench/hooks.py).

Kept tiny on purpose — a script is compiled on every run, modules are read from their cached bytecode.
"""

import gc
import sys

gc.disable()  # one call, then os._exit: a collection would only cost it time

# Isolated mode puts neither this folder nor site-packages on sys.path: name the folder holding the package.
# Appended, so the standard library still comes first.
sys.path.append((__file__.rpartition("/")[0] or ".") + "/..")

from brabo_client.hook import program  # noqa: E402

sys.exit(program(sys.argv[1:]))
