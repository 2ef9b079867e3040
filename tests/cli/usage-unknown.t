# an unknown command
args: frobnicate
status: 2
stderr: unknown command 'frobnicate'
--- stdout
