#!/bin/sh
# wmishim report over the fleet made of the fixtures (make's BUILD/fleet):
# every machine read or its failure said (a crash inside ACPICA, a hang and
# a memory blow-up the guard's test faults make, a dump that does not
# parse), the run going on; the same summary whatever -j and however the
# lines are sharded and merged; the HTML page well-formed, self-contained
# and holding the figures; a progress line only on a terminal; a folder
# reached again through links read once, and said; names that would drive a
# terminal escaped; a long line of many strings read in the memory its
# length bounds.
#
# Usage: report.sh FLEET WMISHIM... (each build in turn).  TAP; the
# closing line is "N passed, N failed, N skipped".
set -u
fleet=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0 pass=0 fail=0 skip=0

ok() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		pass=$((pass + 1))
		echo "ok $n - $name: $2"
	else
		fail=$((fail + 1))
		echo "not ok $n - $name: $2"
	fi
}

skip() {
	n=$((n + 1))
	skip=$((skip + 1))
	echo "ok $n - $name: $1 # SKIP $2"
}

# Has FILE the line LINE, exactly?
has() { grep -qxF -- "$2" "$1"; }

# browse PAGE: what a headless chromium made of PAGE, a line each: every
# SVG's drawn size and bars, the tables and rows, the resources it fetched,
# and whether the summary line is on the page (a probe script added to a
# copy, which the browser runs; --dump-dom gives its lines back).
browse() {
	cp "$1" "$tmp/probe.html"
	cat >>"$tmp/probe.html" <<'JS'
<script>
var r = [];
document.querySelectorAll('svg').forEach(function (s) {
  var b = s.getBoundingClientRect();
  r.push('svg ' + Math.round(b.width) + 'x' + Math.round(b.height) + ' ' + s.querySelectorAll('rect').length + ' bars');
});
r.push('tables ' + document.querySelectorAll('table').length + ' rows ' + document.querySelectorAll('tr').length);
r.push('resources ' + performance.getEntriesByType('resource').length);
var m = document.body.innerText.match(/\d+ machines: [^\n]*/);
r.push('text ' + (m ? m[0] : 'none'));
var p = document.createElement('pre'); p.id = 'probe'; p.textContent = r.join('\n');
document.body.appendChild(p);
</script>
JS
	HOME=$tmp timeout 120 chromium --headless=new --no-sandbox --disable-gpu --no-first-run \
		--disable-background-networking --user-data-dir="$tmp/chromium" \
		--dump-dom "file://$tmp/probe.html" 2>"$tmp/chromium.err" |
		sed -n '/<pre id="probe">/,/<\/pre>/p' | sed -e 's/.*<pre id="probe">//' -e 's/<\/pre>.*//' |
		sed '/^$/d'
}

# The faults: /hang waits for ever, /memory allocates until the limit;
# the other machines run as they are.  Under the sanitizers the crash is
# theirs to report (abort_on_error), as in tests/cli/check-corrupt.t.
run() {
	env WMISHIM_KERNEL=6.12 WMISHIM_TEST_REPORT_FAULT="/hang=hang /memory=memory" \
		WMISHIM_TIME_LIMIT_S=5 WMISHIM_MEMORY_LIMIT_MB=256 \
		ASAN_OPTIONS=abort_on_error=1:detect_leaks=0 UBSAN_OPTIONS=abort_on_error=1 \
		"$tool" report "$@"
}

# report --try where no guest boots: try's helpers stand-ins (a kernel
# that is tests/cli/data's stand-in, or none, or one whose download hangs;
# an initramfs of a word; a boot that finds no QEMU), for what the run does
# around the boots: the lines it keeps in -o FILE and their names, a file
# that is not its own, a kernel that could not be had tried again, a
# --compare of lines it does not boot, a stop while a kernel is fetched or
# between two steps, a --with by an overlay's name, a fix's name that is
# not UTF-8 (a boot the stand-in says ended, with nothing in it).
farm_offline() {
	f=$tmp/farm-$(basename "$(dirname "$tool")")
	rm -rf "$f" && mkdir -p "$f/libexec" "$f/cache" "$f/tmp" "$f/names/m-$(printf '\351')"
	cp "$fleet/eeepc/"* "$f/names/m-$(printf '\351')/"
	data=$(cd "$(dirname "$0")/cli/data" && pwd)
	cat >"$f/libexec/kernels.sh" <<EOF
#!/bin/sh
echo "\$*" >>'$f/kcalls'
[ ! -e '$f/kfail' ] || exit 1
[ ! -e '$f/kterm' ] || { trap '' TERM; kill -TERM \$PPID; }
[ ! -e '$f/kslow' ] || { echo \$\$ >'$f/kpid'; exec sleep 60; }
[ ! -e '$f/kline' ] || exec cat '$f/kline'
echo "7.3.4+deb13-amd64 $data/try-vmlinuz $data/try-modules"
EOF
	cat >"$f/libexec/try-guest.sh" <<EOF
#!/bin/sh
echo "\$1" >>'$f/gcalls'
echo "\$*" >>'$f/gargs'
case \$1 in
initramfs)
	for a; do [ "\$prev" != -g ] || cp "\$a" '$f/guids'; prev=\$a m3=\$m2 m2=\$m1 m1=\$a out=\$a; done
	{ echo "== \$m3"; cat "\$m3/modules.dep"; } >>'$f/gdeps'
	echo stand-in >"\$out" ;;
*)
	for a; do case \$a in */firmware/initrd) cp "\$a" '$f/initrd' ;; esac; done
	[ -e '$f/gboot' ] || { echo "qemu-system-x86_64: not found (a stand-in)" >&2; exit 6; }
	for a; do log=\$a; done
	printf 'WMISHIM-TRY-START\nWMISHIM-TRY-DONE\n' >"\$log"
	echo "boot: tcg 1.0" ;;
