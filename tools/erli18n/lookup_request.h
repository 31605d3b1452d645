// The request reader of `erli18n lookup`: one JSON line from stdin, e.g.
// `{"msgid": "file", "context": "menu", "plural": "files", "n": 5}`. `context` is optional,
// `plural` and `n` come together, no other field is allowed. Requests come from whatever
// drives the CLI, so the reader is fuzzed (fuzz/fuzz_lookup_request.cc compiles this file).
#ifndef ERLI18N_TOOLS_LOOKUP_REQUEST_H
#define ERLI18N_TOOLS_LOOKUP_REQUEST_H

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "erli18n/result.h"

namespace erli18n::cli {

/// One lookup request.
struct lookup_request {
  std::string msgid;
  std::optional<std::string> context;
  std::optional<std::string> plural;  ///< given exactly when `n` is
  unsigned long n = 0;
};

/// Reads request line `line` (1-based, for diagnostics): the request, or an error
/// `<stdin>:LINE:COL: ...` (COL the byte of a JSON syntax error, else 1).
result<lookup_request> parse_lookup_request(std::string_view text, std::size_t line);

}  // namespace erli18n::cli

#endif  // ERLI18N_TOOLS_LOOKUP_REQUEST_H
