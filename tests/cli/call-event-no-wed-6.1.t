# an event of a block on a device without _WED, and what a bound driver's handler is handed on Linux 6.1 (the VM suite's history scenario sees it)
env: WMISHIM_KERNEL=6.1
args: call ../../build/fixtures/vm-history.aml --guid 76E9027C-95D0-4180-8692-DA6747DD1C2D --event
status: 0
--- stdout
event: Notify (\_SB_.HIS2, 0xD2)
  event: Notify (\_SB_.HIS2, 0xD2) -> block 76E9027C-95D0-4180-8692-DA6747DD1C2D, _WED (0xD2) failed: no _WED
    driver gets: nothing, the event dropped ("failed to get event data"), unless it sets no_notify_data: then NULL (Linux 6.1)
    GUID-based handler gets: nothing (Linux 6.1: xiaomi_wmi, bound, takes the event; a handler is called only where no driver is bound)
