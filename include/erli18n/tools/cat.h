/// \file
/// Concatenate catalogs as GNU `msgcat` does (and unify one catalog's duplicates as `msguniq`).
///
/// `cat_catalogs(inputs)` returns the catalog `msgcat IN1.po IN2.po ...` writes:
///  - every message of every input, in the order it is first seen (the header too), the
///    obsolete messages after the live ones;
///  - a message several inputs define is one message. When some of them translate it (not
///    fuzzy, the first form not empty), only those count; otherwise all do. Their references
///    are combined; their comments too, each input's under a `#-#-#-#-#  NAME (PROJECT)  #-#-#-#-#`
///    line unless all are equal; where their translations differ each form holds every
///    translation under such a line, and the message is fuzzy. Format flags combine (`c-format`
///    over `no-c-format`, `possible-` and `impossible-` dropped), `no-wrap` wins, a `range:`
///    spans all ranges when all have one. The message is obsolete only when all are. The
///    header is combined the same way, from every input;
///  - `more_than`/`less_than` keep the messages counted more than / fewer than so many times
///    (the header always stays); `use_first` takes each message from the first input that
///    counts for it instead;
///  - the output charset is `to_code`, else the inputs' own when they agree, else UTF-8.
///
/// The function is pure and thread-safe; it takes the inputs by value to move their messages.
///
/// \code
/// std::vector<erli18n::cat_input> in;
/// in.push_back({*erli18n::read_po_file("a.po"), "a.po"});
/// in.push_back({*erli18n::read_po_file("b.po"), "b.po"});
/// auto out = erli18n::cat_catalogs(std::move(in));
/// if (out) std::cout << *erli18n::write_po(out->catalog);  // what `msgcat a.po b.po` prints
/// \endcode
#ifndef ERLI18N_CAT_H
#define ERLI18N_CAT_H

#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "erli18n/po.h"
#include "erli18n/result.h"
#include "erli18n/tools/merge.h"

namespace erli18n {

/// One input of `cat_catalogs`.
struct cat_input {
  po_file catalog;
  /// The name the `#-#-#-#-#` lines give it: msgcat's is the file's base name, "-" for
  /// standard input.
  std::string name;
};

/// Options of `cat_catalogs`, as msgcat's and msguniq's.
struct cat_options {
  /// `--more-than=N`: keep the messages counted more than N times.
  std::size_t more_than = 0;
  /// `--less-than=N` (`-u` is 2): keep the messages counted fewer than N times.
  std::size_t less_than = std::numeric_limits<std::size_t>::max();
  /// `--use-first`: each message as the first input that counts for it has it.
  bool use_first = false;
  /// msguniq: a message an input defines twice is combined as if two inputs defined it.
  /// msgcat (false) refuses such an input ("duplicate message definition").
  bool merge_duplicates = false;
  /// `--to-code=NAME`: the output charset (a portable name, else an error). Empty: the
  /// inputs' charset when they all name the same, else UTF-8 (with a warning).
  std::string to_code;
  /// `--lang=CATALOGNAME`: the header's Language field (an empty value is written too).
  std::optional<std::string> lang;
  /// `--add-location=TYPE`, `--no-location`.
  merge_location add_location = merge_location::full;
  /// `--sort-output`; `--sort-by-file` when `sort_by_file`.
  bool sort_output = false;
  bool sort_by_file = false;
};

/// The concatenated catalog and what msgcat would say about it on stderr (each a line without
/// the program's name): `warnings`, and `problems`, after which msgcat still writes the catalog
/// but exits with status 1 (a msgid used with and without a plural).
struct cat_result {
  po_file catalog;
  std::vector<std::string> warnings;
  std::vector<std::string> problems;
};

/// Concatenates `inputs` as msgcat does. Fails on a charset that is not a portable name (an
/// input's, or `to_code`), on a conversion that would change a msgid, and without
/// `merge_duplicates` on an input that defines a message twice.
result<cat_result> cat_catalogs(std::vector<cat_input> inputs, const cat_options& options = {});

/// Whether msgcat accepts `name` as a charset (the portable encoding names, any case).
bool is_portable_charset(const std::string& name);

}  // namespace erli18n

#endif  // ERLI18N_CAT_H
