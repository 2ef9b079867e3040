/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wmishim: Binary MOF, the firmware's own description of its WMI classes
 * (src/mof.c, mof-parse.c, mof-text.c), and the buffers a class lays out
 * (src/mof-layout.c).  Part of wmishim.h, which includes it: include that.
 */
#ifndef WMISHIM_MOF_H
#define WMISHIM_MOF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

/* ---- Binary MOF: the firmware's own description of its WMI classes --------------- */

/* The block whose WQxx returns it (drivers/platform/x86/wmi-bmof.c), and its
 * limits: a blob of at most 1 MiB (firmware's are a few KiB) expanding to
 * at most 16 MiB; an embedded object nested at most 8 deep.  A blob past
 * them is refused whole (-E2BIG), as is one whose decoding would take more
 * than WMISHIM_MOF_MAX_ITEMS qualifiers, properties, elements and objects. */
#define WMISHIM_MOF_GUID "05901221-D566-11D1-B2F0-00A0C9062910"
#define WMISHIM_MOF_MAX_BLOB (1u << 20)
#define WMISHIM_MOF_MAX_EXPANDED (16u << 20)
#define WMISHIM_MOF_MAX_DEPTH 8
#define WMISHIM_MOF_MAX_ITEMS (1u << 20)
/* The largest buffer wmishim_mof_layout_encode builds: a class may declare
 * arrays of up to INT32_MAX elements, and a WmiSizeIs field any count. */
#define WMISHIM_MOF_MAX_BUFFER (1u << 20)

/* CIM types, as the format stores them (Microsoft's CIMTYPE_ENUMERATION);
 * WMISHIM_MOF_ARRAY is or'ed in for an array. */
enum wmishim_mof_type {
	WMISHIM_MOF_NONE = 0, /* a value: NULL; a method's result: void */
	WMISHIM_MOF_SINT16 = 2,
	WMISHIM_MOF_SINT32 = 3,
	WMISHIM_MOF_REAL32 = 4,
	WMISHIM_MOF_REAL64 = 5,
	WMISHIM_MOF_STRING = 8,
	WMISHIM_MOF_BOOLEAN = 11,
	WMISHIM_MOF_OBJECT = 13,
	WMISHIM_MOF_SINT8 = 16,
	WMISHIM_MOF_UINT8 = 17,
	WMISHIM_MOF_UINT16 = 18,
	WMISHIM_MOF_UINT32 = 19,
	WMISHIM_MOF_SINT64 = 20,
	WMISHIM_MOF_UINT64 = 21,
	WMISHIM_MOF_DATETIME = 101,
	WMISHIM_MOF_REFERENCE = 102,
	WMISHIM_MOF_CHAR16 = 103
};
#define WMISHIM_MOF_ARRAY 0x2000u

/* Qualifier flavours (WBEM_FLAVOR_TYPE): MOF's ToInstance, ToSubclass,
 * DisableOverride, Amended. */
#define WMISHIM_MOF_TO_INSTANCE 0x01u
#define WMISHIM_MOF_TO_SUBCLASS 0x02u
#define WMISHIM_MOF_DISABLE_OVERRIDE 0x10u
#define WMISHIM_MOF_AMENDED 0x80u

/* Method parameters' directions. */
#define WMISHIM_MOF_IN 0x1u
#define WMISHIM_MOF_OUT 0x2u

struct wmishim_mof_object;

/* A value: type NONE is NULL.  Strings are UTF-8. */
struct wmishim_mof_value {
	uint32_t type;          /* a CIM type, WMISHIM_MOF_ARRAY for an array */
	int64_t integer;        /* integers (uint64 as its bits), boolean 0 or 1, char16 */
	double real;            /* real32, real64 */
	char *string;           /* string, datetime, reference */
	struct wmishim_mof_object *object;   /* an embedded object */
	struct wmishim_mof_value *elements;  /* an array's, each of its base type */
	size_t n_elements;
};

