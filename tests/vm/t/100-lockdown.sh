# shellcheck shell=sh
# Scenario lockdown of tests/vm/run.sh (T=lockdown runs it alone).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
# A locked-down kernel (lockdown=integrity on the command line; Debian's
# kernel locks itself down the same way under Secure Boot) refuses all three
# load paths, each after asking security_locked_down(LOCKDOWN_ACPI_TABLES):
# the initrd table upgrade (drivers/acpi/tables.c, acpi_table_upgrade():
# "kernel is locked down, ignoring table override"), configfs
# (drivers/acpi/acpi_configfs.c, acpi_table_aml_write(): -EPERM) and
# efivar_ssdt= (drivers/firmware/efi/efi.c, efivar_ssdt_setup(): the name is
# not taken, so efivar_ssdt_load() has nothing to load).  The lockdown LSM
# logs "Kernel is locked down from WHERE" and, for each refusal, "Lockdown:
# COMM: modifying ACPI tables is restricted" (security/lockdown/lockdown.c,
# the reason's text from security/security.c).  wmishim says so before
# trying.  Three boots:
#   1. lockdown=integrity, the test bench in the initrd's table archive; in
#      the guest wmishim doctor and load, and insmod of the unsigned
#      acpi_configfs.ko, which lockdown refuses too (kernel/module/signing.c,
#      module_sig_check(): LOCKDOWN_MODULE_SIGNATURE; Debian's own modules
#      are signed);
#   2. no lockdown at boot: acpi_configfs.ko goes in first, then the guest
#      locks the kernel down through securityfs (lockdown_write()), and
#      wmishim load and a forced write of the table to configfs are tried
#      (the only way to see acpi_configfs.c's check on a locked-down kernel:
#      under Secure Boot the unsigned module cannot go in at all);
#   3. OVMF with scenario efivar's variable store (WMTB still in it) and
#      efivar_ssdt=WMTB lockdown=integrity.
# Linux 6.12 and 7.3 take the initrd's tables even so: start_kernel() calls
# early_security_init() after setup_arch() (init/main.c; 6.1 before it),
# and setup_arch() runs acpi_table_upgrade() (arch/x86/kernel/setup.c)
# when no lockdown hook is there yet to refuse it.  configfs and
# efivar_ssdt= come later and are refused on every kernel.  wmishim's
# model says so (initrd_before_lockdown, src/kernel.c), and doctor with it:
# which of the two the guest is held to is the model's answer for the line
# booted, `wmishim kernel LINE` (so a wrong entry fails the boot's points).
scenario lockdown
late=$("$tool" kernel "$kline" 2>/dev/null | sed -n 's/^  initrd_before_lockdown = \([01]\)$/\1/p')
desc="$s: wmishim kernel $kline: initrd_before_lockdown = ${late:-nothing}"
t test -n "$late"
cat >"$vm/$s.hook" <<'HOOK'
sec=/sys/kernel/security
case $(cat /proc/cmdline) in
*efivar_ssdt=*)
	mount -t efivarfs none /sys/firmware/efi/efivars && echo "EFI mount ok"
	ls /sys/firmware/efi/efivars | grep '^WMTB-' | sed 's/^/VAR: /'
	mount -t securityfs none "$sec" && echo "LOCKDOWN $(cat "$sec/lockdown")"
	sh /report EFIVAR /wmishim efivar install WMTC /wmtbench.aml
	ls /sys/firmware/efi/efivars | grep '^WMTC-' | sed 's/^/VARNEW: /'
	;;
*lockdown=*)
	# Before securityfs is mounted doctor has the command line only.
	sh /report DOCTOR0 /wmishim doctor
	sh /report LOAD0 /wmishim load /wmtbench.aml
	mount -t securityfs none "$sec" && echo "LOCKDOWN $(cat "$sec/lockdown")"
	sh /report DOCTOR /wmishim doctor
	sh /report LOAD /wmishim load /wmtbench.aml
	[ ! -f /acpi_configfs.ko ] || sh /report INSMOD insmod /acpi_configfs.ko
	;;
