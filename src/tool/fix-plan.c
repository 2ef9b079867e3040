// SPDX-License-Identifier: GPL-2.0
/*
 * fix's plan: each finding repaired, or left alone with why (the repairs
 * and their sources: fix.c's opening comment).  A repair names what it
 * gains: the driver that binds or uses a zero-instance block (an alias,
 * or a module whose code names the GUID: wmishim_drivers_users), the
 * driver of an _OSI-hidden device, the drivers of an event; a repair
 * that gains no driver anything is not made.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fix.h"

static int listed(const char *const *list, size_t n, const char *code)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(list[i], code))
			return 1;
	return 0;
}

/* Why a finding with no repair is left alone. */
static const char *left_alone(const char *code)
{
	static const struct {
		const char *code, *why;
	} reasons[] = {
		{ "NS_METHOD_MISSING", "the firmware has no such method: fix writes no method "
				       "whose work it does not know" },
		{ "NS_QUERY_MISSING", "the firmware has no such method: fix writes no method "
				      "whose data it does not know" },
		{ "NS_WED_MISSING", "no _WED anywhere the device's event data could come "
				    "from (a _WED written by hand: the wdg-fix overlay's -> PATH "
				    "route)" },
		{ "WDG_DUPLICATE_GUID", "which of the two entries is wrong, and what the right "
					"GUID is, the firmware does not say" },
		{ "NS_DUPLICATE_GUID", "the two devices are the firmware's; which one a driver "
				       "should have, it does not say" },
		{ "WDG_FLAGS_AMBIGUOUS", "whether the block is an event or a method, the "
					 "firmware does not say" },
		{ "WDG_BAD_OBJECT_ID", "the method the object id should name is the firmware's "
				       "to define" },
		{ "NS_WAIT_FOREVER", "what the firmware waits for is its own: no table "
				     "changes that" },
		{ "TABLE_LOAD", "a table that does not load cannot be patched" },
		/* parse_wdg() in drivers/platform/wmi/core.c of linux-source-7.3
		 * (drivers/platform/x86/wmi.c before): total = length / 20. */
		{ "WDG_LENGTH", "Linux reads the whole entries and drops the stray bytes "
				"itself: a _WDG without them changes nothing it sees" },
		{ "WDG_SAMPLE_GUID", "the GUID is the one drivers know the block by: another "
				     "would lose them" },
	};

	for (size_t i = 0; i < sizeof(reasons) / sizeof(reasons[0]); i++)
		if (!strcmp(reasons[i].code, code))
			return reasons[i].why;
	return "fix knows no safe repair for it";
}

static const struct wmishim_wmi_device *device_of(const struct wmishim_wmi_device *devs, int n,
						  const char *path)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(devs[i].path, path))
			return &devs[i];
	return NULL;
}

/* The clean _WDG of device d: the one planned already, or a new copy of
 * the firmware's.  NULL (why said in item) when there is none. */
static struct fix_wdg *wdg_of(struct fix *fx, const struct wmishim_wmi_device *d,
			      struct fix_item *it)
{
	struct fix_wdg *w;

	for (size_t i = 0; i < fx->n_wdg; i++)
		if (!strcmp(fx->wdg[i].device, d->path))
			return &fx->wdg[i];
	if (!d->wdg || !d->wdg_len) {
		snprintf(it->why, sizeof(it->why), "its _WDG could not be read");
		return NULL;
	}
	if (fx->n_wdg == FIX_MAX_WDG) {
		snprintf(it->why, sizeof(it->why), "more than %d devices to rewrite", FIX_MAX_WDG);
		return NULL;
	}
	w = &fx->wdg[fx->n_wdg];
	memset(w, 0, sizeof(*w));
	w->wdg = malloc(d->wdg_len);
	if (!w->wdg) {
		snprintf(it->why, sizeof(it->why), "out of memory");
		return NULL;
	}
	memcpy(w->wdg, d->wdg, d->wdg_len);
	w->len = d->wdg_len;
	snprintf(w->device, sizeof(w->device), "%s", d->path);
	memcpy(w->table, d->table, sizeof(w->table));
	fx->n_wdg++;
	snprintf(w->table_id, sizeof(w->table_id), "WDGFIX%zu", fx->n_wdg);
	snprintf(w->file, sizeof(w->file), "ssdt-wdgfix%zu.aml", fx->n_wdg);
	return w;
}

