// The out-of-memory policy (HACKING.md "Errors"): a call that returns a result reports a failed
// allocation as errc::out_of_memory instead of throwing std::bad_alloc. This binary replaces
// the global operator new so that a test can make one large allocation fail.
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>
#include <string>

#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "file_io.h"
#include "temp_dir.h"

namespace {
// Allocations of more bytes than this fail (0: none fail). Only the test's thread sets it.
thread_local std::size_t fail_above = 0;

// Sets fail_above for one scope.
struct failing_allocations {
  explicit failing_allocations(std::size_t bytes) { fail_above = bytes; }
  ~failing_allocations() { fail_above = 0; }
};
}  // namespace

// Not inlined: gcc's -Wmismatched-new-delete (at -O1 with sanitizers) would otherwise see the
// std::free of an inlined delete against a `new` it does not know is this malloc.
[[gnu::noinline]] void* operator new(std::size_t size) {
  if (fail_above != 0 && size > fail_above) throw std::bad_alloc();
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using erli18n::errc;

TEST(OutOfMemory, ReadingAFileReportsIt) {
  erli18n::test_support::temp_dir dir;
  const std::string path = dir.write("big.po", std::string(1 << 20, 'x'));
  erli18n::result<std::string> got = [&] {
    failing_allocations fail(1 << 19);
    return erli18n::read_whole_file(path);
  }();
  ASSERT_FALSE(got);
  EXPECT_EQ(got.error().code, errc::out_of_memory);
  EXPECT_EQ(got.error().to_string(), path + ": error: out of memory while reading the file");
  EXPECT_TRUE(erli18n::read_whole_file(path));  // and the next call, with memory, works
}

TEST(OutOfMemory, WritingAndCompilingCatalogsReportIt) {
  std::string text = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n";
  for (int i = 0; i < 2000; ++i)
    text += "\nmsgid \"m" + std::to_string(i) + "\"\nmsgstr \"t" + std::to_string(i) + "\"\n";
  erli18n::result<erli18n::po_file> po = erli18n::read_po(text, "big.po");
  ASSERT_TRUE(po) << po.error().to_string();
  erli18n::result<std::string> mo = erli18n::compile_mo(*po);
  ASSERT_TRUE(mo);
  erli18n::result<erli18n::mo_catalog> catalog =
      erli18n::mo_catalog::from_memory(mo->data(), mo->size(), "big.mo");
  ASSERT_TRUE(catalog);
  failing_allocations fail(16 << 10);  // what a 2,000-message catalog needs in one piece
  erli18n::result<std::string> written = erli18n::write_po(*po);
  ASSERT_FALSE(written);
  EXPECT_EQ(written.error().code, errc::out_of_memory);
  EXPECT_EQ(written.error().message, "out of memory while writing the catalog");
  erli18n::result<std::string> compiled = erli18n::compile_mo(*po);
  ASSERT_FALSE(compiled);
  EXPECT_EQ(compiled.error().code, errc::out_of_memory);
  EXPECT_EQ(compiled.error().message, "out of memory while compiling the catalog");
  erli18n::result<erli18n::po_file> decompiled = erli18n::decompile_mo(*catalog);
  ASSERT_FALSE(decompiled);
  EXPECT_EQ(decompiled.error().code, errc::out_of_memory);
  EXPECT_EQ(decompiled.error().message, "out of memory while decompiling the catalog");
}

}  // namespace
