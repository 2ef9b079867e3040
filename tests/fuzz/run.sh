#!/bin/sh
# The libFuzzer targets of tests/fuzz/ (see README.md there).
#
# Usage: run.sh probe
#        run.sh check TARGET...   replay each target's seeds and regressions
#        run.sh run TARGET...     fuzz each target for FUZZ_SECONDS
#
# Environment: B (the build directory, default build), FUZZ_CC (clang),
# FUZZ_SECONDS (60), FUZZ_RUNS (stop a target after that many executions,
# if it comes before FUZZ_SECONDS; default: no limit), FUZZ_JOBS (1, or 2: two targets at a time),
# FUZZ_FORK (the targets that go on past crashes, timeouts and OOMs, in
# libFuzzer's fork mode: default "inspect patch", whose ACPICA crashes on
# the first malformed tables it meets; 1: all; 0: none), FUZZ_TRIAGE (at
# most that many crash inputs replayed a target, 50), FUZZ_FLAGS (more
# libFuzzer flags), FUZZ_BUILD (a command that builds the targets and their
# seeds, run after the probe), CI.
#
# probe exits 0 when FUZZ_CC can build libFuzzer targets with ASan and
# UBSan; otherwise 77 (a skip, said why), or 1 under CI=true.  check
# prints a line per target and per failing input, then the closing line
# "N passed, N failed, N skipped" counted in inputs (seed and regression
# files); without clang it is skipped as a whole (exit 77).  run prints, per
# target, the executions, exec/s, the coverage (cov: and ft: of libFuzzer's
# final stats), the corpus size and the crashes found, one line a kind
# (replayed and told apart: wmishim's, a property's, or ACPICA's); it fails
# when a target crashed other than in ACPICA alone.
set -u
b=${B:-build}
here=$(cd "$(dirname "$0")" && pwd)
fuzz=$b/fuzz
seconds=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-1}
rss_mb=2048
# Leaks inside ACPICA (not ours) are listed, with their reproducers, there.
LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS

# Seconds one input may take: ACPICA's loops end after 30 s of virtual time,
# which costs well under a second of real time, but a table can hold many.
timeout_of() {
	case $1 in
	inspect | patch) echo 60 ;;
	*) echo 10 ;;
	esac
}

probe() {
	cc=${FUZZ_CC:-clang}
	why=""
	if ! command -v "$cc" >/dev/null 2>&1; then
		why="$cc is not installed (Debian package clang; make deps installs it)"
	else
		tmp=$(mktemp -d)
		printf '%s\n' '#include <stddef.h>' \
			'int LLVMFuzzerTestOneInput(const unsigned char *d, size_t n);' \
			'int LLVMFuzzerTestOneInput(const unsigned char *d, size_t n)' \
			'{ return d && n ? 0 : 0; }' >"$tmp/probe.c"
		if ! "$cc" -fsanitize=fuzzer,address,undefined -o "$tmp/probe" "$tmp/probe.c" \
			>"$tmp/log" 2>&1; then
			why="$cc cannot link a libFuzzer target with ASan and UBSan (Debian package libclang-rt-14-dev): $(head -n 1 "$tmp/log")"
		fi
		rm -rf "$tmp"
	fi
	[ -n "$why" ] || return 0
	if [ "${CI:-}" = true ]; then
		echo "fuzz: FAILED: $why" >&2
		return 1
	fi
	echo "############################################################################" >&2
	echo "# fuzz: SKIPPED: $why" >&2
	echo "############################################################################" >&2
	echo "1..0 # SKIP $why"
	return 77
}

# The files of DIR, one a line (none if it does not exist).
files_of() {
	[ -d "$1" ] || return 0
	find "$1" -type f ! -name '.*' ! -name README.md | sort
}

pass=0 fail=0

# Replays every seed and regression of target $1 once.
check_target() {
	t=$1
	bin=$fuzz/fuzz-$t
	list=$fuzz/check/$t.list
	mkdir -p "$fuzz/check"
	{ files_of "$fuzz/seeds/$t"; files_of "$here/regress/$t"; } >"$list"
	n=$(wc -l <"$list")
	nr=$(files_of "$here/regress/$t" | wc -l)
	if [ "$n" -eq 0 ]; then
		echo "fuzz-$t: no seeds and no regressions"
		return
	fi
	opts="-timeout=$(timeout_of "$t") -rss_limit_mb=$rss_mb -error_exitcode=1"
	# All at once; only when that fails, one at a time, to name the culprits.
	# shellcheck disable=SC2046,SC2086 # options and file names are words on purpose
	if "$bin" $opts $(cat "$list") >"$fuzz/check/$t.log" 2>&1; then
		pass=$((pass + n))
		echo "fuzz-$t: $n inputs ($((n - nr)) seeds, $nr regressions): all passed"
		return
	fi
	bad=0
	while IFS= read -r f; do
		# shellcheck disable=SC2086
		if "$bin" $opts "$f" >/dev/null 2>&1; then
			pass=$((pass + 1))
		else
			bad=$((bad + 1))
			log=$fuzz/check/$t-$(basename "$f").log
			echo "not ok - fuzz-$t: $f: $(triage "$t" "$f" "$log")"
			echo "#   whole report: $log"
		fi
	done <"$list"
	fail=$((fail + bad))
	echo "fuzz-$t: $n inputs ($((n - nr)) seeds, $nr regressions): $((n - bad)) passed, $bad failed"
}

