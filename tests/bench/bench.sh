#!/bin/sh
# make bench: side by side, on the same machines, each command as a whole
# process (bench --time: the median of ROUNDS runs a machine, then over
# the machines the median, p90 and max, the median CPU time and the peak
# memory wait4 reports): wmishim inspect and check; the floor (bench
# --load: the tables loaded into ACPICA by the same library, nothing
# else); acpiexec -b
# "evaluate DEVICE._WDG" (acpica-tools), where a machine has a WMI device;
# iasl -d of the tables; and wmishim report -j 2 over all of them at once,
# beside a bare parallel check (xargs -P 2, one wmishim check a machine).
# Ratios at the end, and the aims of issue 30: check within 1.3x inspect
# (the medians of CPU time a machine), report -j 2 within 1.2x the bare
# parallel check (wall time over all), each said met or not.  On a
# machine busy with other work the rows run minutes apart under different
# loads: their CPU times move too (callgrind's instruction counts do not).  Then report's summary of a fleet of FLEET (10,000)
# synthetic machines, two kernels and 40 blocks each: their report --json
# lines (made here) read by report --merge, its time and peak memory; that
# memory must stay under 300 MiB (it grows with the summary, not with the
# fleet), and the bench fails when it does not.  Never part of make check:
# it measures, and asserts these aims only.  Then report --try's lines
# of FARM_FLEET (20,000) synthetic machines on two kernels merged, as text
# and as --html: time and peak memory, each under 5 s and 200 MiB (for
# FARM_FLEET up to 20,000: issue 31's 40,000 lines), else the bench fails.
#
# Then the driver farm's cost (when QEMU and Debian's BENCH_KERNEL can be
# had; FARM=0 skips it): report --try over the machines of the paths that
# have a DSDT (FARM_MACHINES of them, default 3), -j 1 with an empty cache
# (the guest's initramfs made once for the kernel), then -j 1 and -j 2
# with it made: the time
# a machine, a boot's own (the guest's, try's "seconds"), and what try adds
# to each boot (its kernel check, the prediction, the guest's tables).
#
# Usage: bench.sh WMISHIM BENCH PATH...  (machines as wmishim report finds
# them); ROUNDS (default 5) runs of each command a machine; FLEET machines
# for report --merge.
set -u
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
bench=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
shift 2
rounds=${ROUNDS:-5}
kernel=${BENCH_KERNEL:-6.12}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
tab=$(printf '\t')

