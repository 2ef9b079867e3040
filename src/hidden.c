// SPDX-License-Identifier: GPL-2.0
/*
 * Devices Linux's _OSI answers hide.  Firmware asks _OSI ("Windows 2009")
 * and the like, in _INI or in a device's _STA, and some of it hides a
 * device from the newer Windows it believes it runs under: the Eee PC's
 * ASUS010, which eeepc-laptop binds, is the story.  Linux answers every
 * Windows string of its list true (drivers/acpi/acpica/utosi.c), so it sees
 * what that Windows sees and loses the device.
 *
 * wmishim_hidden_find loads the tables under the model's answers and finds
 * every device a driver claims (one of its IDs is in the release's
 * modules.alias: wmishim_driver_acpi_lookup) that Linux does not enumerate;
 * then loads them again with the Windows strings the firmware asked denied,
 * every one from a string on ("Windows 2009" and all later ones: the
 * answers of a real Windows), the shortest first, never Windows XP's
 * ("Windows 2001") or older, and reports for each such device the smallest
 * set that shows it, and which devices that set hides in turn.  Then loads them again with the emulated hardware reading
 * all-ones where it was never written: a device whose presence then no
 * longer follows the answers is hidden by what its _STA reads (the EC),
 * not by _OSI (regions_decide).
 *
 * Linux enumerates a device when its _STA has the present or functional bit
 * and its parent device was enumerated (acpi_bus_attach(),
 * acpi_dev_ready_for_enumeration() and acpi_device_is_present() in
 * drivers/acpi/scan.c of linux-source-6.1 and 7.3: the walk stops at a
 * device that is neither); a driver matches it only when it is present
 * (__acpi_match_device() in drivers/acpi/bus.c).  No _STA is present.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmishim-int.h"

/* A claimed device as the first load found it. */
struct claim {
	char *path;
	char id[WMISHIM_ACPI_ID_MAX + 1];
	const char *modules[WMISHIM_HIDDEN_MODULES];
	size_t n_modules;
	char table[14];
	uint64_t sta;  /* under the answers of the variant being read */
	int shown;     /* the same: a driver can bind it */
	int by_parent; /* the same: present, under a device that is not */
	int linux_shown, linux_by_parent; /* under the model's answers */
	uint64_t linux_sta;
	int candidate; /* hidden by the model's answers, shown with all denied */
	int found;     /* a deny set that shows it was found */
};

struct search {
	struct claim *claims;
	size_t n, cap;
	struct wmishim_enum_walk walk;
	int first;     /* the first load: find the claims */
	const struct wmishim_kernel *k;
	int err;
	struct wmishim_snapshot *snap; /* the first load, kept (or NULL) */
};

/* The modules that claim one of the device's IDs (_HID, then each _CID);
 * the first ID claimed goes to c->id. */
struct claiming {
	const struct wmishim_kernel *k;
	struct claim *c;
};

static void claim_id(const char *id, void *data)
{
	struct claiming *cl = data;
	struct claim *c = cl->c;
	const char *mods[WMISHIM_HIDDEN_MODULES];
	int m = wmishim_driver_acpi_lookup(cl->k, id, mods, WMISHIM_HIDDEN_MODULES);

	if (m > WMISHIM_HIDDEN_MODULES)
		m = WMISHIM_HIDDEN_MODULES;
	for (int x = 0; x < m; x++) {
		size_t y;

		for (y = 0; y < c->n_modules && strcmp(c->modules[y], mods[x]); y++)
			;
		if (y == c->n_modules && y < WMISHIM_HIDDEN_MODULES)
			c->modules[c->n_modules++] = mods[x];
	}
	if (m > 0 && !c->id[0])
		snprintf(c->id, sizeof(c->id), "%s", id);
}

static void claimants(struct wmishim_host *host, const char *path, const struct wmishim_kernel *k,
		      struct claim *c)
{
	struct claiming cl = { k, c };

	wmishim_device_ids(host, path, claim_id, &cl);
}

