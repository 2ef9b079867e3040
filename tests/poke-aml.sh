#!/bin/sh
# Usage: poke-aml.sh IN OUT OFFSET OLD NEW
# Copies table IN to OUT with byte OFFSET (decimal), which must be OLD,
# replaced by NEW (hex, e.g. 14 06), and the checksum fixed: a corrupt table
# that still passes the kernel's checks, for tests.
set -eu
in=$1 out=$2 off=$3 old=$4 new=$5
have=$(od -An -v -tx1 -j "$off" -N 1 "$in" | tr -d ' ')
if [ "$have" != "$old" ]; then
	echo "poke-aml.sh: byte $off of $in is $have, not $old: the fixture changed" >&2
	exit 1
fi
cp "$in" "$out.tmp"
printf '%b' "\\0$(printf '%03o' "0x$new")" | dd of="$out.tmp" bs=1 seek="$off" conv=notrunc status=none
printf '\000' | dd of="$out.tmp" bs=1 seek=9 conv=notrunc status=none
sum=$(od -An -v -tu1 "$out.tmp" | awk '{ for (i = 1; i <= NF; i++) s += $i } END { print (256 - s % 256) % 256 }')
printf '%b' "\\0$(printf '%03o' "$sum")" | dd of="$out.tmp" bs=1 seek=9 conv=notrunc status=none
mv "$out.tmp" "$out"
