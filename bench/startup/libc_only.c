/* libc_only.c - the start-up benchmark's floor: a program that links only libc and, like
 * `t24 solve 3 3 8 8`, prints one line. */
#include <stdio.h>

int main(void)
{
    return puts("8/(3-8/3) = 24") == EOF;
}
