# report --cache-max-age DAYS: 1 to 36500, refused otherwise
args: report --try --kernel 7.3 --cache-max-age 0 ../../build/fleet/eeepc
status: 2
stderr: --cache-max-age 0: 1 to 36500 days
--- stdout
