# shellcheck shell=sh
# Scenario configfs of tests/vm/run.sh (T=configfs runs it alone).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
# Runtime load on a kernel built without CONFIG_ACPI_CONFIGFS, as Debian's
# are: wmishim-configfs-module (scripts/configfs-module.sh) builds
# acpi_configfs.ko from linux-source against the kernel's own headers
# (lib.sh's configfs_build: both through scripts/kernels.sh), the guest loads it, and wmishim itself (the plain build and
# its C library, copied in) loads the test bench overlay through configfs.
# acpi_configfs.c loads the table; drivers/acpi/scan.c (acpi_table_events_fn)
# scans the bus for the new device, and the WMI bus gets its blocks.
scenario configfs
cat >"$vm/$s.hook" <<'HOOK'
if insmod /acpi_configfs.ko; then echo "CFS insmod ok"; else echo "CFS insmod failed"; fi
mount -t configfs none /sys/kernel/config && echo "CFS mount ok"
/wmishim loaded 2>&1 | sed 's/^/LOADED0: /'
/wmishim load -n /wmtbench.aml 2>&1 | sed 's/^/DRY: /'
ls /sys/kernel/config/acpi/table | sed 's/^/AFTERDRY: /'
/wmishim load /wmtbench.aml 2>&1 | sed 's/^/LOAD: /'
sh /wmiwait
sh /wmidevs CFSDEV
ls /sys/bus/acpi/devices | grep PNP0C14 | sed 's/^/CFSACPI0: /'
/wmishim loaded 2>&1 | sed 's/^/LOADED: /'
/wmishim load /wmtbench.aml 2>&1 | sed 's/^/AGAIN: /'
/wmishim load --name WMTDUP /wmtbench.aml >/tmp/dup.out 2>&1
echo "DUP-EXIT $?"
sed 's/^/DUP: /' /tmp/dup.out
ls /sys/kernel/config/acpi/table | sed 's/^/AFTERDUP: /'
/wmishim unload WMTBENCH 2>&1 | sed 's/^/UNLOAD: /'
usleep 500000
sh /wmidevs CFSAFTER
ls /sys/bus/acpi/devices | grep PNP0C14 | sed 's/^/CFSACPI1: /'
/wmishim loaded 2>&1 | sed 's/^/LOADED2: /'
dmesg | grep -iE 'configfs|Dynamic|ACPI: SSDT' | sed 's/^/CFSLOG: /'
HOOK
rm -rf "$vm/$s.module"
configfs_build "$vm/$s.module" >"$vm/$s.module.log" 2>&1
rc=$?
desc="$s: wmishim-configfs-module builds acpi_configfs.ko for $version (Debian's headers and linux-source)"
if [ "$rc" -eq 77 ]; then
	skip_point "$desc" "the packages cannot be had: $(tail -n 1 "$vm/$s.module.log")"
