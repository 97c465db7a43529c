# frontier-progress.gp - five cards, each deck the frontier leaves unproven: the best cover
# and the best proven lower bound over the run's time, as the --progress lines of
# `make frontier` recorded them (docs/frontier/runs/DECK-ENGINE.log; CBC reports no
# progress through its C interface, so the lines after its local search are GLPK's).
# Input: dir (a folder of DECK-ENGINE.dat files: seconds cover bound), decks (their
# decks, blank-separated), engines ("glpk cbc" or fewer), from make-figures.sh.
load "common.gp"
set terminal svg size 980,620 font "Helvetica,12" background rgb "white"
set output out
n = words(decks)
# One cell more than the decks need: the legend has a cell of its own, after the last
# deck, where it covers no curve (in a panel it hid deck 1-7's bound).
rows = n / 3 + 1
set multiplot layout rows,3 title "Five cards, unproven decks: best cover and proven bound over the run (make frontier)"
unset key
set xlabel "seconds" offset 0,0.5
do for [i=1:n] {
    d = word(decks, i)
    set title sprintf("deck %s", d)
    f(e) = sprintf("%s/%s-%s.dat", dir, d, e)
    # Steps between the recorded points, and the points themselves: a CBC run may have
    # only its start and its end.
    plot for [e in engines] f(e) using 1:2 with steps lw 2 \
             lc rgb (e eq "glpk" ? "#1f77b4" : "#ff7f0e") title sprintf("%s: cover", e), \
         for [e in engines] f(e) using 1:3 with steps lw 2 dt 2 \
             lc rgb (e eq "glpk" ? "#d62728" : "#9467bd") title sprintf("%s: bound", e), \
         for [e in engines] f(e) using 1:2 with points pt 7 ps 0.5 \
             lc rgb (e eq "glpk" ? "#1f77b4" : "#ff7f0e") notitle, \
         for [e in engines] f(e) using 1:3 with points pt 6 ps 0.6 \
             lc rgb (e eq "glpk" ? "#d62728" : "#9467bd") notitle
}
# The legend's cell: the same four entries, drawn from no data, with no axes.
unset title
unset xlabel
unset border
unset tics
unset grid
set xrange [0:1]
set yrange [0:1]
set key center center box lc rgb "#bbbbbb" opaque font ",12" spacing 1.3
plot for [e in engines] NaN with lines lw 2 \
         lc rgb (e eq "glpk" ? "#1f77b4" : "#ff7f0e") title sprintf("%s: cover", e), \
     for [e in engines] NaN with lines lw 2 dt 2 \
         lc rgb (e eq "glpk" ? "#d62728" : "#9467bd") title sprintf("%s: bound", e)
unset multiplot
