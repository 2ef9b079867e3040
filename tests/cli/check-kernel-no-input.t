# a word that is no release is refused as such, before the inputs are looked for (it said "no input")
args: check --kernel six
status: 2
stderr: "six" is no kernel release (6.1 ... 6.19, 7.0 ... 7.3, a point release such as 6.1.27, a release candidate such as 6.7-rc3, or what uname -r prints; no leading zeros)
--- stdout
