#!/bin/sh
# Builds the WMI core of a line's Debian kernel, wmi.ko, out of tree from
# the line's own source (linux-source-LINE's drivers/platform/wmi/:
# core.c, marshalling.c, string.c, internal.h and its Makefile's wmi-y),
# against Debian's headers of the line (scripts/kernels.sh --source and
# --headers, unpacked in OUTDIR, never installed), twice: "patched", with
# one behaviour changed, and "same", the source as it is.  They are the
# DIRs of `report --try --kernel base=7.3,patched=7.3+P,same=7.3+S`
# (scenario wmi-patch).
#
# The module is the one Debian's kernel loads: CONFIG_ACPI_WMI=m, and
# linux-image-7.3.4+deb13-amd64 ships it as
# kernel/drivers/platform/wmi/wmi.ko (uncompressed; vermagic
# "7.3.4+deb13-amd64 SMP preempt mod_unload"); report's LINE+DIR lays
# DIR's wmi.ko in updates/wmishim/ in its place and runs depmod.
#
# The change: parse_wdg() keeps a block of zero instances (gives it a
# device, as every kernel did before cbf54f37600e "platform/x86: wmi: Skip
# blocks with zero instances", v6.7, and 6.1.68 in 6.1.y): the five lines
# of drivers/platform/wmi/core.c that skip it are taken out.  If they are
# not there exactly once, as 7.3's core.c has them, the build fails,
# saying so: the source moved, and the test would prove nothing.
#
# When this machine lacks the compiler the headers name (7.3: gcc-14,
# Debian 13's), the builds run in the Debian 13 chroot buildenv.sh makes,
# in a private mount namespace with /proc (objtool reads it) and the build
# directory bound in, as sample-build.sh does.
#
# Cached: CACHE/KEY/patched/wmi.ko and CACHE/KEY/same/wmi.ko (each
# directory holds that module alone; the sources, objects and make's
# output are in CACHE/KEY/build/), KEY the SHA-256 of the source tarball's
# SHA-256, the headers' release and this script (which holds the patch):
# a second run only hashes the tarball.  Older keys are removed.
#
# Usage: wmi-build.sh OUTDIR LINE CACHE
# Prints two lines, "patched DIR" and "same DIR".  Exit 77, saying why,
# when the packages or the chroot cannot be had; 1 when the source moved
# or a build failed (make's last lines said).
set -eu

