// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel history (src/kernel.c): which model a release gets; that each
 * entry is whole and changes its behaviour in the release it names, not
 * before; and that every model of a whole Debian line says what that
 * line's packages hold (src/debian-kernels.txt, made from them by
 * scripts/kernel-data.sh; WMISHIM_KERNEL_DATA names it): its WMI core's
 * messages and symbols, its build options, its _OSI answers and initrd
 * signatures where the archive has its source.
 */
#include <ctype.h>
#include <string.h>

#include "tap.h"
#include "wmishim.h"

static const char *pick(const char *release, char *note, size_t size)
{
	const struct wmishim_kernel *k = NULL;

	if (wmishim_kernel_pick(release, &k, note, size))
		return "refused";
	return k->name;
}

static size_t list_len_of(const char *const *l)
{
	size_t n = 0;

	while (l && l[n])
		n++;
	return n;
}

/* The model of a release, whatever its note says. */
static const struct wmishim_kernel *any(const char *name)
{
	const struct wmishim_kernel *k = NULL;
	static const struct wmishim_kernel none;
	char note[200];

	if (wmishim_kernel_pick(name, &k, note, sizeof(note)))
		return &none;
	return k;
}

static const struct wmishim_kernel *model(const char *name)
{
	const struct wmishim_kernel *k = NULL;
	char note[160];

	if (wmishim_kernel_pick(name, &k, note, sizeof(note)) || note[0])
		return NULL;
	return k;
}

static void releases(void)
{
	const struct wmishim_kernel *m;
	char note[160], want[8];
	size_t n, i = 0;

	m = wmishim_kernel_models(&n);
	/* 6.1 to 6.19, then 7.0 to 7.3: 6.19 was followed by 7.0. */
	is_int((int)n, 23, "23 releases: 6.1 to 6.19, 7.0 to 7.3");
	for (unsigned int minor = 1; minor <= 19 && i < n; minor++, i++) {
		snprintf(want, sizeof(want), "6.%u", minor);
		if (strcmp(m[i].name, want))
			break;
	}
	for (unsigned int minor = 0; minor <= 3 && i < n; minor++, i++) {
		snprintf(want, sizeof(want), "7.%u", minor);
		if (strcmp(m[i].name, want))
			break;
	}
	is_int((int)i, 23, "each in its order (%s at %zu)", i < n ? m[i].name : "-", i);
	ok(wmishim_kernel_default() == &m[0], "the default is the oldest");

	for (i = 0; i < n; i++) {
		if (strcmp(pick(m[i].name, note, sizeof(note)), m[i].name) || note[0])
			break;
	}
	is_int((int)i, (int)n, "every release picks its own model, without a note");
	is_str(pick("6.1.0-28-amd64", note, sizeof(note)), "6.1", "Debian 12's uname -r: the line");
	ok(strstr(note, "does not say its point release") && strstr(note, "6.1.0 to 6.1.67"),
	   "  said, with what differs: %s", note);
	is_str(pick("6.8.0-51-generic", note, sizeof(note)), "6.8", "Ubuntu's ABI name: the line");
	is_str(note, "", "  no note: no point release of 6.8 differs");
	is_str(pick("6.12.118+deb12-amd64", note, sizeof(note)), "6.12.118", "Debian's 6.12.118");
	is_str(pick("6.18.44-fc-v1272", note, sizeof(note)), "6.18.44", "6.18.44 is its own");
	is_str(note, "", "  without a note");
	is_str(pick("6.15.9-arch1-1", note, sizeof(note)), "6.15.9", "6.15.9, no Debian line");
	is_str(note, "", "  its own model still");
	is_str(pick("7.3.4+deb13-amd64", note, sizeof(note)), "7.3.4", "Debian 13's backports");
	is_str(pick("7.10", note, sizeof(note)), "7.3", "7.10 is newer than 7.3, not older");
	ok(strstr(note, "newer than any release wmishim knows") != NULL, "  said: %s", note);
	is_str(pick("8.0", note, sizeof(note)), "7.3", "8.0: the newest");
	is_str(pick("5.10.0-33-amd64", note, sizeof(note)), "6.1", "5.10: the oldest");
	ok(strstr(note, "older than any release") != NULL, "  said: %s", note);
	is_str(pick("6.7-rc1", note, sizeof(note)), "6.7-rc1", "a release candidate: its own");
	ok(strstr(note, "release candidate of 6.7") != NULL, "  said: %s", note);
	is_str(pick("6.7.0-rc3", note, sizeof(note)), "6.7-rc3", "its uname -r, 6.7.0-rc3");
	is_str(pick("6.1.68-rc1", note, sizeof(note)), "6.1.68", "a stable review: its release");
	ok(strstr(note, "stable review candidate") != NULL, "  said: %s", note);
	is_str(pick("6.20", note, sizeof(note)), "refused", "6.20 does not exist");
	is_str(pick("6", note, sizeof(note)), "refused", "\"6\" is no release");
	is_str(pick("six", note, sizeof(note)), "refused", "\"six\" neither");
	is_str(pick("", note, sizeof(note)), "refused", "nor \"\"");
	is_str(pick("-", note, sizeof(note)), "refused", "nor \"-\" (the tool's word)");
	is_str(pick("6.1x", note, sizeof(note)), "refused", "nor \"6.1x\"");
	is_str(pick("6.01", note, sizeof(note)), "refused", "nor \"6.01\" (not 6.1)");
	is_str(pick("6.010", note, sizeof(note)), "refused", "nor \"6.010\" (not 6.10)");
	is_str(pick("06.1", note, sizeof(note)), "refused", "nor \"06.1\"");
	is_str(pick("6.1.027", note, sizeof(note)), "refused", "nor \"6.1.027\"");
	ok(model("6.1.27") && model("6.1.27") == model("6.1.27"), "a point release's model is "
	   "made once");
}

