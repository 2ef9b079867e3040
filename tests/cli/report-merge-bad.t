# report --merge: a line that is not one of report --json's is refused with where it is
args: report --merge data/eeepc.dsl
status: 2
stderr: wmishim: data/eeepc.dsl:1: not a line of wmishim report --json
--- stdout
