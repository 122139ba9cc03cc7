"""Devices attached to the developer's machine, changed (SPEC §5 where it runs; red team, session 19).

Off Brabo's sandbox (``host``, ``agent``) a command reaches whatever is plugged into the laptop: a phone over
adb or fastboot, a board flashed over USB or a debug probe, a printer, the laptop's own firmware. Each such
write changes a machine outside the project (a phone's apps and files, a board's flash, a fuse that never
comes back, the BIOS), so it is outside the path scope in every mode, as
``permissions.commands.machine``'s changes are (``cap_path_scope``, "changes a device attached to the
machine ..."); in the sandbox there is no device and nothing changes. Registered into machine's READERS.

What asks: ``adb`` installs, pushes, shells, reboots, backups and restores (``devices``, ``logcat``, ``pull``,
``version`` read); ``fastboot`` but ``devices``/``getvar``; esptool's flash and memory writes and erases,
``espefuse`` burns; ``arduino-cli upload|burn-bootloader``; PlatformIO's upload targets (``pio run -t upload``,
``--target program``); avrdude's ``-U`` writes (``:w:``) and ``-e``; ``dfu-util -D``; OpenOCD and SEGGER's
J-Link commander (their scripts drive the probe); ``st-flash write|erase``; ``picotool load|erase|reboot``;
``nrfjprog --program|--erase*|--recover``; ``probe-rs download|run|erase``; ``idf.py`` and ``west`` flashing;
Particle's ``flash``; ``ios-deploy``, ``xcrun devicectl device install|process``, ``ideviceinstaller -i``;
MicroPython's ``mpremote``/``ampy``/``rshell`` writes; ``uf2conv.py`` deploying; ``teensy_loader_cli``,
``bossac``, ``stm32flash`` writes; ``flashrom -w|-E`` (the machine's firmware), ``fwupdmgr`` installs and
updates; ``lp``/``lpr`` (a file printed) and ``lpadmin``. Their listings, reads and builds stay ordinary.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["DEVICE", "DEVICE_READERS"]

DEVICE = (
    "changes a device attached to the machine (a phone, a board, a printer or the machine's firmware), outside"
    " the project"
)

Reader = Callable[[tuple[str, ...], tuple[str, ...]], "str | None"]


def _first_word(args: tuple[str, ...], values: frozenset[str] = frozenset()) -> str:
    """The first word of ``args`` that is no option (``values`` take the next word)."""
    skip = False
    for w in args:
        if skip:
            skip = False
        elif w[:1] == "-" and len(w) > 1:
            skip = w in values
        else:
            return w
    return ""


def _subcommand(reads: frozenset[str], values: frozenset[str] = frozenset(), bare: bool = False) -> Reader:
    """A tool whose first word decides: its ``reads`` print, every other one changes the device; with none, a
    help or a REPL writes nothing -- unless ``bare``: its options act (``fastboot -w`` wipes)."""

    def read(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
        sub = _first_word(view[1:], values)
        if not sub:
            acts = bare and any(w[:1] == "-" and w not in ("--help", "--version", "-h") for w in view[1:])
            return DEVICE if acts else None
        return DEVICE if sub not in reads else None

    return read


def _any_of(words_that_write: frozenset[str], options: tuple[str, ...] = ()) -> Reader:
    """A tool that writes when one of ``words_that_write`` stands among its words, or an option starting with
    one of ``options`` (``--program``, ``-w``)."""

    def read(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
        for w in view[1:]:
            if w in words_that_write or (options and w.startswith(options)):
                return DEVICE
        return None

    return read


def _always(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """A program that drives a probe or a printer whatever its words (its script or file decides)."""
    return (
        None if any(w in ("--help", "--version") for w in view[1:]) else DEVICE
    )  # (`-v`, `-h`: lpadmin's, lp's)


def _avrdude(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """avrdude's ``-U memtype:op:file`` writes unless ``op`` is ``r`` (read) or ``v`` (verify); ``-e`` erases."""
    for k, w in enumerate(view[1:], 1):
        if w == "-e":
            return DEVICE
        spec = w[2:] if w.startswith("-U") else ""
        if w == "-U" and k + 1 < len(view):
            spec = view[k + 1]
        if spec and spec.split(":")[1:2] not in (["r"], ["v"]):
            return DEVICE
    return None


