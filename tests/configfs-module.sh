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
run -k 6.1.0-99-amd64 -H "$tmp/debian" -s "$tmp/linux-source-6.1.tar.xz" -n -r "$tmp/open"
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
# This machine's state, below -r ROOT: one that loads any module, one locked
# down under Secure Boot, one with module.sig_enforce=1 alone, one with
# Secure Boot on but shim's validation off (not locked down); DKMS's
# certificate where Debian's dkms makes it, or where framework.conf says.
machine() {
	m=$tmp/$1
	mkdir -p "$m/sys/kernel/security" "$m/sys/module/module/parameters" "$m/sys/firmware/efi/efivars"
	echo "$2" >"$m/sys/kernel/security/lockdown"
	echo "$3" >"$m/sys/module/module/parameters/sig_enforce"
	f=$m/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c
	printf '\006\000\000\000' >"$f"
	if [ "$4" = on ]; then printf '\001'; else printf '\000'; fi >>"$f"
}
machine open '[none] integrity confidentiality' N off
machine locked 'none [integrity] confidentiality' N on
machine enforce '[none] integrity confidentiality' Y off
machine sboff '[none] integrity confidentiality' N on
mkdir -p "$tmp/locked/var/lib/dkms" "$tmp/enforce/etc/mok" "$tmp/enforce/etc/dkms/framework.conf.d" "$tmp/bin"
echo cert >"$tmp/locked/var/lib/dkms/mok.pub"
echo cert >"$tmp/enforce/etc/mok/other.der"
echo 'mok_certificate="/etc/mok/other.der"' >"$tmp/enforce/etc/dkms/framework.conf.d/key.conf"
# mokutil stands in: ENROLLED=1 says the key given is enrolled.
# run_mok 0|1 ARGS...: run, with that mokutil.
run_mok() {
	e=$1
	shift
	env ENROLLED="$e" PATH="$tmp/bin:$PATH" sh "$script" "$@" >"$tmp/out" 2>&1
	echo $? >"$tmp/rc"
}
cat >"$tmp/bin/mokutil" <<'EOF'
#!/bin/sh
if [ "${ENROLLED:-}" = 1 ]; then echo "$2 is already enrolled"; else echo "$2 is not enrolled"; fi
EOF
chmod 755 "$tmp/bin/mokutil"
src61="-H $tmp/debian -s $tmp/linux-source-6.1.tar.xz"

# shellcheck disable=SC2086 # src61 is split on purpose
run -k 6.1.0-99-amd64 $src61 -c -r "$tmp/open"
desc="-c: a kernel without the module, its source there, a machine that loads any module: exit 0, nothing said"
t sh -c "[ \"\$(cat '$tmp/rc')\" = 0 ] && [ ! -s '$tmp/out' ]"
run -k 6.1.0-99-amd64 -H "$tmp/module" -c
desc="-c: a kernel with the module: exit 1, says so"
t says 1 'ships acpi_configfs as a module already'
run -k 6.1.0-99-amd64 -H "$tmp/module" -D -o "$tmp/out.d"
desc="-D (DKMS): a kernel with the module is a refusal: exit 1, says so"
t says 1 'ships acpi_configfs as a module already'
# shellcheck disable=SC2086
run -k 6.1.0-99-amd64 $src61 -D -c -s "$tmp/none.tar.xz" -r "$tmp/open"
desc="-D -c: no linux-source: exit 1, names the package"
t says 1 'install linux-source-6.1'
# One copy per kernel: DKMS's in updates/dkms, the hand-made one in
# updates/wmishim (below -r ROOT).
machine twice '[none] integrity confidentiality' N off
mkdir -p "$tmp/twice/lib/modules/6.1.0-99-amd64/updates/dkms" "$tmp/twice/lib/modules/6.1.0-99-amd64/updates/wmishim"
: >"$tmp/twice/lib/modules/6.1.0-99-amd64/updates/dkms/acpi_configfs.ko.xz"
: >"$tmp/twice/lib/modules/6.1.0-99-amd64/updates/wmishim/acpi_configfs.ko"
# shellcheck disable=SC2086
run -k 6.1.0-99-amd64 $src61 -n -r "$tmp/twice"
desc="by hand where DKMS has the module for the kernel: nothing to build, exit 0, names DKMS's copy"
t says 0 'DKMS keeps acpi_configfs built for 6.1.0-99-amd64 (.*updates/dkms/acpi_configfs.ko.xz'
# shellcheck disable=SC2086
run -k 6.1.0-99-amd64 $src61 -D -n -r "$tmp/twice"
desc="-D where a hand-made copy is: DKMS's build would take it away (said), -n leaves it"
t sh -c "grep -q '^would remove .*/updates/wmishim/acpi_configfs.ko (built by hand' '$tmp/out' &&
	test -e '$tmp/twice/lib/modules/6.1.0-99-amd64/updates/wmishim/acpi_configfs.ko'"
# shellcheck disable=SC2086
run -k 6.1.0-99-amd64 $src61 -n -r "$tmp/locked"
desc="locked down (Secure Boot), installing here: exit 1, it does not sign, the DKMS package does"
t says 1 'only signed modules (lockdown: integrity, module.sig_enforce: N, Secure Boot on)'
desc="  and says acpi_configfs refuses every table while locked down"
t says 1 'refuses every table while the kernel is locked down'
# shellcheck disable=SC2086
run -k 6.1.0-99-amd64 $src61 -c -o "$tmp/out.d" -r "$tmp/locked"
desc="locked down, -o DIR (a module for elsewhere): not this machine's rules, exit 0"
t test "$(cat "$tmp/rc")" = 0
# shellcheck disable=SC2086
run_mok 0 -k 6.1.0-99-amd64 $src61 -D -c -r "$tmp/locked"
desc="-D, locked down, DKMS's key not enrolled: exit 1, says how to enroll it"
t says 1 'enroll it with "mokutil --import /var/lib/dkms/mok.pub"'
# shellcheck disable=SC2086
run_mok 1 -k 6.1.0-99-amd64 $src61 -D -c -r "$tmp/locked"
desc="-D, locked down, the key enrolled: exit 1, the module would load but take no table"
t says 1 'would be MOK-signed, but acpi_configfs refuses every table'
# shellcheck disable=SC2086
run_mok 0 -k 6.1.0-99-amd64 $src61 -D -c -r "$tmp/enforce"
desc="-D, module.sig_enforce=1, not enrolled: exit 1, names framework.conf's certificate"
t says 1 'mokutil --import /etc/mok/other.der'
# shellcheck disable=SC2086
run_mok 1 -k 6.1.0-99-amd64 $src61 -D -c -r "$tmp/enforce"
desc="-D, module.sig_enforce=1, the key enrolled: exit 0, DKMS builds and signs"
t test "$(cat "$tmp/rc")" = 0
# shellcheck disable=SC2086
run -k 6.1.0-99-amd64 $src61 -D -c -r "$tmp/sboff"
desc="-D, Secure Boot on but not enforced (shim's validation off): exit 0, an unsigned module loads"
t test "$(cat "$tmp/rc")" = 0

run -k 'x; rm -rf /' -o "$tmp/out.d"
desc="a version that is not one: exit 1"
t says 1 'is not a kernel version'
run -q
desc="an unknown option: exit 2"
t test "$(cat "$tmp/rc")" = 2
finish
