"""Friction: a day of ordinary agent commands, each auto-approved in auto mode in the sandbox and on the developer's
machine (SPEC R4.x friction goals: >= 99 % of ordinary agent commands auto-approved; nothing that auto-approves
today starts asking), and the three classes that asked for them.

The corpus (ORDINARY) is written from the coding agents' own documentation and examples (Claude Code's commit
idiom through a quoted here-document, Codex's `bash -lc`, the Gemini CLI's run_shell_command) and from everyday
practice in Python, TypeScript/Node, Go, Rust, Java/Kotlin, Ruby, PHP, Elixir and C/C++ projects: test runs with
filters, searches, pipes, loops, here-documents writing the project's files, git and gh inspection, Compose's
reading, builds. KEEP_ASKING holds the ordinary commands judged to keep asking, each with why (unread code,
R4.9; a file that decides what runs later, R3.7; an external effect, §5 step 6; a place outside the project,
§5) -- documentation, checked to ask still. Its HOT_PATH list (the friction whose fix belonged to the path scope,
permissions/scope.py and where.py) was strict xfails; session 31 made them hold and moved them to
test_friction_closing_moves_and_link_folders.py.

Class 1 (SPEC §5, where it runs): off the sandbox the text was read as PowerShell for an item's .NET method that
changes files (`(Get-Item x).Delete()`, `.MoveTo(`, `.Replace(` ...) everywhere in it -- a here-document's body
(`cat > src/slug.py <<'EOF'` holding `s.strip().replace(' ', '-')`, Django's `qs.filter(x=1).delete()`), a quoted
search pattern (`grep -n 'strip().replace(' a.py`), a commit message. Now a first line PowerShell refuses to
parse (a here-document's opener: `<` is reserved there) runs nothing as PowerShell, and PowerShell's literal
strings are not read as calls (permissions.commands.windows._outside_literal_strings, which keeps the text whole
where PowerShell may lex its quotes otherwise: a backtick, a here-string, `--%`, `#`, typographic quotes).
Class 2 (R4.9): NODE_OPTIONS holding only node's options that load nothing (`--max-old-space-size=4096`,
`--enable-source-maps`, `--experimental-vm-modules`) no longer makes the segment opaque; `--require`,
`--import`, `--loader`, `--env-file`, `--inspect` and any other word still do.
Class 3 (R3.7): `git submodule status` / `summary` (and a bare `git submodule`) write nothing; the other
actions still write .gitmodules and git's configuration.

50 of its 1287 cases fail on dc81ee6 (the session's start): 12 of ORDINARY's (6 commands in 12 places), the
classes' own guards, and PWD_VALUES' 4 (`--prefix=$PWD/out`: the lead made the path scope read `$PWD` in an option's
value, two of the helper's HOT_PATH proposals); its 8 HOT_PATH cases left were strict xfails there and here
until session 31.
"""

import pytest

from permissions.commands.windows import stops_by_method

from .helpers import AUTO_MODE, term
from .redteam import never_auto_where

PLACES = ("sandbox", "agent")

_CLAUDE_COMMIT = (
    "git commit -m \"$(cat <<'EOF'\n{msg}\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)\n\n"
    'Co-Authored-By: Claude <noreply@anthropic.com>\nEOF\n)"'
)

