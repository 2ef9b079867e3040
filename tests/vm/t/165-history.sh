# shellcheck shell=sh
# Scenario history of tests/vm/run.sh (T=history runs it alone), on every
# whole line of Debian's archive (6.1, 6.12, 6.16, 6.17, 6.18, 7.2, 7.3):
# firmware that tells the WMI core's history apart
# (tests/fixtures/vm-history.asl: names, a repeated GUID a driver without
# no_singleton and one with it are loaded for, a method block without
# WMxx, a block of zero instances, events without _WED for a driver that
# wants event data and one that, from 7.1, does not, a method block a
# driver calls, an event block of a GUID-based driver), with the real
# xiaomi-wmi, ideapad-laptop, wmi-bmof, intel-wmi-thunderbolt and
# dell-wmi-aio loaded.  The guest's devices are this line's
# `wmishim inspect --kernel LINE --sysfs`, and the drivers bound to them
# are the ones inspect says bind, each a module inspect names: the model
# of each release is held to that release's kernel.
# What differs from the line before is there and said, each change in the
# kernel's own words where it logs them.  The calls too: the firmware logs
# each WExx, WCxx, WQxx and _WED it gets (acpi.aml_debug_output=1 prints its
# Stores to Debug), its thermal zone fires five events when the guest reads
# its temperature, and the calls at load and at the events are the ones this
# line's `wmishim kernel` fields (event_enable, collect_per_query,
# wed_always, min_event_size, legacy_handler_data) and inspect's devices and
# drivers make of the firmware; the same log against the model with each of
# those fields changed must not compare (the comparison tells them
# apart).  And a method call: intel-wmi-thunderbolt's force_power, written,
# calls HIS4's WMTB, which logs what it gets: the arguments `wmishim call
# --kernel LINE` predicts for the driver's call, and not those of the call
# without input or with a String.  And what xiaomi-wmi's notify handler is
# handed at each event (a kprobe in the guest): the model's (marshals,
# no_event_data_refuses) and `call --kernel LINE --event`'s; and what
# dell-wmi-aio's GUID-based notify handler is handed (another kprobe): the
# model's (legacy_handler_data).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
scenario history
fixture=$fixtures/vm-history.aml
xi=409B028D-F06B-4C7C-8BBB-EE133A6BD87E     # xiaomi-wmi, on HIS1 and HIS3
xi2=76E9027C-95D0-4180-8692-DA6747DD1C2D    # xiaomi-wmi, HIS2 (no _WED)
ip=26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6     # ideapad-laptop, on HIS1 and HIS3
ip2=56322276-8493-4CE8-A783-98C991274F5E    # ideapad-laptop, HIS2 (no _WED)
tb=86CCFD48-205E-4A77-9C48-2021CBEDE341     # intel-wmi-thunderbolt, HIS4's method block
aio=284A0E6B-380E-472A-921F-E52786257FB4    # dell-wmi-aio (GUID-based), HIS3's event D7
# The modules that install a GUID-based notify handler on their event GUID:
# dell-wmi-aio's init calls wmi_install_notify_handler() on the first of
# its two GUIDs the firmware has (dell_wmi_aio_init(),
# drivers/platform/x86/dell/dell-wmi-aio.c of linux-source-6.1 to 7.3).
gh=dell_wmi_aio
nm=5A5A2400-0000-4000-8000-000000000002     # HIS1's method block, no WMNM
zi=5A5A2400-0000-4000-8000-000000000001     # HIS1's data block of 0 instances

# wrong_entry WRONG EXPECTED ACTUAL: the expectation of a model with a
# wrong entry is made (not empty, nothing in it unparsed: "?"), is not the
# right model's, and does not compare with what the guest did.
wrong_entry() {
	test -s "$1" && ! grep -q '?' "$1" && ! cmp -s "$1" "$2" && ! cmp -s "$1" "$3"
}
# flipped FIELD: $vm/$s.model (`wmishim kernel LINE`) with its 0/1 FIELD
# the other way, in $vm/$s.model-FIELD; prints the value it took.
flipped() {
	fl_v=$(sed -n "s/^  $1 = //p" "$vm/$s.model")
	fl_v=$((1 - ${fl_v:-0}))
	sed "s/^  $1 = .*/  $1 = $fl_v/" "$vm/$s.model" >"$vm/$s.model-$1"
	echo "$fl_v"
}

# The hook: the events (a read of the fixture's thermal zone, HSTZ, between
# two marks), a method call (intel-wmi-thunderbolt's force_power written
# "1": the driver calls HIS4's WMTB with method id 1 and a 1-byte input,
# drivers/platform/x86/intel/wmi/thunderbolt.c of linux-source-6.1 to 7.3),
# then the firmware's records, "CALL WMISHIM-CALL NAME ARG0",
# "CALL WMISHIM-WMXX ..." and the marks, in the order the kernel logged them.
# Before the events, a kprobe on xiaomi-wmi's notify handler records what
# it is handed (Documentation/trace/kprobetrace.rst; CONFIG_KPROBE_EVENTS=y
# in Debian's config of every line): its second argument (%si, x86-64's),
# the first 8 bytes of the object it points to, the pointer at offset 8 and
# 4 bytes from where that points (a failed read is not marked for a number:
# kprobe_records reads b only where p is a pointer); printed after the
# method call, "HANDED a=... w0=... p=... b=...", and the core's warnings
# about event data, "EVLOG: ...".  Another on dell-wmi-aio's GUID-based
# handler, dell_wmi_aio_notify(), records its first argument (%di): as a
# u32 (c: the event code until 6.11) and as the pointer it is from 6.12,
# with the same reads behind it, "LEGACY c=... a=... w0=... p=... b=...".
cat >"$vm/$s.hook" <<'HOOK'
kp=/sys/kernel/tracing
mount -t tracefs tracefs "$kp"
{ echo 'p:wmishim/handed xiaomi_wmi_notify a=%si:x64 w0=+0(%si):x64 p=+8(%si):x64 b=+0(+8(%si)):x32' >>"$kp/kprobe_events" &&
	echo 1 >"$kp/events/wmishim/handed/enable"; } || echo "WMISHIM-FAILED kprobe" >/dev/kmsg
{ echo 'p:wmishim/legacy dell_wmi_aio_notify c=%di:x32 a=%di:x64 w0=+0(%di):x64 p=+8(%di):x64 b=+0(+8(%di)):x32' >>"$kp/kprobe_events" &&
	echo 1 >"$kp/events/wmishim/legacy/enable"; } || echo "WMISHIM-FAILED legacy-kprobe" >/dev/kmsg
echo "WMISHIM-MARK events" >/dev/kmsg
for z in /sys/class/thermal/thermal_zone*; do
	[ "$(cat "$z/type" 2>/dev/null)" = acpitz ] && cat "$z/temp" >/dev/null
