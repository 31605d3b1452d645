// Fuzzes the request reader of `erli18n lookup` (tools/erli18n/lookup_request.cc) on input
// cut into lines as the command cuts stdin. No line may crash, hang or throw; a rejected line
// gets a diagnostic at its own line with a column inside it, and an accepted request written
// back as JSON reads back the same.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string_view>

#include "lookup_request.h"

namespace {

nlohmann::json to_json(const erli18n::cli::lookup_request& r) {
  nlohmann::json j = {{"msgid", r.msgid}};
  if (r.context) j["context"] = *r.context;
  if (r.plural) {
    j["plural"] = *r.plural;
    j["n"] = r.n;
  }
  return j;
}

bool same(const erli18n::cli::lookup_request& a, const erli18n::cli::lookup_request& b) {
  return a.msgid == b.msgid && a.context == b.context && a.plural == b.plural && a.n == b.n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  std::size_t number = 1;
  while (!input.empty()) {
    const std::size_t nl = input.find('\n');
    const std::string_view line = input.substr(0, nl);
    input = nl == std::string_view::npos ? std::string_view() : input.substr(nl + 1);
    erli18n::result<erli18n::cli::lookup_request> r = erli18n::cli::parse_lookup_request(line, number);
    if (!r) {
      const erli18n::error& e = r.error();
      // The column may point one past the line's end (an unexpected end of input).
      if (e.file != "<stdin>" || e.line != number || e.column == 0 || e.column > line.size() + 1 ||
          e.message.empty())
        std::abort();
    } else {
      if (r->plural.has_value() == false && r->n != 0) std::abort();
      // The reader accepts only valid UTF-8 strings, so its request always writes back.
      const std::string text = to_json(*r).dump();
      erli18n::result<erli18n::cli::lookup_request> again = erli18n::cli::parse_lookup_request(text, number);
      if (!again || !same(*r, *again)) std::abort();
    }
    ++number;
  }
  return 0;
}
