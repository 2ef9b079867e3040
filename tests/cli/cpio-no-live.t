# live firmware tables that cannot be read: say how to go on
args: cpio --root ../../build/cli-out/no-such-root ../../build/fixtures/smoke.aml -o ../../build/cli-out/never.cpio
status: 2
stderr: cannot read this machine's tables
--- stdout
