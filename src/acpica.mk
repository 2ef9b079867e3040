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
$(OUT)/acpica/%.o: $(ACPICA_DIR)/%.c
	@mkdir -p $(@D)
	$(Q)$(CC) -w $(FLAGS) -c $< -o $@