ORDINARY = [
    # commits
    _CLAUDE_COMMIT.format(msg="Fix flaky retry test"),
    "git add -A && " + _CLAUDE_COMMIT.format(msg="feat(api): add pagination"),
    "git add src/ tests/ && git commit -m 'fix: guard against None'",
    "git commit -q -m 'wip'",
    "git commit --amend -m 'fix: typo'",
    "git commit -m 'chore: release v1.2.3' -m 'See CHANGELOG'",
    "git commit --no-verify -m 'tmp'",
    "git add -u && git commit -m 'tidy'",
    "git restore --staged src/app.py",
    "git restore src/app.py",
    "git checkout -- src/app.py",
    "git switch -c feature/pagination",
    "git checkout -b fix/parser",
    "git switch main",
    "git stash list",
    "git stash show -p stash@{0}",
    "git worktree list",
    "git log --oneline --decorate -20",
    "git log --since='2 weeks ago' --pretty=format:'%h %s' | head -30",
    "git log --author='Jane' --oneline | wc -l",
    "git log -1 --format=%cd",
    "git log --follow -p -- src/parser.py | head -200",
    "git log origin/main..HEAD --oneline",
    "git show --name-status HEAD~3",
    "git show abc1234 -- src/app.py",
    "git diff HEAD~3..HEAD --stat",
    "git diff --word-diff README.md",
    "git diff main --name-only | xargs -r wc -l",
    "git blame -w -C src/parser.py | sed -n '100,140p'",
    "git shortlog -sn | head",
    "git tag --list | tail -5",
    "git describe --tags --abbrev=0",
    "git remote -v",
    "git branch -vv",
    "git branch --merged main",
    "git reflog -10",
    "git cat-file -p HEAD",
    "git rev-list --count HEAD",
    "git merge-base HEAD origin/main",
    "git config --get user.email",
    "git config --list --show-origin | head -20",
    "git fetch origin",
    "git pull --rebase",
    "git rebase origin/main",
    "git cherry-pick abc1234",
    "git clean -n",
    "git ls-tree -r HEAD --name-only | head",
    "git grep -n 'TODO' -- '*.go'",
    "git diff --check",
    "git status --porcelain | awk '{print $2}'",
    "git submodule status",
    # gh
    "gh pr view --json title,body,state",
    "gh pr view 128 --json files --jq '.files[].path'",
    "gh pr checks 128 --watch",
    "gh pr diff 128 --name-only",
    "gh pr list --state open --limit 20",
    "gh pr status",
    "gh issue list --label bug",
    "gh run view --log-failed",
    "gh run list --workflow ci.yml --limit 3",
    "gh api repos/{owner}/{repo}/pulls/128/comments",
    "gh repo view --json name,defaultBranchRef",
    # python
    "pytest tests/test_parser.py -k 'empty or whitespace' -x -q",
    "pytest -q -m 'not integration'",
    "pytest -q --tb=short tests/unit",
    "pytest -q -rA tests/test_x.py | tail -20",
    "pytest -vv tests/test_api.py::TestUsers::test_list 2>&1 | head -80",
    "pytest --lf --ff -q",
    "python -m pytest -q -x --no-header tests/ 2>&1 | tail -30",
    "timeout 300 pytest -q",
    "timeout 60 python -m pytest tests/test_slow.py -q",
    "PYTHONPATH=src pytest -q",
    "PYTHONPATH=. python -m pytest tests",
    "DJANGO_SETTINGS_MODULE=app.settings.test pytest -q",
    "CI=1 pytest -q",
    "uv run pytest -q -k parser",
    "uv run python -m mypy src",
    "uv add requests",
    "uv pip install -e .",
    "uv lock",
    "uv run ruff check --fix .",
    "poetry run pytest -q",
    "poetry install",
    "poetry add --group dev pytest-cov",
    "pip install -e '.[dev]'",
    "pip install -r requirements.txt",
    "python -m pip install -U pip",
    "python -m venv .venv",
    "source .venv/bin/activate && pytest -q",
    ". .venv/bin/activate && python -m pytest -q",
    ".venv/bin/pytest -q",
    ".venv/bin/python -m pytest -q tests/test_models.py",
    "python -m mypy src",
    "python -m ruff check .",
    "python -m black --check .",
    "black src tests",
    "isort --check-only .",
    "flake8 src",
    "pylint src/app | tail -20",
    "python -m build",
    "python manage.py migrate",
    "python manage.py makemigrations app",
    "python manage.py test app.tests.test_views -v 2",
    "python -m unittest discover -s tests",
    "python -m unittest tests.test_parser",
    "python src/app/cli.py --help",
    "python scripts/gen_fixtures.py",
    "tox -e lint",
    "nox -s tests",
    "coverage run -m pytest && coverage report -m | tail -20",
    "pre-commit run --all-files",
    "find . -name '*.pyc' -delete",
    "find . -type d -name __pycache__ -exec rm -rf {} +",
    "rm -rf .pytest_cache build dist",
    "cat > src/app/utils.py <<'EOF'\ndef slugify(s: str) -> str:\n    return s.lower().replace(' ', '-')\nEOF",
    "cat >> requirements.txt <<EOF\nhttpx==0.27.0\nEOF",
    "sed -i 's/DEBUG = True/DEBUG = False/' src/app/settings.py",
    "sed -i.bak 's/old_name/new_name/g' src/app/*.py",
    "sed -i -e 's/foo/bar/g' README.md",
    "mkdir -p tests/fixtures && touch tests/fixtures/__init__.py",
    "cp src/app/config.example.py src/app/config.py",
    "mv src/app/old.py src/app/new.py",
    "git mv src/app/old.py src/app/new.py",
    "python -m json.tool data.json | head -40",
    "grep -rn --include='*.py' 'import os' src | wc -l",
    "rg -n 'def \\w+\\(' src --type py | head -50",
    "find src -name '*.py' -print0 | xargs -0 grep -l 'TODO'",
    "find . -name '*.py' -exec grep -Hn 'print(' {} \\;",
    "find src -name '*.py' | xargs wc -l | sort -n | tail",
    "rg --files -g '*.py' | xargs grep -c 'def ' | sort -t: -k2 -nr | head",
    "python -m pytest -q || true",
    "pytest -q; echo exit=$?",
    # typescript / node
    "npm run test -- --testNamePattern='renders button'",
    "npx jest -t 'parses empty' src/parser.test.ts",
    "npx vitest run -t 'handles errors'",
    "npx vitest --run src/utils",
    "npx playwright test --project=chromium",
    "npx playwright test tests/login.spec.ts --reporter=line",
    "npm run dev",
    "npm start",
    "npm install --save-dev @types/node",
    "npm i -D vitest",
    "npm install lodash",
    "npm uninstall moment",
    "npm outdated",
    "npm audit",
    "npm run format",
    "npm pack --dry-run",
    "npm version patch --no-git-tag-version",
    "npm exec -- tsc --noEmit",
    "npx tsc -p tsconfig.build.json",
    "npx eslint --fix 'src/**/*.ts'",
    "npx prettier --write 'src/**/*.{ts,tsx}'",
    "npx biome check --write .",
    "npx next build",
    "npx next lint",
    "npx create-react-app my-app",
    "pnpm add zod",
    "pnpm -r test",
    "pnpm -w run build",
    "pnpm exec vitest run",
    "pnpm dlx prettier --check .",
    "yarn install --frozen-lockfile",
    "yarn add -D typescript",
    "yarn build",
    "yarn workspace @acme/ui test",
    "bun test",
    "bun install",
    "bun run build",
    "deno test",
    "deno fmt --check",
    "node scripts/build.js",
    "node dist/index.js --help",
    "NODE_ENV=test npm test",
    "CI=true npm test -- --watchAll=false",
    "NODE_OPTIONS=--max-old-space-size=4096 npm run build",
    "rm -rf node_modules && npm ci",
    "rm -rf dist && npm run build",
    "cat > src/utils/slug.ts <<'EOF'\nexport const slug = (s: string) => s.toLowerCase();\nEOF",
    "mkdir -p src/components/Button && touch src/components/Button/index.ts",
    "jq '.devDependencies' package.json",
    "jq -r '.scripts | to_entries[] | \"\\(.key): \\(.value)\"' package.json",
    "cat package-lock.json | jq '.packages | length'",
    "ls node_modules/.bin | head",
    "npm ls --all 2>/dev/null | grep -i react | head",
    "grep -rn 'useEffect' src --include='*.tsx' | wc -l",
    "find src -name '*.ts' -newer package.json",
    "rg -n 'from \"react\"' src -g '*.tsx' | head",
    # go
    "go test ./...",
    "go test ./... -run TestParse -v",
    "go test -race -count=1 ./internal/...",
    "go test ./pkg/parser -run 'TestParse/empty' -v 2>&1 | tail -30",
    "go test -cover ./...",
    "go build ./...",
    "go build -o bin/app ./cmd/app",
    "go vet ./...",
    "go mod tidy",
    "go mod download",
    "go get github.com/stretchr/testify@latest",
    "go run ./cmd/app --help",
    "go fmt ./...",
    "gofmt -l .",
    "gofmt -w internal/",
    "golangci-lint run ./...",
    "go list -m all | head",
    "go env GOPATH",
    "go version",
    "go doc fmt.Println",
    "staticcheck ./...",
    "CGO_ENABLED=0 go build -o bin/app ./cmd/app",
    "GOOS=linux GOARCH=amd64 go build ./...",
    "go test ./... 2>&1 | grep -E '^(FAIL|ok)' | head",
    "rg -n 'func Test' --type go | wc -l",
    # rust
    "cargo build",
    "cargo build --release",
    "cargo test",
    "cargo test parser::tests -- --nocapture",
    "cargo test --workspace --all-features",
    "cargo test -p core test_parse",
    "cargo check --all-targets",
    "cargo clippy --all-targets -- -D warnings",
    "cargo fmt",
    "cargo fmt --check",
    "cargo run -- --help",
    "cargo run --bin app -- serve",
    "cargo add serde --features derive",
    "cargo update -p tokio",
    "cargo tree -d | head",
    "cargo doc --no-deps",
    "cargo bench --no-run",
    "RUST_BACKTRACE=1 cargo test -- --nocapture",
    "RUST_LOG=debug cargo run",
    "cargo test 2>&1 | tail -40",
    "rustc --version",
    "rustup show",
    # jvm
    "./gradlew test",
    "./gradlew test --tests 'com.acme.ParserTest'",
    "./gradlew build -x test",
    "./gradlew :app:assembleDebug",
    "./gradlew clean build",
    "./gradlew dependencies --configuration runtimeClasspath | head -50",
    "./gradlew ktlintCheck",
    "./gradlew spotlessApply",
    "./mvnw test",
    "./mvnw -q -Dtest=ParserTest test",
    "mvn -B verify",
    "mvn clean install -DskipTests",
    "mvn dependency:tree | head -60",
    "mvn -pl core test -Dtest='ParserTest#testEmpty'",
    "gradle test",
    "java -version",
    "javac -d out src/Main.java",
    "java -jar build/libs/app.jar --help",
    "kotlinc -version",
    "./gradlew test 2>&1 | tail -40",
    # ruby
    "bundle install",
    "bundle exec rspec",
    "bundle exec rspec spec/models/user_spec.rb:42",
    "bundle exec rake test",
    "bundle exec rubocop -a",
    "bundle exec rails db:migrate",
    "bin/rails test test/models/user_test.rb",
    "bin/rails routes | grep users",
    "rails generate migration AddEmailToUsers email:string",
    "ruby -v",
    "rake -T",
    "gem list | grep rails",
    "bundle exec standardrb --fix",
    # php
    "composer install",
    "composer require --dev phpunit/phpunit",
    "composer dump-autoload",
    "vendor/bin/phpunit",
    "vendor/bin/phpunit --filter testCreatesUser tests/Feature/UserTest.php",
    "./vendor/bin/phpstan analyse src --level=8",
    "./vendor/bin/php-cs-fixer fix --dry-run --diff",
    "php artisan test",
    "php artisan test --filter=UserTest",
    "php artisan migrate",
    "php artisan route:list",
    "php -l src/Controller/UserController.php",
    "php -v",
    "composer test",
    # elixir
    "mix test",
    "mix test test/my_app/parser_test.exs:27",
    "mix test --failed",
    "mix compile --warnings-as-errors",
    "mix format",
    "mix format --check-formatted",
    "mix deps.get",
    "mix credo --strict",
    "mix ecto.migrate",
    "mix phx.routes",
    "MIX_ENV=test mix test",
    "elixir --version",
    # c/c++
    "make",
    "make -j8",
    "make test",
    "make clean && make -j$(nproc)",
    "make -C build",
    "cmake -S . -B build -DCMAKE_BUILD_TYPE=Debug",
    "cmake --build build -j",
    "cmake --build build --target tests && ctest --test-dir build --output-on-failure",
    "ctest --test-dir build -R parser -V",
    "cd build && ctest --output-on-failure",
    "mkdir -p build && cd build && cmake .. && make -j4",
    "meson setup build && meson compile -C build",
    "ninja -C build",
    "gcc -Wall -Wextra -o bin/app src/main.c",
    "g++ -std=c++17 -O2 -o build/app src/*.cpp",
    "clang-format -i src/*.cpp",
    "clang-format --dry-run --Werror src/main.cpp",
    "clang-tidy src/main.cpp -- -Iinclude",
    "./build/app --help",
    "./build/tests/unit_tests --gtest_filter='Parser.*'",
    "valgrind --leak-check=full ./build/app",
    "nproc",
    "objdump -d build/app | head -50",
    "nm -C build/libcore.a | grep parse",
    # docker
    "docker compose ps",
    "docker compose logs --tail=100 web",
    "docker compose logs -f --since 10m api",
    "docker compose exec web python manage.py showmigrations",
    "docker compose up -d",
    "docker compose build",
    "docker compose down",
    "docker ps",
    "docker ps -a --format '{{.Names}}\\t{{.Status}}'",
    "docker logs --tail 50 app",
    "docker images | head",
    "docker build -t app:dev .",
    "docker compose run --rm web pytest -q",
    "docker inspect app --format '{{.State.Status}}'",
    # shell idioms / misc
    "cd frontend && npm ci && npm run build",
    "cd api && go test ./... && cd ..",
    "cd crates/core && cargo test",
    "(cd web && npm test)",
    "bash -lc 'cd backend && pytest -q tests/test_api.py'",
    "bash -lc 'go test ./... 2>&1 | tail -20'",
    "bash -lc 'cargo test -q'",
    "bash -c 'set -euo pipefail; npm ci; npm test'",
    "set -e; npm ci; npm run build",
    "export NODE_ENV=test && npm test",
    "export PYTHONPATH=src; pytest -q",
    "for f in tests/*_test.go; do echo $f; done",
    "for pkg in $(go list ./...); do go test $pkg; done",
    "for f in $(find . -name '*.md'); do wc -w \"$f\"; done | sort -n",
    "find . -name '*.go' -not -path './vendor/*' | xargs gofmt -l",
    "find . -type f -name '*.ts' -print0 | xargs -0 wc -l | tail -1",
    "find . -name '*.rs' -exec wc -l {} + | sort -n | tail",
    'while read -r f; do echo "$f"; done < <(git diff --name-only)',
    'git diff --name-only | while read f; do wc -l "$f"; done',
    "ls -1 | wc -l",
    "ls -lt | head",
    "du -sh * | sort -h | tail",
    "wc -l src/**/*.py",
    "sort -k2 -n data.tsv | head",
    "uniq -c < sorted.txt | sort -rn | head",
    "awk -F, '{print $1}' data.csv | sort | uniq -c",
    "awk 'NR>=10 && NR<=20' src/app.py",
    "xargs -n1 echo < list.txt",
    "tee build.log < /dev/null",
    "npm test 2>&1 | tee test.log | tail -20",
    "echo $PATH",
    "printenv NODE_ENV",
    "whoami",
    "hostname",
    "id -u",
    "ps aux | grep node | head",
    "lsof -i :3000",
    "curl -s http://localhost:8000/health",
    "curl -sI http://localhost:3000",
    "curl -s https://api.github.com/repos/astral-sh/uv/releases/latest | jq -r .tag_name",
    "wget -q -O - http://localhost:8080/ready",
    "sleep 2 && curl -s localhost:8000/api/items | jq '.[0]'",
    "open coverage/index.html",
    "xdg-open coverage/index.html",
    "cat .env.example",
    "cat .env",
    "tail -f logs/app.log",
    "realpath src/app.py",
    "dirname src/app/models.py",
    "basename src/app/models.py .py",
    "readlink -f .venv/bin/python",
    "command -v rg",
    "type python3",
    "mktemp -d",
    "md5sum dist/*.whl",
    "sha256sum package-lock.json",
    "tar -czf dist/app.tgz dist/app",
    "tar -tzf dist/app.tgz | head",
    "unzip -l dist/app.zip",
    "zip -r dist/app.zip build",
    "chmod +x scripts/dev.sh",
    "./scripts/dev.sh",
    "bash scripts/test.sh",
    "sh ./scripts/lint.sh",
    "make lint && make test",
    "yq '.services | keys' compose.yaml",
    "column -t -s, data.csv | head",
    "diff -rq build/ expected/",
    "cmp a.bin b.bin",
    "xxd build/app | head",
    "hexdump -C data.bin | head",
    "strings build/app | grep -i version",
    "touch src/app/__init__.py",
    "rm src/app/old_module.py",
    "rm -f build/*.o",
    "cp -r templates/base templates/new",
    "echo 'node_modules/' >> .gitignore",
    "echo '{}' > tsconfig.tmp.json",
    "true",
    ":",
    "test -f package.json && echo yes",
    "[[ -d .git ]] && echo repo",
    "npm test || echo 'tests failed'",
    "kubectl get pods",
    "terraform plan",
    "terraform fmt -check",
    # more of the same day: here-documents in every language, sed and find, pipes, loops, tools
    "cat > src/lib/slug.rb <<'EOF'\nmodule Slug\n  def self.call(s) = s.downcase.strip.gsub(' ', '-')\nend\nEOF",
    'cat > src/main.go <<\'EOF\'\npackage main\n\nimport "strings"\n\nfunc main() { _ = strings.NewReplacer("a", "b").Replace("x") }\nEOF',
    "cat > src/lib.rs <<'EOF'\npub fn slug(s: &str) -> String { s.trim().to_lowercase().replace(' ', \"-\") }\nEOF",
    "cat > app/Models/User.php <<'EOF'\n<?php\nclass User { public function del() { $this->posts()->delete(); } }\nEOF",
    'cat > lib/app.ex <<\'EOF\'\ndefmodule App do\n  def slug(s), do: s |> String.trim() |> String.replace(" ", "-")\nend\nEOF',
    "cat > src/App.java <<'EOF'\nclass App { String s(String x) { return x.trim().replace(' ', '-'); } }\nEOF",
    "cat > src/util.c <<'EOF'\n#include <string.h>\nint f(void) { return 0; }\nEOF",
    "cat > docs/notes.md <<'EOF'\n# Notes\n\nCall `foo().delete()` to drop rows.\nEOF",
    "mkdir -p src/app/services && cat > src/app/services/__init__.py <<'EOF'\nEOF",
    "cat >> CHANGELOG.md <<'EOF'\n\n## 1.2.3\n- Fix the parser\nEOF",
    "tee src/config.json > /dev/null <<'EOF'\n{\"debug\": false}\nEOF",
    "cat <<'EOF' > tests/test_slug.py\nfrom app.slug import slug\n\n\ndef test_slug():\n    assert slug(' A B ') == 'a-b'\nEOF",
    "git commit -m \"$(cat <<'EOF'\nfix: use str.replace() instead of re.sub()\n\nCalling name.strip().replace() is faster.\nEOF\n)\"",
    "git commit -m 'refactor: x.trim().replace() in slug'",
    "rg -n '\\.delete\\(\\)' app",
    "grep -rn 'objects.filter(.*).delete()' src",
    "rg -n 'foo\\(\\)\\.replace\\(' src",
    "sed -i 's/\\.strip()\\.replace(/.replace(/' src/app/slug.py",
    "go test ./... 2>/dev/null | tail",
    "npm run build >/dev/null 2>&1 && echo ok",
    "sed -i '' 's/foo/bar/' src/app.ts",
    "git -C packages/ui status",
    "npm --prefix web run build",
    "docker compose -f compose.dev.yaml ps",
    "docker compose -f compose.yaml logs --tail 200",
    "cd packages/ui && cat ../../tsconfig.base.json",
    "cd src && grep -rn TODO ../tests",
    "cd backend && source .venv/bin/activate && pytest -q",
    "make -C docs html",
    "cmake --build build --config Release --parallel 8",
    "python -m pytest tests -q -p no:randomly",
    "pytest -q tests/test_api.py -k 'test_create and not slow' --tb=line",
    "pytest -x --pdb",
    "pytest -q --cov=app --cov-report=html && ls htmlcov | head",
    "uvx ruff check .",
    "uvx pre-commit run --all-files",
    "pipx run black --check .",
    "npx --yes prettier --check .",
    "npx -y tsx scripts/seed.ts",
    "npx ts-node scripts/migrate.ts",
    "pnpm exec tsc --noEmit",
    "yarn dlx eslint .",
    "nvm use",
    "node --test",
    "node --test test/",
    "deno run --allow-read main.ts",
    "go test -run 'TestParse$' ./internal/parser/",
    "go test -bench=. -benchmem ./pkg/...",
    "go tool cover -html=coverage.out -o coverage.html",
    "go test -coverprofile=coverage.out ./... && go tool cover -func=coverage.out | tail -1",
    "go vet ./... && staticcheck ./...",
    "cargo test --doc",
    "cargo build 2>&1 | grep -E '^(error|warning)' | sort | uniq -c",
    "cargo run --example demo",
    "./gradlew test --info | grep -E 'FAILED|PASSED'",
    "./gradlew :core:test --tests '*ParserTest*'",
    "mvn -q test -Dtest=UserServiceTest#testCreate -DfailIfNoTests=false",
    "bundle exec rspec spec/requests --format documentation",
    "bundle exec rake db:seed",
    "composer run-script test",
    "php vendor/bin/phpunit --testdox",
    "mix test --only integration",
    "mix hex.outdated",
    "ctest -j8 --output-on-failure",
    "autoreconf -fi",
    "bazel test //...",
    "bazel build //src:app",
    "docker compose exec -T web pytest -q",
    "docker compose logs web 2>&1 | grep -i error | tail -20",
    "docker compose top",
    "docker stats --no-stream",
    "gh pr view --web",
    "gh pr checkout 128",
    "gh run watch",
    "gh api user --jq .login",
    "git ls-files -z '*.py' | xargs -0 ruff check",
    "git ls-files '*.ts' | xargs npx prettier --check",
    "git status --porcelain | grep '^??' | cut -c4-",
    "git reset --soft HEAD~1",
    "git reset HEAD src/app.py",
    "git bisect start",
    "git log --oneline | grep -i fix | head",
    "git show HEAD --stat --format='%an %s'",
    "git diff @{u}...HEAD --stat",
    "git for-each-ref --sort=-committerdate refs/heads --format='%(refname:short)' | head",
    "date +%Y-%m-%d",
    "seq 1 5 | xargs -I{} echo run {}",
    "for i in 1 2 3; do pytest -q tests/test_flaky.py || break; done",
    "for i in $(seq 1 10); do go test -run TestFlaky -count=1 ./... || exit 1; done",
    "until curl -sf localhost:8000/health; do sleep 1; done",
    "while ! nc -z localhost 5432; do sleep 1; done",
    "nc -z localhost 5432 && echo up",
    "sleep 5",
    "wait",
    "jobs",
    "kill %1",
    "time pytest -q",
    "time npm run build",
    "nohup npm run dev > dev.log 2>&1 &",
    "npm run dev &",
    "python -m json.tool < response.json",
    "jq -s 'length' results/*.json",
    "jq '.[] | select(.status == \"failed\") | .name' report.json",
    "yq -r '.jobs | keys[]' .github/workflows/ci.yml",
    "cat .github/workflows/ci.yml",
    "ls -la .github/workflows",
    "cat .claude/settings.json",
    "cat .gitignore",
    "cat Makefile",
    "head -n 50 Dockerfile",
    "grep -n 'RUN' Dockerfile",
    "diff <(npm ls --depth=0 2>/dev/null) <(git show HEAD:package.json | jq -r '.dependencies | keys[]')",
    "comm -13 <(sort a.txt) <(sort b.txt)",
    "paste -sd, names.txt",
    "shuf -n 5 data.txt",
    "tac logs/app.log | head",
    "rev <<< 'abc'",
    "base64 -d <<< 'aGVsbG8='",
    "echo 'aGVsbG8=' | base64 --decode",
    "python3 -m json.tool package.json > /dev/null && echo valid",
    "iconv -f latin1 -t utf-8 data.csv > data.utf8.csv",
    "file --mime-type assets/*",
    "identify assets/logo.png",
    "wc -c dist/*.js | sort -n",
    "gzip -k dist/app.js",
    "ls -S dist | head -3",
    "find . -name '*.orig' -delete",
    "find . -name node_modules -prune -o -name '*.js' -print | wc -l",
    "printf '%s\\n' src/*.py | head",
    "echo $SHELL",
    "echo $HOME",
    "source .env && npm run migrate",
    "set -a; . ./.env.test; set +a; pytest -q",
    "pyenv local 3.12",
    "rbenv version",
    "sdk current java",
]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", ORDINARY)
def test_an_ordinary_agent_command_stays_auto_approved(command, runs_in):
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


