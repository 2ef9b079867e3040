// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim fix: what a fix changes of the machine beyond its findings.  A
 * repair names what it changes: a device an _OSI answer hid is shown, a
 * block's instances go from 0 to 1.  The machine's behaviour under the
 * kernel's policies (wmishim_behave_read: every device's presence, the
 * EC's query methods, the WMI blocks, what ACPICA records of _OSI, its
 * errors while loading) is read without the fix and with it; every other
 * change is a cost (a device gone, a method that fails, a block lost or
 * moved, a kernel decision changed) or, when it takes nothing away, said.
 * A repair whose changes cost something is left alone, with what it would
 * cost, unless --accept-loss: the repairs are grouped by the tables they
 * write (the _OSI policy, the clean _WDGs, the _WEDs), and a group is tried
 * alone to find which one costs.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fix.h"

/* The repairs' groups: which tables of the fix a finding's repair is in. */
enum { GROUP_OSI, GROUP_WDG, GROUP_WED, GROUPS };

static int group_of(const char *code)
{
	if (!strcmp(code, "OSI_HIDDEN_DEVICE"))
		return GROUP_OSI;
	if (!strcmp(code, "WDG_ZERO_INSTANCES"))
		return GROUP_WDG;
	return GROUP_WED;
}

/* path is dev, or below it. */
static int within(const char *path, const char *dev)
{
	size_t n = strlen(dev);

	return !strncmp(path, dev, n) && (path[n] == '\0' || path[n] == '.');
}

/* A change's class, against the repairs of the groups in mask. */
static int classify(const struct fix *fx, const struct wmishim_change *c, unsigned mask)
{
	for (size_t i = 0; i < fx->n_items; i++) {
		const struct fix_item *it = &fx->items[i];

		if (!it->repaired || !(mask & (1u << group_of(it->f.code))))
			continue;
		/* The device the _OSI repair shows, and what is in it. */
		if (c->kind == WMISHIM_CHANGE_DEVICE_NEW && !strcmp(it->f.code, "OSI_HIDDEN_DEVICE") &&
		    within(c->what, it->f.device))
			return FIX_GAIN;
		/* The block whose instances the repair sets. */
		if (c->kind == WMISHIM_CHANGE_BLOCK_CHANGED &&
		    !strcmp(it->f.code, "WDG_ZERO_INSTANCES") && !strcmp(c->what, it->f.device) &&
		    c->index == it->f.index)
			return FIX_GAIN;
	}
	switch (c->kind) {
	case WMISHIM_CHANGE_DEVICE_NEW:
	case WMISHIM_CHANGE_METHOD_MENDED:
	case WMISHIM_CHANGE_METHOD_VALUE:
	case WMISHIM_CHANGE_BLOCK_RENAMED:
		return FIX_OTHER;
	default:
		return FIX_COST;
	}
}

/* fx->fixed made again from the plan, with the groups not in mask left
 * out for the while: their counts are kept and given back. */
static int apply(struct fix *fx, unsigned mask)
{
	size_t n_deny = fx->n_deny, n_wdg = fx->n_wdg, n_wed = fx->n_wed;
	int ret;

	fix_unapply(fx);
	if (!(mask & (1u << GROUP_OSI)))
		fx->n_deny = 0;
	if (!(mask & (1u << GROUP_WDG)))
		fx->n_wdg = 0;
	if (!(mask & (1u << GROUP_WED)))
		fx->n_wed = 0;
	ret = fix_apply(fx);
	fx->n_deny = n_deny;
	fx->n_wdg = n_wdg;
	fx->n_wed = n_wed;
	return ret;
}

/* The changes of fx->fixed against the machine, classed for mask: how
 * many cost, or -1 after saying why.  The first cost's words go to first. */
static int changes(struct tool_ctx *ctx, struct fix *fx, unsigned mask, char *first,
		   size_t size)
{
	struct wmishim_behave now;
	int n, costs = 0;

	fix_diff_free(fx);
	if (!fx->have_was) {
		if (load_set_behave(&ctx->tables, &fx->set, &fx->was)) {
			tool_error("fix: the machine's behaviour could not be read");
			return -1;
		}
		fx->have_was = 1;
	}
	if (load_set_behave(&ctx->tables, &fx->fixed, &now)) {
		tool_error("fix: the behaviour of the fixed tables could not be read");
		return -1;
	}
	n = wmishim_behave_diff(&fx->was, &now, &fx->changes);
	wmishim_behave_free(&now);
	fx->change_class = n > 0 ? calloc((size_t)n, sizeof(*fx->change_class)) : NULL;
	if (n < 0 || (n > 0 && !fx->change_class)) {
		tool_error("out of memory");
		return -1;
	}
	fx->n_changes = (size_t)n;
	for (size_t i = 0; i < fx->n_changes; i++) {
		fx->change_class[i] = classify(fx, &fx->changes[i], mask);
		if (fx->change_class[i] == FIX_COST && !costs++ && first)
			snprintf(first, size, "%s%s%s", fx->changes[i].what,
				 fx->changes[i].what[0] ? ": " : "", fx->changes[i].detail);
	}
	return costs;
}

