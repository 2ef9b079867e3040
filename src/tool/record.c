// SPDX-License-Identifier: GPL-2.0
/*
 * A fix's record of the firmware it was made from: wmishim fix writes one
 * line a table into enable.conf,
 *
 *   firmware SIGNATURE OEM_ID OEM_TABLE_ID 0xOEM_REVISION SHA256
 *
 * (the IDs as the header holds them, trailing spaces dropped, every byte
 * but a letter, a digit, '_' and '.' as \xNN, an empty one "-"; the
 * SHA-256 of the table's bytes, what `sha256sum` prints of
 * /sys/firmware/acpi/tables/DSDT).  enable refuses a fix whose tables are
 * not the machine's any more (a firmware update); status, doctor and the
 * initramfs-tools hook (through status --firmware) say which table
 * changed.
 *
 * The machine's tables are ROOT/sys/firmware/acpi/tables; a live table
 * that is one of the tables enabled (ROOT/etc/wmishim/tables: our override,
 * loaded) stands for the firmware's own as enable kept it, the pristine
 * copy (ROOT/var/lib/wmishim/pristine).  A root without live tables (try's
 * own) is compared by its pristine copies.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

#define ID_MAX (8 * 4 + 1) /* eight bytes, each \xNN at worst */

struct entry {
	char sig[5], oem_id[ID_MAX], table_id[ID_MAX], sha[WMISHIM_SHA256_HEX_SIZE];
	unsigned long rev;
};

/* An ID as the record writes it. */
static void record_id(const char *s, char *out, size_t size)
{
	size_t used = 0;

	if (!*s) {
		snprintf(out, size, "-");
		return;
	}
	for (const unsigned char *p = (const unsigned char *)s; *p && used + 5 <= size; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    *p == '_' || *p == '.')
			out[used++] = (char)*p;
		else
			used += (size_t)snprintf(out + used, size - used, "\\x%02X", *p);
	}
	out[used] = '\0';
}

int record_is_line(const char *line)
{
	return !strncmp(line, "firmware ", 9);
}

void record_write(FILE *f, const struct wmishim_table *t)
{
	char sig[ID_MAX], oem[ID_MAX], tid[ID_MAX], sha[WMISHIM_SHA256_HEX_SIZE];

	record_id(t->signature, sig, sizeof(sig));
	record_id(t->oem_id, oem, sizeof(oem));
	record_id(t->oem_table_id, tid, sizeof(tid));
	wmishim_sha256_hex(t->data, t->length, sha);
	fprintf(f, "firmware %s %s %s 0x%X %s\n", sig, oem, tid, (unsigned)t->oem_revision, sha);
}

static int id_ok(const char *s)
{
	if (!strcmp(s, "-"))
		return 1;
	for (; *s; s++) {
		if (s[0] == '\\' && s[1] == 'x' && s[2] && strchr("0123456789ABCDEF", s[2]) &&
		    s[3] && strchr("0123456789ABCDEF", s[3]))
			s += 3;
		else if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
			   (*s >= '0' && *s <= '9') || *s == '_' || *s == '.'))
			return 0;
	}
	return 1;
}