/* The point releases and release candidates, each its own model. */
static void points(void)
{
	const struct wmishim_kernel *a = any("6.1.67"), *b = any("6.1.68");

	ok(a && b && !a->zero_instances_skipped && b->zero_instances_skipped &&
	   any("6.1")->zero_instances_skipped,
	   "6.1.67 makes a device for a zero-instance block, 6.1.68 and the line do not");
	ok(a && !strcmp(a->line, "6.1") && a->patch == 67 && !strcmp(a->name, "6.1.67") &&
	   !strcmp(a->drivers_line, "6.1"), "  6.1.67: of the line 6.1, its driver tables");
	ok(!any("6.6.6")->zero_instances_skipped && any("6.6.7")->zero_instances_skipped,
	   "6.6.6 does, 6.6.7 not");
	ok(!any("6.2.16")->zero_instances_skipped, "6.2's stable releases never took it");
	ok(!any("6.7-rc4")->zero_instances_skipped && any("6.7-rc5")->zero_instances_skipped &&
	   any("6.7.0")->zero_instances_skipped, "6.7-rc4 has not the -rc5 fix, 6.7-rc5 has");
	is_int(any("6.14")->event_enable, WMISHIM_ENABLE_ANY, "6.14: WExx for every block");
	is_int(any("6.15.0")->event_enable, WMISHIM_ENABLE_EXPENSIVE,
	       "6.15.0: WExx for expensive event blocks only (656f0961d126)");
	is_int(any("6.15.5")->event_enable, WMISHIM_ENABLE_EXPENSIVE, "  6.15.5 too");
	is_int(any("6.15.6")->event_enable, WMISHIM_ENABLE_EVENTS,
	       "6.15.6: every event block (cf0b812500e6)");
	is_int(any("6.15")->event_enable, WMISHIM_ENABLE_EVENTS, "  the line, its newest");
	is_int(any("6.16-rc4")->event_enable, WMISHIM_ENABLE_EXPENSIVE, "6.16-rc4: not yet");
	is_int(any("6.16")->event_enable, WMISHIM_ENABLE_EVENTS, "6.16: every event block");
	ok(any("6.14")->collect_per_query && !any("6.15.0")->collect_per_query &&
	   !any("6.14")->collect_on_set && any("6.15.0")->collect_on_set &&
	   any("7.3")->collect_on_set, "WCxx: around each query to 6.14; from 6.15 at bind, "
	   "and around a GUID-based set");
	ok(list_len_of(any("6.8")->allow_duplicates) == 5 &&
	   list_len_of(any("6.9")->allow_duplicates) == 0 &&
	   list_len_of(any("7.3")->allow_duplicates) == 0,
	   "the allow-list: 5 GUIDs in 6.8, gone from 6.9 (f86f09ad9ab2)");
}

static int is_hex(const char *s, size_t n)
{
	size_t i = 0;

	for (; s && s[i] && isxdigit((unsigned char)s[i]) && !isupper((unsigned char)s[i]); i++)
		;
	return s && i == n && !s[i];
}

static const char *const behaviours[] = {
	"wmi_core", "drops_duplicates", "allow_duplicates", "duplicates_need_no_singleton",
	"zero_instances_skipped", "method_needs_wmxx", "legacy_device_names",
	"legacy_names_option", "wed_always", "no_event_data_refuses", "min_event_size",
	"legacy_handler_data", "marshals", "method_input_always", "collect_per_query",
	"collect_on_set", "event_enable", "osi", "initrd_sigs", "initrd_before_lockdown", NULL
};

