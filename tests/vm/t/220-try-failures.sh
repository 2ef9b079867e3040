# shellcheck shell=sh
# Scenario try-failures of tests/vm/run.sh (T=try-failures runs it alone,
# after try, whose helpers it takes), on 7.3: what `wmishim try` says and
# its exit status when the firmware cannot be booted.  A DSDT that panics
# the guest (tests/fixtures/try-panic.asl: out of memory in \_SB._INI):
# exit 3, the panic's lines.  One that hangs it (try-hang.asl: \_SB._INI
# waits forever): exit 4 at the timeout, the console's last lines.  A dump
# without a DSDT (an SSDT alone): exit 2, said why, and nothing booted.
# No QEMU: exit 7, the package named.  Each time nothing is left in TMPDIR.
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
scenario try-failures
# status_is N NAME: try's exit status was N (its output shown when not).
status_is() { is "$1" "$(cat "$vm/$2.rc")" || { tail -n 20 "$vm/$2.out"; return 1; }; }
s2=$s.panic
desc="$s: wmishim try try-panic.aml: exit 3"
try_run "$s2" --kernel-image "$kernel" --modules "$moddir" --kernel "$kline" \
	--timeout 90 "$fixtures/try-panic.aml" >/dev/null
t status_is 3 "$s2"
booted "$s2"
cp "$vm/$s2.boot" "$vm/$s.boot" 2>/dev/null    # the scenario's boot, in the summary
desc="$s:   the report: panicked, with the panic's message"
t lines "$vm/$s2.out" '^the firmware: Linux .*, panicked in ' \
	'^  \| .*Kernel panic - not syncing: System is deadlocked on memory' \
	'try: the guest panicked \(the firmware\)'
desc="$s:   nothing left in TMPDIR"
t nothing_left
s2=$s.hang
desc="$s: wmishim try --timeout 30 try-hang.aml: exit 4"
try_run "$s2" --kernel-image "$kernel" --modules "$moddir" --kernel "$kline" \
	--timeout 30 "$fixtures/try-hang.aml" >/dev/null
t status_is 4 "$s2"
desc="$s:   the report: hung, with the console's last lines"
t lines "$vm/$s2.out" '^the firmware: Linux .*, hung in ' '^  \| \[ *[0-9.]*\] ' \
	'try: the guest hung \(the firmware\)'
desc="$s:   nothing left in TMPDIR"
t nothing_left
s2=$s.nodsdt
desc="$s: wmishim try with an SSDT alone (eeepc-vm.aml): exit 2"
try_run "$s2" --kernel-image "$kernel" --modules "$moddir" "$fixtures/eeepc-vm.aml" >/dev/null
t status_is 2 "$s2"
desc="$s:   said why: no DSDT among the tables; nothing booted"
t sh -c "grep -q 'no DSDT among the tables' '$vm/$s2.out' && ! grep -q 'booted' '$vm/$s2.out' &&
	[ ! -e '$vm/$s2.keep' ]"
desc="$s:   nothing left in TMPDIR"
t nothing_left
s2=$s.noqemu
try_run_noqemu() { QEMU=$vm/no-such-qemu try_run "$@"; }
try_run_noqemu "$s2" --kernel-image "$kernel" --modules "$moddir" "$fixtures/eeepc-vm-dsdt.aml" >/dev/null
desc="$s: wmishim try without QEMU: exit 7"
t status_is 7 "$s2"
desc="$s:   said why, naming the package (qemu-system-x86)"
t grep -q 'no-such-qemu not found (Debian package qemu-system-x86)' "$vm/$s2.out"
desc="$s:   nothing left in TMPDIR"
t nothing_left
