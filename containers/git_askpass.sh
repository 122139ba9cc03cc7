#!/bin/sh
# GIT_ASKPASS helper (R9.2). It holds no secret: the token comes from the environment of the one git
# process Brabo started, and is only given when git asks for exactly the credential of the remote Brabo
# pushes to — a rewritten URL (insteadOf) or a redirect to another host gets nothing.
if [ -n "$BRABO_GIT_USER_PROMPT" ] && [ "$1" = "$BRABO_GIT_USER_PROMPT" ]; then
  printf '%s\n' "$BRABO_GIT_USERNAME"
  exit 0
fi
if [ -n "$BRABO_GIT_PASS_PROMPT" ] && [ "$1" = "$BRABO_GIT_PASS_PROMPT" ]; then
  printf '%s\n' "$BRABO_GIT_TOKEN"
  exit 0
fi
echo "brabo askpass: refusing an unexpected credential prompt" >&2
exit 1
