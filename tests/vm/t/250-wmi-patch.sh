# shellcheck shell=sh
# Scenario wmi-patch of tests/vm/run.sh (T=wmi-patch runs it alone), on 7.3
# only: the driver farm on a WMI core patch, as its maintainer runs it.
# wmi-build.sh builds 7.3's wmi.ko from linux-source-7.3 against Debian's
# headers twice: "patched", whose parse_wdg() keeps the blocks of zero
# instances (cbf54f37600e reverted), and "same", the source unchanged; then
#   wmishim report --try --kernel base=7.3,patched=7.3+P,same=7.3+S \
#       --compare base,patched
# boots two machines of the fixtures under the three: eeepc-zero (the Eee
# PC DSDT whose management block has zero instances,
# eeepc-broken-zero.asl) and eeepc (the same firmware without that bug,
# eeepc-1201nl.asl).  What must change comes from the model, `wmishim
# inspect --kernel 7.3` of each machine's tables, not from a list typed
# here: the machines with a block of zero instances ("device: none (zero
# instances)") change, the others not; on each, the patched core gives
# that block a device, named, as every device of 7.3, by its place among
# the devices made (wmi_dev_set_name(): "%pUL-%d" of an ida id, taken in
# parse_wdg()'s order), so the devices after it are renamed.  The farm
# must name exactly those machines, each block's device as appearing, as
# many devices renamed as that numbering renames, nothing gone, and call
# them broken (their devices are no longer 7.3's prediction; and
# eeepc-wmi, loaded now for the management GUID, fails its probe, as on
# eeepc: the firmware's ATKD is there too); the others it names nowhere.  `report --merge --compare base,same`
# of the same lines: 0 machines differ, 0 broken.  Six boots (-j 2).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
scenario wmi-patch
if [ "$kline" != 7.3 ]; then
	skip_point "$s: a patched wmi.ko" "the patch is written to linux-source-7.3's drivers/platform/wmi/core.c, not $kline's"
	return 0
fi

# --- the modules ------------------------------------------------------------------
rc=0
sh "$here/wmi-build.sh" "$kernels" "$kline" "$build/wmiko" >"$vm/$s.modules" 2>"$vm/$s.build.log" || rc=$?
desc="$s: wmi.ko of linux-source-7.3 built against Debian's headers, patched and the same (wmi-build.sh)"
if [ "$rc" -eq 77 ]; then
	skip_point "$desc" "the packages cannot be had: $(tail -n 1 "$vm/$s.build.log")"
	return 0
fi
t sh -c "cat '$vm/$s.build.log'; test $rc -eq 0"
[ "$rc" -eq 0 ] || return 0
patched=$(sed -n 's/^patched //p' "$vm/$s.modules")
same=$(sed -n 's/^same //p' "$vm/$s.modules")
sources=$(dirname "$patched")/build
# The line's own WMI core: a module (CONFIG_ACPI_WMI=m), wmi.ko, in
# kernel/drivers/platform/wmi/; both builds are that module, of that
# kernel (its vermagic).
line_wmi=$moddir/kernel/drivers/platform/wmi/wmi.ko
desc="$s: both are the module the line's kernel loads: wmi, vermagic of $line_wmi"
t is "wmi $(modinfo -F vermagic "$line_wmi" 2>&1) wmi $(modinfo -F vermagic "$line_wmi" 2>&1)" \
	"$(modinfo -F name "$patched/wmi.ko" 2>&1) $(modinfo -F vermagic "$patched/wmi.ko" 2>&1) $(modinfo -F name "$same/wmi.ko" 2>&1) $(modinfo -F vermagic "$same/wmi.ko" 2>&1)"
desc="$s: the patched core.c lacks parse_wdg()'s zero-instance skip, the same one has it; nothing else differs"
t is "1 0 5 5" "$(grep -c 'has zero instances' "$sources/same/core.c") $(grep -c 'has zero instances' "$sources/patched/core.c") $(
	diff "$sources/same/core.c" "$sources/patched/core.c" | grep -c '^<') $(
	diff "$sources/same/core.c" "$sources/patched/core.c" | grep -c '^[<>]')"

