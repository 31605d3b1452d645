// A layering violation on purpose (the layering_probes test): base code including a private
// header of the store layer, which the base layer's include path does not hold.
#include "store_impl.h"
