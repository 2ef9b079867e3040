// SPDX-License-Identifier: GPL-2.0
/*
 * ACPI tables as input: whole tables (36-byte header and body) from memory,
 * from AML files (iasl output, `acpidump -b`, the files of
 * /sys/firmware/acpi/tables), from the text `acpidump` prints, from
 * directories of such files, and from the running machine's sysfs.
 *
 * The text of ACPICA's acpidump (acpi_ut_dump_buffer_to_file) is
 *
 *     SSDT @ 0x0000000000000000
 *         0000: 53 53 44 54 2C 00 00 00 02 76 57 4D 49 53 48 4D  SSDT,....vWMISHM
 *         0020: 25 09 20 20 08 41 42 43 44 0B 34 12              %.  .ABCD.4.
 *
 * with a blank line after each table; every SSDT is "SSDT @", and the RSDP
 * is "RSD  @" (its signature "RSD PTR " cut to four characters).  The old
 * pmtools acpidump wrote "  0000: 53 53 ..." in lower case and "RSD PTR @".
 * Hex bytes are separated by one space; the ASCII column that follows is
 * at least two spaces away and is never read: it may hold anything.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wmishim-int.h"

#define HEADER_LEN 36
#define TABLE_MAX_LEN (16u << 20)
/* An acpidump text is about 4.7 times the size of its tables. */
#define FILE_MAX_LEN (256u << 20)
#define DUMP_LINE_MAX 512
#define PATH_LEN 4096

#define LIVE_DIR "sys/firmware/acpi/tables"