esac
EOF
	fo() { # -o FILE, ARGS...: report --try with the stand-ins; its status in $rc
		rc=0
		env WMISHIM_LIBEXECDIR="$f/libexec" XDG_CACHE_HOME="$f/cache" TMPDIR="$f/tmp" \
			ASAN_OPTIONS=abort_on_error=1:detect_leaks=0 UBSAN_OPTIONS=abort_on_error=1 \
			"$tool" report --try "$@" >"$f/out" 2>"$f/err" || rc=$?
	}

	# A machine whose folder's name is not UTF-8: its line in -o FILE is
	# (U+FFFD for the byte), --merge reads the file, and a run started again
	# finds the pair done.  Before, the line was written as the name's bytes,
	# the run failed on it, and each run after on the file.
	fo --kernel 7.3 -o "$f/names.jsonl" "$f/names"
	rc1=$rc
	"$tool" report --merge "$f/names.jsonl" >"$f/merged" 2>&1
	rc2=$?
	fo --kernel 7.3 -o "$f/names.jsonl" "$f/names"
	ok "$([ $rc1 = 1 ] && [ $rc2 = 1 ] && [ $rc = 1 ] && [ "$(wc -l <"$f/names.jsonl")" = 1 ] &&
		grep -q "\"machine\": \"$f/names/m-$(printf '\357\277\275')\", \"kind\": \"try\".*\"failure\": \"missing\"" "$f/names.jsonl" &&
		grep -q "m-$(printf '\357\277\275')" "$f/merged" &&
		grep -q "1 of 1 boots done already in $f/names.jsonl: not run again" "$f/err" && echo 0)" \
		"report --try: a machine named with a byte that is not UTF-8: its line kept (U+FFFD), merged, found done when run again"

	# The guest's initramfs kept in the cache, its module list that cannot
	# be written there (a directory in its place): said, with the reason.
	# Before, the kernel's failure said "said above" and nothing was.
	rm -rf "$f/cache"
	fo --kernel 7.3 "$fleet/eeepc"
	img=$(find "$f/cache/wmishim/farm" -name '*.cpio.gz')
	rm -f "$img" "$img.modules" && mkdir -p "$img.modules/x"
	fo --kernel 7.3 "$fleet/eeepc"
	ok "$([ -n "$img" ] && [ $rc = 1 ] && grep -q "cannot write $img.modules: Is a directory" "$f/err" &&
		grep -q "initramfs for Linux 7.3.4+deb13-amd64 could not be made (said above)" "$f/err" && echo 0)" \
		"report --try: the guest's module list that cannot be kept in the cache: said why"
	rm -rf "$f/cache"

	# The guest's initramfs moved into the cache by a helper killed halfway
	# (a stand-in mv, in PATH: part of the file, then SIGKILL): no cut file
	# under the cache's name for a later run to take.  Before, the
	# initramfs was moved in by mv, across filesystems a copy into the
	# final name, and a kill there left a cut file every later boot took.
	mkdir -p "$f/bin"
	# shellcheck disable=SC2016 # the stand-in's own words
	printf '#!/bin/sh\nhead -c 4 "$1" >"$2"\nkill -KILL $$\n' >"$f/bin/mv"
	chmod +x "$f/bin/mv"
	PATH="$f/bin:$PATH" fo --kernel 7.3 "$fleet/eeepc"
	img=$(find "$f/cache/wmishim/farm" -name '*.cpio.gz')
	ok "$([ -n "$img" ] && [ "$(cat "$img")" = stand-in ] && echo 0)" \
		"report --try: the guest's initramfs kept in the cache whole, never cut (temporary file beside it, renamed)"
	rm -rf "${f:?}/cache" "${f:?}/bin"

	# The cache pruned: a new initramfs made, the 8 used last are kept (a
	# use sets a file's time) and the others go with their module lists,
	# said.  Before, every fleet and build left its initramfs for good.
	mkdir -p "$f/cache/wmishim/farm"
	for i in 1 2 3 4 5 6 7 8 9; do
		echo old >"$f/cache/wmishim/farm/old$i-000000000000000$i.cpio.gz"
		echo old >"$f/cache/wmishim/farm/old$i-000000000000000$i.cpio.gz.modules"
		touch -d "2020-01-0$i 00:00" "$f/cache/wmishim/farm/old$i-000000000000000$i.cpio.gz"
	done
	echo mine >"$f/cache/wmishim/farm/notes.txt"
	fo --kernel 7.3 "$fleet/eeepc"
	ok "$([ "$(find "$f/cache/wmishim/farm" -name "*.cpio.gz" | wc -l)" -eq 8 ] &&
		[ ! -e "$f/cache/wmishim/farm/old2-0000000000000002.cpio.gz" ] &&
		[ ! -e "$f/cache/wmishim/farm/old2-0000000000000002.cpio.gz.modules" ] &&
		[ -e "$f/cache/wmishim/farm/old3-0000000000000003.cpio.gz.modules" ] &&
		[ -e "$f/cache/wmishim/farm/notes.txt" ] &&
		grep -q "note: report: $f/cache/wmishim/farm: old1-0000000000000001.cpio.gz removed (0.0 MiB, used [0-9]* days ago): not among the 8 used last" "$f/err" &&
		grep -q "note: report: $f/cache/wmishim/farm: 2 guest initramfs removed (0.0 MiB), 8 kept" "$f/err" &&
		echo 0)" \
		"report --try: the farm's cache keeps the 8 initramfs used last, the others removed with their module lists, each said"
	rm -rf "$f/cache"

	# --cache-max-age 30: those unused for longer go; --cache-max 6K: then
	# the least lately used, till the rest fit; each said.  A run that
	# makes none prunes nothing; the initramfs a run uses stays, whatever
	# the limit (--cache-max 1: said).
	c=$f/cache/wmishim/farm
	mkdir -p "$c"
	for i in 1 2 3 4; do
		head -c $((i * 1024)) /dev/zero >"$c/old$i-000000000000000$i.cpio.gz"
		echo old >"$c/old$i-000000000000000$i.cpio.gz.modules"
	done
	touch -d "2020-01-01 00:00" "$c/old1-0000000000000001.cpio.gz" "$c/old2-0000000000000002.cpio.gz"
	touch -d "3 days ago" "$c/old3-0000000000000003.cpio.gz"
	touch -d "2 days ago" "$c/old4-0000000000000004.cpio.gz"
	fo --kernel 7.3 --cache-max 6K --cache-max-age 30 "$fleet/eeepc"
	img=$(find "$c" -name '7.3*.cpio.gz')
	ok "$([ -n "$img" ] && [ "$(find "$c" -type f | wc -l)" = 4 ] && [ -e "$c/old4-0000000000000004.cpio.gz.modules" ] &&
		grep -Eq "note: report: $c: old1-0000000000000001.cpio.gz removed \(0.0 MiB, used [0-9]+ days ago\): not used in the last 30 days \(--cache-max-age\)$" "$f/err" &&
		grep -q "note: report: $c: old2-0000000000000002.cpio.gz removed (0.0 MiB, used [0-9]* days ago): not used in the last 30 days" "$f/err" &&
		grep -q "note: report: $c: old3-0000000000000003.cpio.gz removed (0.0 MiB, used 3 days ago): the cache past --cache-max 6K$" "$f/err" &&
		grep -q "note: report: $c: 3 guest initramfs removed (0.0 MiB), 2 kept (0.0 MiB)$" "$f/err" && echo 0)" \
		"report --try --cache-max 6K --cache-max-age 30: the initramfs unused for 30 days removed, then the least lately used till the rest fit, each said"
	fo --kernel 7.3 --cache-max 1 "$fleet/eeepc"
	none=$([ $rc = 1 ] && ! grep -q removed "$f/err" && [ -e "$c/old4-0000000000000004.cpio.gz" ] && echo 1)
	rm -f "$img" "$img.modules"
	fo --kernel 7.3 --cache-max 1 "$fleet/eeepc"
	ok "$([ "$none" = 1 ] && [ $rc = 1 ] && [ "$(find "$c" -type f | sort)" = "$(printf '%s\n' "$img" "$img.modules" | sort)" ] &&
		grep -q "note: report: $c: old4-0000000000000004.cpio.gz removed (0.0 MiB, used 2 days ago): the cache past --cache-max 1$" "$f/err" &&
		grep -q "note: report: $c: 0.0 MiB kept, past --cache-max 1: the initramfs this run uses are kept$" "$f/err" && echo 0)" \
		"report --try --cache-max 1: a run that makes no initramfs prunes none; one that does keeps its own, said, and removes the rest"
	rm -rf "$f/cache"

	# A kernel that could not be had: said, but not kept in -o FILE; a
	# run started again asks for it again.
	touch "$f/kfail"
	: >"$f/kcalls"
	fo --kernel 6.12 -o "$f/nokernel.jsonl" "$fleet/eeepc"
	rc1=$rc
	fo --kernel 6.12 -o "$f/nokernel.jsonl" "$fleet/eeepc"
	ok "$([ $rc1 = 1 ] && [ $rc = 1 ] && [ ! -s "$f/nokernel.jsonl" ] && [ "$(wc -l <"$f/kcalls")" = 2 ] &&
		grep -q "kernel 6.12: Debian's 6.12 kernel cannot be had" "$f/err" && ! grep -q "done already" "$f/err" && echo 0)" \
		"report --try: a kernel that could not be had is not kept in -o FILE: asked for again when the run starts again"

	# -o FILE that is not report --try's: refused as it is (it was cut to
	# its last newline before it was read).
	printf 'my notes\nno newline at the end' >"$f/notes.txt"
	fo --kernel 6.12 -o "$f/notes.txt" "$fleet/eeepc"
	ok "$([ $rc = 2 ] && [ "$(cat "$f/notes.txt")" = "$(printf 'my notes\nno newline at the end')" ] &&
		grep -q "notes.txt:1: not a line of wmishim report" "$f/err" && echo 0)" \
		"report --try -o FILE whose lines are not report's: refused, the file untouched"
	printf 'my notes, one line' >"$f/notes1.txt"
	fo --kernel 6.12 -o "$f/notes1.txt" "$fleet/eeepc"
	ok "$([ $rc = 2 ] && [ "$(cat "$f/notes1.txt")" = "my notes, one line" ] &&
		grep -q "its last line is not a line of report --try: not touched" "$f/err" && echo 0)" \
		"report --try -o FILE of one line without a newline, not report's: refused, the file untouched"

	# --compare of a line --kernel does not boot: refused (it compared
	# nothing and found no machine broken).
	fo --kernel 6.12,7.3 --compare 6.12,7.2 "$fleet/eeepc"
	ok "$([ $rc = 2 ] && grep -q -- "--compare 6.12,7.2: 7.2 is not one of the lines --kernel boots (6.12,7.3)" "$f/err" && echo 0)" \
		"report --try --compare of a line --kernel does not boot: refused"

	# SIGTERM while the kernel is fetched: the download ended with the
	# run, which dies of the signal and leaves nothing (it waited for the
	# download before).  Killed after 20 s, against a download of 60.
	rm -f "$f/kfail" "$f/kpid" && touch "$f/kslow"
	env WMISHIM_LIBEXECDIR="$f/libexec" XDG_CACHE_HOME="$f/cache" TMPDIR="$f/tmp" \
		ASAN_OPTIONS=detect_leaks=0 "$tool" report --try --kernel 7.2 "$fleet/eeepc" >/dev/null 2>&1 &
	rpid=$!
	i=0
	while [ ! -s "$f/kpid" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
	kill -TERM "$rpid" 2>/dev/null
	i=0
	while [ "$(ps -o stat= -p "$rpid" | cut -c1)" != Z ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
	kill -KILL "$rpid" 2>/dev/null
	wait "$rpid"
	rc=$?
	kpid=$(cat "$f/kpid" 2>/dev/null)
	ok "$([ -n "$kpid" ] && [ $rc = 143 ] && ! kill -0 "$kpid" 2>/dev/null &&
		[ -z "$(ls "$f/tmp")" ] && echo 0)" \
		"report --try: SIGTERM while a kernel is fetched ends the download and the run (143), nothing left"
	[ -z "$kpid" ] || kill "$kpid" 2>/dev/null
	rm -f "$f/kslow"

	# nohup: a SIGHUP ignored by whoever started the run stays ignored,
	# as try's own rule has it (try_signals_take); SIGTERM still ends it.
	# Before, report --try caught the SIGHUP and died of it (129).
	rm -f "$f/kpid" && touch "$f/kslow"
	env WMISHIM_LIBEXECDIR="$f/libexec" XDG_CACHE_HOME="$f/cache" TMPDIR="$f/tmp" \
		ASAN_OPTIONS=detect_leaks=0 sh -c 'trap "" HUP; exec "$@"' sh \
		"$tool" report --try --kernel 7.2 "$fleet/eeepc" >/dev/null 2>&1 &
	rpid=$!
	i=0
	while [ ! -s "$f/kpid" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
	kill -HUP "$rpid" 2>/dev/null
	sleep 1
	alive=$([ "$(ps -o stat= -p "$rpid" | cut -c1)" != Z ] && kill -0 "$rpid" 2>/dev/null && echo 1)
	kill -TERM "$rpid" 2>/dev/null
	i=0
	while [ "$(ps -o stat= -p "$rpid" | cut -c1)" != Z ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
	kill -KILL "$rpid" 2>/dev/null
	wait "$rpid"
	rc=$?
	kpid=$(cat "$f/kpid" 2>/dev/null)
	ok "$([ -n "$kpid" ] && [ "$alive" = 1 ] && [ $rc = 143 ] && [ -z "$(ls "$f/tmp")" ] && echo 0)" \
		"report --try under nohup: SIGHUP ignored (the run goes on), SIGTERM ends it (143), nothing left"
	[ -z "$kpid" ] || kill "$kpid" 2>/dev/null
	rm -f "$f/kslow"

	# SIGTERM that comes between two steps (the kernel's download ended
	# as it came: the stand-in ignores it): no step after it starts.
	# Before, the initramfs was made all the same.
	rm -rf "$f/gcalls" "$f/cache" && touch "$f/kterm"
	fo --kernel 7.3 "$fleet/eeepc"
	ok "$([ $rc = 143 ] && [ ! -e "$f/gcalls" ] && [ -z "$(ls "$f/tmp")" ] && echo 0)" \
		"report --try: SIGTERM between two steps of a kernel's: no step after it (143), nothing left"
	rm -f "$f/kterm"

	# --with by an overlay's name, as try takes it: its GUIDs are in the
	# initramfs's list too (its name was taken for a path before); a
	# --with that is neither: refused.
	rm -rf "$f/guids" "$f/cache"
	fo --kernel 7.3 --with wmi-testbench "$fleet/eeepc"
	ok "$([ $rc = 1 ] && grep -q '^5A5A1000-0000-4000-8000-000000000001$' "$f/guids" && echo 0)" \
		"report --try --with wmi-testbench (an overlay's name): its GUIDs in the guest's initramfs's list"
	fo --kernel 7.3 --with no-such-overlay "$fleet/eeepc"
	ok "$([ $rc = 2 ] && grep -q -- "--with no-such-overlay: no such file, and no overlay of that name" "$f/err" && echo 0)" \
		"report --try --with neither a path nor an overlay's name: refused"

	# A fix whose name is not UTF-8: U+FFFD in the line (the line was
	# refused and the run failed).
	mkdir -p "$f/w-$(printf '\351')"
	"$tool" fix --kernel 7.3 "$fleet/eeepc" -o "$f/w-$(printf '\351')/eeepc-fix" >/dev/null 2>&1
	touch "$f/gboot"
	fo --kernel 7.3 --with "$f/w-$(printf '\351')/eeepc-fix" -o "$f/fix.jsonl" "$fleet/eeepc"
	ok "$([ $rc = 1 ] && grep -q "\"fix\": \"$f/w-$(printf '\357\277\275')/eeepc-fix\"" "$f/fix.jsonl" && echo 0)" \
		"report --try --with a fix whose name is not UTF-8: U+FFFD in its line, the run whole"
	rm -f "$f/gboot"

	# Two machines whose names differ only in bytes that are not UTF-8:
	# one name in the lines, refused, said (the run failed: "a worker
	# failed").
	mkdir -p "$f/two/m-$(printf '\350')" && cp "$fleet/eeepc/"* "$f/two/m-$(printf '\350')/"
	cp -r "$f/names/m-$(printf '\351')" "$f/two/"
	env WMISHIM_KERNEL=6.12 "$tool" report "$f/two" >"$f/out" 2>"$f/err"
	rc=$?
	ok "$([ $rc = 2 ] && grep -q "two machines named $f/two/m-$(printf '\357\277\275') once bytes that are not UTF-8 are U+FFFD: rename one" "$f/err" && echo 0)" \
		"report: two machines whose names differ only in bytes that are not UTF-8: refused, said"

	# --compare of one kernel twice: refused before any boot (it booted,
	# then compared nothing).
	: >"$f/kcalls"
	fo --kernel 6.12,7.3 --compare 7.3,7.3 "$fleet/eeepc"
	ok "$([ $rc = 2 ] && [ ! -s "$f/kcalls" ] &&
		grep -q -- "--compare 7.3,7.3: one kernel twice, not two (--kernel boots 6.12,7.3)" "$f/err" && echo 0)" \
		"report --try --compare 7.3,7.3: refused (2) before any kernel is fetched"

	# -o FILE whose lines are of 8 kernels, and --kernel one more: more
	# than the summary shows, refused before any boot.
	for k in 6.1 6.6 6.12 7.0 7.1 7.2 7.4 7.5; do tl other $k "$(bootd "$(dv "$g")" "")"; done >"$f/k9.jsonl"
	cp "$f/k9.jsonl" "$f/k9.orig"
	: >"$f/kcalls"
	fo --kernel 7.3 -o "$f/k9.jsonl" "$fleet/eeepc"
	ok "$([ $rc = 2 ] && [ ! -s "$f/kcalls" ] && cmp -s "$f/k9.jsonl" "$f/k9.orig" &&
		grep -q "report: the lines of -o FILE and --kernel name 9 kernels (6.1, 6.6, 6.12, 7.0, 7.1, 7.2, 7.3, 7.4, 7.5): the summary shows 8 at most" "$f/err" &&
		echo 0)" "report --try -o FILE of 8 kernels' lines, --kernel a 9th: refused (2) before any kernel is fetched"

	# A machine folder named --live (given after --): booted with its own
	# tables, as a folder (the guest's firmware archive holds its ASUS010).  Before, try took it for its option and booted
	# this host's firmware.
	rm -rf "$f/dash" "$f/initrd" && mkdir -p "$f/dash/--live" && cp "$fleet/eeepc/"* "$f/dash/--live/"
	abs=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")
	# shellcheck disable=SC2030 # the subshell's own tool
	(cd "$f/dash" && tool=$abs && fo --kernel 7.3 -o "$f/dash.jsonl" -- --live && exit "$rc")
	rc=$?
	ok "$([ $rc = 1 ] && grep -q '^{ "machine": "--live", "kind": "try", "kernel": "7.3", .*"status": "failed"' "$f/dash.jsonl" &&
		grep -aq ASUS010 "$f/initrd" && echo 0)" \
		"report --try of a machine folder named --live: its own tables booted (a folder, not try's option)"
	farm_pinned
	farm_recipes
}