done
sleep 1
echo "WMISHIM-MARK end" >/dev/kmsg
echo "WMISHIM-MARK method" >/dev/kmsg
for d in /sys/bus/wmi/devices/*; do
	[ -e "$d/force_power" ] && { echo 1 >"$d/force_power" || echo "WMISHIM-FAILED force_power $?" >/dev/kmsg; }
done
echo "WMISHIM-MARK method-end" >/dev/kmsg
if [ -f /wmishim-probe.ko ]; then
	echo "WMISHIM-MARK noinput" >/dev/kmsg
	insmod /wmishim-probe.ko || echo "WMISHIM-FAILED insmod $?" >/dev/kmsg
	echo "WMISHIM-MARK noinput-end" >/dev/kmsg
fi
dmesg | grep -o 'WMISHIM-[A-Z]* [^"]*' | sed 's/^/CALL /'
echo 0 >"$kp/events/wmishim/handed/enable"
echo 0 >"$kp/events/wmishim/legacy/enable"
sed -n 's/.* handed: ([^)]*) a=/HANDED a=/p; s/.* legacy: ([^)]*) c=/LEGACY c=/p' "$kp/trace"
dmesg | grep 'event data' | sed 's/^/EVLOG: /'
HOOK
# On 6.1 and 7.3, the lines whose headers the suite has (configfs, the
# sample driver), wmishim-probe.ko (tests/vm/wmishim-probe): a WMI method
# call without input, which no driver in the guest makes; the hook loads it
# after the method call.  The headers' Makefile names its -common half from
# where make runs (scripts/headers-point.sh, which kernels.sh runs on every
# tree it hands out): shown first on a fake tree of Debian's form, moved
# after (before, kernels.sh wrote the absolute path it unpacked to, which a
# move, or the tree reached by another path, broke).
probe=""
case $kline in
6.1 | 7.3)
	ft=$vm/$s.fakehdr
	rm -rf "$ft" "$ft.moved"
	mkdir -p "$ft/linux-headers-9.9-amd64" "$ft/linux-headers-9.9-common"
	printf 'KBUILD_OUTPUT=/usr/src/linux-headers-9.9-amd64\ninclude /usr/src/linux-headers-9.9-common/Makefile\n' \
		>"$ft/linux-headers-9.9-amd64/Makefile"
	# shellcheck disable=SC2016 # $(KBUILD_OUTPUT) is make's
	printf 'kernelversion:\n\t@echo 9.9 $(KBUILD_OUTPUT)\n' >"$ft/linux-headers-9.9-common/Makefile"
	desc="$s: headers-point.sh: a headers tree of Debian's form, pointed, then moved, still makes (its -common half and output tree where it is)"
	t sh -c "sh '$here/../../scripts/headers-point.sh' '$ft/linux-headers-9.9-amd64' && mv '$ft' '$ft.moved' &&
		test \"\$(make -s -C '$ft.moved/linux-headers-9.9-amd64' kernelversion)\" = \"9.9 \$(cd '$ft.moved/linux-headers-9.9-amd64' && pwd -P)\""
	desc="$s: wmishim-probe.ko built for $version (sample-build.sh)"
	rc=0
	sh "$here/sample-build.sh" "$kernels" "$kline" "$vm/$s.probe" "$here/wmishim-probe" >"$vm/$s.probe.log" 2>&1 || rc=$?
	if [ "$rc" -eq 77 ]; then
		skip_point "$desc" "the packages or the chroot cannot be had: $(tail -n 1 "$vm/$s.probe.log")"
	else
		t sh -c "tail -n 20 '$vm/$s.probe.log'; test $rc -eq 0"
		[ "$rc" -ne 0 ] || probe=$vm/$s.probe/wmishim-probe.ko
	fi
	;;
esac
desc="$s: the guest's initramfs is built (loads wmi wmi-bmof xiaomi-wmi ideapad-laptop intel-wmi-thunderbolt dell-wmi-aio${probe:+; wmishim-probe.ko})"
t sh "$here/initramfs.sh" -l "wmi wmi-bmof xiaomi-wmi ideapad-laptop intel-wmi-thunderbolt dell-wmi-aio" \
	${probe:+-f "$probe=/wmishim-probe.ko"} -H "$vm/$s.hook" "$moddir" "$version" "$vm/$s.initrd"
# The initrd table upgrade's signatures: an uncompressed cpio before the
# initramfs holds four header-only tables, NBFT (taken from 6.3,
# 6ad90f711292), SWFT (6.18, ac46f5b6c661), MPAM (6.19, 115c5325beae) and
# WMSX (never): acpi_table_upgrade() takes a table whose signature
# table_sigs[] has ("found in initrd", then acpi_table_initrd_scan()'s
# "Table Upgrade: install") and refuses the others ("ACPI OVERRIDE: Unknown
# signature"), drivers/acpi/tables.c of linux-source-6.1 to 7.3; no driver
# of the guest reads the three.  sig_table SIG: a 36-byte ACPI table
# header, OEM WMISHM SIGPROBE, its checksum right.
sig_table() {
	st_sum=$((36 + 1 + 1 + 1))
	for st_c in $(printf '%sWMISHMSIGPROBEWMSH' "$1" | od -An -tu1); do st_sum=$((st_sum + st_c)); done
	printf '%s\044\000\000\000\001' "$1"
	# shellcheck disable=SC2059 # the format is the checksum's octal escape
	printf "\\$(printf '%03o' $(((256 - st_sum % 256) % 256)))"
	printf 'WMISHMSIGPROBE\001\000\000\000WMSH\001\000\000\000'
}
sigs="NBFT SWFT MPAM WMSX"
rm -rf "$vm/$s.sigs"
mkdir -p "$vm/$s.sigs/kernel/firmware/acpi"
for sig in $sigs; do
	sig_table "$sig" >"$vm/$s.sigs/kernel/firmware/acpi/$sig.aml"
done
desc="$s: the signature tables' cpio is made (${sigs}: 36 bytes each, sums 0)"
t sh -c "cd '$vm/$s.sigs' && for f in kernel/firmware/acpi/*.aml; do
		test \$(wc -c <\"\$f\") -eq 36 && test \$(od -An -tu1 \"\$f\" | tr -s ' ' '\n' | awk '{ n += \$1 } END { print n % 256 }') -eq 0 || exit 1
	done && find kernel | LC_ALL=C sort | cpio -o -H newc --quiet >'$vm/$s.sigs.cpio'"
cat "$vm/$s.sigs.cpio" "$vm/$s.initrd" >"$vm/$s.initrd-sigs" 2>/dev/null
desc="$s: the guest boots to its end (tables: -acpitable vm-history; the initrd's: $sigs; acpi.aml_debug_output=1)"
if [ -s "$vm/$s.initrd" ]; then t vmboot "$s" "$vm/$s.initrd-sigs" -a "$fixture" -A acpi.aml_debug_output=1; else t false; fi
booted "$s"
# sigs_expected MODEL: for each signature, taken or refused as MODEL's
# initrd_sigs has it.
sigs_expected() {
	for sig in $sigs; do
		if grep -q "^  initrd_sigs = .*\"$sig\"" "$1"; then
			echo "$sig taken: $(upgrade_line install "$sig" WMISHM SIGPROBE)"
		else
			echo "$sig refused: ACPI OVERRIDE: Unknown signature [kernel/firmware/acpi/$sig.aml]"
		fi
	done
}
sigs_actual() {
	for sig in $sigs; do
		if grep -qF "$(upgrade_line install "$sig" WMISHM SIGPROBE)" "$vm/$s.log"; then
			echo "$sig taken: $(upgrade_line install "$sig" WMISHM SIGPROBE)"
		elif grep -qF "ACPI OVERRIDE: Unknown signature [kernel/firmware/acpi/$sig.aml]" "$vm/$s.log"; then
			echo "$sig refused: ACPI OVERRIDE: Unknown signature [kernel/firmware/acpi/$sig.aml]"
		else
			echo "$sig: neither taken nor refused"
		fi
	done
}
"$tool" kernel "$kline" >"$vm/$s.model" 2>&1
sigs_expected "$vm/$s.model" >"$vm/$s.sigs.expected"
sigs_actual >"$vm/$s.sigs.actual"
desc="$s: the initrd's tables taken or refused as initrd_sigs has them ($(sed -n 's/^\([A-Z]*\) \([a-z]*\):.*/\1 \2/p' "$vm/$s.sigs.expected" | tr '\n' ' ' | sed 's/ $//'))"
t diff -u "$vm/$s.sigs.expected" "$vm/$s.sigs.actual"
# A wrong entry: the list with this line's newest of the three the other way.
flip=MPAM
grep -q '^  initrd_sigs = .*"MPAM"' "$vm/$s.model" || flip=SWFT
grep -q '^  initrd_sigs = .*"SWFT"' "$vm/$s.model" || [ "$flip" = MPAM ] || flip=NBFT
if grep -q "^  initrd_sigs = .*\"$flip\"" "$vm/$s.model"; then
	sed "/^  initrd_sigs = /s/,\"$flip\"//" "$vm/$s.model"
