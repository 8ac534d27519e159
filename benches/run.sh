#!/bin/sh
# Runs the onepath-vs-peers benchmark suite with short measurement times and prints the
# ratio table (onepath median / peer median). Usage, from anywhere: sh benches/run.sh
# Extra arguments go to criterion, e.g. a filter: sh benches/run.sh build_
set -eu
cd "$(dirname "$0")/.."
nice -n 10 cargo bench -p onepath-benches --features peers --benches -- \
    --warm-up-time 1 --measurement-time 3 "$@"
cargo run --release -q -p onepath-benches --bin ratios
