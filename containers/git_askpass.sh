#!/bin/sh
# GIT_ASKPASS helper (R9.2, R9.7). It holds no secret: the token comes from the environment of the one
# hermetic git process Brabo started (containers/git_hermetic.py), and is only given when git asks for
# exactly the credential of the remote Brabo pushes to — the prompts name its scheme and host. A rewritten
# URL (insteadOf), a redirect to another host or a proxy asking for a password gets nothing.
if [ -z "$BRABO_GIT_TOKEN" ] || [ -z "$BRABO_GIT_USER_PROMPT" ] || [ -z "$BRABO_GIT_PASS_PROMPT" ]; then
  echo "brabo askpass: no credential is offered here" >&2
  exit 1
fi
if [ "$1" = "$BRABO_GIT_USER_PROMPT" ]; then
  printf '%s\n' "$BRABO_GIT_USERNAME"
  exit 0
fi
if [ "$1" = "$BRABO_GIT_PASS_PROMPT" ]; then
  printf '%s\n' "$BRABO_GIT_TOKEN"
  exit 0
fi
echo "brabo askpass: refusing an unexpected credential prompt" >&2
exit 1
