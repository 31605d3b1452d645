// Placeholder until the PO reader lands.
#include "erli18n/po.h"

namespace erli18n {

const po_message* po_file::header() const noexcept {
  for (const po_message& m : messages)
    if (m.is_header()) return &m;
  return nullptr;
}

std::optional<std::string> po_file::header_field(std::string_view) const { return std::nullopt; }

result<po_file> read_po(std::string_view, std::string_view file_name, const po_read_options&) {
  return error{errc::syntax, "not implemented", std::string(file_name), 0, 0};
}

result<po_file> read_po_file(const std::string& path, const po_read_options&) {
  return error{errc::io, "not implemented", path, 0, 0};
}

}  // namespace erli18n