/* The modules of a device's block, as the gains of its repair: those an
 * alias binds to it, and those that name its GUID in their code and that
 * another of the machine's devices loads (eeepc_wmi, for asus-wmi's
 * management GUID).  "" when there are none. */
static void block_gains(const struct wmishim_wmi_device *d, int index, struct fix_item *it)
{
	size_t used = 0;

	for (int uses = 0; uses < 2; uses++) {
		size_t from = used;

		for (size_t b = 0; b < d->n_blocks; b++) {
			const struct wmishim_wmi_block *blk = &d->blocks[b];

			for (size_t m = 0; blk->index == index && m < blk->n_drivers &&
					   used < sizeof(it->gains); m++)
				if (uses ? blk->drivers[m].uses > 0 : !blk->drivers[m].uses)
					used += (size_t)snprintf(it->gains + used,
								 sizeof(it->gains) - used, "%s%s",
								 used == from ? (used ? "; " : "") :
								 ", ", blk->drivers[m].module);
			/* The record's: the GUID should get a device, bound by
			 * the modules an alias names (try's verdict). */
			if (blk->index == index && !uses) {
				it->gain_kind = FIX_GAIN_WMI;
				wmishim_guid_format(&blk->entry.guid, it->gain_id);
				snprintf(it->gain_modules, sizeof(it->gain_modules), "%.*s",
					 (int)used, it->gains);
			}
		}
		if (used > from && used < sizeof(it->gains))
			used += (size_t)snprintf(it->gains + used, sizeof(it->gains) - used, "%s",
						 uses ? " can use the block (the GUID-based calls)" :
						 " can bind the block");
	}
}

/* Why no driver gains a block's device: none binds or uses its GUID, or
 * only modules nothing on the machine loads use it. */
static void no_gain(const struct wmishim_wmi_device *d, int index, const char *kernel,
		    struct fix_item *it)
{
	const char *unloaded;
	char guid[WMISHIM_GUID_STRLEN + 1] = "";

	wmishim_wmi_block_gainers(d, index, &unloaded);
	for (size_t b = 0; b < d->n_blocks; b++)
		if (d->blocks[b].index == index)
			wmishim_guid_format(&d->blocks[b].entry.guid, guid);
	if (unloaded)
		snprintf(it->why, sizeof(it->why), "only %s uses %s (in its code), and no device of "
			 "this machine loads it: a device for the block gains no driver anything",
			 unloaded, guid);
	else
		snprintf(it->why, sizeof(it->why), "no driver of Linux %s binds or uses %s (no "
			 "alias names it, no module names it in its code): a table replaced for no "
			 "driver's gain", kernel, guid);
}

/* A required method of entry index's block that the firmware lacks, or
 * NULL. */
static const char *missing_method(const struct wmishim_wmi_device *d, int index)
{
	for (size_t b = 0; b < d->n_blocks; b++)
		for (size_t m = 0; d->blocks[b].index == index && m < d->blocks[b].n_methods; m++)
			if (d->blocks[b].methods[m].required &&
			    d->blocks[b].methods[m].type == WMISHIM_NODE_NONE)
				return d->blocks[b].methods[m].name;
	return NULL;
}

/* The name the firmware's _WDG of device path is renamed to: XWDG, or the
 * first of XWD0..XWD9, XWDA..XWDZ the device has no object of (Dell
 * firmware keeps a copy of its _WDG as XWDG).  0, or -1 when all exist. */
static int free_name(struct wmishim_host *host, const char *path, char name[5])
{
	static const char last[] = "G0123456789ABCDEFHIJKLMNOPQRSTUVWXYZ";
	char full[WMISHIM_PATH_MAX + 6];
	struct wmishim_node_info info;

	for (const char *c = last; *c; c++) {
		snprintf(name, 5, "XWD%c", *c);
		snprintf(full, sizeof(full), "%s.%s", path, name);
		if (wmishim_host_node_info(host, full, &info) == 0 &&
		    info.type == WMISHIM_NODE_NONE)
			return 0;
	}
	name[0] = '\0';
	return -1;
}