static struct claim *claim_of(struct search *s, const char *path)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->claims[i].path, path))
			return &s->claims[i];
	return NULL;
}

static int add_claim(struct search *s, const struct claim *c, const char *path)
{
	struct claim *grown;

	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 16;

		if (cap > WMISHIM_HIDDEN_MAX_CLAIMS)
			return -E2BIG;
		grown = realloc(s->claims, cap * sizeof(*grown));
		if (!grown)
			return -ENOMEM;
		s->claims = grown;
		s->cap = cap;
	}
	s->claims[s->n] = *c;
	s->claims[s->n].path = strdup(path);
	if (!s->claims[s->n].path)
		return -ENOMEM;
	s->n++;
	return 0;
}

/* One device, in namespace order (a parent before its children). */
/* A claim found on the first reading (fresh: its modules), with its
 * table, added to s: the claim, or NULL with s->err. */
static struct claim *new_claim(struct wmishim_host *host, struct search *s, struct claim *fresh,
			       const char *path)
{
	struct wmishim_node_info info;

	if (wmishim_host_node_info(host, path, &info) == 0)
		memcpy(fresh->table, info.table, sizeof(fresh->table));
	s->err = add_claim(s, fresh, path);
	return s->err ? NULL : &s->claims[s->n - 1];
}

/* What a reading's walk (st) makes of claim c. */
static void claim_state(struct claim *c, const struct wmishim_enum_state *st)
{
	c->sta = st->sta;
	c->shown = st->parent && (st->sta & 0x1);
	c->by_parent = !st->parent && (st->sta & 0x1);
}

static int visit(struct wmishim_host *host, const char *path, void *data)
{
	struct search *s = data;
	struct wmishim_enum_state st;
	struct claim *c, fresh;

	wmishim_enum_visit(&s->walk, host, path, &st);
	c = claim_of(s, path);
	if (s->first && !c) {
		memset(&fresh, 0, sizeof(fresh));
		claimants(host, path, s->k, &fresh);
		if (fresh.n_modules && !(c = new_claim(host, s, &fresh, path)))
			return 1;
	}
	if (c)
		claim_state(c, &st);
	return 0;
}

/* The load of one variant: the caller's set-up, then each denied string
 * answered false. */
struct variant {
	int (*setup)(struct wmishim_host *host, void *data);
	void *data;
	const char *const *deny;
	size_t n_deny;
	const struct wmishim_kernel *k; /* set by the first load */
	uint8_t fill; /* what the emulated hardware reads where never written */
	int keep;     /* the first load: kept for the others */
};

static int variant_setup(struct wmishim_host *host, void *data)
{
	const struct variant *v = data;
	char edit[256];
	int ret;

	/* Before the caller's presets: the pages they make read the fill
	 * where they do not write. */
	wmishim_osl_store_fill(v->fill);
	ret = v->setup ? v->setup(host, v->data) : 0;

	for (size_t i = 0; !ret && i < v->n_deny; i++) {
		snprintf(edit, sizeof(edit), "-%s", v->deny[i]);
		ret = wmishim_host_edit_osi(host, edit);
	}
	return !ret && v->keep ? wmishim_hidden_prepare(host) : ret;
}

/* The Windows strings the firmware asked that the model answers true, in
 * the model's order. */
static void asked_of(struct wmishim_host *host, const struct wmishim_kernel *k,
		     const char **asked, size_t *n_asked)
{
	const struct wmishim_osi_query *q;
	size_t nq = wmishim_host_osi_queries(host, &q);

	*n_asked = 0;
	for (size_t i = 0; k->osi[i]; i++) {
		if (strncmp(k->osi[i], "Windows", 7))
			continue;
		for (size_t j = 0; j < nq; j++)
			if (q[j].answer && !strcmp(q[j].name, k->osi[i]) &&
			    *n_asked < WMISHIM_HIDDEN_DENY_MAX)
				asked[(*n_asked)++] = k->osi[i];
	}
}

