# shellcheck shell=sh disable=SC2154 # tmp and desc are the sourcing script's
# Shared by the shell tests: TAP test points.  The sourcing script sets tmp
# (a scratch directory) first.
#   desc="what is checked"; t COMMAND...   one test point: COMMAND must succeed
#   no COMMAND...                          succeeds when COMMAND fails
#   finish                                 the plan and the closing line; the exit status
n=0 pass=0 fail=0

t() {
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

finish() {
	echo "1..$n"
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
