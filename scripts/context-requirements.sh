#!/usr/bin/env bash
# Counts the requirements of a protocol: the declarations (`func`, `var`, `subscript`, `init`,
# `associatedtype`) at the protocol body's own indentation (2 spaces). Members of its extensions
# are helpers, not requirements, and are not counted. With --list, prints the declarations
# instead of their count.
#   scripts/context-requirements.sh                 # StrategyContext
#   scripts/context-requirements.sh --list
#   scripts/context-requirements.sh Sources/PrefetchLab/Strategies/PrefetchStrategy.swift PrefetchStrategy
set -euo pipefail
list=false
if [[ ${1:-} == --list ]]; then
  list=true
  shift
fi
file=${1:-"$(dirname "$0")/../Sources/PrefetchLab/Strategies/StrategyContext.swift"}
protocol=${2:-StrategyContext}
declarations=$(awk -v name="$protocol" '
  $0 ~ "^(public |internal )?protocol " name "[ :<{]" { inside = 1; next }
  inside && /^}/ { inside = 0 }
  inside' "$file" |
  grep -E '^  (@[A-Za-z]+(\([^)]*\))? )*((mutating|nonmutating|static) )*(func|var|subscript|init|associatedtype)[ (<?]' || true)
if $list; then
  [[ -z $declarations ]] || printf '%s\n' "$declarations" | sed 's/^  //'
elif [[ -z $declarations ]]; then
  echo 0
else
  printf '%s\n' "$declarations" | wc -l | tr -d ' '
fi
