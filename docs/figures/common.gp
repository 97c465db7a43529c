# common.gp - the look every t24 figure shares: a white background (readable on GitHub's
# dark theme too), plain fonts, no interactive JavaScript.
set terminal svg size 820,480 font "Helvetica,13" background rgb "white"
set output out
set border 3
set tics nomirror out
set grid ytics lc rgb "#dddddd" lw 1 dt 1
set key top left box lc rgb "#bbbbbb" opaque
