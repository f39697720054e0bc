#include "common.h"
void test_engine(void) {}
