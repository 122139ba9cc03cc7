#!/bin/sh
# `make run`: the terminal sandbox is bubblewrap. Install it when we can (root with apt-get); otherwise say
# exactly what to install. Never fails the run: without it, sandboxed commands fail as sandbox_unavailable.
command -v bwrap >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "bubblewrap (bwrap) is missing: installing the Debian package bubblewrap"
  (apt-get install -y -qq bubblewrap >/dev/null 2>&1 \
    || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null)) \
    && exit 0
fi
cat >&2 <<'MSG'
*** bubblewrap (bwrap) is not installed, so the demo's terminal commands cannot run sandboxed.
*** Install it, then run `make run` again:
***   Debian/Ubuntu: sudo apt-get install bubblewrap
***   Fedora:        sudo dnf install bubblewrap
***   Arch:          sudo pacman -S bubblewrap
MSG
exit 0
