# try --event: the firmware has \_TZ.WSE0 already, the name try's injector gives the first event's zone: refused before anything is made or booted
args: try -q --kernel 7.3 --kernel-image /nonexistent --modules /nonexistent --event 5A5A0B01-0000-4000-8000-000000000000 ../../build/fixtures/try-event-zone.aml
status: 2
stderr: try: --event: the firmware has \_TZ_.WSE0, the name of try's injector for its event 1
--- stdout
