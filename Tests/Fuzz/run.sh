#!/usr/bin/env bash
# Fuzzes L10nKit's readers with libFuzzer (see docs/fuzzing.md).
#
#   Tests/Fuzz/run.sh [seconds-per-target] [target...]
#
# Builds one fuzz binary (all L10nCore and L10nKit sources + Tests/Fuzz/fuzz_entry.swift, ASan + libFuzzer)
# into $FUZZ_DIR (default .build/fuzz), seeds one corpus per target from the repository's own
# files and ../shared/fixtures (or $FUZZ_FIXTURES) when present, then runs the targets one
# after another, each first through its scale probe (large generated inputs timed at n and 4n
# items, see scale_probe.swift; FUZZ_SCALE sets n). Exits 1 when any target found a crash, hang,
# leak or superlinear growth; a crashing input is saved under
# $FUZZ_DIR/artifacts/<target>/ and replayed with
#   FUZZ_TARGET=<target> $FUZZ_DIR/fuzz <artifact>
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
seconds="${1:-60}"
shift || true
all_targets=(json xcstrings strings stringsdict infoplist xliff ib swift format)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")

work="${FUZZ_DIR:-$root/.build/fuzz}"
fixtures="${FUZZ_FIXTURES:-$root/../shared/fixtures}"
swift_bin="$(dirname "$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)")"
clang="${CLANG:-$swift_bin/clang}"
[ -x "$clang" ] || clang="$(command -v clang)"
mkdir -p "$work/include"

# --- Build (only when a source is newer than the binary) -----------------------------------
# The library's layers compiled as one module: L10nKit's re-export of the layers below is left
# out, and so are the files' imports of those layers (copied without them).
mapfile -t sources < <(find Sources/L10nCore Sources/L10nFormats Sources/L10nLocale Sources/L10nXLIFF Sources/L10nProject Sources/L10nExchange Sources/L10nReport Sources/L10nJobs Sources/L10nKit -name '*.swift' ! -name Exports.swift | sort)
binary="$work/fuzz"
needs_build=0
if [ ! -x "$binary" ]; then
    needs_build=1
