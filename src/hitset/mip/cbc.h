/* cbc.h - the minimum hitting set with COIN-OR CBC, the second exact engine.
 *
 * Same model and contract as ilp_glpk_hitting_set() (binary x_e, one covering row per set),
 * solved by CBC's branch and cut through its C interface (Cbc_C_Interface.h) on one
 * thread, with wall-clock time limits (timeMode elapsed) and CBC's own output off. The
 * LP bound in the result is GLPK's (ilp_lp_bound()), so both engines report the same
 * relaxation. CBC prints nothing, so it reports no progress while it runs. A warm start
 * already at the LP bound's ceiling is returned as optimal without building CBC's model
 * (whose build, in one call, is linear in the incidences). */
#ifndef T24_HITSET_CBC_H
#define T24_HITSET_CBC_H

#include <stddef.h>

#include "hitset/mip/ilp.h"
#include "hitset/model/instance.h"

int cbc_hitting_set(const instance *h, const ilp_params *p, ilp_result *out, char *err,
                    size_t errsize);
const char *cbc_version(void);

#endif
