"""Test support for hermetic git (R9.7): a listener that records every connection (a proxy, the
server a URL rewrite points at), and a poisoner that writes, into any git config, every setting that could
send traffic elsewhere, weaken TLS, run a program or hand the token to a helper — each program leaving a
marker when it runs."""

from __future__ import annotations

import socket
import threading
from pathlib import Path
from typing import Self


class ConnectionRecorder:
    """A TCP listener on 127.0.0.1 that records the first bytes of every connection and closes it."""

    def __init__(self):
        self._sock = socket.socket()
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(16)
        self._sock.settimeout(0.2)
        self.seen: list[bytes] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._sock.getsockname()[1]}"

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with conn:
                conn.settimeout(2)
                try:
                    self.seen.append(conn.recv(4096) or b"(connected)")
                except OSError:
                    self.seen.append(b"(connected)")

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._sock.close()


def marker_script(folder: Path, name: str) -> Path:
    """An executable that records its arguments, its stdin and its environment under ``markers/``."""
    markers = folder / "markers"
    markers.mkdir(exist_ok=True)
    script = folder / f"{name}.sh"
    script.write_text(
        f'#!/bin/sh\n{{ echo "args: $*"; cat 2>/dev/null; env; }} > "{markers}/{name}.$$" 2>&1\nexit 0\n'
    )
    script.chmod(0o755)
    return script


def poison_config(config: Path, folder: Path, *, proxy: str, evil: str, remote_base: str) -> None:
    """Append to the git config file ``config`` every hostile setting this test knows (a repository's, a
    home's or a system's); ``remote_base`` is the provider's ``http://host:port/`` to redirect."""
    hooks = folder / "hooks"
    hooks.mkdir(exist_ok=True)
    for hook in ("pre-push", "post-checkout", "reference-transaction", "pre-receive", "post-update"):
        target = hooks / hook
        target.write_text(marker_script(folder, f"hook-{hook}").read_text())
        target.chmod(0o755)
    included = folder / "included.gitconfig"
    included.write_text(f"[http]\n\tproxy = {proxy}\n")
    host = remote_base.rstrip("/")
    with open(config, "a") as fh:
        fh.write(
            f"[http]\n\tproxy = {proxy}\n\tsslVerify = false\n\tfollowRedirects = true\n"
            f'[http "{host}/"]\n\tproxy = {proxy}\n\textraHeader = X-Poisoned: yes\n'
            f"[https]\n\tproxy = {proxy}\n"
            f'[url "{evil}/"]\n\tinsteadOf = {host}/\n\tpushInsteadOf = {host}/\n'
            f"[core]\n\tsshCommand = {marker_script(folder, 'ssh-command')}\n"
            f"\tfsmonitor = {marker_script(folder, 'fsmonitor')}\n"
            f"\thooksPath = {hooks}\n"
            f"\taskPass = {marker_script(folder, 'core-askpass')}\n"
            f"\tgitProxy = {marker_script(folder, 'git-proxy')}\n"
            f"[credential]\n\thelper = !{marker_script(folder, 'credential-helper')}\n"
            f'[credential "{host}"]\n\thelper = !{marker_script(folder, "credential-url-helper")}\n'
            f"[include]\n\tpath = {included}\n"
            "[push]\n\tgpgSign = true\n"
            f"[gpg]\n\tprogram = {marker_script(folder, 'gpg')}\n"
            "[protocol]\n\tallow = always\n"
        )


def poison_environment(monkeypatch, folder: Path, *, proxy: str) -> Path:
    """The worker's own environment, as a careless or hostile host would leave it: a home and XDG config
    full of poison, proxies, an ssh command, an askpass, config injected by variables, traces that would
    log the Authorization header, a foreign exec path. Returns the home."""
    home = folder / "worker-home"
    (home / ".config" / "git").mkdir(parents=True)
    (home / ".netrc").write_text("machine 127.0.0.1 login stolen password stolen\n")
    fake_exec = folder / "exec-path"
    fake_exec.mkdir()
    for helper in ("git-remote-http", "git-remote-https"):
        target = fake_exec / helper
        target.write_text(marker_script(folder, f"exec-{helper}").read_text())
        target.chmod(0o755)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    for name in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"):
        monkeypatch.setenv(name, proxy)
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.setenv("GIT_SSH_COMMAND", str(marker_script(folder, "env-ssh-command")))
    monkeypatch.setenv("GIT_ASKPASS", str(marker_script(folder, "env-askpass")))
    monkeypatch.setenv("SSH_ASKPASS", str(marker_script(folder, "env-ssh-askpass")))
    monkeypatch.setenv("GIT_CONFIG_PARAMETERS", f"'http.proxy'='{proxy}'")
    monkeypatch.setenv("GIT_CONFIG_COUNT", "1")
    monkeypatch.setenv("GIT_CONFIG_KEY_0", "http.proxy")
    monkeypatch.setenv("GIT_CONFIG_VALUE_0", proxy)
    monkeypatch.setenv("GIT_SSL_NO_VERIFY", "1")
    monkeypatch.setenv("GIT_TRACE", str(folder / "markers" / "trace"))
    monkeypatch.setenv("GIT_TRACE_CURL", str(folder / "markers" / "trace-curl"))
    monkeypatch.setenv("GIT_TRACE_PACKET", str(folder / "markers" / "trace-packet"))
    monkeypatch.setenv("GIT_EXEC_PATH", str(fake_exec))
    monkeypatch.setenv("GIT_TEMPLATE_DIR", str(folder / "hooks"))
    return home
