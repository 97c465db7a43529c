/* mincover_proof.h - what proves the driver's cover optimal (private to
 * src/hitset/driver/): the bounds that settle it before any search, the certifying
 * search, the bound that proves the optimum. Called by mincover.c and
 * mincover_search.c; calls only mincover_common.h of the driver. */
#ifndef T24_HITSET_MINCOVER_PROOF_H
#define T24_HITSET_MINCOVER_PROOF_H

#include <stdbool.h>
#include <stdint.h>

#include "hitset/driver/mincover_common.h"

bool mincover_settled(const mincover_result *r);
uint32_t mincover_certify_phase(const instance *h, mincover_result *r, const uint32_t *warm,
                                uint32_t nwarm, double seconds, double started, uint32_t *cand,
                                uint32_t *ncand);
void mincover_proof_of(mincover_result *r, uint32_t reduced);

#endif