# The last value of "NAME: VALUE" (libFuzzer's "stat::NAME: VALUE" lines).
stat_of() {
	sed -n "s/^stat::$1: *//p" "$2" | tail -n 1
}

# What input $2 does to target $1 (its report kept in $3), in one line: "KIND at FUNCTION
# (FILE:LINE), in OWNER", the first frame that is not a sanitizer's, an
# allocator's or libFuzzer's; OWNER is wmishim (src/), the harness's
# property (tests/fuzz/) or ACPICA (the kernel's code, not ours).
triage() {
	out=${3:-$fuzz/logs/$1.triage.log}
	mkdir -p "$(dirname "$out")"
	UBSAN_OPTIONS=print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS} \
		"$fuzz/fuzz-$1" -timeout="$(timeout_of "$1")" -rss_limit_mb=$rss_mb "$2" >"$out" 2>&1
	kind=$(grep -a -m 1 -oE "FUZZ_CHECK failed: .*|ERROR: [A-Za-z]+: [a-z-]+( memory leaks)?|runtime error: [^(]{1,90}|libFuzzer: [a-z -]+" "$out" |
		sed 's/ERROR: //; s/ *$//')
	frame=$(grep -a -E '^ +#[0-9]+ 0x[0-9a-f]+ in ' "$out" |
		grep -v -E ' in (__|malloc|calloc|realloc|free|abort|raise|gsignal|fuzzer::|acpi_os_allocate|acpi_os_free|acpi_os_acquire_object|acpi_os_release_object|acpi_ut_allocate|acpi_ut_delete_object_desc|acpi_ut_create_internal_object_dbg|acpi_ut_allocate_object_desc_dbg|LLVMFuzzerTestOneInput .*fuzz\.h)' |
		head -n 1 | sed -E 's/^ +#[0-9]+ 0x[0-9a-f]+ in ([^ ]+) (.*)$/\1 \2/')
	func=${frame%% *}
	where=$(echo "${frame#* }" | sed -E 's/ \(.*//; s|.*/||')
	case $frame in
	*/acpica/*) owner=ACPICA ;;
	*/tests/fuzz/*) owner="the harness's property check" ;;
	*/src/*) owner=wmishim ;;
	*) owner=unknown ;;
	esac
	# The wmishim function that called into it (leaks, ACPICA's crashes).
	via=$(grep -a -E '^ +#[0-9]+ 0x[0-9a-f]+ in [^ ]+ .*/src/' "$out" | grep -v -E ' in acpi_os_' |
		head -n 1 | sed -E 's/^ +#[0-9]+ 0x[0-9a-f]+ in ([^ ]+) .*\/([^/ ]+:[0-9]+).*$/\1 (\2)/')
	case $owner,$via in
	# The kernel never parses AML the way the walker does (a parse of a
	# loaded table or method, the tree kept): what crashes there is ours.
	ACPICA,parse\ \(amlwalk.c:*) owner="wmishim's AML walker (src/amlwalk.c), in ACPICA's parser" ;;
	wmishim,* | *,) ;;
	*) owner="$owner, via $via" ;;
	esac
	echo "${kind:-exit status without a report} at ${func:-?} ($where), in $owner"
}