_BOTH = PLACES
_AGENT = ("agent",)
_WORKING_TREE = (
    "R3.7: rewrites the working tree, names unseen, where .claude/, .git/ and the project's policy live"
)
_NAMES_UNSEEN = "R3.7: changes files whose names are found when it runs -- package.json, .claude/ among them"
_INLINE = "R4.9: inline code in another language, which no rule reads"
_REPL = "R4.9: a framework's shell reads the code the agent types into it later"
_EXTERNAL = "§5 step 6: an external effect (SPEC's list: merge, PR, release, issue ...)"
_OUTSIDE = "§5: a place outside the project on the developer's machine"
_INTERACTIVE = (
    "an editor or pager on the developer's machine runs `!cmd` typed into it, which reaches no hook"
)

# The ordinary commands judged to keep asking (auto mode), where they ask and why: documentation, checked.
KEEP_ASKING: dict[str, tuple[tuple[str, ...], str]] = {
    "git stash": (_BOTH, _WORKING_TREE),
    "git stash pop": (_BOTH, _WORKING_TREE),
    "git stash push -m 'wip' src/app.py": (_BOTH, _WORKING_TREE),
    "git stash apply stash@{1}": (_BOTH, _WORKING_TREE),
    "git reset --hard HEAD": (_BOTH, _WORKING_TREE),
    "git clean -fd": (_BOTH, "R3.7: deletes untracked files, names unseen, beside .claude/ and the policy"),
    "find . -empty -type d -delete": (_BOTH, "R3.7: deletes what it finds, names unseen, beside .claude/"),
    "rg -t py -l 'requests\\.' | xargs sed -i 's/requests\\./httpx./g'": (_BOTH, _NAMES_UNSEEN),
    "find . -name '*.py' -exec sed -i 's/old/new/g' {} +": (_BOTH, _NAMES_UNSEEN),
    "find src -type f -name '*.ts' -print0 | xargs -0 sed -i 's/foo/bar/g'": (_BOTH, _NAMES_UNSEEN),
    "grep -rl 'oldName' src | xargs sed -i 's/oldName/newName/g'": (_BOTH, _NAMES_UNSEEN),
    "git log --format='%H' -n 3 | xargs -n1 git show --stat": (
        _BOTH,
        "R3.7: xargs appends words from the input, which may be git's `--output=FILE`",
    ),
    "git diff --name-only HEAD~1 | xargs -I{} sh -c 'echo {}; wc -l {}'": (
        _BOTH,
        "R4.9: the shell's command line is built from the input",
    ),
    "printf 'PORT=3000\\n' > .env.local": (_BOTH, "R3.7: .env* is an environment loader"),
    "direnv allow": (_BOTH, "R3.7: trusts .envrc, an environment loader"),
    'export PATH="$PWD/node_modules/.bin:$PATH" && tsc --noEmit': (
        _BOTH,
        "R4.9: PATH chooses the program every later word runs",
    ),
    "git merge --no-ff feature/x": (_BOTH, _EXTERNAL + " -- the typed git_merge action"),
    "gh pr create --title 'Add pagination' --body 'Adds cursor pagination'": (_BOTH, _EXTERNAL),
    "gh pr review 128 --comment -b 'LGTM'": (_BOTH, _EXTERNAL),
    "gh run rerun 123456 --failed": (_BOTH, _EXTERNAL),
    "gh issue create --title 'Bug' --body 'Steps'": (_BOTH, _EXTERNAL),
    "gh release list": (_BOTH, _EXTERNAL + ": SPEC names `gh release …`, every action of it"),
    "python -m http.server 8000": (_BOTH, "§5 step 6: serves the project's files on the network"),
    "python -c 'import sys; print(sys.version)'": (_BOTH, _INLINE + " (R4.9 asks by design)"),
    'python3 -c "import django; print(django.get_version())"': (_BOTH, _INLINE),
    "node -e 'console.log(process.version)'": (_BOTH, _INLINE),
    "bundle exec rails runner 'puts User.count'": (_BOTH, _INLINE),
    "perl -pi -e 's/foo/bar/g' src/app.py": (_BOTH, _INLINE),
    "psql -c 'select 1'": (_BOTH, _INLINE + " (psql's `\\!`)"),
    "docker compose exec db psql -U postgres -c 'select 1'": (_BOTH, _INLINE + " (psql's `\\!`)"),
    "sqlite3 db.sqlite3 '.tables'": (_BOTH, _INLINE + " (sqlite3's `.shell`)"),
    "sqlite3 db.sqlite3 'select count(*) from users'": (_BOTH, _INLINE + " (sqlite3's `.shell`)"),
    "redis-cli ping": (_BOTH, _INLINE + " (redis' CONFIG SET dir + SAVE writes files)"),
    "cat > tests/test_utils.py << 'EOF'\nfrom app.utils import slugify\n\n\ndef test_slugify():\n"
    "    assert slugify('A B') == 'a-b'\nEOF\npytest -q tests/test_utils.py": (
        _BOTH,
        "R4.9: runs a file the same command writes",
    ),
    "go generate ./...": (_BOTH, "R4.9: runs the //go:generate commands written in the sources"),
    "cargo nextest run": (
        _BOTH,
        "R4.9: a cargo-nextest program or an [alias] (redteam programs_that_run_programs)",
    ),
    "iex -S mix": (_BOTH, _REPL),
    "bundle exec rails console": (_BOTH, _REPL),
    "php artisan tinker": (_BOTH, _REPL),
    "git add -p": (_AGENT, _INTERACTIVE),
    "git rebase -i HEAD~3": (_AGENT, _INTERACTIVE),
    "less README.md": (_AGENT, _INTERACTIVE),
    "cut -f2 -d: /etc/passwd | head": (_AGENT, _OUTSIDE),
    "ls -la ~/.config": (_AGENT, _OUTSIDE),
    "cat ~/.gitconfig": (_AGENT, _OUTSIDE),
    "ls -la ../": (_AGENT, _OUTSIDE),
    "cat ../README.md": (_AGENT, _OUTSIDE),
    "realpath ..": (_AGENT, _OUTSIDE),
    "cd .. && ls": (_AGENT, _OUTSIDE),
    "git -C ../other-repo log --oneline -5": (_AGENT, _OUTSIDE),
    "git worktree add ../wt-feature feature/x": (_AGENT, _OUTSIDE),
    "pytest -q > /tmp/pytest.log 2>&1; tail -20 /tmp/pytest.log": (_AGENT, _OUTSIDE + " (/tmp)"),
    "npm test > /tmp/out.txt 2>&1 || tail -50 /tmp/out.txt": (_AGENT, _OUTSIDE + " (/tmp)"),
    "cat /tmp/pytest.log | tail": (_AGENT, _OUTSIDE + " (/tmp)"),
    "ls /tmp": (_AGENT, _OUTSIDE + " (/tmp)"),
    "mktemp /tmp/brabo.XXXXXX": (_AGENT, _OUTSIDE + " (/tmp)"),
    "env | sort | head": (_AGENT, "§5: prints the environment, the user's tokens among it"),
    "corepack enable": (_AGENT, "§5: a global install on the developer's machine"),
    "cargo install --path .": (_AGENT, "§5: a global install on the developer's machine"),
    "asdf install": (_AGENT, "§5: a global install on the developer's machine"),
    "docker compose exec api cat /app/config.yaml": (
        _AGENT,
        "§5: a container's path, read as the machine's (a mount may make it the host's own)",
    ),
    'echo "$(date -u +%FT%TZ) build" >> build.log': (
        _AGENT,
        "§5: read as cmd, `%FT%` prints a variable (the date's format spelt as cmd's variable)",
    ),
}


