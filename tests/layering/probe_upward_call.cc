// A layering violation on purpose (the layering_probes test): base code that calls the store.
#include "erli18n/catalog_store.h"

const void* layering_probe_upward_call() { return &erli18n::catalog_store::default_store(); }
