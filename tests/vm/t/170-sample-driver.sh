# shellcheck shell=sh
# Scenario sample-driver of tests/vm/run.sh (T=sample-driver runs it alone),
# on 7.3: the sample WMI driver (examples/wmishim-sample, written to 7.3's
# Documentation/wmi/driver-development-guide.rst), built against Debian's
# headers (sample-build.sh), on two copies of the test bench.  The bytes
# the driver logs from each method call, query and event (dev_dbg, dyndbg)
# must be what `wmishim call --kernel 7.3` predicts for the same tables and
# inputs, byte for byte: a difference is a bug in wmishim's model.
#
# Boot 1: the test bench (\_SB.WMTB) and a second copy (\_SB.WMT2, the same
# GUIDs: `wmishim gen` of its spec with another device) through the initrd.
# 7.3 marks each GUID's devices duplicated (drivers/platform/wmi/core.c,
# wmi_create_device(): guid_count()), and binds them only to drivers that
# set no_singleton (wmi_dev_probe()): one probe per device.  Then the
# actions below on each copy's devices, through the driver's sysfs files;
# events raised by the firmware (WMAA method 2) reach evdev as keys; one
# shorter than min_event_size is refused by the core (wmi_notify_driver():
# "Failed to unmarshal event data: -61"); at run time, inject.aml loaded
# through configfs raises 0x5D; rmmod leaves nothing and no warning.
# Boot 2: the driver loaded first, the test bench added through configfs
# (the driver probes then), used, and taken away again (it unbinds).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
scenario sample-driver
if [ "$kline" != 7.3 ]; then
	skip_point "$s: the sample driver" "it is written to Linux 7.3's WMI API (wmidev_invoke_method(), notify_new), not $kline's"
	return 0
fi
bench=$overlays/wmi-testbench
g_method=5A5A1000-0000-4000-8000-000000000001
g_data=5A5A1000-0000-4000-8000-000000000002
g_string=5A5A1000-0000-4000-8000-000000000003
g_event=5A5A1000-0000-4000-8000-000000000004

# sample_devs PATH TABLE...: the sysfs names inspect gives the test bench's
# method, data, string and event blocks on the PNP0C14 device PATH.
sample_devs() {
	sd_path=$1
	shift
	"$tool" inspect --kernel "$kline" "$@" 2>/dev/null | awk -v p="$sd_path" \
		-v g1="$g_method" -v g2="$g_data" -v g3="$g_string" -v g4="$g_event" '
		/^[^ \t]/ { dev = $1; sub(/:$/, "", dev) }
		$1 == "device:" && dev == p { d = $2; sub(/.*\//, "", d); name[substr(d, 1, 36)] = d }
		END { print name[g1], name[g2], name[g3], name[g4] }'
}

# The actions, one a line: BLOCK ACTION [ARG...].  The guest does them in
# order through the driver's sysfs files; the host asks wmishim call the
# same, in the same order, of the same tables (the firmware keeps state:
# WMAA counts its calls, the blocks hold what was set).
#   method level N         write N to level: method 1 (echo), input N as __le32
#   method calls           read calls: method 3, input no bytes
#   method raise HEX       write HEX to raise: method 2, whose input is the
#                          event's data (_WED returns it)
#   data|string query      read data: the block queried (min_size: 4, and
#                          2 for the string block, a struct wmi_string)
#   data set HEX           write HEX to data: the block set
#   string set HEX         the same for the string block: HEX is the struct
#                          wmi_string the driver passes (le16 byte count,
#                          UTF-16LE), which the kernel turns into a String
#                          (marshalling.c, wmi_marshal_string()), and which
#                          wmishim call --kernel 7.3 --set takes as it is
# Events: 4 bytes or more, a key (code 0x01 KEY_PROG1, 0x02 KEY_PROG2, 0x5D
# KEY_PROG3, the driver's sparse keymap); 0x09 has no key; 07 (1 byte) is
# shorter than min_event_size, 8 bytes longer (accepted).
actions1="method level 7
method calls
method raise 01000000
method raise 07
method raise 5d00000000000000
method raise 09000000
method calls
data query
data set 0102030405060708
data query
data set 0a0b
data query
data set 2a000000
data query
string query
string set 040068006900
string query"
actions2="method level 300
method raise 02000000
method calls
data set 11223344
data query
string set 0a0077006d006900310000000000
string query"
actions3="method level 5
method calls
method raise 02000000
data query"

# hook_actions TAG ACTIONS METHOD DATA STRING EVENT: the guest's commands for
# ACTIONS on one copy of the test bench (its four devices' names): each
# says what it got (SMPOUT TAG ...); after each raise it waits until the
# event device has logged the event, or the core has refused it.
hook_actions() {
	ha_tag=$1 ha_m=/sys/bus/wmi/devices/$3 ha_d=/sys/bus/wmi/devices/$4 ha_s=/sys/bus/wmi/devices/$5
	ha_raised=0
	printf '%s\n' "$2" | while read -r blk act a1 _; do
		case $blk in data) f=$ha_d/data ;; string) f=$ha_s/data ;; *) f="" ;; esac
		case $act in
		level) echo "echo $a1 >$ha_m/level; echo \"SMPOUT $ha_tag level \$? \$(cat $ha_m/level)\"" ;;
		calls) echo "echo \"SMPOUT $ha_tag calls \$(dd if=$ha_m/calls bs=4096 count=1 2>/dev/null)\"" ;;
		raise)
			ha_raised=$((ha_raised + 1))
			echo "echo $a1 >$ha_m/raise; echo \"SMPOUT $ha_tag raise \$?\"; waitev $6 $ha_raised"
			;;
		query) echo "v=\$(dd if=$f bs=4096 count=1 2>/dev/null); echo \"SMPOUT $ha_tag $blk query \$? \$v\"" ;;
		set) echo "echo $a1 >$f; echo \"SMPOUT $ha_tag $blk set \$?\"" ;;
		esac
	done
}

