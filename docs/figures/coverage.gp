# coverage.gp - hands solved by the first k expressions: greedy's order against the most
# any k expressions solve (GLPK's max-coverage optimum; its bound where not proven).
# Input (data): coverage.csv of `t24 study --coverage --out` (k,greedy,best,bound,proven);
# unproven: how many rows are not proven. Every legend entry must be visible: the bound
# equals the optimum on proven rows, so it is drawn (as open circles) only where it does
# not, and it has no entry when every row is proven.
load "common.gp"
set datafile separator ","
set title "Hands solved by the first k expressions (4 cards, deck 1-11, target 24, reduced family)"
set xlabel "k, expressions tried"
set ylabel "solvable hands solved"
set y2label "optimum - greedy"
set y2tics 0, 5, 15
set y2range [0:45]
set yrange [0:*]
set xrange [0:*]
eval key_below
set style fill solid 1.0 noborder
set boxwidth 0.8
if (unproven + 0 > 0) {
plot data using 1:($4 - $2) axes x1y2 with boxes lc rgb "#b0b0b0" \
         title "max coverage - greedy (right axis)", \
     data using 1:3 with lines lw 2 lc rgb "#1f77b4" title "max coverage, best found for each k", \
     data using 1:2 with lines lw 2 lc rgb "#ff7f0e" title "greedy, first k of its cover", \
     data using 1:($5 > 0.5 ? 1/0 : $4) with points pt 6 ps 0.8 lc rgb "#d62728" \
         title "upper bound where not proven"
} else {
plot data using 1:($4 - $2) axes x1y2 with boxes lc rgb "#b0b0b0" \
         title "max coverage - greedy (right axis)", \
     data using 1:3 with lines lw 2 lc rgb "#1f77b4" title "max coverage, optimum for each k (every k proven)", \
     data using 1:2 with lines lw 2 lc rgb "#ff7f0e" title "greedy, first k of its cover"
}
