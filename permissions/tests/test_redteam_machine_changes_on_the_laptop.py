"""SPEC §5 (where it runs: "the path scope holds for [host and agent] in every mode (auto mode included)"), R6,
red team on a developer's laptop: commands that change the machine outside the project without naming a path
that permissions.commands.machine and permissions.commands.windows did not know, each auto-approved in auto mode
and under a terminal autonomy row when a coding agent's hook ran it -- the network and the firewall (`ufw
disable`, `iptables -F`, `nmcli radio wifi off`, `ip r a default via x`), disks and mounts (`diskutil eraseDisk`,
`mount`, `swapoff -a`), code loaded into the kernel (`modprobe`, `kextload`), what runs at login or opens a URL
scheme (`sfltool add-item`, `lsregister -f`, `gio mime x-scheme-handler/https x.desktop`, `profiles install`,
GNOME's and Plasma's extensions, `pm2 startup`), an MCP server added to the editor's user profile (`code
--add-mcp`), and on Windows the firewall's profiles, local users and groups, optional features, WSL's
distributions, WinRM, disks, event logs and cmd's file associations.

Each is now outside the path scope off the sandbox (`cap_path_scope`). Inside Brabo's own sandbox nothing
changes, and the reads a developer's agent runs all day (`ip a`, `nmcli dev status`, `mount`, `diskutil list`,
`ufw status`, `Get-NetFirewallProfile`, `wsl -l -v`) stay auto-approved everywhere.
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import (
    OFF_THE_SANDBOX,
    a_machine_change_on_the_laptop,
    never_auto_where,
    stays_auto_where,
)

from .helpers import AUTO_MODE, term

NETWORK = [
    "ufw disable",
    "ufw allow 22",
    "ufw --force reset",
    "iptables -F",
    "iptables -P INPUT ACCEPT",
    "ip6tables -I INPUT -j ACCEPT",
    "iptables -t nat -A OUTPUT -p tcp --dport 443 -j DNAT --to 10.0.0.9",
    "iptables-restore < rules.v4",
    "nft flush ruleset",
    "nft add rule inet filter input accept",
    "nft -f evil.nft",
    "firewall-cmd --add-port=4444/tcp",
    "firewall-cmd --permanent --set-default-zone=trusted",
    "firewall-cmd --reload",
    "pfctl -d",
    "pfctl -f pf.conf",
    "ifconfig en0 down",
    "ifconfig eth0 10.0.0.2 netmask 255.0.0.0",
    "ifconfig en0 ether aa:bb:cc:dd:ee:ff",
    "ip route add default via 10.0.0.9",
    "ip r a default via 10.0.0.9",
    "ip link set eth0 down",
    "ip addr flush dev eth0",
    "ip -4 a a 10.0.0.2/8 dev eth0",
    "ip -b cmds.txt",
    "route add default 10.0.0.9",
    "route -n flush",
    "route delete default",
    "nmcli radio wifi off",
    "nmcli connection up evil-vpn",
    "nmcli c down home",
    "nmcli device wifi connect evil password x",
    "nmcli networking off",
    "nmcli general hostname pwned",
    "rfkill block all",
    "ipconfig set en0 DHCP",
    "env ufw disable",
    "nohup nmcli networking off",
]

DISKS = [
    "diskutil eraseDisk APFS x disk2",
    "diskutil unmountDisk disk2",
    "diskutil apfs deleteVolume disk3s5",
    "diskutil partitionDisk disk2 GPT APFS x 0",
    "hdiutil attach evil.dmg",
    "hdiutil detach disk4",
    "mount -t tmpfs tmpfs mnt",
    "mount -a",
    "mount --bind src mnt",
    "umount mnt",
    "umount -a",
    "swapoff -a",
    "swapon swapfile",
    "udisksctl unmount --object-path block_devices/sdb1",
    "udisksctl power-off --object-path drives/x",
    "eject",
]

KERNEL = [
    "modprobe evil",
    "modprobe -r usbhid",
    "insmod evil.ko",
    "rmmod iwlwifi",
    "kextload evil.kext",
    "kextunload -b com.x",
    "kmutil load -p evil.kext",
    "systemextensionsctl reset",
    "systemextensionsctl uninstall TEAM com.x",
]

LOGIN_AND_HANDLERS = [
    "sfltool add-item -i com.x evil.app",
    "sfltool resetbtm",
    "lsregister -f evil.app",
    "lsregister -kill -r -domain local -domain user",
    "lsregister evil.app",
    "tccutil reset All",
    "tccutil reset Accessibility com.x",
    "profiles install -path evil.mobileconfig",
    "profiles -I -F evil.mobileconfig",
    "xdg-desktop-menu install evil.desktop",
    "xdg-desktop-icon install evil.desktop",
    "xdg-icon-resource install --size 64 x.png evil",
    "gio mime x-scheme-handler/https evil.desktop",
    "gio mime text/plain evil.desktop",
    "gnome-extensions install evil.zip",
    "gnome-extensions enable evil@x",
    "kpackagetool6 -i evil.plasmoid",
    "kpackagetool5 --install evil.plasmoid",
    "pm2 startup",
    "pm2 save",
    "pm2 resurrect",
    'code --add-mcp \'{"name":"x","command":"sh","args":["-c","x"]}\'',
    "code-insiders --add-mcp x",
    "cursor --add-mcp x",
    "windsurf --install-extension evil.vsix",
]

WINDOWS = [
    "Set-NetFirewallProfile -Enabled False",
    "Set-NetFirewallProfile -Profile Domain,Public,Private -Enabled False",
    "Disable-NetFirewallRule -DisplayName x",
    "Set-DnsClientServerAddress -InterfaceIndex 12 -ServerAddresses 10.0.0.9",
    "New-NetRoute -DestinationPrefix 0.0.0.0/0 -NextHop 10.0.0.9",
    "Disable-NetAdapter -Name Wi-Fi -Confirm:$false",
    "New-LocalUser x -NoPassword",
    "Add-LocalGroupMember -Group Administrators -Member x",
    "add-localgroupmember Administrators x",
    "Enable-WindowsOptionalFeature -Online -FeatureName Microsoft-Hyper-V -All",
    "Disable-WindowsOptionalFeature -Online -FeatureName Windows-Defender",
    "dism -online -enable-feature -featurename:TelnetClient",
    "DISM.exe -Online -Disable-Feature -FeatureName:x",
    "Add-AppxProvisionedPackage -Online -PackagePath x.appx -SkipLicense",
    "wsl --install -d Ubuntu",
    "wsl --unregister Ubuntu",
    "wsl --import evil distro evil.tar",
    "wsl.exe --set-default evil",
    "wsl --unmount",
    "winrm quickconfig -q",
    "winrm qc",
    'winrm set winrm/config/service @{AllowUnencrypted="true"}',
    "Mount-DiskImage -ImagePath x.iso",
    "diskpart",
    "wevtutil cl System",
    "wevtutil sl Security -e:false",
    "Clear-EventLog -LogName Security",
    "assoc .txt=evilfile",
    "ftype evilfile=evil.exe %1",
    "Rename-Computer -NewName pwned",
    "Set-TimeZone -Id UTC",
    "tzutil -s UTC",
    "Set-ProcessMitigation -System -Disable DEP",
]

ATTACKS = NETWORK + DISKS + KERNEL + LOGIN_AND_HANDLERS + WINDOWS


@pytest.mark.parametrize("command", ATTACKS)
def test_never_auto_approved_off_the_sandbox(command):
    never_auto_where(command, places=OFF_THE_SANDBOX)


@pytest.mark.parametrize("command", ATTACKS)
def test_outside_the_path_scope_in_auto_mode_on_the_laptop(command):
    a_machine_change_on_the_laptop(command)


READS_KEPT = [
    "ifconfig",
    "ifconfig -a",
    "ifconfig en0",
    "ifconfig en0 inet",
    "ip a",
    "ip addr show",
    "ip a s",
    "ip route",
    "ip r",
    "ip -br link",
    "ip -4 addr show dev eth0",
    "ip route get 1.1.1.1",
    "ip link list",
    "nmcli",
    "nmcli dev status",
    "nmcli con show",
    "nmcli -t -f NAME connection show",
    "nmcli general status",
    "mount",
    "mount -l",
    "mount -t ext4",
    "route -n",
    "route -n get default",
    "ufw status verbose",
    "iptables -L -n -v",
    "iptables -S",
    "nft list ruleset",
    "firewall-cmd --list-all",
    "firewall-cmd --state",
    "pfctl -sr",
    "rfkill list",
    "swapon --show",
    "diskutil list",
    "diskutil info disk0",
    "diskutil apfs list",
    "hdiutil info",
    "hdiutil create -size 1m x.dmg",
    "udisksctl status",
    "modprobe -n x",
    "lsmod",
    "kmutil showloaded",
    "systemextensionsctl list",
    "sfltool dumpbtm",
    "lsregister -dump",
    "profiles list",
    "gnome-extensions list",
    "pm2 list",
    "pm2 logs",
    "pm2 start ecosystem.config.js",
    "gio mime text/plain",
    "gio info x",
    "code .",
    "code --list-extensions",
    "code -r src/app.ts",
    "Get-NetFirewallProfile",
    "Get-NetIPAddress",
    "Get-LocalUser",
    "Get-Disk",
    "wevtutil el",
    "winrm get winrm/config",
    "wsl -l -v",
    "wsl --status",
    "assoc .txt",
    "ftype txtfile",
    "Get-TimeZone",
]


@pytest.mark.parametrize("command", READS_KEPT)
def test_reads_kept(command):
    stays_auto_where(command)


@pytest.mark.parametrize(
    "command", ["ufw disable", "modprobe evil", "diskutil eraseDisk APFS x disk2", "wsl --install"]
)
def test_the_sandbox_keeps_its_answer(command):
    assert term(command, autonomy=AUTO_MODE, runs_in="sandbox").decision == "auto_approve", command