# The guest's helpers, first in each hook.  waitev DEV N: until DEV has
# logged N events or refusals (at most 5 s).  evnode WMIDEV: the evdev node
# of the driver's input device on WMIDEV (its phys).  reader TAG NODE: dd
# reads NODE into /tmp/ev.TAG from now on (once it holds the node open).
# evdump TAG N: once N records are there (at most 5 s), the reader is
# stopped and each record printed as "SMPEV TAG type code value".
hook_head() {
	cat <<'HEAD'
waitev() {
	i=0
	while [ $i -lt 50 ]; do
		[ "$(dmesg | grep -cE "wmishim-sample-event $1: (event |Failed to unmarshal)")" -ge "$2" ] && return 0
		usleep 100000
		i=$((i + 1))
	done
}
evnode() {
	for i in /sys/class/input/input*; do
		[ "$(cat "$i/phys" 2>/dev/null)" = "$1/input0" ] || continue
		for e in "$i"/event*; do [ -e "$e" ] && echo "${e##*/}"; done
	done
}
reader() {
	[ -n "$2" ] || return 0
	dd if="/dev/input/$2" of="/tmp/ev.$1" bs=24 2>/dev/null &
	echo $! >"/tmp/ev.$1.pid"
	i=0
	while [ $i -lt 30 ]; do
		for f in /proc/$!/fd/*; do
			[ "$(readlink "$f")" = "/dev/input/$2" ] && return 0
		done
		usleep 100000
		i=$((i + 1))
	done
}
evdump() {
	i=0
	while [ "$(wc -c <"/tmp/ev.$1" 2>/dev/null || echo 0)" -lt $(($2 * 24)) ] && [ $i -lt 50 ]; do
		usleep 100000
		i=$((i + 1))
	done
	kill "$(cat "/tmp/ev.$1.pid")" 2>/dev/null
	od -An -v -w24 -tu2 "/tmp/ev.$1" | awk -v p="$1" 'NF == 12 { print "SMPEV", p, $9, $10, $11 }'
}
# bound N: until N WMI devices are bound to the sample's drivers (at most 5 s).
bound() {
	i=0
	while [ $i -lt 50 ]; do
		n=0
		for d in /sys/bus/wmi/devices/*; do
			case $(readlink "$d/driver" 2>/dev/null) in */wmishim-sample*) n=$((n + 1)) ;; esac
		done
		[ "$n" -ge "$1" ] && return 0
		usleep 100000
		i=$((i + 1))
	done
}
smpdrv() {
	for d in /sys/bus/wmi/devices/*; do
		case $(readlink "$d/driver" 2>/dev/null) in
		*/wmishim-sample*) echo "$1 ${d##*/} $(readlink "$d/driver" | sed 's|.*/||')" ;;
		esac
	done
}
smplog() {
	dmesg | sed -n 's/^[^]]*\] wmishim-sample[a-z-]* \([^ :]*\): /SMPLOG \1 /p'
}
HEAD
}

