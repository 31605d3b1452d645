// xgettext's `--check` syntax checks on extracted strings (extract_syntax_check.cc): the
// sentence splitting `--sentence-end` chooses, and the four checks, each reporting its
// findings in xgettext 0.21's words.
#ifndef ERLI18N_SRC_TOOLS_EXTRACT_SYNTAX_CHECK_H
#define ERLI18N_SRC_TOOLS_EXTRACT_SYNTAX_CHECK_H

#include <string>
#include <string_view>
#include <vector>

#include "erli18n/tools/extract.h"

namespace erli18n::extract_detail {

// Where the sentence starting at `text[0]` ends: the offset of its last ending character
// (`.`, `?`, `!`, `…`, the last of a run of them), which is followed by closing quotes or
// brackets and then the end of the text or the spacing `type` asks; `ending` is that
// character. No such end: `text.size()`, `ending` U+FFFD.
std::size_t sentence_end_of(std::string_view text, sentence_end type, char32_t& ending);

// What `check` finds in `text` (one msgid or msgid_plural), one diagnostic per finding, in
// xgettext 0.21's words, appended to `problems`.
void run_syntax_check(syntax_check check, std::string_view text, sentence_end type,
                      std::vector<std::string>& problems);

}  // namespace erli18n::extract_detail

#endif  // ERLI18N_SRC_TOOLS_EXTRACT_SYNTAX_CHECK_H