else
	sed "/^  initrd_sigs = /s/\"\$/\",\"$flip\"/" "$vm/$s.model"
fi >"$vm/$s.model-sigs"
sigs_expected "$vm/$s.model-sigs" >"$vm/$s.sigs.expected-wrong"
desc="$s:   and with $flip the other way in initrd_sigs (a wrong entry) they do not compare"
t wrong_entry "$vm/$s.sigs.expected-wrong" "$vm/$s.sigs.expected" "$vm/$s.sigs.actual"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$vm/$s.log"
desc="$s: the five drivers loaded"
t sh -c "! grep -q '^MODPROBE-FAILED' '$vm/$s.log'"

# The devices, line for line.
"$tool" inspect --kernel "$kline" --sysfs "$fixture" >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices in the guest = wmishim inspect --kernel $kline --sysfs ($(wc -l <"$vm/$s.expected") devices)"
t sh -c "test -s '$vm/$s.expected' && diff -u '$vm/$s.expected' '$vm/$s.actual'"

# The drivers: each device inspect says a driver binds ("binds the
# device"), bound to a driver of that module, and no other device bound.
# drivers_of LINE: "DEVICE MODULE" for each, sorted.
drivers_of() {
	"$tool" inspect --kernel "$1" "$fixture" 2>/dev/null | awk '
		$1 == "device:" { d = $2; sub(".*/", "", d); if ($2 == "none") d = "" }
		$1 == "driver:" && d != "" {
			line = $0
			while (match(line, /[A-Za-z0-9_]+ \(a WMI bus driver[^()]*: binds the device\)/)) {
				m = substr(line, RSTART, RLENGTH); sub(" .*", "", m)
				print d, m
				line = substr(line, RSTART + RLENGTH)
			}
		}' | sort
}
drivers_of "$kline" >"$vm/$s.drivers.expected"
# WMIDRV DEVICE DRIVER, WMIMOD DRIVER MODULE: each device's driver's module.
guest WMIMOD "$vm/$s.log" >"$vm/$s.modules"
guest WMIDRV "$vm/$s.log" | while read -r dev drv; do
	printf '%s %s\n' "$dev" "$(awk -v d="$drv" '$1 == d { print $2 }' "$vm/$s.modules")"
done | sort >"$vm/$s.drivers.actual"
desc="$s: the drivers bound are the ones inspect says bind ($(wc -l <"$vm/$s.drivers.expected") devices), and no other"
t sh -c "test -s '$vm/$s.drivers.expected' && diff -u '$vm/$s.drivers.expected' '$vm/$s.drivers.actual'"

# Each behaviour, in the guest, as this release's model has it (the
# model's values from `wmishim kernel LINE`, $vm/$s.model, made above: the
# history, not this file).
has() { grep -qx "  $1 = $2" "$vm/$s.model"; }
devs=$(guest WMIDEV "$vm/$s.log" | cut -d' ' -f1)
if has legacy_device_names 1; then
	desc="$s: devices named GUID and GUID-N (legacy names)"
	t sh -c "printf '%s\n' '$devs' | grep -qx '$xi' && ! printf '%s\n' '$devs' | grep -q '^$xi-[0-9]*-'"
else
	desc="$s: every device named GUID-ID, the IDs distinct (CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES not set)"
	t sh -c "grep -qx '# CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES is not set' '$kconfig' &&
		! printf '%s\n' '$devs' | grep -vE '^[0-9A-F-]{36}-[0-9]+\$' &&
		test -z \"\$(printf '%s\n' '$devs' | sed 's/.*-//' | sort | uniq -d)\""
fi
if has method_needs_wmxx 1; then
	desc="$s: the method block without WMNM has no device; dmesg: WMNM method block execution control method not found"
	t sh -c "! printf '%s\n' '$devs' | grep -q '^$nm' &&
		grep -q '^KLOG: .*WMNM method block execution control method not found' '$vm/$s.log'"
else
	desc="$s: the method block without WMNM has its device"
	t sh -c "printf '%s\n' '$devs' | grep -q '^$nm'"
