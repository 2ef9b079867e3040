#!/bin/sh
# wmishim report --try, the driver farm, on three machines of the fixture
# fleet (make's BUILD/fleet: asus-dup, which has no DSDT, eeepc and
# eeepc-nowm) under Debian's 6.12 and 7.3 kernels, booted in QEMU:
#   - one run: every machine under both kernels a line, the guest's
#     initramfs made once a kernel (try-guest.sh's calls counted), the
#     machine without a DSDT a line saying so, the devices as predicted,
#     and --compare 6.12,7.3 naming what the kernel history predicts: each
#     machine's devices renamed (7.3 names them GUID-N, 6.12 by the GUID),
#     as many as the offline report --compare 6.12,7.3 renames;
#   - the same fleet as two shards (a machine's by its tables' key), the
#     one with two machines killed halfway (SIGTERM, then a partial line
#     added as a run killed in mid-write leaves one), then both run under
#     GNU parallel, the machines in another order: it boots only what it
#     had not done, its finished lines kept as they were; --merge of the two gives
#     the one run's summary and lines (but the boot times);
#   - --with FIX (what wmishim fix wrote for eeepc): booted without and
#     with it, the fix's gain in the line; a fix that brings a GUID no
#     machine has: its driver in the run's initramfs;
#   - a boot that hangs (a QEMU that never ends, --timeout 5) is a line
#     saying so;
#   - --html: the grid, well-formed.
# Exit 77 ("1..0 # SKIP why") when QEMU, GNU parallel or a kernel cannot
# be had: a failure under CI=true (make check-farm runs it with -S).
#
# Usage: farm.sh FLEET WMISHIM BUILDDIR.  TAP; the closing line is
# "N passed, N failed, N skipped".
set -u
fleet=$1 tool=$2 build=$3
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
pid=""
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
# shellcheck source=tests/lib.sh
. "$here/lib.sh"
start=$(date +%s)

command -v qemu-system-x86_64 >/dev/null 2>&1 ||
	{ echo "1..0 # SKIP no qemu-system-x86_64 (Debian package qemu-system-x86; make deps)"; exit 77; }
command -v parallel >/dev/null 2>&1 ||
	{ echo "1..0 # SKIP no GNU parallel (Debian package parallel; make deps)"; exit 77; }
for k in 6.12 7.3; do
	sh "$build/kernels.sh" -q "$build/kernels" "$k" >/dev/null 2>&1 ||
		{ echo "1..0 # SKIP Debian's $k kernel cannot be had (scripts/kernels.sh $build/kernels $k)"; exit 77; }
done

# try's helpers: kernels.sh, and try-guest.sh behind a wrapper that counts
# its calls (initramfs, boot) in $log.
log=$tmp/guest.log
mkdir -p "$tmp/libexec" "$tmp/cache" "$tmp/tmp"
cp "$build/kernels.sh" "$tmp/libexec/kernels.sh"
cp "$build/try-guest.sh" "$tmp/libexec/real-guest.sh"
cat >"$tmp/libexec/try-guest.sh" <<EOF
#!/bin/sh
echo "\$1" >>'$log'
exec sh '$tmp/libexec/real-guest.sh' "\$@"
EOF
export WMISHIM_LIBEXECDIR="$tmp/libexec" WMISHIM_TRY_KERNELS="$build/kernels" \
	XDG_CACHE_HOME="$tmp/cache" TMPDIR="$tmp/tmp" WMISHIM_VM_ACCEL=tcg
unset WMISHIM_KERNEL
machines="$fleet/asus-dup $fleet/eeepc $fleet/eeepc-nowm"
calls() { grep -cx "$1" "$log" 2>/dev/null || true; }
# The lines and the summary without the boots' times.
# A shard's lines carry their shard and the fleet's size, one run's not.
untimed() {
	sed -e 's/"seconds": [0-9.]*/"seconds": S/g' -e 's/boot time [0-9.]* s/boot time S s/' \
		-e 's|, "shard": "[0-9]*/[0-9]*", "fleet": [0-9]*||' "$1"
}

