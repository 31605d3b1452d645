#include "erli18n/embedded.h"

#include <string>
#include <string_view>

namespace erli18n {

result<std::size_t> register_embedded(catalog_store& store, const embedded_catalog* catalogs,
                                      std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    const embedded_catalog& c = catalogs[i];
    // The name shows in diagnostics and in catalogs(): say where the bytes came from.
    const std::string name = std::string("<embedded ") + c.domain + "/" + c.locale + ">";
    result<load_outcome> r = store.load_static(c.domain, c.locale, std::string_view(c.mo, c.size), name);
    if (!r) return std::move(r).error();
  }
  return count;
}

}  // namespace erli18n
