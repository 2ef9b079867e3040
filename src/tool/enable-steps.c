// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim enable: the steps of an overlay's enable.conf (add FILE,
 * osi-fix, rename PATH=NAME), each table checked against the firmware as
 * the kernel's initrd upgrade will judge it; the patch steps run in the
 * guard (guard.c), which loads the firmware into ACPICA.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* asprintf */
#endif
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "enable.h"

const char *enable_base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* NAME is one of the lines of list. */
static int listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; p && *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0))
		if (!strncmp(p, name, n) && (p[n] == '\n' || !p[n]))
			return 1;
	return 0;
}

/* Adds one table to the enabled set, checked against the firmware. */
/* Several of the firmware's tables of t's signature and OEM IDs (HP's
 * five "SSDT HPQOEM 815D"): the kernel takes a file of the initrd in place
 * of the first of them it installs that no file took before
 * (acpi_table_initrd_override(), drivers/acpi/tables.c, 6.1 to 7.3;
 * wmishim_upgrade_group), in the order /sys/firmware/acpi/tables numbers
 * them (SSDT1, SSDT2: sysfs.c numbers them by table index; fw holds them
 * so).  Right only for a patch of that first one (from: the index in fw
 * of the table t is a patch of, -1 for a table of the overlay's own,
 * which enable cannot tell the origin of).  0, or -EINVAL after saying
 * why, naming them. */
static int same_ids(const struct wmishim_table *t, const struct wmishim_table_set *fw, long from,
		    const char *file_name)
{
	size_t group[16], n = wmishim_upgrade_group(t, fw, group, 16), used = 0;
	char sig[4 * 5], ids[TOOL_TABLE_IDS], places[160] = "";
	size_t ordinal = 0;

	if (n < 2 || (from >= 0 && (size_t)from == group[0]))
		return 0;
	/* Each by its place among the firmware's tables of the signature. */
	for (size_t g = 0, k = 0; k < fw->n && g < n && g < 16 && used < sizeof(places); k++) {
		if (strcmp(fw->tables[k].signature, t->signature))
			continue;
		ordinal++;
		if (k != group[g])
			continue;
		used += (size_t)snprintf(places + used, sizeof(places) - used, "%s%zu",
					 g ? ", " : "", ordinal);
		if (from >= 0 && (size_t)from == k)
			used += (size_t)snprintf(places + used, sizeof(places) - used,
						 " (this one's)");
		g++;
	}
	if (n > 16 && used < sizeof(places))
		snprintf(places + used, sizeof(places) - used, ", ...");
	tool_printable(t->signature, sig, sizeof(sig));
	tool_table_ids(t, NULL, ids, sizeof(ids));
	tool_error("%s: %s: %zu of this machine's %ss have that signature and those OEM IDs "
		   "(numbers %s, in the order the kernel installs them): it puts a table of the "
		   "initrd in place of the first of them (acpi_table_initrd_override(), "
		   "drivers/acpi/tables.c), %s (nothing enabled)", file_name, ids, n, sig,
		   places, from >= 0 ? "not this one: the first's objects would be lost, and this "
		   "one's defined twice" : "and which of them this table was made from, enable "
		   "cannot tell: the first's objects could be lost, another's defined twice");
	return -EINVAL;
}