/* Every entry whole, in release order; each behaviour has a value in 6.1. */
static void entries(void)
{
	size_t n, bad = 0, order = 0;
	const struct wmishim_kernel_change *h = wmishim_kernel_history(&n);

	ok(n > 30, "%zu changes", n);
	for (size_t i = 0; i < n; i++) {
		const struct wmishim_kernel_change *c = &h[i];
		size_t b;

		for (b = 0; behaviours[b] && strcmp(behaviours[b], c->behaviour); b++)
			;
		if (!behaviours[b] || !c->what || !c->what[0] || !c->known || !c->known[0] ||
		    !c->file || !strchr(c->file, '/') || !c->brief || !c->brief[0] ||
		    (c->major && (!is_hex(c->commit, 12) || !c->title || !c->title[0])) ||
		    (!c->major && c->commit) || c->rc < 0 || (!c->major && c->rc) ||
		    (c->evidence != WMISHIM_INFERRED && (!c->seen || !c->seen[0])) ||
		    (c->evidence > WMISHIM_SEEN)) {
			diag("entry %zu (%s) is not whole", i, c->behaviour);
			bad++;
		}
		if (i && c->major * 1000 + c->minor < h[i - 1].major * 1000 + h[i - 1].minor)
			order++;
	}
	is_int((int)bad, 0, "each names a behaviour, its commit (12 digits), title, file, "
	       "what it does, how its release is known and how it is (seen where, read where)");
	is_int((int)order, 0, "by release");
	for (size_t b = 0; behaviours[b]; b++)
		ok(wmishim_kernel_why(wmishim_kernel_default(), behaviours[b]) != NULL,
		   "6.1 has a value of %s", behaviours[b]);
}

/* Each change first applies in its release (and its stable lines), not in
 * the release before; why() names it there, next() before. */
static void changes(void)
{
	size_t n, nm;
	const struct wmishim_kernel_change *h = wmishim_kernel_history(&n);
	const struct wmishim_kernel *m = wmishim_kernel_models(&nm);

	for (size_t i = 0; i < n; i++) {
		const struct wmishim_kernel_change *c = &h[i], *w, *x;
		const struct wmishim_kernel *k = NULL, *before = NULL;
		char zero[16];

		for (size_t j = 0; j < nm; j++)
			if (m[j].major == c->major && m[j].minor == c->minor) {
				k = &m[j];
				before = j ? &m[j - 1] : NULL;
			}
		if (!k)
			continue; /* older than 6.1: the base */
		/* the last entry of its behaviour in its release (its first
		 * point release: no stable backport of a later one yet) is
		 * the answer */
		snprintf(zero, sizeof(zero), "%s.0", k->name);
		w = wmishim_kernel_why(any(zero), c->behaviour);
		ok(w && w->major == c->major && w->minor == c->minor,
		   "%s %s (%s): Linux %s has it", c->behaviour, c->brief, c->commit, zero);
		if (!before || (c->stable && strstr(c->stable, before->name)))
			continue;
		x = wmishim_kernel_why(before, c->behaviour);
		ok(x != c && wmishim_kernel_next(before, c->behaviour) != NULL &&
		   wmishim_kernel_next(before, c->behaviour)->major * 1000 +
		   wmishim_kernel_next(before, c->behaviour)->minor == c->major * 1000 + c->minor,
		   "  Linux %s has not, and its next change is %s's", before->name, k->name);
	}
	/* A stable line's own: 6.1.y took the zero-instance skip, 6.2 never did. */
	ok(model("6.1")->zero_instances_skipped && !model("6.2")->zero_instances_skipped &&
	   model("6.6")->zero_instances_skipped,
	   "a change taken by stable lines: 6.1 and 6.6 have it, 6.2 not");
}

/* ---- the data file --------------------------------------------------------- */

struct rec {
	char *w[16];
	int n;
};

/* The records of TYPE for LINE, one at a time: 1, or 0 at the end. */
static int next_rec(FILE *f, const char *type, const char *line, struct rec *r, char *buf,
		    size_t size)
{
	while (fgets(buf, (int)size, f)) {
		char *save = NULL;

		buf[strcspn(buf, "\n")] = '\0';
		r->n = 0;
		for (char *t = strtok_r(buf, " ", &save); t && r->n < 16; t = strtok_r(NULL, " ", &save))
			r->w[r->n++] = t;
		if (r->n >= 2 && !strcmp(r->w[0], type) && (!line || !strcmp(r->w[1], line)))
			return 1;
	}
	return 0;
}

