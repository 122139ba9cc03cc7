# Two commands on a fresh machine with Python 3.11: `make run` and `make test`.
# Real services come from the environment: DATABASE_URL (PostgreSQL), CELERY_BROKER_URL (Redis).

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8000
# test processes (pytest-xdist): the suite spreads over the machine's cores, whole files per process, so a
# module's servers and fixtures stay together, handed out in the order pyproject.toml's testpaths give them (the
# long served scenarios first; xdist's default reorder by test count left them for the end, one process
# running them alone for minutes); TEST_WORKERS=0 runs it in this one process
TEST_WORKERS ?= 2

.PHONY: run test lint bench screenshots clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(STAMP): $(PY) requirements.txt requirements-dev.txt
	$(PY) -m pip install -q -r requirements-dev.txt
	touch $(STAMP)

## run: install, migrate, seed the demo workspace and serve the API + admin on 127.0.0.1:$(PORT) (PORT=8000)
run: $(STAMP)
	@sh scripts/ensure-bubblewrap.sh
	$(PY) manage.py migrate --noinput -v0
	$(PY) manage.py seed_demo --base-url http://127.0.0.1:$(PORT)
	$(PY) manage.py serve --addr 127.0.0.1:$(PORT)

## lint: ruff, the complexity gate, Django's system checks, the migrations gate, the OpenAPI schema and mypy over the tree
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) scripts/complexity_gate.py
	$(PY) manage.py check --fail-level WARNING
	$(PY) manage.py makemigrations --check --dry-run -v1
	$(PY) manage.py spectacular --fail-on-warn --validate --file /dev/null
	$(VENV)/bin/mypy
	cd bench && PYTHONPATH=.. ../$(VENV)/bin/mypy --config-file ../pyproject.toml *.py

## test: the whole suite (lint gates first)
# The suite runs with its own BRABO_VAR_DIR: a `make run` serving from ./var at the same time keeps its database,
# its demo key and its files. Compiled bytecode goes to a folder of the run's own (PYTHONPYCACHEPREFIX), also
# where PYTHONDONTWRITEBYTECODE is set: the suite starts hundreds of Python processes (servers, runners, hooks,
# the CLI), and each compiled the project from source again; the checkout gets no __pycache__.
test: lint
	@tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/brabo-test-var.XXXXXX") && \
	  pyc=$$(mktemp -d "$${TMPDIR:-/tmp}/brabo-test-pycache.XXXXXX") && \
	  BRABO_VAR_DIR=$$tmp PYTHONPYCACHEPREFIX=$$pyc PYTHONDONTWRITEBYTECODE= \
	  $(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS); \
	  rc=$$?; rm -rf "$$tmp" "$$pyc"; exit $$rc

## screenshots: refresh the README's console screenshots (the browser tests, writing into artifacts/screenshots)
screenshots: $(STAMP)
	BRABO_SCREENSHOTS_DIR=$(CURDIR)/artifacts/screenshots $(PY) -m pytest tests/browser -m browser $(PYTEST_ARGS)

## bench: the benchmarks, printing figures and ratios (not part of the suite)
bench: $(STAMP)
	$(PY) bench/decide.py
	$(PY) bench/execution.py

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache
