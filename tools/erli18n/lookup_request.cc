// The request reader of `erli18n lookup` (see lookup_request.h).
#include "lookup_request.h"

#include <climits>
#include <nlohmann/json.hpp>
#include <utility>

namespace erli18n::cli {
namespace {

error request_error(std::size_t line, std::size_t column, std::string message) {
  error e;
  e.file = "<stdin>";
  e.line = line;
  e.column = column;
  e.message = std::move(message);
  return e;
}

}  // namespace

result<lookup_request> parse_lookup_request(std::string_view text, std::size_t line) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // what() reads "[json.exception.parse_error.101] parse error at line 1, column 5: ...":
    // the position is already in the diagnostic's prefix, so keep only the explanation.
    std::string what = e.what();
    std::size_t colon = what.find(": ");
    return request_error(line, e.byte,
                         "invalid JSON: " + (colon == std::string::npos ? what : what.substr(colon + 2)));
  } catch (const nlohmann::json::exception& e) {
    // The parser also throws out_of_range for a number no double holds (`1e400`), with no
    // position: "[json.exception.out_of_range.406] number overflow parsing '1e400'".
    std::string what = e.what();
    std::size_t space = what.find("] ");
    return request_error(line, 1,
                         "invalid JSON: " + (space == std::string::npos ? what : what.substr(space + 2)));
  }
  if (!j.is_object()) return request_error(line, 1, "a request must be a JSON object");
  lookup_request r;
  for (const auto& [key, value] : j.items()) {
    if (key == "msgid" || key == "context" || key == "plural") {
      if (!value.is_string()) return request_error(line, 1, "\"" + key + "\" must be a string");
      std::string s = value.get<std::string>();
      if (key == "msgid") r.msgid = std::move(s);
      if (key == "context") r.context = std::move(s);
      if (key == "plural") r.plural = std::move(s);
    } else if (key == "n") {
      if (!value.is_number_unsigned() || value.get<unsigned long long>() > ULONG_MAX)
        return request_error(line, 1, "\"n\" must be an integer from 0 to " + std::to_string(ULONG_MAX));
      r.n = static_cast<unsigned long>(value.get<unsigned long long>());
    } else {
      return request_error(line, 1, "unknown field \"" + key + "\"");
    }
  }
  if (!j.contains("msgid")) return request_error(line, 1, "missing \"msgid\"");
  if (j.contains("plural") != j.contains("n"))
    return request_error(line, 1, "\"plural\" and \"n\" must be given together");
  return r;
}

}  // namespace erli18n::cli
