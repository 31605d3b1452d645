// MO reader: lookups (hash and binary search, both byte orders, contexts, plurals,
// system-dependent strings), the mmap and buffer paths, charset conversion, and every
// kind of malformed file failing cleanly — at open for the fixed structure, at access for
// an individual string.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "mo_format.h"

// The heap this test binary holds, and the most it held since `reset_heap_peak`: a test
// bounds what a hostile file makes the reader allocate.
namespace {
std::atomic<std::size_t> heap_live{0};
std::atomic<std::size_t> heap_peak{0};
void reset_heap_peak() { heap_peak = heap_live.load(); }
}  // namespace

void* operator new(std::size_t n) {
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr) throw std::bad_alloc();
  const std::size_t live = heap_live += malloc_usable_size(p);
  std::size_t peak = heap_peak.load();
  while (live > peak && !heap_peak.compare_exchange_weak(peak, live)) {
  }
  return p;
}
void operator delete(void* p) noexcept {
  if (p == nullptr) return;
  heap_live -= malloc_usable_size(p);
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept { operator delete(p); }

namespace {

using erli18n::mo_catalog;
using erli18n::po_file;
using erli18n::po_message;

po_message msg(std::string id, std::string str) {
  po_message m;
  m.msgid = std::move(id);
  m.msgstr.push_back(std::move(str));
  return m;
}

po_file sample_po() {
  po_file po;
  po.file_name = "sample.po";
  po.messages.push_back(msg("",
                            "Content-Type: text/plain; charset=UTF-8\n"
                            "Plural-Forms: nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;\n"));
  po.messages.push_back(msg("hello", "bonjour"));
  po.messages.push_back(msg("bye", "au revoir"));
  po_message ctx = msg("open", "ouvrir (fichier)");
  ctx.msgctxt = "file";
  po.messages.push_back(ctx);
  po_message empty_ctx = msg("open", "ouvrir (contexte vide)");
  empty_ctx.msgctxt = "";
  po.messages.push_back(empty_ctx);
  po.messages.push_back(msg("open", "ouvrir"));
  po_message plural;
  plural.msgid = "apple";
  plural.msgid_plural = "apples";
  plural.msgstr = {"une pomme", "deux pommes", "des pommes"};
  po.messages.push_back(plural);
  po_message few;  // fewer forms than the rule selects
  few.msgid = "pear";
  few.msgid_plural = "pears";
  few.msgstr = {"une poire"};
  po.messages.push_back(few);
  for (int i = 0; i < 40; ++i)
    po.messages.push_back(msg("key " + std::to_string(i), "value " + std::to_string(i)));
  return po;
}

std::string compile(const po_file& po, bool no_hash = false, bool big = false) {
  erli18n::mo_compile_options o;
  o.no_hash = no_hash;
  o.big_endian = big;
  erli18n::result<std::string> bytes = erli18n::compile_mo(po, o);
  EXPECT_TRUE(bytes) << (bytes ? "" : bytes.error().to_string());
  return bytes ? *bytes : std::string();
}

// The catalog reads `bytes` in place: they must outlive it (no temporaries).
erli18n::result<mo_catalog> open_bytes(const std::string& bytes) {
  return mo_catalog::from_memory(bytes.data(), bytes.size(), "test.mo");
}
erli18n::result<mo_catalog> open_bytes(std::string&&) = delete;

void put_word(std::string& bytes, std::size_t offset, std::uint32_t v) { std::memcpy(&bytes[offset], &v, 4); }
std::uint32_t get_word(const std::string& bytes, std::size_t offset) {
  std::uint32_t v;
  std::memcpy(&v, bytes.data() + offset, 4);
  return v;
}

void expect_sample_lookups(const mo_catalog& mo) {
  EXPECT_EQ(mo.lookup("hello").value_or("?"), "bonjour");
  EXPECT_EQ(mo.lookup("bye").value_or("?"), "au revoir");
  EXPECT_EQ(mo.lookup("open").value_or("?"), "ouvrir");
  EXPECT_EQ(mo.lookup("file", "open").value_or("?"), "ouvrir (fichier)");
  EXPECT_EQ(mo.lookup("", "open").value_or("?"), "ouvrir (contexte vide)");
  EXPECT_FALSE(mo.lookup("other", "open"));
  EXPECT_FALSE(mo.lookup("missing"));
  EXPECT_FALSE(mo.lookup("hell"));
  EXPECT_FALSE(mo.lookup("hello!"));
  EXPECT_FALSE(mo.lookup(std::string_view("hello\0x", 7)));  // a key with NUL never matches
  for (int i = 0; i < 40; ++i)
    EXPECT_EQ(mo.lookup("key " + std::to_string(i)).value_or("?"), "value " + std::to_string(i));
  EXPECT_EQ(mo.lookup("apple").value_or("?"), "une pomme");
  EXPECT_EQ(mo.lookup_plural("apple", 1).value_or("?"), "une pomme");
  EXPECT_EQ(mo.lookup_plural("apple", 2).value_or("?"), "deux pommes");
  EXPECT_EQ(mo.lookup_plural("apple", 7).value_or("?"), "des pommes");
  EXPECT_EQ(mo.lookup_forms("apple").value_or("?"),
            std::string_view("une pomme\0deux pommes\0des pommes", 32));
  EXPECT_FALSE(mo.lookup_plural("apples", 2));  // msgid_plural is not a key
  EXPECT_EQ(mo.lookup_plural("pear", 1).value_or("?"), "une poire");
  // Fewer forms than the rule selects: glibc shows the first form, not msgid_plural.
  EXPECT_EQ(mo.lookup_plural("pear", 5).value_or("?"), "une poire");
  EXPECT_EQ(mo.plural().nplurals(), 3u);
  EXPECT_EQ(mo.charset(), "UTF-8");
  EXPECT_FALSE(mo.converted());
  EXPECT_EQ(mo.header_field("Content-Type").value_or("?"), "text/plain; charset=UTF-8");
  EXPECT_FALSE(mo.header_field("Content"));
  // Returned text is NUL-terminated in place.
  std::string_view v = *mo.lookup("hello");
  EXPECT_EQ(v.data()[v.size()], '\0');
}

TEST(MoReader, LooksUpWithHashTableBothByteOrders) {
  for (bool big : {false, true}) {
    std::string bytes = compile(sample_po(), false, big);
    auto mo = open_bytes(bytes);
    ASSERT_TRUE(mo) << mo.error().to_string();
    EXPECT_EQ(mo->big_endian(), big);
    EXPECT_GT(mo->hash_size(), 0u);
    EXPECT_EQ(mo->revision(), 0u);
    expect_sample_lookups(*mo);
    EXPECT_TRUE(mo->validate());
  }
}

TEST(MoReader, LooksUpByBinarySearchWithoutHashTable) {
  for (bool big : {false, true}) {
    std::string bytes = compile(sample_po(), true, big);
    auto mo = open_bytes(bytes);
    ASSERT_TRUE(mo) << mo.error().to_string();
    EXPECT_EQ(mo->hash_size(), 0u);
    expect_sample_lookups(*mo);
  }
}

TEST(MoReader, IteratesEntriesInFileOrder) {
  std::string bytes = compile(sample_po());
  auto mo = open_bytes(bytes);
  ASSERT_TRUE(mo);
  ASSERT_EQ(mo->size(), 48u);
  auto header = mo->entry(0);
  ASSERT_TRUE(header);
  EXPECT_EQ(header->msgid, "");
  EXPECT_FALSE(header->has_context);
  std::vector<std::string> keys;
  for (std::size_t i = 0; i < mo->size(); ++i) {
    auto e = mo->entry(i);
    ASSERT_TRUE(e);
    keys.push_back((e->has_context ? std::string(e->context) + "\x04" : std::string()) +
                   std::string(e->msgid));
    if (e->msgid == "apple") {
      EXPECT_TRUE(e->has_plural);
      EXPECT_EQ(e->msgid_plural, "apples");
      EXPECT_EQ(e->form_count(), 3u);
      EXPECT_EQ(e->form(1), "deux pommes");
      EXPECT_EQ(e->form(3), "");
    }
    if (e->has_context && e->context == "file") {
      EXPECT_EQ(e->translation, "ouvrir (fichier)");
    }
  }
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
  EXPECT_FALSE(mo->entry(48));
}

// The resident size, in bytes, of the first mapping whose /proc/self/smaps header line `is`
// accepts (the pages in the mapping, whether the page cache had them or not).
template <typename Predicate>
std::size_t resident_bytes_of_mapping_where(Predicate is) {
  std::ifstream smaps("/proc/self/smaps");
  bool in_it = false;
  for (std::string line; std::getline(smaps, line);) {
    unsigned long long lo = 0, hi = 0;
    if (std::sscanf(line.c_str(), "%llx-%llx ", &lo, &hi) == 2) {  // a mapping's first line
      in_it = is(line, lo, hi);
    } else if (in_it && line.rfind("Rss:", 0) == 0) {
      return std::stoull(line.substr(4)) * 1024;
    }
  }
  ADD_FAILURE() << "no such mapping";
  return 0;
}
std::size_t resident_bytes_of_mapping(const void* addr) {
  const auto at = reinterpret_cast<std::uintptr_t>(addr);
  return resident_bytes_of_mapping_where(
      [&](const std::string&, unsigned long long lo, unsigned long long hi) { return lo <= at && at < hi; });
}

// Drops the file's pages from the page cache, so that a mapping of it starts with none of
// them: a page cache filled by the write can hold the file in large folios, which the kernel
// maps a whole folio at a time at the first read.
void evict_from_page_cache(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  EXPECT_EQ(::fdatasync(fd), 0);
  EXPECT_EQ(::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED), 0);
  ::close(fd);
}

// mo_open_options::populate_bytes: the file's first pages are in the mapping once it is open
// (one system call), where otherwise only those the open read are (and read ahead).
TEST(MoReader, PopulatesTheMappingsFirstBytesAtOpenWhenAsked) {
  po_file po;
  for (int i = 0; i < 2500; ++i)
    po.messages.push_back(
        msg("key " + std::to_string(i) + std::string(240, 'k'), "value " + std::string(240, 'v')));
  const std::string bytes = compile(po);
  ASSERT_GT(bytes.size(), 1200000u);  // past the 1 MiB the last case populates, by far more than 64 KiB
  const auto path =
      std::filesystem::temp_directory_path() / ("erli18n_mo_populate_" + std::to_string(::getpid()) + ".mo");
  {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  const std::size_t file_bytes = (bytes.size() + page - 1) / page * page;
  evict_from_page_cache(path.string());
  {
    auto lazy = mo_catalog::open(path.string());
    ASSERT_TRUE(lazy) << lazy.error().to_string();
    // The pages the open read, and those the kernel read ahead and mapped around them.
    EXPECT_LT(resident_bytes_of_mapping(lazy->image().data()), file_bytes / 4) << "without populate_bytes";
  }
  evict_from_page_cache(path.string());
  {
    erli18n::mo_open_options all;
    all.populate_bytes = std::size_t{4} << 20;
    auto mo = mo_catalog::open(path.string(), all);
    ASSERT_TRUE(mo) << mo.error().to_string();
    EXPECT_EQ(resident_bytes_of_mapping(mo->image().data()), file_bytes) << "the whole file";
    EXPECT_EQ(mo->lookup("key 7" + std::string(240, 'k')).value_or("?"), "value " + std::string(240, 'v'));
  }
  evict_from_page_cache(path.string());
  {
    erli18n::mo_open_options first;
    first.populate_bytes = std::size_t{1} << 20;
    auto mo = mo_catalog::open(path.string(), first);
    ASSERT_TRUE(mo) << mo.error().to_string();
    const std::size_t resident = resident_bytes_of_mapping(mo->image().data());
    EXPECT_GE(resident, std::size_t{1} << 20) << "the first MiB";
    EXPECT_LE(resident, (std::size_t{1} << 20) + (std::size_t{64} << 10)) << "the first MiB, and no more";
  }
  std::filesystem::remove(path);
}

// load_options::populate_mo_bytes reaches the `.mo` the store maps (the C ABI's loads).
TEST(MoReader, TheStorePopulatesAMappedMoWhenAsked) {
  po_file po;
  for (int i = 0; i < 800; ++i)
    po.messages.push_back(
        msg("store key " + std::to_string(i) + std::string(240, 'k'), std::string(240, 'v')));
  const std::string bytes = compile(po);
  const auto path = std::filesystem::temp_directory_path() /
                    ("erli18n_store_populate_" + std::to_string(::getpid()) + ".mo");
  {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  evict_from_page_cache(path.string());
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  erli18n::catalog_store store;
  erli18n::load_options options;
  options.populate_mo_bytes = std::size_t{4} << 20;
  ASSERT_TRUE(store.load("d", "fr", path.string(), options));
  const std::size_t resident =
      resident_bytes_of_mapping_where([&](const std::string& line, unsigned long long, unsigned long long) {
        return line.ends_with(path.string());
      });
  EXPECT_EQ(resident, (bytes.size() + page - 1) / page * page);
  std::filesystem::remove(path);
}

TEST(MoReader, OpensByMmap) {
  std::string bytes = compile(sample_po());
  auto path =
      std::filesystem::temp_directory_path() / ("erli18n_mo_reader_" + std::to_string(::getpid()) + ".mo");
  {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  {
    auto mo = mo_catalog::open(path.string());
    ASSERT_TRUE(mo) << mo.error().to_string();
    EXPECT_EQ(mo->name(), path.string());
    expect_sample_lookups(*mo);
    mo_catalog moved = std::move(*mo);  // views stay valid across a move
    EXPECT_EQ(moved.lookup("hello").value_or("?"), "bonjour");
  }
  std::filesystem::remove(path);
  auto missing = mo_catalog::open(path.string());
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, erli18n::errc::io);
  EXPECT_EQ(missing.error().to_string().rfind(path.string() + ": error: cannot open", 0), 0u);
  auto dir = mo_catalog::open(std::filesystem::temp_directory_path().string());
  EXPECT_FALSE(dir);
}

TEST(MoReader, ReadsGoldenMsgfmtFiles) {
  const std::string dir = std::string(ERLI18N_TEST_DATA) + "/mo/";
  for (const char* name : {"basic.mo", "basic_be.mo", "basic_nohash.mo"}) {
    auto mo = mo_catalog::open(dir + name);
    ASSERT_TRUE(mo) << mo.error().to_string();
    EXPECT_EQ(mo->lookup("b").value_or("?"), "B");
    EXPECT_EQ(mo->lookup("ctx", "a").value_or("?"), "A");
    EXPECT_FALSE(mo->lookup("a"));
    EXPECT_EQ(mo->lookup_plural("one", 1).value_or("?"), "un");
    EXPECT_EQ(mo->lookup_plural("one", 0).value_or("?"), "des");
    EXPECT_FALSE(mo->lookup("fz"));    // fuzzy: not compiled
    EXPECT_FALSE(mo->lookup("untr"));  // untranslated: not compiled
  }
}

TEST(MoReader, ExpandsSystemDependentStrings) {
  auto mo = mo_catalog::open(std::string(ERLI18N_TEST_DATA) + "/mo/sysdep_i_flag.mo");
  ASSERT_TRUE(mo) << mo.error().to_string();
  EXPECT_EQ(mo->revision(), 0x00010001u);
  EXPECT_EQ(mo->lookup("plain").value_or("?"), "simple");
  EXPECT_EQ(mo->lookup("size %" PRIu64 " of %s").value_or("?"), "taille %" PRIu64 " de %s");
  EXPECT_FALSE(mo->lookup("size %<PRIu64> of %s"));
  EXPECT_EQ(mo->lookup_plural("x %" PRId32, 5).value_or("?"), "ys %" PRIx32 " %" PRId32);
  EXPECT_EQ(mo->lookup("I flag %Id").value_or("?"), "I %Id");
  ASSERT_EQ(mo->size(), 5u);
  auto e = mo->entry(2);
  ASSERT_TRUE(e);
  EXPECT_TRUE(e->system_dependent);
  EXPECT_TRUE(e->uses_format_macros);
  EXPECT_EQ(e->msgid, "size %<PRIu64> of %s");
  EXPECT_EQ(e->translation, "taille %<PRIu64> de %s");
  auto plural = mo->entry(3);
  ASSERT_TRUE(plural);
  EXPECT_EQ(plural->msgid_plural, "xs %<PRId32>");
  EXPECT_EQ(plural->form(1), "ys %<PRIx32> %<PRId32>");
  auto i_flag = mo->entry(4);
  ASSERT_TRUE(i_flag);
  EXPECT_EQ(i_flag->translation, "I %Id");
  EXPECT_FALSE(i_flag->uses_format_macros);
}

// `text` (a PO file) and two c-format strings whose keys are `prefix` then "same " and
// `<PRIu64>` or `<PRIuMAX>` (both `lu` here), compiled.
std::string compile_with_equal_keys(std::string text, const std::string& prefix) {
  text += "#, c-format\nmsgid \"" + prefix + "same %<PRIu64>\"\nmsgstr \"first\"\n\n";
  text += "#, c-format\nmsgid \"" + prefix + "same %<PRIuMAX>\"\nmsgstr \"second\"\n\n";
  erli18n::result<po_file> po = erli18n::read_po(text, "many.po");
  if (!po) {
    ADD_FAILURE() << po.error().to_string();
    return {};
  }
  return compile(*po);
}

// Many system-dependent strings, in an order their expansions do not sort in: each is found
// by its expansion (the open sorts them), and of two whose expansions are equal the first in
// the file answers, as glibc's lookup does (`<PRIu64>` and `<PRIuMAX>` are both `lu` here).
TEST(MoReader, FindsEverySystemDependentStringAndTheFirstOfEqualKeys) {
  std::string text = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n";
  const char* macros[] = {"PRIu64", "PRId32", "PRIxMAX", "PRIo16", "PRIXLEAST8", "PRIiFAST64"};
  for (int i = 0; i < 40; ++i) {
    const std::string id = std::to_string((i * 17) % 40);
    text += "#, c-format\nmsgid \"" + id + " %<" + macros[i % 6] + ">\"\nmsgstr \"t" + id + " %<" +
            macros[i % 6] + ">\"\n\n";
  }
  const std::string bytes = compile_with_equal_keys(text, "");
  auto mo = open_bytes(bytes);
  ASSERT_TRUE(mo) << mo.error().to_string();
  const std::string values[] = {PRIu64, PRId32, PRIxMAX, PRIo16, PRIXLEAST8, PRIiFAST64};
  for (int i = 0; i < 40; ++i) {
    const std::string id = std::to_string((i * 17) % 40);
    EXPECT_EQ(mo->lookup(id + " %" + values[i % 6]).value_or("?"), "t" + id + " %" + values[i % 6]) << id;
  }
  EXPECT_FALSE(mo->lookup("0 %<PRIu64>"));
  if (std::string(PRIu64) == PRIuMAX) {
    EXPECT_EQ(mo->lookup(std::string("same %") + PRIu64).value_or("?"), "first");
  }
}

// More strings than the open sorts by insertion (64) and more distinct segments than it
// expands once each (16), with keys alike in their first 8 bytes or more: every string is
// found by its expansion, shown with its macros, and the first of equal keys answers.
TEST(MoReader, FindsSystemDependentStringsPastTheSmallSortAndTheSegmentCache) {
  const char* macros[] = {"PRId8",  "PRIi8",  "PRIo8",  "PRIu8",  "PRIx8",   "PRIX8",  "PRId16",
                          "PRIi16", "PRIo16", "PRIu16", "PRIx16", "PRIX16",  "PRId32", "PRIi32",
                          "PRIo32", "PRIu32", "PRIx32", "PRIX32", "PRIuMAX", "PRIxPTR"};
  const std::string values[] = {PRId8,  PRIi8,  PRIo8,  PRIu8,  PRIx8,   PRIX8,  PRId16,
                                PRIi16, PRIo16, PRIu16, PRIx16, PRIX16,  PRId32, PRIi32,
                                PRIo32, PRIu32, PRIx32, PRIX32, PRIuMAX, PRIxPTR};
  constexpr int strings = 150;
  std::string text = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n";
  auto id_of = [](int i) { return "a common prefix " + std::to_string((i * 37) % strings); };
  for (int i = 0; i < strings; ++i)
    text += "#, c-format\nmsgid \"" + id_of(i) + " %<" + macros[i % 20] + ">\"\nmsgstr \"t" +
            std::to_string(i) + " %<" + macros[(i + 1) % 20] + ">\"\n\n";
  const std::string bytes = compile_with_equal_keys(text, "a common prefix ");
  auto mo = open_bytes(bytes);
  ASSERT_TRUE(mo) << mo.error().to_string();
  for (int i = 0; i < strings; ++i)
    EXPECT_EQ(mo->lookup(id_of(i) + " %" + values[i % 20]).value_or("?"),
              "t" + std::to_string(i) + " %" + values[(i + 1) % 20])
        << i;
  if (std::string(PRIu64) == PRIuMAX) {
    EXPECT_EQ(mo->lookup("a common prefix same %" PRIu64).value_or("?"), "first");
  }
  // Each string as shown keeps its macros; its expansion has this platform's values.
  std::size_t shown = 0;
  for (std::size_t i = 0; i < mo->size(); ++i) {
    erli18n::result<erli18n::mo_entry> e = mo->entry(i);
    ASSERT_TRUE(e) << e.error().to_string();
    if (!e->system_dependent || e->msgid.find("same") != std::string_view::npos) continue;
    const std::string_view t = e->translation;
    const int k = std::stoi(std::string(t.substr(1, t.find(' ') - 1)));
    EXPECT_EQ(e->msgid, id_of(k) + " %<" + macros[k % 20] + ">");
    EXPECT_EQ(t, "t" + std::to_string(k) + " %<" + macros[(k + 1) % 20] + ">");
    EXPECT_TRUE(e->uses_format_macros);
    erli18n::result<std::optional<erli18n::mo_entry>> x = mo->expanded_entry(i);
    ASSERT_TRUE(x && *x);
    EXPECT_EQ((*x)->msgid, id_of(k) + " %" + values[k % 20]);
    EXPECT_EQ((*x)->translation, "t" + std::to_string(k) + " %" + values[(k + 1) % 20]);
    ++shown;
  }
  EXPECT_EQ(shown, std::size_t{strings});
}

// One short system-dependent string: its texts (22 bytes, NULs included) are more than a
// string holds inline and less than twice that. The open once kept the bytes past them that
// the text's buffer had room for (libstdc++ 12's resize_and_overwrite passes on the capacity
// it allocated), and validate() then read them as text: under ASan, whose allocations are
// filled with 0xbe, it refused the catalog (found by fuzz_compile_mo).
TEST(MoReader, KeepsOnlyTheTextsOfAShortSystemDependentString) {
  erli18n::result<po_file> po = erli18n::read_po(
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
      "#, c-format\nmsgid \"z %<PRId8>\"\nmsgstr \"ab\"\n",
      "short.po");
  ASSERT_TRUE(po) << po.error().to_string();
  const std::string bytes = compile(*po);
  auto mo = open_bytes(bytes);
  ASSERT_TRUE(mo) << mo.error().to_string();
  erli18n::result<void> valid = mo->validate();
  EXPECT_TRUE(valid) << valid.error().to_string();
  EXPECT_EQ(mo->lookup("z %" PRId8).value_or("?"), "ab");
  std::size_t shown = 0;
  for (std::size_t i = 0; i < mo->size(); ++i) {
    erli18n::result<erli18n::mo_entry> e = mo->entry(i);
    ASSERT_TRUE(e) << e.error().to_string();
    if (!e->system_dependent) continue;
    EXPECT_EQ(e->msgid, "z %<PRId8>");
    EXPECT_EQ(e->translation, "ab");
    ++shown;
  }
  EXPECT_EQ(shown, 1u);
}

TEST(MoReader, ConvertsOtherCharsetsToUtf8) {
  auto mo = mo_catalog::open(std::string(ERLI18N_TEST_DATA) + "/mo/latin1.mo");
  ASSERT_TRUE(mo) << mo.error().to_string();
  EXPECT_EQ(mo->charset(), "ISO-8859-1");
  EXPECT_TRUE(mo->converted());
  EXPECT_EQ(mo->lookup("caf\xc3\xa9").value_or("?"), "Caf\xc3\xa9 cr\xc3\xa8me");
  EXPECT_EQ(mo->lookup("b").value_or("?"), "\xc3\xa0 bient\xc3\xb4t");
  EXPECT_FALSE(mo->lookup("caf\xe9"));
  EXPECT_TRUE(mo->validate());
}

// glibc and msgfmt take the charset from the first `charset=` anywhere in the header, not only
// on a Content-Type line; the PO reader does too, so a catalog and its .mo must agree.
TEST(MoReader, ReadsTheCharsetWhereThePoReaderDoes) {
  const std::string text =
      "msgid \"\"\nmsgstr \"\"\n\"Hello %Content-Type: text/plain; charset=ISO-8859-1\\n\"\n\n"
      "msgid \"a\"\nmsgstr \"\xe9t\xe9\"\n";
  erli18n::result<po_file> po = erli18n::read_po(text, "f1.po");
  ASSERT_TRUE(po) << po.error().to_string();
  EXPECT_EQ(po->charset, "ISO-8859-1");
  const std::string bytes = compile(*po);  // the catalog reads these bytes in place
  auto mo = open_bytes(bytes);
  ASSERT_TRUE(mo) << mo.error().to_string();
  EXPECT_EQ(mo->charset(), "ISO-8859-1");
  EXPECT_EQ(mo->lookup("a").value_or("?"), "\xc3\xa9t\xc3\xa9");
  // A name ends at the same characters in both readers (here a form feed).
  erli18n::result<po_file> ff = erli18n::read_po(
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\fPlural-Forms: nplurals=2; plural=n != "
      "1;\\n\"\n\n"
      "msgid \"a\"\nmsgstr \"b\"\n",
      "f2.po");
  ASSERT_TRUE(ff) << ff.error().to_string();
  const std::string ff_bytes = compile(*ff);
  auto ff_mo = open_bytes(ff_bytes);
  ASSERT_TRUE(ff_mo) << ff_mo.error().to_string();
  EXPECT_EQ(ff_mo->charset(), ff->charset);
  EXPECT_EQ(ff_mo->lookup("a").value_or("?"), "b");
}

TEST(MoReader, RejectsUnsupportedCharset) {
  po_file po;
  po.messages.push_back(msg("", "Content-Type: text/plain; charset=NO-SUCH-CHARSET-42\n"));
  po.messages.push_back(msg("a", "b"));
  std::string bytes = compile(po);
  auto mo = open_bytes(bytes);
  ASSERT_FALSE(mo);
  EXPECT_EQ(mo.error().code, erli18n::errc::charset);
  EXPECT_NE(mo.error().message.find("NO-SUCH-CHARSET-42"), std::string::npos);
}

// --- malformed input ---------------------------------------------------------------------

std::string open_error(const std::string& bytes) {
  auto mo = open_bytes(bytes);
  if (mo) return "";
  EXPECT_EQ(mo.error().to_string().rfind("test.mo: error: ", 0), 0u) << mo.error().to_string();
  return mo.error().message;
}

TEST(MoReader, RejectsBadHeaders) {
  const std::string good = compile(sample_po());
  ASSERT_EQ(open_error(good), "");
  EXPECT_NE(open_error("").find("too small"), std::string::npos);
  EXPECT_NE(open_error(good.substr(0, 27)).find("too small"), std::string::npos);
  std::string bad = good;
  bad[0] = 'X';
  EXPECT_NE(open_error(bad).find("bad magic number"), std::string::npos);
  bad = good;
  put_word(bad, 4, 2);
  EXPECT_NE(open_error(bad).find("unsupported mo revision 0x2"), std::string::npos);
  put_word(bad, 4, 0x00020000);
  EXPECT_NE(open_error(bad).find("revision"), std::string::npos);
  bad = good;
  put_word(bad, 8, 0xffffffff);  // huge count
  EXPECT_NE(open_error(bad).find("outside"), std::string::npos);
  bad = good;
  put_word(bad, 12, static_cast<std::uint32_t>(good.size()));  // originals past the end
  EXPECT_NE(open_error(bad).find("original strings table"), std::string::npos);
  bad = good;
  put_word(bad, 16, 0xfffffff0);
  EXPECT_NE(open_error(bad).find("translated strings table"), std::string::npos);
  bad = good;
  put_word(bad, 12, 4);  // inside the header
  EXPECT_NE(open_error(bad).find("header"), std::string::npos);
  bad = good;
  put_word(bad, 16, get_word(good, 12) + 8);  // overlapping tables
  EXPECT_NE(open_error(bad).find("overlaps"), std::string::npos);
  bad = good;
  put_word(bad, 24, get_word(good, 16));  // hash table over the translations table
  EXPECT_NE(open_error(bad).find("overlaps"), std::string::npos);
  for (std::uint32_t size : {1u, 2u}) {
    bad = good;
    put_word(bad, 20, size);
    EXPECT_NE(open_error(bad).find("invalid hash table size " + std::to_string(size)), std::string::npos);
  }
  bad = good;
  put_word(bad, 20, 0x40000000);  // hash table far past the end
  EXPECT_NE(open_error(bad).find("hash table"), std::string::npos);
  bad = good;
  put_word(bad, 24, 0xfffffffc);
  EXPECT_NE(open_error(bad).find("hash table"), std::string::npos);
}

TEST(MoReader, HashSizeZeroMeansBinarySearch) {
  std::string bytes = compile(sample_po());
  put_word(bytes, 20, 0);
  auto mo = open_bytes(bytes);
  ASSERT_TRUE(mo);
  expect_sample_lookups(*mo);
}

TEST(MoReader, ZeroEntriesIsAnEmptyCatalog) {
  std::string bytes(28, '\0');
  put_word(bytes, 0, erli18n::mo_format::magic);
  auto mo = open_bytes(bytes);
  ASSERT_TRUE(mo) << mo.error().to_string();
  EXPECT_EQ(mo->size(), 0u);
  EXPECT_FALSE(mo->lookup(""));
  EXPECT_EQ(mo->header(), "");
}

TEST(MoReader, CorruptStringsFailAtAccessNotAtOpen) {
  const std::string good = compile(sample_po());
  const std::uint32_t orig_table = get_word(good, 12);
  const std::uint32_t trans_table = get_word(good, 16);
  auto index_of = [&](std::string_view key) {
    auto mo = open_bytes(good);
    for (std::uint32_t i = 0;; ++i)
      if (mo->entry(i)->msgid == key && !mo->entry(i)->has_context) return i;
  };
  const std::uint32_t hello = index_of("hello");
  struct corruption {
    const char* what;
    std::size_t offset;
    std::uint32_t value;
  };
  const corruption cases[] = {
      {"length past the end", orig_table + 8 * hello, 0xffffff00},
      {"offset past the end", orig_table + 8 * hello + 4, 0xfffffff0},
      {"offset at the end", orig_table + 8 * hello + 4, static_cast<std::uint32_t>(good.size())},
      {"missing NUL", orig_table + 8 * hello, 6},
      {"translation past the end", trans_table + 8 * hello + 4, 0x7fffffff},
      {"translation missing NUL", trans_table + 8 * hello, 8},
  };
  for (const corruption& c : cases) {
    SCOPED_TRACE(c.what);
    std::string bad = good;
    put_word(bad, c.offset, c.value);
    auto mo = open_bytes(bad);
    ASSERT_TRUE(mo) << mo.error().to_string();  // O(1) open does not touch entries
    EXPECT_FALSE(mo->lookup("hello"));
    EXPECT_EQ(mo->lookup("bye").value_or("?"), "au revoir");
    auto e = mo->entry(hello);
    ASSERT_FALSE(e);
    EXPECT_NE(e.error().message.find("string " + std::to_string(hello)), std::string::npos);
    EXPECT_FALSE(mo->validate());
    erli18n::mo_open_options strict;
    strict.validate_all = true;
    EXPECT_FALSE(mo_catalog::from_memory(bad.data(), bad.size(), "test.mo", strict));
  }
}

TEST(MoReader, FullHashTableDoesNotHang) {
  std::string bytes = compile(sample_po());
  const std::uint32_t hash_table = get_word(bytes, 24);
  const std::uint32_t hash_size = get_word(bytes, 20);
  for (std::uint32_t i = 0; i < hash_size; ++i) put_word(bytes, hash_table + 4 * i, 2);  // all slots: entry 1
  auto mo = open_bytes(bytes);
  ASSERT_TRUE(mo);
  EXPECT_FALSE(mo->lookup("not there"));
  // Out-of-range slot values are skipped, never followed.
  for (std::uint32_t i = 0; i < hash_size; ++i) put_word(bytes, hash_table + 4 * i, 0xfffffff0);
  auto mo2 = open_bytes(bytes);
  ASSERT_TRUE(mo2);
  EXPECT_FALSE(mo2->lookup("hello"));
}

TEST(MoReader, RejectsCorruptSystemDependentTables) {
  std::ifstream in(std::string(ERLI18N_TEST_DATA) + "/mo/sysdep_i_flag.mo", std::ios::binary);
  const std::string good((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(good.size(), 48u);
  ASSERT_EQ(open_error(good), "");
  std::string bad = good;
  put_word(bad, 28, 0x10000000);  // segment count
  EXPECT_NE(open_error(bad).find("segments table"), std::string::npos);
  bad = good;
  put_word(bad, 36, 0x10000000);  // string count
  EXPECT_NE(open_error(bad).find("system-dependent"), std::string::npos);
  bad = good;
  put_word(bad, get_word(good, 40), static_cast<std::uint32_t>(good.size()) - 2);  // descriptor at the end
  EXPECT_NE(open_error(bad).find("descriptor"), std::string::npos);
  bad = good;
  const std::uint32_t first_desc = get_word(good, get_word(good, 40));
  put_word(bad, first_desc + 8, 77);  // segment index out of range
  EXPECT_NE(open_error(bad).find("segment 77"), std::string::npos);
  bad = good;
  put_word(bad, first_desc + 4, 0xfffffff0);  // text length
  EXPECT_NE(open_error(bad).find("outside"), std::string::npos);
  bad = good;
  put_word(bad, 32, get_word(good, 12));  // segment table overlapping the originals
  EXPECT_NE(open_error(bad).find("overlaps"), std::string::npos);
  EXPECT_NE(open_error(good.substr(0, 40)).find("revision 1"), std::string::npos);
}

// What a damaged image may do, checked from its bytes: each answer is one the tables point
// to, or an error that says which string is bad.
struct damage_tally {
  std::size_t refused = 0, opened = 0, bad_entries = 0, found = 0;
};

// The 32-bit word at `at` of `image`, stored big-endian or not; nullopt past the end.
std::optional<std::uint64_t> image_word(std::string_view image, bool big, std::uint64_t at) {
  if (at + 4 > image.size()) return std::nullopt;
  std::uint32_t v;
  std::memcpy(&v, image.data() + at, 4);
  return big == (std::endian::native == std::endian::big) ? v : __builtin_bswap32(v);
}

// String `index` of the table at `table` in `image`, as the format defines it, or nullopt
// when its descriptor or bytes lie outside the image or its NUL is missing.
std::optional<std::string_view> table_string(std::string_view image, bool big, std::uint32_t table,
                                             std::uint32_t index) {
  const std::uint64_t at = std::uint64_t{table} + 8 * std::uint64_t{index};
  const std::optional<std::uint64_t> length = image_word(image, big, at);
  const std::optional<std::uint64_t> offset = image_word(image, big, at + 4);
  if (!length || !offset || *offset + *length >= image.size() || image[*offset + *length] != '\0')
    return std::nullopt;
  return image.substr(*offset, *length);
}

// The NUL-separated forms of a translation.
std::vector<std::string_view> forms_of(std::string_view text) {
  std::vector<std::string_view> forms;
  for (std::size_t at = 0;;) {
    const std::size_t end = text.find('\0', at);
    forms.push_back(text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    if (end == std::string_view::npos) return forms;
    at = end + 1;
  }
}

// Checks one damaged image against the contract: it is refused with a diagnostic naming
// it, or it opens and every entry is either the bytes its descriptors point to or an error
// naming the entry, and every lookup answers a form of a translation whose key is the one
// asked, in place and NUL-terminated, or misses.
void expect_within_contract(const std::vector<char>& bytes, const char* name, damage_tally& tally) {
  auto mo = mo_catalog::from_memory(bytes.data(), bytes.size(), name);
  if (!mo) {
    ++tally.refused;
    EXPECT_FALSE(mo.error().message.empty());
    EXPECT_EQ(mo.error().to_string().rfind(std::string(name) + ": error: ", 0), 0u) << mo.error().to_string();
    return;
  }
  ++tally.opened;
  const std::string_view image = mo->image();
  // A converted catalog reads its own image, in this machine's byte order.
  const bool big = mo->converted() ? std::endian::native == std::endian::big : mo->big_endian();
  ASSERT_GE(image.size(), 28u);
  const auto count = static_cast<std::uint32_t>(*image_word(image, big, 8));
  const auto originals = static_cast<std::uint32_t>(*image_word(image, big, 12));
  const auto translations = static_cast<std::uint32_t>(*image_word(image, big, 16));
  ASSERT_GE(mo->size(), count);

  bool all_good = true;
  for (std::uint32_t i = 0; i < count; ++i) {
    SCOPED_TRACE("entry " + std::to_string(i));
    const std::optional<std::string_view> key = table_string(image, big, originals, i);
    const std::optional<std::string_view> text = table_string(image, big, translations, i);
    erli18n::result<erli18n::mo_entry> e = mo->entry(i);
    if (!e) {
      all_good = false;
      ++tally.bad_entries;
      EXPECT_NE(e.error().message.find("string " + std::to_string(i) + " "), std::string::npos)
          << e.error().to_string();
      // A string whose bytes are in place is refused for its encoding only.
      if (key && text) {
        EXPECT_EQ(e.error().code, erli18n::errc::charset) << e.error().to_string();
      }
      continue;
    }
    ASSERT_TRUE(key && text) << "entry " << i << " read from outside its descriptors";
    std::string stored;
    if (e->has_context) (stored += e->context) += '\x04';
    stored += e->msgid;
    if (e->has_plural) (stored += '\0') += e->msgid_plural;
    // The key up to its second NUL: msgunfmt shows no more of a msgid_plural.
    const std::size_t first_nul = key->find('\0');
    EXPECT_EQ(stored, key->substr(0, first_nul == std::string_view::npos ? first_nul
                                                                         : key->find('\0', first_nul + 1)));
    EXPECT_EQ(e->msgid.data() + e->msgid.size(), key->data() + std::min(first_nul, key->size()))
        << "not read in place";
    EXPECT_EQ(e->translation, *text);
    EXPECT_EQ(e->translation.data(), text->data()) << "not read in place";
  }
  EXPECT_EQ(static_cast<bool>(mo->validate()), all_good && mo->size() == count);

  // `answer` is a form of the translation of an entry stored under `key`.
  auto expect_from_table = [&](std::optional<std::string_view> answer, std::string_view key) {
    if (!answer) return;
    ++tally.found;
    SCOPED_TRACE(std::string(key));
    ASSERT_GE(answer->data(), image.data());
    ASSERT_LT(answer->data() + answer->size(), image.data() + image.size());
    EXPECT_EQ(answer->data()[answer->size()], '\0');
    for (std::uint32_t i = 0; i < count; ++i) {
      const std::optional<std::string_view> k = table_string(image, big, originals, i);
      const std::optional<std::string_view> t = table_string(image, big, translations, i);
      if (!k || !t || k->substr(0, k->find('\0')) != key) continue;
      for (std::string_view form : forms_of(*t))
        if (form.data() == answer->data() && form.size() == answer->size()) return;
    }
    ADD_FAILURE() << "\"" << *answer << "\" is no form of a translation stored under this key";
  };
  expect_from_table(mo->lookup("hello"), "hello");
  expect_from_table(mo->lookup("file", "open"), "file\x04open");
  expect_from_table(mo->lookup(""), "");
  expect_from_table(mo->lookup_plural("apple", 3), "apple");
  expect_from_table(mo->lookup_forms("apple").transform([](std::string_view f) {
    return f.substr(0, f.find('\0'));  // the forms start with the first one
  }),
                    "apple");
}

TEST(MoReader, EveryTruncationAndByteFlipIsRefusedOrAnswersFromItsTables) {
  // Exhaustive on a small file, under ASan too: no input may crash or read out of bounds,
  // and each is refused with a diagnostic or answers only what its tables hold.
  po_file po = sample_po();
  po.messages.resize(8);
  for (bool big : {false, true}) {
    SCOPED_TRACE(big ? "big-endian" : "little-endian");
    const std::string good = compile(po, false, big);
    damage_tally cuts, flips;
    for (std::size_t len = 0; len < good.size(); ++len) {
      SCOPED_TRACE("cut at " + std::to_string(len));
      const std::vector<char> exact(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(len));
      expect_within_contract(exact, "cut.mo", cuts);  // no slack for ASan to miss
      if (testing::Test::HasFailure()) return;
    }
    for (std::size_t at = 0; at < good.size(); ++at) {
      for (int v : {0x00, 0xff, 0x7f, 0x01}) {
        SCOPED_TRACE("byte " + std::to_string(at) + " set to " + std::to_string(v));
        std::vector<char> bad(good.begin(), good.end());
        bad[at] = static_cast<char>(v);
        expect_within_contract(bad, "flip.mo", flips);
        if (testing::Test::HasFailure()) return;
      }
    }
    // Both outcomes were met, so neither branch above was checked in vain.
    EXPECT_GT(cuts.refused, 0u);
    EXPECT_GT(cuts.opened, 0u);
    EXPECT_GT(cuts.bad_entries, 0u);
    EXPECT_GT(flips.refused, 0u);
    EXPECT_GT(flips.opened, 0u);
    EXPECT_GT(flips.bad_entries, 0u);
    EXPECT_GT(flips.found, 0u);
  }
}

TEST(MoReader, RefusesFilesOverTheLimit) {
  std::string bytes = compile(sample_po());
  erli18n::mo_open_options small;
  small.max_bytes = 100;
  auto mo = mo_catalog::from_memory(bytes.data(), bytes.size(), "big.mo", small);
  ASSERT_FALSE(mo);
  EXPECT_EQ(mo.error().code, erli18n::errc::limit_exceeded);
}

TEST(MoReader, DecompilesToThePoModel) {
  auto mo = mo_catalog::open(std::string(ERLI18N_TEST_DATA) + "/mo/sysdep_i_flag.mo");
  ASSERT_TRUE(mo);
  auto po = erli18n::decompile_mo(*mo);
  ASSERT_TRUE(po);
  ASSERT_EQ(po->messages.size(), 5u);
  EXPECT_TRUE(po->messages[0].is_header());
  EXPECT_EQ(po->messages[2].msgid, "size %<PRIu64> of %s");
  EXPECT_EQ(po->messages[2].flags, std::vector<std::string>{"c-format"});
  EXPECT_EQ(po->messages[3].msgstr.size(), 2u);
  EXPECT_TRUE(po->messages[4].flags.empty());
  EXPECT_EQ(po->charset, "UTF-8");
}

// ---- Hostile files: amplification, invalid UTF-8 (issue 20) ----

// A revision-1 file with no static entry, one segment `PRIu64`, one text of `text_bytes`
// bytes, and `strings` system-dependent messages whose msgid and msgstr all use the same
// descriptor: "<text><PRIu64>". Each message costs the file 8 bytes and, expanded, four
// copies of the text.
std::string shared_text_mo(std::size_t text_bytes, std::uint32_t strings) {
  const std::size_t seg_table = 48, seg_name = 56, text = 64;
  const std::size_t desc = (text + text_bytes + 1 + 3) / 4 * 4;
  const std::size_t orig_table = desc + 20, trans_table = orig_table + std::size_t{4} * strings;
  std::string b(trans_table + std::size_t{4} * strings, '\0');
  auto w = [&b](std::size_t at, std::size_t v) { put_word(b, at, static_cast<std::uint32_t>(v)); };
  w(0, erli18n::mo_format::magic);
  w(4, 1);   // revision 0.1
  w(28, 1);  // one segment
  w(32, seg_table);
  w(36, strings);
  w(40, orig_table);
  w(44, trans_table);
  w(seg_table, 7);  // "PRIu64" and its NUL
  w(seg_table + 4, seg_name);
  std::memcpy(&b[seg_name], "PRIu64", 6);
  std::memset(&b[text], 'x', text_bytes);
  w(desc, text);
  w(desc + 4, text_bytes);  // the text, then segment 0
  w(desc + 8, 0);
  w(desc + 12, 1);  // the final NUL
  w(desc + 16, erli18n::mo_format::segment_end);
  for (std::uint32_t i = 0; i < strings; ++i) {
    w(orig_table + std::size_t{4} * i, desc);
    w(trans_table + std::size_t{4} * i, desc);
  }
  return b;
}

TEST(MoReader, RefusesSystemDependentStringsThatAmplify) {
  // 36 KB that would expand to 4,000 x 4 copies of 4,000 bytes (64 MB, 160 MB of heap
  // before the bound): refused before anything is expanded.
  const std::string bytes = shared_text_mo(4000, 4000);
  ASSERT_LT(bytes.size(), 37000u);
  reset_heap_peak();
  const std::size_t before = heap_live;
  auto mo = mo_catalog::from_memory(bytes.data(), bytes.size(), "amplify.mo");
  const std::size_t peak = heap_peak - before;
  ASSERT_FALSE(mo) << "opened, owning " << mo->owned_bytes() << " bytes";
  EXPECT_EQ(mo.error().code, erli18n::errc::limit_exceeded);
  EXPECT_EQ(mo.error().to_string(),
            "amplify.mo: error: expanding its 4000 system-dependent strings takes more than " +
                std::to_string(4 * bytes.size()) + " bytes, the limit (max_expansion: 4 times the file's " +
                std::to_string(bytes.size()) + " bytes)");
  EXPECT_LT(peak, std::size_t{64} << 10) << "the refusal allocated " << peak << " bytes";

  // The same shape, small enough to fit: it opens, and the expansion is counted.
  const std::string fits = shared_text_mo(10, 3);
  auto small = mo_catalog::from_memory(fits.data(), fits.size(), "fits.mo");
  ASSERT_TRUE(small) << small.error().to_string();
  EXPECT_EQ(small->lookup("xxxxxxxxxx" PRIu64).value_or("?"), "xxxxxxxxxx" PRIu64);
  EXPECT_GT(small->owned_bytes(), 3 * 4 * 10u);
  erli18n::mo_open_options none;
  none.max_expansion = 0;
  EXPECT_FALSE(mo_catalog::from_memory(fits.data(), fits.size(), "fits.mo", none));
  // The bound is also at most max_bytes.
  erli18n::mo_open_options tight;
  tight.max_bytes = bytes.size();
  auto capped = mo_catalog::from_memory(bytes.data(), bytes.size(), "amplify.mo", tight);
  ASSERT_FALSE(capped);
  EXPECT_NE(capped.error().message.find("the limit (max_bytes"), std::string::npos) << capped.error().message;

  // 360 KB (the out-of-memory case) is refused as cheaply.
  const std::string huge = shared_text_mo(40000, 40000);
  reset_heap_peak();
  const std::size_t huge_before = heap_live;
  EXPECT_FALSE(mo_catalog::from_memory(huge.data(), huge.size(), "huge.mo"));
  EXPECT_LT(heap_peak - huge_before, std::size_t{64} << 10);
}

TEST(MoReader, StoreRefusesAmplifyingFileAndKeepsItsCatalog) {
  erli18n::catalog_store store;
  const std::string good = compile(sample_po());
  ASSERT_TRUE(store.load_buffer("app", "fr", good, "good.mo"));
  const std::string bytes = shared_text_mo(4000, 4000);
  const std::string path = ::testing::TempDir() + "/erli18n_amplify.mo";
  {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
  }
  for (bool from_file : {false, true}) {
    auto r = from_file ? store.load("app", "fr", path) : store.load_buffer("app", "fr", bytes, path);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, erli18n::errc::limit_exceeded);
    EXPECT_EQ(r.error().to_string().rfind(path + ": error: expanding its 4000 system-dependent strings", 0),
              0u)
        << r.error().to_string();
    EXPECT_EQ(store.dlgettext("app", "fr", "hello"), "bonjour");
  }
  EXPECT_LT(store.memory().mapped_bytes + store.memory().text_bytes, std::size_t{1} << 20);
  std::remove(path.c_str());
}

// The worst catalog msgfmt writes for the bound: every message system-dependent, each a
// long run of the longest segment name.
po_file sysdep_heavy_po() {
  po_file po;
  po.file_name = "heavy.po";
  po.messages.push_back(msg("", "Content-Type: text/plain; charset=UTF-8\n"));
  std::string run;
  for (int i = 0; i < 100; ++i) run += "%<PRIuLEAST64>";
  for (int i = 0; i < 50; ++i) {
    po_message m = msg(std::to_string(i) + run, std::to_string(i) + run);
    m.flags = {"c-format"};
    po.messages.push_back(m);
  }
  po_message one = msg("%<PRIu64> file", "%<PRIu64> fichier");
  one.msgid_plural = "%<PRIu64> files";
  one.msgstr.push_back("%<PRIu64> fichiers");
  one.flags = {"c-format"};
  po.messages.push_back(one);
  return po;
}

TEST(MoReader, LegitimateSystemDependentFilesFitTheBound) {
  const std::string bytes = compile(sysdep_heavy_po());
  ASSERT_FALSE(bytes.empty());
  auto mo = mo_catalog::from_memory(bytes.data(), bytes.size(), "heavy.mo");
  ASSERT_TRUE(mo) << mo.error().to_string();
  std::string run;
  for (int i = 0; i < 100; ++i) run += "%" PRIuLEAST64;
  EXPECT_EQ(mo->lookup("7" + run).value_or("?"), "7" + run);
  EXPECT_EQ(mo->lookup_plural("%" PRIu64 " file", 3).value_or("?"), "%" PRIu64 " fichiers");
  // The expansion is counted, and well under the default bound of 4 times the file.
  const std::size_t expanded = mo->owned_bytes();  // from_memory: no mapping of its own
  EXPECT_GT(expanded, bytes.size());
  EXPECT_LT(expanded, 2 * bytes.size());
  erli18n::mo_open_options tight;
  tight.max_expansion = 1;
  EXPECT_FALSE(mo_catalog::from_memory(bytes.data(), bytes.size(), "heavy.mo", tight));
}

TEST(MoReader, ExpandedStringsCountInOwnedBytesAndStoreMemory) {
  const std::string path = std::string(ERLI18N_TEST_DATA) + "/mo/sysdep_i_flag.mo";
  const auto file_size = static_cast<std::size_t>(std::filesystem::file_size(path));
  auto mo = mo_catalog::open(path);
  ASSERT_TRUE(mo) << mo.error().to_string();
  EXPECT_GT(mo->owned_bytes(), file_size);  // the mapping, and the three expanded messages
  erli18n::catalog_store store;
  ASSERT_TRUE(store.load("app", "fr", path));
  EXPECT_EQ(store.dlgettext("app", "fr", "size %" PRIu64 " of %s"), "taille %" PRIu64 " de %s");
  EXPECT_EQ(store.memory().mapped_bytes, mo->owned_bytes());
  // Without system-dependent strings a catalog owns its mapping only.
  auto plain = mo_catalog::open(std::string(ERLI18N_TEST_DATA) + "/mo/basic.mo");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->owned_bytes(),
            std::filesystem::file_size(std::string(ERLI18N_TEST_DATA) + "/mo/basic.mo"));
}

// `sample_po()` and "zz IDM" -> "bad STM text", compiled, then the msgid's or the msgstr's
// marker replaced by bytes that are not UTF-8. A changed msgid is written without a hash
// table (it would no longer match its hash); it sorts last either way.
std::string with_invalid_utf8(bool in_msgid) {
  po_file po = sample_po();
  po.messages.push_back(msg("zz IDM", "bad STM text"));
  std::string bytes = compile(po, in_msgid);
  std::size_t at = bytes.find(in_msgid ? "IDM" : "STM");
  EXPECT_NE(at, std::string::npos);
  bytes.replace(at, 3, in_msgid ? "\xc3\x28q" : "\xff\xfeq");
  return bytes;
}

TEST(MoReader, InvalidUtf8IsAnErrorAsInPo) {
  for (bool in_msgid : {false, true}) {
    SCOPED_TRACE(in_msgid ? "msgid" : "msgstr");
    const std::string bytes = with_invalid_utf8(in_msgid);
    auto mo = open_bytes(bytes);
    ASSERT_TRUE(mo) << mo.error().to_string();  // opening stays O(1)
    std::size_t index = mo->size();
    for (std::size_t i = 0; i < mo->size(); ++i)
      if (!mo->entry(i)) index = i;
    ASSERT_LT(index, mo->size()) << "no entry reported the invalid text";
    auto e = mo->entry(index);
    EXPECT_EQ(e.error().code, erli18n::errc::charset);
    const std::string what = in_msgid ? "original string " : "translated string ";
    EXPECT_EQ(e.error().to_string().rfind(
                  "test.mo: error: " + what + std::to_string(index) + " (descriptor at offset ", 0),
              0u)
        << e.error().to_string();
    const std::string byte = in_msgid ? "3" : "4";
    EXPECT_NE(e.error().message.find(") is not valid UTF-8 (byte " + byte + " of the string)"),
              std::string::npos)
        << e.error().message;
    EXPECT_FALSE(mo->validate());
    erli18n::mo_open_options all;
    all.validate_all = true;
    EXPECT_FALSE(mo_catalog::from_memory(bytes.data(), bytes.size(), "test.mo", all));
    // With verify_all the store reads every entry: it refuses the file and keeps what it had.
    erli18n::catalog_store store;
    ASSERT_TRUE(store.load_buffer("app", "fr", compile(sample_po()), "good.mo"));
    erli18n::load_options verify;
    verify.verify_all = true;
    auto r = store.load_buffer("app", "fr", bytes, "bad.mo", verify);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().to_string(), "bad.mo" + e.error().to_string().substr(7));
    EXPECT_EQ(store.dlgettext("app", "fr", "hello"), "bonjour");
    // By default a first load is O(1): the damaged message reads as missing, from the MO's
    // own table as from the index built later, and the others are served.
    ASSERT_TRUE(store.load_buffer("other", "fr", bytes, "bad.mo"));
    const std::string bad_key = in_msgid ? "zz \xc3\x28q" : "zz IDM";
    for (int indexed : {0, 1}) {
      SCOPED_TRACE(indexed ? "indexed" : "from the MO's table");
      if (indexed) store.build_indexes();
      EXPECT_EQ(store.dlgettext("other", "fr", bad_key), bad_key);
      EXPECT_EQ(store.dlgettext("other", "fr", "hello"), "bonjour");
    }
    // msgunfmt reads such a file (dropping the bytes, with a warning): decompile still works.
    EXPECT_TRUE(erli18n::decompile_mo(*mo));
  }
}

TEST(MoReader, InvalidUtf8WithoutCharsetOrInSystemDependentString) {
  // No charset declared: read as UTF-8, so checked as UTF-8.
  po_file po = sample_po();
  po.messages[0].msgstr[0] = "Project-Id-Version: x\n";
  po.messages.push_back(msg("latin", "cafQ"));
  std::string bytes = compile(po);
  std::size_t at = bytes.find("cafQ");
  ASSERT_NE(at, std::string::npos);
  bytes[at + 3] = '\xe9';  // Latin-1, as an old catalog without a charset might hold
  erli18n::catalog_store store;
  erli18n::load_options verify;
  verify.verify_all = true;
  auto r = store.load_buffer("app", "fr", bytes, "nocharset.mo", verify);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("is not valid UTF-8 (byte 3 of the string)"), std::string::npos)
      << r.error().to_string();
  // Loaded in O(1), the message is a miss (before and after the index is built).
  ASSERT_TRUE(store.load_buffer("app", "fr", bytes, "nocharset.mo"));
  EXPECT_EQ(store.dlgettext("app", "fr", "latin"), "latin");
  store.build_indexes();
  EXPECT_EQ(store.dlgettext("app", "fr", "latin"), "latin");
  EXPECT_EQ(store.dlgettext("app", "fr", "hello"), "bonjour");

  // A system-dependent string is checked when it is expanded, at open.
  std::string sysdep = shared_text_mo(10, 2);
  sysdep[64 + 4] = '\xc0';
  auto mo = mo_catalog::from_memory(sysdep.data(), sysdep.size(), "sysdep.mo");
  ASSERT_FALSE(mo);
  EXPECT_EQ(mo.error().code, erli18n::errc::charset);
  EXPECT_NE(mo.error().message.find("system-dependent original string 0 (descriptor at offset "),
            std::string::npos)
      << mo.error().message;
  EXPECT_NE(mo.error().message.find("is not valid UTF-8 (byte 4 of the string)"), std::string::npos);
}

// msgunfmt 0.21 reads a catalog whose header names no charset (de/dglobals-3.2.2.mo has no
// header at all, and German in UTF-8) as ASCII: it leaves every other byte out of the strings,
// but --escape writes each as an octal escape. In a UTF-8 catalog it does so with the bytes
// that are not UTF-8. Found by running it; tests/parity/msgunfmt_gnu.sh compares the two.
TEST(MoReader, DecompilesTheBytesOfACatalogNamingNoCharsetAsAscii) {
  po_file po;
  po.messages.push_back(msg("Enumeration values for type %s", "Aufz\xc3\xa4hlungswerte f\xc3\xbcr Typ %s"));
  po.messages.push_back(msg("Next",
                            "N\xc3\xa4"
                            "chste"));
  std::string bytes = compile(po);
  auto mo = mo_catalog::from_memory(bytes.data(), bytes.size(), "dglobals.mo");
  ASSERT_TRUE(mo);
  auto decompiled = erli18n::decompile_mo(*mo);
  ASSERT_TRUE(decompiled);
  EXPECT_EQ(decompiled->charset, "ASCII");
  EXPECT_TRUE(decompiled->unconverted);
  EXPECT_EQ(decompiled->messages[0].msgstr[0], "Aufz\xc3\xa4hlungswerte f\xc3\xbcr Typ %s");
  auto plain = erli18n::write_po(*decompiled);
  ASSERT_TRUE(plain) << plain.error().to_string();
  EXPECT_EQ(*plain,
            "msgid \"Enumeration values for type %s\"\nmsgstr \"Aufzhlungswerte fr Typ %s\"\n\n"
            "msgid \"Next\"\nmsgstr \"Nchste\"\n");
  erli18n::po_write_options escape;
  escape.escape = true;
  auto escaped = erli18n::write_po(*decompiled, escape);
  ASSERT_TRUE(escaped) << escaped.error().to_string();
  EXPECT_EQ(*escaped,
            "msgid \"Enumeration values for type %s\"\n"
            "msgstr \"Aufz\\303\\244hlungswerte f\\303\\274r Typ %s\"\n\n"
            "msgid \"Next\"\nmsgstr \"N\\303\\244chste\"\n");

  // A header without a charset, itself holding a name in UTF-8: the same.
  po.messages.push_back(msg("", "Project-Id-Version: x\nLast-Translator: J\xc3\xb6rg\n"));
  bytes = compile(po);
  mo = mo_catalog::from_memory(bytes.data(), bytes.size(), "header.mo");
  ASSERT_TRUE(mo);
  decompiled = erli18n::decompile_mo(*mo);
  ASSERT_TRUE(decompiled);
  EXPECT_EQ(decompiled->charset, "ASCII");
  plain = erli18n::write_po(*decompiled);
  ASSERT_TRUE(plain);
  EXPECT_TRUE(plain->starts_with(
      "msgid \"\"\nmsgstr \"\"\n\"Project-Id-Version: x\\n\"\n\"Last-Translator: Jrg\\n\"\n\n"))
      << *plain;

  // UTF-8 declared, one byte Latin-1 (`\xe4`): that byte alone is left out, or escaped.
  po = sample_po();
  po.messages.push_back(msg("latin", "LQnge sch\xc3\xb6n"));
  bytes = compile(po);
  const std::size_t at = bytes.find("LQnge");
  ASSERT_NE(at, std::string::npos);
  bytes[at + 1] = '\xe4';
  mo = mo_catalog::from_memory(bytes.data(), bytes.size(), "latin.mo");
  ASSERT_TRUE(mo);
  decompiled = erli18n::decompile_mo(*mo);
  ASSERT_TRUE(decompiled);
  EXPECT_EQ(decompiled->charset, "UTF-8");
  plain = erli18n::write_po(*decompiled);
  ASSERT_TRUE(plain);
  EXPECT_NE(plain->find("msgid \"latin\"\nmsgstr \"Lnge sch\xc3\xb6n\"\n"), std::string::npos) << *plain;
  escaped = erli18n::write_po(*decompiled, escape);
  ASSERT_TRUE(escaped);
  EXPECT_NE(escaped->find("msgid \"latin\"\nmsgstr \"L\\344nge sch\\303\\266n\"\n"), std::string::npos)
      << *escaped;
}

}  // namespace
