#!/bin/sh
# A stand-in for scripts/kernels.sh (tests/cli/try-kernels-*.t): says on
# stderr whether wmishim try asked it to be quiet (-q, its first argument),
# then names the stand-in kernel of tests/cli/data (a bzImage's setup
# header saying 7.3.4+deb13-amd64, no kernel) as kernels.sh would.  It
# fetches nothing and writes nothing.
if [ "${1:-}" = -q ]; then
	echo "kernels.sh (stand-in): given -q" >&2
	shift
else
	echo "kernels.sh (stand-in): not given -q" >&2
fi
[ $# -eq 2 ] || exit 2
echo "7.3.4+deb13-amd64 data/try-vmlinuz data/try-modules"