/* Which groups have a repair. */
static unsigned groups_repaired(const struct fix *fx)
{
	unsigned mask = 0;

	for (size_t i = 0; i < fx->n_items; i++)
		if (fx->items[i].repaired)
			mask |= 1u << group_of(fx->items[i].f.code);
	return mask;
}

static void leave_group(struct fix *fx, int g, const char *cost, int more)
{
	for (size_t i = 0; i < fx->n_items; i++) {
		struct fix_item *it = &fx->items[i];

		if (!it->repaired || group_of(it->f.code) != g)
			continue;
		it->repaired = 0;
		it->gains[0] = '\0';
		it->event[0] = '\0';
		snprintf(it->why, sizeof(it->why), "the repair would cost %s%s (--accept-loss "
			 "repairs it all the same)", cost, more ? ", and more" : "");
	}
	if (g == GROUP_OSI)
		fx->n_deny = 0;
	else if (g == GROUP_WED)
		fx->n_wed = 0;
	else {
		for (size_t i = 0; i < fx->n_wdg; i++) {
			free(fx->wdg[i].wdg);
			free(fx->wdg[i].aml);
		}
		fx->n_wdg = 0;
	}
}

int fix_diff(struct tool_ctx *ctx, struct fix *fx)
{
	unsigned all = groups_repaired(fx);
	char first[sizeof(fx->changes->what) + sizeof(fx->changes->detail) + 4];
	int costs = changes(ctx, fx, all, NULL, 0);

	if (costs <= 0 || fx->accept_loss)
		return costs < 0 ? -1 : 0;
	/* Which groups cost: each alone. */
	for (int g = 0; g < GROUPS; g++) {
		int c;

		if (!(all & (1u << g)))
			continue;
		if (apply(fx, 1u << g))
			return -1;
		c = changes(ctx, fx, 1u << g, first, sizeof(first));
		if (c < 0)
			return -1;
		if (c)
			leave_group(fx, g, first, c > 1);
	}
	all = groups_repaired(fx);
	if (apply(fx, all))
		return -1;
	costs = changes(ctx, fx, all, first, sizeof(first));
	if (costs < 0)
		return -1;
	/* Together they cost what none does alone: none is written. */
	for (int g = 0; costs && g < GROUPS; g++)
		if (all & (1u << g))
			leave_group(fx, g, first, costs > 1);
	return costs && apply(fx, 0) ? -1 : 0;
}

void fix_diff_print(FILE *f, const struct fix *fx, int md)
{
	static const char *const label[] = { [FIX_GAIN] = "gain", [FIX_COST] = "cost",
					     [FIX_OTHER] = "also" };
	size_t gains = 0;

	for (size_t i = 0; i < fx->n_changes; i++) {
		const struct wmishim_change *c = &fx->changes[i];

		char line[sizeof(c->what) + sizeof(c->detail) + 4];

		snprintf(line, sizeof(line), "%s%s%s", c->what, c->what[0] ? ": " : "", c->detail);
		/* Printable already (wmishim_behave_diff); in Markdown no
		 * backtick ends the code span. */
		for (char *p = line; md && *p; p++)
			if (*p == '`')
				*p = '\'';
		fprintf(f, md ? "- %s (%s): `%s`\n" : "%s: %s: %s\n", label[fx->change_class[i]],
			wmishim_change_kind_name(c->kind), line);
		gains += fx->change_class[i] == FIX_GAIN;
	}
	/* "else": beside what the repairs change, which the diff may not see
	 * (a _WED added). */
	if (gains == fx->n_changes)
		fprintf(f, "%snothing else: every %sdevice, EC query method, WMI block, the _OSI "
			"record and the load's errors as before\n", md ? "- " : "",
			gains ? "other " : "");
}

void fix_diff_free(struct fix *fx)
{
	free(fx->changes);
	free(fx->change_class);
	fx->changes = NULL;
	fx->change_class = NULL;
	fx->n_changes = 0;
}
