#!/usr/bin/env bash
# Counts the stored properties of a class or struct: its declarations at the type's own
# indentation (2 spaces) that are `let`/`var` without an accessor block. Extensions cannot add
# stored properties in Swift, so the file that declares the type holds them all.
#   scripts/stored-properties.sh Sources/PrefetchLab/Engine/Simulation.swift Simulation
set -euo pipefail
file=$1
type=$2
awk -v type="$type" '
  $0 ~ "^(public |final |private |fileprivate |internal )*(class|struct) " type "[ :<{]" { inside = 1; next }
  inside && /^}/ { inside = 0 }
  inside' "$file" |
  grep -E '^  (@[A-Za-z]+(\([a-z]+\))? )*(public |private |fileprivate |internal )?((private|fileprivate|internal)\(set\) )?(static )?(let|var) ' |
  grep -vE ' static (let|var) |\{ *$|\{ [^}]*\}$' |
  wc -l | tr -d ' '