# predict TAG ACTIONS METHOD DATA STRING EVENT TABLE... [-- --load INJECT]:
# what the driver should log on each of the four devices (one file each,
# $vm/$s.TAG.expected.DEV), from `wmishim call --kernel $kline` of TABLE...
# with the actions' inputs, chained with --then in the same order.
predict() {
	pr_tag=$1 pr_actions=$2 pr_m=$3 pr_d=$4 pr_s=$5 pr_e=$6
	shift 6
	pr_tables="" pr_more=""
	while [ $# -gt 0 ]; do
		case $1 in --) shift; pr_more="$*"; break ;; esac
		pr_tables="$pr_tables $1"
		shift
	done
	set --
	pr_list=$vm/$s.$pr_tag.actions
	rm -f "$vm/$s.$pr_tag.expected."*
	printf '%s\n' "$pr_actions" >"$pr_list"
	while read -r blk act a1; do
		[ $# -eq 0 ] || set -- "$@" --then
		case $blk in method) g=$pr_m ;; data) g=$pr_d ;; *) g=$pr_s ;; esac
		case $act in
		level) set -- "$@" --guid "$g" --method 1 --in "$(printf '%08x' "$a1" |
			sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/')" ;;
		calls) set -- "$@" --guid "$g" --method 3 --in "" ;;
		raise) set -- "$@" --guid "$g" --method 2 --in "$a1" ;;
		query) set -- "$@" --guid "$g" --query ;;
		set) set -- "$@" --guid "$g" --set "$a1" ;;
		esac
	done <"$pr_list"
	# shellcheck disable=SC2086 # the tables and the extra action, split on purpose
	"$tool" call --kernel "$kline" $pr_tables "$@" ${pr_more:+--then $pr_more} >"$vm/$s.$pr_tag.call" 2>&1
	echo "wmishim call exit $?" >>"$vm/$s.$pr_tag.call"
	# The call's output, action by action (a header line each: call,
	# query, set, or the load's): what the driver gets from each, and each
	# event's data; then the lines the driver logs for them.
	awk -v out="$vm/$s.$pr_tag.expected" -v m="$pr_m" -v d="$pr_d" -v st="$pr_s" -v e="$pr_e" '
		function hex(line,   h) { sub(/.*bytes?:/, "", line); gsub(/ /, "", line); return line }
		function len(line,   n) { n = line; sub(/.*driver gets: /, "", n); sub(/ .*/, "", n); return n + 0 }
		function put(dev, text) { print text >>(out "." dev) }
		NR == FNR { blk[NR] = $1; act[NR] = $2; a1[NR] = $3; nact = NR; next }
		/^(call|query|set) / { i++; next }
		/^(load|loaded|event:) / { if (i == nact) i++; next }
		/^  driver gets: [0-9]+ byte/ {
			n = len($0); h = hex($0)
			if (act[i] == "level")
				put(m, "method 1 in 4:" a1le(a1[i]) (n >= 4 ? " out " n ":" h : " error -61"))
			else if (act[i] == "calls")
				put(m, "method 3 in 0:" (n >= 4 ? " out " n ":" h : " error -61"))
			else if (act[i] == "raise")
				put(m, "method 2 in " length(a1[i]) / 2 ":" a1[i] " out " n ":" h)
			else if (act[i] == "query") {
				min = blk[i] == "string" ? 2 : 4
				put(blk[i] == "string" ? st : d, n >= min ? "query out " n ":" h : "query error -61")
			}
			next
		}
		/^  driver gets: / { put("unparsed", $0); next }
		/^ *ACPI result: nothing/ {
			if (act[i] == "set")
				put(blk[i] == "string" ? st : d, "set in " length(a1[i]) / 2 ":" a1[i])
			next
		}
		/^  *event: Notify .* -> block / { ev = 1; next }
		/^    driver gets: [0-9]+ byte/ && ev {
			n = len($0); ev = 0
			put(e, n >= 4 ? "event " n ":" hex($0) : "Failed to unmarshal event data: -61")
			next
		}
		/^  failed: / { put("failed", $0) }
		function a1le(v,   x) { x = sprintf("%08x", v); return substr(x, 7, 2) substr(x, 5, 2) substr(x, 3, 2) substr(x, 1, 2) }
	' "$pr_list" "$vm/$s.$pr_tag.call"
}