*)
	t=/sys/kernel/config/acpi/table
	insmod /acpi_configfs.ko && echo "CFS insmod ok"
	mount -t configfs none /sys/kernel/config && echo "CFS mount ok"
	mount -t securityfs none "$sec" && echo "LOCKDOWN-BEFORE $(cat "$sec/lockdown")"
	echo integrity >"$sec/lockdown" && echo "LOCKDOWN $(cat "$sec/lockdown")"
	sh /report DOCTOR /wmishim doctor
	sh /report LOAD /wmishim load /wmtbench.aml
	ls "$t" | sed 's/^/AFTERLOAD: /'
	# Forced: what wmishim load would do without its check.
	mkdir "$t/WMTBENCH" && echo "FORCED mkdir ok"
	cat /wmtbench.aml >"$t/WMTBENCH/aml" 2>/tmp/forced.err
	echo "FORCED-EXIT $?"
	sed 's/^/FORCED: /' /tmp/forced.err
	sh /report FORCEDID cat "$t/WMTBENCH/oem_table_id"
	rmdir "$t/WMTBENCH" && echo "FORCED rmdir ok"
	sh /wmidevs CFSDEV
	;;
esac
dmesg | grep -E 'locked down|Lockdown|efivar|ACPI: SSDT|Table Upgrade|found in initrd|ACPI configfs' |
	sed 's/^/LDLOG: /'
HOOK
testbench=$overlays/wmi-testbench/overlay.aml
"$tool" inspect --kernel "$kline" --sysfs "$testbench" >"$vm/$s.bench" 2>&1
nbench=$(grep -c . "$vm/$s.bench")
configfs_module
cfsko=$vm/configfs.module/acpi_configfs.ko
extra=""
[ ! -f "$cfsko" ] || extra="-f $cfsko=/acpi_configfs.ko"
rm -rf "$vm/$s.tables" && mkdir -p "$vm/$s.tables"
cp "$testbench" "$vm/$s.tables/wmtbench.aml"
desc="$s: wmishim cpio writes the table upgrade archive (wmi-testbench: $nbench WMI devices, wmishim inspect --sysfs)"
t "$tool" cpio --against none "$vm/$s.tables/wmtbench.aml" -o "$vm/$s.acpi.cpio"
libs=$(guest_tool)
desc="$s: the guest's initramfs is built (wmishim, wmi-testbench${extra:+, acpi_configfs.ko})"
# shellcheck disable=SC2086 # -f options, split on purpose
t sh "$here/initramfs.sh" -l "wmi configfs" -H "$vm/$s.hook" $extra \
	-f "$testbench=/wmtbench.aml" $libs "$moddir" "$version" "$vm/$s.main.cpio.gz"
desc="$s: boot 1, lockdown=integrity, the guest boots to its end (initrd: wmi-testbench)"
t upgrade_boot -A lockdown=integrity
booted "$s"
desc="$s:   dmesg: Kernel is locked down from command line"
t grep -q '^LDLOG: .*Kernel is locked down from command line; see man kernel_lockdown\.7$' "$vm/$s.log"
desc="$s:   /sys/kernel/security/lockdown: none [integrity] confidentiality"
t is "none [integrity] confidentiality" "$(guest LOCKDOWN "$vm/$s.log")"
if [ "$late" = 0 ]; then
	desc="$s:   dmesg: the kernel found the table in the initrd, then: ACPI: kernel is locked down, ignoring table override"
	t lines "$vm/$s.log" '^DMESG: .*ACPI: SSDT ACPI table found in initrd \[kernel/firmware/acpi/wmtbench\.aml\]' \
		'^LDLOG: .*ACPI: kernel is locked down, ignoring table override$' \
		'^LDLOG: .*Lockdown: swapper[^:]*: modifying ACPI tables is restricted'
	desc="$s:   no Table Upgrade line, no SSDT WMISHM WMTBENCH"
	t no grep -qE 'Table Upgrade|WMISHM WMTBENCH' "$vm/$s.log"
	desc="$s:   no WMI device (the test bench's $nbench not among them)"
	t sh -c "test '$nbench' -gt 0 && ! grep -q '^WMIDEV ' '$vm/$s.log'"
	desc="$s:   wmishim doctor, securityfs not mounted: lockdown on the command line blocks; no load path (exit 1)"
	t lines "$vm/$s.log" '^DOCTOR0-EXIT 1$' '^DOCTOR0: lockdown: on the command line \[blocks\] the kernel ignores table overrides' \
		'^DOCTOR0: load paths: initrd: no, configfs: no, EFI variable: no$'
	doctor_paths='initrd: no, configfs: no, EFI variable: no' doctor_exit=1
	doctor_why='the kernel ignores table overrides'
