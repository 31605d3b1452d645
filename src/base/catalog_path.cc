#include "erli18n/catalog_path.h"

#include <string>
#include <string_view>
#include <utility>

namespace erli18n {
namespace {

error invalid(std::string_view what, std::string_view problem) {
  std::string message(what);
  message += ' ';
  message += problem;
  return error{errc::invalid_argument, std::move(message), {}, 0, 0};
}

}  // namespace

result<void> validate_path_component(std::string_view name, std::string_view what) {
  if (name.empty()) return invalid(what, "is empty");
  if (name == ".") return invalid(what, "is \".\"");
  if (name.front() == '/') return invalid(what, "is an absolute path");
  if (name.find('/') != std::string_view::npos) return invalid(what, "contains '/'");
  if (name.find('\\') != std::string_view::npos) return invalid(what, "contains '\\'");
  if (name.find('\0') != std::string_view::npos) return invalid(what, "contains a NUL byte");
  // Any "..", not only a whole "..": no real locale or domain needs one, and refusing them all
  // leaves no spelling to argue about.
  if (name.find("..") != std::string_view::npos) return invalid(what, "contains \"..\"");
  return {};
}

result<std::string> catalog_path(std::string_view root, std::string_view locale, std::string_view domain,
                                 std::string_view extension) {
  if (root.empty()) return invalid("root", "is empty");
  if (root.find('\0') != std::string_view::npos) return invalid("root", "contains a NUL byte");
  if (result<void> ok = validate_path_component(locale, "locale"); !ok) return ok.error();
  if (result<void> ok = validate_path_component(domain, "domain"); !ok) return ok.error();
  if (extension.empty() || extension.front() != '.') return invalid("extension", "does not start with '.'");
  if (result<void> ok = validate_path_component(extension, "extension"); !ok) return ok.error();

  while (root.size() > 1 && root.back() == '/') root.remove_suffix(1);
  std::string path;
  constexpr std::string_view lc_messages = "/LC_MESSAGES/";
  path.reserve(root.size() + 1 + locale.size() + lc_messages.size() + domain.size() + extension.size());
  path += root;
  if (path.back() != '/') path += '/';
  path += locale;
  path += lc_messages;
  path += domain;
  path += extension;
  return path;
}

}  // namespace erli18n