/* The rest of an "osi" record: its string (it has blanks). */
static void osi_string(const struct rec *r, char *out, size_t size)
{
	size_t used = 0;

	out[0] = '\0';
	for (int i = 3; i < r->n && used < size; i++)
		used += (size_t)snprintf(out + used, size - used, "%s%s", i > 3 ? " " : "", r->w[i]);
}

static int in_list(const char *const *l, const char *s)
{
	for (; l && *l; l++)
		if (!strcmp(*l, s))
			return 1;
	return 0;
}

static size_t list_len(const char *const *l)
{
	size_t n = 0;

	while (l && l[n])
		n++;
	return n;
}

/* The model of a whole line against what its packages hold. */
static void whole_line(const char *path, const struct rec *line)
{
	const struct wmishim_kernel *k = model(line->w[1]);
	struct rec r;
	char buf[1024], s[512];
	FILE *f;
	int marks = 0, have_source = 0;
	size_t true_osi = 0, osi_ok = 0, osi_false_wrong = 0, sigs = 0, sigs_ok = 0;

	if (!ok(k != NULL, "Linux %s of the data file is a model", line->w[1]))
		return;
	is_str(k->debian, line->w[2], "Linux %s: Debian's whole line, %s", k->name, line->w[2]);
	is_str(k->drivers_line, k->name, "Linux %s: its own driver tables", k->name);
	f = fopen(path, "r");
	if (!f)
		return;
	while (next_rec(f, "core", k->name, &r, buf, sizeof(buf))) {
		int has[8] = { 0 };
		static const char *const names[] = { "dup-dropped", "no-wmxx", "zero-skipped",
						     "no-singleton", "min-event-size",
						     "enable-at-bind", "buffer-api",
						     "get-event-data" };

		marks++;
		for (int i = 3; i < r.n; i++)
			for (size_t j = 0; j < 8; j++)
				has[j] |= !strcmp(r.w[i], names[j]);
		ok(strstr(r.w[2], strstr(k->wmi_core, "platform/wmi/") ? "platform/wmi/" :
			  "platform/x86/") != NULL, "Linux %s: its WMI core is %s (%s)", k->name,
		   k->wmi_core, r.w[2]);
		is_int(k->drops_duplicates, has[0], "Linux %s: drops repeated GUIDs: as its "
		       "wmi.ko (\"duplicate WMI GUID\")", k->name);
		is_int(k->method_needs_wmxx, has[1], "Linux %s: no device without WMxx: as its "
		       "wmi.ko (\"method block execution control method not found\")", k->name);
		is_int(k->zero_instances_skipped, has[2], "Linux %s: skips zero instances: as its "
		       "wmi.ko (\"has zero instances\")", k->name);
		is_int(k->duplicates_need_no_singleton, has[3], "Linux %s: duplicates need "
		       "no_singleton: as its wmi.ko (\"cannot be instantiated multiple times\")",
		       k->name);
		is_int(k->min_event_size, has[4], "Linux %s: min_event_size: as its wmi.ko",
		       k->name);
		is_int(!k->collect_per_query, has[5], "Linux %s: WCxx at bind: as its wmi.ko "
		       "(wmi_device_enable)", k->name);
		is_int(k->marshals, has[6], "Linux %s: the buffer API: as its wmi.ko (exports "
		       "wmidev_invoke_method)", k->name);
		is_int(!k->legacy_handler_data, has[7], "Linux %s: GUID-based handlers ask _WED "
		       "themselves: as its wmi.ko (exports wmi_get_event_data)", k->name);
	}
	is_int(marks, 1, "Linux %s: one core record", k->name);
	rewind(f);
	while (next_rec(f, "config", k->name, &r, buf, sizeof(buf)))
		if (r.n == 4 && !strcmp(r.w[2], "CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES")) {
			is_int(k->legacy_names_option, strcmp(r.w[3], "-") != 0,
			       "Linux %s: the option exists exactly when the model says", k->name);
			is_int(k->debian_legacy_names,
			       !strcmp(r.w[3], "y") ? 1 : !strcmp(r.w[3], "n") ? 0 : -1,
			       "Linux %s: Debian's value, %s", k->name, r.w[3]);
			/* Debian builds it as the kernel's default: the model's names. */
			if (k->legacy_names_option)
				is_int(k->legacy_device_names, !strcmp(r.w[3], "y"),
				       "Linux %s: the names the model gives are Debian's build's",
				       k->name);
		}
	rewind(f);
	/* The struct wmi_driver members the kernel has: no_singleton exactly
	 * when duplicates need it, min_event_size when events are gated by
	 * it, no_notify_data before. */
	while (next_rec(f, "driver", k->name, &r, buf, sizeof(buf))) {
		int ns = 0, nnd = 0, mes = 0;

		for (int i = 4; i < r.n; i++) {
			ns |= !strncmp(r.w[i], "no_singleton=", 13) && strcmp(r.w[i] + 13, "-");
			nnd |= !strncmp(r.w[i], "no_notify_data=", 15) && strcmp(r.w[i] + 15, "-");
			mes |= !strncmp(r.w[i], "min_event_size=", 15) && strcmp(r.w[i] + 15, "-");
		}
		is_int(ns, k->duplicates_need_no_singleton,
		       "Linux %s: struct wmi_driver has no_singleton exactly when the model "
		       "needs it", k->name);
		ok(mes == k->min_event_size && nnd == !k->min_event_size,
		   "Linux %s: struct wmi_driver has %s, as the model says", k->name,
		   k->min_event_size ? "min_event_size" : "no_notify_data");
		break;
	}
	rewind(f);
	while (next_rec(f, "source", k->name, &r, buf, sizeof(buf)))
		have_source = 1;
	rewind(f);
	while (have_source && next_rec(f, "osi", k->name, &r, buf, sizeof(buf))) {
		osi_string(&r, s, sizeof(s));
		if (!strcmp(r.w[2], "true")) {
			true_osi++;
			osi_ok += in_list(k->osi, s);
		} else if (in_list(k->osi, s)) {
			diag("Linux %s answers \"%s\" false, the model true", k->name, s);
			osi_false_wrong++;
		}
	}
	rewind(f);
	while (have_source && next_rec(f, "initrd-sig", k->name, &r, buf, sizeof(buf))) {
		sigs++;
		sigs_ok += in_list(k->initrd_sigs, r.w[2]);
	}
	fclose(f);
	if (!have_source) {
		diag("Linux %s: the archive has no source of it: its _OSI and initrd signatures "
		     "are the history's alone", k->name);
		return;
	}
	ok(true_osi && osi_ok == true_osi && !osi_false_wrong && true_osi == list_len(k->osi),
	   "Linux %s: _OSI answers true the %zu strings its source does, and no other",
	   k->name, true_osi);
	ok(sigs && sigs_ok == sigs && sigs == list_len(k->initrd_sigs),
	   "Linux %s: the initrd takes the %zu signatures its source's table_sigs[] has",
	   k->name, sigs);
}

