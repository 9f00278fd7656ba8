#!/usr/bin/env bash
# Builds frp-gen's libFuzzer targets (clang, ASan + UBSan; tests/fuzz/CMakeLists.txt) and fuzzes
# each for a while, starting from a copy of its seed corpus, so the source tree is never written.
# Any finding fails the run: a crash, a sanitizer report, a leak, an input slower than 1 s or one
# needing more than 2 GB. The input that did it is kept in <build>/run/<target>/artifacts/. Before
# fuzzing, each target replays tests/fuzz/regressions/<target>/: inputs that once were findings.
#
#   tests/fuzz/run.sh [SECONDS] [TARGET...]       build, then fuzz each TARGET for SECONDS
#                                                 (default: 60 s, all targets)
#   tests/fuzz/run.sh --build-only                configure (once) and build
#   tests/fuzz/run.sh --no-build SECONDS TARGET...
#
# Environment: FRP_FUZZ_BUILD (build folder; default build/fuzz of the repo), FRP_FUZZ_CXX (the
# clang++; default clang++-15, else clang++), FRP_FUZZ_RESUME=1 (continue from the corpus the last
# run of a target grew instead of the seeds: a long run in pieces).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${FRP_FUZZ_BUILD:-$root/build/fuzz}
all_targets=(fuzz_yaml fuzz_schema fuzz_descriptor)
# Far above any real input of each kind (torch's longest schema is ~500 bytes, a descriptor a few
# KB), small enough that the fuzzer's time goes into structure rather than bulk.
declare -A max_len=([fuzz_yaml]=8192 [fuzz_schema]=1024 [fuzz_descriptor]=4096)

configure_and_build() {
  if [ ! -f "$build/build.ninja" ]; then
    local cxx=${FRP_FUZZ_CXX:-$(command -v clang++-15 || command -v clang++ || true)}
    if [ -z "$cxx" ]; then
      echo "run.sh: no clang++ found (Debian: clang-15, which ./setup.sh installs)" >&2
      exit 1
    fi
    cmake -S "$here" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" >/dev/null
  fi
  # Ninja re-runs CMake by itself when tests/fuzz/CMakeLists.txt changes.
  cmake --build "$build"
}

# Fuzzes one target for $2 seconds; prints libFuzzer's summary, or on a finding its report.
fuzz() {
  local target=$1 seconds=$2
  local work=$build/run/$target
  if [ ! -x "$build/$target" ]; then
    echo "run.sh: $build/$target is not built (run.sh --build-only first)" >&2
    return 1
  fi
  if [ "${FRP_FUZZ_RESUME:-0}" != 1 ] || [ ! -d "$work/corpus" ]; then
    rm -rf "$work/corpus"
    mkdir -p "$work/corpus"
    cp "$here/corpus/$target/"* "$work/corpus/"
  fi
  rm -rf "$work/artifacts"
  mkdir -p "$work/artifacts"
  # Leaks are findings too (LeakSanitizer, on by default under libFuzzer); UBSan stops at the first
  # report (-fno-sanitize-recover) with a stack.
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=1}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
  local limits=(-timeout=1 -rss_limit_mb=2048 -max_len="${max_len[$target]}"
                -artifact_prefix="$work/artifacts/")
  local status=0
  # Inputs that once failed, each run once under the same limits. They are kept out of the corpus:
  # the slow ones would spend the fuzzing time on their mutants.
  local regressions=()
  if [ -d "$here/regressions/$target" ]; then
    mapfile -t regressions < <(find "$here/regressions/$target" -type f | sort)
  fi
  if [ ${#regressions[@]} -gt 0 ]; then
    echo "== $target: ${#regressions[@]} regression inputs"
    "$build/$target" "${limits[@]}" "${regressions[@]}" >"$work/log" 2>&1 || status=$?
  fi
  if [ "$status" -eq 0 ]; then
    echo "== $target: ${seconds} s from $(find "$work/corpus" -type f | wc -l) inputs (log: $work/log)"
    "$build/$target" "${limits[@]}" -max_total_time="$seconds" -dict="$here/$target.dict" \
      -print_final_stats=1 "$work/corpus" >"$work/log" 2>&1 || status=$?
  fi
  local found
  found=$(find "$work/artifacts" -type f | head -n 5)
  if [ "$status" -ne 0 ] || [ -n "$found" ]; then
    tail -n 60 "$work/log"
    echo "== $target: FINDING (exit $status); reproduce with: $build/$target ${found:-<input>}" >&2
    return 1
  fi
  grep -E '^#[0-9]+[[:space:]]+DONE|^Done |stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' \
    "$work/log" || true
  echo "== $target: no finding; corpus $(find "$work/corpus" -type f | wc -l) inputs"
}

build_step=1
case "${1:-}" in
  --build-only)
    configure_and_build
    exit 0
    ;;
  --no-build)
    build_step=0
    shift
    ;;
esac
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
  if [ -z "${max_len[$target]:-}" ]; then
    echo "run.sh: unknown target '$target' (one of: ${all_targets[*]})" >&2
    exit 2
  fi
done
[ "$build_step" -eq 0 ] || configure_and_build

failed=0
for target in "${targets[@]}"; do
  fuzz "$target" "$seconds" || failed=1
done
exit "$failed"