/* One "firmware ..." line into e: 0, or -EINVAL. */
static int parse(const char *line, struct entry *e)
{
	char rev[16];
	int end = 0;

	if (sscanf(line, "firmware %4s %32s %32s %15s %64s %n", e->sig, e->oem_id, e->table_id, rev,
		   e->sha, &end) != 5 || line[end] || strlen(e->sig) != 4 ||
	    strspn(e->sig, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != 4 || !id_ok(e->oem_id) ||
	    !id_ok(e->table_id) || strlen(e->oem_id) > ID_MAX - 1 ||
	    strlen(e->table_id) > ID_MAX - 1 || strncmp(rev, "0x", 2) || !rev[2] ||
	    strspn(rev + 2, "0123456789abcdefABCDEF") != strlen(rev + 2) || strlen(rev) > 10 ||
	    strlen(e->sha) != 64 || strspn(e->sha, "0123456789abcdef") != 64)
		return -EINVAL;
	e->rev = strtoul(rev + 2, NULL, 16);
	return 0;
}

static int same_ids(const struct wmishim_table *t, const struct entry *e)
{
	char oem[ID_MAX], tid[ID_MAX];

	record_id(t->oem_id, oem, sizeof(oem));
	record_id(t->oem_table_id, tid, sizeof(tid));
	return !strcmp(t->signature, e->sig) && !strcmp(oem, e->oem_id) && !strcmp(tid, e->table_id);
}

static int same_bytes(const struct wmishim_table *t, const struct entry *e)
{
	char sha[WMISHIM_SHA256_HEX_SIZE];

	wmishim_sha256_hex(t->data, t->length, sha);
	return !strcmp(sha, e->sha);
}

struct machine {
	struct wmishim_table_set live, pristine, enabled;
	int has_live;
};

/* Reads a directory below the root when it is there: 0, or -errno. */
static int read_if(const char *root, const char *rel, int live, struct wmishim_table_set *set,
		   int *there)
{
	char *dir = tool_path(root, rel, NULL);
	struct stat st;
	int ret = 0;

	if (!dir)
		return -ENOMEM;
	*there = stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
	if (*there && live)
		ret = wmishim_tables_read_live(set, root);
	else if (*there)
		ret = wmishim_tables_read_below(set, root, rel);
	free(dir);
	return ret < 0 ? ret : 0;
}

static void machine_free(struct machine *m)
{
	wmishim_tables_clear(&m->live);
	wmishim_tables_clear(&m->pristine);
	wmishim_tables_clear(&m->enabled);
}

/* Entry e against the machine: 0 the same, 1 changed (why said in why). */
static int compare(const struct machine *m, const struct entry *e, char *why, size_t size)
{
	const struct wmishim_table_set *now = m->has_live ? &m->live : &m->pristine;
	const struct wmishim_table *seen = NULL;
	char sha[WMISHIM_SHA256_HEX_SIZE];
	int n;

	for (size_t i = 0; i < now->n; i++) {
		const struct wmishim_table *t = &now->tables[i];

		if (!same_ids(t, e))
			continue;
		if (same_bytes(t, e))
			return 0;
		/* Our override, loaded: the firmware's own is the pristine copy
		 * (what differs is said of it). */
		if (m->has_live && tool_table_in(t, &m->enabled)) {
			for (size_t k = 0; k < m->pristine.n; k++) {
				if (!same_ids(&m->pristine.tables[k], e))
					continue;
				if (same_bytes(&m->pristine.tables[k], e))
					return 0;
				if (!seen)
					seen = &m->pristine.tables[k];
			}
			continue;
		}
		if (!seen)
			seen = t;
	}
	n = snprintf(why, size, "%s %s %s: ", e->sig, e->oem_id, e->table_id);
	if (n < 0 || (size_t)n >= size)
		return 1;
	if (!seen) {
		snprintf(why + n, size - (size_t)n, "not among this machine's tables now");
		return 1;
	}
	if (seen->oem_revision != e->rev) {
		snprintf(why + n, size - (size_t)n, "revision 0x%lX when fixed, 0x%X now", e->rev,
			 (unsigned)seen->oem_revision);
		return 1;
	}
	wmishim_sha256_hex(seen->data, seen->length, sha);
	snprintf(why + n, size - (size_t)n, "revision 0x%lX as when fixed, its bytes not (SHA-256 "
		 "%s when fixed, %s now)", e->rev, e->sha, sha);
	return 1;
}

int record_compare(const char *root, const char *text, size_t len, char *why, size_t size)
{
	struct machine m = { { NULL, 0 }, { NULL, 0 }, { NULL, 0 }, 0 };
	enum wmishim_log_priority was = wmishim_log_get_priority();
	int entries = 0, ret = 0, there;
	const char *p = text, *end = text + len;

	why[0] = '\0';
	while (p < end && !ret) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char line[256];
		struct entry e;

		while (l && (*p == ' ' || *p == '\t'))
			p++, l--;
		if (l >= 9 && !strncmp(p, "firmware ", 9)) {
			if (l >= sizeof(line)) {
				snprintf(why, size, "a firmware line longer than %zu bytes",
					 sizeof(line) - 1);
				ret = -EINVAL;
				break;
			}
			memcpy(line, p, l);
			line[l] = '\0';
			if (parse(line, &e)) {
				char shown[4 * sizeof(line)];

				tool_printable(line, shown, sizeof(shown));
				snprintf(why, size, "\"%s\" is not \"firmware SIGNATURE OEM_ID "
					 "OEM_TABLE_ID 0xREVISION SHA256\"", shown);
				ret = -EINVAL;
				break;
			}
			if (!entries++) {
				/* The tables' own warnings (a checksum) are not ours to say here. */
				wmishim_log_set_priority(WMISHIM_LOG_ERROR);
				ret = read_if(root, "/sys/firmware/acpi/tables", 1, &m.live, &m.has_live);
				if (!ret)
					ret = read_if(root, "/var/lib/wmishim/pristine", 0, &m.pristine,
						      &there);
				if (!ret)
					ret = read_if(root, "/etc/wmishim/tables", 0, &m.enabled,
						      &there);
				wmishim_log_set_priority(was);
				if (ret) {
					snprintf(why, size, "this machine's ACPI tables could not be "
						 "read (%s)", strerror(-ret));
					break;
				}
			}
			if (compare(&m, &e, why, size))
				ret = -ESTALE;
		}
		p += l + (nl != NULL);
		if (!nl)
			break;
	}
	machine_free(&m);
	return ret ? ret : entries;
}

