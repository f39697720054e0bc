// The public header compiles as C++ too (and the runner links this translation unit).
#include "mgpuvk.h"

extern "C" size_t test_header_cxx_type_size(void);
extern "C" size_t test_header_cxx_type_size(void) { return mgpu_type_size(MGPU_TYPE_F64); }