else
	t sh -c "tail -n 20 '$vm/$s.module.log'; test $rc -eq 0"
	desc="$s:   its vermagic is the guest kernel's"
	t is "$version" "$(modinfo -F vermagic "$vm/$s.module/acpi_configfs.ko" 2>/dev/null | cut -d' ' -f1)"
	libs=$(guest_tool)
	desc="$s: the guest's initramfs is built (acpi_configfs.ko, wmishim, wmi-testbench)"
	# shellcheck disable=SC2086 # -f options, split on purpose
	t sh "$here/initramfs.sh" -l "wmi configfs" -H "$vm/$s.hook" \
		-f "$vm/$s.module/acpi_configfs.ko=/acpi_configfs.ko" \
		-f "$overlays/wmi-testbench/overlay.aml=/wmtbench.aml" $libs \
		"$moddir" "$version" "$vm/$s.initrd"
	desc="$s: the guest boots to its end (no table of ours at boot)"
	t vmboot "$s" "$vm/$s.initrd"
	booted "$s"
	desc="$s: the module loads into Debian's kernel, configfs mounts"
	t lines "$vm/$s.log" '^CFS insmod ok$' '^CFS mount ok$'
	desc="$s: no WMI device before the load"
	t is "" "$(guest WMIDEV "$vm/$s.log")"
	desc="$s: load -n says what it would do and makes no directory"
	t sh -c "grep -q '^DRY: would load /wmtbench.aml as WMTBENCH' '$vm/$s.log' && ! grep -q '^AFTERDRY: ' '$vm/$s.log'"
	desc="$s: wmishim load: the kernel reports the table it loaded"
	t is "loaded /wmtbench.aml as WMTBENCH: the kernel reports WMTBENCH" "$(guest LOAD: "$vm/$s.log")"
	desc="$s: dmesg: Host-directed Dynamic ACPI Table Load of SSDT WMISHM WMTBENCH"
	t lines "$vm/$s.log" '^CFSLOG: .*ACPI: Host-directed Dynamic ACPI Table Load' \
		'^CFSLOG: .*ACPI: SSDT 0x[0-9A-F]+ [0-9A-F]+ \(v02 WMISHM WMTBENCH '
	"$tool" inspect --kernel "$kline" --sysfs "$overlays/wmi-testbench/overlay.aml" >"$vm/$s.expected" 2>&1
	guest CFSDEV "$vm/$s.log" >"$vm/$s.actual"
	desc="$s: /sys/bus/wmi/devices after the load = wmishim inspect --sysfs ($(wc -l <"$vm/$s.expected") devices)"
	t sh -c "test -s '$vm/$s.expected' && diff -u '$vm/$s.expected' '$vm/$s.actual'"
	desc="$s: wmishim loaded lists it"
	t is WMTBENCH "$(guest LOADED: "$vm/$s.log")"
	desc="$s: loading it again is refused"
	t grep -q '^AGAIN: wmishim: .*loaded already' "$vm/$s.log"
	# The same table under another name: ACPICA refuses a table that is
	# loaded already (acpica/tbinstal.c, acpi_tb_check_duplication()), and
	# configfs drops the error (fs/configfs/file.c,
	# configfs_release_bin_file()): wmishim finds the item holds no table.
	desc="$s: the same table as WMTDUP: the kernel does not load it, wmishim says so (exit 1) and removes the item"
	t sh -c "grep -qx 'DUP-EXIT 1' '$vm/$s.log' &&
		grep -q '^DUP: wmishim: the kernel did not load /wmtbench.aml .*/WMTDUP removed again' '$vm/$s.log' &&
		grep -q '^CFSLOG: .*ACPI configfs: table not loaded' '$vm/$s.log' &&
		! grep -qx 'AFTERDUP: WMTDUP' '$vm/$s.log'"
	desc="$s: wmishim unload, and loaded lists nothing"
	t sh -c "grep -q '^UNLOAD: unloaded WMTBENCH' '$vm/$s.log' &&
		grep -q '^LOADED2: no table loaded through configfs' '$vm/$s.log'"
	# What unload does: acpi_table_drop_item() (drivers/acpi/acpi_configfs.c)
	# unloads the table; ACPICA calls each deleted node's data handler
	# (acpica/nsalloc.c), for a device acpi_scan_drop_device()
	# (drivers/acpi/scan.c), which removes the acpi_device and what was
	# made from it: the WMI devices go too.
	desc="$s: before unload the PNP0C14 device is on the ACPI bus ($(guest CFSACPI0: "$vm/$s.log" | tr '\n' ' '))"
	t grep -q '^CFSACPI0: PNP0C14:' "$vm/$s.log"
	desc="$s: after unload the kernel has removed it and its WMI devices"
	t sh -c "! grep -qE '^(CFSAFTER|CFSACPI1:) ' '$vm/$s.log'"
	desc="$s: dmesg: no ACPI error"
	t no_acpi_error "$vm/$s.log"
fi