fi
desc="$s: the block of zero instances has no device; dmesg: has zero instances"
t sh -c "! printf '%s\n' '$devs' | grep -q '^$zi' && grep -q '^KLOG: .*$zi has zero instances' '$vm/$s.log'"
if has drops_duplicates 1; then
	desc="$s: HIS3's repeats of $ip and $xi dropped: dmesg \"duplicate WMI GUID\", one device each"
	t sh -c "grep -q '^KLOG: .*duplicate WMI GUID $ip (first instance was on ' '$vm/$s.log' &&
		test $(guid_devices "$ip" "$vm/$s.log") -eq 1 && test $(guid_devices "$xi" "$vm/$s.log") -eq 1"
	# The allow-list: a GUID in it keeps its repeats (allow_duplicates[],
	# parse_wdg(), drivers/platform/x86/wmi.c of linux-source-6.1): the
	# Binary MOF's, whose two devices wmi-bmof binds both (a driver binds
	# every device of its GUID: duplicates_need_no_singleton 0).
	mof=05901221-D566-11D1-B2F0-00A0C9062910
	nmof=1
	! grep -q "^  allow_duplicates = .*\"$mof\"" "$vm/$s.model" || nmof=2
	desc="$s: the Binary MOF's repeat $([ "$nmof" = 2 ] && echo kept || echo dropped), as allow_duplicates has it: $nmof devices$([ "$nmof" = 2 ] && has duplicates_need_no_singleton 0 && echo ", wmi-bmof bound to both")"
	t sh -c "test $(guid_devices "$mof" "$vm/$s.log") -eq $nmof &&
		{ test $nmof -ne 2 || ! grep -qx '  duplicates_need_no_singleton = 0' '$vm/$s.model' ||
		test \"\$(grep -c '^${mof}[^ ]* wmi_bmof\$' '$vm/$s.drivers.actual')\" -eq 2; }"
else
	desc="$s: HIS3's repeats kept, two devices each; ideapad's refused: \"Legacy driver ideapad_wmi cannot be instantiated multiple times\""
	t sh -c "test $(guid_devices "$ip" "$vm/$s.log") -eq 2 && test $(guid_devices "$xi" "$vm/$s.log") -eq 2 &&
		grep -q '^KLOG: .*Legacy driver ideapad_wmi cannot be instantiated multiple times' '$vm/$s.log'"
	desc="$s:   xiaomi-wmi, which sets no_singleton, bound to both its devices"
	t sh -c "test \"\$(grep -c '^${xi}[^ ]* xiaomi_wmi\$' '$vm/$s.drivers.actual')\" -eq 2"
fi
# HIS2: no _WED.
x2=$(guest WMIDEV "$vm/$s.log" | awk -v g="$xi2" '$2 == "guid=" g { print $1 }')
i2=$(guest WMIDEV "$vm/$s.log" | awk -v g="$ip2" '$2 == "guid=" g { print $1 }')
if has no_event_data_refuses 0; then
	desc="$s: HIS2 has no _WED, and xiaomi-wmi and ideapad-laptop bind its events all the same"
	t sh -c "grep -qx '$x2 xiaomi_wmi' '$vm/$s.drivers.actual' && grep -qx '$i2 ideapad_laptop' '$vm/$s.drivers.actual'"
elif has min_event_size 1; then
	desc="$s: HIS2 has no _WED: xiaomi-wmi (min_event_size 0) binds it, ideapad-laptop (min_event_size 4) is refused"
	t sh -c "grep -qx '$x2 xiaomi_wmi' '$vm/$s.drivers.actual' && ! grep -q '^$i2 ' '$vm/$s.drivers.actual'"
else
	desc="$s: HIS2 has no _WED: both drivers, which want event data (no no_notify_data), are refused its events"
	t sh -c "test -n '$x2' && test -n '$i2' && ! grep -q '^$x2 ' '$vm/$s.drivers.actual' &&
		! grep -q '^$i2 ' '$vm/$s.drivers.actual'"
fi

# The awk functions the expectations below share.  dec(HEX): the number
# of a hex text ("D0", "0xD0", "d0").  buffer_rec(LINE, KIND): the record of
# `wmishim call`'s "ACPI result: Buffer (N) { 0x.., ... }" LINE as a
# handler's memory holds it: KIND "object", a union acpi_object
# (include/acpi/actypes.h: u32 type 3, u32 length: w0 = N << 32 | 3), or
# "bytes", a struct wmi_buffer (include/linux/wmi.h of 7.3: size_t length:
# w0 = N); b the first four bytes, little-endian ("?" when fewer).
awk_lib='
function dec(h,   i, v) {
	v = 0; h = toupper(h); sub(/^0X/, "", h)
	for (i = 1; i <= length(h); i++)
		v = v * 16 + index("0123456789ABCDEF", substr(h, i, 1)) - 1
	return v
}
function buffer_rec(line, kind,   n, x, i, h) {
	n = line; sub(/^[^(]*\(/, "", n); sub(/\).*/, "", n); n += 0
	sub(/^[^{]*\{ ?/, "", line); sub(/ ?}.*/, "", line); gsub(/ /, "", line)
	split(line, x, ","); h = ""
	for (i = 4; i >= 1; i--) h = h sprintf("%02x", dec(x[i]))
	sub(/^0+/, "", h)
	return "w0=" (kind == "bytes" ? sprintf("0x%x", n) : sprintf("0x%x%08x", n, 3)) \
		" b=" (n >= 4 ? "0x" (h == "" ? "0" : h) : "?")
}'

# The calls.  calls_actual CALLS: what the firmware logged, "PHASE NAME
# ARG0" counted: load (before the events' mark; not the thermal zone's
# own records, nor WQxx, which the expectation counts) and event (between
# the marks).
calls_actual() {
	awk '$1 == "WMISHIM-MARK" { ph = $2; next }
		$1 != "WMISHIM-CALL" || $2 ~ /(\.NOTIFY|_TMP)$/ { next }
		ph == "" && $2 !~ /\.WQ/ { print "load", $2, $3 }
		ph == "events" { print "event", $2, $3 }' "$1" | sort | uniq -c
}
# calls_expected MODEL INSPECT CALLS: the calls MODEL (`wmishim kernel
# LINE`'s "  FIELD = VALUE" lines) makes of the firmware INSPECT (`wmishim
# inspect --kernel LINE` of it: the devices, blocks and the drivers that
# bind them) given what CALLS logged of the driver's queries (WQxx) and of
# the firmware's Notifys, in calls_actual's form.  The model's rules, from
# src/kernel.c's entries:
#   event_enable (WMISHIM_ENABLE_*: 0 any, 1 expensive events, 2 events):
#     WExx (1) for each bound block it names, xx the notify id, a data
#     block's first id byte
#   collect_per_query: 1, WCxx (1) and (0) around each query of an
#     expensive data block; 0, WCxx (1) once, when its driver binds
#   wed_always: 1, _WED on each event of a block with a device; 0, only
#     for a bound driver that wants event data (min_event_size: inspect's
#     ", min_event_size" when the model has it, else no ", no_notify_data")
#   a GUID-based notify handler (a module of $gh that inspect says takes
#     the block "through the GUID-based calls"; the fixture has one block
#     of its GUID, for from 6.9 those calls reach only a GUID's first
#     device): WExx (1) when it is installed, as event_enable has it for
#     a bound block (wmi_install_notify_handler(): wmi_method_enable(),
#     drivers/platform/x86/wmi.c of linux-source-6.1 and -6.12;
#     wmi_device_enable(), drivers/platform/wmi/core.c of -7.2 and -7.3);
#     legacy_handler_data 0, the handler is handed the event code and asks
#     _WED itself (dell_wmi_aio_notify(): wmi_get_event_data()), one more
#     _WED on each event
calls_expected() {
	awk -v model="$1" -v insp="$2" -v gh="$gh" "$awk_lib"'
		BEGIN { for (i = 32; i < 127; i++) ord[sprintf("%c", i)] = i }
		function emit(line, n,   i) { for (i = 0; i < n; i++) print line }
		FILENAME == model && $2 == "=" { f[$1] = $3; next }
		FILENAME == insp && /^\\/ { dev = $1; sub(/:$/, "", dev); sub(/.*\./, "", dev); sub(/_+$/, "", dev); next }
		FILENAME == insp && $1 == "_WED:" && $4 == "Method" { wed[dev] = 1; next }
		FILENAME == insp && $1 ~ /^\[[0-9]+\]$/ { n++; bdev[n] = dev; kind[n] = $3; next }
		FILENAME == insp && $1 == "device:" { hasdev[n] = $2 != "none"; next }
		FILENAME == insp && ($1 == "notify_id:" || $1 == "object_id:") { id[n] = $2; next }
		FILENAME == insp && $1 == "expensive:" { expn[n] = $2; next }
		FILENAME == insp && $1 == "driver:" {
			if (match($0, /\(a WMI bus driver[^()]*: binds the device\)/)) {
				m = substr($0, RSTART, RLENGTH)
				bound[n] = 1
				wants[n] = f["min_event_size"] ? m ~ /min_event_size/ : m !~ /no_notify_data/
			}
			if (index($0, " " gh " (through the GUID-based calls"))
				legacy[n] = 1
			next
		}
		FILENAME == insp { next }
		$1 == "WMISHIM-MARK" { ph = $2; next }
		$1 == "WMISHIM-CALL" && ph == "" && $2 ~ /\.WQ/ { q[$2]++ }
		$1 == "WMISHIM-CALL" && ph == "events" && $2 ~ /\.NOTIFY$/ { d = $2; sub(/\..*/, "", d); ev[d " " $3]++ }
		END {
			for (i = 1; i <= n; i++) {
				if (!hasdev[i])
					continue
				if ((bound[i] || legacy[i]) && kind[i] == "event" &&
				    (f["event_enable"] != 1 || expn[i]))
					print "load", bdev[i] ".WE" id[i], 1
				if (bound[i] && kind[i] != "event" && f["event_enable"] == 0)
					print "load", bdev[i] ".WE" sprintf("%02X", ord[substr(id[i], 1, 1)]), 1
				if (bound[i] && kind[i] == "data" && expn[i]) {
					nq = q[bdev[i] ".WQ" id[i]]
					emit("load " bdev[i] ".WC" id[i] " 1", f["collect_per_query"] ? nq : 1)
					emit("load " bdev[i] ".WC" id[i] " 0", f["collect_per_query"] ? nq : 0)
				}
				nw = (f["wed_always"] || (bound[i] && wants[i])) + (legacy[i] && !f["legacy_handler_data"])
				if (kind[i] == "event" && wed[bdev[i]])
					emit("event " bdev[i] "._WED " dec(id[i]), nw * ev[bdev[i] " " dec(id[i])])
			}
		}' "$1" "$2" "$3" | sort | uniq -c
}
"$tool" inspect --kernel "$kline" "$fixture" >"$vm/$s.inspect" 2>&1
guest CALL "$vm/$s.log" >"$vm/$s.calls"
calls_actual "$vm/$s.calls" >"$vm/$s.calls.actual"
calls_expected "$vm/$s.model" "$vm/$s.inspect" "$vm/$s.calls" >"$vm/$s.calls.expected"
ntmp=$(awk '$1 == "WMISHIM-MARK" { ph = $2 } ph == "events" && $2 == "_TZ.HSTZ._TMP"' "$vm/$s.calls" | wc -l)
nq=$(grep -c '^WMISHIM-CALL [^ ]*\.WQ' "$vm/$s.calls")
desc="$s: the firmware's calls are in the log (acpi.aml_debug_output=1): $(wc -l <"$vm/$s.calls") records, the events fired $ntmp times, $nq queries"
t sh -c "grep -q '^WMISHIM-MARK end' '$vm/$s.calls' && test '$ntmp' -ge 1 && test '$nq' -ge 1"
desc="$s: WExx, WCxx and _WED at load and at the events are the model's ($(awk '{ n += $1 } END { print n + 0 }' "$vm/$s.calls.expected") calls: event_enable $(sed -n 's/^  event_enable = //p' "$vm/$s.model"), collect_per_query $(sed -n 's/^  collect_per_query = //p' "$vm/$s.model"), wed_always $(sed -n 's/^  wed_always = //p' "$vm/$s.model"), legacy_handler_data $(sed -n 's/^  legacy_handler_data = //p' "$vm/$s.model"))"
t sh -c "test -s '$vm/$s.calls.expected' && diff -u '$vm/$s.calls.expected' '$vm/$s.calls.actual'"
# A wrong entry: the model with one field changed must not compare.
for fv in event_enable=0 event_enable=1 event_enable=2 collect_per_query=0 collect_per_query=1 \
		wed_always=0 wed_always=1 legacy_handler_data=0 legacy_handler_data=1; do
	has "${fv%=*}" "${fv#*=}" && continue
	sed "s/^  ${fv%=*} = .*/  ${fv%=*} = ${fv#*=}/" "$vm/$s.model" >"$vm/$s.model-$fv"
	calls_expected "$vm/$s.model-$fv" "$vm/$s.inspect" "$vm/$s.calls" >"$vm/$s.calls.expected-$fv"
	desc="$s:   and with ${fv%=*} = ${fv#*=} (a wrong entry) the calls do not compare"
	t wrong_entry "$vm/$s.calls.expected-$fv" "$vm/$s.calls.expected" "$vm/$s.calls.actual"
done

# What xiaomi-wmi's notify handler is handed, each time the core calls it
# (the kprobe's records, counted): for each device inspect says xiaomi-wmi
# binds, at each of the firmware's Notifys of it, the event's data as this
# line's model hands it over, in the handler's memory.  xiaomi-wmi's handler
# is notify() until 7.0 and notify_new() from it (xiaomi_wmi_notify(),
# drivers/platform/x86/xiaomi-wmi.c of linux-source-6.1, -6.12, -7.2 and
# -7.3): a union acpi_object (include/acpi/actypes.h: a Buffer's u32 type 3,
# u32 length, pointer) or a struct wmi_buffer (include/linux/wmi.h of 7.3:
# size_t length, void *data), so w0 is "length << 32 | 3" or the length,
# and b the data's first four bytes, little-endian.  handed_expected MODEL
# EVENTS CALLS: MODEL is `wmishim kernel LINE` (its marshals and
# no_event_data_refuses), EVENTS `wmishim call --kernel LINE --event` of
# each such device (the _WED result), CALLS the firmware's log (how many
# times each device was notified); with MODEL "-", the words of EVENTS'
# "driver gets:" lines instead of the model's fields.
handed_expected() {
	awk -v model="$1" -v evs="$2" "$awk_lib"'
		function rec(k, line) {
			if (k == "none") return ""
			if (k == "null") return "NULL"
			if (k == "empty") return "w0=0x0 p=0x10"
			if ((k != "bytes" && k != "object") || line == "") return "?"
			return buffer_rec(line, k)
		}
		FILENAME == model && $2 == "=" { f[$1] = $3; next }
		FILENAME == model { next }
		FILENAME == evs && $1 == "event:" && $2 == "Notify" && $5 == "->" {
			n++; d = $3; sub(/^\(/, "", d); sub(/,$/, "", d); sub(/.*\./, "", d); sub(/_+$/, "", d)
			id = $4; sub(/\)$/, "", id)
			dev[n] = d " " dec(id); kind[n] = "?"
			if ($0 ~ /: no _WED|failed: no _WED/)
				kind[n] = model == "-" ? "?" : !f["no_event_data_refuses"] ? "none" : f["marshals"] ? "empty" : "null"
			next
		}
		FILENAME == evs && $1 == "ACPI" && $2 == "result:" && $3 == "Buffer" {
			buf[n] = $0
			if (model != "-") kind[n] = f["marshals"] ? "bytes" : "object"
			next
		}
		FILENAME == evs && $1 == "driver" && $2 == "gets:" && model == "-" {
			if ($3 == "that" && $4 == "object") kind[n] = "object"
			else if ($3 == "nothing,") kind[n] = "none"
			else if ($3 == "NULL") kind[n] = "null"
			else if ($3 == "0" && $4 == "bytes") kind[n] = "empty"
			else if ($4 ~ /^bytes?:$/) kind[n] = "bytes"
			next
		}
		FILENAME == evs { next }
		$1 == "WMISHIM-MARK" { ph = $2; next }
		$1 == "WMISHIM-CALL" && ph == "events" && $2 ~ /\.NOTIFY$/ { d = $2; sub(/\..*/, "", d); ev[d " " $3]++ }
		END {
			for (i = 1; i <= n; i++) {
				r = rec(kind[i], buf[i])
				for (j = 0; r != "" && j < ev[dev[i]]; j++) print r
			}
		}' "$1" "$2" "$3" | sort | uniq -c
}
: >"$vm/$s.events"
awk '$2 == "xiaomi_wmi" { print $1 }' "$vm/$s.drivers.expected" | while read -r dev; do
	"$tool" call --kernel "$kline" "$fixture" --guid "$dev" --event
done >>"$vm/$s.events" 2>&1
# kprobe_records PREFIX: the kprobe's records of PREFIX (HANDED, LEGACY)
# as the expectations write them: NULL; "code=C" where the record has c
# (dell-wmi-aio's: its first argument as a u32) and the argument is no
# kernel pointer (the u32 event code: its register's upper half is not
# defined, so the number is c); "w0=W p=P" where the data pointer is NULL
# or ZERO_SIZE_PTR (16: include/linux/slab.h; an empty struct wmi_buffer's,
# wmi_notify_driver() of drivers/platform/wmi/core.c of linux-source-7.3);
# else "w0=W b=B".
kprobe_records() {
	guest "$1" "$vm/$s.log" | awk '{
		split("", x)
		for (i = 1; i <= NF; i++) { v = $i; sub(/=.*/, "", v); x[v] = substr($i, length(v) + 2) }
		if (x["a"] == "0x0") print "NULL"
		else if (("c" in x) && (x["a"] !~ /^0xffff[0-9a-f]+$/ || length(x["a"]) != 18)) print "code=" x["c"]
		else if (x["p"] ~ /^0x[0-9a-f]+$/ && length(x["p"]) <= 5) print "w0=" x["w0"] " p=" x["p"]
		else print "w0=" x["w0"] " b=" x["b"]
	}' | sort | uniq -c
}
kprobe_records HANDED >"$vm/$s.handed.actual"
handed_expected "$vm/$s.model" "$vm/$s.events" "$vm/$s.calls" >"$vm/$s.handed.expected"
handed_expected - "$vm/$s.events" "$vm/$s.calls" >"$vm/$s.handed.said"
desc="$s: xiaomi-wmi's notify handler was handed what the model hands it ($(awk '{ n += $1 } END { print n + 0 }' "$vm/$s.handed.expected") calls: marshals $(sed -n 's/^  marshals = //p' "$vm/$s.model"), no_event_data_refuses $(sed -n 's/^  no_event_data_refuses = //p' "$vm/$s.model"); the kprobe's records)"
t sh -c "! grep -q '^WMISHIM-FAILED kprobe' '$vm/$s.calls' && test -s '$vm/$s.handed.expected' &&
	diff -u '$vm/$s.handed.expected' '$vm/$s.handed.actual'"
desc="$s:   and what wmishim call --kernel $kline --event says the driver gets"
t sh -c "! grep -q '?' '$vm/$s.handed.said' && diff -u '$vm/$s.handed.said' '$vm/$s.handed.actual'"
if grep -q '^    driver gets: nothing, the event dropped' "$vm/$s.events"; then
	desc="$s:   dmesg: failed to get event data (the event of a device without _WED, dropped)"
	t grep -q '^EVLOG: .*failed to get event data' "$vm/$s.log"
fi
# A wrong entry: the model with one field flipped must not compare, where
# the field makes a difference to this firmware on this line.
for fv in marshals no_event_data_refuses; do
	v=$(flipped "$fv")
	handed_expected "$vm/$s.model-$fv" "$vm/$s.events" "$vm/$s.calls" >"$vm/$s.handed.expected-$fv"
	if cmp -s "$vm/$s.handed.expected-$fv" "$vm/$s.handed.expected"; then
		echo "# $s: $fv = $v would hand xiaomi-wmi the same on this firmware"
		continue
	fi
	desc="$s:   and with $fv = $v (a wrong entry) what the handler is handed does not compare"
	t wrong_entry "$vm/$s.handed.expected-$fv" "$vm/$s.handed.expected" "$vm/$s.handed.actual"
done

# What dell-wmi-aio's GUID-based notify handler is handed, each time the
# core calls it (the kprobe's records, counted): at each of the firmware's
# Notifys of the block of $aio, what this line's legacy_handler_data says.
# The core calls the handler installed with wmi_install_notify_handler()
# as handler(event, data) until 6.11 (acpi_wmi_notify_handler(),
# drivers/platform/x86/wmi.c of linux-source-6.1: the u32 notify id) and
# as handler(obj, data) from 6.12 (wmi_notify_device(), the same file of
# linux-source-6.12, drivers/platform/wmi/core.c of -7.2 and -7.3: the
# union acpi_object _WED returned, NULL without _WED; not marshalled on
# 7.x, where bus drivers' notify_new() get bytes).  legacy_expected MODEL EVENTS CALLS: MODEL is
# `wmishim kernel LINE` (its legacy_handler_data), EVENTS `wmishim call
# --kernel LINE --event` of the block (the notify id and the _WED result),
# CALLS the firmware's log (how many times the device was notified):
# "code=ID" for the event code, else as handed_expected writes the object
# (a Buffer's "w0=LENGTH<<32|3 b=..."), NULL.  With MODEL "-", as EVENTS'
# "GUID-based handler gets:" line has it instead of the model's field.
legacy_expected() {
	said=0
	m=$1
	[ "$m" != - ] || { said=1; m=/dev/null; }
	awk -v model="$m" -v evs="$2" -v said="$said" "$awk_lib"'
		FILENAME == model && $2 == "=" { f[$1] = $3; next }
		FILENAME == model { next }
		FILENAME == evs && $1 == "event:" && $2 == "Notify" && $5 == "->" {
			d = $3; sub(/^\(/, "", d); sub(/,$/, "", d); sub(/.*\./, "", d); sub(/_+$/, "", d)
			id = $4; sub(/\)$/, "", id)
			dev = d " " dec(id); code = sprintf("code=0x%x", dec(id))
			obj = $0 ~ /no _WED/ ? "NULL" : "?"
			next
		}
		FILENAME == evs && $1 == "ACPI" && $2 == "result:" && $3 == "Buffer" {
			obj = buffer_rec($0, "object")
			next
		}
		FILENAME == evs && $1 == "GUID-based" && $2 == "handler:" && $3 == "none" { w = "none"; next }
		FILENAME == evs && $1 == "GUID-based" && $2 == "handler" && $3 == "gets:" {
			w = $4 == "the" && $5 == "event" && $6 == "code" ? "code" : $4 == "that" && $5 == "object" ? "obj" : $4 == "NULL" ? "null" : $4 == "nothing" ? "none" : "?"
			next
		}
		FILENAME == evs { next }
		$1 == "WMISHIM-MARK" { ph = $2; next }
		$1 == "WMISHIM-CALL" && ph == "events" && $2 ~ /\.NOTIFY$/ { d = $2; sub(/\..*/, "", d); ev[d " " $3]++ }
		END {
			if (dev == "" || (!said && !("legacy_handler_data" in f))) exit
			if (said && w == "none")
				exit
			if (said)
				r = w == "code" ? code : w == "obj" ? obj : w == "null" ? "NULL" : "?"
			else
				r = f["legacy_handler_data"] ? obj : code
			for (j = 0; j < ev[dev]; j++) print r
		}' "$m" "$2" "$3" | sort | uniq -c
}
"$tool" call --kernel "$kline" "$fixture" --guid "$aio" --event >"$vm/$s.legacy.event" 2>&1
kprobe_records LEGACY >"$vm/$s.legacy.actual"
legacy_expected "$vm/$s.model" "$vm/$s.legacy.event" "$vm/$s.calls" >"$vm/$s.legacy.expected"
desc="$s: dell-wmi-aio's GUID-based notify handler was handed what the model hands it ($(awk '{ n += $1 } END { print n + 0 }' "$vm/$s.legacy.expected") calls: legacy_handler_data $(sed -n 's/^  legacy_handler_data = //p' "$vm/$s.model"): $(awk '{ $1 = ""; sub(/^ /, ""); print; exit }' "$vm/$s.legacy.expected"); the kprobe's records)"
t sh -c "! grep -q '^WMISHIM-FAILED legacy-kprobe' '$vm/$s.calls' && test -s '$vm/$s.legacy.expected' &&
	! grep -q '?' '$vm/$s.legacy.expected' && diff -u '$vm/$s.legacy.expected' '$vm/$s.legacy.actual'"
legacy_expected - "$vm/$s.legacy.event" "$vm/$s.calls" >"$vm/$s.legacy.said"
desc="$s:   and what wmishim call --kernel $kline --event says a GUID-based handler gets"
t sh -c "test -s '$vm/$s.legacy.said' && ! grep -q '?' '$vm/$s.legacy.said' && diff -u '$vm/$s.legacy.said' '$vm/$s.legacy.actual'"
# A wrong entry: legacy_handler_data flipped must not compare.
v=$(flipped legacy_handler_data)
legacy_expected "$vm/$s.model-legacy_handler_data" "$vm/$s.legacy.event" "$vm/$s.calls" >"$vm/$s.legacy.expected-flipped"
desc="$s:   and with legacy_handler_data = $v (a wrong entry) what the handler is handed does not compare"
t wrong_entry "$vm/$s.legacy.expected-flipped" "$vm/$s.legacy.expected" "$vm/$s.legacy.actual"

# The method call: what WMTB got (the count of arguments, the instance, the
# method id, the third's ObjectType, size and bytes, as the fixture logs
# them) is what `wmishim call --kernel LINE` makes of the driver's call
# (method id 1, input the byte 01): 3 arguments, the input a Buffer on every
# line (wmidev_evaluate_method(): input.count = 3 when the driver passes
# input, drivers/platform/x86/wmi.c of linux-source-6.1 and 6.12,
# drivers/platform/wmi/core.c of 7.2 and 7.3).  wmxx_expected CALL: the
# fixture's record of the call `wmishim call` prints ("call PATH (instance
# N, method id 0xID[, OBJECT])").
wmxx_expected() {
	awk 'function hex(h,   i, v) {
			v = 0
			for (i = 3; i <= length(h); i++)
				v = v * 16 + index("0123456789ABCDEF", toupper(substr(h, i, 1))) - 1
			return v
		}
		$1 == "call" {
			n = split($2, seg, "."); p = seg[n - 1] "." seg[n]
			inst = $4; sub(/,$/, "", inst)
			id = $7; sub(/[,)]$/, "", id)
			rest = $0; sub(/^[^,]*, [^,)]*[,)] ?/, "", rest); sub(/\)$/, "", rest)
			if (rest == "") { print p, 2, inst, hex(id), 0, 0, "-"; exit }
			if (rest ~ /^Buffer/) {
				size = rest; sub(/^Buffer \(/, "", size); sub(/\).*/, "", size)
				b = rest; sub(/^[^{]*\{ ?/, "", b); sub(/ ?}.*/, "", b); gsub(/ /, "", b)
				m = split(b, x, ","); out = ""
				for (i = 1; i <= m && i <= 16; i++) out = out (i > 1 ? "," : "") hex(x[i])
				print p, 3, inst, hex(id), 3, size, m ? out : "-"
			} else if (rest ~ /^String/) {
				v = rest; sub(/^String "/, "", v); sub(/"$/, "", v)
				print p, 3, inst, hex(id), 2, length(v), "-"
			} else
				print p, 3, inst, hex(id), "?", "?", "?"
			exit
		}' "$1"
}
"$tool" call --kernel "$kline" "$fixture" --guid "$tb" --method 1 --in 01 >"$vm/$s.wmxx.call" 2>&1
wmxx_expected "$vm/$s.wmxx.call" >"$vm/$s.wmxx.expected"
awk '$1 == "WMISHIM-MARK" { ph = $2; next }
	ph == "method" && $1 == "WMISHIM-WMXX" { $1 = ""; sub(/^ /, ""); print }' "$vm/$s.calls" >"$vm/$s.wmxx.actual"