# compare TAG LOG METHOD DATA STRING EVENT: per device, the driver's lines
# (the probe first) = the prediction; an event's key is checked on evdev.
compare() {
	for cp_role in method data string event; do
		case $cp_role in method) cp_dev=$3 ;; data) cp_dev=$4 ;; string) cp_dev=$5 ;; *) cp_dev=$6 ;; esac
		{ echo "probe $cp_role"; cat "$vm/$s.$1.expected.$cp_dev" 2>/dev/null; } >"$vm/$s.$1.want.$cp_role"
		guest SMPLOG "$2" | sed -n "s/^$cp_dev //p" | sed 's/ \(key [0-9]*\|unknown\)$//' >"$vm/$s.$1.got.$cp_role"
		desc="$s: $1: the bytes the driver got on its $cp_role device ($cp_dev) = wmishim call --kernel $kline's ($(($(wc -l <"$vm/$s.$1.want.$cp_role") - 1)) lines)"
		t same "$vm/$s.$1.want.$cp_role" "$vm/$s.$1.got.$cp_role"
	done
	desc="$s: $1: wmishim call understood every action (no failure, no unparsed result)"
	t sh -c "grep -qx 'wmishim call exit 0' '$vm/$s.$1.call' && ! ls '$vm/$s.$1.expected.failed' '$vm/$s.$1.expected.unparsed' 2>/dev/null"
}

# --- the module ---------------------------------------------------------------
rm -rf "$vm/$s.module"
sh "$here/sample-build.sh" "$kernels" "$kline" "$vm/$s.module" >"$vm/$s.module.log" 2>&1
rc=$?
ko=$vm/$s.module/wmishim-sample.ko
desc="$s: wmishim-sample.ko builds against Debian's headers of $version"
if [ "$rc" -eq 77 ]; then
	skip_point "$desc" "the packages cannot be had: $(tail -n 1 "$vm/$s.module.log")"
	return 0
fi
t sh -c "tail -n 20 '$vm/$s.module.log'; test $rc -eq 0"
[ "$rc" -eq 0 ] || return 0
desc="$s:   no compiler warning"
t sh -c "! grep -i 'warning' '$vm/$s.module/build.log'"
desc="$s:   its vermagic is the guest kernel's; it aliases the test bench's four GUIDs"
t is "$version $g_method $g_data $g_string $g_event" \
	"$(modinfo -F vermagic "$ko" 2>/dev/null | cut -d' ' -f1) $(modinfo -F alias "$ko" 2>/dev/null | sed 's/^wmi://' | sort | tr '\n' ' ' | sed 's/ $//')"
# The guide's last step: the kernel's own checkpatch.pl --strict, taken out
# of linux-source-7.3 (kernels.sh --source) into the build tree, with the
# two files it reads beside it; any error, warning or check fails it.
rm -rf "$vm/$s.checkpatch" && mkdir -p "$vm/$s.checkpatch"
src=$(sh "$here/../../scripts/kernels.sh" "$kernels" "$kline" --source 2>>"$vm/$s.module.log") &&
	tar -xJf "$src" -C "$vm/$s.checkpatch" --wildcards '*/scripts/checkpatch.pl' \
		'*/scripts/spelling.txt' '*/scripts/const_structs.checkpatch' 2>>"$vm/$s.module.log"
