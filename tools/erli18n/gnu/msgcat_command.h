// What msgcat and msguniq share: they take the same output options and run the same
// concatenation (include/erli18n/tools/cat.h); msguniq is msgcat over one input whose duplicates
// it combines.
#pragma once

#include <span>
#include <string_view>

#include "gnu_options.h"

namespace erli18n::gnu {

enum class cat_command { msgcat, msguniq };

// Parses `args` with the command's option table and runs it; returns the exit status.
int run_cat_command(cat_command command, std::string_view program, std::span<const char* const> args,
                    std::string_view short_options, std::span<const long_option> options);

// Codes of the long-only options both tables use.
enum : int {
  cat_opt_color = 256,
  cat_opt_lang,
  cat_opt_stringtable_input,
  cat_opt_stringtable_output,
  cat_opt_style,
  cat_opt_use_first,
};

}  // namespace erli18n::gnu