desc="$s: WMTB, called by intel-wmi-thunderbolt's force_power, got what wmishim call --kernel $kline predicts ($(cat "$vm/$s.wmxx.expected"): count instance id type size bytes)"
t sh -c "test -s '$vm/$s.wmxx.expected' && ! grep -q '^WMISHIM-FAILED' '$vm/$s.calls' && diff -u '$vm/$s.wmxx.expected' '$vm/$s.wmxx.actual'"
# A wrong prediction must not compare: the call without input (6.1: two
# arguments; from 6.9 an empty Buffer, method_input_always), and the input
# as a String.
for wrong in none string; do
	if [ "$wrong" = none ]; then
		"$tool" call --kernel "$kline" "$fixture" --guid "$tb" --method 1
	else
		"$tool" call --kernel "$kline" "$fixture" --guid "$tb" --method 1 --in-string 1
	fi >"$vm/$s.wmxx.call-$wrong" 2>&1
	wmxx_expected "$vm/$s.wmxx.call-$wrong" >"$vm/$s.wmxx.expected-$wrong"
	desc="$s:   and the prediction of the call with input $wrong ($(cat "$vm/$s.wmxx.expected-$wrong")) does not compare"
	t wrong_entry "$vm/$s.wmxx.expected-$wrong" "$vm/$s.wmxx.expected" "$vm/$s.wmxx.actual"