checkpatch=$(find "$vm/$s.checkpatch" -name checkpatch.pl | head -n 1)
desc="$s: checkpatch.pl --strict of linux-source-7.3: wmishim-sample.c has no error, warning or check"
t sh -c "test -n '$checkpatch' && perl '$checkpatch' --strict --no-tree -f '$here/../../examples/wmishim-sample/wmishim-sample.c'"

# --- boot 1: two test benches from the initrd ------------------------------------
rm -rf "$vm/$s.tables" && mkdir -p "$vm/$s.tables"
cp "$bench/overlay.aml" "$vm/$s.tables/wmtbench.aml"
sed -e 's/^device \\_SB\.WMTB$/device \\_SB.WMT2/' -e 's/^uid "TESTBENCH"$/uid "TESTBENCH2"/' \
	-e 's/^table WMTBENCH$/table WMTBENC2/' "$here/../../overlays/wmi-testbench/testbench.spec" >"$vm/$s.tables/bench2.spec"
desc="$s: a second test bench, \\_SB.WMT2 with the same GUIDs (wmishim gen, iasl)"
t sh -c "grep -qx 'device .*[.]WMT2' '$vm/$s.tables/bench2.spec' &&
	'$tool' gen '$vm/$s.tables/bench2.spec' -o '$vm/$s.tables/bench2.asl' &&
	${IASL:-iasl} -we -p '$vm/$s.tables/wmtbenc2' '$vm/$s.tables/bench2.asl'"
desc="$s: wmishim cpio writes the archive of both test benches"
t "$tool" cpio --against none "$vm/$s.tables/wmtbench.aml" "$vm/$s.tables/wmtbenc2.aml" -o "$vm/$s.acpi.cpio"
# The kernel installs the tables in the archive's order, and the first
# PNP0C14 device gets the first bus ids: inspect and call read them in that
# order too (as scenario initrd-upgrade does).
tables=$(cpio -t --quiet <"$vm/$s.acpi.cpio" 2>/dev/null |
	sed -n "s|^kernel/firmware/acpi/\(.*\.aml\)\$|$vm/$s.tables/\1|p" | tr '\n' ' ')
# shellcheck disable=SC2046,SC2086 # the tables and the four names, split on purpose
set -- $(sample_devs '\_SB_.WMTB' $tables)
b1m=${1:-} b1d=${2:-} b1s=${3:-} b1e=${4:-}
# shellcheck disable=SC2046,SC2086
set -- $(sample_devs '\_SB_.WMT2' $tables)
b2m=${1:-} b2d=${2:-} b2s=${3:-} b2e=${4:-}
desc="$s: wmishim inspect names the eight devices ($b1m $b1d $b1s $b1e; $b2m $b2d $b2s $b2e)"
t test -n "$b2e" -a -n "$b1e"

