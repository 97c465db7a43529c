# six-cards.gp - six cards per deck (target 24, all groupings): the best proven lower
# bound, the Lagrangian cover, the local search and the best cover, each divided by the
# LP bound (column generation), as five-cards.gp does for five cards.
# Input (data): index deck lp lower lagrangian local_search best, from make-figures.sh
# (the tables of docs/six-decks.md and docs/six.md).
load "common.gp"
set title "Six cards: bounds and covers per deck, relative to the LP bound"
set xlabel "deck (6 cards, target 24, all groupings)"
set ylabel "size / LP bound"
stats data using 1 nooutput
set xrange [-0.5:STATS_max + 0.5]
set yrange [0.9:2.0]
eval key_below
# The local search's cover is the best cover on every deck so far: it is drawn after it,
# as large open triangles around the best cover's dots, so that both entries stay visible.
# The proven bound is the LP's ceiling, within 2 % of it: the LP line is drawn last,
# dashed over the bound's line, so that it stays visible.
plot data using 1:($5/$3):xtic(2) with linespoints lw 1 pt 5 ps 0.6 lc rgb "#8c564b" \
         title "Lagrangian cover", \
     data using 1:($7/$3) with linespoints lw 2 pt 7 ps 0.7 lc rgb "#1f77b4" title "best cover", \
     data using 1:($6/$3) with points lw 1.5 pt 8 ps 1.6 lc rgb "#9467bd" title "local search", \
     data using 1:($4/$3) with linespoints lw 2 pt 13 ps 0.8 lc rgb "#d62728" \
         title "best proven lower bound", \
     data using 1:($3/$3) with lines lw 2 dt (6,4) lc rgb "#2ca02c" title "LP bound", \
     data using 1:($7/$3):(sprintf("%d", $7)) with labels offset 1.4,0.9 font ",10" notitle, \
     data using 1:($4/$3):(sprintf("%d", $4)) with labels offset 0,-0.9 font ",10" notitle