int enable_add_table(const struct enable_opts *o, struct txn *t,
		     const struct wmishim_table_set *fw, const char *overlay,
		     const char *file_name, const uint8_t *data, size_t len, char **list,
		     long from)
{
	struct wmishim_table_set one = { NULL, 0 };
	struct wmishim_upgrade_verdict v;
	/* The firmware's IDs, in the verdict too: escaped (tool_printable). */
	char *dest_name, *grown, reason[4 * sizeof(v.reason)], oem[4 * 7], tid[4 * 9];
	int ret;

	if (wmishim_tables_add(&one, data, len, file_name))
		return -EINVAL;
	if (same_ids(&one.tables[0], fw, from, file_name)) {
		wmishim_tables_clear(&one);
		return -EINVAL;
	}
	/* Judged for the oldest model: the table goes into every installed
	 * kernel's initramfs, and each later kernel takes what 6.1 takes. */
	wmishim_upgrade_check(&one.tables[0], len, fw, &v);
	tool_printable(v.reason, reason, sizeof(reason));
	tool_printable(one.tables[0].oem_id, oem, sizeof(oem));
	tool_printable(one.tables[0].oem_table_id, tid, sizeof(tid));
	if (v.action == WMISHIM_UPGRADE_REFUSE) {
		tool_error("%s: %s", file_name, reason);
		wmishim_tables_clear(&one);
		return -EINVAL;
	}
	/* Two overrides of one firmware table: the kernel would take the
	 * first only. */
	if (v.action == WMISHIM_UPGRADE_REPLACE) {
		char *dir = enable_path(o, "/etc/wmishim/tables", NULL);
		struct wmishim_table_set etc = { NULL, 0 };
		size_t plen = strlen(overlay);

		if (dir && access(dir, F_OK) == 0 &&
		    wmishim_tables_read_below(&etc, o->root, "/etc/wmishim/tables") >= 0)
			for (size_t i = 0; i < etc.n; i++) {
				const char *b = enable_base_name(etc.tables[i].source);

				if (!memcmp(etc.tables[i].data, data, 4) &&
				    !memcmp(etc.tables[i].data + 10, data + 10, 14) &&
				    !(strncmp(b, overlay, plen) == 0 && b[plen] == '-')) {
					tool_error("%s: the firmware's %s is overridden already by %s: "
						   "disable that first", file_name,
						   one.tables[0].signature, b);
					wmishim_tables_clear(&etc);
					wmishim_tables_clear(&one);
					free(dir);
					return -EINVAL;
				}
			}
		wmishim_tables_clear(&etc);
		free(dir);
	}
	printf("%s: %s %s %s: %s\n", file_name, one.tables[0].signature, oem, tid, reason);
	wmishim_tables_clear(&one);
	if (asprintf(&dest_name, "%s-%s", overlay, file_name) < 0)
		return -ENOMEM;
	/* Two tables of one enable under one name: the second would take
	 * the first's place, and the fix would be enabled incomplete. */
	if (listed(*list, dest_name)) {
		tool_error("%s: %s is this overlay's already: two of its tables under one name "
			   "(nothing enabled)", file_name, dest_name);
		free(dest_name);
		return -EEXIST;
	}
	ret = txn_add(t, enable_path(o, "/etc/wmishim/tables/%s", dest_name), data, len, 0);
	if (!ret && asprintf(&grown, "%s%s\n", *list ? *list : "", dest_name) >= 0) {
		free(*list);
		*list = grown;
	}
	free(dest_name);
	return ret;
}

/* A patch loads the firmware into ACPICA: in the guard (guard.c), which
 * sends back the patched table.  Everything else here (the files, the
 * generator) runs outside it, so that no limit kills a system tool half
 * way.  -ECANCELED when the guard stopped it (said why). */
struct patch_job {
	const struct wmishim_table_set *fw;
	size_t index;
	const struct wmishim_rename *r;
	const struct wmishim_table_set *policy;
};

static int patch_in_guard(void *arg, int out_fd)
{
	const struct patch_job *j = arg;
	struct wmishim_patch_stats st;
	uint8_t *out;
	size_t len;
	int ret = wmishim_patch_table(j->fw, j->index, j->r, 1, j->policy, &out, &len, &st);

	if (ret)
		return ret;
	ret = tool_guard_write(out_fd, out, len);
	free(out);
	return ret;
}

static int guarded_patch(const struct wmishim_table_set *fw, size_t index,
			 const struct wmishim_rename *r, const struct wmishim_table_set *policy,
			 uint8_t **out, size_t *len)
{
	struct patch_job j = { fw, index, r, policy };
	char what[64], tid[4 * 9];
	uint8_t *bytes;
	size_t n;
	int ret;

	tool_printable(fw->tables[index].oem_table_id, tid, sizeof(tid));
	snprintf(what, sizeof(what), "enable: %s %s", fw->tables[index].signature, tid);
	ret = tool_guard(what, patch_in_guard, &j, &bytes, &n);
	if (ret == TOOL_GUARD_STOPPED)
		return -ECANCELED;
	if (ret) {
		free(bytes);
		return ret < 0 ? ret : -EIO; /* a status at exit: a leak checker's */
	}
	*out = bytes;
	*len = n;
	return 0;
}

/* The name a patched firmware table is enabled under (before the
 * overlay's name): dsdt.aml; another table its signature and OEM table ID,
 * "ssdt-cpupm.aml", and its place in the firmware too ("ssdt-cpupm-3.aml")
 * when another table of the firmware has both: every table one of its
 * own, however many SSDTs a patch changes. */
