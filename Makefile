# `make install` / `make uninstall`: habit for one user under PREFIX (default ~/.local).
# The work is done by scripts/install.sh (README, "Install").
PREFIX ?= $(HOME)/.local
# A position-independent static binary by default (ASLR for its own code too). PIE=0: one at a
# fixed address, ~0.5 ms quicker per command (Standards/cli.md, "The trade-off").
PIE ?= 1

.PHONY: install uninstall

install:
	PREFIX="$(PREFIX)" HABIT_PIE="$(PIE)" scripts/install.sh

uninstall:
	PREFIX="$(PREFIX)" scripts/install.sh --uninstall
