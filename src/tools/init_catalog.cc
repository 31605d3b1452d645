// msginit's new catalog (erli18n/tools/init.h), as found by running GNU msginit 0.21
// --no-translator over templates with and without a header, with fields missing, reordered or
// filled in, and over every locale of init_catalog_tables.h.
#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <system_error>

#include "charset.h"
#include "erli18n/tools/init.h"
#include "erli18n/tools/merge.h"
#include "init_catalog_tables.h"
#include "merge_header.h"

namespace erli18n {
namespace {

template <class Table>
auto find_entry(const Table& table, std::string_view key) -> decltype(std::begin(table)) {
  auto it = std::ranges::lower_bound(table, key, {}, [](const auto& entry) { return entry.first; });
  return it != std::end(table) && it->first == key ? it : std::end(table);
}

// A header field's value without the one blank that follows the colon, as msginit reads it.
std::optional<std::string> field_value(std::string_view header, std::string_view field) {
  std::optional<std::string> value = detail::header_value(header, field);
  if (value && !value->empty() && value->front() == ' ') value->erase(0, 1);
  return value;
}

// The template's header names UTF-8 as its charset (a template without one is not UTF-8 for
// msginit, whatever the reader assumes).
bool template_is_utf8(std::string_view header) {
  const std::optional<std::string> type = detail::header_value(header, "Content-Type");
  if (!type) return false;
  const std::size_t at = type->find("charset=");
  if (at == std::string::npos) return false;
  const std::string_view value = std::string_view(*type).substr(at + 8);
  return charset::is_utf8(value.substr(0, std::min(value.find_first_of(" \t"), value.size())));
}

// msginit converts no text: it writes the template's bytes under the catalog's charset. On the
// template msgunfmt makes of af/bash.mo (ISO-8859-1), msginit 0.21 writes `bin\xeare` as
// `binre` both with -l de (ASCII: de is not installed) and with -l C.UTF-8, the byte that is no
// character there left out with a warning ("invalid multibyte sequence"), exit 0; comments
// keep their bytes. So the model's text, UTF-8 read from the template's charset, becomes the
// template's bytes again: held unconverted in a UTF-8 or ASCII catalog (write_po leaves out what
// is no character there, as msginit does), else read in the catalog's charset, which write_po
// writes back as those bytes.
void keep_template_bytes(po_file& catalog, std::string_view template_charset) {
  // What the reader did not convert is the file's bytes already.
  const bool read_as_is = charset::is_utf8(template_charset) || template_charset == "CHARSET";
  if (read_as_is && charset::is_utf8(catalog.charset)) return;
  const bool raw = charset::is_utf8(catalog.charset) || charset::is_ascii(catalog.charset);
  const auto recode = [&](std::string& text) {
    std::string bytes = text;
    if (!read_as_is) {
      charset::conversion back = charset::from_utf8(text, template_charset);
      if (!back.ok) return;
      bytes = std::move(back.text);
    }
    if (!raw) {
      charset::conversion read = charset::to_utf8(bytes, catalog.charset);
      if (!read.ok) return;
      bytes = std::move(read.text);
    }
    text = std::move(bytes);
  };
  const auto recode_optional = [&](std::optional<std::string>& text) {
    if (text) recode(*text);
  };
  for (po_message& m : catalog.messages) {
    for (std::string& c : m.translator_comments) recode(c);
    for (std::string& c : m.extracted_comments) recode(c);
    for (po_reference& r : m.references) recode(r.file);
    recode_optional(m.previous_msgctxt);
    recode_optional(m.previous_msgid);
    recode_optional(m.previous_msgid_plural);
    recode_optional(m.msgctxt);
    recode(m.msgid);
    recode_optional(m.msgid_plural);
    for (std::string& str : m.msgstr) recode(str);
  }
  catalog.unconverted = raw;
}

// The part of `name` before its territory, codeset and modifier.
std::string_view language_of(std::string_view name) {
  return name.substr(0, std::min(name.find_first_of("_.@"), name.size()));
}

// The template's comment placeholders, replaced in one pass so that what a replacement brings
// in (a package called YEAR) is not replaced again.
std::string filled_comment(std::string_view comment,
                           const std::array<std::pair<std::string_view, std::string>, 4>& fills) {
  std::string out;
  for (std::size_t at = 0; at < comment.size();) {
    bool replaced = false;
    for (const auto& [placeholder, text] : fills) {
      if (comment.substr(at, placeholder.size()) != placeholder) continue;
      out += text;
      at += placeholder.size();
      replaced = true;
      break;
    }
    if (!replaced) out += comment[at++];
  }
  return out;
}

// A `NAME=value` line of a configure script: the value without its single quotes, or nothing
// when it is empty or computed (quotes, `$`, backquotes or braces in it).
std::optional<std::string> configure_value(const std::string& configure, std::string_view first,
                                           std::string_view second) {
  for (std::string_view key : {first, second}) {
    std::istringstream lines(configure);
    for (std::string line; std::getline(lines, line);) {
      std::string_view l = line;
      if (key != first) l.remove_prefix(std::min(l.find_first_not_of(' '), l.size()));
      if (!l.starts_with(key) || l.size() == key.size() || l[key.size()] != '=') continue;
      std::string_view value = l.substr(key.size() + 1);
      if (value.find_first_not_of(" \t") == std::string_view::npos) continue;
      if (value.starts_with('\'')) value.remove_prefix(1);
      if (value.ends_with('\'')) value.remove_suffix(1);
      if (value.find_first_of("\"$`{}") != std::string_view::npos) return std::nullopt;
      return std::string(value);
    }
  }
  return std::nullopt;
}

bool file_contains(const std::filesystem::path& path, std::string_view needle) {
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return text.find(needle) != std::string::npos;
}

std::optional<msginit_project_id> project_of_configure(const std::filesystem::path& folder) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(folder / "configure", ec)) return std::nullopt;
  std::ifstream in(folder / "configure", std::ios::binary);
  const std::string configure((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::optional<std::string> name = configure_value(configure, "PACKAGE_NAME", "PACKAGE");
  if (!name || name->empty()) return std::nullopt;
  // A GNU package says so somewhere in its top folder (libtool's script is not the package).
  const std::string gnu_name = "GNU " + *name;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    const std::string file = entry.path().filename().string();
    if (file.starts_with('.') || file == "libtool" || !entry.is_regular_file(ec)) continue;
    if (file_contains(entry.path(), gnu_name)) {
      *name = gnu_name;
      break;
    }
  }
  return msginit_project_id{*name, configure_value(configure, "PACKAGE_VERSION", "VERSION").value_or("")};
}

std::optional<msginit_project_id> project_of_folder_name(const std::string& folder) {
  if (folder == "i18n") return std::nullopt;  // a folder of GNU make's, not a project's
  const std::size_t letter = folder.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
  if (letter == std::string::npos || folder.find_first_of("0123456789", letter) == std::string::npos)
    return std::nullopt;
  const std::size_t digit = folder.find_first_of("0123456789");
  std::string name = folder.substr(0, digit);
  if (!name.empty() && (name.back() == '-' || name.back() == '_')) name.pop_back();
  return msginit_project_id{name, folder.substr(digit)};
}

}  // namespace