/* A zero-instance block of device d: repaired in its clean _WDG, or not.  The
 * table renamed is the one that defines _WDG, which may not be the
 * device's. */
static void plan_wdg(struct fix *fx, struct fix_item *it, struct wmishim_host *host,
		     const struct wmishim_wmi_device *devs, int n)
{
	const struct wmishim_wmi_device *d = device_of(devs, n, it->f.device);
	struct wmishim_node_info info;
	char path[WMISHIM_PATH_MAX + 6];
	const char *missing;
	struct fix_wdg *w;
	size_t at;

	if (!d) {
		snprintf(it->why, sizeof(it->why), "the device was not found again");
		return;
	}
	missing = missing_method(d, it->f.index);
	if (missing) {
		snprintf(it->why, sizeof(it->why), "the block has no %s either: with an instance "
			 "Linux would still make no device for it", missing);
		return;
	}
	/* A data block is a collection of instances, and none is an answer
	 * a driver takes: hp-bioscfg counts its settings of each kind with
	 * wmi_instance_count() (hp_get_instance_count(),
	 * drivers/platform/x86/hp/hp-bioscfg/bioscfg.c of linux-source-7.3),
	 * and HP firmware gives 0 for a kind it has none of.  One instance
	 * would have it read a setting the firmware does not have.  (A
	 * method block of none takes no call: that is the bug.) */
	for (size_t b = 0; b < d->n_blocks; b++)
		if (d->blocks[b].index == it->f.index &&
		    wmishim_wdg_entry_kind(&d->blocks[b].entry) == WMISHIM_WDG_KIND_DATA) {
			snprintf(it->why, sizeof(it->why), "a data block of no instances is a "
				 "collection with nothing in it, an answer drivers take (hp-bioscfg "
				 "counts its settings so): one instance would have them read one the "
				 "firmware does not have");
			return;
		}
	/* A _WDG that is a method answers from the hardware or the OS it
	 * asks (_OSI): a copy would freeze one of its answers, the emulated
	 * machine's, and lose what the real one returns. */
	if (d->wdg_type == WMISHIM_NODE_METHOD) {
		snprintf(it->why, sizeof(it->why), "its _WDG is a method: what it returns may "
			 "depend on the hardware or on _OSI, and a clean copy would freeze one of "
			 "its answers");
		return;
	}
	/* enable.conf's "rename PATH._WDG=NAME", as wmishim_rename_parse
	 * takes it: the path in struct wmishim_rename's from[]. */
	if (strlen(d->path) + sizeof("._WDG") > sizeof(((struct wmishim_rename *)0)->from)) {
		snprintf(it->why, sizeof(it->why), "its path is %zu characters, and a rename "
			 "takes a _WDG's of %zu at most", strlen(d->path),
			 sizeof(((struct wmishim_rename *)0)->from) - sizeof("._WDG"));
		return;
	}
	at = (size_t)it->f.index * WMISHIM_WDG_ENTRY_SIZE;
	if (it->f.index < 0 || at + WMISHIM_WDG_ENTRY_SIZE > d->wdg_len) {
		snprintf(it->why, sizeof(it->why), "its entry is not in the _WDG");
		return;
	}
	block_gains(d, it->f.index, it);
	/* (A model without a driver table knows no driver: repaired, its
	 * gains not known.) */
	if (!wmishim_wmi_block_gainers(d, it->f.index, NULL) && wmishim_host_drivers(host)) {
		no_gain(d, it->f.index, wmishim_host_kernel(host)->name, it);
		return;
	}
	w = wdg_of(fx, d, it);
	if (!w)
		return;
	if (!w->rename[0] && free_name(host, d->path, w->rename)) {
		snprintf(it->why, sizeof(it->why), "the device has XWDG and XWD0 to XWDZ already: "
			 "no free name to rename its _WDG to");
		fx->n_wdg--;
		free(w->wdg);
		return;
	}
	snprintf(path, sizeof(path), "%s._WDG", d->path);
	if (wmishim_host_node_info(host, path, &info) == 0 && info.table[0])
		memcpy(w->table, info.table, sizeof(w->table));
	/* The instance count: byte 18 of the 20-byte entry, after the GUID
	 * (16) and the object or notify id (2) (struct guid_block in
	 * drivers/platform/x86/wmi.c of linux-source-6.1). */
	w->wdg[at + 18] = 1;
	snprintf(it->how, sizeof(it->how), "entry %d's instance count 0 -> 1 in a clean _WDG "
		 "beside the firmware's (renamed %s): Linux skips a block of no instances",
		 it->f.index, w->rename);
	it->repaired = 1;
}