/* Loads the set under v and reads every claimed device's state (the
 * first load: finds them, and the Windows strings the firmware asked that
 * the model answers true, into *asked, in the model's order). */
static int read_host(struct wmishim_host *host, struct search *s, const char **asked,
		     size_t *n_asked)
{
	int ret;

	s->k = wmishim_host_kernel(host);
	s->walk.depth = 0;
	s->err = 0;
	for (size_t i = 0; i < s->n; i++)
		s->claims[i].shown = s->claims[i].by_parent = 0, s->claims[i].sta = 0;
	ret = wmishim_host_walk_devices(host, visit, s);
	if (s->err)
		ret = s->err; /* what stopped the walk */
	if (!ret && asked)
		asked_of(host, s->k, asked, n_asked);
	return ret < 0 ? ret : ret ? -EIO : 0;
}

/* The first load's reading from the scan's (wmi.c) instead of a walk of
 * its own: the same devices in the same order, each read once, as Linux's
 * scan reads them, before anything else ran (a variant's reading is its
 * load's first walk too).  The IDs the scan did not read are read here. */
static int read_census(struct wmishim_host *host, const struct wmishim_census *cs,
		       struct search *s, const char **asked, size_t *n_asked)
{
	s->k = wmishim_host_kernel(host);
	for (size_t i = 0; i < cs->n; i++) {
		const struct wmishim_census_device *d = &cs->dev[i];
		struct claim fresh;
		struct claiming cl = { s->k, &fresh };
		struct claim *c;

		memset(&fresh, 0, sizeof(fresh));
		if (d->ids_read)
			for (size_t j = 0; j < d->n_ids; j++)
				claim_id(d->ids[j], &cl);
		else
			claimants(host, d->path, s->k, &fresh);
		if (!fresh.n_modules)
			continue;
		c = new_claim(host, s, &fresh, d->path);
		if (!c)
			return s->err;
		claim_state(c, &d->st);
	}
	asked_of(host, s->k, asked, n_asked);
	return 0;
}

/* A variant's process (snapshot.c): the claims' paths in, NUL-ended; out
 * the walk's result (an int), then each claim's sta, shown and by_parent. */
static int work(struct wmishim_host *host, int load_ret, const uint8_t *payload, size_t len,
		struct wmishim_buf *reply)
{
	struct search s = { 0 };
	int32_t ret;
	int err = 0;

	for (size_t at = 0; at < len; at++)
		s.cap += !payload[at];
	if (!len || payload[len - 1] || s.cap > WMISHIM_HIDDEN_MAX_CLAIMS)
		return -EINVAL;
	s.claims = calloc(s.cap, sizeof(*s.claims));
	if (!s.claims)
		return -ENOMEM;
	for (size_t at = 0; at < len; at += strlen(s.claims[s.n++].path) + 1)
		s.claims[s.n].path = (char *)(uintptr_t)(payload + at);
	ret = load_ret ? load_ret : read_host(host, &s, NULL, NULL);
	err = wmishim_buf_append(reply, &ret, sizeof(ret));
	for (size_t i = 0; !err && i < s.n; i++) {
		uint8_t flags[2] = { (uint8_t)s.claims[i].shown, (uint8_t)s.claims[i].by_parent };

		err = wmishim_buf_append(reply, &s.claims[i].sta, sizeof(s.claims[i].sta));
		if (!err)
			err = wmishim_buf_append(reply, flags, sizeof(flags));
	}
	free(s.claims); /* the paths are the payload's */
	return err;
}

/* The variant from the kept load: 1 when it could not be had from it (the
 * tables are loaded again), else 0 or -errno as read_variant. */
