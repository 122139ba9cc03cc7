#!/bin/sh
# `make run`: the terminal sandbox is bubblewrap behind a seccomp filter built with libseccomp. Install them
# when we can (root with apt-get); otherwise say exactly what to install. Never fails the run: without them,
# sandboxed commands fail as sandbox_unavailable / sandbox_seccomp_unavailable (and the start says so).
has_libseccomp() {
  ldconfig -p 2>/dev/null | grep -q 'libseccomp\.so\.2' && return 0
  for dir in /lib /usr/lib /lib64 /usr/lib64 /lib/*-linux-gnu /usr/lib/*-linux-gnu; do
    [ -e "$dir/libseccomp.so.2" ] && return 0
  done
  return 1
}
missing=""
command -v bwrap >/dev/null 2>&1 || missing="bubblewrap"
has_libseccomp || missing="$missing libseccomp2"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "missing for the terminal sandbox:$missing -- installing the Debian package(s)"
  # shellcheck disable=SC2086
  (apt-get install -y -qq $missing >/dev/null 2>&1 \
    || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null)) \
    && exit 0
fi
cat >&2 <<'MSG'
*** bubblewrap (bwrap) or libseccomp is not installed, so the demo's terminal commands cannot run sandboxed.
*** Install them, then run `make run` again:
***   Debian/Ubuntu: sudo apt-get install bubblewrap libseccomp2
***   Fedora:        sudo dnf install bubblewrap libseccomp
***   Arch:          sudo pacman -S bubblewrap libseccomp
MSG
exit 0