static void data(void)
{
	const char *path = getenv("WMISHIM_KERNEL_DATA");
	FILE *f = path ? fopen(path, "r") : NULL;
	struct rec r;
	char buf[1024];
	int lines = 0, image_only = 0;
	size_t n;
	const struct wmishim_kernel *m = wmishim_kernel_models(&n);

	if (!f) {
		skip("no WMISHIM_KERNEL_DATA (make check-unit gives src/debian-kernels.txt)");
		return;
	}
	while (next_rec(f, "line", NULL, &r, buf, sizeof(buf))) {
		struct rec copy = r;
		char keep[1024];

		memcpy(keep, buf, sizeof(keep));
		for (int i = 0; i < copy.n; i++)
			copy.w[i] = keep + (r.w[i] - buf);
		lines++;
		whole_line(path, &copy);
	}
	rewind(f);
	while (next_rec(f, "image-only", NULL, &r, buf, sizeof(buf))) {
		image_only++;
		ok(model(r.w[1]) && model(r.w[1])->image_only && !model(r.w[1])->debian,
		   "Linux %s: only its image is in the archive", r.w[1]);
	}
	fclose(f);
	ok(lines >= 7, "%d whole lines", lines);
	ok(image_only >= 1, "%d lines of an image only", image_only);
	for (size_t i = 0; i < n; i++)
		if (m[i].debian && strncmp(m[i].debian, m[i].name, strlen(m[i].name)))
			ok(0, "Linux %s: Debian's release %s is of another line", m[i].name,
			   m[i].debian);
	/* A release without a whole line takes the newest older one's drivers. */
	ok(model("6.15") && !strcmp(model("6.15")->drivers_line, "6.12") &&
	   model("7.1") && !strcmp(model("7.1")->drivers_line, "6.18"),
	   "6.15 takes 6.12's driver tables, 7.1 6.18's");
}

int main(void)
{
	releases();
	points();
	entries();
	changes();
	data();
	return done_testing();
}
