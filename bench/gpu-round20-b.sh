#!/bin/sh
# Round twenty, call B (H200): where the wide sweep's steps stall. Nsight Compute on .carry/w/sep3_old (the app's
# sweep, bench/volumelab/sep3yf.cu built with -DROUND16 -DROUND19 at commit c625253), r 7, 512^3, chunk 512, under
# zero and mirror ghost cells: the warp-state and scheduler counters (raw, CSV) and the stall samples a SASS line.
#   sh bench/gpu-round20-b.sh     (carry .carry/w)
b=.carry/w/sep3_old
for p in 0 3; do
  SEP3_POLICY=$p SEP3_RADII=7 SEP3_ZCH=512 timeout 120 ncu --clock-control none -k regex:wa_7 --launch-skip 1 --launch-count 1 \
    --section WarpStateStats --section SchedulerStats --section InstructionStats --section MemoryWorkloadAnalysis \
    --metrics l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__inst_executed_op_shared_ld.sum,gpu__time_duration.sum \
    --csv --page raw $b time > $OUT/raw-p$p.csv 2> $OUT/raw-p$p.err
  python3 bench/ncu_stalls.py $OUT/raw-p$p.csv
  SEP3_POLICY=$p SEP3_RADII=7 SEP3_ZCH=512 timeout 150 ncu --clock-control none -k regex:wa_7 --launch-skip 1 --launch-count 1 \
    --section SourceCounters --page source --print-source sass --csv $b time 2> $OUT/src-p$p.err | gzip > $OUT/src-p$p.csv.gz
  tail -1 $OUT/src-p$p.err; ls -la $OUT/src-p$p.csv.gz
done
