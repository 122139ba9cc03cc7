"""§5 where it runs, R6 path scope (red team): the machine's credential stores dumped or read.

On a developer's machine (``host``, ``agent``) the machine keeps its logins' secrets where no path in the project
names them: the registry's SAM, SECURITY and SYSTEM hives (the local accounts' password hashes, the LSA secrets,
the boot key that decrypts both), registry keys programs keep passwords in (PuTTY's and WinSCP's saved sessions,
VNC servers' passwords, Winlogon's autologon ``DefaultPassword``, SNMP's communities, the Windows ssh-agent's
keys, Outlook's profiles, TeamViewer's and OpenVPN's saved secrets), the memory of LSASS (every logged-on user's
hashes, Kerberos tickets and, on older systems, passwords), Kerberos' keytabs and ticket caches, DPAPI's master
keys, the shadow file, the macOS keychains, the browsers' saved logins. The tools that dump them are known by
name (mimikatz, pypykatz, lazagne, impacket's secretsdump, mimipenguin, chainbreaker, Rubeus, SharpDPAPI ...),
and the system's own tools do it too: ``reg save HKLM\\SAM``, ``procdump -ma lsass.exe``, ``rundll32
comsvcs.dll, MiniDump`` (rundll32 always asks as a runner no rule reads), ``createdump PID``, ``esentutl /y
/vss``, ``vssadmin create shadow``, ``ntdsutil ... ifm``, ``diskshadow``, ``getent shadow``, ``klist -K``.

The reading taken (as :mod:`permissions.commands.credentials`' and :mod:`permissions.commands.peeks`'): such
a command reads the machine outside the project, so off the sandbox it is outside the path scope in every mode
-- ``cap_path_scope``, with a sentence saying what it reads -- and never in Brabo's own sandbox, which holds none
of these stores (its answers stay as they were).

What asks, by family:

- the dumpers and their modules named anywhere in a segment's words (any wrapper, interpreter, suffix or
  folder: ``wine mimikatz.exe``, ``python3 secretsdump.py``, ``impacket-secretsdump``, a renamed mimikatz given
  ``sekurlsa::logonpasswords``), and the text's marks of a dump: ``Out-Minidump``, ``MiniDumpWriteDump``,
  ``comsvcs``, a shadow copy's device (``HarddiskVolumeShadowCopy``), ``ntds.dit``, ``[...ProtectedData]::
  Unprotect``, PSReadLine's history file (``ConsoleHost_history``, ``HistorySavePath``), a Kerberos ticket
  file (``krb5cc_``, ``.kirbi``), macOS' ``ShadowHashData``, Group Policy's ``cpassword``, ``Win32_ShadowCopy``,
  Metasploit's ``hashdump`` and ``post/*/gather/`` modules, KWallet's D-Bus service; the post-exploitation kits
  (CrackMapExec/NetExec, PowerSploit's and Nishang's credential functions, winPEAS/linPEAS, Seatbelt, kerberoasting,
  LAPS' readers) and physical memory acquired (DumpIt, winpmem, osxpmem, avml);
- the registry (``reg``, and PowerShell's ``Get-ItemProperty``/``gp``, ``Get-ItemPropertyValue``/``gpv``,
  ``Get-Item``/``gi``, ``Get-ChildItem``/``gci``/``ls``/``dir``, ``Set-Location``/``cd``/``Push-Location``
  on a registry drive): a key of the SAM or SECURITY hive, whatever the act; the SYSTEM hive saved, exported or
  copied; a key holding passwords (any root spelling: ``HKCU``, ``HKEY_CURRENT_USER``, ``HKU\\<SID>``,
  ``Registry::``, ``Wow6432Node``, a remote ``\\\\pc\\HKLM``) or one of its parents read with all below it
  (``reg export|save|copy``, ``reg query /s``, ``Get-ChildItem`` -- which lists its subkeys' values --,
  ``-Recurse``, ``-Depth``, a wildcard);
- a process's memory dumped: ``procdump`` (but its ``-x``, which starts the program itself), ``createdump``,
  Windows' debuggers attached (``cdb|ntsd|windbg -p|-pn``), ``adplus``, ``rdrleakdiag``, ``sqldumper``,
  ``DumpMinitool``, ``ProcessDump``, ``werfault -p``, ``tttracer -attach``: LSASS's named, the dump sentence;
  another's, peeks' PEEK;
- shadow copies made or their stores copied: ``vssadmin create|delete|resize``, ``esentutl /vss``,
  ``ntdsutil``, ``dsdbutil``, ``diskshadow``, ``wmic shadowcopy``, ``wbadmin start``;
- password cracking: ``john`` and ``hashcat`` (their pot file in the home folder keeps what they crack; their
  help, version, listing and benchmark forms stay ordinary), ``unshadow``; ``getent shadow|gshadow``; Samba's
  ``pdbedit -w`` and ``samba-tool user getpassword|domain exportkeytab``; KWallet's ``kwallet-query -r`` and
  ``kwalletcli -e``; ``certutil -exportPFX`` and ``Export-PfxCertificate`` (a private key); IIS' ``appcmd list
  ... /text:*`` (the application pools' passwords); ``reg save|export|copy|query`` given no key (``xargs reg
  save``: the key comes later);
- Kerberos: ``klist -K`` (the keys printed), ``klist -k`` without a keytab named (the machine's
  ``/etc/krb5.keytab``), ``klist -li`` (another logon session's tickets), ``ktutil``, ``kadmin``,
  ``ipa-getkeytab``, ``msktutil``; ``klist purge`` changes the ticket cache.

Stays ordinary: ``reg query HKCU\\Software\\Microsoft\\Windows\\CurrentVersion`` (and every key that holds no
password), ``reg query HKLM\\SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment``, ``Get-ItemProperty``
of a parent key (only its own values), a bare ``klist`` (the tickets' names and times, no key -- as ``gh auth
status`` masks the token), ``Get-History`` (the session's own, empty in an agent's fresh shell), ``Get-Process
lsass`` (a listing), ``procdump -x dir app.exe``, ``john --help``, ``hashcat -b``. (``cmdkey /list`` and
``vaultcmd /listcreds`` print the stored credentials' names, not their secrets; they ask already, their
switches read as paths.)

The names are read in a segment's words whatever their place, so ``git commit -m "detect mimikatz"`` and ``grep -r
lazagne .`` ask on the laptop too: a rare price for a reading no wrapper, interpreter or renamed folder hides
(as credentials.py's metadata addresses). mimikatz's modules are read with their commands (``sekurlsa::``,
``lsadump::``, ``token::elevate``, ``ts::logonpasswords``): ``cargo test tests::foo`` and ``crypto::tests`` stay
ordinary.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from permissions.commands.peeks import PEEK, PEEK_READERS
from permissions.literal_search import literal_trie

__all__ = ["DUMPED", "DUMP_READERS", "DUMP_WINDOWS_NAMES", "dump_hint", "dump_named", "windows_dump"]

STORE = (
    "reads the machine's credential stores (password hashes, saved passwords, the logged-on users' secrets),"
    " outside the project"
)
REGISTRY = (
    "reads registry keys that hold the machine's password hashes or saved passwords (SAM, SECURITY, SYSTEM,"
    " saved sessions), outside the project"
)
LSASS = "dumps the memory of LSASS, which holds the logged-on users' credentials, outside the project"
SHADOW = (
    "makes or reads a shadow copy of a volume, from which the machine's locked credential stores (SAM, SYSTEM,"
    " NTDS.dit) are copied, outside the project"
)
CRACK = "cracks password hashes, keeping what it finds in the home folder (its pot file), outside the project"
TICKETS = "reads Kerberos keys or another logon session's tickets, outside the project"
TICKETS_CHANGED = "changes the machine's Kerberos tickets (a login), outside the project"

Reader = Callable[[tuple[str, ...], tuple[str, ...]], "str | None"]

# -- named anywhere in a segment's words ------------------------------------------------------------------------
# The dumpers (as substrings: `mimikatz.exe`, `Invoke-Mimikatz`, `impacket-secretsdump`, `secretsdump.py`,
# `laZagne_x64`), mimikatz's modules (a renamed binary is still given them), and the marks of a dump.
# (One search of the lower-cased text through a trie of the names -- the regex engine skips to the names' first
# letters -- and one of the few spelt with word boundaries: an alternation of them all with IGNORECASE cost 10-40 µs
# a segment off the sandbox, more than the rest of the decision.)
_DUMP_NAMES = (
    "mimikatz pypykatz safetykatz sharpkatz handlekatz nanodump dumpert lsassy lazagne secretsdump impacket-"
    " mimipenguin chainbreaker keychaindump dumpkeychain rubeus kekeo sharpdpapi sharpchrom donpapi dploot pwdump"
    " fgdump gsecdump cachedump mimikittenz hackbrowserdata hack-browserdata hackbrowser-data hack-browser-data"
    " firefox_decrypt sharpweb invoke-ninjacopy sekurlsa lsadump:: dpapi:: kerberos::list kerberos::ptt"
    " kerberos::golden kerberos::silver kerberos::tgt kerberos::ask kerberos::hash kerberos::purge vault::cred"
    " vault::list privilege::debug token::elevate token::whoami token::list token::revert misc::memssp"
    " misc::skeleton misc::cmd sid::patch crypto::capi crypto::cng crypto::certificates crypto::keys out-minidump"
    " minidumpwritedump comsvcs harddiskvolumeshadowcopy ntds.dit protecteddata]::unprotect protecteddata::unprotect"
    " consolehost_history historysavepath krb5cc_ shadowhashdata crackmapexec netexec sessiongopher gpppassword"
    " vaultcredential powerdump get-passhashes dcsync lsasecret wcmdump winpeas linpeas seatbelt browser_cookie3"
    " getuserspns getnpusers kerberoast lapsadpassword admpwdpassword sharplaps rawcopy hobocopy copy-vss pplblade"
    " ppldump mirrordump sharpdump safetydump atpminidump physmem2profit spraykatz 3snake swap_digger linikatz tickey"
    " keytabextract keychain-dumper keychain_dumper org.kde.kwallet winpmem osxpmem win32_shadowcopy cpassword"
    " mimidrv mimilib mimispool hashdump"
).split()
_NAMES_FOUND = re.compile(literal_trie(_DUMP_NAMES, whole=False)).search
_BOUNDED_FOUND = re.compile(
    r"\.kirbi\b|\bdumpit\b|\bavml\b|\bts::(?:logonpasswords|mstsc|sessions)|post/\w+/gather/"
).search


_BOUNDED_MARKS = ("kirbi", "dumpit", "avml", "ts::", "/gather/")


def _NAMED(text: str) -> re.Match[str] | None:
    """A dumper, its module or a dump's mark named in ``text``, in any case (the match, or None)."""
    low = text.lower()
    found = _NAMES_FOUND(low)
    if found is None and any(map(low.__contains__, _BOUNDED_MARKS)):
        return _BOUNDED_FOUND(low)
    return found


