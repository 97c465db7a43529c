# five-cards.gp - the five-card frontier: per deck (target 24, all groupings) the LP bound,
# the best proven lower bound, greedy, the frontier's local search and the best cover,
# each divided by the LP bound so that the gaps of decks of every size can be compared.
# Input (data): index deck lp greedy local_search lower upper, from make-figures.sh.
load "common.gp"
set title "Five cards: bounds and covers per deck, relative to the LP bound"
set xlabel "deck (5 cards, target 24, all groupings)"
set ylabel "size / LP bound"
set xrange [-0.5:6.5]
set yrange [0.95:1.45]
eval key_below
# The local search's cover is often the best cover: it is drawn after it, as large open
# triangles around the best cover's dots, so that both legend entries stay visible.
plot data using 1:($3/$3):xtic(2) with lines lw 1 dt 2 lc rgb "#2ca02c" title "LP bound", \
     data using 1:($4/$3) with linespoints lw 1 pt 5 ps 0.6 lc rgb "#ff7f0e" title "greedy", \
     data using 1:($7/$3) with linespoints lw 2 pt 7 ps 0.7 lc rgb "#1f77b4" title "best cover", \
     data using 1:($5/$3) with points lw 1.5 pt 8 ps 1.6 lc rgb "#9467bd" \
         title "local search (frontier run)", \
     data using 1:($6/$3) with linespoints lw 2 pt 13 ps 0.8 lc rgb "#d62728" \
         title "best proven lower bound", \
     data using 1:($7/$3):(sprintf("%d", $7)) with labels offset 1.2,0.9 font ",10" notitle, \
     data using 1:($6/$3):(sprintf("%d", $6)) with labels offset 0,-0.9 font ",10" notitle
