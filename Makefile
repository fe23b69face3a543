# Every target installs the project into .venv first when needed, so a fresh clone needs nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean system-deps

# Debian packages the tests need: PostgreSQL (a throw-away cluster per test run), Chromium
# (the browser tests drive Debian's build; no browser is ever downloaded), the DejaVu fonts
# printed cards embed, the Noto CJK fonts Japanese pages are drawn in, and poppler's
# pdftoppm that renders a printed sheet.
system-deps:
	@missing=""; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	test -x /usr/bin/chromium || missing="$$missing chromium"; \
	test -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf || missing="$$missing fonts-dejavu-core"; \
	test -f /usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf || missing="$$missing fonts-dejavu-extra"; \
	test -x /usr/bin/pdftoppm || missing="$$missing poppler-utils"; \
	test -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc || missing="$$missing fonts-noto-cjk"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian's$$missing…"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/tavola serve

# Two test processes, one per core (pytest-xdist); a file's tests stay in one process, so a
# file's fixtures are built once and its tests keep their order.
TEST_WORKERS ?= 2

test: $(STAMP) system-deps lint
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile

lint: $(STAMP)
	$(BIN)/ruff check tavola tests bench
	$(BIN)/ruff format --check tavola tests bench
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/python bench/simplified.py
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/strength.py
	$(BIN)/python bench/growth.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