DUMPED = STORE  # what a dumper's name in a segment's words reads (machine_change inlines dump_named)
dump_hint = _NAMED


def dump_named(words: tuple[str, ...]) -> str | None:
    """A dumper, its module or a dump's mark named in a segment's ``words``."""
    return STORE if _NAMED(" ".join(words)) is not None else None


# -- the registry ---------------------------------------------------------------------------------------------
# Keys are compared with their separators, quotes, spaces and colons taken out and their root spelt short
# (`HKEY_CURRENT_USER\\Software\\Martin Prikryl` and, as bash reads it unquoted, `HKCUSoftwareMartin Prikryl`,
# are both `hkcusoftwaremartinprikryl`): a word bash read with its backslashes dropped compares the same.
_ROOTS = (
    ("hkey_local_machine", "hklm"),
    ("hkey_current_user", "hkcu"),
    ("hkey_users", "hku"),
    ("hkey_classes_root", "hkcr"),
    ("hkey_current_config", "hkcc"),
)
_DROPPED = str.maketrans("", "", "\\/\"'`^ :")
_ROOT = re.compile(r"hk(?:lm|cu|cr|cc|u)")
_ROOT_NAMED = re.compile(r"(?i)hk(?:lm|cu|cr|cc|u)").search
_USER_HIVE = re.compile(r"hku(?:s-1-[0-9-]+(?:_classes)?|\.default)?")  # HKU\\<SID> is that user's HKCU
_WILD = re.compile(r"[*?\[]")
# The keys that hold passwords (a parent read with all below it reads them), and the marks naming them wherever
# they are read from (a relative name after a move, another root).
_SECRET_KEYS = (
    "hkcusoftwaresimontatham",
    "hkcusoftwaremartinprikryl",
    "hkcusoftwareorlwinvnc3",
    "hklmsoftwareorlwinvnc3",
    "hkcusoftwarerealvnc",
    "hklmsoftwarerealvnc",
    "hkcusoftwaretightvnc",
    "hklmsoftwaretightvnc",
    "hkcusoftwaretigervnc",
    "hklmsoftwaretigervnc",
    "hklmsoftwareuvnc_bvba",
    "hklmsoftwaremicrosoftwindowsntcurrentversionwinlogon",
    "hklmsystemcurrentcontrolsetservicessnmp",
    "hkcusoftwareopensshagent",
    "hkcusoftwaremicrosoftoffice",
    "hkcusoftwaremicrosoftwindowsntcurrentversionwindowsmessagingsubsystem",
    "hkcusoftwaremicrosoftinternetexplorerintelliforms",
    "hkcusoftwaremicrosoftprotectedstoragesystemprovider",
    "hklmsoftwareteamviewer",
    "hkcusoftwareopenvpn-gui",
    "hklmsam",
    "hklmsecurity",
)
_MARKS = re.compile(
    r"simontatham|martinprikryl|winvnc|realvnc|tightvnc|tigervnc|uvnc_bvba|currentversionwinlogon|services"
    r"snmp|opensshagent|9375cff0413111d3b88a00104b2a6676|windowsmessagingsubsystemprofiles|intelliforms"
    r"|protectedstoragesystemprovider|teamviewer|openvpn-gui"
).search
_HIVES = ("hklmsam", "hklmsecurity")  # any act on them reads the hashes and the LSA secrets
_SYSTEM = "hklmsystem"  # its boot key decrypts them: saved, exported or copied whole