std::string msginit_catalog_name(std::string_view locale) {
  std::string name(locale.substr(0, std::min(locale.find_first_of(".@"), locale.size())));
  if (const std::size_t at = locale.find('@'); at != std::string_view::npos) {
    name += locale.substr(at);
    return name;
  }
  if (std::ranges::binary_search(detail::main_territory_locales, std::string_view(name)))
    name.erase(name.find('_'));
  return name;
}

std::optional<std::string_view> msginit_language_name(std::string_view language) {
  auto it = find_entry(detail::language_names, language);
  if (it == std::end(detail::language_names)) return std::nullopt;
  return it->second;
}

std::optional<std::string_view> msginit_plural_forms(std::string_view catalog_name) {
  for (std::string_view key : {catalog_name, language_of(catalog_name)}) {
    auto it = find_entry(detail::plural_forms_table, key);
    if (it != std::end(detail::plural_forms_table)) return it->second;
  }
  return std::nullopt;
}

msginit_project_id msginit_project(const std::string& folder) {
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::weakly_canonical(folder, ec);
  if (ec) dir = folder;
  while (true) {
    if (std::optional<msginit_project_id> id = project_of_configure(dir)) return *id;
    if (std::optional<msginit_project_id> id = project_of_folder_name(dir.filename().string())) return *id;
    if (!dir.has_relative_path()) return {"PACKAGE", "VERSION"};
    dir = dir.parent_path();
  }
}

