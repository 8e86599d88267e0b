# `make install` / `make uninstall`: habit for one user under PREFIX (default ~/.local).
# The work is done by scripts/install.sh (README, "Install").
PREFIX ?= $(HOME)/.local

.PHONY: install uninstall

install:
	PREFIX="$(PREFIX)" scripts/install.sh

uninstall:
	PREFIX="$(PREFIX)" scripts/install.sh --uninstall
