# 6.010 is no release (it was read as 6.10); nor 6.01 (read as 6.1)
args: kernel 6.010
status: 2
stderr: "6.010" is no kernel release
--- stdout
