// Placeholder until the PO writer lands.
#include "erli18n/po.h"

namespace erli18n {

result<std::string> write_po(const po_file& po, const po_write_options&) {
  return error{errc::syntax, "not implemented", po.file_name, 0, 0};
}

}  // namespace erli18n
