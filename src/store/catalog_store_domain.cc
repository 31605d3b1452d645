// catalog_store::load_domain: a domain's installed catalogs, found as the watcher finds them
// (watch_scan.h), so a program that loads its catalogs once and one that watches them agree on
// which file serves each locale.
#include <sys/stat.h>

#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/catalog_path.h"
#include "erli18n/catalog_store.h"
#include "erli18n/events.h"
#include "file_io.h"
#include "store_impl.h"
#include "store_write.h"
#include "watch_scan.h"

namespace erli18n {

result<domain_load> catalog_store::load_domain(std::string_view domain, const std::string& root,
                                               const load_options& options) {
  if (result<void> ok = validate_path_component(domain, "domain"); !ok) return std::move(ok).error();
  const detail::file_signature root_sig = detail::signature_of(root);
  if (root_sig.error != 0) return io_error(root, "cannot read catalogs", root_sig.error);
  if (!S_ISDIR(root_sig.mode))
    return detail::make_error(errc::io, "cannot read catalogs: not a folder", root);
  domain_load loaded;
  loaded.domain.assign(domain);
  loaded.root = root;
  std::optional<error> first_failure;
  // What the scan leaves unread is told to observers, as the watcher tells it: a second folder
  // naming a locale, a .po its .mo shadows (no silent choice between two files).
  const auto tell_unread = [&](event_kind kind, const std::string& locale, const std::string& used,
                               const std::string& ignored) {
    detail::raise_unread(*impl_, kind, domain, locale, used, ignored);
  };
  std::vector<detail::duplicate_locale_dir> duplicates;
  const auto dirs = detail::locale_dirs(root, duplicates);
  for (const detail::duplicate_locale_dir& d : duplicates)
    if (detail::scan_domain(root, d.ignored, domain).signature.exists())
      tell_unread(event_kind::duplicate_locale_folder, d.locale, root + "/" + d.used, root + "/" + d.ignored);
  for (const auto& [dir, locale] : dirs) {
    const detail::catalog_file file = detail::scan_domain(root, dir, domain);
    if (!file.signature.exists()) continue;
    if (const std::string po = detail::shadowed_po(file); !po.empty())
      tell_unread(event_kind::catalog_shadowed, locale, file.path, po);
    result<load_outcome> outcome = load(domain, locale, file.path, options);
    if (!outcome) {
      if (!first_failure) first_failure = std::move(outcome).error();
      continue;
    }
    loaded.catalogs.push_back(domain_catalog{locale, file.path, outcome->messages});
  }
  if (first_failure) return std::move(*first_failure);
  if (loaded.catalogs.empty())
    return detail::make_error(errc::not_found,
                              "no catalog of domain '" + std::string(domain) + "' (LOCALE/LC_MESSAGES/" +
                                  std::string(domain) + ".mo or .po)",
                              root);
  return loaded;
}

locale_fallback catalog_store::fallback() const {
  std::lock_guard lock(impl_->writer);
  return impl_->fallback;
}

}  // namespace erli18n