done

# The call without input (wmishim-probe.ko, on 6.1 and 7.3): what the model's
# method_input_always makes of it.  Without it (6.1), WMTB gets two
# arguments, what `wmishim call --kernel LINE` predicts of the call, and
# the status is AE_OK; with it, the kernel refuses the call with AE_BAD_DATA
# and WMTB is not called, as call's note says.  noinput_expected MODEL: the
# records, in the order the guest logs them.
noinput_expected() {
	if grep -qx '  method_input_always = 1' "$1"; then
		echo "NOINPUT AE_BAD_DATA"
	else
		echo "WMXX $(cat "$vm/$s.wmxx.expected-none")"
		echo "NOINPUT AE_OK"
	fi
}
if [ -n "$probe" ]; then
	awk '$1 == "WMISHIM-MARK" { ph = $2; next }
		ph == "noinput" && ($1 == "WMISHIM-WMXX" || $1 == "WMISHIM-NOINPUT" || $1 == "WMISHIM-FAILED") {
			sub(/^WMISHIM-/, ""); print }' "$vm/$s.calls" >"$vm/$s.noinput.actual"
	noinput_expected "$vm/$s.model" >"$vm/$s.noinput.expected"
	desc="$s: a method call without input (wmishim-probe.ko): $(tr '\n' ' ' <"$vm/$s.noinput.expected")as method_input_always = $(sed -n 's/^  method_input_always = //p' "$vm/$s.model") has it"
	t diff -u "$vm/$s.noinput.expected" "$vm/$s.noinput.actual"
	desc="$s:   wmishim call --kernel $kline --method 1 notes the refusal exactly where the guest refused"
	t sh -c "{ grep -q '^NOINPUT AE_BAD_DATA' '$vm/$s.noinput.actual' &&
		grep -q 'refuses a method call without input' '$vm/$s.wmxx.call-none'; } ||
		{ grep -q '^NOINPUT AE_OK' '$vm/$s.noinput.actual' &&
		! grep -q 'refuses a method call without input' '$vm/$s.wmxx.call-none'; }"
	v=$(flipped method_input_always)
	noinput_expected "$vm/$s.model-method_input_always" >"$vm/$s.noinput.expected-wrong"
	desc="$s:   and with method_input_always = $v (a wrong entry) it does not compare"
	t wrong_entry "$vm/$s.noinput.expected-wrong" "$vm/$s.noinput.expected" "$vm/$s.noinput.actual"