# The machines, as report finds them (a machine that fails is left out).
"$tool" report --json --kernel "$kernel" "$@" >"$tmp/lines" 2>/dev/null
total=$(wc -l <"$tmp/lines")
: >"$tmp/inspect"
: >"$tmp/check"
: >"$tmp/floor"
: >"$tmp/acpiexec"
: >"$tmp/iasl"
i=0
grep '"status": "ok"' "$tmp/lines" | while IFS= read -r line; do
	i=$((i + 1))
	m=$(printf '%s\n' "$line" | sed -n 's/^{"machine": "\(\([^"\\]\|\\.\)*\)".*/\1/p' |
		sed 's/\\\(.\)/\1/g')
	dev=$(printf '%s\n' "$line" | sed -n 's/.*"blocks": \[{"device": "\(\([^"\\]\|\\.\)*\)".*/\1/p' |
		sed 's/\\\(.\)/\1/g')
	[ -n "$m" ] || continue
	# The machine's tables as files of their own, for acpiexec and iasl.
	d=$tmp/m$i
	mkdir -p "$d"
	if [ -d "$m" ]; then
		for f in "$m"/*; do
			case $(head -c 4 "$f" 2>/dev/null) in
			DSDT | SSDT) cp "$f" "$d/" ;;
			esac
		done
	else
		(cd "$d" && acpixtract -a "$m" >/dev/null 2>&1)
		find "$d" -type f ! -name 'dsdt*.dat' ! -name 'ssdt*.dat' -exec rm -f {} +
	fi
	files=$(find "$d" -type f | LC_ALL=C sort | tr '\n' "$tab")
	files=${files%"$tab"}
	printf '%s\tinspect\t--kernel\t%s\t%s\n' "$tool" "$kernel" "$m" >>"$tmp/inspect"
	printf '%s\tcheck\t--kernel\t%s\t%s\n' "$tool" "$kernel" "$m" >>"$tmp/check"
	printf '%s\t--load\t%s\n' "$bench" "$m" >>"$tmp/floor"
	[ -z "$files" ] || printf 'iasl\t-d\t%s\n' "$files" >>"$tmp/iasl"
	if [ -n "$dev" ] && [ -n "$files" ]; then
		printf 'acpiexec\t-b\tevaluate %s._WDG\t%s\n' "$dev" "$files" >>"$tmp/acpiexec"
	fi
done
ok=$(wc -l <"$tmp/inspect")
# The bare parallel check: the same machines, each a check of its own, two
# at a time (xargs's 123, a check's findings, is no failure: exit 0).
cut -f 5 "$tmp/check" >"$tmp/machines"
# shellcheck disable=SC2016 # the words are sh -c's own
printf 'sh\t-c\t%s\t%s\t%s\t%s\n' \
	'xargs -d "\n" -P 2 -n 1 -a "$0" "$1" check --kernel "$2" >/dev/null 2>&1; exit 0' \
	"$tmp/machines" "$tool" "$kernel" >"$tmp/xargs"
{
	printf '%s' "$tool${tab}report${tab}-j${tab}2${tab}--kernel${tab}$kernel"
	for p in "$@"; do printf '\t%s' "$p"; done
	printf '\n'
} >"$tmp/report"

echo "make bench: $total machines found, $ok read (Linux $kernel modelled), $rounds rounds each"
printf '%-22s %5s %9s %9s %9s %8s %8s\n' "command" "n" "median ms" "p90 ms" "max ms" "cpu ms" \
	"peak MiB"
{
	"$bench" --time "$rounds" "wmishim inspect" "$tmp/inspect"
	"$bench" --time "$rounds" "wmishim check" "$tmp/check"
	"$bench" --time "$rounds" "floor (load only)" "$tmp/floor"
	if command -v acpiexec >/dev/null 2>&1; then
		"$bench" --time "$rounds" "acpiexec -b _WDG" "$tmp/acpiexec"
	else
		echo "acpiexec -b _WDG       -  (no acpiexec: apt-get install acpica-tools)"
	fi
	if command -v iasl >/dev/null 2>&1; then
		(cd "$tmp" && "$bench" --time "$rounds" "iasl -d" "$tmp/iasl")
	fi
	"$bench" --time "$rounds" "report -j 2 (all, ms)" "$tmp/report"
	"$bench" --time "$rounds" "xargs -P2 check (all)" "$tmp/xargs"
} | tee "$tmp/table"
# The ratios of the medians.
awk '
	{ label = substr($0, 1, 22); sub(/ +$/, "", label); split(substr($0, 23), w, " ")
	  med[label] = w[2] + 0; cpu[label] = w[5] + 0 }
	function m(l) { return (l in med) ? med[l] : 0 }
	function u(l) { return (l in cpu) ? cpu[l] : 0 }
	END {
		i = m("wmishim inspect"); c = m("wmishim check"); l = m("floor (load only)")
		a = m("acpiexec -b _WDG"); d = m("iasl -d"); r = m("report -j 2 (all, ms)")
		printf "ratios of medians:"
		if (l) printf " inspect/floor %.2fx, check/floor %.2fx", i / l, c / l
		if (i && a) printf ", acpiexec/inspect %.2fx", a / i
		if (i && d) printf ", iasl -d/inspect %.2fx", d / i
		printf "\n"
		if (u("floor (load only)"))
			printf "ratios of CPU time: inspect/floor %.2fx, check/floor %.2fx\n",
				u("wmishim inspect") / u("floor (load only)"),
				u("wmishim check") / u("floor (load only)")
		if (r && n) printf "report -j 2: %.1f ms a machine\n", r / n
		ci = u("wmishim inspect"); cc = u("wmishim check"); x = m("xargs -P2 check (all)")
		if (ci && c)
			printf "check/inspect: %.2fx (CPU medians, %.1f / %.1f ms), %.2fx (medians): aim 1.3x (CPU) %s\n",
				cc / ci, cc, ci, c / i, cc / ci <= 1.3 ? "met" : "NOT met"
		if (r && x && u("xargs -P2 check (all)"))
			printf "report -j 2 / bare parallel check: %.2fx (%.0f / %.0f ms, wall; CPU %.2fx): aim 1.2x %s\n",
				r / x, r, x, u("report -j 2 (all, ms)") / u("xargs -P2 check (all)"),
				r / x <= 1.2 ? "met" : "NOT met"
	}' n="$ok" "$tmp/table"

# synthetic N: N machines' report --json lines, modelled on Linux 6.1 and
# 7.3 as --compare makes them: 40 blocks each on 4 devices, their GUIDs
# from a pool of 400, every third a method, data or event block, modules
# for every fifth, a required method missing from every eleventh, one in
# seventeen without a device on 6.1 (a duplicate GUID), every block renamed
# on 7.3 (GUID-N, as 7.3 names them all), and findings of 12 codes.
synthetic() {
	awk -v n="$1" 'BEGIN {
		for (i = 0; i < n; i++) {
			printf "{\"machine\": \"synthetic/m%05d\", \"status\": \"ok\", \"kernels\": [", i
			for (k = 0; k < 2; k++) {
				printf "%s{\"kernel\": \"%s\", \"devices\": 4, \"blocks\": [", k ? ", " : "", k ? "7.3" : "6.1"
				for (b = 0; b < 40; b++) {
					g = sprintf("5A5A%04X-0000-4000-8000-%012X", (i * 7 + b * 13) % 400, b)
					skip = !k && b % 17 == 0
					printf "%s{\"device\": \"\\\\_SB_.WMI%d\", \"index\": %d, \"guid\": \"%s\", \"kind\": \"%s\", \"name\": ",
						b ? ", " : "", b % 4, b / 4, g, b % 3 == 0 ? "method" : b % 3 == 1 ? "data" : "event"
					if (skip)
						printf "null, \"skipped\": \"duplicate GUID (the kernel keeps the first)\""
					else
						printf "\"%s%s\", \"skipped\": null", g, k ? "-" b : ""
					printf ", \"drivers\": [%s], \"missing\": [%s]}", b % 5 ? "" : "\"synthetic_wmi" (i + b) % 20 "\"",
						b % 11 ? "" : "\"WM" b "\""
				}
				printf "], \"findings\": ["
				for (f = 0; f < 6; f++)
					printf "%s{\"code\": \"SYNTHETIC_%02d\", \"severity\": \"%s\", \"device\": \"\\\\_SB_.WMI%d\", \"index\": %d}",
						f ? ", " : "", (i + f) % 12, f % 3 == 0 ? "error" : f % 3 == 1 ? "warning" : "info", f % 4, f
				printf "]}"
			}
			printf "]}\n"
		}
	}'
}

fleet=${FLEET:-10000}
synthetic "$fleet" >"$tmp/fleet.jsonl"
printf '%s\treport\t--merge\t%s\n' "$tool" "$tmp/fleet.jsonl" >"$tmp/merge"
echo "report --merge of $fleet synthetic machines ($(($(wc -c <"$tmp/fleet.jsonl") / 1048576)) MiB of lines), $rounds rounds:"
"$bench" --time "$rounds" "report --merge $fleet" "$tmp/merge" | tee "$tmp/merge.out"
# aim OUT WHAT MS MIB: bench --time's line in OUT (its median wall time
# the fourth column from the end, its peak memory the last) under MS ms
# (0: no aim) and MIB MiB, said; else said and the bench fails at its end.
missed=0
aim() {
	awk -v what="$2" -v ms="$3" -v mib="$4" '{ med = $(NF - 4) + 0; peak = $NF + 0 }
		END {
			bad = peak <= 0 || peak >= mib || (ms && med >= ms)
			printf "%s: %s", what, bad ? "MISSED the aims: " : "under the aims: "
			if (ms) printf "median %.2f s (aim %.0f s), ", med / 1000, ms / 1000
			printf "peak %.1f MiB (aim %d MiB)\n", peak, mib
			exit bad
		}' "$1" || missed=1
}
aim "$tmp/merge.out" "report --merge of $fleet machines" 0 300

# synthetic_try N: report --try's lines of N machines on Linux 6.12 and 7.3
# (no boot: made here, as tests/report.sh makes its own), 2N lines: each
# boot 4 devices of GUIDs from a pool of 400 (renamed GUID-N on 7.3, as 7.3
# names them), 3 drivers, a message; every fifth machine loses a platform
# driver on 7.3, every seventh a probe fails, every third has 2 ACPI
# errors of 40 texts; on 7.3 every hundredth's try hung (the farm's own
# failure: not tested).
synthetic_try() {
	awk -v n="$1" 'BEGIN {
		for (i = 0; i < n; i++)
			for (k = 0; k < 2; k++) {
				kn = k ? "7.3" : "6.12"
				if (k && i % 100 == 99) {
					printf "{ \"machine\": \"synthetic/m%05d\", \"kind\": \"try\", \"kernel\": \"%s\", \"status\": \"failed\", \"failure\": \"hang\", \"why\": \"wmishim try did not end within 780 s: stopped\", \"exit\": -1 }\n", i, kn
					continue
				}
				printf "{ \"machine\": \"synthetic/m%05d\", \"kind\": \"try\", \"kernel\": \"%s\", \"status\": \"ok\", \"release\": \"%s\", \"exit\": 0, \"boots\": [ ", i, kn, kn
				devs = ""
				for (b = 0; b < 4; b++) {
					g = sprintf("5A5A%04X-0000-4000-8000-%012X", (i * 7 + b * 13) % 400, b)
					devs = devs sprintf("%s\"%s%s guid=%s instance_count=1\"", b ? ", " : "", g, k ? "-" b : "", g)
				}
				drv = sprintf("\"%s wmi-bmof\", \"synthetic-wmi%d synthetic-wmi%d (platform)\"", substr(devs, 2, 36), i % 20, i % 20)
				if (!(k && i % 5 == 0))
					drv = drv ", \"asus-nb-wmi asus-nb-wmi (platform)\""
				probes = k && i % 7 == 0 ? "\"synthetic-wmi: probe with driver synthetic-wmi failed with error -16\"" : ""
				errs = i % 3 == 0 ? sprintf("{ \"count\": 2, \"text\": \"ACPI Error: AE_NOT_FOUND, synthetic %d\" }", (i + k) % 40) : ""
				printf "{ \"fix\": null, \"outcome\": \"booted\", \"accel\": \"tcg\", \"seconds\": 9.5, \"override_taken\": true, \"equal_to_prediction\": true, \"devices\": [ %s ], \"predicted\": [ %s ], \"drivers\": [ %s ], \"messages\": [ \"synthetic message %d\" ], \"probe_failures\": [ %s ], \"acpi_errors\": [ %s ], \"console_tail\": \"\" } ] }\n",
					devs, devs, drv, i % 50, probes, errs
			}
	}'
}

farm_fleet=${FARM_FLEET:-20000}
synthetic_try "$farm_fleet" >"$tmp/try.jsonl"
printf '%s\treport\t--merge\t--compare\t6.12,7.3\t%s\n' "$tool" "$tmp/try.jsonl" >"$tmp/try-merge"
printf '%s\treport\t--merge\t--compare\t6.12,7.3\t--html\t%s\t%s\n' "$tool" "$tmp/try.html" "$tmp/try.jsonl" >"$tmp/try-html"
echo "report --merge of report --try's lines: $farm_fleet synthetic machines, 2 kernels ($(wc -l <"$tmp/try.jsonl") lines, $(($(wc -c <"$tmp/try.jsonl") / 1048576)) MiB), $rounds rounds:"
"$bench" --time "$rounds" "report --merge --try lines" "$tmp/try-merge" | tee "$tmp/try-merge.out"
"$bench" --time "$rounds" "report --merge --try lines --html" "$tmp/try-html" | tee "$tmp/try-html.out"
# Issue 31's aims for 40,000 lines (FARM_FLEET's default): under 5 s and
# 200 MiB, text and --html.
if [ "$farm_fleet" -le 20000 ]; then
	aim "$tmp/try-merge.out" "report --merge of $((2 * farm_fleet)) --try lines" 5000 200
	aim "$tmp/try-html.out" "report --merge of $((2 * farm_fleet)) --try lines, --html" 5000 200
fi

# ---- the driver farm: report --try's cost a boot and a machine -------------------------------
farm() {
	fk=$kernel
	data=$(dirname "$tool")
	kdir=${WMISHIM_TRY_KERNELS:-$data/kernels}
	command -v qemu-system-x86_64 >/dev/null 2>&1 || { echo "report --try: skipped (no QEMU)"; return 0; }
	sh "$data/kernels.sh" -q "$kdir" "$fk" >/dev/null 2>&1 ||
		{ echo "report --try: skipped (Debian's $fk kernel cannot be had)"; return 0; }
	# The machines with a DSDT: the lines' machines whose tables hold one.
	sed -n 's/^{"machine": "\([^"]*\)", "status": "ok".*/\1/p' "$tmp/lines" >"$tmp/farm-all"
	machines="" nm=0
	while IFS= read -r m && [ "$nm" -lt "${FARM_MACHINES:-3}" ]; do
		if [ -d "$m" ]; then
			for f in "$m"/*; do
				[ "$(head -c 4 "$f" 2>/dev/null)" = DSDT ] && { machines="$machines $m" nm=$((nm + 1)); break; }
			done
		elif grep -q '^ *DSDT @' "$m" 2>/dev/null; then
			machines="$machines $m" nm=$((nm + 1))
		fi
	done <"$tmp/farm-all"
	[ "$nm" -gt 0 ] || { echo "report --try: skipped (no machine with a DSDT)"; return 0; }
	mkdir -p "$tmp/farm-cache" "$tmp/farm-tmp"
	echo "report --try on$machines:"
	for run in "1 cold" "1 warm" "2 warm"; do
		j=${run% *} cache=${run#* }
		{
			[ "$cache" = warm ] || rm -rf "$tmp/farm-cache/wmishim"
			rm -f "$tmp/farm.jsonl"
			t0=$(date +%s.%N)
			# shellcheck disable=SC2086 # the machines' paths
			XDG_CACHE_HOME=$tmp/farm-cache TMPDIR=$tmp/farm-tmp WMISHIM_TRY_KERNELS=$kdir \
				"$tool" report --try --kernel "$fk" -j "$j" -o "$tmp/farm.jsonl" $machines >/dev/null 2>&1
			t1=$(date +%s.%N)
			awk -v t0="$t0" -v t1="$t1" -v n="$nm" -v j="$j" -v c="$cache" -v k="$fk" '
				/"outcome": "booted"/ { b++ }
				{ while (match($0, /"seconds": [0-9.]+/)) { s += substr($0, RSTART + 11, RLENGTH - 11); boots++; $0 = substr($0, RSTART + RLENGTH) } }
				END {
					w = t1 - t0
					printf "report --try, Linux %s, -j %d, initramfs %s: %d machines (%d booted) in %.1f s: %.1f s a machine; a boot %.1f s (the guest), try adds %.1f s a boot\n",
						k, j, c == "cold" ? "made (cold cache)" : "cached", n, b, w, w / n, boots ? s / boots : 0, boots ? (w * j - s) / boots : 0
				}' "$tmp/farm.jsonl"
		}
	done
}
[ "${FARM:-1}" = 0 ] || farm
[ "$missed" = 0 ] || { echo "make bench: an aim missed (above)"; exit 1; }