static void patched_name(const struct wmishim_table_set *fw, size_t i, char *out, size_t size)
{
	const struct wmishim_table *tb = &fw->tables[i];
	int twin = 0;
	size_t n;

	for (size_t j = 0; j < fw->n; j++)
		twin |= j != i && !strcmp(fw->tables[j].signature, tb->signature) &&
			!strcmp(fw->tables[j].oem_table_id, tb->oem_table_id);
	if (!strcmp(tb->signature, "DSDT") && !twin) {
		snprintf(out, size, "dsdt.aml");
		return;
	}
	/* The OEM table ID without its padding; letters and digits as they
	 * are, lower case, anything else '_'. */
	n = (size_t)snprintf(out, size, "%s-%.*s", tb->signature,
			     (int)strcspn(tb->oem_table_id, " "), tb->oem_table_id);
	for (char *c = out; *c; c++)
		*c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 :
			    (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-' ? *c :
			    '_');
	if (twin && n < size)
		n += (size_t)snprintf(out + n, size - n, "-%zu", i);
	if (n < size)
		snprintf(out + n, size - n, ".aml");
}

/* An "add FILE" step: the overlay's own table. */
static int add_step(const struct enable_opts *o, struct txn *t, const struct wmishim_table_set *fw,
		    const char *name, const char *dir, const char *file, char **list)
{
	char *f;
	uint8_t *aml;
	size_t len;
	int ret;

	if (asprintf(&f, "%s/%s", dir, file) < 0)
		return -ENOMEM;
	ret = tool_read_file(f, &aml, &len);
	if (!ret) {
		ret = enable_add_table(o, t, fw, name, enable_base_name(f), aml, len, list, -1);
		free(aml);
	}
	free(f);
	return ret;
}

/* Patches table i of work (the firmware as the overlay's steps have left
 * it; guarded) in place, and marks it changed: 1 when the table does not
 * hold what the step renames, 0, or -errno. */
static int patch_one(struct wmishim_table_set *work, int *changed, size_t i,
		     const struct wmishim_rename *r, const struct wmishim_table_set *policy)
{
	enum wmishim_log_priority was = wmishim_log_get_priority();
	uint8_t *out;
	size_t len;
	int ret;

	/* Tables that do not hold the name say so: quietly. */
	if (!policy)
		wmishim_log_set_priority((enum wmishim_log_priority)0);
	ret = guarded_patch(work, i, r, policy, &out, &len);
	wmishim_log_set_priority(was);
	if (ret == -ENOENT || (ret == -EINVAL && !policy))
		return 1; /* not in this table */
	if (ret && ret != -ECANCELED && !policy) /* again, to say why */
		ret = guarded_patch(work, i, r, NULL, &out, &len);
	if (ret)
		return ret;
	ret = wmishim_tables_replace(work, i, out, len);
	free(out);
	if (!ret)
		changed[i] = 1;
	return ret;
}

/* The strings of an "osi-fix" step: none (the default policy, "Windows
 * 2009" denied), or each in double quotes ("Windows 2009" "Windows 2012"),
 * at most max: how many, or -1 (said why). */
static int osi_strings(const char *conf, char *args, const char **deny, int max)
{
	int n = 0;

	while (*args) {
		char *end;

		while (*args == ' ' || *args == '\t')
			args++;
		if (!*args)
			break;
		if (*args != '"' || !(end = strchr(args + 1, '"')) || n == max) {
			tool_error("%s: osi-fix: each string to deny in double quotes, at most %d",
				   conf, max);
			return -1;
		}
		*end = '\0';
		deny[n++] = args + 1;
		args = end + 1;
	}
	if (!n)
		deny[n++] = "Windows 2009";
	return n;
}

/* An "osi-fix [\"STRING\"...]" step (every table that asks _OSI asks XOSI,
 * and the policy denying the strings, "Windows 2009" by default, beside
 * them, put in later) or a "rename PATH=NAME" step, on work. */