/* An OSI_HIDDEN_DEVICE finding: its strings join the deny set. */
static void plan_osi(struct fix *fx, struct fix_item *it, const struct wmishim_hidden *h)
{
	size_t used = 0;

	if (h->n_lost && !fx->accept_loss) {
		snprintf(it->why, sizeof(it->why), "denying those strings hides %s (%s)%s, which "
			 "Linux has now: fix trades no device for another (--accept-loss does)",
			 h->lost, h->lost_module ? h->lost_module : "?",
			 h->n_lost > 1 ? " and others" : "");
		return;
	}
	for (size_t i = 0; i < h->n_deny; i++) {
		if (listed(fx->deny, fx->n_deny, h->deny[i]))
			continue;
		if (fx->n_deny == WMISHIM_HIDDEN_DENY_MAX) {
			snprintf(it->why, sizeof(it->why), "more strings to deny than %d",
				 WMISHIM_HIDDEN_DENY_MAX);
			return;
		}
		fx->deny[fx->n_deny++] = h->deny[i];
	}
	used = (size_t)snprintf(it->how, sizeof(it->how), "every table that asks _OSI asks "
				"XOSI instead, which answers false to");
	for (size_t i = 0; i < h->n_deny && used < sizeof(it->how); i++)
		used += (size_t)snprintf(it->how + used, sizeof(it->how) - used, "%s \"%s\"",
					 i ? "," : "", h->deny[i]);
	for (size_t i = 0; i < h->n_modules; i++)
		snprintf(it->gains + strlen(it->gains), sizeof(it->gains) - strlen(it->gains),
			 "%s%s", i ? ", " : "", h->modules[i]);
	snprintf(it->gain_modules, sizeof(it->gain_modules), "%.*s",
		 (int)(sizeof(it->gain_modules) - 1), it->gains);
	snprintf(it->gains + strlen(it->gains), sizeof(it->gains) - strlen(it->gains),
		 " gets its device %s (%s)", h->device, h->id);
	it->gain_kind = FIX_GAIN_ACPI;
	snprintf(it->gain_id, sizeof(it->gain_id), "%s", h->id);
	it->repaired = 1;
}

/* An NS_WED_MISSING finding: a _WED that forwards to the nearest of the
 * device's ancestors', when that is a method of one argument and no other
 * WMI device's own (wmishim_wed_find); else left alone, with why. */