# Fuzzes target $1 for $seconds; its report goes to $fuzz/logs/$1.txt.
run_target() {
	t=$1
	corpus=$fuzz/corpus/$t
	crashes=$fuzz/crashes/$t
	log=$fuzz/logs/$t.log
	mkdir -p "$corpus" "$crashes" "$fuzz/logs"
	touch "$fuzz/logs/$t.start"
	opts="-max_total_time=$seconds -print_final_stats=1 -timeout=$(timeout_of "$t")"
	[ -z "${FUZZ_RUNS:-}" ] || opts="$opts -runs=$FUZZ_RUNS"
	opts="$opts -rss_limit_mb=$rss_mb -error_exitcode=1 -artifact_prefix=$crashes/"
	fork=0
	case " ${FUZZ_FORK:-inspect patch} " in
	*" $t "* | " 1 ") fork=1 ;;
	esac
	if [ "$fork" = 1 ]; then
		opts="$opts -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1"
	fi
	start=$(date +%s)
	# shellcheck disable=SC2086 # options are words on purpose
	"$bin_dir/fuzz-$t" $opts ${FUZZ_FLAGS:-} "$corpus" "$fuzz/seeds/$t" >"$log" 2>&1
	rc=$?
	took=$(($(date +%s) - start))
	# "#1234 DONE cov: 56 ft: 78 corp: ..." or, in fork mode,
	# "#1234: cov: 56 ft: 78 corp: 9 exec/s 10 ...": the last one.
	last=$(grep -E '^#[0-9]+:?[[:space:]]+([A-Z]+[[:space:]]+)?cov: ' "$log" | tail -n 1)
	execs=$(stat_of number_of_executed_units "$log")
	[ -n "$execs" ] || execs=$(echo "$last" | sed -n 's/^#\([0-9]*\).*/\1/p')
	rate=$(stat_of average_exec_per_sec "$log")
	if [ "$fork" = 1 ] || [ -z "$rate" ]; then
		rate=$(( ${execs:-0} / (took > 0 ? took : 1) ))
	fi
	cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
	ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
	find "$crashes" -type f -newer "$fuzz/logs/$t.start" \( -name 'crash-*' -o -name 'leak-*' \
		-o -name 'timeout-*' -o -name 'oom-*' \) | sort >"$fuzz/logs/$t.found"
	found=$(wc -l <"$fuzz/logs/$t.found")
	printf 'fuzz-%s: %s s, %s executions, %s exec/s, cov: %s ft: %s, corpus %s files, %s new crash%s%s\n' \
		"$t" "$took" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" \
		"$(find "$corpus" -type f | wc -l)" "$found" "$([ "$found" -eq 1 ] || echo es)" \
		"$([ "$found" -eq 0 ] || echo " (see $log and $crashes/)")" \
		>"$fuzz/logs/$t.txt"
	if [ "$found" -eq 0 ] && [ "$rc" -ne 0 ]; then
		echo "    libFuzzer failed without a crash input (exit $rc): see $log" >>"$fuzz/logs/$t.txt"
		return 1
	fi
	# One line a kind of crash, with how many inputs and one of them; at
	# most FUZZ_TRIAGE (50) inputs are replayed to tell.
	head -n "${FUZZ_TRIAGE:-50}" "$fuzz/logs/$t.found" | while IFS= read -r f; do
		if [ "${f##*/timeout-}" != "$f" ]; then
			echo "timeout (over $(timeout_of "$t") s), in ?"
		elif [ "${f##*/oom-}" != "$f" ]; then
			echo "out of memory (over $rss_mb MB), in ?"
		else
			triage "$t" "$f"
		fi | sed "s|\$|	$f|"
	done | sort | awk -F '\t' '
		{ n[$1]++; if (!($1 in one)) one[$1] = $2 }
		END { for (k in n) printf "    %d x %s: %s\n", n[k], k, one[k] }' >"$fuzz/logs/$t.kinds"
	cat "$fuzz/logs/$t.kinds" >>"$fuzz/logs/$t.txt"
	[ "$found" -le "${FUZZ_TRIAGE:-50}" ] ||
		echo "    ($((found - ${FUZZ_TRIAGE:-50})) more not replayed)" >>"$fuzz/logs/$t.txt"
	# Crashes of the kernel's ACPICA alone are known (README.md); any other
	# kind fails the run.
	! grep -v -E ', in ACPICA(, via [^ ]+ \([^)]*\))?: ' "$fuzz/logs/$t.kinds" | grep -q .
}

# Runs the targets of $batch side by side, prints their reports, adds
# those that crashed to $failed and empties $batch.
run_batch() {
	echo "fuzz:$batch: $seconds s each..."
	for x in $batch; do
		rm -f "$fuzz/logs/$x.failed"
		{ run_target "$x" || touch "$fuzz/logs/$x.failed"; } &
	done
	wait
	for x in $batch; do
		cat "$fuzz/logs/$x.txt"
		[ ! -e "$fuzz/logs/$x.failed" ] || failed="$failed $x"
	done
	batch=""
}

mode=${1:-}
[ $# -gt 0 ] && shift
case $mode in
probe)
	probe
	exit
	;;
check)
	probe || exit
	[ -z "${FUZZ_BUILD:-}" ] || eval "$FUZZ_BUILD" || exit 1
	for t in "$@"; do
		check_target "$t"
	done
	echo "fuzz: counted in inputs (seed and regression files):"
	echo "$pass passed, $fail failed, 0 skipped"
	[ "$fail" -eq 0 ]
	;;
run)
	probe || exit
	[ -z "${FUZZ_BUILD:-}" ] || eval "$FUZZ_BUILD" || exit 1
	bin_dir=$fuzz
	failed="" batch=""
	for t in "$@"; do
		batch="$batch $t"
		[ "$(echo "$batch" | wc -w)" -lt "$jobs" ] || run_batch
	done
	[ -z "$batch" ] || run_batch
	if [ -n "$failed" ]; then
		echo "fuzz: crashes not (only) in ACPICA in:$failed (inputs in $fuzz/crashes/TARGET/; to keep one as a regression, see tests/fuzz/README.md)"
		exit 1
	fi
	echo "fuzz: no crashes but the kernel's ACPICA's (tests/fuzz/README.md)"
	;;
*)
	echo "usage: run.sh probe | check TARGET... | run TARGET..." >&2
	exit 2
	;;
esac