# --- the fleet, and what the model says must change -------------------------------------
fleet=$vm/$s.fleet
rm -rf "$fleet" && mkdir -p "$fleet/eeepc" "$fleet/eeepc-zero"
cp "$fixtures/eeepc-1201nl.aml" "$fleet/eeepc/dsdt.aml"
cp "$fixtures/eeepc-broken-zero.aml" "$fleet/eeepc-zero/dsdt.aml"
machines="$fleet/eeepc $fleet/eeepc-zero"
# For each machine, from inspect --kernel 7.3 (its blocks in _WDG order):
# "M appears NAME" for each block of zero instances, NAME its GUID and its
# place among the blocks that have a device under the patch (those 7.3
# gives one, and it); "M renamed N", N the devices 7.3 gives a name that
# the patch's numbering changes.  Checked first: that numbering, without
# the zero-instance blocks, gives 7.3's own names ("M model-ok").
: >"$vm/$s.expected"
for m in $machines; do
	"$tool" inspect --kernel "$kline" "$m"/dsdt.aml >"$vm/$s.inspect" 2>&1
	awk -v m="$m" '
		BEGIN { n7 = 0; np = 0 }
		/^  \[[0-9]+\] / { guid = $2 }
		/^\tdevice: \/sys\/bus\/wmi\/devices\// {
			name = $2; sub(/.*\//, "", name)
			if (name != guid "-" n7) bad = 1
			if (name != guid "-" np) renamed++
			n7++; np++
		}
		/^\tdevice: none \(zero instances\)$/ { print m, "appears", guid "-" np; np++ }
		END {
			if (renamed) print m, "renamed", renamed
			if (!bad && n7) print m, "model-ok"
		}' "$vm/$s.inspect" >>"$vm/$s.expected"
done
sed -n 's/ appears .*//p' "$vm/$s.expected" | sort -u >"$vm/$s.changing"
changing=$(wc -l <"$vm/$s.changing")
desc="$s: the model: each machine's 7.3 names are its devices' places; some machines change, some not ($changing of 2: $(tr '\n' ' ' <"$vm/$s.changing"))"
t sh -c "cat '$vm/$s.expected'; test \$(grep -c ' model-ok\$' '$vm/$s.expected') -eq 2 && test $changing -ge 1 -a $changing -lt 2"
grep -v ' model-ok$' "$vm/$s.expected" | sort >"$vm/$s.want"

# --- the farm --------------------------------------------------------------------
rm -rf "$vm/$s.libexec" "$vm/$s.tmp" "$vm/$s.cache" "$vm/$s.jsonl"
mkdir -p "$vm/$s.libexec" "$vm/$s.tmp" "$vm/$s.cache"
cp "$here/../../src/try-guest.sh" "$here/../../scripts/kernels.sh" "$vm/$s.libexec/"
t0=$(date +%s)
rc=0
# shellcheck disable=SC2086 # the machines' paths, without blanks
WMISHIM_LIBEXECDIR=$vm/$s.libexec WMISHIM_TRY_KERNELS=$kernels TMPDIR=$vm/$s.tmp XDG_CACHE_HOME=$vm/$s.cache \
	"$tool" report --try --kernel "base=$kline,patched=$kline+$patched,same=$kline+$same" \
	--compare base,patched -j 2 -o "$vm/$s.jsonl" $machines >"$vm/$s.out" 2>"$vm/$s.err" || rc=$?
echo "# $s: report --try: $(($(date +%s) - t0)) s"
sed -n 's/.*boot time \([0-9.]*\) s on average (\([a-z]*\)).*/\2 \1/p' "$vm/$s.out" |
	awk '{ a = $1; t = t " " $2 } END { if (NR) print "boot: " a t }' >"$vm/$s.boot"
booted "$s"
desc="$s: report --try: the 6 boots booted (exit 0); base and same as predicted on both machines"
t sh -c "cat '$vm/$s.err'; test $rc -eq 0 &&
	grep -qx '2 machines, 3 kernels: 6 boots; 6 booted, 0 not; .*' '$vm/$s.out' &&
	grep -q '^Linux base: 2 of 2 booted, 2 as predicted;' '$vm/$s.out' &&
	grep -q '^Linux same: 2 of 2 booted, 2 as predicted;' '$vm/$s.out'"