fi

# Then the module queries and sets HIS4's expensive data block PS through
# the GUID-based wmi_query_block() and wmi_set_block(): WQPS between WCPS
# (1) and (0) on every line (the model's collect_per_query keeps them
# around a GUID-based query: __query_block() until 6.14, wmi_query_block()
# from 6.15), WSPS between them only where collect_on_set has it
# (08c9f4029007, 6.15).  guidcalls_expected MODEL: the firmware's records
# and the module's statuses as the model has them; with MODEL "-", as
# `wmishim call --kernel LINE --query --then --set` prints its calls.
ps=5A5A2400-0000-4000-8000-000000000004
guidcalls_expected() {
	if [ "$1" = - ]; then
		awk 'function flush() { if (op != "") print toupper(op) " AE_OK"; op = "" }
			function name(p) { sub(/^\\_SB_\./, "", p); return p }
			$1 == "query" || $1 == "set" { flush(); op = $1; m = name($2); next }
			$2 == "(1)" && $3 == "called" { print "CALL " name($1) " 1"; next }
			$2 == "(0)" && $3 == "called" { print "CALL " name($1) " 0"; next }
			$1 == "ACPI" && $2 == "result:" { print "CALL " m " 0" }
			END { flush() }' "$vm/$s.guidcalls.call"
		return
	fi
	printf 'CALL HIS4.WCPS 1\nCALL HIS4.WQPS 0\nCALL HIS4.WCPS 0\nQUERY AE_OK\n'
	if grep -qx '  collect_on_set = 1' "$1"; then
		printf 'CALL HIS4.WCPS 1\nCALL HIS4.WSPS 0\nCALL HIS4.WCPS 0\n'
	else
		echo "CALL HIS4.WSPS 0"
	fi
	echo "SET AE_OK"
}
if [ -n "$probe" ]; then
	"$tool" call --kernel "$kline" "$fixture" --guid "$ps" --query --then --set 05060708 >"$vm/$s.guidcalls.call" 2>&1
	awk '$1 == "WMISHIM-MARK" { ph = $2; next }
		ph == "noinput" && (($1 == "WMISHIM-CALL" && $2 ~ /^HIS4\.W[CQS]PS$/) || $1 == "WMISHIM-QUERY" || $1 == "WMISHIM-SET") {
			sub(/^WMISHIM-/, ""); print }' "$vm/$s.calls" >"$vm/$s.guidcalls.actual"
	guidcalls_expected "$vm/$s.model" >"$vm/$s.guidcalls.expected"
	guidcalls_expected - >"$vm/$s.guidcalls.said"
	desc="$s: a GUID-based query and set of the expensive block PS (wmishim-probe.ko): WCPS as collect_on_set = $(sed -n 's/^  collect_on_set = //p' "$vm/$s.model") has it ($(grep -c WCPS "$vm/$s.guidcalls.expected") calls of WCPS)"
	t diff -u "$vm/$s.guidcalls.expected" "$vm/$s.guidcalls.actual"
	desc="$s:   and as wmishim call --kernel $kline --query --then --set prints its calls"
	t diff -u "$vm/$s.guidcalls.said" "$vm/$s.guidcalls.actual"
	v=$(flipped collect_on_set)
	guidcalls_expected "$vm/$s.model-collect_on_set" >"$vm/$s.guidcalls.expected-wrong"
	desc="$s:   and with collect_on_set = $v (a wrong entry) they do not compare"
	t wrong_entry "$vm/$s.guidcalls.expected-wrong" "$vm/$s.guidcalls.expected" "$vm/$s.guidcalls.actual"
