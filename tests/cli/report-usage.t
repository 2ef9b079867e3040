# report: --kernel and --compare together are refused; so is -j 0
args: report --kernel 6.1 --compare 6.1,7.3 ../../build/fleet/eeepc
status: 2
stderr: wmishim: give --kernel or --compare, not both
--- stdout