static int patch_step(struct wmishim_table_set *work, int *changed,
		      struct wmishim_table_set *later, const char *name, const char *conf,
		      char *line)
{
	const char *deny[32];
	char *args = NULL;
	struct wmishim_table_set policy = { NULL, 0 };
	struct wmishim_rename r;
	uint8_t *pol = NULL;
	size_t plen = 0, patched = 0;
	int osi = !strncmp(line, "osi-fix", 7), nd = 0, ret = 0;

	if (osi) {
		/* The strings are cut out of a copy: line stays whole for the
		 * messages. */
		args = strdup(line + 7);
		nd = args ? osi_strings(conf, args, deny, 32) : -1;
		if (nd < 0 || wmishim_osi_policy(deny, (size_t)nd, NULL, 0, &pol, &plen) ||
		    wmishim_tables_add(&policy, pol, plen, "ssdt-xosi.aml"))
			ret = -EINVAL;
		wmishim_rename_parse("\\_OSI=XOSI", 1, &r);
	} else if (wmishim_rename_parse(line + 7, 0, &r)) {
		ret = -EINVAL;
	}
	for (size_t i = 0; i < work->n && !ret; i++) {
		ret = patch_one(work, changed, i, &r, osi ? &policy : NULL);
		patched += ret == 0;
		ret = ret == 1 ? 0 : ret;
	}
	if (!ret && !patched) {
		tool_error("%s: %s: no table of this machine %s", name, line,
			   osi ? "asks _OSI" : "defines it");
		ret = -ENOENT;
	}
	if (!ret && osi)
		ret = wmishim_tables_add(later, pol, plen, "ssdt-xosi.aml");
	free(pol);
	free(args);
	wmishim_tables_clear(&policy);
	return ret;
}

/* The steps of an overlay's enable.conf, one a line: add FILE, osi-fix,
 * rename PATH=NAME; '#' comments.  The patch steps work on one copy of the
 * firmware, each on what the one before left (a DSDT renamed and then
 * patched for _OSI is one table); the tables they changed are enabled
 * after the added ones, each once, then the _OSI policy. */
/* A table the steps patched that the fix's record (its lines; NULL: no
 * record) does not hold: the fix was made without it (from a part of the
 * machine's tables, or before an SSDT came), and enable would patch what
 * fix never looked at (the _OSI step patches every table that asks).
 * 0, or -ESTALE after saying which. */
static int patched_unrecorded(const struct wmishim_table_set *fw, const int *changed,
			      const char *record, const char *name)
{
	char sha[WMISHIM_SHA256_HEX_SIZE], tid[4 * 9];

	for (size_t i = 0; record && i < fw->n; i++) {
		if (!changed[i])
			continue;
		wmishim_sha256_hex(fw->tables[i].data, fw->tables[i].length, sha);
		if (strstr(record, sha))
			continue;
		tool_printable(fw->tables[i].oem_table_id, tid, sizeof(tid));
		tool_error("%s: it would patch this machine's %s %s, which is not among the "
			   "tables the fix was made from (its firmware lines): make the fix again "
			   "from all of this machine's tables (wmishim fix --live, or sudo "
			   "acpidump > acpi.dump)", name, fw->tables[i].signature, tid);
		return -ESTALE;
	}
	return 0;
}

static int run_steps(const struct enable_opts *o, const char *name, const char *dir,
		     const char *conf, char *text, struct txn *t,
		     const struct wmishim_table_set *fw, char **list, const char *record)
{
	struct wmishim_table_set work = { NULL, 0 }, later = { NULL, 0 };
	int *changed = calloc(fw->n + 1, sizeof(*changed)), ret = changed ? 0 : -ENOMEM;

	for (size_t i = 0; i < fw->n && !ret; i++)
		ret = wmishim_tables_add(&work, fw->tables[i].data, fw->tables[i].length,
					 fw->tables[i].source);
	for (char *save, *line = strtok_r(text, "\n", &save); line && !ret;
	     line = strtok_r(NULL, "\n", &save)) {
		while (*line == ' ' || *line == '\t')
			line++;
		/* The record was compared before (enable_overlay_steps). */
		if (!*line || *line == '#' || record_is_line(line))
			continue;
		if (!strncmp(line, "add ", 4)) {
			ret = add_step(o, t, fw, name, dir, line + 4, list);
		} else if (!strcmp(line, "osi-fix") || !strncmp(line, "osi-fix ", 8) ||
			   !strncmp(line, "rename ", 7)) {
			ret = patch_step(&work, changed, &later, name, conf, line);
		} else {
			char shown[4 * 256];

			tool_printable(line, shown, sizeof(shown));
			tool_error("%s: unknown step \"%s\"", conf, shown);
			ret = -EINVAL;
		}
	}
	if (!ret)
		ret = patched_unrecorded(fw, changed, record, name);
	for (size_t i = 0; i < fw->n && !ret; i++) {
		char fname[48];

		if (!changed[i])
			continue;
		patched_name(fw, i, fname, sizeof(fname));
		ret = enable_add_table(o, t, fw, name, fname, work.tables[i].data, work.tables[i].length,
				list, (long)i);
	}
	for (size_t i = 0; i < later.n && !ret; i++)
		ret = enable_add_table(o, t, fw, name, later.tables[i].source, later.tables[i].data,
				later.tables[i].length, list, -1);
	free(changed);
	wmishim_tables_clear(&work);
	wmishim_tables_clear(&later);
	return ret;
}