else
    for file in "${sources[@]}" Tests/Fuzz/*.swift Sources/CICU/CICU.c Sources/CICU/include/CICU.h; do
        if [ "$file" -nt "$binary" ]; then needs_build=1; break; fi
    done
fi
if [ $needs_build -eq 1 ]; then
    echo "== building $binary"
    cat > "$work/include/module.modulemap" <<MAP
module CICU {
    header "$root/Sources/CICU/include/CICU.h"
    export *
}
MAP
    rm -rf "$work/src" && mkdir -p "$work/src"
    flat=()
    for file in "${sources[@]}"; do
        copy="$work/src/$(echo "$file" | tr '/' '_')"
        grep -v -E '^(@testable )?import L10n(Core|Formats|Locale|XLIFF|Project|Exchange|Report|Jobs)$' "$file" > "$copy"
        flat+=("$copy")
    done
    "$clang" -c -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CICU/include \
        Sources/CICU/CICU.c -o "$work/CICU.o"
    swiftc -O -g -use-ld=lld -sanitize=fuzzer,address -parse-as-library -module-name FuzzTarget -package-name l10n \
        -I /usr/include/libxml2 -Xcc -fmodule-map-file=Sources/CLibXML2/module.modulemap \
        -Xcc -fmodule-map-file="$work/include/module.modulemap" -I "$work/include" \
        "${flat[@]}" Tests/Fuzz/*.swift "$work/CICU.o" \
        -lxml2 -licuuc -licui18n -licudata -o "$binary.tmp"
    mv "$binary.tmp" "$binary"
fi

# --- Corpora ---------------------------------------------------------------------------------
# seed <target> <find name patterns...>: copies matching files from the repository and fixtures.
seed() {
    local target="$1"; shift
    local dir="$work/seeds/$target"
    rm -rf "$dir"; mkdir -p "$dir" "$work/corpus/$target"
    local expr=() first=1
    for pattern in "$@"; do
        [ $first -eq 1 ] && first=0 || expr+=(-o)
        expr+=(-name "$pattern")
    done
    local places=(Tests/L10nKitTests/Golden Samples)
    [ -d "$fixtures" ] && places+=("$fixtures")
    local n=0
    while IFS= read -r -d '' file; do
        cp "$file" "$dir/$(printf '%04d' $n)-$(basename "$file")"; n=$((n + 1))
    done < <(find "${places[@]}" -type f \( "${expr[@]}" \) -print0 2>/dev/null)
}

seed_format() {
    local dir="$work/seeds/format"
    rm -rf "$dir"; mkdir -p "$dir" "$work/corpus/format"
    local n=0
    # source \0 translation [\0 formatSpecifier]
    for pair in '%@ / %@\0%2$@ / %1$@' '%lld files\0%d fichiers' '%#@count@ left\0%#@count@ restant\0lld' \
                '%1$@ %2$.*3$f%%\0%2$f' '30%% off %s\0%S' '%arg items\0%arg Dinge\0d' '%-+#0 10.5hhu %zX %jd %tn\0%Lf %qd %C %c %p' \
                'percent % sign\0%5$@ %1$@' '%%%@\0%@%%'; do
        printf '%b' "$pair" > "$dir/$(printf '%04d' $n)"; n=$((n + 1))
    done
}

for target in "${targets[@]}"; do
    case "$target" in
        json) seed json '*.json' '*.xcstrings' ;;
        xcstrings) seed xcstrings '*.xcstrings' ;;
        strings) seed strings '*.strings' ;;
        stringsdict) seed stringsdict '*.stringsdict' '*.plist' ;;
        infoplist) seed infoplist '*.plist' '*.stringsdict' ;;
        xliff) seed xliff '*.xliff' ;;
        ib) seed ib '*.storyboard' '*.xib' ;;
        swift) seed swift '*.swift' ;;
        format) seed_format ;;
        *) echo "unknown target $target; known: ${all_targets[*]}" >&2; exit 64 ;;
    esac
done

max_len() {
    case "$1" in
        format) echo 512 ;;
        json|strings|stringsdict|infoplist) echo 8192 ;;
        *) echo 16384 ;;
    esac
}

dict() {
    case "$1" in
        json|xcstrings) echo "$root/Tests/Fuzz/json.dict" ;;
        stringsdict|infoplist|xliff|ib) echo "$root/Tests/Fuzz/xml.dict" ;;
        strings) echo "$root/Tests/Fuzz/strings.dict" ;;
        format) echo "$root/Tests/Fuzz/format.dict" ;;
    esac
}

# --- Run ---------------------------------------------------------------------------------------
failed=()
for target in "${targets[@]}"; do
    artifacts="$work/artifacts/$target"
    mkdir -p "$artifacts"
    log="$work/$target.log"
    echo "== $target: ${seconds}s, max_len $(max_len "$target")"
    status=0
    FUZZ_TARGET="$target" FUZZ_SCALE="${FUZZ_SCALE:-1}" ASAN_OPTIONS=detect_leaks=0 "$binary" \
        > "$work/$target.scale.log" 2>&1 || status=$?
    grep '^   scale' "$work/$target.scale.log" || true
    if [ $status -ne 0 ]; then
        echo "   scale probe FAILED (exit $status): see $work/$target.scale.log"
        failed+=("$target (scale)")
        status=0
    fi
    # lsan.supp: swift-corelibs-foundation leaks the CFError of a malformed binary plist.
    env -u FUZZ_SCALE FUZZ_TARGET="$target" ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" \
        LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/Tests/Fuzz/lsan.supp:print_suppressions=0}" "$binary" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$(max_len "$target")" \
        -dict="$(dict "$target")" -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "$work/corpus/$target" "$work/seeds/$target" > "$log" 2>&1 || status=$?
    grep -E '^stat::number_of_executed_units|^stat::new_units_added|^Done' "$log" | sed "s/^/   /" || true
    if [ $status -ne 0 ]; then
        echo "   FAILED (exit $status): see $log and $artifacts/"
        grep -E 'ERROR: |Fatal error|SUMMARY|ParseDictionaryFile' "$log" | head -5 | sed "s/^/   /" || tail -3 "$log"
        failed+=("$target (fuzz)")
    fi
done

if [ ${#failed[@]} -ne 0 ]; then
    echo "== failures in: ${failed[*]}"
    exit 1
fi
echo "== no crash, hang, leak or superlinear growth in: ${targets[*]}"
