# shellcheck shell=sh
# The VM suite's set-up and helpers, sourced by tests/vm/run.sh before its
# scenarios (t/*.sh), with run.sh's arguments WMISHIM BUILDDIR: the
# variables (the tool, the build tree, the fixtures and overlays), Debian's
# boot chain and busybox (fetch-pkgs.sh), fetched once into the build tree
# and reused, and what the scenarios share: use_kernel, t, vmboot,
# diskboot, guest_tool, booted, upgrade_boot, guest, no_acpi_error,
# upgrade_line, oem, result, configfs_module and scenario.
# Exit 77 (the whole suite skipped, said why) when QEMU cannot be had.
#
# use_kernel LINE (run.sh, before each kernel's scenarios): Debian's kernel
# of that line (scripts/kernels.sh, into $build/kernels) and the variables
# the scenarios take it from: kline (6.1, 6.12, 7.3: what `wmishim inspect
# --kernel` models), version (uname -r; version_re, as an ERE), kernel (its image), kconfig (its
# config), moddir (its modules, decompressed), vm ($build/vm/LINE: this
# kernel's images and serial logs).
#
# Each scenario sources it too, for shellcheck, which finds the variables
# here: sourced again, it returns at once.
[ -z "${vm_lib:-}" ] || return 0
vm_lib=1
set -u
[ $# -eq 2 ] || { echo "usage: run.sh WMISHIM BUILDDIR" >&2; exit 2; }
[ -x "$1" ] || { echo "run.sh: $1 is not an executable" >&2; exit 2; }
# shellcheck disable=SC2034 # the scenarios' (t/*.sh)
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
build=$(cd "$2" 2>/dev/null && pwd) || { echo "run.sh: no directory $2" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
fixtures=$build/fixtures
overlays=$build/overlays
PATH=$PATH:/usr/sbin:/sbin
# shellcheck disable=SC2034 # run.sh's, for its closing lines
suite_start=$(date +%s)
# The shared counters and assertions (no, is, same, lines) of tests/lib.sh;
# its t is replaced below (this suite's keeps each point's output in
# $vm/t.out and shows its last 40 lines), its finish by this suite's summary.
# shellcheck source=tests/lib.sh
. "$here/../lib.sh"

t() {
	n=$((n + 1))
	if "$@" >"$vm/t.out" 2>&1; then
		pass=$((pass + 1))
		echo "ok $n - $kline $desc"
	else
		fail=$((fail + 1))
		echo "not ok $n - $kline $desc"
		sed 's/^/#   /' "$vm/t.out" | tail -n 40
	fi
}

if ! command -v "${QEMU:-qemu-system-x86_64}" >/dev/null 2>&1; then
	echo "1..0 # SKIP qemu-system-x86_64 is not installed (make deps installs qemu-system-x86)"
	exit 77
fi
kernels=$build/kernels
kline="" vm=$build/vm
# use_kernel LINE: 0 when the kernel is there, 77 when it cannot be had
# (kernels.sh said why), 1 when kernels.sh failed otherwise.
use_kernel() {
	kline=$1 vm=$build/vm/$1
	mkdir -p "$vm"
	uk_out=$(sh "$here/../../scripts/kernels.sh" "$kernels" "$kline") || return
	# shellcheck disable=SC2086 # kernels.sh's one line: VERSION IMAGE MODULES
	set -- $uk_out
	[ $# -eq 3 ] || { echo "run.sh: kernels.sh $kline printed \"$*\"" >&2; return 1; }
	version=$1 kernel=$2 moddir=$3
	# The version in an extended regular expression (6.12's and 7.3's hold
	# a "+": 7.3.4+deb13-amd64).
	# shellcheck disable=SC2034 # the scenarios'
	version_re=$(printf '%s' "$version" | sed 's/[.+]/\\&/g')
	# The model try predicts with for that kernel: its point release when
	# the release shows it (7.3.4+deb13-amd64: 7.3.4), else the line's
	# (6.1.0-57-amd64 hides it: 6.1), as `wmishim kernel VERSION` says.
	# shellcheck disable=SC2034 # the scenarios'
	kmodel=$("$tool" kernel "$version" 2>/dev/null | sed -n '1s/^Linux //p')
	# The kernel's config: boot/config-VERSION beside boot/vmlinuz-VERSION
	# (Debian 12), or config in the modules directory (7.x's split packages).
	kconfig=$moddir/config
	# stub_info: the kernel's EFI stub prints its info lines ("EFI stub:
	# Loaded initrd from ...").  7.3's prints them only with efi=debug: its
	# efi_loglevel is LOGLEVEL_NOTICE (drivers/firmware/efi/libstub/printk.c
	# of linux-source-7.3; 6.1's and 6.12's CONSOLE_LOGLEVEL_DEFAULT).
	# shellcheck disable=SC2034 # the scenarios'
	case $kline in 7.3) stub_info="" ;; *) stub_info=1 ;; esac
	[ -f "$kconfig" ] || kconfig=$(dirname "$kernel")/config-$version
	# The model wmishim is asked for, where a scenario does not say.
	WMISHIM_KERNEL=$kline
	export WMISHIM_KERNEL
	# The package that holds the kernel (7.x's linux-binary-VER, else
	# linux-image-VER) and its version.
	kpkg=$(grep -E '^linux-(binary|image)-' "$kernels/$kline/root/.unpacked" 2>/dev/null | sort | head -n 1 |
		sed 's/^\([^_]*\)_\([^_]*\)_.*/\1 \2/')
	echo "# kernel $kline: $version (${kpkg:-package unknown})"
}

# The boot chain and the guest's busybox, never installed: unpacked here.
pkgs=$build/pkgs
sh "$here/../../scripts/fetch-pkgs.sh" "$pkgs" ovmf shim-signed grub-efi-amd64-signed \
	grub-efi-amd64-bin grub-common systemd-boot-efi busybox-static || {
	rc=$?
	[ "$rc" -eq 77 ] && { echo "1..0 # SKIP Debian's boot loader packages cannot be had (see fetch-pkgs.sh's message above)"; exit 77; }
	echo "run.sh: fetch-pkgs.sh failed (exit $rc)" >&2
	exit 1
}
# What boot.sh and initramfs.sh take from the environment.
ovmf=$pkgs/ovmf/usr/share/OVMF
OVMF_CODE=${OVMF_CODE:-$ovmf/OVMF_CODE_4M.fd}
OVMF_VARS=${OVMF_VARS:-$ovmf/OVMF_VARS_4M.fd}
OVMF_CODE_SECBOOT=${OVMF_CODE_SECBOOT:-$ovmf/OVMF_CODE_4M.secboot.fd}
OVMF_VARS_SECBOOT=${OVMF_VARS_SECBOOT:-$ovmf/OVMF_VARS_4M.ms.fd}
BUSYBOX=${BUSYBOX:-$pkgs/busybox-static/bin/busybox}
export OVMF_CODE OVMF_VARS OVMF_CODE_SECBOOT OVMF_VARS_SECBOOT BUSYBOX

for f in "$fixtures/eeepc-vm.aml" "$fixtures/eeepc-vm-wmi.aml" "$fixtures/vm-inject.aml" \
		"$fixtures/smoke.aml" "$overlays/wmi-testbench/overlay.aml" \
		"$overlays/wmi-reexpose/overlay.aml"; do
	[ -r "$f" ] || { echo "run.sh: $f missing (make builds it)" >&2; exit 1; }
done

# The accelerator, found by the first boot and kept for the others.
accel_from() {
	a=$(sed -n 's/^boot: \([a-z]*\) .*/\1/p' "$1")
	[ -z "$a" ] || export WMISHIM_VM_ACCEL="$a"
}

# vmboot NAME INITRD [boot.sh options]: boots, the serial log in
# $vm/NAME.log, boot.sh's report in $vm/NAME.boot.
vmboot() {
	name=$1 initrd=$2
	shift 2
	sh "$here/boot.sh" "$@" "$kernel" "$initrd" "$vm/$name.log" >"$vm/$name.boot" 2>&1
	rc=$?
	accel_from "$vm/$name.boot"
	cat "$vm/$name.boot"
	return $rc
}

# diskboot NAME [boot.sh options]: as vmboot, but the kernel and its
# initrds are the boot loader's business (boot.sh -d) or the firmware's boot
# entry's (-e with -D): no -kernel.
diskboot() {
	name=$1
	shift
	sh "$here/boot.sh" "$@" - - "$vm/$name.log" >"$vm/$name.boot" 2>&1
	rc=$?
	accel_from "$vm/$name.boot"
	cat "$vm/$name.boot"
	return $rc
}

# guest_tool: initramfs.sh options putting the plain wmishim build at
# /wmishim in the guest, with the C library it links.
guest_tool() {
	printf ' -f %s=/wmishim' "$build/wmishim"
	for l in $(ldd "$build/wmishim" | grep -o '/[^ ]*'); do
		printf ' -f %s=%s' "$l" "$l"
	done
}

# configfs_build DIR: wmishim-configfs-module builds acpi_configfs.ko for
# the guest kernel into DIR, against Debian's headers and from the line's
# linux-source (both through kernels.sh, unpacked in $build/kernels, never
# installed; pahole, which linux-kbuild wants for the modules' BTF, from
# there too).  When this machine lacks the compiler the headers name (7.3:
# gcc-14, Debian 13's), it runs in a Debian 13 chroot where they are
# installed (buildenv.sh), in a private mount namespace with /proc (objtool
# reads it) and DIR, the script and the source bound in.  Exit 77 when the
# packages cannot be had.
configfs_build() {
	cb_hdr=$(sh "$here/../../scripts/kernels.sh" "$kernels" "$kline" --headers) || return
	cb_src=$(sh "$here/../../scripts/kernels.sh" "$kernels" "$kline" --source) || return
	cb_cc=$(sed -n 's/^CC = .*)\(gcc-[0-9][0-9]*\)$/\1/p' "$cb_hdr/.kernelvariables" 2>/dev/null)
	if [ -z "$cb_cc" ] || command -v "x86_64-linux-gnu-$cb_cc" >/dev/null 2>&1; then
		PATH=$kernels/$kline/headers/usr/bin:$PATH \
			sh "$here/../../scripts/configfs-module.sh" -k "$version" -H "$cb_hdr" -s "$cb_src" -o "$1"
		return
	fi
	echo "$cb_cc is not on this machine: building in a Debian 13 chroot (buildenv.sh)"
	cb_root=$(sh "$here/buildenv.sh" "$kernels" "$kline") || return
	mkdir -p "$1" "$cb_root/wmishim/scripts" "$cb_root/wmishim/src" "$cb_root/wmishim/out"
	# shellcheck disable=SC2016 # expanded by the inner shell, from its arguments
	unshare -m --propagation private sh -c 'r=$1 && mount -t proc proc "$r/proc" &&
		mount --bind "$2" "$r/wmishim/scripts" && mount --bind "$3" "$r/wmishim/src" &&
		mount --bind "$4" "$r/wmishim/out" &&
		chroot "$r" sh /wmishim/scripts/configfs-module.sh -k "$5" -H "/usr/src/linux-headers-$5" \
			-s "/wmishim/src/$6" -o /wmishim/out' sh \
		"$cb_root" "$here/../../scripts" "$(dirname "$cb_src")" "$(cd "$1" && pwd)" "$version" "$(basename "$cb_src")"
}

# configfs_module: acpi_configfs.ko for the guest kernel, in
# $vm/configfs.module/, where scenario configfs builds it (each step a test
# point) and where eeepc-wmi, lockdown and secureboot take it for their
# guests.  When it is not there (the scenario runs without configfs, T=),
# it is built here, quietly, the same way (configfs_build), once: one whose
# vermagic is $version is kept.  When it cannot be built there is none, and
# the scenario skips what needs it, saying why.
configfs_module() {
	cm_dir=$vm/configfs.module
	[ "$(modinfo -F vermagic "$cm_dir/acpi_configfs.ko" 2>/dev/null | cut -d' ' -f1)" != "$version" ] ||
		return 0
	rm -rf "$cm_dir"
	if configfs_build "$cm_dir" >"$vm/configfs.module.log" 2>&1; then
		echo "# acpi_configfs.ko built for $version (lib.sh, configfs_module)"
	else
		rm -rf "$cm_dir"
		echo "# acpi_configfs.ko cannot be built: $(tail -n 1 "$vm/configfs.module.log")"
	fi
}

# booted NAME: the boot's accelerator and time, as a TAP comment.
booted() { sed -n 's/^boot: /# boot: /p' "$vm/$1.boot" 2>/dev/null; }

# upgrade_boot [boot.sh options]: boots the scenario's table archive
# ($vm/$s.acpi.cpio) put before its main initramfs ($vm/$s.main.cpio.gz),
# as the initrd table upgrade wants it.
upgrade_boot() {
	for f in "$vm/$s.acpi.cpio" "$vm/$s.main.cpio.gz"; do
		[ -s "$f" ] || { echo "$f missing"; return 1; }
	done
	cat "$vm/$s.acpi.cpio" "$vm/$s.main.cpio.gz" >"$vm/$s.initrd" &&
		vmboot "$s" "$vm/$s.initrd" "$@"
}

# guid_devices GUID LOG: how many WMI devices the guest listed with GUID.
guid_devices() { grep -c "^WMIDEV [^ ]* guid=$1 " "$2"; }

# The guest's lines with PREFIX, the prefix taken off.
guest() { sed -n "s/^$1 //p" "$2"; }

# no_acpi_error LOG: the AML ran without an error the kernel logs.
no_acpi_error() { ! grep -E '^KLOG: .*(ACPI (BIOS )?Error|ACPI Exception)' "$1"; }

# upgrade_line WHAT SIG OEMID TABLEID: the kernel's line for an initrd
# table, padded as drivers/acpi/tables.c prints it ("%4.4s-%6.6s-%8.8s").
upgrade_line() {
	printf 'ACPI: Table Upgrade: %s [%4.4s-%6.6s-%8.8s]' "$1" "$2" "$3" "$4"
}

# oem FILE: a table's OEM ID, OEM table ID and OEM revision (hex), from its
# header (bytes 10-15, 16-23 and 24-27, the revision little-endian).
oem() {
	oemid=$(dd if="$1" bs=1 skip=10 count=6 status=none | tr -d '\000')
	tabid=$(dd if="$1" bs=1 skip=16 count=8 status=none | tr -d '\000')
	rev=$(od -An -v -tx1 -j 24 -N 4 "$1" | awk '{ printf "0x%s%s%s%s", $4, $3, $2, $1 }')
	echo "$oemid $tabid $rev"
}

# result OUTPUT: the integer of wmishim call's last "ACPI result: Integer".
result() { printf '%s\n' "$1" | sed -n 's/^ *ACPI result: Integer //p' | tail -n 1; }

# scenario NAME: starts one; ends the one before, whose verdict goes to the
# summary (with its boot's accelerator and time).
summary="" cur="" cur_fail=0 cur_pass=0 cur_skipped=0
scenario() {
	if [ -n "$cur" ]; then
		b=$(sed -n 's/^boot: //p' "$vm/$cur.boot" 2>/dev/null)
		if [ "$fail" -ne "$cur_fail" ]; then
			v=FAIL
		elif [ "$pass" -eq "$cur_pass" ] && [ "$skipped" -ne "$cur_skipped" ]; then
			v=SKIPPED
		else
			v=PASS
		fi
		summary="$summary# scenario $kline $cur: $v (boot: ${b:-none} s)
"
	fi
	cur=$1 cur_fail=$fail cur_pass=$pass cur_skipped=$skipped s=$1
	[ -z "$s" ] || rm -f "$vm/$s.log" "$vm/$s.boot"
}