@pytest.mark.parametrize("command", KEEP_ASKING)
def test_an_ordinary_command_judged_to_keep_asking_asks(command):
    places, _why = KEEP_ASKING[command]
    for runs_in in places:
        v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
        assert v.decision == "require_approval", (command, runs_in, v.reason)


# `$PWD` in an option's value is the folder the segment runs in, inside the project (session 30: scope reads it)
PWD_VALUES = [
    "./configure --prefix=$PWD/out && make",
    "cmake -B build -DCMAKE_INSTALL_PREFIX=$PWD/out",
    "meson setup build --prefix=$PWD/dist",
    "npm install --prefix=$PWD/tools",
]
PWD_OUTSIDE = [
    "./configure --prefix=$PWD/../out",
    "cmake -DX=$PWD/../../etc",
    "PWD=/etc; ./configure --prefix=$PWD/x",
    "./configure --prefix=$HOME$PWD/x",
]


@pytest.mark.parametrize("command", PWD_VALUES)
def test_pwd_in_an_options_value_is_the_folder_it_runs_in(command):
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision == "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize("command", PWD_OUTSIDE)
def test_pwd_climbing_out_or_set_by_the_command_still_asks(command):
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision != "auto_approve", (command, v.reason, v.message)


# -- class 1: text PowerShell never runs, read for an item's method ---------------------------------------------------

