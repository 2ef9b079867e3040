# a spec with an error finding is refused
args: gen data/zero.spec
status: 1
stderr: data/zero.spec:3: error WDG_ZERO_INSTANCES
--- stdout
