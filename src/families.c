/*
 * The registry of primitive families: src/families.def expanded into the table the core walks. The core
 * (src/core) names no primitive: mgpu_context_prepare calls each family's prepare functions, the tuning
 * looks up the rows of a prim's owning family and MGPU_TUNE names a prim by that family's name.
 */
#include "mgpu_internal.h"

/* Each family's file defines its part. */
#define MGPU_FAMILY(name, PRIM)         extern const mgpu_family_def mgpu__##name##_family;
#define MGPU_FAMILY_SHARING(name, PRIM) MGPU_FAMILY(name, PRIM)
#include "families.def"
#undef MGPU_FAMILY
#undef MGPU_FAMILY_SHARING

/* The rows' positions, for the owners' table. */
enum mgpu_family_index {
#define MGPU_FAMILY(name, PRIM)         MGPU_FAMILY_INDEX_##name,
#define MGPU_FAMILY_SHARING(name, PRIM) MGPU_FAMILY(name, PRIM)
#include "families.def"
#undef MGPU_FAMILY
#undef MGPU_FAMILY_SHARING
    MGPU_FAMILY_INDEX_COUNT
};

const mgpu_family mgpu__families[] = {
#define MGPU_FAMILY(name, PRIM)         {#name, MGPU_PRIM_##PRIM, true, &mgpu__##name##_family},
#define MGPU_FAMILY_SHARING(name, PRIM) {#name, MGPU_PRIM_##PRIM, false, &mgpu__##name##_family},
#include "families.def"
#undef MGPU_FAMILY
#undef MGPU_FAMILY_SHARING
};
const size_t mgpu__family_count = MGPU_FAMILY_INDEX_COUNT;

/* Every prim has exactly one owner: as many MGPU_FAMILY rows as prims, their bits covering every prim (two
 * owners of one prim would also initialize one element of mgpu_owners twice, which -Woverride-init reports). */
enum {
#define MGPU_FAMILY(name, PRIM) +1
#define MGPU_FAMILY_SHARING(name, PRIM)
    MGPU_OWNER_COUNT = 0
#include "families.def"
#undef MGPU_FAMILY
#undef MGPU_FAMILY_SHARING
};
enum {
#define MGPU_FAMILY(name, PRIM) | MGPU_PRIM_BIT(MGPU_PRIM_##PRIM)
#define MGPU_FAMILY_SHARING(name, PRIM)
    MGPU_OWNED_MASK = 0u
#include "families.def"
#undef MGPU_FAMILY
#undef MGPU_FAMILY_SHARING
};
static_assert((int)MGPU_OWNER_COUNT == (int)MGPU_PRIM_COUNT && MGPU_OWNED_MASK == MGPU_PRIM_MASK_ALL,
              "src/families.def: one MGPU_FAMILY row for each mgpu_prim");

static const mgpu_family *const mgpu_owners[MGPU_PRIM_COUNT] = {
#define MGPU_FAMILY(name, PRIM) [MGPU_PRIM_##PRIM] = &mgpu__families[MGPU_FAMILY_INDEX_##name],
#define MGPU_FAMILY_SHARING(name, PRIM)
#include "families.def"
#undef MGPU_FAMILY
#undef MGPU_FAMILY_SHARING
};

const mgpu_family *mgpu__prim_owner(mgpu_prim prim) { return mgpu_owners[prim]; }
