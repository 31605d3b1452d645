#include "watch_scan.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

#include "erli18n/catalog_path.h"
#include "erli18n/locale_name.h"

namespace erli18n::detail {
namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// The names in a folder (without `.` and `..`), or none when it cannot be read.
std::vector<std::string> names_in(const std::string& dir) {
  std::vector<std::string> names;
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return names;
  while (const dirent* e = ::readdir(d)) {
    std::string_view name = e->d_name;
    if (name != "." && name != "..") names.emplace_back(name);
  }
  ::closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

bool file_signature::exists() const noexcept { return error != ENOENT && error != ENOTDIR; }

bool file_signature::loadable() const noexcept {
  if (!exists()) return false;
  if (error != 0) return true;
  return S_ISREG(mode) || S_ISDIR(mode);
}

file_signature signature_of(const std::string& path) {
  file_signature s;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    s.error = errno;
    return s;
  }
  s.dev = st.st_dev;
  s.ino = st.st_ino;
  s.size = static_cast<std::uint64_t>(st.st_size);
  s.mtime_ns = std::int64_t{st.st_mtim.tv_sec} * 1000000000 + st.st_mtim.tv_nsec;
  s.ctime_ns = std::int64_t{st.st_ctim.tv_sec} * 1000000000 + st.st_ctim.tv_nsec;
  s.mode = st.st_mode;
  return s;
}

file_snapshot read_snapshot(const std::string& path, std::size_t max_bytes) {
  file_snapshot snap;
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return snap;
  struct closer {
    int fd;
    ~closer() { ::close(fd); }
  } close_at_end{fd};
  struct stat before {};
  if (::fstat(fd, &before) != 0 || !S_ISREG(before.st_mode)) return snap;
  const auto size = static_cast<std::size_t>(before.st_size);
  if (size > max_bytes) return snap;
  snap.bytes.resize(size + 1);  // one byte more: a file that grew shows up as a long read
  std::size_t got = 0;
  while (got < snap.bytes.size()) {
    const ssize_t n = ::read(fd, snap.bytes.data() + got, snap.bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return snap;
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  struct stat after {};
  if (::fstat(fd, &after) != 0) return snap;
  const bool held =
      got == size && after.st_size == before.st_size && after.st_mtim.tv_sec == before.st_mtim.tv_sec &&
      after.st_mtim.tv_nsec == before.st_mtim.tv_nsec && after.st_ctim.tv_sec == before.st_ctim.tv_sec &&
      after.st_ctim.tv_nsec == before.st_ctim.tv_nsec;
  snap.bytes.resize(got);
  if (!held)
    snap.result = file_snapshot::outcome::changing;
  else if (got == 0)
    snap.result = file_snapshot::outcome::empty;
  else
    snap.result = file_snapshot::outcome::complete;
  return snap;
}

std::string messages_dir(const std::string& root, std::string_view dir) {
  std::string path = root;
  if (path.empty() || path.back() != '/') path += '/';
  path += dir;
  path += "/LC_MESSAGES";
  return path;
}

std::string_view domain_of(std::string_view file_name) {
  if (file_name.empty() || file_name.front() == '.') return {};
  if (!ends_with(file_name, ".po") && !ends_with(file_name, ".mo")) return {};
  std::string_view stem = file_name.substr(0, file_name.size() - 3);
  if (!validate_path_component(stem, "domain")) return {};
  return stem;
}

catalog_file scan_domain(const std::string& root, std::string_view dir, std::string_view domain) {
  const std::string base = messages_dir(root, dir) + "/" + std::string(domain);
  catalog_file mo{base + ".mo", signature_of(base + ".mo")};
  if (mo.signature.exists()) return mo;
  return {base + ".po", signature_of(base + ".po")};
}

std::map<std::string, catalog_file> scan_messages_dir(const std::string& root, std::string_view dir) {
  std::map<std::string, catalog_file> found;
  for (const std::string& name : names_in(messages_dir(root, dir))) {
    std::string_view domain = domain_of(name);
    if (domain.empty() || found.count(std::string(domain))) continue;
    catalog_file f = scan_domain(root, dir, domain);
    if (f.signature.exists()) found.emplace(std::string(domain), std::move(f));
  }
  return found;
}

std::string shadowed_po(const catalog_file& used) {
  if (!ends_with(used.path, ".mo") || !used.signature.exists()) return {};
  std::string po = used.path;
  po.replace(po.size() - 3, 3, ".po");
  return signature_of(po).exists() ? po : std::string();
}

std::vector<std::pair<std::string, std::string>> locale_dirs(const std::string& root) {
  std::vector<duplicate_locale_dir> duplicates;
  return locale_dirs(root, duplicates);
}

std::vector<std::pair<std::string, std::string>> locale_dirs(const std::string& root,
                                                             std::vector<duplicate_locale_dir>& duplicates) {
  duplicates.clear();
  std::vector<std::pair<std::string, std::string>> dirs;
  std::map<std::string, std::string> kept;  // canonical locale -> folder name
  for (const std::string& name : names_in(root)) {
    if (name.front() == '.') continue;
    result<std::string> locale = canonical_locale(name);
    if (!locale) continue;
    struct stat st {};
    if (::stat((root + "/" + name).c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) continue;
    if (auto it = kept.find(*locale); it != kept.end()) {
      duplicates.push_back({*locale, it->second, name});
      continue;
    }
    kept.emplace(*locale, name);
    dirs.emplace_back(name, std::move(*locale));
  }
  return dirs;
}

}  // namespace erli18n::detail