METHOD_TEXT = [
    "cat > src/app/slug.py <<'EOF'\nimport os\nx = os.path.join('a').replace('/', '-')\nEOF",
    "cat > src/models.py <<'EOF'\ndef purge(q):\n    q.filter(stale=True).delete()\nEOF",
    "cat <<'EOF' > src/slug.ts\nexport const slug = (s: string) => s.trim().replace(/ /g, '-');\nEOF",
    "cat >> src/util.js << EOF\nconst y = foo().copyTo(bar);\nEOF",
    "tee src/x.py > /dev/null <<'EOF'\nPath(a).create(b)\nEOF",
    "git commit -m \"$(cat <<'EOF'\nfix: use s.strip().replace() for slugs\nEOF\n)\"",
    "git commit -m 'fix: str(x).replace() on None'",
    'git commit -m "fix: str(x).replace() on None"',
    "grep -n 'strip().replace(' src/a.py",
    "rg -n 'filter\\(.*\\)\\.delete\\(' app",
    "echo '(x).Delete()'",
]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", METHOD_TEXT)
def test_a_method_in_text_powershell_never_runs_stays_auto_approved(command, runs_in):
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


# PowerShell runs the call in each: its quotes lexed otherwise than bash's (a here-string, a backtick, `--%`, a
# comment, typographic quotes, a subexpression), a here-document's opener PowerShell parses, the call outside it.
METHOD_CALLS = [
    "echo \"a\"; (gi src).MoveTo('x')",
    "echo 'a'; (Get-Item src).Delete($true)",
    "echo \"it's\"; (gi src).MoveTo('x'); echo \"'\"",
    "echo a#'b\nx\n' ; (gi src).MoveTo('x') ; echo 'c'",
    "cat --% <<'EOF'\n(gi src).MoveTo('x')\nEOF",
    "cat <#x <<'EOF' #>\n(gi src).MoveTo('x')\nEOF",
    "echo @'\nit's\n'@\n(gi src).MoveTo('y') #'",
    "echo `'; (gi src).MoveTo('y') #'",
    "echo \u2018x\u2019; (gi src).MoveTo('y'); echo \u2018z\u2019",
    "echo \"$('a')\"; (gi src).MoveTo('y'); echo 'z'",
    "echo \"$x'\"; (gi src).MoveTo('y'); echo \"'$x\"",
    "echo 'a\"'; (gi src).MoveTo('y'); echo '\"b'",
    "cat > x.py <<'EOF' # \n(gi src).MoveTo('y')\nEOF",
    "cat > x.py \"<<'EOF'\"\n(gi src).MoveTo('y')\nEOF",
    "cat > x.py '<<EOF'\n(gi src).MoveTo('y')\nEOF",
    "cat > x.py <<'EOF'; (gi src).MoveTo('y')\nEOF",
    "(gi src).MoveTo('y')\ncat > x.py <<'EOF'\nEOF",
    "git commit -m \"$x $(cat <<'EOF'\nfix\nEOF\n)\"; (gi src).Replace('a', 'b')",
    'git commit -m "$x.replace()"',
]


