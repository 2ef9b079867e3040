// SPDX-License-Identifier: GPL-2.0
/*
 * A load kept for its variants: the tables loaded again with some _OSI
 * answers denied, without loading them again.
 *
 * A load of the same tables, set up the same way, with some strings
 * removed from ACPICA's list (wmishim_host_edit_osi "-STRING", before the
 * load), is the same load as the first up to the first _OSI query of one
 * of them that the first answered true: before it, the list gave the same
 * answers (ACPICA reads it in acpi_ut_osi_implementation() of
 * drivers/acpi/acpica/utosi.c, which answers _OSI and raises
 * acpi_gbl_osi_data for a string it answers true; the emulated hardware
 * and the clock are the OS layer's, the same each run).  So an armed
 * host's \_OSI runs through osi_kept first, which, at the load's first
 * query of a string the variants may deny (the strings of a prefix:
 * "Windows") that ACPICA answers true (or at the load's end when none
 * came), forks a process that waits there with the load half made: the
 * keeper.  Each variant asked of it is a process forked from the
 * keeper (a worker): it removes the denied strings from ACPICA's list as
 * the variant's own set-up would have (acpi_remove_interface()), then lets
 * the query be answered, finishes the load, runs the caller's work on the
 * host, writes the reply and ends.  A variant then costs the part of the
 * load after that query (the _INI methods, usually) and the work, not the tables' parse and their regions' _REG methods again.
 *
 * The processes are the host's: no output (the log is quiet in them), no
 * exit handlers (_exit), ended with the parent (PR_SET_PDEATHSIG) and by
 * wmishim_snapshot_free (an empty request, or SIGKILL when a worker may
 * be under way: not an end of file, which a socket some other child
 * inherited would never give); the socket is MSG_NOSIGNAL's (no SIGPIPE).
 * A worker that fails or dies is a failed variant (-ECHILD), not the
 * caller's crash.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <acpi/acpi.h>
#include "accommon.h"
#include "acnamesp.h"
#include "acutils.h"

#include "host-int.h"

enum { SNAP_ARMED, SNAP_KEPT, SNAP_WORKER };

#define SNAP_FAILED 0xFFFFFFFFu
#define SNAP_MAX_REQUEST (16u << 20)

struct wmishim_snapshot {
	int state;
	wmishim_snapshot_work_fn work;
	char prefix[16];   /* what every string a variant denies begins with */
	int denied;        /* SNAP_WORKER: the deny set removed from ACPICA's list */
	pid_t keeper;      /* SNAP_KEPT: the keeper */
	int fd;            /* SNAP_KEPT: the main process's end of the socket
			    * pair; in the keeper and a worker, theirs */
	int idle;          /* SNAP_KEPT: no worker under way */
	/* SNAP_WORKER: the request (its deny set, then the caller's part) */
	uint8_t *request;
	size_t request_len;
	const char *deny[HOST_MAX_OSI_EDITS];
	size_t n_deny;
	const uint8_t *payload;
	size_t payload_len;
};

int wmishim_snapshot_arm(struct wmishim_host *host, wmishim_snapshot_work_fn work,
			 const char *prefix)
{
	if (host->acpica || host->snap || strlen(prefix) >= sizeof(host->snap->prefix))
		return -EINVAL;
	host->snap = calloc(1, sizeof(*host->snap));
	if (!host->snap)
		return -ENOMEM;
	host->snap->state = SNAP_ARMED;
	host->snap->work = work;
	strcpy(host->snap->prefix, prefix);
	host->snap->fd = -1;
	return 0;
}

