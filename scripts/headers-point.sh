#!/bin/sh
# Points a Debian linux-headers flavour tree's Makefile at its -common half
# by a path from the directory make runs in, $(CURDIR) (make -C TREE: the
# tree itself, symbolic links resolved), not by /usr/src, where Debian
# installs the two side by side (here they are unpacked elsewhere), nor by
# the absolute path they were unpacked in, which a move of the tree, or the
# same tree reached through a symbolic link, would leave pointing at nothing
# or at another copy.  7.x's Makefile names its output tree too
# (KBUILD_OUTPUT=/usr/src/linux-headers-VERSION, the tree itself):
# $(CURDIR) as well.  Lines already so are left as they are.
#
# Usage: headers-point.sh TREE    (TREE: .../usr/src/linux-headers-VERSION)
set -eu

[ $# -eq 1 ] || { echo "usage: headers-point.sh TREE" >&2; exit 2; }
mk=$1/Makefile
[ -f "$mk" ] || { echo "headers-point.sh: no $mk" >&2; exit 1; }
# shellcheck disable=SC2016 # $(CURDIR) is make's, written as it is
sed -i -e 's|^include /.*/\(linux-headers-[^/]*\)/Makefile$|include $(CURDIR)/../\1/Makefile|' \
	-e 's|^KBUILD_OUTPUT=/.*$|KBUILD_OUTPUT := $(CURDIR)|' "$mk"
