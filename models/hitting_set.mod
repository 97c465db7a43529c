/* hitting_set.mod - minimum hitting set in GNU MathProg (t24).
 *
 * Elements 1..n (in t24: classes of templates with equal solution sets, numbered by
 * their lowest template id); H: the sets to hit (in t24: the hands the family solves);
 * S[h]: the elements of set h (the classes that solve hand h).
 *
 *   glpsol -m models/hitting_set.mod -d OUT/hitting_set.dat -o SOLUTION.txt
 *
 * (give -o a real file: GLPK 5.0 deletes the -o target when a time limit stops a MIP,
 * so never pass /dev/null.) */

param n, integer, >= 0;
set H;
set S{h in H} within 1..n;

check{h in H}: card(S[h]) >= 1;

var x{1..n}, binary;

minimize size: sum{c in 1..n} x[c];

s.t. hit{h in H}: sum{c in S[h]} x[c] >= 1;

solve;

printf "t24 hitting set: %d elements chosen\n", sum{c in 1..n} x[c].val;
printf{c in 1..n: x[c].val > 0.5} "t24 chosen: %d\n", c;

end;