/* ---- the BIOS enable took its copies under ---------------------------------------- */

/* The bytes of each DMI string kept (SMBIOS strings are short; firmware's
 * are hostile). */
#define BIOS_ID_MAX 64

int record_bios(const char *root, char *out, size_t size)
{
	static const char *const files[] = { "bios_vendor", "bios_version", "bios_date" };
	size_t used = 0;
	int found = 0;

	used = (size_t)snprintf(out, size, "bios");
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]) && used < size; i++) {
		char *path = tool_path(root, "/sys/class/dmi/id/%s", files[i]);
		char id[BIOS_ID_MAX * 4 + 1];
		uint8_t *data = NULL;
		size_t len = 0;

		/* What the kernel reads from SMBIOS (drivers/firmware/dmi-id.c):
		 * firmware's bytes, one line, escaped as the table IDs are. */
		if (path && access(path, R_OK) == 0 && !tool_read_file(path, &data, &len)) {
			while (len && (data[len - 1] == '\n' || data[len - 1] == ' '))
				data[--len] = '\0';
			if (len > BIOS_ID_MAX)
				data[len = BIOS_ID_MAX] = '\0';
			found += len > 0;
		}
		record_id(data ? (const char *)data : "", id, sizeof(id));
		used += (size_t)snprintf(out + used, size - used, " %s", id);
		free(data);
		free(path);
	}
	if (used + 2 > size)
		return -ENAMETOOLONG;
	snprintf(out + used, size - used, "\n");
	return found ? 0 : -ENOENT;
}

