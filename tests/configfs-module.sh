#!/bin/sh
# wmishim-configfs-module's decisions, against fake header trees (the real
# build for Debian's kernel, booted, is tests/vm/run.sh's scenario configfs).
# Usage: configfs-module.sh SCRIPT
set -u
script=$1
tmp=$(mktemp -d)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
trap 'rm -rf "$tmp"' EXIT INT TERM

# headers NAME CONFIG-LINES...: a fake build tree with that .config.
headers() {
	d=$tmp/$1
	shift
	mkdir -p "$d"
	echo 'all:' >"$d/Makefile"
	printf '%s\n' "$@" >"$d/.config"
}
headers builtin CONFIG_MODULES=y CONFIG_CONFIGFS_FS=y CONFIG_ACPI_CONFIGFS=y
headers module CONFIG_MODULES=y CONFIG_CONFIGFS_FS=m CONFIG_ACPI_CONFIGFS=m
headers nocfs CONFIG_MODULES=y '# CONFIG_CONFIGFS_FS is not set' '# CONFIG_ACPI_CONFIGFS is not set'
headers nomod '# CONFIG_MODULES is not set' CONFIG_CONFIGFS_FS=y '# CONFIG_ACPI_CONFIGFS is not set'
headers debian CONFIG_MODULES=y CONFIG_CONFIGFS_FS=m '# CONFIG_ACPI_CONFIGFS is not set'
mkdir -p "$tmp/src/linux-source-6.1/drivers/acpi"
echo '/* the module */' >"$tmp/src/linux-source-6.1/drivers/acpi/acpi_configfs.c"
tar -cJf "$tmp/linux-source-6.1.tar.xz" -C "$tmp/src" linux-source-6.1

run() { sh "$script" "$@" >"$tmp/out" 2>&1; echo $? >"$tmp/rc"; }
# says RC TEXT: the run exited RC and its output holds TEXT.
says() {
	if [ "$(cat "$tmp/rc")" = "$1" ] && grep -q -- "$2" "$tmp/out"; then
		return 0
	fi
	cat "$tmp/out"
	return 1
}

run -k 6.1.0-99-amd64 -H "$tmp/missing" -o "$tmp/out.d"
desc="no headers: exit 1, names the package to install"
t says 1 'install linux-headers-6.1.0-99-amd64'
run -k 6.1.0-99-amd64 -H "$tmp/builtin" -o "$tmp/out.d"
desc="acpi_configfs built in: nothing to build, exit 0"
t says 0 'built in: nothing to build'
run -k 6.1.0-99-amd64 -H "$tmp/module" -o "$tmp/out.d"
desc="acpi_configfs a module already: nothing to build, exit 0"
t says 0 'modprobe acpi_configfs'
run -k 6.1.0-99-amd64 -H "$tmp/nocfs" -o "$tmp/out.d"
desc="no configfs in the kernel: exit 1, says so"
t says 1 'no configfs'
run -k 6.1.0-99-amd64 -H "$tmp/nomod" -o "$tmp/out.d"
desc="no module support: exit 1, says so"
t says 1 'cannot load modules'
run -k 6.1.0-99-amd64 -H "$tmp/debian" -s "$tmp/none.tar.xz" -o "$tmp/out.d"
desc="no linux-source: exit 1, names the package to install"
t says 1 'install linux-source-6.1'
run -k 6.1.0-99-amd64 -H "$tmp/debian" -s "$tmp/linux-source-6.1.tar.xz" -n
desc="-n: says what it would take, run and write"
t sh -c "grep -q '^would take linux-source-6.1/drivers/acpi/acpi_configfs.c' '$tmp/out' &&
	grep -q '^would write /lib/modules/6.1.0-99-amd64/updates/wmishim/acpi_configfs.ko' '$tmp/out' &&
	grep -q '^would run: depmod 6.1.0-99-amd64' '$tmp/out'"
desc="  and has written nothing"
t test ! -e /lib/modules/6.1.0-99-amd64
run -k 6.1.0-99-amd64 -H "$tmp/debian" -s "$tmp/linux-source-6.1.tar.xz" -o "$tmp/out.d"
desc="a tree that builds no module: exit 1, says so"
t says 1 'the module did not build'
desc="  and no module written"
t test ! -e "$tmp/out.d/acpi_configfs.ko"
run -k 'x; rm -rf /' -o "$tmp/out.d"
desc="a version that is not one: exit 1"
t says 1 'is not a kernel version'
run -q
desc="an unknown option: exit 2"
t test "$(cat "$tmp/rc")" = 2
finish
