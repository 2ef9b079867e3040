/* SPDX-License-Identifier: GPL-2.0 */
/* wmishim report --try: what boots.c (the run, a child a boot),
 * boots-kernel.c (the guest's kernel and initramfs, once a kernel) and
 * boots-line.c (a boot's line, -o's file) share. */
#ifndef WMISHIM_REPORT_BOOTS_H
#define WMISHIM_REPORT_BOOTS_H

#include <limits.h>
#include <sys/types.h>

#include "tool/try.h"
#include "report.h"

/* A pair to boot: machine m on kernel k. */
struct pair {
	size_t m;
	int k;
	pid_t pid;
	double deadline;
	char out[64], err[64];
};

struct farm_run {
	const struct report_try *o;
	char **machines; /* the shard's */
	size_t n;
	char tmp[512];
	char initramfs[REPORT_TRY_KERNELS][PATH_MAX]; /* "" : the kernel could not be had */
	char why[REPORT_TRY_KERNELS][PATH_MAX + 256];
	int fd;                                       /* -o's, or -1 */
	struct report_sum *sum;
};

/* Kernel k: Debian's of that line (try's kernels.sh), the release it is,
 * and the guest's initramfs for every machine (cached).  0, or -1 with
 * fr->why[k] saying why. */
int boots_prepare_kernel(struct farm_run *fr, int k, const struct list *guids);

/* -o FILE: opened (made), locked, its lines into the summary, then a
 * partial last line dropped.  0 or -1 (said). */
int boots_open_output(struct farm_run *fr);
/* The line of pair p, its try ended with status (waitpid's); malloc'd. */
char *boots_line_of(struct farm_run *fr, const struct pair *p, int status, int timed_out);
/* The line of a pair whose kernel could not be had; malloc'd. */
char *boots_line_no_kernel(const struct farm_run *fr, size_t m, int k);
/* A line done (freed): into the summary, then, kept, to -o's file, whole.
 * 0 or -1 (said). */
int boots_done_line(struct farm_run *fr, char *line, int kept);

#endif