int record_bios_changed(const char *root, char *why, size_t size)
{
	char *kept = tool_path(root, RECORD_BIOS_FILE, NULL), now[3 * (BIOS_ID_MAX * 4 + 1) + 8];
	uint8_t *then = NULL;
	size_t len = 0;
	int changed = 0;

	if (kept && access(kept, F_OK) == 0 && !tool_read_file(kept, &then, &len) &&
	    !record_bios(root, now, sizeof(now)) && strcmp((const char *)then, now)) {
		char was[sizeof(now) * 4];

		changed = 1;
		now[strcspn(now, "\n")] = '\0';
		/* Ours, but a file below the root: shown escaped. */
		then[strcspn((const char *)then, "\n")] = '\0';
		tool_printable(len > 5 ? (const char *)then + 5 : "", was, sizeof(was));
		/* The kernel takes an initrd table over the firmware's of the same
		 * IDs when its OEM revision is higher (acpi_table_initrd_override,
		 * drivers/acpi/tables.c): a fix made for the old firmware can hide
		 * the new one's table, and this machine's tables then look as
		 * they were. */
		snprintf(why, size, "the BIOS is not the one wmishim took its copies of the firmware "
			 "under (\"%.300s\" then, \"%.300s\" now): a BIOS update, whose new tables a "
			 "fix made for the old ones can hide (the kernel loads an override of a higher "
			 "OEM revision over them)", was, now + 5);
	}
	free(then);
	free(kept);
	return changed;
}

struct each {
	const char *root;
	void (*say)(void *arg, const char *name, enum record_state state, const char *why);
	void *arg;
	int changed;
	char bios[1024]; /* why the BIOS is another (record_bios_changed), "" when not */
};

static int one_enabled(void *arg, const char *name, const char *path, const uint8_t *text,
		       size_t len)
{
	struct each *e = arg;
	char *rec = tool_path(e->root, "/var/lib/wmishim/firmware/%s", name);
	char why[1024] = "";
	uint8_t *data = NULL;
	size_t n;
	int ret;

	(void)path, (void)text, (void)len;
	if (e->bios[0]) {
		e->changed++;
		e->say(e->arg, name, RECORD_CHANGED, e->bios);
	} else if (!rec || access(rec, F_OK)) {
		e->say(e->arg, name, RECORD_NONE, "");
	} else if (tool_read_file(rec, &data, &n)) {
		e->say(e->arg, name, RECORD_UNKNOWN, "its record could not be read");
	} else {
		ret = record_compare(e->root, (const char *)data, n, why, sizeof(why));
		e->changed += ret == -ESTALE;
		e->say(e->arg, name, ret == -ESTALE ? RECORD_CHANGED : ret > 0 ? RECORD_SAME :
				     ret == 0 ? RECORD_NONE : RECORD_UNKNOWN, why);
	}
	free(data);
	free(rec);
	return 0;
}

int record_enabled(const char *root,
		   void (*say)(void *arg, const char *name, enum record_state state, const char *why),
		   void *arg)
{
	struct each e = { root, say, arg, 0, "" };
	char *dir = tool_path(root, "/var/lib/wmishim/enabled", NULL);

	/* The BIOS is the machine's, not a fix's: read once for them all. */
	if (dir && access(dir, F_OK) == 0) {
		if (!record_bios_changed(root, e.bios, sizeof(e.bios)))
			e.bios[0] = '\0';
		tool_dir_files(root, dir, NULL, one_enabled, &e);
	}
	free(dir);
	return e.changed;
}

void record_same_ids(const char *root,
		     void (*say)(void *arg, const char *file, const char *ids, size_t n),
		     void *arg)
{
	struct wmishim_table_set ours = { NULL, 0 }, fw = { NULL, 0 };
	char *etc = tool_path(root, "/etc/wmishim/tables", NULL);
	struct stat st;

	if (etc && stat(etc, &st) == 0 && S_ISDIR(st.st_mode) &&
	    wmishim_tables_read_below(&ours, root, "/etc/wmishim/tables") > 0 &&
	    wmishim_tables_read_live(&fw, root) > 0)
		for (size_t i = 0; i < ours.n; i++) {
			const struct wmishim_table *t = &ours.tables[i];
			size_t n = wmishim_upgrade_group(t, &fw, NULL, 0);
			char ids[TOOL_TABLE_IDS];
			const char *file = strrchr(t->source, '/');

			if (n < 2)
				continue;
			tool_table_ids(t, NULL, ids, sizeof(ids));
			say(arg, file ? file + 1 : t->source, ids, n);
		}
	wmishim_tables_clear(&ours);
	wmishim_tables_clear(&fw);
	free(etc);
}