# report --try's kernels pinned, its lines keyed by what they booted
# (the stand-ins of farm_offline, in $f): a kernel resolved once a run,
# every boot the run's copy of its image; -o FILE's pairs whose tables,
# kernel build or fixes changed since booted again; --merge of lines of
# two builds under one column refused; --kernel NAME=SPEC: a line with
# modules of one's own laid over it (stand-in modules: ELF objects with a
# .modinfo, as modinfo and depmod read them), an image and modules, a
# build tree.
# shellcheck disable=SC2031 # $tool: the run's (a subshell above sets its own)
farm_pinned() {
	rm -rf "$f/pin" "$f/cache" "$f/kline" "$f/gboot" && mkdir -p "$f/pin/a" "$f/pin/b" &&
		cp "$fleet/eeepc/"* "$f/pin/a/" && cp "$fleet/eeepc-nowm/"* "$f/pin/b/"
	: >"$f/kcalls"
	: >"$f/gargs"
	fo --kernel 7.3 -o "$f/pin.jsonl" "$f/pin"
	sha=$(sha256sum <"$data/try-vmlinuz" | cut -d' ' -f1)
	ok "$([ $rc = 1 ] && [ "$(wc -l <"$f/kcalls")" = 1 ] && [ "$(grep -c '^boot ' "$f/gargs")" = 2 ] &&
		! grep '^boot ' "$f/gargs" | grep -v " $f/tmp/wmishim-farm\.[^/]*/kernel-0/vmlinuz [^ ]*/initrd [^ ]*\$" | grep -q . &&
		[ "$(grep -c "\"build\": \"[0-9a-f]\{16\}\", \"pin\": { \"spec\": \"7.3\", \"release\": \"7.3.4+deb13-amd64\", \"image_sha256\": \"$sha\"" "$f/pin.jsonl")" = 2 ] &&
		grep -Eq '^Linux 7\.3: 0 of 2 booted, .*; build [0-9a-f]{16} \(7\.3\.4\+deb13-amd64\)$' "$f/out" && echo 0)" \
		"report --try: a kernel resolved once a run (kernels.sh asked once for 2 boots), every boot the run's copy of its image, each line its build, the summary too"

	# Run again: nothing booted.  Then machine b's tables changed (eeepc's
	# in their place): b booted again, said, a not.  Before, both "done
	# already", b's line of other tables kept.
	: >"$f/gargs"
	fo --kernel 7.3 -o "$f/pin.jsonl" "$f/pin"
	n1=$(grep -c '^boot ' "$f/gargs")
	rm -f "$f/pin/b/"* && cp "$fleet/eeepc/"* "$f/pin/b/"
	: >"$f/gargs"
	fo --kernel 7.3 -o "$f/pin.jsonl" "$f/pin"
	ok "$([ "$n1" = 0 ] && [ "$(grep -c '^boot ' "$f/gargs")" = 1 ] && grep -q "\"machine\": \"$f/pin/b\".*\"tables\": \"$(sed -n "s|.*\"machine\": \"$f/pin/a\".*\"tables\": \"\([0-9a-f]*\)\".*|\1|p" "$f/pin.jsonl")\"" "$f/pin.jsonl" &&
		grep -q "1 boots of $f/pin.jsonl were of other tables, another kernel build or other fixes: booted again" "$f/err" &&
		grep -q "1 of 2 boots done already" "$f/err" && [ "$(wc -l <"$f/pin.jsonl")" = 3 ] && echo 0)" \
		"report --try -o FILE: a machine whose tables changed since is booted again, said; the others not"

	# A fix whose files changed since (a file added to it): booted again.
	rm -rf "$f/pinfix" && mkdir -p "$f/pinfix"
	"$tool" fix --kernel 7.3 "$fleet/eeepc" -o "$f/pinfix/fix" >/dev/null 2>&1
	fo --kernel 7.3 --with "$f/pinfix/fix" -o "$f/pinw.jsonl" "$f/pin/a"
	echo changed >"$f/pinfix/fix/notes.txt"
	fo --kernel 7.3 --with "$f/pinfix/fix" -o "$f/pinw.jsonl" "$f/pin/a"
	ok "$(grep -q "1 boots of $f/pinw.jsonl were of other tables, another kernel build or other fixes: booted again" "$f/err" &&
		[ "$(wc -l <"$f/pinw.jsonl")" = 2 ] && [ "$(grep -c '"fixes": "[0-9a-f]\{16\}"' "$f/pinw.jsonl")" = 2 ] && echo 0)" \
		"report --try -o FILE --with FIX: a fix whose files changed since is booted again, said"

	# Another build of the release (the image's last byte changed, as a
	# Debian revision of one ABI changes it) for b alone: --merge of the
	# two runs' lines refuses the column that mixes them.  Before, merged
	# without a word.
	head -c -1 "$data/try-vmlinuz" >"$f/vmlinuz2" && printf x >>"$f/vmlinuz2"
	echo "7.3.4+deb13-amd64 $f/vmlinuz2 $data/try-modules" >"$f/kline"
	fo --kernel 7.3 -o "$f/pin2.jsonl" "$f/pin/b"
	rm -f "$f/kline"
	"$tool" report --merge "$f/pin.jsonl" "$f/pin2.jsonl" >"$f/out" 2>"$f/err"
	rc=$?
	"$tool" report --merge "$f/pin.jsonl" >/dev/null 2>"$f/err1"
	ok "$([ $rc = 2 ] && [ ! -s "$f/out" ] && ! grep -q "mix kernel builds" "$f/err1" &&
		grep -q "^wmishim: report: the lines of 7.3 mix kernel builds: [0-9a-f]* (Linux 7.3.4+deb13-amd64, 1 line, $f/pin/a's among them) and [0-9a-f]* (Linux 7.3.4+deb13-amd64, 1 line, $f/pin/b's): one build a column" "$f/err" && echo 0)" \
		"--merge of lines of two builds of one kernel under one column: refused (2), said which"

	# Shards given the machines in two orders and spellings (absolute,
	# ./): each machine in one shard, whichever (its tables' key modulo
	# N); --merge of shard 1 of one order and shard 2 of the other has
	# every machine once, and of shard 1 alone says what is missing.
	# Before, the place in the sorted list: one machine in both, another
	# in neither, and --merge said nothing.
	rm -rf "$f/sh" && mkdir -p "$f/sh/fleet"
	for m in asus-dup eeepc eeepc-nowm; do mkdir -p "$f/sh/fleet/$m" && cp "$fleet/$m/"* "$f/sh/fleet/$m/"; done
	abs=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")
	# shellcheck disable=SC2030 # the subshell's own tool
	(cd "$f/sh" && tool=$abs && fo --kernel 7.3 --shard 1/2 -o "$f/sh/a1.jsonl" fleet/asus-dup fleet/eeepc fleet/eeepc-nowm &&
		fo --kernel 7.3 --shard 2/2 -o "$f/sh/b2.jsonl" ./fleet/eeepc-nowm fleet/eeepc "$f/sh/fleet/asus-dup"; true)
	"$tool" report --merge "$f/sh/a1.jsonl" "$f/sh/b2.jsonl" >/dev/null 2>"$f/sh/ab.err"
	rc=$?
	"$tool" report --merge "$f/sh/a1.jsonl" >/dev/null 2>"$f/sh/a.err"
	rc1=$?
	ok "$([ $rc = 1 ] && [ ! -s "$f/sh/ab.err" ] &&
		[ "$(cat "$f/sh/a1.jsonl" "$f/sh/b2.jsonl" | sed -n 's|.*"machine": "[^"]*fleet/\([^"]*\)".*"shard": "[12]/2", "fleet": 3,.*|\1|p' | sort | tr '\n' ' ')" = "asus-dup eeepc eeepc-nowm " ] &&
		[ $rc1 = 1 ] && grep -q "note: report: [12] of the fleet's 3 machines have no line (--shard I/2: no line of shard 2)" "$f/sh/a.err" && echo 0)" \
		"report --try --shard: machines given in two orders and spellings, each in one shard; --merge: every machine once, a shard missing said"
	sed 's|"shard": "2/2", "fleet": 3|"shard": "2/3", "fleet": 3|' "$f/sh/b2.jsonl" >"$f/sh/c.jsonl"
	"$tool" report --merge "$f/sh/a1.jsonl" "$f/sh/c.jsonl" >/dev/null 2>"$f/sh/c.err"
	rc=$?
	ok "$([ $rc = 2 ] && grep -q "the lines are of shards of two runs: --shard I/[23] of 3 machines, and I/[23] of 3" "$f/sh/c.err" && echo 0)" \
		"--merge of shards of two shardings (I/2 and I/3): refused (2), said"

	# --kernel NAME=SPEC.
	if ! command -v cc >/dev/null 2>&1 || ! PATH="$PATH:/usr/sbin:/sbin" command -v depmod >/dev/null 2>&1 ||
		! PATH="$PATH:/usr/sbin:/sbin" command -v modinfo >/dev/null 2>&1; then
		skip "report --try --kernel NAME=SPEC" "no cc, depmod or modinfo (Debian packages gcc, kmod)"
		return
	fi
	mk_ko() { # FILE VERMAGIC WHAT: a stand-in module
		printf 'const char v[] __attribute__((section(".modinfo"), used)) = "vermagic=%s SMP mod_unload ";\nconst char w[] __attribute__((section(".modinfo"), used)) = "description=%s";\n' \
			"$2" "$3" | cc -c -x c - -o "$1"
	}
	m=$f/mods/lib/modules/7.3.4+deb13-amd64
	rm -rf "$f/mods" "$f/patch" "$f/patch72" "$f/tree" &&
		mkdir -p "$m/kernel/drivers/platform/wmi" "$m/kernel/drivers/platform/x86" "$f/patch" "$f/patch72"
	mk_ko "$m/kernel/drivers/platform/wmi/wmi.ko" 7.3.4+deb13-amd64 released
	mk_ko "$m/kernel/drivers/platform/x86/eeepc-wmi.ko" 7.3.4+deb13-amd64 released
	printf 'kernel/drivers/platform/wmi/wmi.ko:\nkernel/drivers/platform/x86/eeepc-wmi.ko: kernel/drivers/platform/wmi/wmi.ko\n' >"$m/modules.dep"
	cp "$m/modules.dep" "$f/dep.orig"
	mk_ko "$f/patch/wmi.ko" 7.3.4+deb13-amd64 patched
	mk_ko "$f/patch72/wmi.ko" 7.2.0+deb13-amd64 patched
	echo "7.3.4+deb13-amd64 $data/try-vmlinuz $m" >"$f/kline"
	: >"$f/gdeps"
	fo --kernel "base=7.3,patched=7.3+$f/patch" -o "$f/named.jsonl" "$f/pin/a"
	ko=$(sha256sum <"$f/patch/wmi.ko" | cut -c1-16)
	bb=$(sed -n 's/.*"kernel": "base", .*"build": "\([0-9a-f]*\)".*/\1/p' "$f/named.jsonl")
	bp=$(sed -n 's/.*"kernel": "patched", .*"build": "\([0-9a-f]*\)".*/\1/p' "$f/named.jsonl")
	ok "$([ $rc = 1 ] && [ "$(wc -l <"$f/named.jsonl")" = 2 ] && [ -n "$bb" ] && [ -n "$bp" ] && [ "$bb" != "$bp" ] &&
		grep -q "\"kernel\": \"patched\", .*\"spec\": \"7.3+$f/patch\", .*\"overlay\": \"wmi.ko $ko\"" "$f/named.jsonl" &&
		grep -qx "updates/wmishim/wmi.ko:" "$f/gdeps" && [ "$(grep -c '^kernel/drivers/platform/x86/eeepc-wmi.ko:' "$f/gdeps")" = 2 ] &&
		[ "$(grep -c '^kernel/drivers/platform/wmi/wmi.ko:' "$f/gdeps")" = 1 ] &&
		cmp -s "$m/modules.dep" "$f/dep.orig" && [ -f "$m/kernel/drivers/platform/wmi/wmi.ko" ] && echo 0)" \
		"report --try --kernel base=7.3,patched=7.3+DIR: two columns, two builds; DIR's wmi.ko in place of the line's in the patched guest, the line's own untouched"

	fo --kernel "base=7.3,patched=7.3+$f/patch72" -o "$f/named72.jsonl" "$f/pin/a"
	ok "$([ $rc = 1 ] && grep -q "report: kernel patched: $f/patch72/wmi.ko is not a module of Linux 7.3.4+deb13-amd64 (its vermagic: 7.2.0+deb13-amd64 SMP mod_unload): build it against that line's headers" "$f/err" &&
		grep -q '"kernel": "base", .*"status"' "$f/named72.jsonl" && ! grep -q '"kernel": "patched"' "$f/named72.jsonl" && echo 0)" \
		"report --try --kernel patched=7.3+DIR, DIR's module built for another release: that kernel not had, said; the other booted"

	# An image and its modules (modules_install's INSTALL_MOD_PATH), and a
	# build tree (its bzImage, its modules installed in it): no Debian
	# kernel asked for.
	mkdir -p "$f/tree/arch/x86/boot" "$f/tree/lib/modules" && cp "$data/try-vmlinuz" "$f/tree/arch/x86/boot/bzImage" &&
		cp -r "$m" "$f/tree/lib/modules/"
	: >"$f/kcalls"
	fo --kernel "mine=$data/try-vmlinuz:$f/mods,tree=$f/tree" -o "$f/own.jsonl" "$f/pin/a"
	ok "$([ $rc = 1 ] && [ ! -s "$f/kcalls" ] &&
		grep -q "\"kernel\": \"mine\", .*\"spec\": \"$data/try-vmlinuz:$f/mods\", \"release\": \"7.3.4+deb13-amd64\"" "$f/own.jsonl" &&
		grep -q "\"kernel\": \"tree\", .*\"spec\": \"$f/tree\", \"release\": \"7.3.4+deb13-amd64\"" "$f/own.jsonl" && echo 0)" \
		"report --try --kernel mine=IMAGE:MODULES,tree=TREE: booted as given, no Debian kernel asked for"
	fo --kernel "7.3+$f/patch" "$f/pin/a"
	rc1=$rc
	fo --kernel "x=$f/nothing:$f/mods" "$f/pin/a"
	ok "$([ $rc1 = 2 ] && [ $rc = 2 ] && grep -q -- "--kernel $f/nothing:$f/mods: $f/nothing: No such file or directory" "$f/err" && echo 0)" \
		"report --try --kernel: a spec of one's own without a name, or naming nothing: refused (2)"
	rm -f "$f/kline"
}

