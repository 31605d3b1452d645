// `msguniq` as GNU gettext 0.21 documents it (`msguniq --help`): msgcat's concatenation
// (msgcat_command.cc, cat_catalogs) over one input, whose duplicate messages it combines.
#include <string_view>

#include "gnu_command_support.h"
#include "gnu_commands.h"
#include "gnu_options.h"
#include "msgcat_command.h"

namespace erli18n::gnu {

namespace {

// Every long option of GNU msguniq 0.21, in its order, so that a prefix means what it means
// there and an ambiguous one lists the same possibilities.
constexpr long_option msguniq_options[] = {
    po_row_add_location,
    {"color", takes::optional, cat_opt_color},
    {"directory", takes::required, 'D'},
    po_row_escape,
    po_row_force_po,
    {"help", takes::none, 'h'},
    po_row_indent,
    po_row_no_escape,
    po_row_no_location,
    po_row_no_wrap,
    {"output-file", takes::required, 'o'},
    {"properties-input", takes::none, 'P'},
    {"properties-output", takes::none, 'p'},
    {"repeated", takes::none, 'd'},
    po_row_sort_by_file,
    po_row_sort_output,
    po_row_strict,
    {"stringtable-input", takes::none, cat_opt_stringtable_input},
    {"stringtable-output", takes::none, cat_opt_stringtable_output},
    {"style", takes::required, cat_opt_style},
    {"to-code", takes::required, 't'},
    {"unique", takes::none, 'u'},
    {"use-first", takes::none, cat_opt_use_first},
    {"version", takes::none, 'V'},
    po_row_width,
};
constexpr std::string_view msguniq_short_options = "dD:eEFhino:pPst:uVw:";

int msguniq_main(std::string_view program, std::span<const char* const> args) {
  return run_cat_command(cat_command::msguniq, program, args, msguniq_short_options, msguniq_options);
}

}  // namespace

command_main msguniq_command() { return msguniq_main; }

}  // namespace erli18n::gnu
