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

/* A key: 16 hex digits and a NUL. */
#define PIN_KEY 17

/* A kernel as the run pinned it (boots-pin.c): the files every boot of it
 * boots (kern: the image's copy in the run's directory, the modules, an
 * overlay's tree), and what says which build it is. */
struct pin {
	int ok;
	struct kernel kern;
	char source[PATH_MAX];                        /* the modules, before an overlay */
	char image_sha[WMISHIM_SHA256_HEX_SIZE];      /* the image's SHA-256 */
	char modules_fp[PIN_KEY];                     /* the modules' fingerprint */
	char vermagic[160];                           /* its WMI core's */
	char overlay[1024];                           /* LINE+DIR: "NAME.ko SHA ...", or "" */
	char build[PIN_KEY];                          /* all of it, hashed */
};

struct farm_run {
	const struct report_try *o;
	char **machines; /* the shard's */
	size_t n;
	char tmp[512];
	char initramfs[REPORT_TRY_KERNELS][PATH_MAX]; /* "" : the kernel could not be had */
	char why[REPORT_TRY_KERNELS][PATH_MAX + 256];
	struct pin pin[REPORT_TRY_KERNELS];
	char (*tables)[PIN_KEY];                      /* each machine's tables' key ("": unread) */
	char fixes[PIN_KEY];                          /* the --with files' key ("": none) */
	int fd;                                       /* -o's, or -1 */
	int made;                                     /* an initramfs made into the cache */
	struct report_sum *sum;
};

/* Kernel k resolved (try_pick_kernel), its image copied into the run's
 * directory and hashed, its modules fingerprinted (an overlay's laid over
 * them): fr->pin[k].  0, or -1 with fr->why[k] saying why. */
int boots_pin_kernel(struct farm_run *fr, int k);
/* 1 when the pinned kernel's modules are still what they were. */
int boots_pin_holds(const struct pin *pin);
/* The key of the --with files (each's bytes, a directory's files in
 * order): 0 ("" when none), or -1. */
int boots_fixes_key(const struct report_try *o, char out[PIN_KEY]);

/* Kernel k as pinned (boots_pin_kernel): the guest's initramfs for every
 * machine (cached, named by the build).  0, or -1 with fr->why[k] saying
 * why. */
int boots_prepare_kernel(struct farm_run *fr, int k, const struct list *guids);
/* The farm's cache pruned, once the run made an initramfs into it: the
 * CACHE_KEEP used last kept, and with --cache-max and --cache-max-age
 * what they allow; never one the run uses.  Each removal said. */
void boots_prune_cache(const struct farm_run *fr);

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