# ---- one run ----------------------------------------------------------------------------
: >"$log"
t0=$(date +%s)
# shellcheck disable=SC2086 # the machines' paths, without blanks
"$tool" report --try --kernel 6.12,7.3 --compare 6.12,7.3 -j 2 -o "$tmp/one.jsonl" $machines \
	>"$tmp/one.txt" 2>"$tmp/one.err"
rc=$?
echo "# one run: $(($(date +%s) - t0)) s, $(calls boot) boots"
desc="one run: exit 1 (a machine did not boot), 6 lines, a machine and a kernel each"
t sh -c "[ $rc = 1 ] && [ \$(wc -l <'$tmp/one.jsonl') = 6 ] &&
	[ \$(grep -o '\"machine\": \"[^\"]*\", \"kind\": \"try\", \"kernel\": \"[^\"]*\"' '$tmp/one.jsonl' | sort -u | wc -l) = 6 ]"
desc="one run: the guest's initramfs made once a kernel (2 for 4 boots), not once a machine"
t is "2 4" "$(calls initramfs) $(calls boot)"
desc="one run: the machine without a DSDT is a line saying so, on each kernel"
t sh -c "[ \$(grep -c '\"machine\": \"$fleet/asus-dup\", \"kind\": \"try\", \"kernel\": \"[0-9.]*\", .*\"status\": \"failed\", \"failure\": \"no-dsdt\"' '$tmp/one.jsonl') = 2 ]"
desc="one run: the summary: 3 machines, 4 booted, as predicted (the guest's devices equal inspect --sysfs's)"
t lines "$tmp/one.txt" '^3 machines, 2 kernels: 6 boots; 4 booted, 2 not; 4 with the devices as predicted$' \
	'^Linux 6\.12: 2 of 3 booted, 2 as predicted' '^Linux 7\.3: 2 of 3 booted, 2 as predicted' \
	"^  $fleet/eeepc +booted: 4 devices as predicted, [0-9]+ drivers.* booted: 4 devices as predicted"
# What the kernel history predicts, offline: each machine's blocks renamed.
# shellcheck disable=SC2086
"$tool" report --compare 6.12,7.3 $machines >"$tmp/offline.txt" 2>/dev/null
for m in eeepc eeepc-nowm; do
	nb=$(sed -n "s|^  $fleet/$m  *\([0-9]*\) blocks renamed.*|\1|p" "$tmp/offline.txt")
	desc="--compare 6.12,7.3: $m's devices renamed (6.12: GUID, 7.3: GUID-N), as many as offline (${nb:-none} blocks)"
	t lines "$tmp/one.txt" "^  $fleet/$m +renamed +${nb:-X} devices \(05901221-D566-11D1-B2F0-00A0C9062910 -> 05901221-D566-11D1-B2F0-00A0C9062910-[0-9]+"
done
# The guest lists no platform driver of the kernel's own (built in, on a
# device no firmware made): 7.3 moved reg-dummy to the faux bus, and every
# machine "stopped binding" it, each one broken, after the comparison
# learnt that a driver lost breaks a machine.  The machine without a DSDT
# is not booted on either kernel, the machine's own doing: not "not
# tested" (the host's failures).
desc="--compare 6.12,7.3: 2 machines differ, none broken, none not tested; no reg-dummy, serial8250, i8042"
t sh -c "grep -qx 'Linux 6\.12 -> Linux 7\.3: 2 machines differ, 0 broken:' '$tmp/one.txt' &&
	! grep -q 'not tested\|reg-dummy\|serial8250\|i8042\|every machine' '$tmp/one.txt'"
desc="one run: the boots' lines read back with --merge make the same summary"
t sh -c "'$tool' report --merge --compare 6.12,7.3 '$tmp/one.jsonl' >'$tmp/one.merged'; cmp '$tmp/one.txt' '$tmp/one.merged'"

# ---- shards: one killed halfway, then both under GNU parallel ---------------------------
# A machine's shard is its tables' key modulo 2: shard 2 has eeepc and
# eeepc-nowm (4 boots), shard 1 asus-dup (no DSDT: 2 lines, no boot).
: >"$log"
# shellcheck disable=SC2086
setsid "$tool" report --try --kernel 6.12,7.3 --shard 2/2 -j 1 -o "$tmp/shard-2.jsonl" $machines \
	>/dev/null 2>"$tmp/kill.err" &
