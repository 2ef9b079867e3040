#!/bin/sh
# The test runners cannot lie: a skip is counted as a skip, never as a pass,
# a failure as a failure, and make check's total is the sum of the suites.
# Made-up suites and TAP programs run through tests/run-tap.sh,
# tests/lib.sh, tests/cli/run.sh, tests/suite.sh (with and without CI=true)
# and tests/total.sh.
set -u
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
# shellcheck source=tests/lib.sh
. "$here/lib.sh"

# prog NAME EXIT LINE...: a TAP program printing the lines, exiting EXIT.
prog() {
	f=$tmp/$1
	shift
	rc=$1
	shift
	{
		echo '#!/bin/sh'
		for l in "$@"; do printf "echo '%s'\n" "$l"; done
		echo "exit $rc"
	} >"$f"
	chmod +x "$f"
}

# --- run-tap.sh -----------------------------------------------------------------------
prog p1 0 'ok 1 - a' 'ok 2 # SKIP no cpio' 'ok 3 - b # skip later' '1..3'
prog p2 1 'ok 1 - c' 'not ok 2 - d' '1..2'
prog p3 77 '1..0 # SKIP no kernel'
prog p4 2 'ok 1 - e' '1..1'
sh "$here/run-tap.sh" "$tmp/p1" >"$tmp/r1"
desc="run-tap.sh: skipped points (SKIP, skip) are skipped, not passed (1 passed, 0 failed, 2 skipped)"
t is "1 passed, 0 failed, 2 skipped" "$(tail -n 1 "$tmp/r1")"
desc="run-tap.sh: failures, a whole-program skip (77), a crash without a failing point"
t sh -c "! sh '$here/run-tap.sh' '$tmp/p1' '$tmp/p2' '$tmp/p3' '$tmp/p4' >'$tmp/r2' &&
	tail -n 1 '$tmp/r2' | grep -qx '3 passed, 2 failed, 3 skipped'"

# --- lib.sh ----------------------------------------------------------------------------
cat >"$tmp/l.sh" <<EOF
tmp=\$(mktemp -d)
. '$here/lib.sh'
desc=one; t true
desc="two # SKIP not here"; t false
skip_point three "not here either"
desc=four; t false
finish
rc=\$?
rm -rf "\$tmp"
exit \$rc
EOF
desc="lib.sh: t, a desc with a SKIP directive (not run), skip_point, a failure: 1 passed, 1 failed, 2 skipped"
t sh -c "! sh '$tmp/l.sh' >'$tmp/l.out' && tail -n 1 '$tmp/l.out' | grep -qx '1 passed, 1 failed, 2 skipped' &&
	grep -qx 'ok 2 - two # SKIP not here' '$tmp/l.out' && grep -qx 'ok 3 - three # SKIP not here either' '$tmp/l.out'"

# --- suite.sh and total.sh --------------------------------------------------------------
r=$tmp/results
desc="suite.sh: a suite's closing line is kept"
t sh -c "sh '$here/suite.sh' '$r' one sh '$here/run-tap.sh' '$tmp/p1' >/dev/null && grep -qx '1 passed, 0 failed, 2 skipped' '$r/one'"
desc="suite.sh: skips are said: SKIPPED: one: no cpio"
t sh -c "sh '$here/suite.sh' '$r' one sh '$here/run-tap.sh' '$tmp/p1' | grep -qx 'SKIPPED: one: no cpio'"
desc="suite.sh: a whole-suite skip (77) outside CI: exit 0, SKIPPED: why, one skipped point"
t sh -c "CI= sh '$here/suite.sh' '$r' -S two '$tmp/p3' >'$tmp/s2' && grep -qx 'SKIPPED: two: no kernel' '$tmp/s2' &&
	grep -qx '0 passed, 0 failed, 1 skipped' '$r/two'"
desc="suite.sh -S under CI=true: the same skip fails, and counts as a failure"
t sh -c "! CI=true sh '$here/suite.sh' '$r' -S three '$tmp/p3' >'$tmp/s3' &&
	grep -q '^FAILED: three skipped in CI' '$tmp/s3' && grep -qx '0 passed, 1 failed, 0 skipped' '$r/three'"
desc="suite.sh -S under CI=true: a skipped point fails too"
t sh -c "! CI=true sh '$here/suite.sh' '$r' -S four sh '$here/run-tap.sh' '$tmp/p1' >/dev/null &&
	grep -qx '1 passed, 2 failed, 0 skipped' '$r/four'"
desc="suite.sh without -S under CI=true: a skip stays a skip"
t sh -c "CI=true sh '$here/suite.sh' '$r' five '$tmp/p3' >/dev/null && grep -qx '0 passed, 0 failed, 1 skipped' '$r/five'"
desc="suite.sh: no closing line (lint): one point, by the exit status"
t sh -c "sh '$here/suite.sh' '$r' six true && grep -qx '1 passed, 0 failed, 0 skipped' '$r/six' &&
	! sh '$here/suite.sh' '$r' seven false && grep -qx '0 passed, 1 failed, 0 skipped' '$r/seven'"