struct wmishim_mof_qualifier {
	char *name;
	uint32_t type;          /* as declared (the value may be NULL) */
	uint32_t flavor;        /* WMISHIM_MOF_TO_INSTANCE ... (0: the defaults) */
	struct wmishim_mof_value value;
};

/* A property, or a method's parameter or result.  The qualifiers the
 * format uses for what MOF writes otherwise are taken out: CIMTYPE (the
 * type, and class_name), MAX of an array (array_size), and for parameters
 * in, out and ID. */
struct wmishim_mof_property {
	char *name;
	uint32_t type;          /* a CIM type, WMISHIM_MOF_ARRAY for an array */
	char *class_name;       /* an embedded object's or reference's class, or NULL */
	int32_t array_size;     /* a fixed array's size ([16]), else -1 */
	int has_value;          /* a default (class) or a value (instance) */
	struct wmishim_mof_value value;
	struct wmishim_mof_qualifier *qualifiers;
	size_t n_qualifiers;
	unsigned direction;     /* parameters: WMISHIM_MOF_IN, WMISHIM_MOF_OUT */
	int32_t id;             /* parameters: their position (ID), else -1 */
};

struct wmishim_mof_method {
	char *name;
	struct wmishim_mof_qualifier *qualifiers;
	size_t n_qualifiers;
	struct wmishim_mof_property *params; /* in ID order; in-out ones once */
	size_t n_params;
	struct wmishim_mof_property *result; /* ReturnValue, or NULL (void) */
};

/* A class, or an instance ("instance of"); name, superclass and ns are
 * the system properties __CLASS, __SUPERCLASS, __NAMESPACE (NULL when
 * absent). */
struct wmishim_mof_object {
	int instance;
	char *name;
	char *superclass;
	char *ns;
	int has_classflags;     /* __CLASSFLAGS, #pragma classflags */
	int32_t classflags;
	struct wmishim_mof_qualifier *qualifiers;
	size_t n_qualifiers;
	struct wmishim_mof_property *properties; /* the system ones taken out */
	size_t n_properties;
	struct wmishim_mof_method *methods;
	size_t n_methods;
};

/* A decoded blob.  What could not be decoded (a bad record, an unknown
 * type) is passed over, logged as a warning and counted; the rest is kept. */
struct wmishim_mof {
	struct wmishim_mof_object *objects;
	size_t n_objects;
	/* wmishim_mof_decode: the 16-byte header ("FOMB", compression 1 =
	 * DS-01, compressed size, expanded size) and what the stream really
	 * was.  Real firmware ships blobs whose compressed size is a byte off
	 * the stream's: the stream is read from the bytes there are, and
	 * stream_len says how many it took. */
	size_t blob_len;
	uint32_t compression, stated_compressed, stated_expanded;
	size_t stream_len;      /* bytes of the DS-01 stream read */
	unsigned ds_version;    /* "DS" and this: 1 */
	size_t expanded;        /* bytes it expanded to */
	int partial;            /* the stream or the data ended early: what came out is decoded */
	unsigned warnings;      /* things passed over */
};

/* Decodes a whole blob (what WQxx returns, /sys/bus/wmi/devices/GUID/bmof):
 * the header, the DS-01 stream, the classes.  *mof is allocated (free it
 * with wmishim_mof_free) unless the blob is unusable.  Returns the number of
 * objects decoded, or -EBADMSG (not a Binary MOF, or nothing decodable),
 * -E2BIG (past the limits), -ENOMEM. */
int wmishim_mof_decode(const uint8_t *blob, size_t len, struct wmishim_mof **mof);
/* The same for the expanded bytes ("FOMB", length, the objects, the
 * flavours), as bmfdec writes them. */
int wmishim_mof_parse(const uint8_t *bmf, size_t len, struct wmishim_mof **mof);
/* Only the header and the DS-01 stream: the expanded bytes in *out
 * (allocated).  0 when they are all there, 1 when the stream ended early
 * (*out holds what came out), or -errno as wmishim_mof_decode. */