configfs_module
cfsko=$vm/configfs.module/acpi_configfs.ko
{
	hook_head
	cat <<HOOK
insmod /wmishim-sample.ko dyndbg=+p && echo "SMP insmod ok"
bound 8
smpdrv SMPDRV
echo "SMPLEGACY \$(dmesg | grep -c 'cannot be instantiated multiple times')"
ev1=\$(evnode $b1e) ev2=\$(evnode $b2e)
echo "SMPINPUT \$ev1 \$ev2"
reader 1 "\$ev1"
reader 2 "\$ev2"
HOOK
	hook_actions 1 "$actions1" "$b1m" "$b1d" "$b1s" "$b1e"
	hook_actions 2 "$actions2" "$b2m" "$b2d" "$b2s" "$b2e"
	cat <<HOOK
evdump 1 10
evdump 2 5
if [ -f /acpi_configfs.ko ] && insmod /acpi_configfs.ko && mount -t configfs none /sys/kernel/config; then
	reader 3 "\$ev1"
	/wmishim load /wmtbinj.aml 2>&1 | sed 's/^/SMPINJ: /'
	waitev $b1e 5
	evdump 3 5
fi
smplog
n=\$(dmesg | wc -l)
rmmod wmishim_sample && echo "SMP rmmod ok"
usleep 200000
smpdrv SMPAFTER
ls /sys/bus/wmi/drivers | sed 's/^/SMPBUSDRV /'
for i in /sys/class/input/input*; do [ "\$(cat "\$i/name")" = "wmishim sample keys" ] && echo "SMPINPUTLEFT \${i##*/}"; done
[ -e /sys/module/wmishim_sample ] && echo "SMPMODULELEFT"
dmesg | tail -n +\$((n + 1)) | sed 's/^/SMPRMLOG: /'
dmesg | grep -E 'WARNING|BUG|Call Trace|refcount|leak' | sed 's/^/SMPWARN: /'
HOOK
} >"$vm/$s.hook"
extra=""
[ ! -f "$cfsko" ] || extra="-f $cfsko=/acpi_configfs.ko -f $overlays/wmi-testbench/inject.aml=/wmtbinj.aml $(guest_tool)"
desc="$s: the guest's initramfs is built (wmi sparse-keymap evdev configfs; wmishim-sample.ko${extra:+; acpi_configfs.ko, wmishim, inject.aml})"
# shellcheck disable=SC2086 # -f options, split on purpose
t sh "$here/initramfs.sh" -l "wmi sparse-keymap evdev configfs" -H "$vm/$s.hook" -f "$ko=/wmishim-sample.ko" $extra \
	"$moddir" "$version" "$vm/$s.main.cpio.gz"
desc="$s: the guest boots to its end (initrd: wmi-testbench twice)"
t upgrade_boot
booted "$s"
log=$vm/$s.log
# shellcheck disable=SC2086 # the tables, split on purpose
"$tool" inspect --kernel "$kline" --sysfs $tables >"$vm/$s.expected" 2>&1
guest WMIDEV "$log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices = wmishim inspect --sysfs ($(wc -l <"$vm/$s.expected") devices)"
t sh -c "test -s '$vm/$s.expected' && diff -u '$vm/$s.expected' '$vm/$s.actual'"
desc="$s: the module loads"
t grep -qx 'SMP insmod ok' "$log"
printf '%s\n' "$b1m wmishim-sample" "$b1d wmishim-sample" "$b1s wmishim-sample" "$b1e wmishim-sample-event" \
	"$b2m wmishim-sample" "$b2d wmishim-sample" "$b2s wmishim-sample" "$b2e wmishim-sample-event" | sort >"$vm/$s.drv.expected"
guest SMPDRV "$log" | sort >"$vm/$s.drv.actual"
desc="$s: each of the eight devices is bound (both copies: no_singleton), the Binary MOF's is not"
t same "$vm/$s.drv.expected" "$vm/$s.drv.actual"
desc="$s: one probe per device: eight probe lines, none twice"
t is "8 8" "$(guest SMPLOG "$log" | grep -c ' probe ') $(guest SMPLOG "$log" | grep ' probe ' | cut -d' ' -f1 | sort -u | wc -l)"
desc="$s: no \"cannot be instantiated multiple times\" (the core refuses that to a driver without no_singleton)"
t is 0 "$(guest SMPLEGACY "$log")"

# The run-time event (inject.aml) comes last, when configfs can load it.
# shellcheck disable=SC2086 # the tables, split on purpose
predict 1 "$actions1" "$b1m" "$b1d" "$b1s" "$b1e" $tables ${extra:+-- --load "$overlays/wmi-testbench/inject.aml"}
# shellcheck disable=SC2086
predict 2 "$actions2" "$b2m" "$b2d" "$b2s" "$b2e" $tables
compare 1 "$log" "$b1m" "$b1d" "$b1s" "$b1e"
compare 2 "$log" "$b2m" "$b2d" "$b2s" "$b2e"