desc="$s: the lines pin the builds: patched's overlay is the patched wmi.ko, same's the unchanged one, base's none"
t is "base  base  patched wmi.ko $(sha256sum "$patched/wmi.ko" | cut -c1-16) patched wmi.ko $(sha256sum "$patched/wmi.ko" | cut -c1-16) same wmi.ko $(sha256sum "$same/wmi.ko" | cut -c1-16) same wmi.ko $(sha256sum "$same/wmi.ko" | cut -c1-16)" \
	"$(sed -n 's/.*"kernel": "\([a-z]*\)".*"overlay": "\([^"]*\)".*/\1 \2/p' "$vm/$s.jsonl" | sort | tr '\n' ' ' | sed 's/ $//')"

# section FILE HEAD: the lines of FILE from the one that starts with HEAD
# to the first blank one.
section() { awk -v h="$2" 'index($0, h) == 1 { on = 1 } on && $0 == "" { exit } on { print }' "$1"; }
# changes: the comparison's rows as "M appears NAME", "M renamed N",
# "M gone ...", or "M CHANGE" for the other changes (probe fails, not as
# predicted, ...), from its table (a machine's first row names it).
changes() {
	awk 'NR <= 2 { next }
		/^  [^ ]/ { m = $1; $1 = "" }
		{ sub(/^ +/, "") }
		$1 == "appears" { print m, "appears", $2; next }
		$1 == "renamed" { print m, "renamed", $2; next }
		{ print m, "other", $0 }'
}
section "$vm/$s.out" "Linux base -> Linux patched: " >"$vm/$s.compare"
changes <"$vm/$s.compare" >"$vm/$s.rows"
if [ "$changing" -eq 1 ]; then
	head="1 machine differs, 1 broken:"
else
	head="$changing machines differ, $changing broken:"
fi
desc="$s: --compare base,patched: \"$head\", the machines with a block of zero instances"
t sh -c "cat '$vm/$s.compare'; test \"\$(head -n 1 '$vm/$s.compare')\" = 'Linux base -> Linux patched: $head' &&
	awk '{ print \$1 }' '$vm/$s.rows' | sort -u | cmp - '$vm/$s.changing'"
desc="$s: --compare base,patched: each zero-instance block's device appears, as the model numbers it; the renames the model counts; nothing gone"
t sh -c "grep -E '^[^ ]+ (appears|renamed) ' '$vm/$s.rows' | sort | diff -u '$vm/$s.want' - &&
	! grep -E '^[^ ]+ other (gone|ACPI device gone|stops binding|no longer boots)' '$vm/$s.rows'"
section "$vm/$s.out" "Machines Linux patched breaks" >"$vm/$s.breaks"
awk 'NR > 2 { print $1 }' "$vm/$s.breaks" | sort >"$vm/$s.broken"
desc="$s: the machines Linux patched breaks: exactly those ($(tr '\n' ' ' <"$vm/$s.broken"))"
t sh -c "cat '$vm/$s.broken'; cmp '$vm/$s.broken' '$vm/$s.changing'"
# named_nowhere: no machine but the changing ones is a word of the
# comparison or of the machines it breaks.
named_nowhere() {
	for nn_m in $machines; do
		grep -qxF "$nn_m" "$vm/$s.changing" && continue
		! awk -v m="$nn_m" '{ for (i = 1; i <= NF; i++) if ($i == m) f = 1 } END { exit !f }' \
			"$vm/$s.compare" "$vm/$s.breaks" || { echo "$nn_m is named"; return 1; }
	done
}
desc="$s: the machines without a block of zero instances are named nowhere in the comparison"
t named_nowhere

# --- the unchanged rebuild ----------------------------------------------------------
"$tool" report --merge --compare base,same "$vm/$s.jsonl" >"$vm/$s.same" 2>&1
section "$vm/$s.same" "Linux base -> Linux same: " >"$vm/$s.same.compare"
section "$vm/$s.same" "Machines Linux same breaks" >"$vm/$s.same.breaks"
desc="$s: --merge --compare base,same of the same lines: 0 machines differ, 0 broken"
t sh -c "cat '$vm/$s.same.compare' '$vm/$s.same.breaks'; test \"\$(cat '$vm/$s.same.compare')\" = 'Linux base -> Linux same: 0 machines differ, 0 broken:
  none' && test \"\$(sed 1d '$vm/$s.same.breaks')\" = '  none'"