static int read_kept(struct variant *v, struct search *s)
{
	struct wmishim_buf req = { NULL, 0, 0 };
	uint8_t *reply = NULL;
	size_t len = 0, want = sizeof(int32_t) + s->n * (sizeof(uint64_t) + 2);
	int32_t ret;
	int err = 0;

	for (size_t i = 0; !err && i < s->n; i++)
		err = wmishim_buf_append(&req, s->claims[i].path, strlen(s->claims[i].path) + 1);
	if (!err)
		err = wmishim_snapshot_run(s->snap, v->deny, v->n_deny, req.data, req.len, &reply,
					   &len);
	wmishim_buf_free(&req);
	if (err || len != want) {
		free(reply);
		return 1;
	}
	memcpy(&ret, reply, sizeof(ret));
	for (size_t i = 0; !ret && i < s->n; i++) {
		const uint8_t *p = reply + sizeof(ret) + i * (sizeof(uint64_t) + 2);

		memcpy(&s->claims[i].sta, p, sizeof(uint64_t));
		s->claims[i].shown = p[sizeof(uint64_t)];
		s->claims[i].by_parent = p[sizeof(uint64_t) + 1];
	}
	free(reply);
	return ret;
}

static int read_variant(const struct wmishim_table_set *set, struct variant *v, struct search *s,
			const char **asked, size_t *n_asked)
{
	struct wmishim_host *host;
	int ret;

	/* With the hardware reading as the first load's did, the kept load
	 * is this one up to the first answer denied (snapshot.c). */
	if (s->snap && !v->fill && !asked) {
		ret = read_kept(v, s);
		if (ret <= 0)
			return ret;
	}
	ret = wmishim_host_load_set(&host, set, variant_setup, v);
	if (ret)
		return ret;
	ret = read_host(host, s, asked, n_asked);
	wmishim_host_free(host);
	return ret;
}

/* Records what a deny set shows: each claimed device Linux hides that it
 * shows and no smaller set did, into out. */
static int record(struct search *s, const char *const *deny, size_t n_deny,
		  struct wmishim_hidden **out, size_t *n_out)
{
	const struct claim *lost = NULL;
	size_t n_lost = 0;

	for (size_t i = 0; i < s->n; i++)
		if (s->claims[i].linux_shown && !s->claims[i].shown && !n_lost++)
			lost = &s->claims[i];
	for (size_t i = 0; i < s->n; i++) {
		struct claim *c = &s->claims[i];
		struct wmishim_hidden *h, *grown;

		if (c->linux_shown || c->found || !c->shown)
			continue;
		grown = realloc(*out, (*n_out + 1) * sizeof(**out));
		if (!grown)
			return -ENOMEM;
		*out = grown;
		h = &grown[(*n_out)++];
		memset(h, 0, sizeof(*h));
		c->found = 1;
		snprintf(h->device, sizeof(h->device), "%s", c->path);
		memcpy(h->id, c->id, sizeof(h->id));
		memcpy(h->table, c->table, sizeof(h->table));
		memcpy(h->modules, c->modules, sizeof(h->modules));
		h->n_modules = c->n_modules;
		h->sta = c->linux_sta;
		h->by_parent = c->linux_by_parent;
		h->sta_shown = c->sta;
		for (size_t d = 0; d < n_deny; d++)
			h->deny[d] = deny[d];
		h->n_deny = n_deny;
		h->n_lost = n_lost;
		if (lost) {
			snprintf(h->lost, sizeof(h->lost), "%s", lost->path);
			h->lost_module = lost->modules[0];
		}
	}
	return 0;
}

/* A device the whole deny set shows that no smaller one has shown yet. */
static int hidden_left(const struct search *s)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->claims[i].candidate && !s->claims[i].found)
			return 1;
	return 0;
}

/* Loads the set with deny[0..n) denied and records what it shows. */
static int try_set(const struct wmishim_table_set *set, struct variant *v, struct search *s,
		   const char **deny, size_t n, struct wmishim_hidden **out, size_t *n_out)
{
	int ret;

	v->deny = deny;
	v->n_deny = n;
	ret = read_variant(set, v, s, NULL, NULL);
	return ret ? ret : record(s, deny, n, out, n_out);
}