desc="$s: sysfs level: a value written comes back through the firmware (7, and 300 on the second copy)"
t is "0 7 0 300" "$(guest 'SMPOUT 1 level' "$log") $(guest 'SMPOUT 2 level' "$log")"
desc="$s: calls counts the firmware's WMAA calls on each copy (2, 7; 3)"
t is "2 7 3" "$(guest 'SMPOUT 1 calls' "$log" | tr '\n' ' ')$(guest 'SMPOUT 2 calls' "$log")"
desc="$s: data: an oversized block (8 bytes) is read, an undersized one (2) refused (-ENODATA), 4 bytes again"
t is "0 00000000|0 0102030405060708|1|0 2a000000" "$(guest 'SMPOUT 1 data query' "$log" | sed 's/ *$//' | paste -sd'|')"
desc="$s: the string block: empty, then \"hi\" as the kernel marshals it (le16 6, UTF-16LE, NUL)"
t is "0 02000000|0 0600680069000000" "$(guest 'SMPOUT 1 string query' "$log" | paste -sd'|')"
# struct input_event on x86_64 (24 bytes): EV_MSC MSC_SCAN code, EV_KEY key
# 1, EV_SYN, EV_KEY key 0, EV_SYN, for each mapped event.
desc="$s: evdev of the first copy: 0x01 as KEY_PROG1, 0x5D (8 bytes) as KEY_PROG3; not 07 (refused), not 0x09 (no key)"
t is "4 4 1 1 148 1 0 0 0 1 148 0 0 0 0 4 4 93 1 202 1 0 0 0 1 202 0 0 0 0" \
	"$(guest 'SMPEV 1' "$log" | tr '\n' ' ' | sed 's/ $//')"
desc="$s: evdev of the second copy: 0x02 as KEY_PROG2, nothing else"
t is "4 4 2 1 149 1 0 0 0 1 149 0 0 0 0" "$(guest 'SMPEV 2' "$log" | tr '\n' ' ' | sed 's/ $//')"
desc="$s: the undersized event (1 byte): the core refused it, the driver never saw it"
t is "1 $b1e" "$(guest SMPLOG "$log" | grep -c 'Failed to unmarshal event data: -61') $(guest SMPLOG "$log" | sed -n 's/ Failed to unmarshal.*//p')"
if [ -f "$cfsko" ]; then
	desc="$s: run time: inject.aml through configfs raises 0x5D, KEY_PROG3 on the first copy's evdev"
	t is "4 4 93 1 202 1 0 0 0 1 202 0 0 0 0" "$(guest 'SMPEV 3' "$log" | tr '\n' ' ' | sed 's/ $//')"
else
	skip_point "$s: run-time event through configfs" "no acpi_configfs.ko (wmishim-configfs-module could not build it)"
fi
desc="$s: rmmod: the module goes, no device bound, no driver on the bus, no input device left"
t sh -c "grep -qx 'SMP rmmod ok' '$log' && ! grep -qE '^(SMPAFTER|SMPINPUTLEFT|SMPMODULELEFT)' '$log' &&
	! grep -q '^SMPBUSDRV wmishim-sample' '$log'"
desc="$s: rmmod: nothing in dmesg after it (no warning)"
t is "" "$(guest SMPRMLOG: "$log")"
desc="$s: no WARNING, BUG or call trace in dmesg"
t is "" "$(guest SMPWARN: "$log")"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$log"

# --- boot 2: the test bench through configfs, the driver already loaded ------------
if [ ! -f "$cfsko" ]; then
	skip_point "$s: configfs: the test bench loaded at run time under the driver" "no acpi_configfs.ko (wmishim-configfs-module could not build it)"
	return 0