desc="suite.sh: a failing exit without a failing point gets one"
prog p5 1 '3 passed, 0 failed, 0 skipped'
t sh -c "! sh '$here/suite.sh' '$r' eight '$tmp/p5' && grep -qx '3 passed, 1 failed, 0 skipped' '$r/eight'"
desc="total.sh: the sum of the suites, last; a suite without a verdict is a failure"
t sh -c "! sh '$here/total.sh' '$r' one two six missing >'$tmp/t1' &&
	tail -n 1 '$tmp/t1' | grep -qx '2 passed, 1 failed, 3 skipped' &&
	grep -q '^missing: *did not run' '$tmp/t1' && grep -qx 'SKIPPED: two: no kernel' '$tmp/t1'"
desc="total.sh: a failure with the disk (nearly) full: a NOTE says so, before the sum"
t sh -c "! WMISHIM_LOW_SPACE_MIB=999999999 sh '$here/total.sh' '$r' one missing >'$tmp/t3' &&
	grep -q '^NOTE: [0-9]* MiB free on the file system of $r: a suite may have failed for want of space' '$tmp/t3' &&
	tail -n 1 '$tmp/t3' | grep -qx '1 passed, 1 failed, 2 skipped'"
desc="total.sh: a failure with space enough, or no failure: no NOTE"
t sh -c "! WMISHIM_LOW_SPACE_MIB=0 sh '$here/total.sh' '$r' one missing >'$tmp/t4' && ! grep -q '^NOTE' '$tmp/t4' &&
	WMISHIM_LOW_SPACE_MIB=999999999 sh '$here/total.sh' '$r' one >'$tmp/t5' && ! grep -q '^NOTE' '$tmp/t5'"
desc="total.sh: all passed or skipped: exit 0"
t sh -c "sh '$here/total.sh' '$r' one two six >'$tmp/t2' && tail -n 1 '$tmp/t2' | grep -qx '2 passed, 0 failed, 3 skipped'"

# --- cli/run.sh -----------------------------------------------------------------------
mkdir -p "$tmp/src/tests/cli" "$tmp/build/fixtures"
echo data >"$tmp/build/fixtures/x.txt"
cat >"$tmp/src/tests/cli/echo.t" <<'EOF'
# the build directory is ../../build, whatever BUILD is; several stderr lines
args: ../../build/fixtures/x.txt
status: 0
stderr: to stderr
stderr: and more
--- stdout
data
EOF
cat >"$tmp/tool" <<'EOF'
#!/bin/sh
cat "$1"
echo "to stderr and more" >&2
EOF
chmod +x "$tmp/tool"
cp "$here/cli/run.sh" "$tmp/src/tests/cli/run.sh"
desc="cli/run.sh: ../../build is BUILD; every stderr: line must be there; closing line with skipped"
t sh -c "BUILD='$tmp/build' sh '$tmp/src/tests/cli/run.sh' '$tmp/tool' '$tmp/src/tests/cli/echo.t' | tail -n 1 | grep -qx '1 passed, 0 failed, 0 skipped'"
sed '/^stderr: and more$/a stderr: not printed' "$tmp/src/tests/cli/echo.t" >"$tmp/src/tests/cli/echo2.t"
desc="cli/run.sh: a missing stderr line fails the case"
t sh -c "! BUILD='$tmp/build' sh '$tmp/src/tests/cli/run.sh' '$tmp/tool' '$tmp/src/tests/cli/echo2.t' >'$tmp/c2' &&
	grep -q 'stderr lacks \"not printed\"' '$tmp/c2'"
sed '/^stderr: and more$/a stderr-lines: 2' "$tmp/src/tests/cli/echo.t" >"$tmp/src/tests/cli/echo3.t"
desc="cli/run.sh: stderr-lines: N fails a case whose stderr has another number of lines"
t sh -c "! BUILD='$tmp/build' sh '$tmp/src/tests/cli/run.sh' '$tmp/tool' '$tmp/src/tests/cli/echo3.t' >'$tmp/c3' &&
	grep -q 'stderr has 1 lines, wanted 2' '$tmp/c3'"
sed 's/^data$/status: 1/' "$tmp/src/tests/cli/echo.t" >"$tmp/src/tests/cli/echo4.t"
echo 'status: 1' >"$tmp/build/fixtures/x.txt"
desc="cli/run.sh: a line \"status: ...\" of the output wanted is output, not the status wanted"
t sh -c "BUILD='$tmp/build' sh '$tmp/src/tests/cli/run.sh' '$tmp/tool' '$tmp/src/tests/cli/echo4.t' | tail -n 1 | grep -qx '1 passed, 0 failed, 0 skipped'"

finish