static int write_all(int fd, const void *data, size_t len)
{
	const uint8_t *p = data;

	while (len) {
		ssize_t n = send(fd, p, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

static int read_all(int fd, void *data, size_t len)
{
	uint8_t *p = data;

	while (len) {
		ssize_t n = read(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* A frame: its length (4 bytes, this machine's order: the same program
 * reads it), then the bytes; SNAP_FAILED alone: the worker failed. */
static int frame_read(int fd, uint8_t **out, size_t *len)
{
	uint32_t n;

	*out = NULL;
	*len = 0;
	if (read_all(fd, &n, sizeof(n)))
		return -EIO;
	if (n == SNAP_FAILED)
		return -ECHILD;
	if (n > SNAP_MAX_REQUEST)
		return -E2BIG;
	*out = malloc(n ? n : 1);
	if (!*out)
		return -ENOMEM;
	if (read_all(fd, *out, n)) {
		free(*out);
		*out = NULL;
		return -EIO;
	}
	*len = n;
	return 0;
}

static int frame_write(int fd, const void *data, size_t len)
{
	uint32_t n = (uint32_t)len;

	if (len >= SNAP_FAILED)
		return -E2BIG;
	return write_all(fd, &n, sizeof(n)) ? -EIO : write_all(fd, data, len);
}

/* A child of this process that ends with it. */
static pid_t fork_bound(void)
{
	pid_t parent = getpid(), pid = fork();

	if (pid == 0 && (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent))
		_exit(1);
	return pid;
}

/* The request: the count of denied strings, each NUL-ended, then the
 * caller's part.  Points deny[] into it. */
static int request_parse(struct wmishim_snapshot *s)
{
	const uint8_t *p = s->request, *end = s->request + s->request_len;
	uint32_t n;

	if (s->request_len < sizeof(n))
		return -EINVAL;
	memcpy(&n, p, sizeof(n));
	p += sizeof(n);
	if (n > HOST_MAX_OSI_EDITS)
		return -EINVAL;
	for (s->n_deny = 0; s->n_deny < n; s->n_deny++) {
		const uint8_t *nul = memchr(p, '\0', (size_t)(end - p));

		if (!nul || strncmp((const char *)p, s->prefix, strlen(s->prefix)))
			return -EINVAL;
		s->deny[s->n_deny] = (const char *)p;
		p = nul + 1;
	}
	s->payload = p;
	s->payload_len = (size_t)(end - p);
	return 0;
}

/* The keeper: a worker for each request, one at a time, until the main
 * process's end closes.  Returns in the worker only. */
static void keeper(struct wmishim_snapshot *s)
{
	wmishim_log_set_priority((enum wmishim_log_priority)0);
	for (;;) {
		int status = 0;
		pid_t pid;
		uint32_t failed = SNAP_FAILED;

		if (frame_read(s->fd, &s->request, &s->request_len) || !s->request_len)
			_exit(0);
		pid = fork_bound();
		if (pid == 0) {
			s->state = SNAP_WORKER;
			if (request_parse(s)) {
				(void)write_all(s->fd, &failed, sizeof(failed));
				_exit(0);
			}
			return;
		}
		free(s->request);
		s->request = NULL;
		while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
			if (write_all(s->fd, &failed, sizeof(failed)))
				_exit(0);
	}
}

/* Forks the keeper here; the main process goes on as if nothing happened
 * (a keeper that cannot be made: no snapshot, the variants load again). */
static void keep(struct wmishim_host *host)
{
	struct wmishim_snapshot *s = host->snap;
	int sv[2];
	pid_t pid;

	s->state = SNAP_KEPT;
	s->keeper = -1;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
		return;
	pid = fork_bound();
	if (pid == 0) {
		close(sv[0]);
		s->fd = sv[1];
		keeper(s);
		return; /* a worker */
	}
	close(sv[1]);
	if (pid < 0) {
		close(sv[0]);
		return;
	}
	s->keeper = pid;
	s->fd = sv[0];
	s->idle = 1;
}

/* In a worker: the variant's strings out of ACPICA's list, as its own
 * set-up removes them (setup_osi in host.c), before anything reads it. */
static void deny(struct wmishim_snapshot *s)
{
	if (s->state != SNAP_WORKER || s->denied)
		return;
	s->denied = 1;
	for (size_t i = 0; i < s->n_deny; i++)
		(void)acpi_remove_interface((char *)(uintptr_t)s->deny[i]);
}

/* \_OSI of an armed host: the load's first query of a string a variant
 * may deny (one of the prefix's) that ACPICA answers true keeps it.  Before
 * it, every such string asked was answered false, as it is with it
 * removed. */
static acpi_status osi_kept(struct acpi_walk_state *ws)
{
	struct wmishim_host *host = wmishim_current_host;
	struct wmishim_snapshot *s = host ? host->snap : NULL;
	union acpi_operand_object *arg = ws->arguments[0].object;

	if (s && s->state == SNAP_ARMED && !host->loaded && arg &&
	    arg->common.type == ACPI_TYPE_STRING &&
	    !strncmp(arg->string.pointer, s->prefix, strlen(s->prefix))) {
		struct acpi_interface_info *info = acpi_ut_get_interface(arg->string.pointer);

		if (info && !(info->flags & ACPI_OSI_INVALID))
			keep(host);
	}
	if (s)
		deny(s);
	return acpi_ut_osi_implementation(ws);
}

void wmishim_snapshot_hook(struct wmishim_host *host)
{
	struct acpi_namespace_node *node;
	union acpi_operand_object *obj;
	acpi_handle handle;

	/* \_OSI as acpi_ns_root_initialize() made it (nsaccess.c), if made */
	if (!host->snap || ACPI_FAILURE(acpi_get_handle(NULL, "\\_OSI", &handle)))
		return;
	node = handle;
	obj = acpi_ns_get_attached_object(node);
	if (obj && obj->common.type == ACPI_TYPE_METHOD &&
	    (obj->method.info_flags & ACPI_METHOD_INTERNAL_ONLY) &&
	    obj->method.dispatch.implementation == acpi_ut_osi_implementation)
		obj->method.dispatch.implementation = osi_kept;
}

void wmishim_snapshot_loaded(struct wmishim_host *host, int ret)
{
	struct wmishim_snapshot *s = host->snap;
	struct wmishim_buf reply = { NULL, 0, 0 };
	uint32_t failed = SNAP_FAILED;

	if (!s)
		return;
	if (s->state == SNAP_ARMED && !ret)
		keep(host);
	if (s->state != SNAP_WORKER)
		return;
	deny(s);
	if (s->work(host, ret, s->payload, s->payload_len, &reply) ||
	    frame_write(s->fd, reply.data, reply.len))
		(void)write_all(s->fd, &failed, sizeof(failed));
	_exit(0);
}

struct wmishim_snapshot *wmishim_snapshot_take(struct wmishim_host *host)
{
	struct wmishim_snapshot *s = host->snap;

	if (!s || s->state != SNAP_KEPT || s->keeper < 0)
		return NULL;
	host->snap = NULL;
	return s;
}

int wmishim_snapshot_run(struct wmishim_snapshot *s, const char *const *deny, size_t n_deny,
			 const void *payload, size_t len, uint8_t **reply, size_t *reply_len)
{
	struct wmishim_buf req = { NULL, 0, 0 };
	uint32_t n = (uint32_t)n_deny;
	int ret;

	*reply = NULL;
	*reply_len = 0;
	if (!s || s->keeper < 0 || n_deny > HOST_MAX_OSI_EDITS)
		return -EINVAL;
	ret = wmishim_buf_append(&req, &n, sizeof(n));
	for (size_t i = 0; !ret && i < n_deny; i++)
		ret = wmishim_buf_append(&req, deny[i], strlen(deny[i]) + 1);
	if (!ret && len)
		ret = wmishim_buf_append(&req, payload, len);
	s->idle = 0;
	if (!ret)
		ret = frame_write(s->fd, req.data, req.len);
	wmishim_buf_free(&req);
	ret = ret ? ret : frame_read(s->fd, reply, reply_len);
	/* A reply, or the keeper's word that the worker failed: it waits
	 * for the next request. */
	s->idle = ret == 0 || ret == -ECHILD;
	return ret;
}

void wmishim_snapshot_free(struct wmishim_snapshot *s)
{
	int status;

	if (!s)
		return;
	/* An idle keeper is told to end (an empty request), and waited for:
	 * its workers' time is counted as this process's children's; else it
	 * is killed. */
	if (s->state == SNAP_KEPT && s->keeper > 0 && (!s->idle || frame_write(s->fd, "", 0)))
		kill(s->keeper, SIGKILL);
	if (s->fd >= 0)
		close(s->fd);
	if (s->state == SNAP_KEPT && s->keeper > 0)
		while (waitpid(s->keeper, &status, 0) < 0 && errno == EINTR)
			;
	free(s->request);
	free(s);
}
