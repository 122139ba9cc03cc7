"""R4.7, R4.10, R6.2, SPEC §5: a program that reads a list of places or commands from a file it is given acts on
what the list names -- also when find runs it, when parallel is given no command, under a toolchain's own name,
and when a compiler driver hands its linker a place in a comma list.

The class (permissions.commands.list_feeds, runners, find):

- find's `-exec`/`-execdir`/`-ok`/`-okdir` run a list reader on a file it found (`find . -name '*.sha256' -exec
  sha256sum -c {} +`, `find . -exec gcc @{} \\;`, the second `-exec` of a find too), and xargs on the names it
  reads (`find . -name '*.sha256' | xargs sha256sum -c`, `git ls-files '*.rsp' | xargs -I{} gcc @{}`): the named
  file is a file's content, as `sha256sum -c p`'s list is, so it asks off the sandbox (``cap_path_scope``) as that
  does;
- GNU parallel given no command runs each argument as a command line: those after `::::` (or `-a p`, or another
  separator an option names) are a file's lines, which no rule sees -- as `parallel -a p` already was, it is never
  approved (`parallel :::: p`, `sem :::: p`, `parallel ::: a :::: p`); a template a file's or the input's lines
  are appended to runs them as its arguments (`parallel eval :::: p`, `cat p | parallel nohup`);
- more list readers: rhash's `-c`/`--check`/`--file-list`, b3sum and xxhsum's `-c`, nvcc's `--options-file` /
  `-optf`, clang's `--config`, and the toolchains' names distributions and SDKs install (`riscv64-unknown-elf-gcc`,
  `xtensa-esp32-elf-gcc`, the NDK's `aarch64-linux-android21-clang`, `x86_64-w64-mingw32-gcc-posix`, `avr-gcc`,
  `llvm-ar-17`, `ld.mold`, `g++-mp-13`, `nvcc`, `hipcc`);
- a place in a driver's comma list (`gcc -Wl,-o,/home/u/.bashrc x.c` writes there as `gcc -o /home/u/.bashrc x.c`
  does; `-Wl,--version-script,/etc/x`, `-Wp,-MD,~/x.d`, `-Wl,-L/opt/x`, `-Wl,-rpath=./lib,-o,/x`, nvcc's `-Xlinker
  -o,/x`): rooted, home or climbing, it asks off the sandbox as the `=` spelling (`-Wl,--version-script=/etc/x`)
  already did.

Ruling where SPEC is silent: a rooted place in a comma list asks off the sandbox even when it is inside the project
(list_feeds does not know the root; the scope reads the word as one option) -- an absolute spelling of the
project's own place in a linker list is rare, and R4.8 asks when unsure. A run-time origin (`$ORIGIN`,
`@loader_path`) is no place of the build.

friction: builds that run through find (`find . -name '*.c' -exec gcc -c {} \\;`), checksums made by find, relative
comma lists (`-Wl,-rpath,./lib`, `-Wl,--gc-sections,-O1`, `-Wl,-rpath,'$ORIGIN/../lib'`), parallel with literal
arguments (`parallel echo ::: a b`, `ls | parallel echo`), rhash and nvcc without a list.

On the base 617442c, 194 of this file's 322 cases fail (two of them friction: `-Wl,-rpath,@loader_path/../lib`
was read as a response file). The others are guards: the friction, the list readers the last session added
(`b2sum -c p`, `clang-17 @p`, `gcc -Xlinker -o -Xlinker /home/u/.bashrc`), the sandbox's auto-mode answers to what
find runs, and the parallel readings that already asked (`parallel -a p`, `cat p | parallel`).
"""

import pytest

from .helpers import auto_and_allowed

