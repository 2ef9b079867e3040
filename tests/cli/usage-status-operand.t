# status takes no operand: the shared option layer counts them
args: status --root data stray
status: 2
stderr: Usage:
--- stdout
