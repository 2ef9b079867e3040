# shellcheck shell=sh disable=SC2154 # tmp and desc are the sourcing script's
# Shared by the shell tests: TAP test points.  The sourcing script sets tmp
# (a scratch directory) first.
#   desc="what is checked"; t COMMAND...   one test point: COMMAND must succeed
#                                          (a desc holding "# SKIP why" is a skip:
#                                          COMMAND is not run, the point not passed)
#   skip_point DESC WHY                    one test point skipped, said why
#   no COMMAND...                          succeeds when COMMAND fails
#   is EXPECTED ACTUAL                     two strings equal, or both shown
#   same EXPECTED ACTUAL                   two files equal, or their diff
#   lines FILE REGEX...                    each extended REGEX matches a line of FILE
#   finish                                 the plan and the closing line
#                                          "N passed, N failed, N skipped"; the exit status
n=0 pass=0 fail=0 skipped=0

# wmishim models the kernel it runs under unless told: the tests model
# Linux 6.1 (the VM suite's guest kernel) wherever they run.
WMISHIM_KERNEL=${WMISHIM_KERNEL:-6.1}
export WMISHIM_KERNEL

# skip_point DESC WHY: "ok N - DESC # SKIP WHY", counted as skipped, never as
# passed.
skip_point() {
	n=$((n + 1))
	skipped=$((skipped + 1))
	echo "ok $n - $1 # SKIP $2"
}

t() {
	case $desc in
	*"# SKIP"*)
		n=$((n + 1))
		skipped=$((skipped + 1))
		echo "ok $n - $desc"
		return 0
		;;
	esac
	n=$((n + 1))
	if "$@" >>"$tmp/log" 2>&1; then
		pass=$((pass + 1))
		echo "ok $n - $desc"
	else
		fail=$((fail + 1))
		echo "not ok $n - $desc"
		sed 's/^/#   /' "$tmp/log" | tail -n 8
	fi
	: >"$tmp/log"
}

no() {
	! "$@"
}

is() {
	[ "$1" = "$2" ] && return 0
	printf 'expected: %s\n     got: %s\n' "$1" "$2"
	return 1
}

same() {
	diff -u "$1" "$2"
}

lines() {
	f=$1
	shift
	for re in "$@"; do
		grep -qE -- "$re" "$f" || { echo "no line matches: $re"; return 1; }
	done
}

finish() {
	echo "1..$n"
	echo "$pass passed, $fail failed, $skipped skipped"
	[ "$fail" -eq 0 ]
}