def _key(word: str) -> str | None:
    """``word`` as a registry key compares (see above), or None when it names no root."""
    low = word.lower()
    if low[:1] == "-":
        low = low.partition(":")[2]  # `-Path:HKCU:\\x`
    low = low.translate(_DROPPED)
    if "hkey_" in low:
        for long, short in _ROOTS:
            low = low.replace(long, short)
    m = _ROOT.search(low)
    if m is None:
        return None
    low = low[m.start() :]  # `\\\\pc\\HKLM\\SAM`: the remote machine's name dropped
    if low[:3] == "hku" and low[:4] != "hkcu":
        low = _USER_HIVE.sub("hkcu", low, count=1)
    return low.replace("wow6432node", "")


def _parts(args: tuple[str, ...]) -> list[str]:
    """The arguments, a word bash read with an escaped blank in it split again (`gci HKCU:\\ -Recurse` is one
    word `HKCU: -Recurse` to bash, two to PowerShell)."""
    return [p for w in args for p in (w.split() if " " in w else (w,))]


def _reads_secret(args: tuple[str, ...], whole: bool, copied: bool) -> bool:
    """Whether reading the keys ``args`` name (with all below them when ``whole``; saved, exported or copied when
    ``copied``) reads a key that holds a secret. A password key's mark is looked for in all of them together (a
    name bash split at a blank: `Martin Prikryl`)."""
    if _MARKS("".join(args).lower().translate(_DROPPED)) is not None:
        return True
    for key in map(_key, _parts(args)):
        if key is None:
            continue
        stem = _WILD.split(key, 1)[0]
        if key.startswith(_HIVES) or (copied and (key.startswith(_SYSTEM) or _SYSTEM.startswith(stem))):
            return True
        if (whole or stem != key) and any(k.startswith(stem) for k in _SECRET_KEYS):
            return True
    return False