# find running a list reader on what it found: off the sandbox it asks as the list itself does
FOUND_LISTS = [
    "find . -name '*.sha256' -exec sha256sum -c {} +",
    "find . -name '*.sha256' -exec sha256sum -c {} \\;",
    "find . -name '*.md5' -execdir md5sum --check {} \\;",
    "find . -name SUMS -exec shasum -a 256 -c {} \\;",
    "gfind . -name '*.b2' -exec b2sum -c {} +",
    "find . -exec rhash -c {} \\;",
    "find . -exec gcc @{} \\;",
    "find . -name '*.rsp' -exec clang @{} +",
    "find . -ok javac @{} \\;",
    "find . -type f -exec true \\; -exec gcc @{} \\;",
    "find . -name '*.c' -exec gcc -Wl,-o,/home/u/.bashrc {} \\;",
    "find . -name l -exec xargs -a {} cat \\;",
    "find . -exec sh -c 'sha256sum -c \"$1\"' _ {} \\;",
    "find . -exec env sha256sum -c {} \\;",
    "find . -exec command gcc @{} \\;",
    "find -L . -execdir gcc @{} +",
    "find . -name opts -exec nvcc --options-file {} \\;",
    "find src -name '*.lst' -exec 7z a x.7z @{} \\;",
    # xargs hands what it runs the names it reads: each a list it opens
    "find . -name '*.sha256' | xargs sha256sum -c",
    "git ls-files '*.sha256' | xargs -n1 sha256sum --check",
    "find . -name '*.md5' -print0 | xargs -0 md5sum -c",
    "echo a.sha256 | xargs sha256sum -c",
    "git ls-files '*.rsp' | xargs -I{} gcc @{}",
    "find . -name '*.c' | xargs gcc -Wl,-o,/home/u/x",
    "git ls-files | xargs rhash -c",
]

# list readers the engine did not know (or knew under fewer names), and the ones it did, as guards
LISTS = [
    "rhash -c p",
    "rhash --check p",
    "rhash --check -- p",
    "rhash -c -o out.txt p",
    "rhash --file-list=p",
    "rhash --file-list p --sha256",
    "cat p | rhash -c",
    "b3sum -c p",
    "b3sum --check p",
    "xxhsum -c p",
    "xxh128sum --check p",
    "nvcc --options-file p",
    "nvcc --options-file=p -c x.cu",
    "nvcc -optf p",
    "nvcc -optf=p",
    "/usr/local/cuda/bin/nvcc -optf p",
    "nvcc --options-file a.opt,p",
    "clang --config p x.c",
    "clang --config=p -c x.c",
    "clang-17 --config=/etc/x.cfg x.c",
    "riscv64-unknown-elf-gcc @p",
    "xtensa-esp32-elf-gcc @p",
    "aarch64-linux-android21-clang @p",
    "armv7a-linux-androideabi33-clang++ @p",
    "x86_64-w64-mingw32-gcc-posix @p",
    "i686-w64-mingw32-g++-win32 @p",
    "avr-gcc @p",
    "msp430-elf-gcc @p",
    "mips-linux-gnu-gcc @p",
    "i686-elf-ld @p",
    "arm64-apple-darwin-clang @p",
    "clang++-18 @p",
    "llvm-ar-17 rcs x.a @p",
    "ld.mold @p",
    "wasm-ld @p",
    "flang-new @p",
    "g++-mp-13 @p",
    "gcc-ar rcs x.a @p",
    "gdc @p",
    "hipcc @p",
    "nvcc @p",
    "icx @p",
    # guards: what the last session's tables already read
    "b2sum -c p",
    "md5sum --check p",
    "shasum -a 256 -c p",
    "x86_64-linux-gnu-gcc @p",
    "aarch64-none-elf-ld @p",
    "clang-17 @p",
]