fi

# The _OSI answers: HOSI's _INI asks _OSI of each string of a list (every
# string some line answers true, and some none does) as the firmware
# loads, and logs each answer ("WMISHIM-OSI STRING 0|1"): true exactly for
# the strings of the model's osi list (ACPICA's
# acpi_default_supported_interfaces[], drivers/acpi/acpica/utosi.c, and the
# features drivers/acpi/osi.c turns on).  osi_expected MODEL: the guest's
# records with the answers MODEL's osi list gives.
osi_expected() {
	awk -v model="$1" '
		BEGIN {
			while ((getline l < model) > 0)
				if (l ~ /^  osi = [0-9]+: /) {
					sub(/^  osi = [0-9]+: "/, "", l); sub(/"$/, "", l)
					n = split(l, a, "\",\"")
					for (i = 1; i <= n; i++) yes[a[i]] = 1
				}
		}
		$1 == "WMISHIM-OSI" { str = $0; sub(/^WMISHIM-OSI /, "", str); sub(/ [01]$/, "", str)
			print "WMISHIM-OSI " str " " (str in yes ? 1 : 0) }' "$vm/$s.calls"
}
grep '^WMISHIM-OSI ' "$vm/$s.calls" >"$vm/$s.osi.actual"
osi_expected "$vm/$s.model" >"$vm/$s.osi.expected"
# Every string HOSI's OSIS holds is answered (a record each), and every
# string of the model's list is among them: a list that claims one more
# true string must not pass for want of asking it.
nosis=$(sed -n '/Name (OSIS, Package ()/,/})/p' "$here/../fixtures/vm-history.asl" | grep -o '"[^"]*"' | wc -l)
sed -n 's/^  osi = [0-9]*: "\(.*\)"$/\1/p' "$vm/$s.model" | sed 's/","/\n/g' >"$vm/$s.osi.model"
desc="$s: _OSI answers the firmware's $(wc -l <"$vm/$s.osi.actual") strings (OSIS: $nosis) as the model's osi list of $(wc -l <"$vm/$s.osi.model") has them ($(grep -c ' 1$' "$vm/$s.osi.expected") true)"
t sh -c "test \"\$(wc -l <'$vm/$s.osi.actual')\" -eq '$nosis' && test '$nosis' -gt 0 && test -s '$vm/$s.osi.model' &&
	! sed 's/^WMISHIM-OSI //; s/ [01]\$//' '$vm/$s.osi.actual' | grep -vxF -f - '$vm/$s.osi.model' | grep -q . &&
	diff -u '$vm/$s.osi.expected' '$vm/$s.osi.actual'"
# A wrong entry: the list with "Windows 2022" (6.12's, dd067afe3f8c) the
# other way must not compare.
if grep -q '"Windows 2022"' "$vm/$s.model"; then
	sed '/^  osi = /s/,"Windows 2022"//' "$vm/$s.model"
else
	sed '/^  osi = /s/"Windows 2021"/"Windows 2021","Windows 2022"/' "$vm/$s.model"
fi >"$vm/$s.model-osi"
osi_expected "$vm/$s.model-osi" >"$vm/$s.osi.expected-wrong"
desc="$s:   and with \"Windows 2022\" the other way (a wrong entry) they do not compare"
t wrong_entry "$vm/$s.osi.expected-wrong" "$vm/$s.osi.expected" "$vm/$s.osi.actual"

# The whole line before this one: where its model makes something else of
# this firmware, the guest is this line's, not that one's (the releases
# between two whole lines are the history's alone).
prev=$(awk -v k="$kline" '$1 == "line" { if ($2 == k) print p; p = $2 }' "$here/../../src/debian-kernels.txt")
if [ -n "$prev" ]; then
	"$tool" inspect --kernel "$prev" --sysfs "$fixture" >"$vm/$s.expected-$prev" 2>&1
	drivers_of "$prev" >"$vm/$s.drivers.expected-$prev"
	if cmp -s "$vm/$s.expected-$prev" "$vm/$s.expected" &&
		cmp -s "$vm/$s.drivers.expected-$prev" "$vm/$s.drivers.expected"; then
		echo "# $s: Linux $prev, the whole line before, makes the same of this firmware"
	else
		desc="$s:   and not Linux $prev's, the whole line before (its devices or drivers differ)"
		t sh -c "! { cmp -s '$vm/$s.expected-$prev' '$vm/$s.actual' &&
			cmp -s '$vm/$s.drivers.expected-$prev' '$vm/$s.drivers.actual'; }"
	fi
fi
