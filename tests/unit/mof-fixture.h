/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The classes of the Binary MOF test blobs (tests/unit/test-mof.c encodes
 * them with mof-enc.h; tests/fixtures/mof.asl and tests/cli/data/mof-full.bmof hold
 * the result), as the decoder gives them back.  Made up for wmishim, in the
 * style of laptop firmware: a BIOS settings interface, its method block,
 * status data, an event, and every construct of the format: qualifiers of
 * each type with flavours, ValueMap and Values arrays, properties of every
 * type, fixed and variable arrays, embedded objects and references,
 * defaults, methods with in, out and in-out parameters, a result, none,
 * a superclass, classflags, two namespaces, and instances, one nested.
 */
#ifndef WMISHIM_TEST_MOF_FIXTURE_H
#define WMISHIM_TEST_MOF_FIXTURE_H

#include "wmishim.h"

#define S(x) ((char *)(x))
#define N_OF(T, ...) (sizeof((T[]){ __VA_ARGS__ }) / sizeof(T))

#define QUALS(...) .qualifiers = (struct wmishim_mof_qualifier[]){ __VA_ARGS__ }, \
	.n_qualifiers = N_OF(struct wmishim_mof_qualifier, __VA_ARGS__)
#define PROPS(...) .properties = (struct wmishim_mof_property[]){ __VA_ARGS__ }, \
	.n_properties = N_OF(struct wmishim_mof_property, __VA_ARGS__)
#define METHODS(...) .methods = (struct wmishim_mof_method[]){ __VA_ARGS__ }, \
	.n_methods = N_OF(struct wmishim_mof_method, __VA_ARGS__)
#define PARAMS(...) .params = (struct wmishim_mof_property[]){ __VA_ARGS__ }, \
	.n_params = N_OF(struct wmishim_mof_property, __VA_ARGS__)
#define ELEMS(...) .elements = (struct wmishim_mof_value[]){ __VA_ARGS__ }, \
	.n_elements = N_OF(struct wmishim_mof_value, __VA_ARGS__)

/* Values. */
#define V_S(s) { .type = WMISHIM_MOF_STRING, .string = S(s) }
#define V_I(t, v) { .type = (t), .integer = (v) }
#define V_R(t, v) { .type = (t), .real = (v) }

/* Qualifiers: boolean TRUE, boolean FALSE, sint32, string, string array;
 * the F forms with a flavour. */
#define Q_B(n) { .name = S(n), .type = WMISHIM_MOF_BOOLEAN, \
	.value = { .type = WMISHIM_MOF_BOOLEAN, .integer = 1 } }
#define Q_BF(n, f) { .name = S(n), .type = WMISHIM_MOF_BOOLEAN, .flavor = (f), \
	.value = { .type = WMISHIM_MOF_BOOLEAN, .integer = 1 } }
#define Q_FALSE(n) { .name = S(n), .type = WMISHIM_MOF_BOOLEAN, \
	.value = { .type = WMISHIM_MOF_BOOLEAN, .integer = 0 } }
#define Q_I(n, v) { .name = S(n), .type = WMISHIM_MOF_SINT32, \
	.value = { .type = WMISHIM_MOF_SINT32, .integer = (v) } }
#define Q_S(n, s) { .name = S(n), .type = WMISHIM_MOF_STRING, \
	.value = { .type = WMISHIM_MOF_STRING, .string = S(s) } }
#define Q_SF(n, s, f) { .name = S(n), .type = WMISHIM_MOF_STRING, .flavor = (f), \
	.value = { .type = WMISHIM_MOF_STRING, .string = S(s) } }
#define Q_SA(n, ...) { .name = S(n), .type = WMISHIM_MOF_STRING | WMISHIM_MOF_ARRAY, \
	.value = { .type = WMISHIM_MOF_STRING | WMISHIM_MOF_ARRAY, ELEMS(__VA_ARGS__) } }

