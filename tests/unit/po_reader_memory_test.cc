// Peak heap use of PO loads: a file of comment lines must cost a small multiple of its size.
// A binary of its own, because it replaces the global operator new to count the bytes that
// are allocated at once (the peak), which would disturb the other tests' binaries.
#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <string>

#include "erli18n/catalog_store.h"
#include "erli18n/po.h"

namespace {

// Every block carries its size in front of it, so that delete can count what it frees.
constexpr std::size_t kPrefix = alignof(std::max_align_t);
std::atomic<std::size_t> g_live{0};
std::atomic<std::size_t> g_peak{0};

void* counted_alloc(std::size_t size) {
  void* p = std::malloc(size + kPrefix);
  if (p == nullptr) return nullptr;
  *static_cast<std::size_t*>(p) = size;
  const std::size_t live = g_live.fetch_add(size, std::memory_order_relaxed) + size;
  std::size_t peak = g_peak.load(std::memory_order_relaxed);
  while (live > peak && !g_peak.compare_exchange_weak(peak, live, std::memory_order_relaxed)) {
  }
  return static_cast<char*>(p) + kPrefix;
}

void counted_free(void* p) noexcept {
  if (p == nullptr) return;
  void* block = static_cast<char*>(p) - kPrefix;
  g_live.fetch_sub(*static_cast<std::size_t*>(block), std::memory_order_relaxed);
  std::free(block);
}

// Peak heap bytes allocated by `f` beyond what was live when it started.
template <class F>
std::size_t peak_of(F&& f) {
  const std::size_t base = g_live.load();
  g_peak.store(base);
  f();
  return g_peak.load() - base;
}

// About `bytes` of comment lines of every kind GNU writes, each reference distinct, then
// one entry (comments belong to the entry that follows them).
std::string comment_file(std::size_t bytes) {
  std::string s = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n";
  for (std::size_t i = 0; s.size() < bytes; ++i) {
    s += "#. x\n# x\n#: file:";
    s += std::to_string(i);
    s += "\n#\n";
  }
  s += "msgid \"a\"\nmsgstr \"b\"\n";
  return s;
}

// The store needs no comments, so a load costs the input and the catalog built from it.
TEST(PoReaderMemory, StoreLoadOfCommentLinesIsBounded) {
  const std::string text = comment_file(std::size_t{20} << 20);
  erli18n::catalog_store store;
  const std::size_t peak = peak_of([&] { ASSERT_TRUE(store.load_buffer("d", "de", text, "comments.po")); });
  EXPECT_EQ(store.dlgettext("d", "de", "a"), "b");
  RecordProperty("input_bytes", std::to_string(text.size()));
  RecordProperty("peak_bytes", std::to_string(peak));
  EXPECT_LT(peak, text.size() / 4) << "input " << text.size() << " bytes, peak " << peak;
}

// Tools keep every comment, and the model costs a std::string or a po_reference per line (of
// a few bytes): that cost is inherent, but nothing may multiply it (indexes of copies,
// vectors regrowing, which briefly hold three times their elements).
TEST(PoReaderMemory, ReadPoOfCommentLinesCostsTheModelOnly) {
  const std::string text = comment_file(std::size_t{20} << 20);
  erli18n::po_read_options options;
  options.max_bytes = text.size();
  std::size_t model = 0, lines = 0;
  const std::size_t peak = peak_of([&] {
    auto po = erli18n::read_po(text, "comments.po", options);
    ASSERT_TRUE(po) << po.error().to_string();
    const erli18n::po_message& m = po->messages.at(1);
    lines = m.translator_comments.size() + m.extracted_comments.size() + m.references.size();
    // Every string here is short: its characters live inside it.
    model = (m.translator_comments.capacity() + m.extracted_comments.capacity()) * sizeof(std::string) +
            m.references.capacity() * sizeof(erli18n::po_reference);
  });
  EXPECT_GT(lines, text.size() / 8);
  RecordProperty("input_bytes", std::to_string(text.size()));
  RecordProperty("model_bytes", std::to_string(model));
  RecordProperty("peak_bytes", std::to_string(peak));
  EXPECT_LT(model, lines * 40) << "the vectors were not sized to their comments";
  EXPECT_LT(peak, model + model / 4) << "input " << text.size() << " bytes, model " << model << ", peak "
                                     << peak;
}

}  // namespace

void* operator new(std::size_t size) {
  if (void* p = counted_alloc(size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
  if (void* p = counted_alloc(size)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc(size); }
void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { counted_free(p); }
