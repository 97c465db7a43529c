# common.gp - the look every t24 figure shares: a white background (readable on GitHub's
# dark theme too), plain fonts, no interactive JavaScript.
set terminal svg size 820,480 font "Helvetica,13" background rgb "white"
set output out
set border 3
set tics nomirror out
set grid ytics lc rgb "#dddddd" lw 1 dt 1
set key top left box lc rgb "#bbbbbb" opaque
# The legend of a single plot goes below its x label (`eval key_below`), never over a
# curve and never above the title; the canvas grows by the legend's height so that the
# plot keeps its size. tests/test_figure_legends.c checks every committed figure for it.
key_below = "set terminal svg size 820,560 font 'Helvetica,13' background rgb 'white'; " . \
            "set output out; set bmargin 8; " . \
            "set key at screen 0.5, screen 0.015 center bottom horizontal maxrows 2"
