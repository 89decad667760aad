# The README's commands. Each does its own setup (missing Debian and Python packages), so a fresh
# Debian machine needs nothing else.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

.PHONY: setup build release demo test bench clean

setup:
	@scripts/setup

build: setup
	swift build

release: setup
	swift build -c release --static-swift-stdlib

demo: build
	.build/debug/scrim run scripts/demo.lua
	.build/debug/scrim snapshot scripts/film_popup.lua --film 8 -o out/popup-film.png
	.build/debug/scrim snapshot scripts/film_bottom_sheet.lua --film 8 -o out/bottom-sheet-film.png
	@echo "Film strips of the popup and the bottom sheet: out/popup-film.png, out/bottom-sheet-film.png"

test: build
	@scripts/test-all

bench: release
	@scripts/bench

clean:
	rm -rf .build