else
	desc="$s:   dmesg: the kernel takes the table from the initrd all the same (Table Upgrade: install SSDT-WMISHM-WMTBENCH), no 'ignoring table override'"
	t sh -c "grep -q '^DMESG: .*ACPI: SSDT ACPI table found in initrd \[kernel/firmware/acpi/wmtbench\.aml\]' '$vm/$s.log' &&
		grep -qF '$(upgrade_line install SSDT WMISHM WMTBENCH)' '$vm/$s.log' &&
		! grep -q 'ignoring table override' '$vm/$s.log'"
	guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
	desc="$s:   /sys/bus/wmi/devices = wmishim inspect --kernel $kline --sysfs of the test bench ($nbench devices)"
	t sh -c "test '$nbench' -gt 0 && diff '$vm/$s.bench' '$vm/$s.actual'"
	# The guest has no /boot/config-*: CONFIG_ACPI_TABLE_UPGRADE unknown,
	# so the initrd is unknown (not blocked) there.
	doctor_paths='initrd: unknown, configfs: no, EFI variable: no' doctor_exit=0
	doctor_why='the kernel refuses configfs loads \(-EPERM\) and efivar_ssdt=, but takes table overrides from the initrd'
	desc="$s:   wmishim doctor, securityfs not mounted: lockdown on the command line blocks configfs and EFI variables, not the initrd (initrd: unknown, no kernel configuration in the guest; exit 0)"
	t lines "$vm/$s.log" '^DOCTOR0-EXIT 0$' "^DOCTOR0: lockdown: on the command line \\[blocks\\] $doctor_why" \
		"^DOCTOR0: load paths: $doctor_paths\$"
fi
desc="$s:   wmishim load, securityfs not mounted: refused up front, lockdown= on the command line (exit 1)"
t is "1 wmishim: the kernel is locked down (lockdown= on the command line): it refuses configfs loads (-EPERM); acpi_osi= on the command line still works (wmishim doctor)" \
	"$(guest LOAD0-EXIT "$vm/$s.log") $(guest LOAD0: "$vm/$s.log")"
desc="$s:   wmishim doctor: lockdown: integrity [blocks]; load paths: $doctor_paths (exit $doctor_exit)"
t lines "$vm/$s.log" "^DOCTOR-EXIT $doctor_exit\$" "^DOCTOR: lockdown: integrity \\[blocks\\] $doctor_why" \
	"^DOCTOR: load paths: $doctor_paths\$"
desc="$s:   wmishim load refuses up front: the kernel is locked down (exit 1)"
t is "1 wmishim: the kernel is locked down (integrity): it refuses configfs loads (-EPERM); acpi_osi= on the command line still works (wmishim doctor)" \
	"$(guest LOAD-EXIT "$vm/$s.log") $(guest LOAD: "$vm/$s.log")"