/* Properties: scalar, fixed array of size z, variable array; P_V with a
 * value; P_O an embedded object or reference of class c. */
#define P(t, n, ...) { .name = S(n), .type = (t), .array_size = -1, .id = -1, __VA_ARGS__ }
#define P_A(t, n, z, ...) { .name = S(n), .type = (t) | WMISHIM_MOF_ARRAY, .array_size = (z), \
	.id = -1, __VA_ARGS__ }
#define P_O(t, c, n, ...) { .name = S(n), .type = (t), .class_name = S(c), .array_size = -1, \
	.id = -1, __VA_ARGS__ }
#define P_OA(c, n, z, ...) { .name = S(n), .type = WMISHIM_MOF_OBJECT | WMISHIM_MOF_ARRAY, \
	.class_name = S(c), .array_size = (z), .id = -1, __VA_ARGS__ }
#define VAL(...) .has_value = 1, .value = __VA_ARGS__

/* Parameters: direction d, position i. */
#define A(d, i, t, n, ...) { .name = S(n), .type = (t), .array_size = -1, .direction = (d), \
	.id = (i), __VA_ARGS__ }
#define A_A(d, i, t, n, z, ...) { .name = S(n), .type = (t) | WMISHIM_MOF_ARRAY, \
	.array_size = (z), .direction = (d), .id = (i), __VA_ARGS__ }
#define A_O(d, i, c, n, ...) { .name = S(n), .type = WMISHIM_MOF_OBJECT, .class_name = S(c), \
	.array_size = -1, .direction = (d), .id = (i), __VA_ARGS__ }
#define RESULT(t) .result = &(struct wmishim_mof_property){ .name = S("ReturnValue"), \
	.type = (t), .array_size = -1, .direction = WMISHIM_MOF_OUT, .id = -1 }

#define IN WMISHIM_MOF_IN
#define OUT WMISHIM_MOF_OUT
#define T_STR WMISHIM_MOF_STRING
#define T_U8 WMISHIM_MOF_UINT8
#define T_U32 WMISHIM_MOF_UINT32
#define T_BOOL WMISHIM_MOF_BOOLEAN
#define FL_KEY (WMISHIM_MOF_TO_INSTANCE | WMISHIM_MOF_TO_SUBCLASS | WMISHIM_MOF_DISABLE_OVERRIDE)

#define WMI_QUALS(guid, ...) QUALS(Q_B("WMI"), Q_B("Dynamic"), Q_S("Provider", "WmiProv"), \
	Q_S("Locale", "MS\\0x409"), __VA_ARGS__ Q_S("guid", guid))
#define INSTANCE_PROPS P(T_STR, "InstanceName", QUALS(Q_BF("key", FL_KEY), Q_B("read"))), \
	P(T_BOOL, "Active", QUALS(Q_B("read")))

static __attribute__((unused)) struct wmishim_mof_object fixture_item = {
	.instance = 1, .name = S("WmiShim_Item"),
	PROPS(P(WMISHIM_MOF_REAL32, "Scale", VAL(V_R(WMISHIM_MOF_REAL32, 0.5))),
	      P_A(T_STR, "Tags", -1, VAL({ .type = T_STR | WMISHIM_MOF_ARRAY,
					   ELEMS(V_S("nested"), V_S("in \"quotes\"")) }))),
};

