// The plural rules nearly every real catalog uses, with a native evaluator each.
//
// plural_rule::parse compiles a rule and, when its program is the program of one of these
// expressions (whatever its spacing and redundant parentheses), evaluates it with the
// native function instead of the interpreter: a few nanoseconds instead of a few dozen.
// The expressions are C, so each C++ transcription below has glibc's semantics (unsigned
// long arithmetic, C precedence); plural_test checks every one against the interpreter.
#ifndef ERLI18N_SRC_PLURAL_KNOWN_H
#define ERLI18N_SRC_PLURAL_KNOWN_H

#include <array>
#include <string_view>

namespace erli18n::detail {

using plural_native = unsigned long (*)(unsigned long) noexcept;

struct known_plural_rule {
  std::string_view expression;
  plural_native evaluate;
};

// Ordered by how many catalogs under /usr/share/locale use the rule (plural_known.cc). Not
// defined here: the evaluators are compiled with their own translation unit's options, not
// those of each that reads the table (plural.cc is compiled for size: cmake/layers.cmake).
extern const std::array<known_plural_rule, 13> known_plural_rules;

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_PLURAL_KNOWN_H
