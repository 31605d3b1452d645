// Extraction of messages from C and C++ sources (extract.h). Work in progress: stubs.
#include "erli18n/extract.h"

namespace erli18n {

namespace {
error not_yet() { return error{errc::internal, "extract: not implemented yet", {}, 0, 0}; }
}  // namespace

result<keyword_spec> parse_keyword_spec(std::string_view) { return not_yet(); }
std::string to_string(const keyword_spec& spec) { return spec.name; }
std::vector<keyword_spec> default_keywords() { return {}; }
std::vector<std::string> default_keywords_for_xgettext() { return {}; }
std::string to_string(const extract_warning& w) { return w.file + ": warning: " + w.message; }
result<extract_result> extract_sources(const std::vector<std::string>&, const extract_options&) {
  return not_yet();
}
result<extract_result> extract_text(std::string_view, std::string_view, const extract_options&) {
  return not_yet();
}
po_file merge_templates(const extract_result&, const extract_options&) { return {}; }
result<std::string> render_template(const po_file&, const extract_options&) { return not_yet(); }
result<std::vector<std::string>> collect_source_files(const std::vector<std::string>&) { return not_yet(); }

}  // namespace erli18n
