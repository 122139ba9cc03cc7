#!/usr/bin/env python
"""Django's command-line utility for Brabo."""

import os
import sys


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "brabo.settings")
    from django.core.management import execute_from_command_line

    from brabo.env import ImproperlyConfiguredEnv

    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfiguredEnv as exc:
        # A bad environment value is the operator's to fix: one line naming the variable and the fix, not a
        # traceback whose last line holds the message.
        sys.stderr.write(f"brabo: configuration error: {exc}\n")
        return 2
    except BrokenPipeError:
        # its reader stopped early (`manage.py error_codes | head`): the rest reaches no one, and that is no
        # error to print; standard output now leads nowhere, so the flush at exit does not fail again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
