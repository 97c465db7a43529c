/* engine.c - the table of exact engines; see engine.h. */
#include "hitset/driver/engine.h"

#include <glpk.h>
#include <stdio.h>
#include <string.h>

#include "hitset/mip/cbc.h"
#include "hitset/proof/certify.h"

static const char *glpk_version(void) { return glp_version(); }

static const engine_ops engines[] = {
    { ILP_GLPK, "glpk", "GLPK", "GLPK's branch and bound", "glpk_failed",
      ilp_glpk_hitting_set, glpk_version, false },
    { ILP_CBC, "cbc", "CBC", "CBC's branch and cut", "cbc_failed",
      cbc_hitting_set, cbc_version, false },
    { ILP_T24, "t24", "t24", "t24's certifying branch and bound", "t24_failed",
      certify_hitting_set, certify_version, true },
};

const engine_ops *engine_of(ilp_engine e)
{
    for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
        if (engines[i].id == e)
            return &engines[i];
    return NULL;
}

const char *engine_name(ilp_engine e)
{
    const engine_ops *o = engine_of(e);
    return o ? o->name : NULL;
}

const char *engine_label(ilp_engine e)
{
    const engine_ops *o = engine_of(e);
    return o ? o->label : NULL;
}

int engine_parse(const char *s, ilp_engine *out)
{
    for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
        if (strcmp(s, engines[i].name) == 0) {
            *out = engines[i].id;
            return 0;
        }
    return -1;
}

int engine_hitting_set(const instance *h, const ilp_params *p, ilp_result *out, char *err,
                       size_t errsize)
{
    const engine_ops *o = engine_of(p->engine);
    if (!o) {
        memset(out, 0, sizeof *out);
        snprintf(err, errsize, "engine = %d; must be ILP_GLPK, ILP_CBC or ILP_T24",
                 (int)p->engine);
        return -1;
    }
    return o->hitting_set(h, p, out, err, errsize);
}
