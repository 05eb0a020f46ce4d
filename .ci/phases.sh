# Wall time per phase, for .ci/run (sourced; bash 5 for EPOCHREALTIME). `phase NAME` ends the running phase and
# starts NAME; `phase_report STATUS`, from the EXIT trap, ends the last one (marked FAILED when STATUS is not 0)
# and prints a table of phase and seconds, so a failed run still says where its time went.
PHASE_NAMES=()
PHASE_SECONDS=()
PHASE_NAME=""
PHASE_START=""

end_phase() {
  [ -n "$PHASE_NAME" ] || return 0
  PHASE_NAMES+=("$PHASE_NAME$1")
  PHASE_SECONDS+=("$(awk -v a="$PHASE_START" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')")
  PHASE_NAME=""
}

phase() {
  end_phase ""
  PHASE_NAME=$1
  PHASE_START=$EPOCHREALTIME
  echo "== $1"
}

phase_report() {
  if [ "$1" -ne 0 ]; then end_phase " (FAILED)"; else end_phase ""; fi
  local total=0 i
  echo
  echo "== wall time per phase"
  printf '%-76s %8s\n' "phase" "seconds"
  for i in "${!PHASE_NAMES[@]}"; do
    printf '%-76s %8s\n' "${PHASE_NAMES[$i]}" "${PHASE_SECONDS[$i]}"
    total=$(awk -v a="$total" -v b="${PHASE_SECONDS[$i]}" 'BEGIN { printf "%.1f", a + b }')
  done
  printf '%-76s %8s\n' "total" "$total"
  for i in "${!BESIDE_NAMES[@]}"; do
    printf '%-76s %8s\n' "beside: ${BESIDE_NAMES[$i]}" "${BESIDE_SECONDS[$i]}"
  done
}

# `phase_beside NAME START END STATUS`: a row for work that ran in the background from START to END (EPOCHREALTIMEs),
# beside the phases, listed apart: its time is not added to the total (the phases it ran beside hold it).
BESIDE_NAMES=()
BESIDE_SECONDS=()
phase_beside() {
  local name=$1
  [ "$4" -eq 0 ] || name="$name (FAILED)"
  BESIDE_NAMES+=("$name")
  BESIDE_SECONDS+=("$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.1f", b - a }')")
}
