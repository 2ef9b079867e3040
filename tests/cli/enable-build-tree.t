# build/wmishim finds the overlays in its build tree (beside it, or one level up for build/san/wmishim), without --overlays or make install
args: enable -n --root ../../build/fakeroot wmi-testbench
status: 0
--- stdout
overlay.aml: SSDT WMISHM WMTBENCH: added as a new SSDT
would write ../../build/fakeroot/var/lib/wmishim/pristine/DSDT0.aml
would write ../../build/fakeroot/var/lib/wmishim/pristine/SSDT1.aml
would write ../../build/fakeroot/var/lib/wmishim/pristine/SSDT2.aml
would write ../../build/fakeroot/etc/wmishim/tables/wmi-testbench-overlay.aml
would write ../../build/fakeroot/var/lib/wmishim/enabled/wmi-testbench
would run: update-initramfs -u -k all
would enable wmi-testbench