po_file msginit_catalog(const po_file& pot, const msginit_options& options) {
  po_file out;
  out.file_name = pot.file_name;
  if (pot.messages.empty()) return out;  // an empty file gets no header either
  const std::string catalog_name = msginit_catalog_name(options.locale);

  po_message header;
  bool had_header = false;
  if (const po_message* h = pot.header()) {
    header = *h;
    had_header = true;
  }
  if (header.msgstr.empty()) header.msgstr.emplace_back();
  std::string text = header.msgstr[0];
  out.charset = template_is_utf8(text) ? "UTF-8" : options.locale_charset;

  const std::string project =
      options.project_name + (options.project_version.empty() ? "" : " " + options.project_version);
  std::string package = options.project_name;
  const std::optional<std::string> id = field_value(text, "Project-Id-Version");
  if (!id || *id == "PACKAGE VERSION")
    text = detail::header_with_field(text, "Project-Id-Version", project, "");
  else
    package = id->substr(0, std::min(id->rfind(' '), id->size()));
  if (std::optional<std::string> created = field_value(text, "POT-Creation-Date"))
    text = detail::header_with_field(text, "PO-Revision-Date", *created, "");
  text = detail::header_with_field(text, "Last-Translator", "Automatically generated", "");
  text = detail::header_with_field(text, "Language-Team", "none", "");
  text = detail::header_with_field(text, "Language", catalog_name, "");
  text = detail::header_with_field(text, "MIME-Version", "1.0", "");
  text = detail::header_with_field(text, "Content-Type", "text/plain; charset=" + out.charset, "");
  text = detail::header_with_field(text, "Content-Transfer-Encoding", "8bit", "");
  if (std::optional<std::string_view> forms = msginit_plural_forms(catalog_name))
    text = detail::header_with_field(text, "Plural-Forms", *forms, "");
  // Two forms when the header says no number, as msginit gives them.
  const std::size_t nplurals =
      plural_forms_count(field_value(text, "Plural-Forms").value_or(std::string())).value_or(2);
  header.msgstr.assign(1, text);
  header.fuzzy = false;

  if (had_header) {
    const std::string_view language = language_of(catalog_name);
    const std::optional<std::string_view> language_name = msginit_language_name(language);
    const std::string title =
        (language_name ? std::string(*language_name) : "Language " + std::string(language)) +
        " translations for " + package + " package";
    const std::array<std::pair<std::string_view, std::string>, 4> fills{{
        {"SOME DESCRIPTIVE TITLE", title},
        {"FIRST AUTHOR <EMAIL@ADDRESS>", "Automatically generated"},
        {"PACKAGE", package},
        {"YEAR", options.year},
    }};
    for (std::string& comment : header.translator_comments) comment = filled_comment(comment, fills);
  }

  out.messages.reserve(pot.messages.size() + (had_header ? 0 : 1));
  out.messages.push_back(std::move(header));
  // An English catalog starts translated: its messages are their own translation (obsolete
  // ones too), as msginit writes it for en, en_GB, en@quot...
  const bool english = language_of(catalog_name) == "en";
  for (const po_message& m : pot.messages) {
    if (m.is_header()) continue;
    po_message& copy = out.messages.emplace_back(m);
    // Forms a translator filled in are kept as they are; blank ones are as many as the rule has.
    if (!std::ranges::all_of(copy.msgstr, &std::string::empty)) continue;
    if (!english) {
      if (copy.is_plural()) copy.msgstr.assign(nplurals, std::string());
      continue;
    }
    // English's two forms are the msgid's: other shapes are left as they are.
    if (!copy.is_plural() && copy.msgstr.size() == 1)
      copy.msgstr[0] = copy.msgid;
    else if (copy.is_plural() && copy.msgstr.size() == 2)
      copy.msgstr = {copy.msgid, *copy.msgid_plural};
  }
  keep_template_bytes(out, pot.charset);
  return out;
}