_REG_WHOLE = frozenset({"save", "export", "copy"})


def _reg(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``reg OP KEY ...``: any act on SAM or SECURITY or a password's key; a parent saved, exported, copied,
    compared or queried with ``/s``; SYSTEM saved, exported or copied."""
    if len(view) < 2:
        return None
    op = view[1].lower()
    args = view[2:]
    if "/?" in args or "-?" in args:
        return None
    if not [w for w in args if w[:1] not in "/-"]:
        return (
            REGISTRY if op in _REG_WHOLE or op == "query" else None
        )  # `xargs reg save`: the key given later
    copied = op in _REG_WHOLE
    whole = copied or any(w.lower() in ("/s", "-s") for w in _parts(args))
    return REGISTRY if _reads_secret(args, whole, copied) else None


_LISTERS = frozenset({"get-childitem", "gci", "ls", "dir"})
_DEEP = ("-recurse", "-depth")


def _deep(view: tuple[str, ...]) -> bool:
    """A recursion asked for (`-Recurse`, `-r`, `-rec`, `-Depth 2`, `-Depth:2`)."""
    for w in _parts(view[1:]):
        low = w.lower().partition(":")[0]
        if len(low) > 1 and low[0] == "-" and any(d.startswith(low) for d in _DEEP):
            return True
    return False


def _registry_cmdlet(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """PowerShell's item cmdlets (and cmd's ``cd``) on a registry drive: a password's key or a hive read, moved
    into, or one of their parents listed (Get-ChildItem shows each subkey's values) or read recursively."""
    if _ROOT_NAMED(" ".join(view)) is None:
        return None  # (nearly every `ls` and `cd`: no registry root named)
    whole = view[0].lower() in _LISTERS or _deep(view)
    return REGISTRY if _reads_secret(view[1:], whole, False) else None


_REGISTRY_READERS = (
    "get-itemproperty gp get-itempropertyvalue gpv get-item gi get-childitem gci ls dir set-location sl cd chdir"
    " push-location pushd copy-item cpi"
).split()

# -- a process's memory dumped --------------------------------------------------------------------------------
_PROCDUMPS = frozenset({"procdump", "procdump64", "procdump64a"})
_DEBUGGERS = frozenset({"cdb", "ntsd", "windbg", "windbgx"})
_DEBUGGER_ATTACH = frozenset({"-p", "-pn", "-psn", "-pv", "-pd", "-pe"})
_ALWAYS_DUMP = frozenset(
    {
        "createdump",
        "rdrleakdiag",
        "sqldumper",
        "dumpminitool",
        "tttracer",
        "adplus",
        "processdump",
        "werfault",
    }
)
_HELPS = frozenset({"-?", "/?", "--help", "-help", "/help", "-h"})


def _dumped(view: tuple[str, ...]) -> str:
    return LSASS if "lsass" in " ".join(view).lower() else PEEK


def _process_dump(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """procdump (a process by name or pid; not ``-x``, which starts the program it dumps), createdump and its
    peers, Windows' debuggers attached (``-p``, ``-pn``)."""
    verb = view[0].lower()
    args = [w.lower() for w in view[1:]]
    if not args or (len(args) == 1 and args[0] in _HELPS):
        return None
    if verb in _PROCDUMPS:
        return None if "-x" in args or "/x" in args else _dumped(view)
    if verb in _DEBUGGERS:
        return _dumped(view) if not _DEBUGGER_ATTACH.isdisjoint(args) else None
    if verb == "tttracer" and not any("attach" in a or "dumpfull" in a for a in args):
        return None  # it records a program it starts
    if verb == "werfault" and "-p" not in args:
        return None  # Windows' own crash reporting; `-u -p PID` dumps a running process
    return _dumped(view)


# -- shadow copies, crackers, the shadow file, Kerberos ---------------------------------------------------------
def _vssadmin(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    ops = {w.lower() for w in view[1:2]}
    return SHADOW if ops & {"create", "delete", "resize", "add", "revert"} else None


def _esentutl(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    return SHADOW if any(w.lower() in ("/vss", "/vssrec", "-vss") for w in view[1:]) else None


def _wmic(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    return SHADOW if any("shadowcopy" in w.lower() for w in view[1:]) else None


def _always(what: str) -> Reader:
    def read(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
        return None if len(view) == 2 and view[1].lower() in _HELPS else what

    return read


_CRACKER_READS = frozenset(
    {"--help", "-h", "--version", "-V", "-b", "--benchmark", "-I", "--backend-info", "--example-hashes",
     "--hash-info", "--list=formats", "--list=subformats", "--test", "--list"}
)  # fmt: skip


def _cracker(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """john and hashcat: every run reads or writes the pot file in the home folder (``--show`` prints what was
    cracked); their help, version, listing and benchmark forms do not."""
    args = view[1:]
    if not args or any(w in _CRACKER_READS or w.startswith(("--list=", "--test")) for w in args):
        return None
    return CRACK


def _certutil(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``certutil -exportPFX``: a certificate's private key from the user's or the machine's store."""
    return STORE if any(w.lower().lstrip("-/") == "exportpfx" for w in view[1:]) else None


def _pdbedit(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """Samba's ``pdbedit -w`` (``-Lw``, ``--smbpasswd-style``) prints the accounts' NT hashes; ``-e`` exports them."""
    for w in view[1:]:
        if w in ("--smbpasswd-style", "--export") or (
            w[:1] == "-" and w[1:2] != "-" and ("w" in w or "e" in w)
        ):
            return STORE
    return None


def _samba_tool(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``samba-tool user getpassword|syncpasswords``, ``domain exportkeytab``: passwords and keys of the domain."""
    low = {w.lower() for w in view[1:]}
    return STORE if low & {"getpassword", "get-kerberos-ticket", "syncpasswords", "exportkeytab"} else None


def _kwallet(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """KWallet's ``kwallet-query -r NAME`` (``--read-password``) and ``kwalletcli -e NAME`` print a password."""
    return STORE if any(w in ("-r", "--read-password", "-e", "--entry") for w in view[1:]) else None


def _wbadmin(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``wbadmin start backup|systemstatebackup``: a copy of the system state, the registry hives and NTDS.dit."""
    return SHADOW if any(w.lower() == "start" for w in view[1:2]) else None


def _appcmd(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """IIS' ``appcmd list apppool|vdir /text:*`` (or ``/text:processModel.password``): the identities' passwords."""
    return STORE if any(w.lower().startswith(("/text:*", "/text:processmodel.password", "/text:password"))
                        for w in view[1:]) else None  # fmt: skip


def _getent(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    return STORE if any(w in ("shadow", "gshadow") for w in view[1:]) else None


def _klist(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """MIT's and Heimdal's klist: ``-K`` prints the keys, ``-k`` with no keytab named reads the machine's; Windows'
    ``-li`` lists another logon session's tickets, ``purge`` (``purge_bind``, ``add_bind``) changes them."""
    args = view[1:]
    low = [w.lower() for w in args]
    if any(w in ("purge", "purge_bind", "add_bind", "-purge") for w in low):
        return TICKETS_CHANGED
    if "-li" in low or "-lh" in low:
        return TICKETS
    flags = "".join(w[1:] for w in args if w[:1] == "-" and w[1:2] != "-")
    if "K" in flags:
        return TICKETS
    if "k" in flags and not [w for w in args if w[:1] != "-"]:
        return TICKETS  # `klist -k`: /etc/krb5.keytab, the machine's own keys
    return None


DUMP_READERS: dict[str, Reader] = {
    "reg": _reg,
    **dict.fromkeys(_REGISTRY_READERS, _registry_cmdlet),
    **dict.fromkeys(_PROCDUMPS | _DEBUGGERS | _ALWAYS_DUMP, _process_dump),
    "vssadmin": _vssadmin,
    "esentutl": _esentutl,
    "wmic": _wmic,
    **dict.fromkeys(("ntdsutil", "diskshadow", "invoke-ninjacopy"), _always(SHADOW)),
    **dict.fromkeys(("john", "hashcat"), _cracker),
    "unshadow": _always(STORE),
    **dict.fromkeys(("nxc", "cme", "export-pfxcertificate"), _always(STORE)),
    "certutil": _certutil,
    "getent": _getent,
    "appcmd": _appcmd,
    "pdbedit": _pdbedit,
    "samba-tool": _samba_tool,
    **dict.fromkeys(("kwallet-query", "kwalletcli"), _kwallet),
    **dict.fromkeys(("kadmin", "kadmin.local", "ipa-getkeytab", "msktutil"), _always(TICKETS)),
    "dsdbutil": _always(SHADOW),
    "wbadmin": _wbadmin,
    "klist": _klist,
    "ktutil": _always(TICKETS),
}
# The names the Windows hook reads (a `.exe` form too: cmd and PowerShell name the program either way).
DUMP_WINDOWS_NAMES: frozenset[str] = frozenset(DUMP_READERS) | frozenset(f"{n}.exe" for n in DUMP_READERS)


def _then_peek(verb: str, mine: Reader) -> Reader:
    """A verb peeks.py reads too (procdump): this module's reading first, then that one."""
    theirs = PEEK_READERS[verb]

    def read(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
        return mine(view, words) or theirs(view, words)

    return read


for _verb in set(DUMP_READERS) & set(PEEK_READERS):
    DUMP_READERS[_verb] = _then_peek(_verb, DUMP_READERS[_verb])


def windows_dump(name: str, words: list[str]) -> str | None:
    """The readings above of a segment as PowerShell and cmd read it (``words``: windows_words, unquoted, a
    backslash a character; ``name``: its first word as windows.py's filters compare it, "" when it may be any)."""
    if not words:
        return None
    verb = (name or words[0].lower().replace("/", "\\").rpartition("\\")[2]).removesuffix(".exe")
    view = (verb, *words[1:])
    reader = DUMP_READERS.get(verb)
    found = reader(view, tuple(words)) if reader is not None else None
    return found or dump_named(tuple(words))