static int same_set(const struct wmishim_hidden *a, const struct wmishim_hidden *b)
{
	if (a->n_deny != b->n_deny)
		return 0;
	for (size_t i = 0; i < a->n_deny; i++)
		if (strcmp(a->deny[i], b->deny[i]))
			return 0;
	return 1;
}

/* Whether _OSI alone decides each device found, whatever the hardware
 * reads: a _STA that reads the EC or another region the host emulates
 * (a ThinkPad's second battery: If (H8DR) { Local0 = HB1A } ...) shows or
 * hides the device by what it reads, and a deny set that changes _INI's
 * idea of the OS (OSYS) can change what it reads.  So every byte of the
 * emulated hardware never written reads 0xFF instead of 0, and the loads
 * are made again: under the model's answers, and with each device's deny
 * set.  A device Linux's answers show then, or its deny set hides then,
 * is the hardware's doing (regions_decide). */
static int regions_decide(const struct wmishim_table_set *set, struct variant *v,
			  struct search *s, struct wmishim_hidden *h, size_t n)
{
	int *done = calloc(n + 1, sizeof(*done)), ret;

	if (!done)
		return -ENOMEM;
	v->fill = 0xFF;
	v->deny = NULL;
	v->n_deny = 0;
	ret = read_variant(set, v, s, NULL, NULL);
	for (size_t i = 0; !ret && i < n; i++) {
		const struct claim *c = claim_of(s, h[i].device);

		if (c && c->shown) {
			h[i].regions_decide = WMISHIM_HIDDEN_SHOWN_ANYWAY;
			done[i] = 1;
		}
	}
	/* One load for each deny set (most searches find one). */
	for (size_t i = 0; !ret && i < n; i++) {
		if (done[i])
			continue;
		v->deny = h[i].deny;
		v->n_deny = h[i].n_deny;
		ret = read_variant(set, v, s, NULL, NULL);
		for (size_t j = i; !ret && j < n; j++) {
			const struct claim *c;

			if (done[j] || !same_set(&h[i], &h[j]))
				continue;
			done[j] = 1;
			c = claim_of(s, h[j].device);
			if (c && !c->shown)
				h[j].regions_decide = WMISHIM_HIDDEN_HIDDEN_ANYWAY;
		}
	}
	v->fill = 0;
	free(done);
	return ret;
}

/* The search under way: what the first load read (the claims, and the
 * Windows strings the firmware asked that the model answers true). */
struct wmishim_hidden_search {
	struct search s;
	const char *asked[WMISHIM_HIDDEN_DENY_MAX];
	size_t n_asked;
	/* The first set (every string asked denied), read from the kept load
	 * as the search began: probed, and its result. */
	int probed, probe_ret;
};

static void search_free(struct wmishim_hidden_search *hs)
{
	for (size_t i = 0; hs && i < hs->s.n; i++)
		free(hs->s.claims[i].path);
	if (hs) {
		free(hs->s.claims);
		wmishim_snapshot_free(hs->s.snap);
	}
	free(hs);
}

int wmishim_hidden_prepare(struct wmishim_host *host)
{
	int ret = wmishim_census_arm(host);

	/* The search denies Windows strings only (asked_of). */
	return ret ? ret : wmishim_snapshot_arm(host, work, "Windows");
}

void wmishim_hidden_search_free(struct wmishim_hidden_search *hs)
{
	search_free(hs);
}

/* Claims Linux's answers hide. */
static size_t hidden_count(const struct search *s)
{
	size_t hidden = 0;

	for (size_t i = 0; i < s->n; i++)
		hidden += (size_t)!s->claims[i].linux_shown;
	return hidden;
}

/* Claims Linux's answers hide that the set just read shows. */
static size_t mark_candidates(struct search *s)
{
	size_t candidates = 0;

	for (size_t i = 0; i < s->n; i++) {
		struct claim *c = &s->claims[i];

		c->candidate = !c->linux_shown && c->shown;
		candidates += (size_t)c->candidate;
	}
	return candidates;
}

