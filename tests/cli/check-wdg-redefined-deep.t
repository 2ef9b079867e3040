# _WDG defined by two tables on a device whose path is 560 characters: ACPICA's message names it whole, and so does the finding (the message was passed on in pieces of 511 bytes, and the finding lost)
args: check ../../build/fixtures/check-wdg-redefined-deep-a.aml ../../build/fixtures/check-wdg-redefined-deep-b.aml
status: 1
--- stdout
error NS_WDG_REDEFINED \_SB_.D001.D002.D003.D004.D005.D006.D007.D008.D009.D010.D011.D012.D013.D014.D015.D016.D017.D018.D019.D020.D021.D022.D023.D024.D025.D026.D027.D028.D029.D030.D031.D032.D033.D034.D035.D036.D037.D038.D039.D040.D041.D042.D043.D044.D045.D046.D047.D048.D049.D050.D051.D052.D053.D054.D055.D056.D057.D058.D059.D060.D061.D062.D063.D064.D065.D066.D067.D068.D069.D070.D071.D072.D073.D074.D075.D076.D077.D078.D079.D080.D081.D082.D083.D084.D085.D086.D087.D088.D089.D090.D091.D092.D093.D094.D095.D096.D097.D098.D099.D100.D101.D102.D103.D104.D105.D106.D107.D108.D109.D110.WMI1 [SSDT CKDEEPRA]: _WDG defined again by a later table: ACPICA keeps this one, from SSDT CKDEEPRA, and ignores the other
	fix: rename one of them (wmishim patch --rename) so one table owns _WDG
warning TABLE_ERRORS: ACPICA reported 2 error(s) while loading the tables: some objects may be missing (wmishim -v check shows them)
1 WMI device on Linux 6.1: 1 error, 1 warning, 0 info
