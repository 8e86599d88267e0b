# `make install` / `make uninstall`: habit for one user under PREFIX (default ~/.local).
# The work is done by scripts/install.sh (README, "Install").
PREFIX ?= $(HOME)/.local
# PIE=1: a position-independent static binary (ASLR for its code too; ~0.5 ms slower per command).
PIE ?=

.PHONY: install uninstall

install:
	PREFIX="$(PREFIX)" HABIT_PIE="$(PIE)" scripts/install.sh

uninstall:
	PREFIX="$(PREFIX)" scripts/install.sh --uninstall