/* The first blob: everything. */
static __attribute__((unused)) struct wmishim_mof_object fixture_full[] = {
	{ .name = S("WmiShim_BiosSetting"), .ns = S("root\\wmi"),
	  WMI_QUALS("{5A5A0200-0000-4000-8000-000000000000}",
		    Q_SF("Description", "One BIOS setting: \"Name,Value\"", WMISHIM_MOF_AMENDED),),
	  PROPS(INSTANCE_PROPS,
		P(T_STR, "CurrentSetting", QUALS(Q_I("WmiDataId", 1), Q_B("read"),
						 Q_S("Description", "Name,Value\tpair")))) },
	{ .name = S("WmiShim_Methods"), .ns = S("root\\wmi"),
	  WMI_QUALS("{5A5A0201-0000-4000-8000-000000000000}",),
	  PROPS(INSTANCE_PROPS),
	  METHODS({ .name = S("GetBiosSetting"),
		    QUALS(Q_I("WmiMethodId", 1), Q_B("Implemented"), Q_B("read"), Q_B("write"),
			  Q_S("Description", "Read a setting")),
		    PARAMS(A(IN, 0, T_STR, "Name", QUALS(Q_S("Description", "Its name"))),
			   A(OUT, 1, T_STR, "Value")) },
		  { .name = S("SetBiosSetting"), QUALS(Q_I("WmiMethodId", 2), Q_B("Implemented")),
		    PARAMS(A(IN, 0, T_STR, "Name"), A(IN, 1, T_STR, "Value")), RESULT(T_U32) },
		  { .name = S("Exchange"), QUALS(Q_I("WmiMethodId", 3), Q_B("Implemented")),
		    PARAMS(A_A(IN | OUT, 0, T_U8, "Data", 32, QUALS(Q_S("Description", "both ways"))),
			   A(IN, 1, T_U32, "Length"),
			   A_A(OUT, 2, T_U8, "Reply", -1, QUALS(Q_S("WmiSizeIs", "Length")))) },
		  { .name = S("GetStatus"), QUALS(Q_I("WmiMethodId", 4), Q_B("Implemented")),
		    PARAMS(A_O(OUT, 0, "WmiShim_Status", "Status")) },
		  { .name = S("Reset"), QUALS(Q_I("WmiMethodId", 5), Q_FALSE("Implemented")) }) },
	{ .name = S("WmiShim_Status"), .ns = S("root\\wmi"),
	  QUALS(Q_B("WMI"), Q_S("Description", "What the firmware reports")),
	  PROPS(P(T_U32, "State", QUALS(Q_I("WmiDataId", 1), Q_SA("ValueMap", V_S("0"), V_S("1"),
								V_S("2")),
					Q_SA("Values", V_S("Off"), V_S("On"), V_S("Unknown")))),
		P(WMISHIM_MOF_SINT32, "Temperature", QUALS(Q_I("WmiDataId", 2))),
		P(WMISHIM_MOF_UINT16, "Fan", QUALS(Q_I("WmiDataId", 3))),
		P(WMISHIM_MOF_UINT64, "Uptime", QUALS(Q_I("WmiDataId", 4))),
		P(T_U32, "Count", QUALS(Q_I("WmiDataId", 5))),
		P_A(T_U32, "Levels", -1, QUALS(Q_I("WmiDataId", 6), Q_S("WmiSizeIs", "Count"))),
		P_O(WMISHIM_MOF_OBJECT, "WmiShim_Item", "Item", QUALS(Q_I("WmiDataId", 7))),
		P_OA("WmiShim_Item", "Items", 4, QUALS(Q_I("WmiDataId", 8)))) },
	{ .name = S("WmiShim_Item"), .ns = S("root\\wmi"), QUALS(Q_B("abstract")),
	  PROPS(P(WMISHIM_MOF_REAL32, "Scale", VAL(V_R(WMISHIM_MOF_REAL32, 1.5))),
		P(WMISHIM_MOF_REAL64, "Precise", VAL(V_R(WMISHIM_MOF_REAL64, 0.1))),
		P(WMISHIM_MOF_CHAR16, "Letter", VAL(V_I(WMISHIM_MOF_CHAR16, 'W'))),
		P(WMISHIM_MOF_DATETIME, "Stamp",
		  VAL({ .type = WMISHIM_MOF_DATETIME, .string = S("20240102030405.000000+060") })),
		P(T_BOOL, "Enabled", VAL(V_I(T_BOOL, 1))),
		P(WMISHIM_MOF_SINT8, "Small", VAL(V_I(WMISHIM_MOF_SINT8, -8))),
		P(WMISHIM_MOF_SINT16, "Medium", VAL(V_I(WMISHIM_MOF_SINT16, -1600))),
		P(WMISHIM_MOF_SINT64, "Large", VAL(V_I(WMISHIM_MOF_SINT64, -6400000000))),
		P_A(T_U8, "Bytes", 2, VAL({ .type = T_U8 | WMISHIM_MOF_ARRAY,
					    ELEMS(V_I(T_U8, 1), V_I(T_U8, 255)) })),
		P_A(T_BOOL, "Flags", -1, VAL({ .type = T_BOOL | WMISHIM_MOF_ARRAY,
					       ELEMS(V_I(T_BOOL, 1), V_I(T_BOOL, 0)) })),
		P_A(T_STR, "Tags", -1, VAL({ .type = T_STR | WMISHIM_MOF_ARRAY,
					     ELEMS(V_S("a"), V_S("b\\c")) })),
		P_O(WMISHIM_MOF_REFERENCE, "WmiShim_Status", "Owner")) },
	{ .name = S("WmiShim_Event"), .superclass = S("WMIEvent"), .ns = S("root\\wmi"),
	  .has_classflags = 1, .classflags = 64,
	  WMI_QUALS("{5A5A0202-0000-4000-8000-000000000000}",),
	  PROPS(INSTANCE_PROPS, P(T_U32, "Code", QUALS(Q_I("WmiDataId", 1))),
		P(T_STR, "Text", QUALS(Q_I("WmiDataId", 2), Q_S("Description", "caf\xc3\xa9 \xe2\x82\xac")))) },
	{ .instance = 1, .name = S("WmiShim_Status"), .ns = S("root\\wmi"),
	  PROPS(P(T_U32, "State", VAL(V_I(T_U32, 1))),
		P(WMISHIM_MOF_SINT32, "Temperature", VAL(V_I(WMISHIM_MOF_SINT32, -3))),
		P_A(T_U32, "Levels", -1, VAL({ .type = T_U32 | WMISHIM_MOF_ARRAY,
					       ELEMS(V_I(T_U32, 10), V_I(T_U32, 4000000000)) })),
		P_O(WMISHIM_MOF_OBJECT, "WmiShim_Item", "Item",
		    VAL({ .type = WMISHIM_MOF_OBJECT, .object = &fixture_item }))) },
	{ .name = S("WmiShim_Note"), .ns = S("root\\default"),
	  PROPS(P(T_STR, "Text", VAL(V_S("line\nbreak")), QUALS(Q_B("read")))) },
};

