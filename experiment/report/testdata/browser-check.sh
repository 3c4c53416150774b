#!/bin/sh
# browser-check.sh loads the report of the 2022 sample experiment in
# headless Chromium, checks that it logs no console error and makes no
# network request, and writes screenshots of its summary, a plot and a pair
# viewer.
#
# Run it from anywhere in the repository, with Debian's chromium installed
# (apt-get install -y chromium), optionally naming the directory of the
# report and screenshots (a new temporary one by default):
#
#	sh experiment/report/testdata/browser-check.sh [DIR]
#
# CHROMIUM names another binary. go test ./experiment/report runs it
# (TestBrowser) when chromium is installed, ARGSEARCH_SLOW=1 is set (as CI
# sets it) and -short is not.
#
# It runs go run ./examples/experiment over the embedded 2022 sample (every
# system, about 15 s) with -html DIR/report.html, then
# ./experiment/report/internal/browsercheck, which drives Chromium over the
# DevTools protocol on a pipe (see its doc comment for what it checks and
# why it can tell) and writes DIR/summary.png, DIR/plot.png,
# DIR/diff.png and DIR/pairs.png; then it checks the same of
# testdata/small.html, the report with hostile texts that TestGolden keeps
# (DIR/hostile.png). It exits non-zero when a check fails.
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
out=${1:-$(mktemp -d)}
mkdir -p "$out"
cd "$root"
go run ./examples/experiment -quiet -cache off -html "$out/report.html" > "$out/table.txt"
go run ./experiment/report/internal/browsercheck -chromium "${CHROMIUM:-chromium}" -out "$out" "$out/report.html" \
	'summary=#summary' 'plot=#plot-topics' 'diff=#plot-diff-s3' 'means=#plot-means-1' \
	'pairs=#topic-1' 'repro=#reproducibility'
# The small report with hostile corpus texts (<script>, </svg>, quotes,
# invalid UTF-8) that TestGolden keeps: it too must run and fetch nothing.
go run ./experiment/report/internal/browsercheck -chromium "${CHROMIUM:-chromium}" -out "$out" \
	experiment/report/testdata/small.html 'hostile=#topic-1'
echo "report and screenshots in $out"
