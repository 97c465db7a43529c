/* Placeholder until the first `t24 emit` run: an empty table answers nothing. */
#include "table.h"

const table_def table_default = { .cards = 0 };
