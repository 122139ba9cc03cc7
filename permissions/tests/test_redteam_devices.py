"""Red team (session 19), SPEC §5 where it runs: a device attached to the developer's machine changed -- a phone
(adb installs, pushes, shells; fastboot flashes and unlocks), a board (esptool, espefuse burns, arduino-cli,
PlatformIO, avrdude, dfu-util, OpenOCD, J-Link, st-flash, picotool, nrfjprog, probe-rs, idf.py, west, Particle,
MicroPython's tools, UF2, Teensy, BOSSA, stm32flash), an iPhone (ios-deploy, devicectl, ideviceinstaller), the
machine's own firmware (flashrom, fwupdmgr), a printer (lp, lpr, lpadmin). The 61 of CHANGES were auto-approved on
the agent's machine in auto mode and under an allow of every word on 0ae6cad (those naming a device's path asked
already, for the path, and stay as guards); off the sandbox they ask now
(``cap_path_scope``), in the sandbox (no device) nothing changes, and their listings, reads and builds stay
ordinary. And a guard: the programs this session's family rows read only for some forms stay unknown, so an
unknown program's ``--`` still hands its command on (the floor denies ``snyk test -- rm -rf /`` as before)."""

from __future__ import annotations

import pytest

from permissions.commands.devices import DEVICE
from permissions.commands.vocabulary import FORM_READ_ONLY, KNOWN_PROGRAMS
from permissions.tests.redteam import a_machine_change_on_the_laptop, stays_auto_where

from .helpers import AUTO_MODE, allow_every_word, term

CHANGES = [
    "adb install app.apk",
    "adb -s emulator-5554 install -r app.apk",
    "adb shell pm uninstall com.bank",
    "adb reboot bootloader",
    "adb backup -all",
    "adb sideload ota.zip",
    "adb root",
    "fastboot flash boot boot.img",
    "fastboot oem unlock",
    "fastboot flashing unlock",
    "fastboot -w",
    "fastboot erase userdata",
    "esptool.py write_flash 0x0 fw.bin",
    "esptool write-flash 0 fw.bin",
    "espefuse.py burn_efuse FLASH_CRYPT_CNT",
    "espefuse burn-key BLOCK_KEY0 key.bin",
    "arduino-cli burn-bootloader -b arduino:avr:uno -P usbasp",
    "pio run -t upload",
    "platformio run --target upload",
    "pio run -e esp32 --target=uploadfs",
    "pio run -t erase",
    "avrdude -p m328p -c arduino -U flash:w:fw.hex",
    "avrdude -p m328p -c usbasp -Ulfuse:w:0xff:m",
    "avrdude -p m328p -c usbasp -e",
    "dfu-util -D fw.bin",
    "dfu-util -a 0 --download fw.bin",
    "openocd -f board.cfg -c 'program fw.elf verify reset exit'",
    "JLinkExe -CommandFile flash.jlink",
    "st-flash write fw.bin 0x8000000",
    "st-flash erase",
    "picotool load fw.uf2",
    "picotool reboot -f",
    "nrfjprog --program fw.hex --sectorerase",
    "nrfjprog --recover",
    "probe-rs download fw.elf --chip nRF52840_xxAA",
    "probe-rs run fw.elf --chip x",
    "idf.py flash",
    "idf.py erase-flash",
    "idf.py efuse-burn",
    "west flash",
    "particle flash dev fw.bin",
    "particle update",
    "particle serial flash fw.bin",
    "ios-deploy --bundle App.app",
    "xcrun devicectl device install app --device x App.app",
    "xcrun devicectl device process launch --device x com.x",
    "ideviceinstaller -i App.ipa",
    "idevicebackup2 restore ./backup",
    "mpremote cp main.py :main.py",
    "mpremote fs rm :main.py",
    "mpremote run script.py",
    "uf2conv.py fw.bin",
    "teensy_loader_cli --mcu=TEENSY40 -w fw.hex",
    "bossac -e -w -v fw.bin",
    "flashrom -p internal -w bios.bin",
    "flashrom -p ch341a_spi -E",
    "fwupdmgr update",
    "fwupdmgr install fw.cab",
    "lp report.pdf",
    "lpr .env",
    "lpadmin -p office -E -v ipp://printer.example/ipp",
]


# The same, naming a device's path (a port, a phone's folder): the path scope asks first, in the sandbox too.
NAMING_A_DEVICE_PATH = [
    "adb push .env /sdcard/",
    "esptool.py --port /dev/ttyUSB0 erase_flash",
    "adb shell rm -rf /sdcard/DCIM",
    "arduino-cli upload -p /dev/ttyACM0 --fqbn arduino:avr:uno",
    "arduino-cli compile --upload -p /dev/ttyACM0",
    "idf.py -p /dev/ttyUSB0 flash monitor",
    "ampy --port /dev/ttyUSB0 put main.py",
    "rshell cp main.py /pyboard",
    "stm32flash -w fw.bin /dev/ttyUSB0",
]


@pytest.mark.parametrize("command", NAMING_A_DEVICE_PATH)
def test_a_device_changed_by_its_path_asks_on_the_developers_machine(command):
    a_machine_change_on_the_laptop(command)
    host = term(command, allow=allow_every_word(command), runs_in="host")
    assert host.decision == "require_approval", (command, host.reason)


@pytest.mark.parametrize("command", CHANGES)
def test_a_device_changed_asks_on_the_developers_machine(command):
    v = a_machine_change_on_the_laptop(command)
    assert DEVICE in v.message, (command, v.message)
    host = term(command, allow=allow_every_word(command), runs_in="host")
    assert host.decision == "require_approval", (command, host.reason)
    assert term(command, autonomy=AUTO_MODE, runs_in="sandbox").decision == "auto_approve", command


@pytest.mark.parametrize(
    "command",
    [
        "adb devices",
        "adb logcat -d",
        "adb version",
        "fastboot devices",
        "fastboot getvar all",
        "esptool.py chip_id",
        "esptool.py read_flash 0 0x1000 dump.bin",
        "espefuse.py summary",
        "arduino-cli compile --fqbn arduino:avr:uno",
        "arduino-cli board list",
        "pio run",
        "pio test -e native",
        "platformio run -e esp32",
        "avrdude -p m328p -c usbasp -U flash:r:dump.hex:i",
        "dfu-util -l",
        "st-flash read dump.bin 0x8000000 0x1000",
        "picotool info",
        "probe-rs list",
        "idf.py build",
        "west build -b nrf52840dk",
        "particle list",
        "ios-deploy --detect",
        "xcrun simctl list",
        "xcrun devicectl list devices",
        "mpremote ls",
        "ampy ls",
        "uf2conv.py fw.bin -o fw.uf2",
        "fwupdmgr get-devices",
        "fwupdmgr get-updates",
        "flashrom -p internal -r backup.bin",
    ],
)
def test_listings_reads_and_builds_stay_ordinary(command):
    stays_auto_where(command)


def test_the_session_19_rows_programs_stay_unknown():
    assert not (FORM_READ_ONLY & KNOWN_PROGRAMS)


@pytest.mark.parametrize(
    "program", ["snyk test", "ray job submit", "temporal workflow list", "mongoimport", "bosh"]
)
def test_an_unknown_programs_double_dash_still_hands_its_command_on(program):
    for runs_in in ("sandbox", "host"):
        v = term(f"{program} -- rm -rf /", autonomy=AUTO_MODE, runs_in=runs_in)
        assert (v.decision, v.reason) == ("deny", "builtin_deny"), (program, runs_in, v.reason)
