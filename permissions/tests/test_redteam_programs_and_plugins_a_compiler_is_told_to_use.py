"""Red team (R4.9): the programs and plugins a compiler or a linker is told to use run as it builds.

``gcc -wrapper prog`` was read as the program it runs (option_commands); its siblings were not, and under an allow
of the compiler alone these ran a file of the command's own, in the sandbox and on the developer's machine: a
plugin (``gcc -fplugin=./x.so``, clang's ``-fpass-plugin=``, ``-Xclang -load -Xclang ./x.so``), the linker by its
path (``-fuse-ld=./x.sh``, clang's ``--ld-path=``, zig's), a linker plugin (``-Wl,-plugin,./x.so``,
``-Xlinker -plugin -Xlinker``, ld's ``-plugin``), nvcc's host compiler (``-ccbin ./x.sh``), rustc's linker (``-C
linker=./x.sh``, also after ``cargo rustc --``) and codegen backend, go's external linker (``go build
-ldflags='-linkmode external -extld ./x.sh'``); and the folder gcc runs its own passes from (``-B ./dir``: cc1,
as, collect2) and a specs file given by its path (it may name any program) are read by no rule. Now a program or
a library named by its path is a segment of its own (option_commands.compiler_lines, runners._go,
runners._cargo) -- it asks unless an allow covers it -- and ``-B`` and a specs file by its path are what no rule
can read. A toolchain's own by name (``-fuse-ld=lld``, ``-fplugin=annobin``, ``--specs=nano.specs``) and the
linker's ``-Bstatic`` stay ordinary.

On the base (d0d1f65) test_a_program_or_plugin_named_to_the_compiler_asks failed 24 of 25 cases in the sandbox and
24 of 25 on the developer's machine (a linker in /tmp met the path scope); the ordinary cases passed there and are
guards.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import approved_by_its_allow, asks_under_its_allow

ATTACKS = [
    ("gcc", "gcc -fplugin=./x.so x.c"),
    ("gcc", "gcc -B ./evil x.c"),
    ("gcc", "gcc -B./evil x.c"),
    ("gcc", "gcc -specs=./x.specs x.c"),
    ("gcc", "gcc --specs=./x.specs x.c"),
    ("gcc", "gcc -fuse-ld=./x.sh x.c"),
    ("gcc", "gcc -Wl,-plugin,./x.so x.c"),
    ("gcc", "gcc -Wl,--plugin=./x.so x.c"),
    ("gcc", "gcc -Xlinker -plugin -Xlinker ./x.so x.c"),
    ("cc", "cc -fplugin=build/x.so -c x.c"),
    ("g++", "g++ -fuse-ld=/tmp/x.sh x.cc"),
    ("clang", "clang -fplugin=./x.so x.c"),
    ("clang", "clang -fpass-plugin=./x.so x.c"),
    ("clang", "clang -Xclang -load -Xclang ./x.so x.c"),
    ("clang", "clang --ld-path=./x.sh x.c"),
    ("clang++", "clang++ -fuse-ld=./x.sh x.cc"),
    ("zig", "zig cc -fuse-ld=./x.sh x.c"),
    ("nvcc", "nvcc -ccbin ./x.sh x.cu"),
    ("ld", "ld -plugin ./x.so a.o"),
    ("ld", "ld --plugin=./x.so a.o"),
    ("rustc", "rustc -C linker=./x.sh x.rs"),
    ("rustc", "rustc -Clinker=./x.sh x.rs"),
    ("rustc", "rustc --codegen linker=./x.sh x.rs"),
    ("cargo", "cargo rustc -- -C linker=./x.sh"),
    ("go", "go build -ldflags '-linkmode external -extld ./x.sh' ."),
]

ORDINARY = [
    ("gcc", "gcc -O2 -Wall -o app x.c"),
    ("gcc", "gcc -Bstatic x.c"),
    ("gcc", "gcc --specs=nano.specs --specs=nosys.specs x.c"),
    ("gcc", "gcc -C -E x.c"),
    ("gcc", "gcc -Wl,-rpath,./lib x.c"),
    ("gcc", "gcc -fuse-ld=mold x.c"),
    ("clang", "clang -fuse-ld=lld x.c"),
    ("clang", "clang -fplugin=annobin x.c"),
    ("ld", "ld -Bstatic -o x a.o"),
    ("rustc", "rustc -C opt-level=3 x.rs"),
    ("rustc", "rustc -C linker=clang x.rs"),
    ("cargo", "cargo rustc --release -- -C target-cpu=native"),
    ("go", "go build -ldflags='-s -w' ."),
    ("go", "go build -ldflags=all=-X=main.version=1.0 ."),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize(("allow", "command"), ATTACKS)
def test_a_program_or_plugin_named_to_the_compiler_asks(allow, command, runs_in):
    asks_under_its_allow(allow, command, runs_in)


@pytest.mark.parametrize(("allow", "command"), ORDINARY)
def test_the_toolchain_s_own_stays_approved(allow, command):
    approved_by_its_allow(allow, command)
