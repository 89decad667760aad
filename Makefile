# The README's commands. Each does its own setup (missing Debian and Python packages), so a fresh
# Debian machine needs nothing else.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

# `make install [PREFIX=/usr/local] [DESTDIR=]`: the static release binary in PREFIX/bin and the editor types
# (LuaLS annotations) in PREFIX/share/scrim/types.
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
DATADIR = $(DESTDIR)$(PREFIX)/share/scrim

.PHONY: setup build release demo test bench fuzz types install uninstall clean

setup:
	@scripts/setup

# The log is kept for scripts/test-all, which fails on any compiler warning in it.
build: setup
	@mkdir -p .build
	@set -o pipefail; swift build 2>&1 | tee .build/build.log

release: setup
	scripts/build-release

demo: build
	.build/debug/scrim run scripts/demo.lua
	.build/debug/scrim snapshot scripts/film_popup.lua --film 8 -o out/popup-film.png
	.build/debug/scrim snapshot scripts/film_bottom_sheet.lua --film 8 -o out/bottom-sheet-film.png
	.build/debug/scrim snapshot examples/share_sheet --film 8 -o out/share-sheet-film.png
	.build/debug/scrim record scripts/film_popup.lua -o out/popup.webp
	.build/debug/scrim record scripts/film_bottom_sheet.lua -o out/bottom-sheet.webp
	@echo "Film strips of the popup, the bottom sheet and the share sheet app: out/popup-film.png," \
	      "out/bottom-sheet-film.png, out/share-sheet-film.png; animations: out/popup.webp, out/bottom-sheet.webp"

test: build
	@scripts/test-all

# A long seeded fuzz campaign through the debug scrim (scripts/fuzz, then scripts/fuzz-surfaces with RUNS cases):
# `make fuzz SEED=3 RUNS=2000 STEPS=80`.
SEED ?= 1
RUNS ?= 1000
STEPS ?= 80
fuzz: build
	scripts/fuzz --seed $(SEED) --runs $(RUNS) --steps $(STEPS) --quiet
	scripts/fuzz-surfaces --seed $(SEED) --cases $(RUNS) --quiet

bench: release
	@scripts/bench

# Rewrites the class entries of types/scrim.lua from the class declarations (Tests/ScrimCLITests/TypesFile.swift):
# members, read-only and overridable marks, bases, constructor options. Types, notes and prose stay as written.
types:
	SCRIM_WRITE_TYPES=1 swift test --filter TypesTests/classEntriesAreGeneratedFromTheClassTable

install: release
	install -d "$(BINDIR)" "$(DATADIR)/types"
	install -m 755 .build/release/scrim "$(BINDIR)/scrim"
	install -m 644 types/scrim.lua "$(DATADIR)/types/scrim.lua"
	@echo "installed $(BINDIR)/scrim and $(DATADIR)/types/scrim.lua"

uninstall:
	rm -f "$(BINDIR)/scrim" "$(DATADIR)/types/scrim.lua"
	-rmdir "$(DATADIR)/types" "$(DATADIR)" 2>/dev/null || true

clean:
	rm -rf .build
