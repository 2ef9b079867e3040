# shellcheck shell=sh
# Scenario try-failures of tests/vm/run.sh (T=try-failures runs it alone,
# after try, whose helpers it takes), on 7.3: what `wmishim try` says and
# its exit status when the firmware cannot be booted.  A DSDT that panics
# the guest (tests/fixtures/try-panic.asl: out of memory in \_SB._INI):
# exit 3, the panic's lines.  One that hangs it (try-hang.asl: \_SB._INI
# waits forever): exit 4 at the timeout, the console's last lines.  A dump
# without a DSDT (an SSDT alone): exit 2, said why, and nothing booted.
# No QEMU: exit 7, the package named.  No space in TMPDIR (a tmpfs of 1
# MiB in a private mount namespace): exit 8, said.  Signals: the reader
# of try's stderr gone (SIGPIPE at its first line of progress), the reader
# of its report gone (try --keep ... | true: SIGPIPE as the report is
# written, --keep's copy made first), SIGTERM while the guest boots (QEMU
# ended with it): try dies of the signal.  Each time nothing is left in
# TMPDIR.
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

# nospace_run NAME ARGS...: wmishim try ARGS... with TMPDIR a tmpfs of
# 1 MiB (a private mount namespace): the guest's tables fit, its initramfs
# (busybox alone is 2 MiB) does not.  What is left there in $vm/try.small.left.
nospace_run() {
	ns_name=$1
	shift
	rm -rf "$vm/try.small" "$vm/try.small.left" && mkdir -p "$vm/try.small" || return
	# shellcheck disable=SC2016 # expanded by the inner shell
	unshare -m --propagation private sh -c 'd=$1
		shift
		mount -t tmpfs -o size=1m,mode=0700 wmishim-try "$d" || exit 99
		rc=0
		"$@" || rc=$?
		ls -A "$d" >"$d.left"
		exit "$rc"' sh "$vm/try.small" env TMPDIR="$vm/try.small" WMISHIM_LIBEXECDIR="$vm/try.libexec" \
		"$tool" try -q "$@" >"$vm/$ns_name.out" 2>&1
	echo $? >"$vm/$ns_name.rc"
}
s2=$s.nospace
if ! unshare -m --propagation private true 2>/dev/null; then
	skip_point "$s: wmishim try with TMPDIR full" "unshare -m is not permitted here (needs root, CAP_SYS_ADMIN)"
else
	nospace_run "$s2" --kernel-image "$kernel" --modules "$moddir" "$fixtures/eeepc-vm-dsdt.aml"
	desc="$s: wmishim try with TMPDIR on a full file system: exit 8 (not 7, a tool missing)"
	t status_is 8 "$s2"
	desc="$s:   said: no space left (ENOSPC)"
	t grep -q 'try: no space left in the temporary directory .* (ENOSPC' "$vm/$s2.out"
	desc="$s:   nothing left in its TMPDIR"
	t sh -c "[ -f '$vm/try.small.left' ] && [ ! -s '$vm/try.small.left' ]"
fi

# try_env_run ARGS...: wmishim try ARGS... with this scenario's helpers and TMPDIR.
try_env_run() {
	WMISHIM_LIBEXECDIR=$vm/try.libexec TMPDIR=$vm/try.tmp WMISHIM_OVERLAYS=$overlays "$tool" try "$@"
}
s2=$s.sigpipe-stderr
# Its progress read by a reader that is gone: the first line is a SIGPIPE.
{ sleep 1; try_env_run --kernel-image "$kernel" --modules "$moddir" "$fixtures/eeepc-vm-dsdt.aml" \
	>/dev/null; echo $? >"$vm/$s2.rc"; } 2>&1 | true
desc="$s: wmishim try 2>&1 >/dev/null | true (SIGPIPE at its first line of progress): dies of SIGPIPE (141)"
t status_is 141 "$s2"
desc="$s:   nothing left in TMPDIR"
t nothing_left

s2=$s.sigpipe
rm -rf "$vm/$s2.keep"
{ try_env_run -q --keep "$vm/$s2.keep" --kernel-image "$kernel" --modules "$moddir" \
	"$fixtures/eeepc-vm-dsdt.aml" 2>"$vm/$s2.out"; echo $? >"$vm/$s2.rc"; } | true
desc="$s: wmishim try --keep DIR ... | true (SIGPIPE as its report is written): dies of SIGPIPE (141)"
t status_is 141 "$s2"
desc="$s:   --keep's copy made before the report: DIR/firmware/console.log has the guest's report"
t grep -qx WMISHIM-TRY-DONE "$vm/$s2.keep/firmware/console.log"
desc="$s:   nothing left in TMPDIR"
t nothing_left

# sigterm_run NAME ARGS...: wmishim try ARGS... in the background, sent
# SIGTERM once its guest's console log is there (QEMU started); its exit
# status in $vm/NAME.rc (in a subshell whose stderr, where the shell says
# "Terminated", is $vm/NAME.sh).
sigterm_run() {
	st_name=$1
	shift
	(
		# exec: $! is try itself, not a shell around it (a function run in
		# the background is a subshell that forks try: TERM to it would
		# end the subshell and leave try and its guest running).
		exec env WMISHIM_LIBEXECDIR="$vm/try.libexec" TMPDIR="$vm/try.tmp" \
			WMISHIM_OVERLAYS="$overlays" "$tool" try "$@" >"$vm/$st_name.out" 2>&1 &
		st_pid=$! st_i=0
		while [ "$st_i" -lt 600 ] && ! ls "$vm"/try.tmp/wmishim-try.*/firmware/console.log >/dev/null 2>&1; do
			sleep 0.1
			st_i=$((st_i + 1))
		done
		sleep 1
		kill -TERM "$st_pid"
		st_rc=0
		wait "$st_pid" || st_rc=$?
		echo "$st_rc" >"$vm/$st_name.rc"
	) 2>"$vm/$st_name.sh"
}
# no_qemu_left: no process runs with try's temporary directory in its
# arguments (QEMU's -kernel, -initrd), within 10 s.
no_qemu_left() {
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		pgrep -a -f -- "$vm/try.tmp/wmishim-try" >"$vm/$s.ps" || return 0
		sleep 1
	done
	cat "$vm/$s.ps"
	return 1
}
s2=$s.sigterm
sigterm_run "$s2" -q --kernel-image "$kernel" --modules "$moddir" "$fixtures/eeepc-vm-dsdt.aml"
desc="$s: SIGTERM to wmishim try while its guest boots: dies of SIGTERM (143)"
t status_is 143 "$s2"
desc="$s:   QEMU ended with it"
t no_qemu_left
desc="$s:   nothing left in TMPDIR"
t nothing_left
