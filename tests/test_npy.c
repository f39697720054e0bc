/* Placeholder: the npy family is being written. */
#include "common.h"

void test_npy(void) {}
