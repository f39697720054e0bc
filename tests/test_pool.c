#include "common.h"
void test_pool(void) {}
