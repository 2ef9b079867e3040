# try: a kernel image that cannot be read is said, exit 7, before anything is booted
args: try -q --kernel-image /nonexistent/vmlinuz --modules . ../../build/fixtures/eeepc-vm-dsdt.aml
status: 7
stderr: try: the kernel /nonexistent/vmlinuz cannot be read (No such file or directory)
--- stdout
