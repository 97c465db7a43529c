/* libc_libm_cjson.c - the start-up benchmark's second floor: a program that links the
 * three shared libraries t24 still loads (libc, libm and cJSON, which Debian ships only
 * shared) and, like `t24 solve 3 3 8 8`, prints one line. The calls below never run;
 * they keep the linker (--as-needed) from dropping the libraries. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc > 99) {
        cJSON_Delete(cJSON_Parse(argv[1]));
        printf("%f\n", sqrt((double)argc));
    }
    return puts("8/(3-8/3) = 24") == EOF;
}