int wmishim_mof_expand(const uint8_t *blob, size_t len, uint8_t **out, size_t *out_len);
void wmishim_mof_free(struct wmishim_mof *mof);
/* The objects as MOF text that mofcomp reads (#pragma namespace, classes
 * with their qualifiers and flavours, properties, methods, instance of),
 * in *text (allocated).  Returns its length, or -ENOMEM. */
int wmishim_mof_format(const struct wmishim_mof *mof, char **text);
/* "uint32", "string", ... for a CIM type (the array bit ignored); NULL for
 * an unknown one. */
const char *wmishim_mof_type_name(uint32_t type);

/* ---- Binary MOF layout: the buffers a class describes (src/mof-layout.c) ---------- */

/* The fields of a buffer, in order (*out allocated, free it; the pointers
 * are into cls): a data block's properties that have a WmiDataId, in
 * WmiDataId order; or the parameters of the method whose WmiMethodId is
 * method_id that go in direction (WMISHIM_MOF_IN, WMISHIM_MOF_OUT), in ID
 * order, *method the method.  Their count, -ENOENT (no such method) or
 * -ENOMEM. */
int wmishim_mof_layout_data(const struct wmishim_mof_object *cls,
			    const struct wmishim_mof_property ***out);
int wmishim_mof_layout_method(const struct wmishim_mof_object *cls, uint32_t method_id,
			      unsigned direction, const struct wmishim_mof_method **method,
			      const struct wmishim_mof_property ***out);

/* One field read from a buffer: where, and its value (strings UTF-8; an
 * array's elements; a boolean 0 or 1; integers sign-extended). */
struct wmishim_mof_field {
	const struct wmishim_mof_property *property;
	size_t offset, length;
	struct wmishim_mof_value value;
};

/* A buffer read field by field, as far as it goes: fields[0..n) decoded,
 * end where the last ends.  stop: 0 every field read; -ENODATA the buffer
 * ends before stopped_at (needed: the bytes the fields need, exactly when
 * needed_exact, else at least: strings or arrays past the end counted
 * empty); -EOPNOTSUPP stopped_at cannot be laid out (why: a type the
 * kernel's table has no layout for, an embedded object, an array of no
 * known length), so neither can what follows. */
struct wmishim_mof_fields {
	struct wmishim_mof_field *fields;
	size_t n, end;
	int stop;
	const struct wmishim_mof_property *stopped_at;
	const char *why;
	size_t needed;
	int needed_exact;
};

/* Reads buf[len] as the fields props[n] lay out (Documentation/wmi/
 * acpi-interface.rst of Linux 7.3: each item at its alignment, string a
 * le16 byte count then UTF-16LE, datetime 25 UTF-16LE characters, arrays
 * fixed or WmiSizeIs).  0 (*f filled: free it), or -ENOMEM. */
int wmishim_mof_layout_decode(const struct wmishim_mof_property *const *props, size_t n,
			      const uint8_t *buf, size_t len, struct wmishim_mof_fields *f);
void wmishim_mof_fields_free(struct wmishim_mof_fields *f);
/* Builds the buffer props[n] lay out from values[n] (text: integers
 * decimal or 0x hex, a minus before a signed one's; boolean true, false,
 * 1, 0; strings UTF-8, written with a NUL counted in their length, as the
 * kernel writes them; arrays comma-separated, a fixed one padded with
 * zeros, one sized by WmiSizeIs exactly that field's value).  0 (*out
 * allocated, *len), or -ENOENT (values[*bad] is NULL), -EINVAL
 * (values[*bad] is not a value of its type: *why), -EOPNOTSUPP
 * (props[*bad] cannot be laid out: *why), -E2BIG (props[*bad] takes the
 * buffer past WMISHIM_MOF_MAX_BUFFER: *why), -ENOMEM. */
int wmishim_mof_layout_encode(const struct wmishim_mof_property *const *props, size_t n,
			      const char *const *values, uint8_t **out, size_t *len, size_t *bad,
			      const char **why);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif /* WMISHIM_MOF_H */