static void plan_wed(struct fix *fx, struct fix_item *it, struct wmishim_host *host,
		     const struct wmishim_wmi_device *devs, int n)
{
	const struct wmishim_wmi_device *d = device_of(devs, n, it->f.device);
	char target[WMISHIM_PATH_MAX + 8];
	size_t used = 0, w;
	int r;

	if (!d) {
		snprintf(it->why, sizeof(it->why), "the device was not found again");
		return;
	}
	r = wmishim_wed_find(host, devs, (size_t)n, d->path, target, sizeof(target));
	switch (r) {
	case WMISHIM_WED_FOUND:
		break;
	case WMISHIM_WED_OTHER_DEVICE:
		snprintf(it->why, sizeof(it->why), "the nearest _WED above it, %s, is another "
			 "WMI device's own: its data is that device's events'", target);
		return;
	case WMISHIM_WED_NOT_ONE_ARG:
		snprintf(it->why, sizeof(it->why), "the nearest _WED above it, %s, is no method "
			 "of one argument (the notify id): its data is not an event's", target);
		return;
	case WMISHIM_WED_NONE:
		snprintf(it->why, sizeof(it->why), "%s", left_alone(it->f.code));
		return;
	default:
		snprintf(it->why, sizeof(it->why), "its path is too long to look above it");
		return;
	}
	for (w = 0; w < fx->n_wed && strcmp(fx->wed[w].device, d->path); w++)
		;
	if (w == fx->n_wed) {
		if (fx->n_wed == FIX_MAX_WED) {
			snprintf(it->why, sizeof(it->why), "more than %d devices to give a _WED",
				 FIX_MAX_WED);
			return;
		}
		snprintf(fx->wed[w].device, sizeof(fx->wed[w].device), "%s", d->path);
		snprintf(fx->wed[w].target, sizeof(fx->wed[w].target), "%s", target);
		fx->n_wed++;
	}
	snprintf(it->how, sizeof(it->how), "a _WED in its scope that returns the firmware's "
		 "%s (Arg0): Linux asks the device's own _WED, never its parents'", target);
	for (size_t b = 0; b < d->n_blocks; b++) {
		const struct wmishim_wmi_block *blk = &d->blocks[b];

		if (blk->index == it->f.index) {
			snprintf(it->event, sizeof(it->event), "%s:0x%02X", d->path, blk->entry.id[0]);
			it->gain_kind = FIX_GAIN_EVENT;
			wmishim_guid_format(&blk->entry.guid, it->gain_id);
		}
		for (size_t m = 0; blk->index == it->f.index && m < blk->n_drivers &&
				   used < sizeof(it->gains); m++)
			if (blk->drivers[m].uses >= 0)
				used += (size_t)snprintf(it->gains + used, sizeof(it->gains) - used,
							 "%s%s", used ? ", " : "",
							 blk->drivers[m].module);
	}
	snprintf(it->gain_modules, sizeof(it->gain_modules), "%.*s", (int)used, it->gains);
	if (used && used < sizeof(it->gains))
		snprintf(it->gains + used, sizeof(it->gains) - used, " gets each event's data");
	it->repaired = 1;
}

static int selected(const struct fix *fx, const char *code)
{
	return (!fx->n_only || listed(fx->only, fx->n_only, code)) &&
	       !listed(fx->skip, fx->n_skip, code);
}

void fix_plan(struct fix *fx, const struct wmishim_finding *f, struct wmishim_host *host,
	      const struct wmishim_wmi_device *devs, int n, const struct wmishim_hidden *h)
{
	struct fix_item *it;

	if (f->severity == WMISHIM_SEVERITY_INFO) {
		fx->infos++;
		return;
	}
	it = &fx->items[fx->n_items++];
	memset(it, 0, sizeof(*it));
	it->f = *f;
	if (!selected(fx, f->code))
		snprintf(it->why, sizeof(it->why), "not asked for (--only, --skip)");
	else if (!strcmp(f->code, "WDG_ZERO_INSTANCES") && host)
		plan_wdg(fx, it, host, devs, n);
	else if (!strcmp(f->code, "OSI_HIDDEN_DEVICE") && h)
		plan_osi(fx, it, h);
	else if (!strcmp(f->code, "NS_WED_MISSING") && host)
		plan_wed(fx, it, host, devs, n);
	else
		snprintf(it->why, sizeof(it->why), "%s", left_alone(f->code));
}

/* ---- several tables of one signature and IDs ----------------------------------------------- */

/* t's signature and OEM IDs, "SSDT HPQOEM 815D" (each without its padding
 * blanks; the firmware's bytes: escaped where printed). */
static void ids_of(const struct wmishim_table *t, char *out, size_t size)
{
	snprintf(out, size, "%s %.*s %.*s", t->signature,
		 (int)strcspn(t->oem_id, " "), t->oem_id,
		 (int)strcspn(t->oem_table_id, " "), t->oem_table_id);
}

/* Why the repairs that patch set's table at are left alone: it is not
 * the first of the n tables of its IDs (group, in set's order). */
static void same_ids_why(const struct wmishim_table_set *set, size_t at, const size_t *group,
			 size_t n, char *why, size_t size)
{
	char ids[40];
	size_t place = 0;

	for (size_t g = 0; g < n; g++)
		if (group[g] == at)
			place = g + 1;
	ids_of(&set->tables[at], ids, sizeof(ids));
	snprintf(why, size, "its table, %s (%s), is number %zu of the %zu tables of that signature "
		 "and those OEM IDs (the first: %s): the kernel puts a patched copy in place of the "
		 "first of them it installs (acpi_table_initrd_override(), drivers/acpi/tables.c), "
		 "whose objects would be lost and this one's defined twice", ids,
		 set->tables[at].source, place, n,
		 set->tables[group[0]].source);
}

