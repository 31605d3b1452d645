#include "file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <new>
#include <utility>

#include "out_of_memory.h"

namespace erli18n {
namespace {

// strerror_r in either of its forms (GNU returns the text, XSI fills the buffer).
[[maybe_unused]] const char* reason_text(int ret, const char* buf) {
  return ret == 0 ? buf : "unknown error";
}
[[maybe_unused]] const char* reason_text(const char* text, const char*) { return text; }

struct fd_closer {
  int fd;
  ~fd_closer() { ::close(fd); }
};

}  // namespace

error io_error(std::string path, std::string_view action, int err) {
  char buf[256];
  std::string reason = reason_text(::strerror_r(err, buf, sizeof buf), buf);
  if (!reason.empty() && reason[0] >= 'A' && reason[0] <= 'Z')
    reason[0] = static_cast<char>(reason[0] - 'A' + 'a');
  error e;
  e.code = errc::io;
  e.message.reserve(action.size() + 2 + reason.size());
  e.message.append(action).append(": ").append(reason);
  e.file = std::move(path);
  return e;
}

error file_too_large(std::string path, std::size_t max_bytes) {
  error e;
  e.code = errc::limit_exceeded;
  e.message = "file too large (the limit is " + std::to_string(max_bytes) + " bytes)";
  e.file = std::move(path);
  return e;
}

result<void> read_to_end(int fd, const std::string& path, std::size_t max_bytes, std::string& out) {
  char chunk[65536];
  for (;;) {
    const ssize_t got = ::read(fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return io_error(path, "cannot read", errno);
    if (got == 0) return {};
    if (out.size() > max_bytes || static_cast<std::size_t>(got) > max_bytes - out.size())
      return file_too_large(path, max_bytes);
    out.append(chunk, static_cast<std::size_t>(got));
  }
}

namespace {

// read_whole_file without the out-of-memory guard.
result<void> read_unguarded(const std::string& path, std::string& out, std::size_t max_bytes) {
  out.clear();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return io_error(path, "cannot open", errno);
  const fd_closer closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) return io_error(path, "cannot stat", errno);
  if (S_ISDIR(st.st_mode)) return io_error(path, "cannot read", EISDIR);
  if (!S_ISREG(st.st_mode)) return read_to_end(fd, path, max_bytes, out);
  const auto size = static_cast<std::size_t>(st.st_size);
  if (size > max_bytes) return file_too_large(path, max_bytes);
  // One read of the whole file when it tells its size; the byte more shows a file that grew
  // (read on, to the bound), a short read one that shrank.
  out.resize(size + 1);
  std::size_t have = 0;
  while (have < out.size()) {
    const ssize_t got = ::read(fd, out.data() + have, out.size() - have);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return io_error(path, "cannot read", errno);
    if (got == 0) break;
    have += static_cast<std::size_t>(got);
  }
  const bool grew = have == out.size();
  out.resize(have);
  if (grew) {
    if (have > max_bytes) return file_too_large(path, max_bytes);
    return read_to_end(fd, path, max_bytes, out);
  }
  return {};
}

}  // namespace

result<void> read_whole_file(const std::string& path, std::string& out, std::size_t max_bytes) {
  try {
    return read_unguarded(path, out, max_bytes);
  } catch (const std::bad_alloc&) {  // a file larger than the memory left (HACKING.md "Errors")
    out.clear();
    out.shrink_to_fit();
    return out_of_memory("reading the file", path);
  }
}

result<std::string> read_whole_file(const std::string& path, std::size_t max_bytes) {
  std::string out;
  if (result<void> r = read_whole_file(path, out, max_bytes); !r) return r.error();
  return out;
}

}  // namespace erli18n
