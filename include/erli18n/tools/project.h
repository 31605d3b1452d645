/// \file
/// A project file: where a project states once what `%erli18n update` and `%erli18n check`
/// need (its sources, keywords, extraction options, domain, template and catalog folder),
/// and GNU's `po/POTFILES.in` and `po/LINGUAS` lists (docs/project-file.md).
///
/// The file (`erli18n.conf` at the project's root) holds `key = value` lines; `#` starts a
/// comment line; blank lines are skipped. A value is one or more words separated by spaces or
/// tabs; a word in double quotes may hold spaces, `\"` and `\\`. The keys and the kind of
/// value each takes are those of `project_keys()`; a list key may be given on several lines
/// (its words are joined), any other key once. Every mistake is an `errc::syntax` error at
/// its `file:line:col`.
///
/// \code
/// erli18n::result<erli18n::project_file> p = erli18n::read_project_file("erli18n.conf");
/// if (p) std::string domain = p->text("domain").value_or("messages");
/// \endcode
#ifndef ERLI18N_TOOLS_PROJECT_H
#define ERLI18N_TOOLS_PROJECT_H

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/result.h"

namespace erli18n {

/// The project file's name, looked for at the project's root.
inline constexpr const char* project_file_name = "erli18n.conf";

/// What a key of the project file takes.
enum class project_value_kind {
  text,     ///< exactly one word
  list,     ///< any number of words, over one or several lines
  boolean,  ///< `true` or `false`
  number    ///< a decimal number within the key's bounds
};

/// One key the project file knows.
struct project_key {
  const char* name;               ///< as written in the file (the CLI's long option where one exists)
  project_value_kind kind;        ///< the value it takes
  std::size_t min = 0;            ///< for a number: the smallest accepted
  std::size_t max = 0;            ///< for a number: the largest accepted
  const char* choices = nullptr;  ///< for a text: the values accepted, space-separated; null: any
};

/// Every key the project file knows, in the order docs/project-file.md lists them.
const std::vector<project_key>& project_keys();

/// One word of a value and where it starts.
struct project_word {
  std::string text;        ///< quotes removed, escapes resolved
  std::size_t line = 0;    ///< 1-based
  std::size_t column = 0;  ///< 1-based, in bytes
};

/// One key as the file gives it: every line of a list key joined.
struct project_entry {
  std::string key;                   ///< a `project_key::name`
  std::size_t line = 0;              ///< of the key's first line
  std::size_t column = 0;            ///< of the key's first character
  std::vector<project_word> values;  ///< checked against the key's kind
};

/// A parsed project file. The getters return nothing for a key the file does not give.
struct project_file {
  std::string path;                    ///< the name given to the parser
  std::vector<project_entry> entries;  ///< one per key, in the order keys first appear

  /// The entry of `key`, or null.
  const project_entry* find(std::string_view key) const;
  /// A text key's word.
  std::optional<std::string> text(std::string_view key) const;
  /// A boolean key's value.
  std::optional<bool> flag(std::string_view key) const;
  /// A number key's value.
  std::optional<std::size_t> number(std::string_view key) const;
  /// A list key's words (empty when not given).
  std::vector<std::string> list(std::string_view key) const;
};

/// Parses a project file's text; `file_name` names it in errors and in `project_file::path`.
/// An unknown key, a key given twice (not a list), a line without `=`, an unterminated quote
/// or a value of the wrong kind is an `errc::syntax` error at its position.
result<project_file> parse_project_file(std::string_view text, std::string_view file_name);

/// Reads and parses the file at `path` (`errc::io` when it cannot be read).
result<project_file> read_project_file(const std::string& path);

/// The source files GNU's `po/POTFILES.in` lists: one per line, spaces around it removed,
/// blank lines and lines starting with `#` skipped (as gettext's po/Makefile reads it).
std::vector<std::string> parse_potfiles(std::string_view text);

/// The locales GNU's `po/LINGUAS` lists: words separated by spaces, tabs or newlines, a `#`
/// starting a comment to the end of its line.
std::vector<std::string> parse_linguas(std::string_view text);

}  // namespace erli18n

#endif  // ERLI18N_TOOLS_PROJECT_H
