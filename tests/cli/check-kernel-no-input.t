# a word that is no release is refused as such, before the inputs are looked for (it said "no input")
args: check --kernel six
status: 2
stderr: "six" is no kernel release (6.1 ... 6.19, 7.0 ... 7.3, or what uname -r prints)
--- stdout