/* The record lines of text (len bytes), one a line: allocated, or NULL. */
static char *record_lines(const char *text, size_t len)
{
	char *out = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&out, &n);

	for (const char *p = text, *end = text + len; f && p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		while (l && (*p == ' ' || *p == '\t'))
			p++, l--;
		if (l > 9 && !strncmp(p, "firmware ", 9)) {
			fwrite(p, 1, l, f);
			fputc('\n', f);
		}
		p += l + 1;
	}
	if (!f || fclose(f)) {
		free(out);
		return NULL;
	}
	return out;
}

/* The fix's record of its firmware against the machine's tables (a fix
 * made for other firmware is refused): 0 (*record its lines, when it has
 * one), or -errno after saying why. */
static int compare_record(const struct enable_opts *o, const char *name, const char *conf,
			  const char *text, size_t len, char **record)
{
	char why[1024];
	int ret = record_compare(o->root, text, len, why, sizeof(why));

	if (ret == -ESTALE) {
		tool_error("%s: the firmware changed since the fix was made; run wmishim fix again",
			   why);
		return -EINVAL;
	}
	if (ret < 0) {
		tool_error("%s: %s", conf, why);
		return ret == -EINVAL ? -EINVAL : ret;
	}
	/* A fix (fix's own first line) made before fix wrote a record: said;
	 * an overlay, made for no one machine, needs none. */
	if (!ret) {
		if (!strncmp(text, "# wmishim fix for", 17))
			printf("%s: made without a record of its firmware: not compared with "
			       "this machine's\n", name);
		return 0;
	}
	printf("%s: made from this machine's firmware as it is (%d table%s compared)\n", name, ret,
	       ret == 1 ? "" : "s");
	*record = record_lines(text, len);
	return *record ? 0 : -ENOMEM;
}

int enable_overlay_steps(const struct enable_opts *o, const char *name, struct txn *t,
			 const struct wmishim_table_set *fw, char **list, char **record,
			 const char *stale)
{
	char *dir = NULL, *conf = NULL, why[1024];
	uint8_t *text = NULL;
	size_t len;
	int ret = -EINVAL;

	if (asprintf(&dir, "%s/%s", o->overlays, name) < 0 ||
	    asprintf(&conf, "%s/enable.conf", dir) < 0)
		goto out;
	if (access(conf, R_OK)) {
		tool_error("no overlay %s (looked in %s; --overlays DIR looks elsewhere)", name,
			   o->overlays);
		ret = -ENOENT;
		goto out;
	}
	if (tool_read_file(conf, &text, &len))
		goto out;
	/* A BIOS update since enable took its copies: the live tables may be
	 * a fix's override over the new firmware's (an OEM revision higher
	 * than its), the same as before, so no record compares true. */
	if (record_bios_changed(o->root, why, sizeof(why))) {
		tool_error("%s.  Disable every fix (wmishim status lists them; that drops the "
			   "copies), reboot, and make them again with wmishim fix", why);
		ret = -ESTALE;
		goto out;
	}
	ret = compare_record(o, name, conf, (const char *)text, len, record);
	/* The pristine copies not the machine's firmware now: said after the
	 * fix's own record, whose words are the closer. */
	if (!ret && stale && stale[0]) {
		tool_error("%s", stale);
		ret = -ESTALE;
	}
	if (!ret)
		ret = run_steps(o, name, dir, conf, (char *)text, t, fw, list, *record);
out:
	free(text);
	free(conf);
	free(dir);
	return ret;
}