def _platformio(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """PlatformIO's targets that write to the board (``run -t upload``, ``--target program``, ``uploadfs``,
    ``erase``, ``fuses``, ``bootloader``) -- also through ``remote``."""
    for k, w in enumerate(view[1:], 1):
        target = ""
        if w in ("-t", "--target") and k + 1 < len(view):
            target = view[k + 1]
        elif w.startswith("--target="):
            target = w.partition("=")[2]
        elif w.startswith("-t") and len(w) > 2:
            target = w[2:]
        if target.startswith(("upload", "program", "erase", "fuses", "bootloader", "nobuild")):
            return DEVICE
    return None


def _idf(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """ESP-IDF's ``idf.py`` flash targets and eFuse burns (``flash``, ``app-flash``, ``erase-flash``,
    ``efuse-burn``, ``encrypted-flash`` ...)."""
    return (
        DEVICE if any("flash" in w or w.startswith("efuse-burn") for w in view[1:] if w[:1] != "-") else None
    )


def _xcrun(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``xcrun devicectl device install|uninstall|process|copy`` on a connected iPhone (simctl's simulators
    are this machine's)."""
    rest = view[1:]
    if rest[:1] != ("devicectl",):
        return None
    return DEVICE if any(w in ("install", "uninstall", "process", "copy", "reboot") for w in rest) else None


def _uf2conv(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """uf2conv deploys to every mounted UF2 drive unless told to write a file (``-o``), list (``-l``) or show
    (``-i``)."""
    told = ("-o", "--output", "-l", "--list", "-i", "--info", "-h", "--help")
    return None if any(w.startswith(told) for w in view[1:]) else DEVICE


_ESPTOOL_WRITES = frozenset(
    {"write_flash", "write-flash", "erase_flash", "erase-flash", "erase_region", "erase-region", "write_mem",
     "write-mem", "load_ram", "load-ram", "merge_bin"}
)  # fmt: skip

DEVICE_READERS: dict[str, Reader] = {
    "adb": _subcommand(
        frozenset(
            {
                "devices",
                "version",
                "logcat",
                "pull",
                "help",
                "get-state",
                "get-serialno",
                "wait-for-device",
                "start-server",
                "kill-server",
                "bugreport",
                "mdns",
                "forward",
                "reverse",
            }
        ),
        frozenset({"-s", "-t", "-H", "-P", "-L"}),
    ),  # fmt: skip
    "fastboot": _subcommand(frozenset({"devices", "getvar", "help"}), frozenset({"-s", "-S"}), bare=True),
    **dict.fromkeys(("esptool", "esptool.py"), _any_of(_ESPTOOL_WRITES)),
    **dict.fromkeys(("espefuse", "espefuse.py", "espsecure.py"), _any_of(frozenset(), ("burn", "write"))),
    "arduino-cli": _any_of(frozenset({"upload", "burn-bootloader"}), ("-u", "--upload")),
    **dict.fromkeys(("pio", "platformio"), _platformio),
    "avrdude": _avrdude,
    "dfu-util": _any_of(frozenset(), ("-D", "--download", "-e", "--detach")),
    **dict.fromkeys(("openocd", "JLinkExe", "JLink", "jlink", "JFlashExe", "JFlash"), _always),
    "st-flash": _any_of(frozenset({"write", "erase", "reset"})),
    "picotool": _any_of(frozenset({"load", "erase", "reboot", "otp", "partition", "uf2"})),
    "nrfjprog": _any_of(
        frozenset(), ("--program", "--erase", "--recover", "--memwr", "--sectorerase", "--chiperase", "-e")
    ),
    "probe-rs": _any_of(frozenset({"download", "run", "erase", "reset", "attach", "gdb", "verify"})),
    "idf.py": _idf,
    "west": _any_of(frozenset({"flash", "debug", "debugserver", "attach"})),
    "particle": _subcommand(
        frozenset({"list", "whoami", "help", "version", "login", "logout"})
    ),  # (`serial flash`)
    "ios-deploy": lambda view, words: None if "--detect" in view or "-c" in view else DEVICE,
    "xcrun": _xcrun,
    "ideviceinstaller": _any_of(
        frozenset(), ("-i", "--install", "-U", "--uninstall", "install", "uninstall")
    ),
    "idevicebackup2": _any_of(frozenset({"restore", "erase"})),
    "mpremote": _any_of(
        frozenset(
            {
                "cp",
                "rm",
                "rmdir",
                "mkdir",
                "run",
                "exec",
                "eval",
                "reset",
                "bootloader",
                "mip",
                "touch",
                "edit",
                "soft-reset",
                "fs",
                "mount",
                "rtc",
            }
        )
    ),  # fmt: skip
    "ampy": _any_of(frozenset({"put", "rm", "rmdir", "mkdir", "run", "reset"})),
    "rshell": _any_of(frozenset({"cp", "rsync", "rm", "mkdir", "edit", "repl"})),
    **dict.fromkeys(("uf2conv.py", "uf2conv"), _uf2conv),
    "teensy_loader_cli": _any_of(frozenset(), ("-w", "-b")),
    "bossac": _any_of(frozenset(), ("-w", "-e", "--write", "--erase", "-b", "--boot")),
    "stm32flash": _any_of(frozenset(), ("-w", "-e", "-g", "-u", "-k", "-j")),
    "flashrom": _any_of(frozenset(), ("-w", "--write", "-E", "--erase")),
    "fwupdmgr": _any_of(
        frozenset(
            {
                "install",
                "update",
                "upgrade",
                "downgrade",
                "reinstall",
                "activate",
                "unlock",
                "switch-branch",
                "local-install",
                "modify-config",
                "set-approved-firmware",
            }
        )
    ),  # fmt: skip
    **dict.fromkeys(("lp", "lpr", "lpadmin", "lpoptions"), _always),
}