/* The second blob, on another device: a class and its ValueMap. */
static __attribute__((unused)) struct wmishim_mof_object fixture_small[] = {
	{ .name = S("WmiShim_Light"), .ns = S("root\\wmi"),
	  WMI_QUALS("{5A5A0203-0000-4000-8000-000000000000}",),
	  PROPS(INSTANCE_PROPS,
		P(T_U8, "Level", QUALS(Q_I("WmiDataId", 1), Q_B("read"), Q_B("write"),
				       Q_SA("ValueMap", V_S("0"), V_S("1")),
				       Q_SA("Values", V_S("Dim"), V_S("Bright"))))) },
};

/* The third blob, on a third device: the class of a STRING method block,
 * its input and output one string each (wmishim call --in-field). */
static __attribute__((unused)) struct wmishim_mof_object fixture_text[] = {
	{ .name = S("WmiShim_Text"), .ns = S("root\\wmi"),
	  WMI_QUALS("{5A5A0204-0000-4000-8000-000000000000}",),
	  PROPS(INSTANCE_PROPS),
	  METHODS({ .name = S("Echo"), QUALS(Q_I("WmiMethodId", 1), Q_B("Implemented")),
		    PARAMS(A(IN, 0, T_STR, "Text"), A(OUT, 1, T_STR, "Reply")) }) },
};

#endif
