"""SPEC §5, where it runs, red team: the machine's trust store, its clock and the session's display and keyboard
are machine changes, as `security add-trusted-cert`, `timedatectl set-time` and `gsettings set` were. A
certificate authority added to the store is one every TLS client of the machine trusts -- whoever holds its key
reads the developer's encrypted traffic (mkcert's local CA, p11-kit's `trust anchor`, the store rebuilt from the
anchor folders, Java's `cacerts`, NSS's and Windows' stores); a clock set back makes expired certificates and
tokens valid again. On the developer's machine (``agent``) and a runner without a sandbox (``host``) each asks in
every mode; in Brabo's sandbox it changes only the sandbox. Listing and printing stay ordinary.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, term
from .redteam import never_auto_where, stays_auto_where

CHANGES = [
    # the trust store
    "update-ca-certificates",
    "update-ca-certificates --fresh",
    "update-ca-trust",
    "update-ca-trust extract",
    "trust anchor ca.pem",
    "trust anchor --store ca.pem",
    "trust extract-compat",
    "mkcert -install",
    "mkcert -uninstall",
    "npx mkcert -install",
    "keytool -importcert -noprompt -file ca.pem -alias corp -cacerts",
    "keytool -import -trustcacerts -cacerts -file ca.pem",
    "keytool -delete -alias x -cacerts",
    "certutil -A -n corp -t C,, -i ca.pem",
    "certutil -D -n corp",
    "certutil -addstore root ca.cer",
    "certutil -addstore -f Root ca.cer",
    # the clock
    "ntpdate pool.ntp.org",
    "ntpdate -u time.example",
    "sntp -S pool.ntp.org",
    "rdate time.example",
    "htpdate www.example.com",
    'date -s "2020-01-01 00:00"',
    "date --set=2020-01-01",
    "date -s2020-01-01",
    "date 010112002020",
    "date 202001011200.00",
    "hwclock --systohc",
    "hwclock --set --date '2020-01-01'",
    "hwclock -s",
    "chronyc makestep",
    "chronyc settime 2020-01-01",
    "chronyd -q 'server time.example iburst'",
    # the session's display and keyboard
    "xrandr --output HDMI-1 --off",
    "xrandr --output eDP-1 --brightness 0",
    "xrandr -s 640x480",
    "xset s off",
    "xset dpms force off",
    "setxkbmap -layout de",
    "setxkbmap -option caps:escape",
    'xmodmap -e "keycode 66 = Escape"',
    "xmodmap ~/.Xmodmap",
]


@pytest.mark.parametrize("command", CHANGES)
def test_a_trust_store_clock_or_display_change_asks_on_the_developers_machine(command):
    never_auto_where(command, places=("host", "agent"))
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, v.reason)


@pytest.mark.parametrize("command", CHANGES)
def test_in_brabos_sandbox_it_changes_only_the_sandbox(command):
    stays_auto_where(command, places=("sandbox",))


@pytest.mark.parametrize(
    "command",
    [
        "trust list",
        "trust list --filter=ca-anchors",
        "mkcert localhost 127.0.0.1",
        "mkcert -CAROOT",
        "keytool -list -cacerts",
        "keytool -printcert -file ca.pem",
        "keytool -genkeypair -keystore release.jks -alias upload -keyalg RSA",
        "certutil -L",
        "certutil -hashfile app.zip SHA256",
        "ntpdate -q pool.ntp.org",
        "sntp pool.ntp.org",
        "rdate -p time.example",
        "date",
        "date +%s",
        "date -u +%Y-%m-%dT%H:%M:%SZ",
        "date -d yesterday +%F",
        "date --iso-8601=seconds",
        "date -Is",
        "date -R",
        "hwclock -r",
        "hwclock --show",
        "chronyc tracking",
        "chronyc sources -v",
        "xrandr",
        "xrandr --listmonitors",
        "xrandr -q",
        "xset q",
        "setxkbmap -query",
        "setxkbmap -print",
        "xmodmap -pm",
        "xmodmap -pke",
    ],
)
def test_their_reads_stay_ordinary(command):
    stays_auto_where(command)
