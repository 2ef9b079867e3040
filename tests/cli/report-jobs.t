# report: -j takes a number from 1 to 256
args: report -j 0 ../../build/fleet/eeepc
status: 2
stderr: wmishim: -j 0: give a number from 1 to 256
--- stdout