/* The first load's reading, from host (the scan's, when it kept one): the
 * claims and what Linux's answers make of them.  Then the first set, every
 * string asked denied, from the kept load; and the kept load's processes
 * end here, unless a smaller set may follow (search_on): before the
 * caller frees its host, whose pages they share until they end. */
static int begin(struct wmishim_host *host, struct wmishim_hidden_search *hs)
{
	struct search *s = &hs->s;
	const struct wmishim_census *cs = wmishim_census_of(host);
	int ret;

	s->snap = wmishim_snapshot_take(host);
	s->first = 1;
	if (cs && cs->complete)
		ret = read_census(host, cs, s, hs->asked, &hs->n_asked);
	else
		ret = read_host(host, s, hs->asked, &hs->n_asked);
	s->first = 0;
	for (size_t i = 0; i < s->n; i++) {
		s->claims[i].linux_shown = s->claims[i].shown;
		s->claims[i].linux_sta = s->claims[i].sta;
		s->claims[i].linux_by_parent = s->claims[i].by_parent;
	}
	if (!ret && s->snap && hs->n_asked && hidden_count(s)) {
		struct variant v = { NULL, NULL, hs->asked, hs->n_asked, NULL, 0, 0 };
		int probe = read_kept(&v, s);

		/* 1: not had from it, loaded again in search_on */
		hs->probed = probe <= 0;
		hs->probe_ret = probe <= 0 ? probe : 0;
	}
	if (!hs->probed || hs->probe_ret || hs->n_asked < 2 || !mark_candidates(s)) {
		wmishim_snapshot_free(s->snap);
		s->snap = NULL;
	}
	return ret;
}

/* The loads after the first: the count found (*out allocated), or -errno
 * (*out NULL). */
/* A deny set from string first on (the strings the firmware asked, the
 * newest ones) is one a real Windows answers: each answers true the strings
 * up to its own.  first must leave Windows XP ("Windows 2001") answered
 * true: denying it makes the firmware take its paths for Windows 2000 and
 * older (the ThinkPads' WNTF and OSYS, set in _INI from _OSI ("Windows
 * 2001")), which change far more of the machine than one device. */
static int windows_floor_kept(const char *first)
{
	return strcmp(first, "Windows 2000") && strcmp(first, "Windows 2001");
}

static int search_on(const struct wmishim_table_set *set, struct variant *v,
		     struct wmishim_hidden_search *hs, struct wmishim_hidden **out)
{
	struct search *s = &hs->s;
	const char **asked = hs->asked;
	size_t n_asked = hs->n_asked, n_out = 0, candidates = 0, hidden = 0;
	int ret = 0;

	/* A device is looked for only if Linux's answers hide it: with none
	 * hidden, there is nothing a deny set could show (no candidate, so
	 * no finding), and no load is made. */
	hidden = hidden_count(s);
	/* Every string the firmware asked denied: most machines stop here,
	 * after two loads (the second read as the search began, from the
	 * kept load).  What this shows is what the search looks for; a
	 * device only a part of the strings shows is not looked for. */
	if (n_asked && hidden) {
		v->deny = asked;
		v->n_deny = n_asked;
		ret = hs->probed ? hs->probe_ret : read_variant(set, v, s, NULL, NULL);
		if (!ret)
			candidates = mark_candidates(s);
		if (!ret && candidates && n_asked == 1 && windows_floor_kept(asked[0]))
			ret = record(s, asked, 1, out, &n_out);
	}
	if (n_asked < 2)
		candidates = 0;
	/* Every string from one on: the newest alone, then the newest two,
	 * three, ..., down to the oldest a real Windows with XP's answers
	 * denies (windows_floor_kept).  An older string denied alone, with
	 * newer ones answered true, is no Windows's answers: the firmware's
	 * paths for it were never meant to be taken together. */
	for (size_t i = n_asked; !ret && candidates && i-- > 0 && hidden_left(s);) {
		if (!windows_floor_kept(asked[i]))
			break;
		ret = try_set(set, v, s, &asked[i], n_asked - i, out, &n_out);
	}
	if (!ret && n_out)
		ret = regions_decide(set, v, s, *out, n_out);
	if (ret) {
		free(*out);
		*out = NULL;
		return ret;
	}
	return (int)n_out;
}

