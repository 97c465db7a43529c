/* jsonint.h - 64-bit integers in cJSON documents, exactly (JSON + int: jsonint_*).
 *
 * cJSON keeps numbers as doubles, which hold integers exactly only up to 2^53: a target
 * of 9007199254740993 would print as 9.00719925474099e+15, and INT64_MAX read back and
 * cast would wrap. jsonint_create() makes a raw item printing the decimal digits as they
 * are (valid JSON: a number); jsonint_get() reads such an item, or an ordinary number
 * that holds an integer, back exactly. */
#ifndef T24_STUDY_JSONINT_H
#define T24_STUDY_JSONINT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

/* Every JSON document t24 prints carries "schema_version": this number. It is bumped
 * when a key is removed or changes meaning; new keys may appear without a bump, so a
 * script that checks it keeps working as t24 grows (docs/formats.md). */
#define JSONINT_SCHEMA_VERSION 1

cJSON *jsonint_create(int64_t v);
/* Adds "schema_version": JSONINT_SCHEMA_VERSION to object. Returns false when memory
 * runs out. */
bool jsonint_add_schema_version(cJSON *object);
bool jsonint_add(cJSON *object, const char *key, int64_t v);
bool jsonint_get(const cJSON *item, int64_t *out);

#endif