fi
c="$s-cfs"
# shellcheck disable=SC2046 # the four names, split on purpose
set -- $(sample_devs '\_SB_.WMTB' "$bench/overlay.aml")
cm=${1:-} cd=${2:-} cs=${3:-} ce=${4:-}
{
	hook_head
	cat <<HOOK
insmod /wmishim-sample.ko dyndbg=+p && echo "SMP insmod ok"
smpdrv SMPBEFORE
insmod /acpi_configfs.ko && mount -t configfs none /sys/kernel/config && echo "SMP configfs ok"
/wmishim load /wmtbench.aml 2>&1 | sed 's/^/SMPLOAD: /'
sh /wmiwait
sh /wmidevs SMPDEV
bound 4
smpdrv SMPDRV
ev1=\$(evnode $ce)
reader 1 "\$ev1"
HOOK
	hook_actions 1 "$actions3" "$cm" "$cd" "$cs" "$ce"
	cat <<HOOK
evdump 1 5
smplog
n=\$(dmesg | wc -l)
/wmishim unload WMTBENCH 2>&1 | sed 's/^/SMPUNLOAD: /'
usleep 500000
smpdrv SMPAFTER
for i in /sys/class/input/input*; do [ "\$(cat "\$i/name")" = "wmishim sample keys" ] && echo "SMPINPUTLEFT \${i##*/}"; done
rmmod wmishim_sample && echo "SMP rmmod ok"
dmesg | tail -n +\$((n + 1)) | sed 's/^/SMPRMLOG: /'
dmesg | grep -E 'WARNING|BUG|Call Trace|refcount|leak' | sed 's/^/SMPWARN: /'
HOOK
} >"$vm/$c.hook"
desc="$s: configfs: the guest's initramfs is built (wmishim-sample.ko, acpi_configfs.ko, wmishim, wmi-testbench)"
# shellcheck disable=SC2046 # -f options, split on purpose
t sh "$here/initramfs.sh" -l "wmi sparse-keymap evdev configfs" -H "$vm/$c.hook" -f "$ko=/wmishim-sample.ko" \
	-f "$cfsko=/acpi_configfs.ko" -f "$bench/overlay.aml=/wmtbench.aml" $(guest_tool) \
	"$moddir" "$version" "$vm/$c.initrd"
desc="$s: configfs: the guest boots to its end (no table of ours at boot)"
t vmboot "$c" "$vm/$c.initrd"
booted "$c"
clog=$vm/$c.log
desc="$s: configfs: nothing bound before the load; the load, then the four devices bound"
t sh -c "grep -qx 'SMP insmod ok' '$clog' && ! grep -q '^SMPBEFORE ' '$clog' &&
	grep -q '^SMPLOAD: loaded /wmtbench.aml as WMTBENCH' '$clog' &&
	test \"\$(grep -c '^SMPDRV ' '$clog')\" -eq 4"
"$tool" inspect --kernel "$kline" --sysfs "$bench/overlay.aml" >"$vm/$c.expected" 2>&1
guest SMPDEV "$clog" >"$vm/$c.actual"
desc="$s: configfs: /sys/bus/wmi/devices = wmishim inspect --sysfs"
t sh -c "test -s '$vm/$c.expected' && diff -u '$vm/$c.expected' '$vm/$c.actual'"
predict 3 "$actions3" "$cm" "$cd" "$cs" "$ce" "$bench/overlay.aml"
compare 3 "$clog" "$cm" "$cd" "$cs" "$ce"
desc="$s: configfs: level 5 through the firmware; 0x02 as KEY_PROG2 on evdev"
t is "0 5 | 4 4 2 1 149 1 0 0 0 1 149 0 0 0 0" \
	"$(guest 'SMPOUT 1 level' "$clog") | $(guest 'SMPEV 1' "$clog" | tr '\n' ' ' | sed 's/ $//')"
desc="$s: configfs: unload takes the devices from under the driver: unbound, input device gone, then rmmod"
t sh -c "grep -q '^SMPUNLOAD: unloaded WMTBENCH' '$clog' && ! grep -qE '^(SMPAFTER|SMPINPUTLEFT) ' '$clog' &&
	grep -qx 'SMP rmmod ok' '$clog'"
desc="$s: configfs: no warning in dmesg after the unload, none at all"
t is "" "$(guest SMPWARN: "$clog")$(guest SMPRMLOG: "$clog" | grep -iE 'warn|fail|error')"