void fill_init_header(po_file& catalog, std::string_view locale, std::string_view plural_forms,
                      const init_header& fill) {
  auto header = std::ranges::find_if(catalog.messages, &po_message::is_header);
  if (header == catalog.messages.end())
    header = catalog.messages.insert(catalog.messages.begin(), po_message{});
  if (header->msgstr.empty()) header->msgstr.emplace_back();
  std::string text = header->msgstr[0];
  // The value a field still holds from the template (or none at all): the ones to fill.
  auto unset = [&text](std::string_view field, std::string_view template_value) {
    const std::optional<std::string> v = field_value(text, field);
    return !v || v->empty() || *v == template_value;
  };
  const std::optional<std::string> id = field_value(text, "Project-Id-Version");
  std::string project;  // "NAME VERSION" or "NAME"; the comments' PACKAGE is the name
  if (!fill.project.empty() && unset("Project-Id-Version", "PACKAGE VERSION")) {
    project = fill.project;
    text = detail::header_with_field(text, "Project-Id-Version", fill.project, "");
  } else if (id && *id != "PACKAGE VERSION") {
    project = *id;
  }
  const std::string package = project.substr(0, std::min(project.rfind(' '), project.size()));
  if (!fill.revision_date.empty())
    text = detail::header_with_field(text, "PO-Revision-Date", fill.revision_date, "");
  if (!fill.translator.empty())
    text = detail::header_with_field(text, "Last-Translator", fill.translator, "");
  if (!fill.language_team.empty() && unset("Language-Team", "LANGUAGE <LL@li.org>"))
    text = detail::header_with_field(text, "Language-Team", fill.language_team, "");
  text = detail::header_with_field(text, "Language", locale, "MIME-Version");
  if (unset("MIME-Version", "")) text = detail::header_with_field(text, "MIME-Version", "1.0", "");
  if (const std::optional<std::string> type = field_value(text, "Content-Type");
      !type || type->find("charset=") == std::string::npos ||
      type->find("charset=CHARSET") != std::string::npos)
    text = detail::header_with_field(text, "Content-Type", "text/plain; charset=UTF-8",
                                     "Content-Transfer-Encoding");
  if (unset("Content-Transfer-Encoding", "ENCODING"))
    text = detail::header_with_field(text, "Content-Transfer-Encoding", "8bit", "");
  if (!plural_forms.empty()) text = detail::header_with_field(text, "Plural-Forms", plural_forms, "");
  header->msgstr.assign(1, text);
  header->fuzzy = false;  // the template's "fill me in" mark: the header is now filled in

  const std::string_view language = language_of(locale);
  const std::optional<std::string_view> language_name = msginit_language_name(language);
  const std::string title =
      (language_name ? std::string(*language_name) : "Language " + std::string(language)) +
      " translations for " + (package.empty() ? "PACKAGE" : package) + " package";
  std::array<std::pair<std::string_view, std::string>, 4> fills{{
      {"SOME DESCRIPTIVE TITLE", title},
      {"FIRST AUTHOR <EMAIL@ADDRESS>", fill.translator},
      {"PACKAGE", package},
      {"YEAR", fill.year},
  }};
  // An empty replacement would leave a gap where the placeholder was: keep the placeholder.
  for (auto& [placeholder, replacement] : fills)
    if (replacement.empty()) replacement = std::string(placeholder);
  for (std::string& comment : header->translator_comments) comment = filled_comment(comment, fills);
}

po_file init_catalog(const po_file& pot, std::string_view locale, std::string_view plural_forms,
                     const init_header& fill) {
  po_file out = init_catalog(pot, locale, plural_forms);
  fill_init_header(out, locale, plural_forms, fill);
  return out;
}

}  // namespace erli18n
