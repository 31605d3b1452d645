// The one whole-file reader and the one wording of I/O errors (src/base/file_io.h).
#include "file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <string>

#include "temp_dir.h"

namespace {

using erli18n::errc;
using erli18n::read_whole_file;
using erli18n::test_support::temp_dir;

TEST(FileIo, ReadsAWholeFile) {
  temp_dir dir;
  std::string bytes(200000, 'x');  // more than one read's chunk
  bytes[0] = '\0';                 // bytes, not a C string
  bytes.back() = 'z';
  const std::string path = dir.write("f.po", bytes);
  erli18n::result<std::string> got = read_whole_file(path);
  ASSERT_TRUE(got) << got.error().to_string();
  EXPECT_EQ(*got, bytes);
  EXPECT_EQ(*read_whole_file(dir.write("empty", "")), "");
}

TEST(FileIo, ReusesTheCallersBuffer) {
  temp_dir dir;
  std::string buffer = "left over from the last file";
  ASSERT_TRUE(read_whole_file(dir.write("a", "ab"), buffer));
  EXPECT_EQ(buffer, "ab");
}

TEST(FileIo, AMissingFileNamesThePathAndTheReason) {
  temp_dir dir;
  erli18n::result<std::string> got = read_whole_file(dir.path("none.po"));
  ASSERT_FALSE(got);
  EXPECT_EQ(got.error().code, errc::io);
  EXPECT_EQ(got.error().file, dir.path("none.po"));
  EXPECT_EQ(got.error().message, "cannot open: no such file or directory");
  EXPECT_EQ(got.error().to_string(), dir.path("none.po") + ": error: cannot open: no such file or directory");
}

TEST(FileIo, AFolderIsRefused) {
  temp_dir dir;
  erli18n::result<std::string> got = read_whole_file(dir.path(""));
  ASSERT_FALSE(got);
  EXPECT_EQ(got.error().code, errc::io);
  EXPECT_EQ(got.error().message, "cannot read: is a directory");
}

TEST(FileIo, AFileThatCannotBeReadGivesTheOsReason) {
  // Reading /proc/self/mem at offset 0 fails (nothing is mapped there) even for root, who
  // reads a file without permissions anyway (CI runs as root): the read error path, always.
  erli18n::result<std::string> got = read_whole_file("/proc/self/mem");
  ASSERT_FALSE(got);
  EXPECT_EQ(got.error().code, errc::io);
  EXPECT_EQ(got.error().file, "/proc/self/mem");
  EXPECT_EQ(got.error().message, "cannot read: input/output error");
  // A path through a regular file: open fails with ENOTDIR.
  temp_dir dir;
  const std::string file = dir.write("plain", "x");
  got = read_whole_file(file + "/x");
  ASSERT_FALSE(got);
  EXPECT_EQ(got.error().message, "cannot open: not a directory");
  // Permissions, where they apply (not to root).
  if (::geteuid() != 0) {
    ASSERT_EQ(::chmod(file.c_str(), 0), 0);
    got = read_whole_file(file);
    ASSERT_FALSE(got);
    EXPECT_EQ(got.error().message, "cannot open: permission denied");
  }
}

TEST(FileIo, TheSizeLimitIsInclusive) {
  temp_dir dir;
  const std::string path = dir.write("ten", "0123456789");
  EXPECT_TRUE(read_whole_file(path, 10));
  erli18n::result<std::string> over = read_whole_file(path, 9);
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().code, errc::limit_exceeded);
  EXPECT_EQ(over.error().file, path);
  EXPECT_EQ(over.error().message, "file too large (the limit is 9 bytes)");
}

// A pipe tells no size: it is read to its end, and the limit holds as it is read.
TEST(FileIo, APipeIsReadToItsEndWithinTheLimit) {
  for (const std::size_t limit : {std::size_t{5}, std::size_t{4}}) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    ASSERT_EQ(::write(fds[1], "hello", 5), 5);
    ::close(fds[1]);
    erli18n::result<std::string> got = read_whole_file("/proc/self/fd/" + std::to_string(fds[0]), limit);
    ::close(fds[0]);
    if (limit == 5) {
      ASSERT_TRUE(got) << got.error().to_string();
      EXPECT_EQ(*got, "hello");
    } else {
      ASSERT_FALSE(got);
      EXPECT_EQ(got.error().code, errc::limit_exceeded);
    }
  }
}

TEST(FileIo, IoErrorHasOneWording) {
  const erli18n::error e = erli18n::io_error("out.mo", "cannot write", ENOSPC);
  EXPECT_EQ(e.code, errc::io);
  EXPECT_EQ(e.to_string(), "out.mo: error: cannot write: no space left on device");
}

}  // namespace