static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* Copies n bytes of a header field and a NUL. */
static void header_str(char *dst, const uint8_t *src, size_t n)
{
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* The signature for messages: non-printable bytes become '?'. */
static void printable_sig(char out[5], const uint8_t *p)
{
	for (int i = 0; i < 4; i++)
		out[i] = p[i] >= 0x20 && p[i] < 0x7F ? (char)p[i] : '?';
	out[4] = '\0';
}

/* Frees the tables from n on: what a failed call added.  An empty set is
 * left as {NULL, 0}, so that a caller of a failed call has nothing to free. */
static void truncate_set(struct wmishim_table_set *set, size_t n)
{
	while (set->n > n) {
		set->n--;
		free(set->tables[set->n].data);
		free(set->tables[set->n].source);
		set->tables[set->n].data = NULL;
		set->tables[set->n].source = NULL;
	}
	if (!set->n) {
		free(set->tables);
		set->tables = NULL;
	}
}

int wmishim_tables_add(struct wmishim_table_set *set, const void *data, size_t len,
		       const char *source)
{
	const uint8_t *p = data;
	struct wmishim_table *tables, *t;
	uint32_t length;
	uint8_t sum = 0;
	char sig[5];

	if (!set || !data) {
		log_bug("wmishim_tables_add: no set or no data");
		return -EINVAL;
	}
	if (!source)
		source = "(memory)";
	if (len < HEADER_LEN) {
		log_error("%s: %zu bytes, shorter than an ACPI table header (%d)",
			  source, len, HEADER_LEN);
		return -EINVAL;
	}
	printable_sig(sig, p);
	length = get_le32(p + 4);
	if (len > TABLE_MAX_LEN) {
		log_error("%s: %s of %zu bytes is larger than 16 MiB", source, sig, len);
		return -EINVAL;
	}
	if (length != len) {
		log_error("%s: %s header says its length is %u (0x%X) but there are %zu bytes",
			  source, sig, length, length, len);
		return -EINVAL;
	}
	if (set->n >= WMISHIM_TABLE_SET_MAX) {
		log_error("%s: too many tables (at most %d)", source, WMISHIM_TABLE_SET_MAX);
		return -E2BIG;
	}

	tables = realloc(set->tables, (set->n + 1) * sizeof(*tables));
	if (!tables)
		return -ENOMEM;
	set->tables = tables;
	t = &tables[set->n];
	memset(t, 0, sizeof(*t));
	t->data = malloc(len);
	/* Whole, however long: callers open the file it names (osi-fix,
	 * try --with), never a shortened name. */
	t->source = strdup(source);
	if (!t->data || !t->source) {
		free(t->data);
		free(t->source);
		return -ENOMEM;
	}
	memcpy(t->data, p, len);
	t->length = len;

	header_str(t->signature, p, 4);
	t->revision = p[8];
	header_str(t->oem_id, p + 10, 6);
	header_str(t->oem_table_id, p + 16, 8);
	t->oem_revision = get_le32(p + 24);
	for (size_t i = 0; i < len; i++)
		sum += p[i];
	t->checksum_ok = sum == 0;
	set->n++;

	/* The kernel loads such a table and only warns, and so do we. */
	if (!t->checksum_ok)
		log_warning("%s: %s checksum is wrong (the bytes sum to 0x%02X, not 0)",
			    source, sig, sum);
	log_debug("%s: %s \"%s\" \"%s\" revision %u, %zu bytes", source, sig,
		  t->oem_id, t->oem_table_id, t->revision, len);
	return 0;
}

void wmishim_tables_clear(struct wmishim_table_set *set)
{
	if (!set)
		return;
	truncate_set(set, 0);
}

/* ---- acpidump text ------------------------------------------------------- */

struct dump {
	struct wmishim_table_set *set;
	const char *source;
	unsigned int line;      /* the current line */
	int last;               /* it is the text's last: the text ends in it */
	int ended;              /* the text has ended */
	/* the table being read */
	int in_table;
	unsigned int header_line, ordinal, short_line;
	char name[16];          /* what its "NAME @ 0x..." line says */
	struct wmishim_buf buf; /* its bytes */
};

static int dump_error(const struct dump *d, unsigned int line, const char *fmt, ...)
	WMISHIM_PRINTF(3, 4);

static int dump_error(const struct dump *d, unsigned int line, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	log_error("%s:%u: %s", d->source, line, msg);
	return -EINVAL;
}

static int is_blank(int c)
{
	return c == ' ' || c == '\t';
}

/* Takes the next line from text (without the '\n', '\r' and trailing
 * blanks).  Returns its length, or -1 at the end. */
static long next_line(const char *text, size_t len, size_t *pos, const char **line)
{
	size_t start = *pos, end = start, n;

	if (start >= len)
		return -1;
	while (end < len && text[end] != '\n')
		end++;
	*pos = end + 1;
	n = end - start;
	while (n && (text[start + n - 1] == ' ' || text[start + n - 1] == '\t' ||
		     text[start + n - 1] == '\r'))
		n--;
	*line = text + start;
	return (long)n;
}

/* "DSDT @ 0x00000000BF7E4000", "SSDT2 @ 0x...", "RSD PTR @ 0x...",
 * "FACP @ 0x7ffe0040" (pmtools; "(nil)" for 0).  Writes the name. */
static int is_header_line(const char *line, char name[16])
{
	const char *at = strstr(line, " @ ");
	const char *p;
	size_t n;

	if (!at || line[0] == ' ' || line[0] == '\t')
		return 0;
	n = (size_t)(at - line);
	while (n && is_blank(line[n - 1]))
		n--;	/* "RSD  @": the RSDP's "RSD PTR " cut to 4 */
	if (n == 0 || n >= 16)
		return 0;
	p = at + 3;
	if (strcmp(p, "(nil)") != 0) {
		if (p[0] != '0' || (p[1] != 'x' && p[1] != 'X') || !p[2])
			return 0;
		for (p += 2; *p; p++)
			if (!isxdigit((unsigned char)*p))
				return 0;
	}
	memcpy(name, line, n);
	name[n] = '\0';
	return 1;
}

/*
 * "    0010: 46 43 4D 56 ...  FCMVMCFG....": returns 0 when the line is not
 * one of these, 1 with the offset and the bytes, or -EINVAL with a reason
 * in why[] when it starts like one but its bytes are wrong.
 */
static int parse_data_line(const char *line, unsigned long *offset, uint8_t bytes[16],
			   unsigned int *count, char *why, size_t why_size)
{
	const char *p = line;
	unsigned long off = 0;
	int digits = 0;

	while (is_blank(*p))
		p++;
	for (; wmishim_hexval(*p) >= 0; p++, digits++) {
		if (digits == 8)
			return 0;
		off = off << 4 | (unsigned long)wmishim_hexval(*p);
	}
	if (!digits || *p != ':')
		return 0;
	p++;

	*count = 0;
	while (*count < 16 && is_blank(p[0]) && wmishim_hexval(p[1]) >= 0 && wmishim_hexval(p[2]) >= 0 &&
	       (is_blank(p[3]) || !p[3])) {
		bytes[(*count)++] = (uint8_t)(wmishim_hexval(p[1]) << 4 | wmishim_hexval(p[2]));
		p += 3;
	}
	/* The ASCII column is two or more blanks away (after 16 bytes: any). */
	if (*count < 16 && *p && !(is_blank(p[0]) && is_blank(p[1]))) {
		const char *tok = p;
		int n = 0;

		while (is_blank(*tok))
			tok++;
		while (tok[n] && !is_blank(tok[n]) && n < 12)
			n++;
		snprintf(why, why_size, "bad hex byte \"%.*s\" at offset 0x%lX", n, tok,
			 off + *count);
		return -EINVAL;
	}
	if (!*count) {
		snprintf(why, why_size, "no hex bytes after \"%.*s\"", (int)(p - line), line);
		return -EINVAL;
	}
	*offset = off;
	return 1;
}

static int is_rsdp(const struct dump *d)
{
	return !strcmp(d->name, "RSD PTR") || !strcmp(d->name, "RSD") ||
	       !strcmp(d->name, "RSDP") || (d->buf.len >= 8 && !memcmp(d->buf.data, "RSD PTR ", 8));
}

/* The table is complete: check it and add it. */
static int end_table(struct dump *d)
{
	char *source;
	char sig[5];
	uint32_t length;
	int ret;

	d->in_table = 0;
	if (!d->buf.len)
		return dump_error(d, d->header_line, "%s: no hex lines follow", d->name);
	if (is_rsdp(d)) {
		log_debug("%s:%u: skipping the RSDP: it is not a table with a standard header",
			  d->source, d->header_line);
		return 0;
	}
	if (d->buf.len < HEADER_LEN)
		return dump_error(d, d->header_line,
				  "%s: only %zu bytes dumped, shorter than a table header (%d)",
				  d->name, d->buf.len, HEADER_LEN);
	printable_sig(sig, d->buf.data);
	length = get_le32(d->buf.data + 4);
	if (length > d->buf.len && d->ended)
		return dump_error(d, d->header_line,
				  "%s: the header says its length is %u (0x%X) but the text ends after %zu (0x%zX) bytes: the dump is cut short",
				  sig, length, length, d->buf.len, d->buf.len);
	if (length != d->buf.len)
		return dump_error(d, d->header_line,
				  "%s: the header says its length is %u (0x%X) but %zu (0x%zX) bytes are dumped",
				  sig, length, length, d->buf.len, d->buf.len);
	if (strncmp(d->name, sig, 4) != 0)
		log_warning("%s:%u: the line says %s but the table is %s", d->source,
			    d->header_line, d->name, sig);
	if (asprintf(&source, "%s#%u", d->source, d->ordinal) < 0)
		return -ENOMEM;
	ret = wmishim_tables_add(d->set, d->buf.data, d->buf.len, source);
	free(source);
	return ret < 0 ? ret : 1;
}

static int dump_line(struct dump *d, const char *line)
{
	uint8_t bytes[16];
	unsigned long offset;
	unsigned int count;
	char name[16], why[128];
	int ret = 0;

	if (!*line) {
		if (d->in_table)
			ret = end_table(d);
		return ret;
	}
	if (is_header_line(line, name)) {
		if (d->in_table)
			ret = end_table(d);
		if (ret < 0)
			return ret;
		d->in_table = 1;
		d->header_line = d->line;
		d->ordinal++;
		d->short_line = 0;
		d->buf.len = 0;
		memcpy(d->name, name, sizeof(name));
		return ret;
	}

	ret = parse_data_line(line, &offset, bytes, &count, why, sizeof(why));
	if (ret <= 0 && d->in_table) {
		size_t n = strlen(line);

		/* The text ends in a byte: one hex digit of it, the other cut. */
		if (ret < 0 && d->last && n >= 2 && is_blank(line[n - 2]) &&
		    wmishim_hexval(line[n - 1]) >= 0)
			return dump_error(d, d->line, "the text ends in the middle of a line (%s): "
					  "the dump is cut short", why);
		if (ret < 0)
			return dump_error(d, d->line, "%s", why);
		return dump_error(d, d->line, "a line of hex bytes (\"0010: 46 43 ...\") expected");
	}
	if (ret <= 0) {
		/* Text around the tables (a banner, a note) is not ours. */
		log_debug("%s:%u: not part of a table: ignored", d->source, d->line);
		return 0;
	}
	if (!d->in_table)
		return dump_error(d, d->line,
				  "hex bytes outside a table (no \"SIG @ 0x...\" line before)");
	if (d->short_line)
		return dump_error(d, d->short_line,
				  "truncated line: fewer than 16 bytes, but more lines follow");
	if (offset != d->buf.len)
		return dump_error(d, d->line,
				  "offset 0x%lX, expected 0x%zX (lines must be consecutive, 16 bytes each)",
				  offset, d->buf.len);
	if (d->buf.len + count > TABLE_MAX_LEN)
		return dump_error(d, d->line, "the table is larger than 16 MiB");
	if (wmishim_buf_append(&d->buf, bytes, count))
		return -ENOMEM;
	if (count < 16)
		d->short_line = d->line;
	return 0;
}

int wmishim_tables_parse_acpidump(struct wmishim_table_set *set, const char *text,
				  size_t len, const char *source)
{
	struct dump d = { .set = set, .source = source ? source : "(acpidump text)" };
	size_t n0, pos = 0;
	const char *p;
	char line[DUMP_LINE_MAX];
	long n;
	int ret = 0, added = 0;

	if (!set || (!text && len)) {
		log_bug("wmishim_tables_parse_acpidump: no set or no text");
		return -EINVAL;
	}
	n0 = set->n;
	while (ret >= 0 && (n = next_line(text, len, &pos, &p)) >= 0) {
		d.line++;
		if (memchr(p, '\0', (size_t)n)) {
			ret = dump_error(&d, d.line, "NUL byte: this is not acpidump text");
			break;
		}
		if ((size_t)n >= sizeof(line)) {
			if (d.in_table)
				ret = dump_error(&d, d.line, "line too long for acpidump text");
			else
				log_debug("%s:%u: not part of a table: ignored", d.source, d.line);
			continue;
		}
		memcpy(line, p, (size_t)n);
		line[n] = '\0';
		d.last = pos >= len;
		ret = dump_line(&d, line);
		added += ret > 0;
	}
	if (ret >= 0 && d.in_table) {
		d.ended = 1;
		ret = end_table(&d);
		added += ret > 0;
	}
	wmishim_buf_free(&d.buf);
	if (ret < 0) {
		truncate_set(set, n0);
		return ret;
	}
	return added;
}

/* ---- files and directories ----------------------------------------------- */

/* Reads a whole file until EOF (sysfs sizes may be wrong).  0 or -errno
 * (not logged). */
static int load_file(const char *path, uint8_t **out, size_t *len)
{
	struct wmishim_buf b = { NULL, 0, 0 };
	int ret = wmishim_buf_read_file(&b, path, FILE_MAX_LEN);

	if (ret < 0) {
		wmishim_buf_free(&b);
		return ret;
	}
	*out = b.data;
	*len = b.len;
	return 0;
}

static int has_signature(const uint8_t *buf, size_t len)
{
	if (len < HEADER_LEN)
		return 0;
	for (int i = 0; i < 4; i++)
		if (!wmishim_nameseg_char(buf[i]))
			return 0;
	return 1;
}

/* A table file: an upper-case signature and the header's length. */
static int is_aml_table(const uint8_t *buf, size_t len)
{
	return has_signature(buf, len) && get_le32(buf + 4) == len;
}

static int is_acpidump_text(const uint8_t *buf, size_t len)
{
	const char *text = (const char *)buf, *p;
	char line[DUMP_LINE_MAX], name[16];
	size_t pos = 0;
	long n;

	for (size_t i = 0; i < len; i++)
		if ((buf[i] < 0x20 && buf[i] != '\t' && buf[i] != '\n' && buf[i] != '\r') ||
		    buf[i] > 0x7E)
			return 0;
	while ((n = next_line(text, len, &pos, &p)) >= 0) {
		if ((size_t)n >= sizeof(line))
			continue;
		memcpy(line, p, (size_t)n);
		line[n] = '\0';
		if (is_header_line(line, name))
			return 1;
	}
	return 0;
}

/* One file: a table, acpidump text, or (named explicitly: an error;
 * found in a directory: skipped) neither.  The tables read from path are
 * named by source (the path it was found by, when a link below a root
 * led to path). */
static int read_file(struct wmishim_table_set *set, const char *path, const char *source,
		     int explicit)
{
	uint8_t *buf;
	size_t len;
	int ret;

	ret = load_file(path, &buf, &len);
	if (ret < 0) {
		log_error("%s: %s", source, strerror(-ret));
		return ret;
	}
	path = source;
	if (is_aml_table(buf, len)) {
		ret = wmishim_tables_add(set, buf, len, path);
		if (!ret)
			ret = 1;
	} else if (is_acpidump_text(buf, len)) {
		ret = wmishim_tables_parse_acpidump(set, (const char *)buf, len, path);
	} else if (explicit && has_signature(buf, len)) {
		/* A table by its signature, but not by its size: say why. */
		ret = wmishim_tables_add(set, buf, len, path);
	} else if (explicit) {
		log_error("%s: neither an ACPI table (a header with a signature of [A-Z0-9_] and the file's length) nor acpidump text",
			  path);
		ret = -EINVAL;
	} else if (has_signature(buf, len)) {
		log_info("%s: skipped: a %.4s header says %u bytes but the file has %zu",
			 path, (const char *)buf, get_le32(buf + 4), len);
		ret = 0;
	} else {
		log_info("%s: skipped: neither an ACPI table nor acpidump text", path);
		ret = 0;
	}
	free(buf);
	return ret;
}

static int join_path(char *out, const char *dir, const char *name)
{
	size_t n = strlen(dir);
	int r;

	while (n > 1 && dir[n - 1] == '/')
		n--;
	r = snprintf(out, PATH_LEN, "%.*s%s%s", (int)n, dir,
		     n && dir[n - 1] == '/' ? "" : "/", name);
	if (r < 0 || r >= PATH_LEN) {
		log_error("%s/%s: path too long", dir, name);
		return -ENAMETOOLONG;
	}
	return 0;
}

/* A directory below a root (wmishim_tables_read_below): the root, and
 * the directory's path in it. */
struct below {
	const char *root;
	const char *rel;
};

/* The entry name of dir, below b->root when b: resolved there as a chroot
 * into it would resolve it (a link followed inside the root), into real;
 * else dir/name.  0 or -errno (said). */
static int entry_path(const struct below *b, const char *dir, const char *name, char *real)
{
	char rel[PATH_LEN];
	int ret;

	if (!b)
		return join_path(real, dir, name);
	if (snprintf(rel, sizeof(rel), "%s/%s", b->rel, name) >= (int)sizeof(rel))
		ret = -ENAMETOOLONG;
	else
		ret = wmishim_root_path(b->root, rel, 0, real, PATH_LEN);
	if (ret < 0 && ret != -ELOOP) /* (a loop: said) */
		log_error("%s/%s: %s", dir, name, strerror(-ret));
	return ret;
}

/* Reads dir's entries that filter takes, in the order of compar, each with
 * each(set, the file to read, its path in dir), until one fails; a missing
 * dir has none when optional.  Below a root (b), each entry is read where
 * a chroot into it would find it.  Returns the tables added, or -errno. */
static int scan_dir(struct wmishim_table_set *set, const char *dir, const struct below *b,
		    int optional, int (*filter)(const struct dirent *),
		    int (*compar)(const struct dirent **, const struct dirent **),
		    int (*each)(struct wmishim_table_set *set, const char *real,
				const char *path))
{
	struct dirent **list;
	char path[PATH_LEN], real[PATH_LEN];
	int n, ret = 0, added = 0;

	n = scandir(dir, &list, filter, compar);
	if (n < 0) {
		ret = -errno;
		if (optional && ret == -ENOENT) {
			log_debug("%s: none", dir);
			return 0;
		}
		log_error("%s: %s", dir, strerror(-ret));
		return ret;
	}
	for (int i = 0; i < n && ret >= 0; i++) {
		ret = join_path(path, dir, list[i]->d_name);
		if (ret >= 0)
			ret = entry_path(b, dir, list[i]->d_name, real);
		if (ret >= 0)
			ret = each(set, real, path);
		if (ret > 0)
			added += ret;
	}
	for (int i = 0; i < n; i++)
		free(list[i]);
	free(list);
	return ret < 0 ? ret : added;
}

static int not_dot(const struct dirent *e)
{
	return strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* A file found in a directory (path; real, where it is read): a table or
 * acpidump text, else skipped. */
static int read_dir_entry(struct wmishim_table_set *set, const char *real, const char *path)
{
	struct stat st;

	if (strrchr(path, '/')[1] == '.') {
		log_debug("%s: skipped: a hidden file", path);
		return 0;
	}
	if (stat(real, &st) < 0) {
		int ret = -errno;

		log_error("%s: %s", path, strerror(-ret));
		return ret;
	}
	if (!S_ISREG(st.st_mode)) {
		log_info("%s: skipped: not a regular file", path);
		return 0;
	}
	if ((uint64_t)st.st_size > FILE_MAX_LEN) {
		log_info("%s: skipped: too large for ACPI tables", path);
		return 0;
	}
	return read_file(set, real, path, 0);
}

int wmishim_tables_replace(struct wmishim_table_set *set, size_t i, const void *data, size_t len)
{
	struct wmishim_table_set one = { NULL, 0 };
	struct wmishim_table old;
	int ret;

	if (!set || i >= set->n) {
		log_bug("wmishim_tables_replace: no table %zu", i);
		return -EINVAL;
	}
	ret = wmishim_tables_add(&one, data, len, set->tables[i].source);
	if (ret < 0)
		return ret;
	old = set->tables[i];
	set->tables[i] = one.tables[0];
	free(old.data);
	free(old.source);
	free(one.tables);
	return 0;
}

/* wmishim_tables_read of path (a directory's files below b's root when b). */
static int read_path(struct wmishim_table_set *set, const char *path, const struct below *b)
{
	size_t n0;
	struct stat st;
	int ret;

	if (stat(path, &st) < 0) {
		ret = -errno;
		log_error("%s: %s", path, strerror(-ret));
		return ret;
	}
	n0 = set->n;
	/* Not only regular files: a pipe such as <(acpidump) is fine. */
	ret = S_ISDIR(st.st_mode) ? scan_dir(set, path, b, 0, not_dot, by_name, read_dir_entry) :
				     read_file(set, path, path, 1);
	if (ret < 0)
		truncate_set(set, n0);
	return ret;
}

int wmishim_tables_read(struct wmishim_table_set *set, const char *path)
{
	if (!set || !path) {
		log_bug("wmishim_tables_read: no set or no path");
		return -EINVAL;
	}
	return read_path(set, path, NULL);
}

int wmishim_tables_read_below(struct wmishim_table_set *set, const char *root, const char *rel)
{
	struct below b = { root, rel };
	char path[PATH_LEN];
	int ret;

	if (!set || !rel) {
		log_bug("wmishim_tables_read_below: no set or no path");
		return -EINVAL;
	}
	ret = wmishim_root_path(root, rel, 0, path, sizeof(path));
	if (ret < 0) {
		if (ret != -ELOOP) /* (a loop: said) */
			log_error("%s%s: %s", root ? root : "", rel, strerror(-ret));
		return ret;
	}
	return read_path(set, path, &b);
}

/* ---- the running machine -------------------------------------------------- */

/* "SSDT", "SSDT1", "SSDT12": how sysfs names the instances. */
static int ssdt_number(const char *name, unsigned long *num)
{
	const char *p = name + 4;

	if (strncmp(name, "SSDT", 4) != 0)
		return 0;
	*num = 0;
	for (; *p; p++) {
		if (*p < '0' || *p > '9' || *num > 100000)
			return 0;
		*num = *num * 10 + (unsigned long)(*p - '0');
	}
	return 1;
}

static int is_ssdt(const struct dirent *e)
{
	unsigned long num;

	return ssdt_number(e->d_name, &num);
}

/* In load order: SSDT2 before SSDT10. */
static int by_instance(const struct dirent **a, const struct dirent **b)
{
	unsigned long na = 0, nb = 0;

	ssdt_number((*a)->d_name, &na);
	ssdt_number((*b)->d_name, &nb);
	if (na != nb)
		return na < nb ? -1 : 1;
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int read_live_file(struct wmishim_table_set *set, const char *path)
{
	struct stat st;
	uint8_t *buf;
	size_t len;
	int ret;

	/* sysfs holds files there; a link (below --root) could lead out. */
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		log_error("%s: a symbolic link, not a table the kernel exposes: not read", path);
		return -ELOOP;
	}
	ret = load_file(path, &buf, &len);
	if (ret == -EACCES || ret == -EPERM) {
		log_error("%s: permission denied: reading the ACPI tables needs root; run as root, or run `acpidump > acpi.dump` as root and pass that file",
			  path);
		return -EACCES;
	}
	if (ret < 0) {
		log_error("%s: %s", path, strerror(-ret));
		return ret;
	}
	ret = wmishim_tables_add(set, buf, len, path);
	free(buf);
	return ret < 0 ? ret : 1;
}

/* An SSDT* file of sysfs (a directory there is skipped); its path, never
 * resolved (real): read_live_file refuses a link. */
static int read_live_ssdt(struct wmishim_table_set *set, const char *real, const char *path)
{
	struct stat st;

	(void)real;

	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		log_info("%s: skipped: not a regular file", path);
		return 0;
	}
	return read_live_file(set, path);
}

/* DIR's SSDT* files in instance order; a missing DIR has none when optional. */
static int read_live_ssdts(struct wmishim_table_set *set, const char *dir, int optional)
{
	return scan_dir(set, dir, NULL, optional, is_ssdt, by_instance, read_live_ssdt);
}

int wmishim_tables_read_live(struct wmishim_table_set *set, const char *root)
{
	char dir[PATH_LEN], path[PATH_LEN];
	struct stat st;
	size_t n0;
	int ret, added = 0;

	if (!set) {
		log_bug("wmishim_tables_read_live: no set");
		return -EINVAL;
	}
	/* Below a root, as a chroot into it would find it (its links
	 * followed inside it). */
	ret = wmishim_root_path(root, "/" LIVE_DIR, 0, dir, sizeof(dir));
	if (ret < 0) {
		log_error("%s/%s: %s", root ? root : "", LIVE_DIR, strerror(-ret));
		return ret;
	}
	if (stat(dir, &st) < 0)
		ret = -errno;
	else if (!S_ISDIR(st.st_mode))
		ret = -ENOTDIR;
	if (ret < 0) {
		log_error("%s: no ACPI tables there (%s): is this an ACPI machine, with sysfs mounted?",
			  dir, strerror(-ret));
		return ret;
	}
	n0 = set->n;

	ret = join_path(path, dir, "DSDT");
	if (ret < 0)
		return ret;
	if (access(path, F_OK) == 0) {
		ret = read_live_file(set, path);
		if (ret > 0)
			added += ret;
	} else {
		log_warning("%s: missing: the firmware has no DSDT", path);
	}
	if (ret >= 0) {
		ret = read_live_ssdts(set, dir, 0);
		if (ret >= 0) {
			added += ret;
			/* Tables the firmware loaded at run time (Load () in _PDC, _OSC...). */
			ret = join_path(path, dir, "dynamic");
			if (ret >= 0)
				ret = read_live_ssdts(set, path, 1);
			if (ret > 0)
				added += ret;
		}
	}
	if (ret < 0) {
		truncate_set(set, n0);
		return ret;
	}
	return added;
}