/* Leaves the items of a group of repairs (code; device, or all when
 * NULL) alone, with why. */
static void leave_items(struct fix *fx, const char *code, const char *device, const char *why)
{
	for (size_t i = 0; i < fx->n_items; i++) {
		struct fix_item *it = &fx->items[i];

		if (!it->repaired || strcmp(it->f.code, code) ||
		    (device && strcmp(it->f.device, device)))
			continue;
		it->repaired = 0;
		it->gains[0] = '\0';
		it->gain_kind = FIX_GAIN_NONE;
		it->event[0] = '\0';
		snprintf(it->why, sizeof(it->why), "%s", why);
	}
}

/*
 * The kernel takes a table of the initrd in place of the first firmware
 * table of its signature and IDs it installs that no file took before
 * (acpi_table_initrd_override(), drivers/acpi/tables.c, 6.1 and 7.3;
 * wmishim_upgrade_group), and installs them in the order of the XSDT, the
 * order /sys/firmware/acpi/tables numbers them (SSDT1, SSDT2: sysfs.c
 * numbers them by table index), every table Load()ed later through the same
 * override (acpi_tb_install_and_load_table(), acpica/tbdata.c, from
 * exconfig.c).  So a patched copy lands right only on the first of its
 * group; fix takes the order of the tables it was given as the machine's
 * (what --live reads is; enable checks it on the machine, where the sysfs
 * numbers tell).  A patched copy of another (HP's five "SSDT HPQOEM
 * 815D") would replace the first: its objects lost, the copy's defined
 * twice (AE_ALREADY_EXISTS).  Copies of the earlier tables before it would
 * hold only while every loader kept the files' order: not made.
 */
int fix_same_ids(struct fix *fx)
{
	size_t *base = calloc(fx->set.n + 1, sizeof(*base)), nb = 0;
	size_t *group = calloc(fx->set.n + 1, sizeof(*group));
	int ret = base && group ? 0 : -1;

	/* fx->fixed's first tables are the set's DSDT and SSDTs (fix_apply). */
	for (size_t i = 0; base && i < fx->set.n; i++)
		if (!strcmp(fx->set.tables[i].signature, "DSDT") ||
		    !strcmp(fx->set.tables[i].signature, "SSDT"))
			base[nb++] = i;
	while (!ret) {
		const struct wmishim_table *was = NULL;
		char why[sizeof(fx->items->why)];
		size_t j, n = 0, w;

		for (j = 0; j < nb && j < fx->fixed.n; j++) {
			const struct wmishim_table *now = &fx->fixed.tables[j];

			was = &fx->set.tables[base[j]];
			if (now->length == was->length && !memcmp(now->data, was->data, was->length))
				continue;
			n = wmishim_upgrade_group(was, &fx->set, group, fx->set.n);
			if (n > 1 && group[0] != base[j])
				break;
		}
		if (j == nb || j == fx->fixed.n)
			break;
		same_ids_why(&fx->set, base[j], group, n, why, sizeof(why));
		/* The _WDG renamed in it, else the _OSI calls patched in it. */
		for (w = 0; w < fx->n_wdg && fx->wdg[w].index != j; w++)
			;
		if (w < fx->n_wdg) {
			leave_items(fx, "WDG_ZERO_INSTANCES", fx->wdg[w].device, why);
			free(fx->wdg[w].wdg);
			free(fx->wdg[w].aml);
			memmove(&fx->wdg[w], &fx->wdg[w + 1], (fx->n_wdg - w - 1) * sizeof(*fx->wdg));
			fx->n_wdg--;
		} else if (fx->n_deny) {
			leave_items(fx, "OSI_HIDDEN_DEVICE", NULL, why);
			fx->n_deny = 0;
		} else {
			tool_error("fix: %s %s: patched by no repair", was->signature, was->source);
			ret = -1;
			break;
		}
		/* fx->fixed again, without it. */
		fix_unapply(fx);
		ret = fix_apply(fx);
	}
	if (!base || !group)
		tool_error("out of memory");
	free(base);
	free(group);
	return ret;
}
