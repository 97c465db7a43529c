/* jsonint.c - exact 64-bit integers in cJSON; see jsonint.h. */
#include "study/jsonint.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

/* A raw item holding v's decimal digits; NULL when out of memory. */
cJSON *jsonint_create(int64_t v)
{
    char digits[24];
    snprintf(digits, sizeof digits, "%lld", (long long)v);
    return cJSON_CreateRaw(digits);
}

/* Adds key: v to object; false when out of memory. */
bool jsonint_add(cJSON *object, const char *key, int64_t v)
{
    cJSON *item = jsonint_create(v);
    if (!item)
        return false;
    if (!cJSON_AddItemToObject(object, key, item)) {
        cJSON_Delete(item);
        return false;
    }
    return true;
}

/* Reads an integer written by jsonint_create(), or a number that holds an integer within
 * int64 exactly. Returns false (leaving *out) for anything else. */
bool jsonint_get(const cJSON *item, int64_t *out)
{
    if (cJSON_IsRaw(item) && item->valuestring) {
        char *end;
        errno = 0;
        long long v = strtoll(item->valuestring, &end, 10);
        if (errno || end == item->valuestring || *end)
            return false;
        *out = (int64_t)v;
        return true;
    }
    if (!cJSON_IsNumber(item))
        return false;
    double d = item->valuedouble;
    /* [-2^63, 2^63): the doubles whose conversion to int64 is defined. */
    if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0) || d != (double)(int64_t)d)
        return false;
    *out = (int64_t)d;
    return true;
}

bool jsonint_add_schema_version(cJSON *object)
{
    return cJSON_AddNumberToObject(object, "schema_version", JSONINT_SCHEMA_VERSION) != NULL;
}