if [ -f "$cfsko" ]; then
	desc="$s:   insmod acpi_configfs.ko (unsigned) is refused: Lockdown: insmod: unsigned module loading is restricted"
	t sh -c "grep -q '^INSMOD: .*Operation not permitted' '$vm/$s.log' && ! grep -q '^INSMOD-EXIT 0$' '$vm/$s.log' &&
		grep -q '^LDLOG: .*Lockdown: insmod: unsigned module loading is restricted' '$vm/$s.log'"
	desc="$s: boot 2, lockdown from securityfs once acpi_configfs.ko is in: the guest boots to its end"
	t vmboot "$s.cfs" "$vm/$s.main.cpio.gz"
	booted "$s.cfs"
	desc="$s:   acpi_configfs.ko loads, configfs mounts, the guest locks the kernel down ([none] -> [integrity])"
	t sh -c "grep -q '^CFS insmod ok$' '$vm/$s.cfs.log' && grep -q '^CFS mount ok$' '$vm/$s.cfs.log' &&
		grep -qx 'LOCKDOWN-BEFORE \\[none\\] integrity confidentiality' '$vm/$s.cfs.log' &&
		grep -qx 'LOCKDOWN none \\[integrity\\] confidentiality' '$vm/$s.cfs.log' &&
		grep -q '^LDLOG: .*Kernel is locked down from securityfs; see man kernel_lockdown\\.7$' '$vm/$s.cfs.log'"
	desc="$s:   wmishim doctor: lockdown: integrity [blocks]"
	t lines "$vm/$s.cfs.log" '^DOCTOR: lockdown: integrity \[blocks\] '
	desc="$s:   wmishim load refuses up front (exit 1) and makes no configfs directory"
	t sh -c "grep -qx 'LOAD-EXIT 1' '$vm/$s.cfs.log' &&
		grep -q '^LOAD: wmishim: the kernel is locked down (integrity): it refuses configfs loads' '$vm/$s.cfs.log' &&
		! grep -q '^AFTERLOAD: ' '$vm/$s.cfs.log'"
	# configfs hands a binary attribute's bytes to the driver when the file
	# is closed, and ignores what the driver returns (fs/configfs/file.c,
	# configfs_release_bin_file()): the write itself cannot fail with
	# acpi_table_aml_write()'s -EPERM.
	desc="$s:   forced: cat wmtbench.aml > .../WMTBENCH/aml: the kernel refuses it (Lockdown: ... modifying ACPI tables is restricted)"
	t lines "$vm/$s.cfs.log" '^FORCED mkdir ok$' \
		'^LDLOG: .*Lockdown: [^:]*: modifying ACPI tables is restricted'
	desc="$s:     and the item holds no table: oem_table_id cannot be read (ACPI configfs: table not loaded)"
	t sh -c "! grep -qx 'FORCEDID-EXIT 0' '$vm/$s.cfs.log' && grep -q '^FORCEDID: .*Invalid argument' '$vm/$s.cfs.log' &&
		grep -q '^LDLOG: .*ACPI configfs: table not loaded' '$vm/$s.cfs.log'"
	desc="$s:     no SSDT WMISHM WMTBENCH, no WMI device"
	t sh -c "! grep -qE 'WMISHM WMTBENCH|^(WMIDEV|CFSDEV) ' '$vm/$s.cfs.log'"
	desc="$s:     cat's own exit status: 0 (the refusal comes at close, and configfs drops it)"
	t is 0 "$(guest FORCED-EXIT "$vm/$s.cfs.log")"
else
	skip_point "$s: configfs under lockdown" "no acpi_configfs.ko (wmishim-configfs-module could not build it)"
fi
code=$OVMF_CODE
# efivar runs first, T= or not (needs, in run.sh).
if [ ! -r "$code" ] || [ ! -s "$vm/efivar.wmtb.vars" ]; then
	skip_point "$s: efivar_ssdt= under lockdown" "no OVMF or no variable store from scenario efivar"
else
	cp "$vm/efivar.wmtb.vars" "$vm/$s.vars"
	desc="$s: the guest's UEFI initramfs is built (wmishim, wmi-testbench)"
	# shellcheck disable=SC2086 # -f options, split on purpose
	t sh "$here/initramfs.sh" -l "wmi efivarfs" -H "$vm/$s.hook" \
		-f "$testbench=/wmtbench.aml" $libs "$moddir" "$version" "$vm/$s.efi.initrd"
	desc="$s: boot 3 (UEFI), efivar_ssdt=WMTB lockdown=integrity, scenario efivar's store: the guest boots to its end"
	t vmboot "$s.efi" "$vm/$s.efi.initrd" -t 240 -e "$vm/$s.vars" -A "efivar_ssdt=WMTB lockdown=integrity"
	booted "$s.efi"
	desc="$s:   the variable is there: efivarfs lists WMTB-GUID"
	t grep -q '^VAR: WMTB-9a7bf7d2-5e46-4b4c-8e8a-7a2d8f1b3c01$' "$vm/$s.efi.log"
	desc="$s:   dmesg: Kernel is locked down from command line; Lockdown: swapper: modifying ACPI tables is restricted (efivar_ssdt=)"
	t lines "$vm/$s.efi.log" '^LDLOG: .*Kernel is locked down from command line' \
		'^LDLOG: .*Lockdown: swapper[^:]*: modifying ACPI tables is restricted'
	desc="$s:   the kernel does not load it: no 'loading SSDT from variable', no SSDT WMISHM WMTBENCH, no WMI device"
	t sh -c "! grep -qE 'loading SSDT from variable|WMISHM WMTBENCH|^WMIDEV ' '$vm/$s.efi.log'"
	desc="$s:   wmishim efivar install refuses up front (exit 1) and writes no variable"
	t sh -c "grep -qx 'EFIVAR-EXIT 1' '$vm/$s.efi.log' &&
		grep -q '^EFIVAR: wmishim: the kernel is locked down (integrity): it refuses efivar_ssdt=' '$vm/$s.efi.log' &&
		! grep -q '^VARNEW: ' '$vm/$s.efi.log'"
fi
