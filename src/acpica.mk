# Builds libacpica.a from the kernel's copy of ACPICA (called by the top Makefile).
# Left out: the debugger (db*.c), rsdump.c, and utprint.c, which defines printf,
# sprintf and snprintf and would replace libc's in a static link.
SRCS := $(filter-out $(ACPICA_DIR)/db%.c $(ACPICA_DIR)/rsdump.c $(ACPICA_DIR)/utprint.c,\
          $(wildcard $(ACPICA_DIR)/*.c))
OBJS := $(patsubst $(ACPICA_DIR)/%.c,$(OUT)/acpica/%.o,$(SRCS))

$(OUT)/libacpica.a: $(OBJS)
	@printf '  %-6s %s\n' AR $@
	$(Q)rm -f $@ && $(AR) rcs $@ $(OBJS)

# Third-party code: its warnings are not ours to fix, so -w.
#
# Its code goes into a section of its own, acpica_text (every .text* section
# renamed): the linker then defines __start_acpica_text and __stop_acpica_text
# around all of it, and wmishim's guard (src/tool/guard.c) tells a crash in
# the interpreter from a crash in wmishim by the faulting instruction's address.
#
# Hidden visibility: in libwmishim.a, ACPICA's names are local to the one
# object the library is (the top Makefile), reachable by ACPICA and the OS
# layer only, so that another ACPICA user links beside it.
OBJCOPY ?= objcopy
OBJDUMP ?= objdump
$(OUT)/acpica/%.o: $(ACPICA_DIR)/%.c $(lastword $(MAKEFILE_LIST))
	@mkdir -p $(@D)
	$(Q)$(CC) -w $(FLAGS) -fvisibility=hidden -c $< -o $@.tmp
	$(Q)$(OBJCOPY) $$($(OBJDUMP) -h $@.tmp | awk '$$2 ~ /^\.text/ { printf " --rename-section %s=acpica_text,alloc,load,readonly,code,contents", $$2 }') \
		$@.tmp $@ && rm -f $@.tmp
