# tables without a Binary MOF block
args: mof ../../build/fixtures/check-clean.aml
status: 1
stderr: no Binary MOF block
--- stdout
// 0 Binary MOF blobs: 0 decoded whole, 0 in part, 0 failed
