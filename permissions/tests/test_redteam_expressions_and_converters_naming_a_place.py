"""R4.10, R4.9, red team: expression and template languages, and data converters, printing a file another way.

Under a deny of `cat .env` (a rule guarding a place by printing it), the languages whose own code names a file --
yq's `load`s (`yq -n 'load_str(".env")'`), Jsonnet's imports (`jsonnet -e 'importstr ".env"'`, `--ext-str-file
k=.env`), Nix's path literals and strings (`nix eval --raw --expr 'builtins.readFile ./.env'`, `nix-instantiate
--eval -E ...`, `nix-build -E`, `nix-env -iE`, `--apply`, `--arg`), Dhall's imports given as an operand, by `--file`
or on the input (`dhall text <<< './.env as Text'`, `echo './.env as Text' | dhall`), gomplate's templates,
datasources and contexts (`gomplate -i '{{ file.Read ".env" }}'`, `gomplate -d e=.env -i '{{ ds "e" }}'`) -- the
renderers handed a file by an option (`ytt -f .env`, `helm template x ./chart --set-file k=.env`, `-f .env`) and the
data converters (`hcl2json .env`, `toml2json .env`, `yaml2json .env`, `cue export .env`, `xq . .env`, `yj < .env`,
`jsonnetfmt .env`, `jsonlint .env`), jq's kin given it by an option (`gojq -n --rawfile x .env '$x'`), the template
renderers (`mo .env`, `mustache .env`, `ejs .env`, `erb .env`), Nickel's imports and OPA's data and input (`opa eval -i
.env input`) were auto-approved in auto mode and behind an allow of every word. Each is now read as `cat` of the
files it names (permissions.commands.expression_reads through permissions.commands.file_printers; the code Dhall,
gomplate, Nickel and Nix read on their input through permissions.commands.list_feeds; yq's other names in
wrappers.OTHER_NAMES).

Where the code builds the name at run time or runs a program (`yq '.a = load(.file)' x.yml`, `nix eval --expr
'builtins.readFile (toString ./. + "/.env")'`, `builtins.exec`, `gomplate -i '{{ file.Read (print ".e" "nv") }}'`,
`--plugin`), no rule can read what it prints: never auto-approved (expression_opaque, commands.opaque_reason); so
is a Nix expression read from the input (`nix-instantiate --eval - <<< ...`), and an ERB or esh template read there
(Ruby, the shell: interpreters.code_opaque).

Ordinary uses keep their answers: `nix-build -E 'with import <nixpkgs> {}; callPackage ./. {}'`, `yq '.version'
package.json`, `yq -i '.a = 1' x.yml`, `jsonnet config.jsonnet`, `gomplate -f tpl.tmpl -o out`, `helm template x
./chart -f values.yaml`.

295 of its 413 cases fail on dc81ee6 (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses
from permissions.tests.redteam import never_auto_where, stays_auto_where

_ENV = "cat .env"

DENIED = [
    # yq's load operators, by every spelling of the file and of the program
    "yq -n 'load_str(\".env\")'",
    "yq '.a = load(\".env\")' x.yml",
    "yq '.a = load_xml(\".env\")' x.yml",
    "yq -n 'load_props(\".env\")'",
    "yq -n 'load_base64(\".env\")'",
    "yq eval -n 'load_str(\".env\")'",
    "yq e -n 'load(\".env\")'",
    "yq ea '. as $x | load_str(\".env\")' a.yml",
    "yq -n 'load_str( \".env\" )'",
    "yq -n 'load_str(\"./.env\")'",
    "yq -n 'load_str(\"\\u002eenv\")'",
    'yq -n \'"x" + load_str(".env")\'',
    "yq -o=json -n 'load_props(\".env\")'",
    "yq -n 'load_str(\".env\")' | cat",
    "/usr/local/bin/yq -n 'load_str(\".env\")'",
    "env yq -n 'load_str(\".env\")'",
    "go-yq -n 'load_str(\".env\")'",
    "yq_linux_amd64 -n 'load(\".env\")'",
    # Jsonnet's imports and the files its options hand the code
    "jsonnet -e 'importstr \".env\"'",
    "jsonnet -e 'import \".env\"'",
    "jsonnet -e 'importbin \".env\"'",
    "jsonnet -e \"importstr '.env'\"",
    "jsonnet --exec 'importstr \".env\"'",
    "jsonnet -S -e 'importstr \".env\"'",
    "jsonnet -e 'importstr @\".env\"'",
    "jsonnet -e 'importstr \"\\u002eenv\"'",
    "jsonnet -e '{a: importstr \".env\"}'",
    "jsonnet --ext-str-file k=.env -e 'std.extVar(\"k\")'",
    "jsonnet --tla-str-file k=.env -e 'function(k) k'",
    "jsonnet --ext-code k='importstr \".env\"' -e 'std.extVar(\"k\")'",
    "jrsonnet -e 'importstr \".env\"'",
    "sjsonnet -e 'importstr \".env\"'",
    "timeout 5 jsonnet -e 'importstr \"./.env\"'",
    "jsonnet .env",
    "jsonnetfmt .env",
    # Nix: path literals and strings in an expression, by every program and option taking one
    "nix eval --raw --expr 'builtins.readFile ./.env'",
    "nix eval --raw --expr=builtins.readFile\\ ./.env",
    "nix eval --raw --expr 'with builtins; readFile ./.env'",
    "nix eval --raw --expr '__readFile ./.env'",
    "nix eval --raw --expr 'import ./.env'",
    "nix eval --impure --raw --expr 'builtins.readFile ./.env'",
    "nix eval --raw --expr 'builtins.readFile ./sub/../.env'",
    "nix eval nixpkgs#hello.name --apply 'x: builtins.readFile ./.env'",
    "nix build --expr 'builtins.readFile ./.env'",
    "nix-instantiate --eval -E 'builtins.readFile ./.env'",
    "nix-instantiate --eval --expr 'builtins.readFile ./.env'",
    "nix-build -E 'builtins.readFile ./.env'",
    "nix-build --arg x 'builtins.readFile ./.env' default.nix",
    "nix-shell -E 'builtins.readFile ./.env'",
    "nix-env -iE 'f: builtins.readFile ./.env'",
    "nice nix eval --raw --expr 'builtins.readFile ./.env'",
    "nix-instantiate --eval .env",
    "nix-build .env",
    "nix eval -f .env",
    "nix eval --file .env x",
    # Dhall: an import given as an operand, by --file, or on the input
    "dhall text <<< './.env as Text'",
    "echo './.env as Text' | dhall",
    "dhall <<< './.env as Text'",
    "dhall-to-json <<< './.env as Text'",
    "dhall-to-yaml <<< '{ x = ./.env as Text }'",
    "printf '%s\\n' './.env as Text' | dhall text",
    "cat <<< './.env as Text' | dhall text",
    "dhall <<< './.env'",
    "dhall text --file .env",
    "dhall-to-json --file .env",
    "dhall diff './.env as Text' '1'",
    # gomplate: inline templates, datasources, contexts, nested templates, its input
    "gomplate -i '{{ file.Read \".env\" }}'",
    "gomplate --in '{{ file.Read \".env\" }}'",
    "gomplate --in='{{ file.Read \".env\" }}'",
    "gomplate -i '{{ file.Read `.env` }}'",
    "gomplate --left-delim '<<' --right-delim '>>' -i '<< file.Read \".env\" >>'",
    'gomplate -i \'{{ defineDatasource "e" ".env" }}{{ include "e" }}\'',
    "gomplate -i '{{ $f := \".env\" }}{{ file.Read $f }}'",
    "gomplate -i '{{ \".env\" | file.Read }}'",
    "gomplate -d e=.env -i '{{ ds \"e\" }}'",
    "gomplate -d e=file://./.env -i '{{ include \"e\" }}'",
    "gomplate -d .env -i '{{ include \"env\" }}'",
    "gomplate --datasource e=.env -i '{{ ds \"e\" }}'",
    "gomplate --datasource=e=.env -i '{{ ds \"e\" }}'",
    "gomplate -c e=.env -i '{{ .e }}'",
    "gomplate -c .=.env -i '{{ . }}'",
    "gomplate --context e=.env?type=text/plain -i '{{ .e }}'",
    "gomplate -t t=.env -i '{{ template \"t\" }}'",
    "echo '{{ file.Read \".env\" }}' | gomplate",
    "echo '{{ ds \"e\" }}' | gomplate -d e=.env",
    "gomplate -d e=.env <<< '{{ include \"e\" }}'",
    "gomplate <<< '{{ file.Read \".env\" }}'",
    "command gomplate -i '{{ file.Read \".env\" }}'",
    # renderers handed the file by an option
    "ytt -f .env",
    "ytt --file .env",
    "ytt --file=.env",
    "ytt -f x.yml --data-values-file .env",
    "ytt -f x.yml --data-value-file k=.env",
    "helm template x ./chart --set-file k=.env",
    "helm template x ./chart --set-file=k=.env",
    "helm template x ./chart --set-file a=b.txt,k=.env",
    "helm template x ./chart -f .env",
    "helm template x ./chart --values .env",
    "helm template x ./chart --values=values.yaml,.env",
    "j2 -f env .env",
    # data converters printing the file they convert
    "hcl2json .env",
    "hcl2json < .env",
    "toml2json .env",
    "yaml2json .env",
    "json2yaml .env",
    "json2toml .env",
    "toml2yaml .env",
    "remarshal -i .env --of json",
    "xq . .env",
    "tomlq . .env",
    "json5 .env",
    "yj < .env",
    "yj -ty < .env",
    "cue export .env",
    "cue eval .env",
    "cue def .env",
    "cue export text: .env",
    "hcldec --spec s.hcldec .env",
    "stoml .env KEY",
    "jc --ini < .env",
    "jsonlint .env",
    # jq's kin handed the file by an option
    "gojq -n --rawfile x .env '$x'",
    "jaq -n --slurpfile x .env '$x'",
    # template renderers printing the template's text around its tags
    "mo .env",
    "mustache .env",
    "chevron .env",
    "ejs .env",
    "erb .env",
    "esh .env",
    # Nickel's imports, OPA's data and input, Nix's expression read from the input
    'nickel export <<< "import \\".env\\" as \'Text"',
    "echo 'import \".env\"' | nickel export",
    "nickel eval .env",
    "opa eval -i .env input",
    "opa eval --data .env data",
    "nix-instantiate --eval - <<< 'builtins.readFile ./.env'",
    "nix-build - <<< 'import ./.env'",
    "echo 'builtins.readFile ./.env' | nix eval --raw -f -",
]

# A file named at run time, or a program run: no rule can read what it prints.
OPAQUE = [
    "yq '.a = load(.file)' x.yml",
    'yq -n \'load_str(".en" + "v")\'',
    "yq -n 'load_str(env(F))'",
    "yq -n 'load_str(strenv(F))'",
    "go-yq '.a = load(.path)' x.yml",
    "nix eval --raw --expr 'builtins.readFile (toString ./. + \"/.env\")'",
    "nix eval --raw --expr 'builtins.readFile \"${./.}/.env\"'",
    "nix eval --raw --expr 'builtins.readFile ./dir/${\"x\"}'",
    "nix eval --raw --expr 'let r = builtins.readFile; in r (/. + \"srv/.env\")'",
    'nix eval --raw --expr \'builtins.exec ["cat" "x"]\'',
    "nix-instantiate --eval -E 'builtins.readFile (builtins.getEnv \"F\")'",
    "nix-build -E 'map builtins.readFile (builtins.attrValues x)'",
    'gomplate -i \'{{ file.Read (print ".e" "nv") }}\'',
    'gomplate -i \'{{ print ".e" "nv" | file.Read }}\'',
    "gomplate -i '{{ range file.ReadDir \".\" }}{{ file.Read . }}{{ end }}'",
    "gomplate --plugin cat=/bin/cat -i '{{ cat \"x\" }}'",
    'gomplate -i \'{{ defineDatasource "e" (print ".e" "nv") }}\'',
    # code read from the input: a Nix expression, an ERB or esh template
    "nix-instantiate --eval - <<< '1 + 1'",
    "nix eval -f /dev/stdin <<< '1'",
    'erb <<< \'<%= File.read(".e" + "nv") %>\'',
    "echo '<% cat .e''nv %>' | esh -",
]

# Ordinary uses of the same programs: auto-approved, and no deny of `cat .env` meets them.
KEPT = [
    "nix-build -E 'with import <nixpkgs> {}; callPackage ./. {}'",
    "nix-build -E '(import <nixpkgs> {}).hello'",
    "nix-build '<nixpkgs>' -A hello",
    "nix-build",
    "nix-build default.nix -A app",
    "nix-instantiate --eval -E '(import ./. {}).version'",
    "nix-instantiate --eval --strict -E 'builtins.fromJSON (builtins.readFile ./package.json)'",
    "nix eval --raw --expr 'builtins.currentSystem'",
    "nix eval --expr '1 + 2'",
    "nix eval .#packages.x86_64-linux.default.name",
    "nix eval nixpkgs#hello.version",
    "nix eval --json .#checks --apply builtins.attrNames",
    "nix build .#default",
    "nix build nixpkgs#hello",
    "nix flake check",
    "nix eval --impure --expr 'import ./default.nix'",
    "yq '.version' package.json",
    "yq -i '.a = 1' x.yml",
    "yq e '.spec.replicas' deploy.yaml",
    "yq -o json . config.yaml",
    "yq '.a = load(\"other.yml\")' x.yml",
    'yq -n \'load("values.yaml") * load("override.yaml")\'',
    "yq eval-all '. as $item ireduce ({}; . * $item)' a.yml b.yml",
    "jsonnet config.jsonnet",
    "jsonnet -J vendor main.jsonnet",
    "jsonnet -m out/ main.jsonnet",
    "jsonnet -e '{a: 1}'",
    "jsonnet -e 'import \"lib.libsonnet\"'",
    "jsonnetfmt -i main.jsonnet",
    "gomplate -f tpl.tmpl -o out",
    "gomplate -f config.tmpl",
    "gomplate -i 'hello {{ .Env.USER }}'",
    "gomplate -d config=config.yaml -f tpl.tmpl -o out.txt",
    "gomplate -c cfg=./config.json -i '{{ .cfg.name }}'",
    "gomplate -i '{{ file.Read \"VERSION\" }}'",
    "gomplate -d e=.env -i 'hello'",
    "gomplate -d cfg=.env -f t.tmpl",
    "gomplate -d e=vault:///secret/x -i '{{ ds \"e\" }}'",
    "helm template x ./chart -f values.yaml",
    "helm template x ./chart --set image.tag=1.2",
    "helm lint ./chart",
    "ytt -f config/",
    "ytt -f config/ --data-values-file values.yml",
    "cue export ./...",
    "cue eval config.cue",
    "cue vet schema.cue data.yaml",
    "hcl2json main.tf",
    "toml2json Cargo.toml",
    "yaml2json docker-compose.yml",
    "dhall text --file config.dhall",
    "dhall-to-json --file config.dhall",
    "dhall-to-yaml <<< '{ a = 1 }'",
    "echo '{ a = 1 }' | dhall-to-json",
    "dhall-to-json <<< './config.dhall'",
    "erb config.yml.erb",
    "opa eval -d policy.rego -i input.json 'data.x.allow'",
    "nickel export config.ncl",
    "gojq '.name' package.json",
    "mustache data.yml page.mustache",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", DENIED)
def test_a_deny_of_printing_the_place_meets_the_expression_naming_it(command: str, runs_in: str) -> None:
    assert_rule_refuses(_ENV, command, runs_in)


@pytest.mark.parametrize("command", OPAQUE)
def test_a_name_built_at_run_time_or_a_program_run_is_never_auto_approved(command: str) -> None:
    never_auto_where(command, ("sandbox", "agent"))


@pytest.mark.parametrize("command", KEPT)
def test_ordinary_uses_stay_auto_approved(command: str) -> None:
    stays_auto_where(command, ("sandbox",))


@pytest.mark.parametrize("command", KEPT)
def test_ordinary_uses_meet_no_deny_of_printing_the_place(command: str) -> None:
    assert_rule_does_not_catch(_ENV, command, "sandbox")
