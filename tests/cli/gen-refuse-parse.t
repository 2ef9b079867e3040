# a spec that does not parse: exit 2 and the line
args: gen data/typo.spec
status: 2
stderr: data/typo.spec:3: block kind "dta" must be method, data or event
--- stdout