pid=$!
# Killed once its first boot's line is in.
i=0
while [ "$i" -lt 600 ] && [ "$({ wc -l <"$tmp/shard-2.jsonl"; } 2>/dev/null || echo 0)" -lt 1 ]; do
	sleep 0.5
	i=$((i + 1))
done
kill -TERM "$pid"
wait "$pid"
krc=$?
pid=
had=$(wc -l <"$tmp/shard-2.jsonl")
cp "$tmp/shard-2.jsonl" "$tmp/shard-2.killed"
desc="shard 2/2 killed halfway (SIGTERM, exit $krc): $had of its 4 lines, each whole; nothing left in TMPDIR"
t sh -c "[ $krc -ne 0 ] && [ $had -ge 1 ] && [ $had -lt 4 ] && [ \"\$(tail -c 1 '$tmp/shard-2.jsonl' | od -An -c | tr -d ' ')\" = '\\n' ] &&
	[ -z \"\$(ls -A '$tmp/tmp')\" ]"
# A line cut as a kill in mid-write cuts it.
printf '{ "machine": "%s/eeepc-nowm", "kind": "try", "kernel": "7.3", "sta' "$fleet" >>"$tmp/shard-2.jsonl"
: >"$log"
t0=$(date +%s)
# Through --sshloginfile, as across machines: this one (":"), 2 jobs; the
# machines given to each shard in another order (the shard is the
# machine's, not its place).
echo "2/:" >"$tmp/hosts"
reversed=$(for m in $machines; do echo "$m"; done | sort -r)
# shellcheck disable=SC2016,SC2086 # parallel's {} and the machines' paths
parallel --sshloginfile "$tmp/hosts" "'$tool'" report --try --kernel 6.12,7.3 --shard '{}/2' -j 1 -o "'$tmp/shard-{}.jsonl'" \
	$reversed '>/dev/null' '2>' "'$tmp/shard-{}.err'" ::: 1 2
echo "# both shards under parallel: $(($(date +%s) - t0)) s, $(calls boot) boots"
desc="started again: the partial line dropped, said; the $had pairs done not run again, said"
t lines "$tmp/shard-2.err" 'its last line is not whole .*: dropped$' \
	"^wmishim: note: report: $had of 4 boots done already in $tmp/shard-2.jsonl: not run again$"
desc="started again: the killed run's lines kept as they were, the rest added (4 lines, each pair once); shard 1: asus-dup's 2"
t sh -c "head -n $had '$tmp/shard-2.jsonl' | cmp - '$tmp/shard-2.killed' && [ \$(wc -l <'$tmp/shard-2.jsonl') = 4 ] &&
	[ \$(grep -o '\"machine\": \"[^\"]*\", \"kind\": \"try\", \"kernel\": \"[^\"]*\"' '$tmp/shard-2.jsonl' | sort -u | wc -l) = 4 ] &&
	[ \$(grep -c '\"machine\": \"$fleet/asus-dup\", .*\"shard\": \"1/2\", \"fleet\": 3' '$tmp/shard-1.jsonl') = 2 ] && [ \$(wc -l <'$tmp/shard-1.jsonl') = 2 ]"
desc="under parallel (--sshloginfile): $((4 - had)) boot(s) of shard 2 left, no more"
t is "$((4 - had))" "$(calls boot)"
desc="--merge of the shards: the one run's summary (but the boot times)"
"$tool" report --merge --compare 6.12,7.3 "$tmp/shard-2.jsonl" "$tmp/shard-1.jsonl" >"$tmp/merged.txt" 2>&1
t sh -c "untimed() { sed -e 's/boot time [0-9.]* s/boot time S s/' \"\$@\"; }; untimed '$tmp/one.txt' >'$tmp/a' && untimed '$tmp/merged.txt' >'$tmp/b' && diff '$tmp/a' '$tmp/b'"
desc="--merge --json of the shards: the one run's lines, sorted (but the boot times)"
"$tool" report --merge --json "$tmp/shard-1.jsonl" "$tmp/shard-2.jsonl" | untimed - >"$tmp/merged.json"
"$tool" report --merge --json "$tmp/one.jsonl" | untimed - >"$tmp/one.json"
t same "$tmp/one.json" "$tmp/merged.json"

# ---- --with: each machine booted with the fix too ----------------------------------------
"$tool" fix --kernel 7.3 "$fleet/eeepc" -o "$tmp/eeepc-fix" >/dev/null 2>&1
: >"$log"
"$tool" report --try --kernel 7.3 --with "$tmp/eeepc-fix" -o "$tmp/with.jsonl" "$fleet/eeepc" >"$tmp/with.txt" 2>&1
rc=$? nb=$(calls boot)
desc="--with FIX: the machine booted without and with the fix (2 boots, one line); with it, the ATKD device there (ASUS010:00 status=15) and eeepc-laptop's messages"
t sh -c "[ $rc = 0 ] && [ $nb = 2 ] && [ \$(wc -l <'$tmp/with.jsonl') = 1 ] &&
	grep -q '\"fix\": \"$tmp/eeepc-fix\", \"outcome\": \"booted\"' '$tmp/with.jsonl' &&
	grep -Eq '^  $fleet/eeepc +booted: 4 devices as predicted, [0-9]+ drivers, 1 probe failed; with the fix: booted: 4 devices as predicted' '$tmp/with.txt' &&
	grep -q '\"fix\": \"$tmp/eeepc-fix\".*\"acpi_devices\": \[ \"ASUS010:00 status=15\" \], \"messages\": \[[^]]*eeepc_laptop: Eee PC Hotkey Driver' '$tmp/with.jsonl'"

# A fix whose SSDT brings a GUID none of the machines has (xiaomi_wmi's):
# the guest's initramfs, made once for the machines and their fixes, packs
# its driver for the with boots (it was made for the machines alone).  The
# machine without a DSDT: its try ends before a boot.
mkdir -p "$tmp/xiaomi-fix"
cp "$build/fixtures/farm-with-xiaomi.aml" "$tmp/xiaomi-fix/ssdt-xiaomi.aml"
echo "add ssdt-xiaomi.aml" >"$tmp/xiaomi-fix/enable.conf"
"$tool" report --try --kernel 7.3 --with "$tmp/xiaomi-fix" "$fleet/asus-dup" >"$tmp/xiaomi.txt" 2>&1
desc="--with a fix that brings a GUID no machine has: the initramfs made for the run packs its driver (xiaomi_wmi)"
t sh -c "grep -lx 'module xiaomi[-_]wmi' '$tmp/cache/wmishim/farm/'*.modules | grep -q ."

# ---- a hang, and the page --------------------------------------------------------------
: >"$log"
# A guest that never ends: QEMU (try-guest.sh's $QEMU) that prints nothing
# and waits; --timeout 5 ends it.
printf '#!/bin/sh\nexec sleep 600\n' >"$tmp/hang-qemu"
chmod +x "$tmp/hang-qemu"
QEMU=$tmp/hang-qemu "$tool" report --try --kernel 7.3 --timeout 5 -o "$tmp/hang.jsonl" "$fleet/eeepc" >"$tmp/hang.txt" 2>&1
rc=$?
desc="a boot that hangs (a QEMU that never ends, --timeout 5): exit 1, a line saying so, the run whole"
t sh -c "[ $rc = 1 ] && [ \$(wc -l <'$tmp/hang.jsonl') = 1 ] && grep -q '\"outcome\": \"hung\"' '$tmp/hang.jsonl' &&
	grep -Eq '^  $fleet/eeepc +7\\.3 +hung ' '$tmp/hang.txt'"
"$tool" report --merge --html "$tmp/farm.html" "$tmp/one.jsonl" >/dev/null 2>&1
desc="--html: the grid of machines by kernels, self-contained and well-formed"
if command -v xmllint >/dev/null 2>&1; then
	t sh -c "xmllint --noout '$tmp/farm.html' && grep -q '<table class=\"grid\">' '$tmp/farm.html' &&
		[ \$(grep -c '<td class=\"good\">' '$tmp/farm.html') -ge 2 ] && ! grep -Eiq '(src|href)=|url\\(|@import' '$tmp/farm.html'"
else
	skip_point "$desc" "no xmllint (libxml2-utils; make deps)"
fi
echo "# farm.sh: $(($(date +%s) - start)) s"
finish
