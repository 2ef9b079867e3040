# 6.19 was followed by 7.0: there is no 6.20
args: kernel 6.20
status: 2
stderr: there is no Linux 6.20 (6.19 was followed by 7.0)
--- stdout