@pytest.mark.parametrize("command", METHOD_CALLS)
def test_a_method_call_powershell_runs_is_still_read(command):
    assert stops_by_method(command) is not None, command


@pytest.mark.parametrize(
    "command",
    [
        "echo 'a'; (Get-Item .claude).Delete($true)",
        "echo \"it's\"; (gi .claude).MoveTo('x'); echo \"'\"",
        "cat --% <<'EOF'\n(gi .claude).MoveTo('x')\nEOF",
        "echo @'\nit's\n'@\n(gi .git\\hooks).MoveTo('y') #'",
        "cat > x.py '<<EOF'\n(gi .claude).Delete($true)\nEOF",
    ],
)
def test_a_method_call_on_what_runs_later_never_auto_off_the_sandbox(command):  # SPEC §5, R3.7
    never_auto_where(command, ("agent", "host"))


def test_a_kill_powershell_runs_is_still_read():  # R12.6
    assert stops_by_method("gps python | % 'Kill'") is not None
    assert stops_by_method("echo 'x'; (Get-Process python).Kill()") is not None


# -- class 2: NODE_OPTIONS holding only options that load nothing -----------------------------------------------------

NODE_OPTIONS_PLAIN = [
    "NODE_OPTIONS=--max-old-space-size=4096 npm run build",
    'NODE_OPTIONS="--max-old-space-size=8192 --enable-source-maps" npm test',
    "NODE_OPTIONS=--experimental-vm-modules npx jest",
    "NODE_OPTIONS='--no-warnings --trace-deprecation' npm test",
    "NODE_OPTIONS=--openssl-legacy-provider npm run build",
    "export NODE_OPTIONS=--max_old_space_size=4096 && npm run build",
    "NODE_OPTIONS=--unhandled-rejections=strict npm test",
]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", NODE_OPTIONS_PLAIN)
def test_plain_node_options_stay_auto_approved(command, runs_in):
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


