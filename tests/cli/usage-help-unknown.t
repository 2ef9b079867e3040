# wmishim help with a command that does not exist
args: help frobnicate
status: 2
stderr: unknown command 'frobnicate'
stderr: Commands:
--- stdout
