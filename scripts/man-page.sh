#!/usr/bin/env bash
# Finishes the man page ArgumentParser's generate-manual wrote (scripts/install.sh runs it):
#   - `habit log NAME` is the hidden subcommand `_habit` inside ArgumentParser: the page calls it
#     by what a person types;
#   - `--version` once, the root's: generate-manual repeats it under every subcommand;
#   - EXIT STATUS lists each status habit exits with (scripts/exit-status, held to the code by
#     ExitStatusListTests) instead of generate-manual's "exits 0 on success, and >0 if an error occurs".
# scripts/install-check.sh checks the rendered page for all three (issue 49, point 4).
#
#   scripts/man-page.sh PAGE      (changes PAGE in place)
set -euo pipefail
page=${1:?usage: scripts/man-page.sh PAGE}
statuses="$(dirname "$0")/exit-status"
[[ -s "$page" && -s "$statuses" ]] || { echo "man-page: no page at '$page' or no $statuses" >&2; exit 66; }
awk -v statuses="$statuses" '
    /^\.It Em _habit$/ { print ".It Em NAME"; next }
    # A --version entry after the first: its title and its text, up to the next entry or list end.
    /^\.It Fl -version$/ { if (versions++) { dropping = 1; next } }
    dropping && /^\.(It|El)( |$)/ { dropping = 0 }
    dropping { next }
    /^\.Ex -std/ {
        print "habit exits with one of these statuses (sysexits.h); a failure says what is wrong in one line on stderr:"
        print ".Bl -tag -width 4n"
        while ((getline line < statuses) > 0) {
            if (line ~ /^#/ || line == "") continue
            split(line, field, "\t")
            print ".It " field[1]
            print substr(line, length(field[1]) + 2)
        }
        print ".El"
        next
    }
    { print }
' "$page" > "$page.new"
mv -f -- "$page.new" "$page"