NODE_OPTIONS_LOADING = [
    "NODE_OPTIONS='--require ./x.js' npm test",
    "NODE_OPTIONS='--max-old-space-size=4096 --require ./x.js' npm test",
    "NODE_OPTIONS=--max-old-space-size=4096\\ --require\\ x.js npm test",
    'NODE_OPTIONS="--max-old-space-size=4096 $X" npm test',
    "NODE_OPTIONS=--max-old-space-size=$(curl x) npm test",
    "NODE_OPTIONS=--inspect=0.0.0.0:9229 npm test",
    "NODE_OPTIONS=--inspect-brk npm test",
    "NODE_OPTIONS=--env-file=.env npm test",
    "NODE_OPTIONS=--import=./x.mjs npm test",
    "NODE_OPTIONS=--experimental-loader=./x.mjs npm test",
    "NODE_OPTIONS=--loader=./x.mjs npm test",
    "NODE_OPTIONS=-r./x.js npm test",
    "NODE_OPTIONS='-r ./x.js' npm test",
    "NODE_OPTIONS=--redirect-warnings=.claude/settings.json npm test",
    "NODE_OPTIONS=--max-old-space-size=4096,--require=x npm test",
    "NODE_OPTIONS=--max-old-space-size=4096x npm test",
    "NODE_OPTIONS=--enable-source-maps=x npm test",
    "export NODE_OPTIONS='--enable-source-maps --require x'; npm test",
    "env NODE_OPTIONS='--require ./x.js' npm test",
]


@pytest.mark.parametrize("command", NODE_OPTIONS_LOADING)
def test_node_options_that_load_code_never_auto(command):  # R4.9
    never_auto_where(command)


# -- class 3: git submodule's printers -------------------------------------------------------------------------------

SUBMODULE_PRINTERS = [
    "git submodule status",
    "git submodule",
    "git submodule --quiet status --recursive",
    "git submodule summary",
    "git -C vendor/lib submodule status",
]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", SUBMODULE_PRINTERS)
def test_git_submodule_printers_stay_auto_approved(command, runs_in):
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


SUBMODULE_WRITERS = [
    "git submodule update --init --recursive",
    "git submodule add https://github.com/x/y vendor/y",
    "git submodule foreach 'rm -rf .claude'",
    "git submodule sync",
    "git submodule set-url vendor/y https://example.com/x",
    "git submodule set-branch -b main vendor/y",
    "git submodule absorbgitdirs",
    "git submodule init",
    "git submodule deinit -f vendor/y",
    "git submodule --quiet update",
    "git submodule status; git config core.hooksPath x",
]


@pytest.mark.parametrize("command", SUBMODULE_WRITERS)
def test_git_submodule_actions_that_write_never_auto(command):  # R3.7
    never_auto_where(command)
