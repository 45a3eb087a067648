# One entry per chore; CI calls `make test` too (see .ci/run).
PY := .venv/bin/python
DEMO_PAGE ?= /usr/share/doc/python3.11/html/library/os.html

.PHONY: setup demo test test-fast check-wheel lint bench clean

setup:
	@bash scripts/setup.sh

demo: setup
	@$(PY) -m domdex overview $(DEMO_PAGE)
	@echo
	@$(PY) -m domdex regions $(DEMO_PAGE)

# One worker a core (at most four; README). On the 2-core machine, nothing else running:
# 6 min 6 s on two workers on the headless shell (2026-11-28; 11 min 45 s on Chromium,
# 13 min 9 s on three workers). More workers than cores failed timing-sensitive tests
# under load: the machine is CPU-bound, Chromium's share the most. loadgroup keeps a module marked
# xdist_group on one worker (test_session.py's ledger reads its earlier tests).
TEST_WORKERS ?= auto

test: setup
	@$(PY) -m pytest -q -n $(TEST_WORKERS) --maxprocesses=4 --dist loadgroup $(PYTEST_ARGS)

test-fast: setup
	@$(PY) -m pytest -q -m "not browser" $(PYTEST_ARGS)

check-wheel: setup
	@$(PY) scripts/check_wheel.py --lowest

lint: setup
	@.venv/bin/ruff check src tests bench
	@.venv/bin/mypy
	@.venv/bin/mypy --strict src/domdex/index src/domdex/search src/domdex/render \
		src/domdex/snapshot.py src/domdex/formats  # the pure core, typed all through

bench: setup
	@$(PY) bench/capture.py
	@$(PY) bench/real_pages.py
	@$(PY) bench/find.py
	@$(PY) bench/devset.py
	@$(PY) bench/session.py
	@$(PY) bench/read.py
	@$(PY) bench/extraction.py
	@$(PY) bench/headless_shell.py

clean:
	rm -rf .venv .pytest_cache .ruff_cache .mypy_cache