# a place in a compiler driver's comma list: the linker, assembler or preprocessor reads or writes it
COMMA_PLACES = [
    "gcc -Wl,-o,/home/u/.bashrc x.c",
    "cc -Wl,-o,~/.bashrc x.c",
    "gcc -Wl,-o,../../../../home/u/.bashrc x.c",
    "gcc -Wl,-o -Wl,/home/u/.bashrc x.c",
    "gcc -Wl,--version-script,/etc/x x.c",
    "g++ -Wl,--dynamic-list,/etc/x x.cc",
    "gcc -Wl,-Map,/home/u/x.map x.c",
    "gcc -Wl,-L/opt/evil x.c",
    "gcc -Wl,-rpath=./lib,-o,/home/u/x x.c",
    "gcc -Wl,-rpath,/usr/lib x.c",
    "gcc -Wp,-MD,/home/u/x.d x.c",
    "gcc -Wp,-MD,~/x.d x.c",
    "gcc -Wa,--MD,/home/u/x.d x.c",
    "clang -Wl,-T,/etc/x.ld x.c",
    "x86_64-linux-gnu-gcc -Wl,-o,/home/u/x x.c",
    "aarch64-linux-android21-clang -Wl,-o,/home/u/x x.c",
    "gcc-12 -Wl,-o,/tmp/x x.c",
    "gcc -Wl,-T/etc/x.ld x.c",
    "gcc -Wl,-o,~root/x x.c",
    "gcc '-Wl,-o,/home/u/.bashrc' -c x.c",
    "zig cc -Wl,-o,/home/u/x x.c",
    "env CC=gcc gcc -Wl,-o,/home/u/x x.c",
    "gcc -Wl,-Map=../../x.map x.c",
    "nvcc -Xlinker -o,/home/u/x x.cu",
    "nvcc --linker-options=-o,/home/u/x x.cu",
    "nvcc -Xlinker=-o,/home/u/x x.cu",
    "nvcc --compiler-options -Wl,-o,~/x x.cu",
    # guards: the spellings the scope already read
    "gcc -Xlinker -o -Xlinker /home/u/.bashrc x.c",
    "gcc -Wl,--version-script=/etc/x x.c",
    "gcc -Wl,-o,$HOME/.bashrc x.c",
]

# parallel running a file's lines (or the input's) as commands: never approved
PARALLEL_RUNS_LINES = [
    "parallel :::: p",
    "sem :::: p",
    "parallel -j4 :::: cmds.txt",
    "parallel -k :::: p",
    "parallel ::: a :::: p",
    "parallel :::: p ::: a",
    "parallel ::: a ::::+ p",
    "parallel --arg-file-sep ,, ::: a ,, p",
    "parallel -a p ::: a",
    "parallel eval :::: p",
    "parallel nohup :::: p",
    "parallel time :::: p",
    "cat p | parallel eval",
    "parallel -a p eval",
    "parallel --arg-file p nohup",
    "parallel --arg-file=p eval",
    "parallel -0a p",
    "parallel -j4 -a p ::: x",
    "git ls-files | parallel eval",
    # guards: the readings that already asked
    "parallel -a p",
    "cat p | parallel",
    "parallel {} :::: p",
]

FRICTION = [
    "gcc -Wl,-rpath,./lib x.c",
    "gcc -Wl,-rpath,'$ORIGIN/../lib' x.c",
    "gcc -Wl,-rpath,@loader_path/../lib x.c",
    "gcc -Wl,--gc-sections,-O1 x.c",
    "gcc -shared -Wl,-soname,libx.so.1 -o libx.so x.c",
    "gcc -Wl,--version-script,libx.map -shared -o libx.so x.c",
    "gcc -Wl,-Map,out/x.map x.c",
    "gcc -Wl,-o,out/x x.c",
    "gcc -Wp,-MD,build/x.d -c x.c",
    "clang -Wl,--start-group a.a b.a -Wl,--end-group -o app",
    "clang --target=aarch64-linux-gnu -c x.c",
    "clang -c x.c",
    "arm-none-eabi-gcc -c x.c -o x.o",
    "nvcc -c x.cu -o x.o",
    "nvcc -Xcompiler -fPIC,-O2 -c x.cu",
    "nvcc -Xlinker -rpath,./lib x.cu",
    "gcc -Xlinker --gc-sections x.c",
    "rhash --sha256 a.txt",
    "b3sum a.txt",
    "xxhsum a.txt",
    "git ls-files | xargs sha256sum",
    "find . -name '*.c' | xargs gcc -c",
    "git ls-files '*.c' | xargs gcc -Wl,-rpath,./lib -o app",
    "sha256sum a.txt > SHA256SUMS",
    "parallel echo ::: a b",
    "parallel -j4 gcc -c ::: a.c b.c",
    "ls | parallel echo",
    "parallel echo {} ::: a b",
]

