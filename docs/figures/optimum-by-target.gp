# optimum-by-target.gp - the minimum test set against the target (4 cards, deck 1-13,
# all groupings), with greedy and the LP bound, and the hands to hit on the right axis.
# Input (data): target optimum greedy lp_bound hands proven, from `t24 sweep`'s CSV;
# unproven: how many targets are not proven. Every legend entry must be visible: the LP
# bound often equals the optimum, so it is drawn after it as crosses, and the "not
# proven" circles have an entry only when some target is not proven.
load "common.gp"
set title "Minimum test set by target (4 cards, deck 1-13, all groupings)"
set xlabel "target"
set ylabel "expressions"
set y2label "solvable hands"
set y2tics
set xrange [0:101]
set yrange [0:200]
set y2range [0:2000]
eval key_below
stats data using 2 nooutput
proven = unproven + 0 > 0 ? "minimum test set (circled: not proven)" \
                     : "minimum test set (all proven)"
plot data using 1:5 axes x1y2 with lines lw 1 dt 3 lc rgb "#7f7f7f" \
         title "solvable hands (right axis)", \
     data using 1:3 with lines lw 1 lc rgb "#ff7f0e" title "greedy", \
     data using 1:2 with linespoints lw 2 pt 7 ps 0.6 lc rgb "#1f77b4" title proven, \
     data using 1:4 with points pt 2 ps 0.9 lw 2 lc rgb "#1a8a1a" title "LP bound", \
     data using 1:($6 > 0.5 ? 1/0 : $2) with points pt 6 ps 1.2 lc rgb "#d62728" notitle, \
     data using 1:($2 == STATS_min || $2 == STATS_max ? $2 : 1/0):(sprintf("%d at %d", $2, $1)) \
         with labels left offset 1,0.8 font ",11" notitle
