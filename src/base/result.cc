#include "erli18n/result.h"

namespace erli18n {

std::string error::to_string() const {
  std::string out;
  if (!file.empty()) {
    out += file;
    out += ':';
    if (line != 0) {
      out += std::to_string(line);
      out += ':';
      if (column != 0) {
        out += std::to_string(column);
        out += ':';
      }
    }
    out += ' ';
  }
  out += "error: ";
  out += message;
  return out;
}

}  // namespace erli18n