int wmishim_hidden_begin(struct wmishim_host *host, struct wmishim_hidden_search **out)
{
	enum wmishim_log_priority was = wmishim_log_get_priority();
	struct wmishim_hidden_search *hs = calloc(1, sizeof(*hs));
	int ret;

	*out = NULL;
	if (!hs)
		return -ENOMEM;
	/* What the _STA methods say was said, or not, by the caller's own
	 * use of the host: the search keeps quiet. */
	wmishim_log_set_priority((enum wmishim_log_priority)0);
	ret = begin(host, hs);
	wmishim_log_set_priority(was);
	if (ret) {
		search_free(hs);
		return ret;
	}
	*out = hs;
	return 0;
}

int wmishim_hidden_end(struct wmishim_hidden_search *hs, const struct wmishim_table_set *set,
		       int (*setup)(struct wmishim_host *host, void *data), void *data,
		       struct wmishim_hidden **out)
{
	enum wmishim_log_priority was = wmishim_log_get_priority();
	struct variant v = { setup, data, NULL, 0, NULL, 0, 0 };
	int ret;

	*out = NULL;
	wmishim_log_set_priority((enum wmishim_log_priority)0);
	ret = search_on(set, &v, hs, out);
	wmishim_log_set_priority(was);
	search_free(hs);
	return ret;
}

int wmishim_hidden_find(const struct wmishim_table_set *set,
			int (*setup)(struct wmishim_host *host, void *data), void *data,
			struct wmishim_hidden **out)
{
	enum wmishim_log_priority was = wmishim_log_get_priority();
	struct wmishim_hidden_search *hs = calloc(1, sizeof(*hs));
	struct variant v = { setup, data, NULL, 0, NULL, 0, 1 };
	struct wmishim_host *host;
	int ret;

	*out = NULL;
	if (!hs)
		return -ENOMEM;
	/* The firmware's messages were said by the caller's own load: these
	 * loads, of the same tables, keep quiet. */
	wmishim_log_set_priority((enum wmishim_log_priority)0);
	ret = wmishim_host_load_set(&host, set, variant_setup, &v);
	v.keep = 0;
	if (!ret) {
		ret = begin(host, hs);
		wmishim_host_free(host);
	}
	if (!ret)
		ret = search_on(set, &v, hs, out);
	wmishim_log_set_priority(was);
	search_free(hs);
	return ret;
}

int wmishim_claims_read(const struct wmishim_table_set *set,
			int (*setup)(struct wmishim_host *host, void *data), void *data,
			struct wmishim_claim_state **out)
{
	enum wmishim_log_priority was = wmishim_log_get_priority();
	struct search *s = calloc(1, sizeof(*s));
	struct variant v = { setup, data, NULL, 0, NULL, 0, 0 };
	int ret;

	*out = NULL;
	if (!s)
		return -ENOMEM;
	wmishim_log_set_priority((enum wmishim_log_priority)0);
	s->first = 1;
	ret = read_variant(set, &v, s, NULL, NULL);
	wmishim_log_set_priority(was);
	if (!ret && s->n) {
		*out = calloc(s->n, sizeof(**out));
		if (!*out)
			ret = -ENOMEM;
	}
	for (size_t i = 0; !ret && i < s->n; i++) {
		snprintf((*out)[i].device, sizeof((*out)[i].device), "%s", s->claims[i].path);
		memcpy((*out)[i].id, s->claims[i].id, sizeof((*out)[i].id));
		(*out)[i].module = s->claims[i].modules[0];
		(*out)[i].shown = s->claims[i].shown;
	}
	for (size_t i = 0; i < s->n; i++)
		free(s->claims[i].path);
	free(s->claims);
	ret = ret ? ret : (int)s->n;
	free(s);
	return ret;
}