me=wmi-build.sh
[ $# -eq 3 ] || { echo "usage: $me OUTDIR LINE CACHE" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
top=$here/../..
mkdir -p "$1" "$3"
out=$(cd "$1" && pwd)
line=$2
cache=$(cd "$3" && pwd)
PATH=$PATH:/usr/sbin:/sbin
die() {
	echo "$me: $*" >&2
	exit 1
}

# kernels.sh exits 77 when the packages cannot be had: passed on.
rc=0
hdr=$(sh "$top/scripts/kernels.sh" "$out" "$line" --headers) || rc=$?
[ "$rc" -eq 0 ] || exit "$rc"
src=$(sh "$top/scripts/kernels.sh" "$out" "$line" --source) || rc=$?
[ "$rc" -eq 0 ] || exit "$rc"
ver=$(basename "$hdr")
ver=${ver#linux-headers-}

sum=$(sha256sum "$src" | cut -d' ' -f1)
key=$(printf '%s %s\n' "$sum" "$ver" | cat - "$0" | sha256sum | cut -c1-16)
dir=$cache/$key
if [ -f "$dir/patched/wmi.ko" ] && [ -f "$dir/same/wmi.ko" ]; then
	printf 'patched %s\nsame %s\n' "$dir/patched" "$dir/same"
	exit 0
fi

exec 9>"$cache/.lock"
flock 9
for old in "$cache"/*; do
	[ "$old" = "$dir" ] || [ ! -d "$old" ] || rm -rf "$old"
done
tmp=$dir.tmp
rm -rf "$tmp"
mkdir -p "$tmp/build/src" "$tmp/patched" "$tmp/same"
echo "$me: extracting drivers/platform/wmi from $(basename "$src")" >&2
tar -xJf "$src" -C "$tmp/build/src" --wildcards '*/drivers/platform/wmi/*' ||
	die "$src holds no drivers/platform/wmi"
wmisrc=$(find "$tmp/build/src" -type d -path '*/drivers/platform/wmi' | head -n 1)
[ -n "$wmisrc" ] || die "$src holds no drivers/platform/wmi"
# The module's objects, as the line's Makefile lists them.
objs=$(sed -n 's/^wmi-y[[:space:]]*:=[[:space:]]*//p' "$wmisrc/Makefile")
[ -n "$objs" ] || die "$wmisrc/Makefile has no wmi-y: the WMI core is built otherwise now"
for v in patched same; do
	mkdir -p "$tmp/build/$v"
	for o in $objs; do
		cp "$wmisrc/${o%.o}.c" "$tmp/build/$v/" || die "no ${o%.o}.c beside $wmisrc/Makefile"
	done
	cp "$wmisrc"/*.h "$tmp/build/$v/"
	printf 'obj-m := wmi.o\nwmi-y := %s\n' "$objs" >"$tmp/build/$v/Kbuild"
done

# The change, in patched/core.c: these five lines (parse_wdg(), 7.3),
# exactly once, taken out.
awk '
	BEGIN {
		want[1] = "\t\tif (!gblock[i].instance_count) {"
		want[2] = "\t\t\tdev_info(wmi_bus_dev, FW_INFO \"%pUL has zero instances\\n\", &gblock[i].guid);"
		want[3] = "\t\t\tcontinue;"
		want[4] = "\t\t}"
		want[5] = ""
	}
	{ line[NR] = $0 }
	END {
		for (i = 1; i <= NR - 4; i++) {
			for (j = 1; j <= 5 && line[i + j - 1] == want[j]; j++)
				;
			if (j == 6) {
				hits++
				at = i
			}
		}
		if (hits != 1) {
			printf "the zero-instance skip of parse_wdg() is there %d times, not once\n", hits >"/dev/stderr"
			exit 1
		}
		for (i = 1; i <= NR; i++)
			if (i < at || i > at + 4)
				print line[i]
	}' "$tmp/build/same/core.c" >"$tmp/build/patched/core.c" ||
	die "$(basename "$src"): drivers/platform/wmi/core.c moved: the patch does not apply"
if grep -q 'has zero instances' "$tmp/build/patched/core.c" ||
	[ "$(($(wc -l <"$tmp/build/same/core.c") - $(wc -l <"$tmp/build/patched/core.c")))" -ne 5 ]; then
	die "the patch did not take the zero-instance skip out of core.c"
fi

for v in patched same; do
	b=$tmp/build/$v
	rc=0
	sh "$here/kmake.sh" "$out" "$line" "$hdr" "$b" "$b.log" || rc=$?
	# no chroot to be had (buildenv.sh's 77): passed on
	[ "$rc" -ne 77 ] || exit 77
	if [ "$rc" -ne 0 ] || [ ! -f "$b/wmi.ko" ]; then
		tail -n 20 "$b.log" >&2
		die "wmi.ko ($v) did not build for $ver (the last lines of make's output above)"
	fi
	grep -i 'warning' "$b.log" >&2 && die "wmi.ko ($v): the compiler warned (above)"
	magic=$(modinfo -F vermagic "$b/wmi.ko" | cut -d' ' -f1)
	[ "$magic" = "$ver" ] || die "wmi.ko ($v): vermagic $magic, not $ver"
	cp "$b/wmi.ko" "$tmp/$v/wmi.ko"
done
cmp -s "$tmp/patched/wmi.ko" "$tmp/same/wmi.ko" && die "the patched wmi.ko is the same as the unchanged one"
rm -rf "$dir"
mv "$tmp" "$dir"
printf 'patched %s\nsame %s\n' "$dir/patched" "$dir/same"
