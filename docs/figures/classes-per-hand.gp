# classes-per-hand.gp - how many solution classes (templates with equal solution sets)
# solve each solvable hand; hands with one class force it into every test set.
# Input (data): "classes hands" lines counted from hitting_set.hgr.
load "common.gp"
set title "Solution classes per hand (4 cards, deck 1-11, target 24, reduced family)"
set xlabel "classes that solve the hand"
set ylabel "hands"
set style fill solid 0.8 border lc rgb "#1f4e79"
set boxwidth 0.8
set xrange [0:*]
set yrange [0:*]
set key top right
plot data using 1:2 with boxes lc rgb "#1f77b4" title "solvable hands", \
     data using 1:2:2 with labels offset 0,0.7 font ",10" notitle
