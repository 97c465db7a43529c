/* fuzz_pace.c - the PACE 2025 hitting-set reader (pace_read()) on any bytes.
 * Property: an instance read, written back with pace_write() and read again is the
 * same instance (same sizes, same sets). */
#include "fuzz.h"
#include "hitset/model/pace.h"

static void same(const instance *a, const instance *b)
{
    FUZZ_CHECK(instance_nelems(a) == instance_nelems(b), "elements");
    FUZZ_CHECK(instance_nsets(a) == instance_nsets(b), "sets");
    for (uint32_t s = 0; s < instance_nsets(a); s++) {
        uint32_t na, nb;
        const uint32_t *x = instance_set(a, s, &na), *y = instance_set(b, s, &nb);
        FUZZ_CHECK(na == nb && memcmp(x, y, na * sizeof *x) == 0, "set %u", s);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *fp = fuzz_file(data, size);
    char err[256];
    instance *h = pace_read(fp, err, sizeof err);
    fclose(fp);
    if (!h) {
        FUZZ_CHECK(err[0] != '\0', "a failure without a reason");
        return 0;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    FUZZ_CHECK(out && pace_write(out, h, "round trip") == 0, "write");
    fclose(out);
    FILE *in = fuzz_file((const uint8_t *)text, len);
    instance *back = pace_read(in, err, sizeof err);
    fclose(in);
    FUZZ_CHECK(back != NULL, "reading back what pace_write() wrote: %s", err);
    same(h, back);
    instance_free(back);
    instance_free(h);
    free(text);
    return 0;
}
