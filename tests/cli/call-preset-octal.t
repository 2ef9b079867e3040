# --preset ec:0x60=010 is refused, not read as backlight level 8
args: call --preset ec:0x60=010 ../../build/fixtures/eeepc-1201nl.aml --guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 --method DSTS --in 1200050000000000
status: 2
stderr: preset "ec:0x60=010" is not SPACE:ADDR=VALUE[/WIDTH]
--- stdout