# docs/fleets.md's two ways of running a farm's shards, as written there
# (the lines read from the page: a change to them is a change to what is
# run here), with farm_offline's stand-ins (a guest that boots and shows
# nothing): GNU parallel's line, four shards at once, then its --merge;
# the Slurm array job's script run as each of its 16 tasks.  Each gives
# every machine a line a kernel, once, and both merge to the same summary
# (but the boot times).
# shellcheck disable=SC2031 # $tool: the run's (a subshell above sets its own)
farm_recipes() {
	page=$(cd "$(dirname "$0")/.." && pwd)/docs/fleets.md
	r=$f/recipes
	rm -rf "$r" "$f/cache" "$f/kline" && mkdir -p "$r/bin" "$r/par/tables" "$r/slurm" && touch "$f/gboot"
	for m in asus-dup eeepc eeepc-nowm; do cp -r "$fleet/$m" "$r/par/tables/"; done
	cp -r "$r/par/tables" "$r/slurm/"
	# Debian's 6.12 as a stand-in too: try's stand-in image, its release
	# made 6.12's.
	cp -r "$f/libexec" "$r/libexec"
	sed 's/7\.3\.4+deb13-amd64 (wmishim test)/6.12.118+deb12-amd64 (wmishim)/' "$data/try-vmlinuz" >"$r/vmlinuz-6.12"
	cat >"$r/libexec/kernels.sh" <<EOF
#!/bin/sh
for a; do [ "\$a" != 6.12 ] || exec echo "6.12.118+deb12-amd64 $r/vmlinuz-6.12 $data/try-modules"; done
echo "7.3.4+deb13-amd64 $data/try-vmlinuz $data/try-modules"
EOF
	cat >"$r/bin/wmishim" <<EOF
#!/bin/sh
exec env WMISHIM_LIBEXECDIR='$r/libexec' XDG_CACHE_HOME='$f/cache' TMPDIR='$f/tmp' \
	ASAN_OPTIONS=abort_on_error=1:detect_leaks=0 UBSAN_OPTIONS=abort_on_error=1 '$tool' "\$@"
EOF
	chmod +x "$r/bin/wmishim"
	sed -i "s|'$tool'|'$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")'|" "$r/bin/wmishim"
	par=$(sed -n 's/^\$ \(parallel -j 4 wmishim report --try .*\)$/\1/p' "$page")
	merge=$(sed -n '/^\$ parallel -j 4 wmishim report --try /{n;s/^\$ \(wmishim report --merge .*\)$/\1/p;}' "$page")
	# shellcheck disable=SC2016 # the page's backquotes, matched
	sed -n '/^As a Slurm array job/,/^then `wmishim report --merge/p' "$page" | sed -n '/^```sh$/,/^```$/p' |
		sed '1d;$d' >"$r/job.sh"
	# GNU parallel's route (its status the number of shards that failed: a
	# machine of the fleet has no DSDT and does not boot), then the page's
	# --merge.
	(cd "$r/par" && PATH=$r/bin:$PATH sh -c "$par"; PATH=$r/bin:$PATH sh -c "$merge" >summary.txt 2>merge.err)
	prc=$?
	# The manual page's line (man/wmishim-report.1, roff's \- a -).
	manl=$(sed -n 's/\\-/-/g; s/^\(parallel -j 4 wmishim report --try .*\)$/\1/p' "$(dirname "$page")/../man/wmishim-report.1")
	mkdir -p "$r/man" && cp -r "$r/par/tables" "$r/man/"
	(cd "$r/man" && PATH=$r/bin:$PATH sh -c "$manl" >/dev/null)
	# Slurm's route: each task of the array (the job's --array=1-16).
	srcs=""
	for i in $(seq 16); do
		(cd "$r/slurm" && PATH=$r/bin:$PATH SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=16 sh "$r/job.sh")
		srcs="$srcs $?"
	done
	(cd "$r/slurm" && PATH=$r/bin:$PATH wmishim report --merge --compare 6.12,7.3 --html farm.html farm/shard-*.jsonl >summary.txt 2>/dev/null)
	pairs() { cat "$@" | grep -o '"machine": "[^"]*", "kind": "try", "kernel": "[^"]*"' | sed 's|"[^"]*/tables/|"|'; }
	untimed() { sed -e 's/boot time [0-9.]* s/boot time S s/' -e "s|$r/[a-z]*/||g" "$@"; }
	ok "$([ -n "$par" ] && [ -n "$merge" ] && grep -q '^wmishim report --try' "$r/job.sh" && [ $prc -le 1 ] &&
		[ "$(find "$r/par" -name 'shard-*.jsonl' | wc -l)" = 4 ] && [ "$(pairs "$r/par"/shard-*.jsonl | sort | uniq | wc -l)" = 6 ] &&
		[ "$(pairs "$r/par"/shard-*.jsonl | wc -l)" = 6 ] && [ -s "$r/par/farm.html" ] &&
		grep -q '^3 machines, 2 kernels: 6 boots' "$r/par/summary.txt" && [ -n "$manl" ] &&
		pairs "$r/par"/shard-*.jsonl | sort >"$r/p1" && pairs "$r/man"/shard-*.jsonl | sort >"$r/p2" && cmp -s "$r/p1" "$r/p2" && echo 0)" \
		"docs/fleets.md's GNU parallel line and its --merge, as written: 4 shard files, each machine a line a kernel, once; the summary and farm.html; the manual page's line the same shards"
	ok "$([ "$srcs" = "$(for i in $(seq 16); do printf ' 0'; done)" ] && [ "$(find "$r/slurm/farm" -name 'shard-*.jsonl' | wc -l)" = 16 ] &&
		[ "$(pairs "$r/slurm"/farm/shard-*.jsonl | wc -l)" = 6 ] && [ "$(pairs "$r/slurm"/farm/shard-*.jsonl | sort | uniq | wc -l)" = 6 ] &&
		untimed "$r/par/summary.txt" >"$r/a" && untimed "$r/slurm/summary.txt" >"$r/b" && cmp -s "$r/a" "$r/b" && echo 0)" \
		"docs/fleets.md's Slurm array job, as written, its 16 tasks: each exits 0, farm/ made, each machine a line a kernel, once; merged, the GNU parallel route's summary"
	# The page's first GNU parallel line, report's lines of a tree in
	# shards of 200 machines, and its --merge: the summary a run over the
	# tree gives.
	off=$(sed -n 's/^\$ \(ls -d tables\/\*\/ | parallel .*\)$/\1/p' "$page")
	offm=$(sed -n '/^\$ ls -d tables\/\*\/ | parallel /{n;s/^\$ \(wmishim report --merge .*\)$/\1/p;}' "$page")
	mkdir -p "$r/off" && cp -r "$r/par/tables" "$r/off/"
	(cd "$r/off" && PATH=$r/bin:$PATH sh -c "$off"; PATH=$r/bin:$PATH sh -c "$offm" >summary.txt 2>/dev/null;
		PATH=$r/bin:$PATH wmishim report --kernel 6.12 tables/*/ >direct.txt 2>/dev/null)
	ok "$([ -n "$off" ] && [ -n "$offm" ] && [ "$(find "$r/off" -name 'shard-*.jsonl' | wc -l)" = 1 ] &&
		[ "$(wc -l <"$r/off/shard-1.jsonl")" = 3 ] && [ -s "$r/off/fleet.html" ] && [ -s "$r/off/direct.txt" ] &&
		untimed "$r/off/direct.txt" >"$r/c" && untimed "$r/off/summary.txt" >"$r/d" && cmp -s "$r/c" "$r/d" && echo 0)" \
		"docs/fleets.md's GNU parallel line of report's lines (shards of 200) and its --merge, as written: a line a machine, the page, the summary of one run over the tree"
	rm -f "$f/gboot"
}

# The guest's console, as try reads it (src/try-guest.sh, no guest here):
# a name the firmware made (a _HID string with a newline and words) is one
# escaped word, and only what /init printed between the markers of this
# boot's nonce is the report: a forged "PLATDRV FORGED BAD" (or DRVMOD,
# try's verdict's: read as the report's before; or BACKLIGHT) before them, an
# end marker without the nonce, a line after the end are the console's.
# Before, /init printed sysfs names raw and any line of the console was
# read as the report's.
name=guest-console
console=$(
	try_guest_lib=1
	# shellcheck source=src/try-guest.sh
	. "$(dirname "$0")/../src/try-guest.sh"
	guest_escape "$tmp" || exit 1
	# shellcheck source=/dev/null # written just above
	. "$tmp/escape.sh"
	echo "PLATDRV $(esc "$(printf 'ASUS\nPLATDRV FORGED BAD\nWMISHIM-TRY-DONE')") asus-nb-wmi"
	printf 'PLATDRV FORGED BAD\nDRVMOD platform evil FORGED\nBACKLIGHT forged platform\nWMISHIM-TRY-DONE\nWMISHIM-TRY-START 0f1e\nWMIDEV a guid=1\n' >"$tmp/console"
	printf 'WMISHIM-TRY-DONE\nWMISHIM-TRY-DONE 0f1e\nPLATDRV LATE BAD\n' >>"$tmp/console"
	guest_console "$tmp/console" 0f1e && cat "$tmp/console"
)
expect='PLATDRV ASUS\x0aPLATDRV\x20FORGED\x20BAD\x0aWMISHIM-TRY-DONE asus-nb-wmi
console: PLATDRV FORGED BAD
console: DRVMOD platform evil FORGED
console: BACKLIGHT forged platform
console: WMISHIM-TRY-DONE
WMISHIM-TRY-START
WMIDEV a guid=1
console: WMISHIM-TRY-DONE
WMISHIM-TRY-DONE
console: PLATDRV LATE BAD'
ok "$([ "$console" = "$expect" ] && echo 0)" \
	"a firmware's name with newlines escaped; the report only between the markers of this boot's nonce"

for tool in "$@"; do
	name=$(basename "$(dirname "$tool")")/$(basename "$tool")
	run -j 2 "$fleet" >"$tmp/text" 2>"$tmp/err"
	ok "$([ $? = 1 ] && echo 0)" "a run with failed machines exits 1"
	has "$tmp/text" "14 machines: 10 read, 4 failed; 8 with WMI devices"
	ok $? "14 machines found (folders of tables, acpidump files; README passed over): 10 read, 4 failed"
	has "$tmp/text" "Linux 6.12: 10 WMI devices, 26 blocks, 23 in /sys/bus/wmi/devices; 10 errors, 4 warnings, 7 info"
	ok $? "the devices, blocks and findings of the 10 machines read (the four Eee PCs' ASUS010, which _OSI hides, as check finds it)"
	grep -Eq "^  $fleet/crash +crash-acpica +the ACPICA interpreter crashed on these tables \(.*, in ACPICA's code\)" "$tmp/text"
	ok $? "the corrupt table crashes ACPICA: said for that machine"
	grep -Eq "^  $fleet/hang +hang +stopped at the time limit of 5 s" "$tmp/text"
	ok $? "the hanging machine: stopped at the time limit"
	grep -Eq "^  $fleet/memory +memory +stopped at the memory limit of 256 MiB" "$tmp/text"
	ok $? "the memory blow-up: stopped at the memory limit"
	grep -Eq "^  $fleet/dumps/broken.dump +unreadable +$fleet/dumps/broken.dump:2: bad hex byte" "$tmp/text"
	ok $? "the dump that does not parse: unreadable, and why"
	grep -Eq '^  6.12 +NS_ENABLE_MISSING +info +5 +7$' "$tmp/text"
	ok $? "findings by code: NS_ENABLE_MISSING on 5 machines, 7 in all"
	grep -Eq '^  ABBC0F72-8EA1-11D1-00A0-C90629100000 event +4 eeepc_wmi$' "$tmp/text"
	ok $? "GUIDs by machines, with the module that binds each on the report's kernel (6.12)"
	grep -Eq "^  $fleet/eeepc-nowed +6.12 +.._SB_.AMW0 \[2\] ABBC0F72-8EA1-11D1-00A0-C90629100000 eeepc_wmi +_WED missing$" "$tmp/text"
	ok $? "a driver's GUID whose required method is missing"
	[ ! -s "$tmp/err" ]
	ok $? "nothing on stderr when it is not a terminal (no progress line, no machine's messages)"

	run -j 1 "$fleet" >"$tmp/text1" 2>/dev/null
	cmp -s "$tmp/text" "$tmp/text1"
	ok $? "-j 1 and -j 2 print the same summary"

	run --json "$fleet" >"$tmp/lines" 2>/dev/null
	[ "$(wc -l <"$tmp/lines")" = 14 ] && LC_ALL=C sort -c "$tmp/lines" &&
		[ "$(grep -c '"status": "failed"' "$tmp/lines")" = 4 ]
	ok $? "--json: one line a machine, sorted, 4 of them failed"
	grep '"dumps/' "$tmp/lines" >"$tmp/shard1"
	grep -v '"dumps/' "$tmp/lines" >"$tmp/shard2"
	"$tool" report --merge "$tmp/shard2" "$tmp/shard1" >"$tmp/merged" 2>"$tmp/err"
	ok "$([ $? = 1 ] && cmp -s "$tmp/text" "$tmp/merged" && echo 0)" \
		"--merge of two shards, in either order, prints the run's summary"

	"$tool" report --merge --html "$tmp/page.html" "$tmp/lines" >/dev/null 2>&1
	if command -v xmllint >/dev/null 2>&1; then
		xmllint --noout "$tmp/page.html"
		ok $? "--html: the page is well-formed (xmllint)"
	else
		skip "--html: the page is well-formed" "no xmllint (libxml2-utils; make deps)"
	fi
	! grep -Eiq '(src|href)=|url\(|@import' "$tmp/page.html" &&
		[ "$(grep -c '<svg xmlns' "$tmp/page.html")" = 2 ]
	ok $? "--html: no external resource; two inline SVG charts"
	grep -qF "<tr><td>6.12</td><td>NS_ENABLE_MISSING</td><td>info</td><td class=\"n\">5</td><td class=\"n\">7</td></tr>" "$tmp/page.html" &&
		grep -qF "14 machines: 10 read, 4 failed; 8 with WMI devices" "$tmp/page.html"
	ok $? "--html: the page holds the figures"
	if command -v chromium >/dev/null 2>&1; then
		browse "$tmp/page.html" >"$tmp/probe"
		sed 's/^/# browser: /' "$tmp/probe"
		grep -Eq '^svg [1-9][0-9]*x[1-9][0-9]* [1-9][0-9]* bars$' "$tmp/probe" &&
			[ "$(grep -Ec '^svg [1-9][0-9]*x[1-9][0-9]* [1-9][0-9]* bars$' "$tmp/probe")" = 2 ] &&
			has "$tmp/probe" "resources 0" && grep -Eq '^tables [1-9]' "$tmp/probe" &&
			has "$tmp/probe" "text 14 machines: 10 read, 4 failed; 8 with WMI devices"
		ok $? "--html: in a browser (chromium, headless): two charts drawn with bars, the tables, the figures, nothing fetched"
	else
		skip "--html: in a browser" "no chromium (make deps installs it)"
	fi

	if command -v script >/dev/null 2>&1; then
		script -qc "env WMISHIM_KERNEL=6.12 '$tool' report -j 2 '$fleet/eeepc' '$fleet/clean' >/dev/null" \
			/dev/null >"$tmp/tty" 2>&1
		grep -q "report: 2/2 machines, " "$tmp/tty"
		ok $? "a progress line on a terminal"
	else
		skip "a progress line on a terminal" "no script (util-linux)"
	fi

	# A folder of one acpidump file with a link to itself (read as 32
	# machines when the walk did not remember where it had been), then
	# another with a link to its parent too (2^32 paths: timeout ends it).
	rm -rf "$tmp/loop" && mkdir -p "$tmp/loop/a/m" "$tmp/loop/b/m" &&
		cp "$fleet/dumps/sample.dump" "$tmp/loop/a/m/" && cp "$fleet/dumps/sample.dump" "$tmp/loop/b/m/" &&
		ln -s . "$tmp/loop/a/m/self" && ln -s . "$tmp/loop/b/m/self" && ln -s .. "$tmp/loop/b/m/up"
	for l in a b; do
		timeout 120 env WMISHIM_KERNEL=6.12 "$tool" report --json "$tmp/loop/$l" >"$tmp/loop.out" 2>"$tmp/loop.err"
		rc=$?
		ok "$([ $rc = 0 ] && [ "$(wc -l <"$tmp/loop.out")" = 1 ] &&
			grep -q "^{\"machine\": \"$tmp/loop/$l/m/sample.dump\", \"status\": \"ok\"" "$tmp/loop.out" &&
			has "$tmp/loop.err" "wmishim: note: report: skipped $tmp/loop/$l/m/self: the same folder as $tmp/loop/$l/m, read already" &&
			{ [ $l = a ] || has "$tmp/loop.err" "wmishim: note: report: skipped $tmp/loop/$l/m/up: the same folder as $tmp/loop/$l, read already"; } &&
			echo 0)" "a folder with a link to itself$([ $l = a ] || echo ' and one to its parent'): one machine, each link skipped and said"
	done

	# A machine 34 folders down: the walk stops at 32 (it did, without a
	# word, and the machine was not found).
	deep=$tmp/deep
	for i in $(seq 1 33); do deep=$deep/$i; done
	rm -rf "$tmp/deep" && mkdir -p "$deep/m" && cp "$fleet/dumps/sample.dump" "$deep/m/"
	env WMISHIM_KERNEL=6.12 "$tool" report --json "$tmp/deep" >"$tmp/deep.out" 2>"$tmp/deep.err"
	rc=$?
	ok "$([ $rc = 2 ] &&
		has "$tmp/deep.err" "wmishim: note: report: skipped ${deep%/*}/33: more than 32 folders deep, not searched" &&
		echo 0)" "a machine 34 folders down: past the 32 searched, the folder skipped is said"

	# A machine whose name sets the terminal's title and clears its screen.
	esc=$(printf '\033')
	bel=$(printf '\007')
	rm -rf "$tmp/names" && mkdir -p "$tmp/names/m${esc}]0;owned${bel}${esc}[2J" &&
		cp "$fleet/eeepc-nowed/dsdt.aml" "$tmp/names/m${esc}]0;owned${bel}${esc}[2J/"
	run "$tmp/names" >"$tmp/names.out" 2>&1
	run --json "$tmp/names" >>"$tmp/names.out" 2>&1
	ok "$(! grep -q "[$esc$bel]" "$tmp/names.out" &&
		grep -qF "  $tmp/names/m\x1b]0;owned\x07\x1b[2J 6.12   \_SB_.AMW0 [2]" "$tmp/names.out" &&
		grep -qF "\"machine\": \"$tmp/names/m\u001b]0;owned\u0007\u001b[2J\"" "$tmp/names.out" &&
		echo 0)" "a machine named with terminal escapes: escaped in the text (\\x1b) and the JSON (\\u001b), none written"

	# One line of 6.7 MB holding 520,000 strings, within 256 MiB: of address
	# space (prlimit, util-linux), or for the sanitizers' build, whose shadow
	# memory needs more, of resident memory (ASan's hard_rss_limit_mb).  A
	# string copied with the rest of its line took 1.6 GB.
	awk 'BEGIN { printf "{\"machine\": \"big\", \"status\": \"ok\", \"notes\": ["
		for (i = 0; i < 520000; i++) printf "%s\"note%d\"", i ? ", " : "", i % 100000
		print "], \"kernels\": [{\"kernel\": \"6.12\", \"devices\": 0, \"blocks\": [], \"findings\": []}]}" }' \
		>"$tmp/big.jsonl"
	if ! command -v prlimit >/dev/null 2>&1; then
		skip "a line of 6.7 MB, 520,000 strings, within 256 MiB" "no prlimit (util-linux)"
	else
		limit="prlimit --as=268435456"
		prlimit --as=268435456 "$tool" --version >/dev/null 2>&1 ||
			limit="env ASAN_OPTIONS=hard_rss_limit_mb=256"
		# shellcheck disable=SC2086 # the limit's words
		$limit "$tool" report --merge "$tmp/big.jsonl" >"$tmp/big.out" 2>&1
		rc=$?
		ok "$([ $rc = 0 ] && has "$tmp/big.out" "1 machine: 1 read, 0 failed; 0 with WMI devices" && echo 0)" \
			"a line of $(wc -c <"$tmp/big.jsonl") bytes, 520,000 strings: read within 256 MiB ($limit)"
	fi

	# report --try's lines (made up: no boot here), merged: what 7.3 broke
	# on machine m1 (a driver that stops binding, a probe that fails, a
	# new error), the grid marking it; a later line of a pair wins; a line
	# of the kind that is not whole is refused.
	g=05901221-D566-11D1-B2F0-00A0C9062910
	boot() { # DEVICE-NAME DRIVERS PROBES ERRORS
		printf '{ "fix": null, "outcome": "booted", "accel": "tcg", "seconds": 9.5, "override_taken": true, "equal_to_prediction": true, "devices": [ "%s guid=%s instance_count=1" ], "predicted": [ "%s guid=%s instance_count=1" ], "drivers": [ %s ], "messages": [ %s ], "probe_failures": [ %s ], "acpi_errors": [ %s ], "console_tail": "" }' \
			"$1" "$g" "$1" "$g" "$2" "$3" "$3" "$4"
	}
	tl() { # MACHINE KERNEL BOOT
		printf '{ "machine": "%s", "kind": "try", "kernel": "%s", "status": "ok", "release": "%s", "exit": 0, "boots": [ %s ] }\n' "$1" "$2" "$2" "$3"
	}
	{
		tl m1 6.12 "$(boot "$g" "\"$g wmi-bmof\", \"eeepc-wmi eeepc-wmi (platform)\"" "" "")"
		tl m1 7.3 "$(boot "$g-1" "\"$g-1 wmi-bmof\"" "\"eeepc-wmi eeepc-wmi: probe with driver eeepc-wmi failed with error -16\"" '{ "count": 2, "text": "ACPI Error: AE_NOT_FOUND" }')"
		tl m2 6.12 "$(boot "$g" "\"$g wmi-bmof\"" "" "")"
		printf '{ "machine": "m2", "kind": "try", "kernel": "7.3", "status": "failed", "failure": "no-dsdt", "why": "no DSDT", "exit": 2 }\n'
	} >"$tmp/try1.jsonl"
	tl m2 7.3 "$(boot "$g-0" "\"$g-0 wmi-bmof\"" "" "")" >"$tmp/try2.jsonl"
	"$tool" report --merge --compare 6.12,7.3 "$tmp/try1.jsonl" "$tmp/try2.jsonl" >"$tmp/try.txt" 2>&1
	rc=$?
	ok "$([ $rc = 0 ] && has "$tmp/try.txt" "2 machines, 2 kernels: 4 boots; 4 booted, 0 not; 4 with the devices as predicted" &&
		has "$tmp/try.txt" "Linux 6.12 -> Linux 7.3: 2 machines differ, 1 broken:" &&
		grep -Eq '^  m1 +renamed +1 device ' "$tmp/try.txt" &&
		grep -Eq '^ +stops binding +eeepc-wmi eeepc-wmi \(platform\) +yes$' "$tmp/try.txt" &&
		grep -Eq '^ +probe fails +eeepc-wmi eeepc-wmi: probe with driver eeepc-wmi failed with error -16 +yes$' "$tmp/try.txt" &&
		grep -Eq '^ +new error +ACPI Error: AE_NOT_FOUND +yes$' "$tmp/try.txt" &&
		grep -Eq "^  m2 +renamed +1 device \($g -> $g-0\) *$" "$tmp/try.txt" &&
		grep -Eq '^  m1 +stops binding, probe fails, new error$' "$tmp/try.txt" && echo 0)" \
		"--merge of --try's lines, --compare 6.12,7.3: what 7.3 breaks on m1 (a driver, a probe, an error), m2 renamed; a later line of a pair wins (m2 booted on 7.3: exit 0)"
	"$tool" report --merge --compare 6.12,7.3 --html "$tmp/try.html" "$tmp/try1.jsonl" "$tmp/try2.jsonl" >/dev/null 2>&1
	ok "$(grep -q '<table class="grid">' "$tmp/try.html" && grep -q '<td class="good broke"><strong>regression</strong>: ' "$tmp/try.html" &&
		{ ! command -v xmllint >/dev/null 2>&1 || xmllint --noout "$tmp/try.html"; } && echo 0)" \
		"--html of --try's lines: the grid, the regression marked"
	# The lines as the summary keeps them (compact, json-c's tree freed),
	# read as json-c reads them: an optional member null as none, a key
	# given twice its later value, an integer past INT64_MAX as
	# json_object_get_double reads it; --json gives each line back as read.
	{
		tl j1 6.12 "$(boot "$g" "" "" "")" | sed 's/"exit": 0/"exit": 0, "build": null, "pin": null, "kernel": "7.3"/'
		tl j1 6.12 "$(boot "$g" "" "" "")" | sed 's/"seconds": 9.5/"seconds": 18446744073709551615/'
	} >"$tmp/kept.jsonl"
	"$tool" report --merge "$tmp/kept.jsonl" >"$tmp/kept.txt" 2>&1
	rc=$?
	"$tool" report --merge --json "$tmp/kept.jsonl" >"$tmp/kept.json" 2>&1
	ok "$([ $rc = 0 ] && has "$tmp/kept.txt" "1 machine, 2 kernels: 2 boots; 2 booted, 0 not; 2 with the devices as predicted" &&
		has "$tmp/kept.txt" "Linux 6.12: 1 of 1 booted, 1 as predicted; 0 probes failed, 0 ACPI errors and warnings; boot time 18446744073709551616.0 s on average (tcg)" &&
		has "$tmp/kept.txt" "Linux 7.3: 1 of 1 booted, 1 as predicted; 0 probes failed, 0 ACPI errors and warnings; boot time 9.5 s on average (tcg)" &&
		{ sed -n 2p "$tmp/kept.jsonl"; sed -n 1p "$tmp/kept.jsonl"; } | cmp -s - "$tmp/kept.json" && echo 0)" \
		"--merge of --try's lines: a null member as none, a key twice its later value, an integer past INT64_MAX as json-c reads them; --json gives the lines back"
	# Verdicts that hold (issue 31): repeated GUIDs compared as multisets
	# (2 devices of one GUID under 6.12, 1 under 7.3: one renamed, one
	# gone); a platform driver lost on one machine, or on every machine of
	# the fleet, breaks each machine that lost it; a pair the host could not
	# test (its kernel not had) is not tested, never broken.
	bootd() { # DEVICES DRIVERS: devices and predicted alike
		printf '{ "fix": null, "outcome": "booted", "accel": "tcg", "seconds": 9.5, "override_taken": true, "equal_to_prediction": true, "devices": [ %s ], "predicted": [ %s ], "drivers": [ %s ], "messages": [ ], "probe_failures": [ ], "acpi_errors": [ ], "console_tail": "" }' \
			"$1" "$1" "$2"
	}
	dv() { printf '"%s guid=%s instance_count=1"' "$1" "$g"; }
	asus='"asus-nb-wmi asus-nb-wmi (platform)"'
	{
		tl m3 6.12 "$(bootd "$(dv "$g"), $(dv "$g-1")" "")"
		tl m3 7.3 "$(bootd "$(dv "$g-3")" "")"
	} >"$tmp/multi.jsonl"
	"$tool" report --merge "$tmp/multi.jsonl" >"$tmp/multi.txt" 2>&1
	ok "$(has "$tmp/multi.txt" "Linux 6.12 -> Linux 7.3: 1 machine differs, 1 broken:" &&
		grep -Eq "^  m3 +renamed +1 device \($g -> $g-3\) *$" "$tmp/multi.txt" &&
		grep -Eq "^ +gone +$g-1 guid=$g instance_count=1 +yes$" "$tmp/multi.txt" && echo 0)" \
		"--merge of --try's lines: two devices of one GUID under 6.12, one under 7.3: one renamed, one gone (multisets), broken"
	{
		for m in a1 a2 a3; do tl $m 6.12 "$(bootd "$(dv "$g")" "$asus")"; done
		tl a1 7.3 "$(bootd "$(dv "$g")" "")"
		for m in a2 a3; do tl $m 7.3 "$(bootd "$(dv "$g")" "$asus")"; done
	} >"$tmp/one-loses.jsonl"
	"$tool" report --merge "$tmp/one-loses.jsonl" >"$tmp/one-loses.txt" 2>&1
	ok "$(has "$tmp/one-loses.txt" "Linux 6.12 -> Linux 7.3: 1 machine differs, 1 broken:" &&
		grep -Eq '^  a1 +stops binding +asus-nb-wmi asus-nb-wmi \(platform\) +yes$' "$tmp/one-loses.txt" &&
		! grep -q 'every machine' "$tmp/one-loses.txt" && echo 0)" \
		"--merge of --try's lines: a platform driver one machine of three stops binding under 7.3: that machine broken"
	{
		for m in a1 a2; do tl $m 6.12 "$(bootd "$(dv "$g")" "$asus")"; done
		for m in a1 a2; do tl $m 7.3 "$(bootd "$(dv "$g")" "")"; done
	} >"$tmp/all-lose.jsonl"
	"$tool" report --merge "$tmp/all-lose.jsonl" >"$tmp/all-lose.txt" 2>&1
	ok "$(has "$tmp/all-lose.txt" "Linux 6.12 -> Linux 7.3: 2 machines differ, 2 broken:" &&
		grep -Eq '^  a2 +stops binding +asus-nb-wmi asus-nb-wmi \(platform\) +yes$' "$tmp/all-lose.txt" && echo 0)" \
		"--merge of --try's lines: a platform driver every machine of the fleet stops binding under 7.3: each machine broken"
	{
		tl u1 6.12 "$(bootd "$(dv "$g")" "$asus")"
		printf '{ "machine": "u1", "kind": "try", "kernel": "7.3", "status": "failed", "failure": "kernel", "why": "Debian'"'"'s 7.3 kernel cannot be had (said above)", "exit": 7 }\n'
		tl u2 6.12 "$(bootd "$(dv "$g")" "$asus")"
		printf '{ "machine": "u2", "kind": "try", "kernel": "7.3", "status": "failed", "failure": "no-space", "why": "no space left", "exit": 8 }\n'
		tl u3 6.12 "$(bootd "$(dv "$g")" "$asus")"
		printf '{ "machine": "u3", "kind": "try", "kernel": "7.3", "status": "failed", "failure": "hang", "why": "wmishim try did not end within 600 s: stopped", "exit": 143 }\n'
	} >"$tmp/untested.jsonl"
	"$tool" report --merge "$tmp/untested.jsonl" >"$tmp/untested.txt" 2>&1
	ok "$(has "$tmp/untested.txt" "Linux 6.12 -> Linux 7.3: 0 machines differ, 0 broken, 3 not tested:" &&
		grep -Eq '^  u1 +not tested +on 7.3: kernel \(Debian.s 7.3 kernel cannot be had \(said above\)\) *$' "$tmp/untested.txt" &&
		grep -Eq '^  u2 +not tested +on 7.3: no-space' "$tmp/untested.txt" &&
		! grep -q 'no longer boots' "$tmp/untested.txt" && echo 0)" \
		"--merge of --try's lines: a kernel not had, no space, the farm's own hang: not tested, never broken"
	# A machine whose tables try cannot take (no DSDT) on both kernels:
	# the machine's own, not the host's: "not booted", not "not tested"
	# (it was, merged beside the comparison's "not tested").
	{
		for k in 6.12 7.3; do
			printf '{ "machine": "nd", "kind": "try", "kernel": "%s", "status": "failed", "failure": "no-dsdt", "why": "nd: no DSDT among the tables", "exit": 2 }\n' "$k"
		done
	} >"$tmp/nodsdt.jsonl"
	"$tool" report --merge "$tmp/nodsdt.jsonl" >"$tmp/nodsdt.txt" 2>&1
	ok "$(has "$tmp/nodsdt.txt" "1 machine, 2 kernels: 2 boots; 0 booted, 2 not; 0 with the devices as predicted" &&
		! grep -q 'not tested' "$tmp/nodsdt.txt" && echo 0)" \
		"--merge of --try's lines: a machine without a DSDT on both kernels: not booted, not \"not tested\""
	# --compare of a kernel the lines lack, or of one kernel twice: refused,
	# the lines' kernels said, nothing printed (it printed the summary
	# without a comparison, and no machine broken).
	for c in 6.12,7.2 7.3,7.3; do
		"$tool" report --merge --compare $c "$tmp/try1.jsonl" "$tmp/try2.jsonl" >"$tmp/cmp.out" 2>"$tmp/cmp.err"
		rc=$?
		case $c in
		6.12,7.2) said="wmishim: --compare 6.12,7.2: the lines name no Linux 7.2 (they name 6.12, 7.3)" ;;
		*) said="wmishim: --compare 7.3,7.3: one kernel twice, not two (the lines name 6.12, 7.3)" ;;
		esac
		ok "$([ $rc = 2 ] && [ ! -s "$tmp/cmp.out" ] && [ "$(cat "$tmp/cmp.err")" = "$said" ] && echo 0)" \
			"--merge --compare $c: $([ $c = 7.3,7.3 ] && echo "one kernel twice" || echo "a kernel the lines lack"): refused (2), the lines' kernels said"
	done
	"$tool" report --compare 6.12,6.12 "$fleet/eeepc" >"$tmp/cmp.out" 2>"$tmp/cmp.err"
	rc=$?
	ok "$([ $rc = 2 ] && [ ! -s "$tmp/cmp.out" ] &&
		[ "$(cat "$tmp/cmp.err")" = "wmishim: --compare 6.12,6.12: one kernel twice, not two (both model Linux 6.12)" ] && echo 0)" \
		"report --compare 6.12,6.12 (the machines modelled): refused (2) before any machine is read"
	# Lines of 9 kernels: more than the summary's columns: refused, each
	# said (the 9th vanished from the summary, its failed boot setting the
	# exit status); of 8, all shown.
	{
		for k in 6.1 6.6 6.12 7.0 7.1 7.2 7.3 7.4; do tl k9 $k "$(bootd "$(dv "$g")" "")"; done
	} >"$tmp/k8.jsonl"
	{
		cat "$tmp/k8.jsonl"
		printf '{ "machine": "k9", "kind": "try", "kernel": "7.5", "status": "failed", "failure": "hang", "why": "stopped", "exit": 143 }\n'
	} >"$tmp/k9.jsonl"
	"$tool" report --merge "$tmp/k8.jsonl" >"$tmp/k8.txt" 2>&1
	rc1=$?
	"$tool" report --merge "$tmp/k9.jsonl" >"$tmp/k9.out" 2>"$tmp/k9.err"
	rc=$?
	ok "$([ $rc1 = 0 ] && has "$tmp/k8.txt" "1 machine, 8 kernels: 8 boots; 8 booted, 0 not; 8 with the devices as predicted" &&
		has "$tmp/k8.txt" "Linux 7.4: 1 of 1 booted, 1 as predicted; 0 probes failed, 0 ACPI errors and warnings; boot time 9.5 s on average (tcg)" &&
		[ $rc = 2 ] && [ ! -s "$tmp/k9.out" ] &&
		has "$tmp/k9.err" "wmishim: report: the lines name 9 kernels (6.1, 6.6, 6.12, 7.0, 7.1, 7.2, 7.3, 7.4, 7.5): the summary shows 8 at most, a column each: give it the lines of fewer" &&
		echo 0)" "--merge of --try's lines of 8 kernels: each shown; of 9: refused (2), the 9 said"
	# A shard killed while it wrote its last line: that line passed over,
	# said (cut with no newline, or cut and a newline after it), the rest
	# merged; a line cut short that is not the last is refused, said
	# where.  Before, the whole --merge failed on the last line.
	"$tool" report --merge "$tmp/try1.jsonl" >"$tmp/try1.txt" 2>&1
	for cut in 150 20; do
		{ cat "$tmp/try1.jsonl"; head -c $cut "$tmp/try2.jsonl"; [ $cut = 150 ] || echo; } >"$tmp/killed.jsonl"
		"$tool" report --merge "$tmp/killed.jsonl" >"$tmp/killed.txt" 2>"$tmp/killed.err"
		rc=$?
		ok "$([ $rc = 1 ] && cmp -s "$tmp/try1.txt" "$tmp/killed.txt" &&
			[ "$(cat "$tmp/killed.err")" = "wmishim: note: report: $tmp/killed.jsonl: its last line is cut (a run killed while writing it): passed over" ] &&
			echo 0)" "--merge: a file's last line cut after $cut bytes$([ $cut = 150 ] && echo ", no newline" || echo ", a newline after it"): passed over, said, the rest merged"
	done
	{ head -c 150 "$tmp/try1.jsonl"; echo; cat "$tmp/try2.jsonl"; } >"$tmp/try-cut.jsonl"
	"$tool" report --merge "$tmp/try-cut.jsonl" >/dev/null 2>"$tmp/try-cut.err"
	rc=$?
	ok "$([ $rc = 2 ] && grep -q "try-cut.jsonl:1: not a line of wmishim report" "$tmp/try-cut.err" && echo 0)" \
		"--merge: a --try line cut short that is not the file's last is refused, said where"

	farm_offline
done

echo "1..$n"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