# find runs programs: an allow of every word does not cover it (R4.8), auto mode approves
FIND_FRICTION = [
    "find . -name '*.c' -exec gcc -c {} \\;",
    "find . -name '*.c' -exec gcc -c {} +",
    "find . -type f -exec sha256sum {} +",
    "find src -name '*.java' -exec javac -d out {} +",
    "find . -name '*.c' -exec gcc -Wl,-rpath,./lib -c {} \\;",
    "find . -name '*.sha256' -exec cat {} \\;",
]


@pytest.mark.parametrize("command", FOUND_LISTS)
def test_off_the_sandbox_a_list_find_found_asks_as_the_list_does(command: str) -> None:
    auto, allowed = auto_and_allowed(command, "agent")
    assert auto == ("require_approval", "cap_path_scope"), command
    assert allowed[0] == "require_approval", (command, allowed)


@pytest.mark.parametrize("command", FOUND_LISTS)
def test_in_the_sandbox_auto_mode_approves_a_list_find_found(command: str) -> None:
    auto, allowed = auto_and_allowed(command, "sandbox")
    assert auto[0] == "auto_approve", (command, auto)
    assert allowed[0] == "require_approval", (command, allowed)


# the linker's output written to a shell's start-up file: R3.7's kept file (as `gcc -o /home/u/.bashrc x.c`), which
# asks wherever it runs, the sandbox too, before the path scope speaks -- since a program no table reads handed a
# kept file no ordinary program is handed may write it
# (permissions/tests/test_redteam_kept_files_written_by_output_options_and_operands.py)
COMMA_KEPT = [c for c in COMMA_PLACES if ".bashrc" in c]
COMMA_OUTSIDE = [c for c in COMMA_PLACES if c not in COMMA_KEPT]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command", COMMA_KEPT)
def test_a_linker_output_to_a_kept_file_asks_wherever_it_runs(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in):
        assert (decision, reason) == ("require_approval", "unparseable"), (command, runs_in, reason)


@pytest.mark.parametrize("command", LISTS + COMMA_OUTSIDE)
def test_off_the_sandbox_a_list_or_a_listed_place_asks_as_an_outside_place(command: str) -> None:
    auto, allowed = auto_and_allowed(command, "agent")
    assert auto == ("require_approval", "cap_path_scope"), command
    assert allowed[0] == "require_approval", (command, allowed)


@pytest.mark.parametrize("command", LISTS + COMMA_OUTSIDE)
def test_in_the_sandbox_auto_mode_approves_and_an_allow_asks(command: str) -> None:
    auto, allowed = auto_and_allowed(command, "sandbox")
    assert auto[0] == "auto_approve", (command, auto)
    assert allowed[0] == "require_approval", (command, allowed)


@pytest.mark.parametrize("command", PARALLEL_RUNS_LINES)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_parallel_running_a_files_lines_as_commands_is_never_approved(command: str, runs_in: str) -> None:
    for verdict in auto_and_allowed(command, runs_in, deny=("Terminal(cat .env)",)):
        assert verdict[0] == "require_approval", (command, runs_in, verdict)


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_parallel_literal_command_lines_still_meet_a_deny(runs_in: str) -> None:
    for verdict in auto_and_allowed("parallel ::: 'cat .env'", runs_in, deny=("Terminal(cat .env)",)):
        assert verdict == ("deny", "deny_rule"), (runs_in, verdict)


@pytest.mark.parametrize("command", FRICTION)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_ordinary_builds_checksums_and_parallel_stay_approved(command: str, runs_in: str) -> None:
    for verdict in auto_and_allowed(command, runs_in):
        assert verdict[0] == "auto_approve", (command, runs_in, verdict)


@pytest.mark.parametrize("command", FIND_FRICTION)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_builds_find_runs_stay_approved_in_auto_mode(command: str, runs_in: str) -> None:
    auto, _ = auto_and_allowed(command, runs_in)
    assert auto[0] == "auto_approve", (command, runs_in, auto)


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_a_checksum_list_of_the_project_keeps_its_answer(runs_in: str) -> None:
    auto, _ = auto_and_allowed("sha256sum -c SHA256SUMS", runs_in)
    expected = "auto_approve" if runs_in == "sandbox" else "require_approval"
    assert auto[0] == expected, (runs_in, auto)
