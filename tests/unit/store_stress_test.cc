// Concurrency of the catalog store: reader threads check every lookup against the set of
// answers that are valid at that moment while a writer loads, reloads and unloads catalogs
// and changes the fallback rule without pause; and views returned by lookups stay valid and
// unchanged after their catalog is reloaded or unloaded many times. Run under TSan by
// `make tsan` and under ASan by the build-asan pass of `make test`.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/gettext.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using erli18n::catalog_store;
using erli18n::locale_fallback;

// ---------------------------------------------------------------------------------------
// Two versions of one catalog. Every translation carries its version's tag, and the two
// versions have different plural rules (two forms against three), so a lookup that mixed
// the versions — one version's rule applied to the other's forms — gives a string neither
// version can give.

struct message {
  std::string context;  // empty: none
  std::string msgid;
  std::string msgid_plural;  // empty: not a plural message
};

std::vector<message> common_messages() {
  std::vector<message> out;
  for (int i = 0; i < 24; ++i) out.push_back({"", "message " + std::to_string(i), ""});
  for (int i = 0; i < 8; ++i)
    out.push_back({"", "%d item " + std::to_string(i), "%d items " + std::to_string(i)});
  for (int i = 0; i < 4; ++i) out.push_back({"menu", "entry " + std::to_string(i), ""});
  out.push_back({"menu", "%d entry", "%d entries"});
  return out;
}

struct version {
  char tag;                // 'A' or 'B'
  std::string only_key;    // a msgid only this version has
  unsigned long nplurals;  // A: (n != 1); B: n % 3
  std::string plural;
  std::string header;
  std::vector<message> messages;

  unsigned long form(unsigned long n) const { return tag == 'A' ? (n != 1 ? 1 : 0) : n % 3; }
  std::string translation(const message& m) const {
    return std::string(1, tag) + ":" + m.context + "|" + m.msgid;
  }
  std::string translation(const message& m, unsigned long n) const {
    return translation(m) + "#" + std::to_string(form(n));
  }
};

version make_version(char tag) {
  version v;
  v.tag = tag;
  v.only_key = std::string("only in ") + tag;
  v.nplurals = tag == 'A' ? 2 : 3;
  v.plural = tag == 'A' ? "(n != 1)" : "n % 3";
  v.header = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=" + std::to_string(v.nplurals) +
             "; plural=" + v.plural + ";\nX-Version: " + std::string(1, tag) + "\n";
  v.messages = common_messages();
  v.messages.push_back({"", v.only_key, ""});
  return v;
}

const version version_a = make_version('A');
const version version_b = make_version('B');

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
  return out + "\"";
}

std::string po_text(const version& v) {
  std::string po = "msgid \"\"\nmsgstr " + quoted(v.header) + "\n";
  for (const message& m : v.messages) {
    po += "\n";
    if (!m.context.empty()) po += "msgctxt " + quoted(m.context) + "\n";
    po += "msgid " + quoted(m.msgid) + "\n";
    if (m.msgid_plural.empty()) {
      po += "msgstr " + quoted(v.translation(m)) + "\n";
    } else {
      po += "msgid_plural " + quoted(m.msgid_plural) + "\n";
      for (unsigned long i = 0; i < v.nplurals; ++i)
        po +=
            "msgstr[" + std::to_string(i) + "] " + quoted(v.translation(m) + "#" + std::to_string(i)) + "\n";
    }
  }
  return po;
}

std::string mo_bytes(const version& v) { return erli18n::test_support::mo_from_po(po_text(v), "stress.po"); }

// A third catalog, under another domain, that is loaded and unloaded.
const char* const other_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

msgid "message 0"
msgstr "O:message 0"
)po";

using erli18n::test_support::temp_dir;

// ---------------------------------------------------------------------------------------
// The checks a reader makes. A result is valid when it is exactly what version A or version
// B gives for that key and n, or the miss result when a miss is allowed.

enum class seen { a, b, miss, invalid };

seen classify(std::string_view got, const message& m, unsigned long n, bool plural_lookup) {
  for (const version* v : {&version_a, &version_b}) {
    const bool has = std::any_of(v->messages.begin(), v->messages.end(), [&](const message& x) {
      return x.msgid == m.msgid && x.context == m.context;
    });
    if (!has) continue;
    std::string expected;
    if (m.msgid_plural.empty())
      expected = v->translation(m);
    else if (plural_lookup)
      expected = v->translation(m, n);
    else
      expected = v->translation(m) + "#0";
    if (got == expected) return v->tag == 'A' ? seen::a : seen::b;
  }
  const std::string_view miss = plural_lookup && n != 1 ? m.msgid_plural : m.msgid;
  if (got == miss) return seen::miss;
  return seen::invalid;
}

// Shared between the writer and the readers.
struct shared_state {
  std::atomic<bool> stop{false};
  // Odd while the (stress, fr) catalog may be absent: a miss is only valid when the count
  // was odd before the lookup or changed during it.
  std::atomic<std::uint64_t> absent_window{0};
  std::atomic<long> lookups{0}, seen_a{0}, seen_b{0}, seen_miss{0}, failures{0};
};

struct reader_stats {
  long lookups = 0, a = 0, b = 0, miss = 0, failures = 0;
  std::string first_failure;
};

void record(reader_stats& st, seen s, bool miss_allowed, const std::string& what, std::string_view got) {
  ++st.lookups;
  switch (s) {
    case seen::a:
      ++st.a;
      return;
    case seen::b:
      ++st.b;
      return;
    case seen::miss:
      ++st.miss;
      if (miss_allowed) return;
      break;
    case seen::invalid:
      break;
  }
  if (st.failures++ == 0) st.first_failure = what + " gave \"" + std::string(got) + "\"";
}

// Every translation (not a miss, which is the caller's own argument) must be NUL-terminated.
bool nul_terminated(std::string_view s) { return s.data()[s.size()] == '\0'; }

void reader(int id, shared_state& shared, reader_stats& st) {
  const catalog_store& store = catalog_store::default_store();
  const erli18n::translator tr(store, "stress", "fr");
  erli18n::locale_scope scope("fr");  // the free functions' locale, for this thread
  const std::vector<message> all = [] {
    std::vector<message> m = common_messages();
    m.push_back({"", version_a.only_key, ""});
    m.push_back({"", version_b.only_key, ""});
    return m;
  }();
  const std::set<std::string> keys_a = [] {
    std::set<std::string> k{"|"};  // the header
    for (const message& m : version_a.messages) k.insert(m.context + "|" + m.msgid);
    return k;
  }();
  const std::set<std::string> keys_b = [] {
    std::set<std::string> k{"|"};
    for (const message& m : version_b.messages) k.insert(m.context + "|" + m.msgid);
    return k;
  }();
  std::uint64_t rng = 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(id + 1);
  for (long i = 0; !shared.stop.load(std::memory_order_relaxed); ++i) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    const message& m = all[rng % all.size()];
    const unsigned long n = (rng >> 32) % 7;
    const bool plural = !m.msgid_plural.empty() && (rng >> 40) % 2 == 0;
    const bool ctx = !m.context.empty();
    const std::uint64_t window_before = shared.absent_window.load();
    std::string_view got;
    const int style = static_cast<int>((rng >> 48) % 6);
    switch (style) {
      case 0:  // a translator
        got = ctx ? (plural ? tr.npgettext(m.context, m.msgid, m.msgid_plural, n)
                            : tr.pgettext(m.context, m.msgid))
                  : (plural ? tr.ngettext(m.msgid, m.msgid_plural, n) : tr.gettext(m.msgid));
        break;
      case 1:  // the default domain and the thread's locale
        got = ctx ? (plural ? erli18n::npgettext(m.context, m.msgid, m.msgid_plural, n)
                            : erli18n::pgettext(m.context, m.msgid))
                  : (plural ? erli18n::ngettext(m.msgid, m.msgid_plural, n) : erli18n::gettext(m.msgid));
        break;
      case 2:  // an explicit domain and the thread's locale
        got = ctx ? (plural ? erli18n::dnpgettext("stress", m.context, m.msgid, m.msgid_plural, n)
                            : erli18n::dpgettext("stress", m.context, m.msgid))
                  : (plural ? erli18n::dngettext("stress", m.msgid, m.msgid_plural, n)
                            : erli18n::dgettext("stress", m.msgid));
        break;
      case 3:  // the store's dl* family, with a locale spelled another way
        got = ctx ? (plural ? store.dlnpgettext("stress", "fr.UTF-8", m.context, m.msgid, m.msgid_plural, n)
                            : store.dlpgettext("stress", "fr.UTF-8", m.context, m.msgid))
                  : (plural ? store.dlngettext("stress", "fr.UTF-8", m.msgid, m.msgid_plural, n)
                            : store.dlgettext("stress", "fr.UTF-8", m.msgid));
        break;
      case 4: {  // a locale only the fallback rule reaches: a miss is always valid
        got = ctx ? (plural ? erli18n::dlnpgettext("stress", "fr_CA", m.context, m.msgid, m.msgid_plural, n)
                            : erli18n::dlpgettext("stress", "fr_CA", m.context, m.msgid))
                  : (plural ? erli18n::dlngettext("stress", "fr_CA", m.msgid, m.msgid_plural, n)
                            : erli18n::dlgettext("stress", "fr_CA", m.msgid));
        const seen s = classify(got, m, n, plural);
        record(st, s, true, "fr_CA " + m.context + "|" + m.msgid, got);
        if (s != seen::miss && !nul_terminated(got))
          record(st, seen::invalid, false, "NUL of " + m.msgid, got);
        continue;
      }
      default: {  // the other domain's catalog, loaded and unloaded
        got = erli18n::dlgettext("stress-other", "fr", "message 0");
        if (got != "O:message 0" && got != "message 0")
          record(st, seen::invalid, false, "stress-other message 0", got);
        else
          ++st.lookups;
        continue;
      }
    }
    const bool miss_allowed = window_before % 2 == 1 || shared.absent_window.load() != window_before ||
                              // A key only one version has misses while the other is loaded.
                              m.msgid == version_a.only_key || m.msgid == version_b.only_key;
    const seen s = classify(got, m, n, plural);
    record(st, s, miss_allowed, "style " + std::to_string(style) + " " + m.context + "|" + m.msgid, got);
    if (s != seen::miss && !nul_terminated(got)) record(st, seen::invalid, false, "NUL of " + m.msgid, got);

    // Now and then: the header and the key list each come whole from one version.
    if (i % 256 == 0) {
      const std::uint64_t before = shared.absent_window.load();
      const std::string_view header = tr.gettext("");
      const bool absent_ok = before % 2 == 1 || shared.absent_window.load() != before;
      if (header != version_a.header && header != version_b.header && !(absent_ok && header.empty()))
        record(st, seen::invalid, false, "header", header);
      const std::uint64_t keys_before = shared.absent_window.load();
      erli18n::result<std::vector<erli18n::catalog_key>> keys = store.keys("stress", "fr");
      if (!keys) {
        if (keys_before % 2 == 0 && shared.absent_window.load() == keys_before)
          record(st, seen::invalid, false, "keys", keys.error().to_string());
      } else {
        std::set<std::string> listed;
        for (const erli18n::catalog_key& k : *keys) listed.insert(k.context + "|" + k.msgid);
        if (listed != keys_a && listed != keys_b) record(st, seen::invalid, false, "keys", "a mix");
      }
    }
  }
}

void writer(shared_state& shared, const temp_dir& dir, std::chrono::steady_clock::duration run_for,
            long& writes, std::string& failure) {
  catalog_store& store = catalog_store::default_store();
  const std::string a_po = dir.write("a.po", po_text(version_a));
  const std::string b_mo = dir.write("b.mo", mo_bytes(version_b));
  const std::string b_mo_bytes = mo_bytes(version_b);
  const std::string a_mo_bytes = mo_bytes(version_a);
  const std::string other = dir.write("other.po", other_po);
  auto check = [&](bool ok, const char* what) {
    if (!ok && failure.empty()) failure = what;
  };
  const auto deadline = std::chrono::steady_clock::now() + run_for;
  bool fallback_on = false;
  bool other_loaded = false;
  for (long i = 0; std::chrono::steady_clock::now() < deadline && failure.empty(); ++i) {
    switch (i % 8) {
      case 0:
        check(static_cast<bool>(store.load("stress", "fr", a_po)), "load a.po");
        break;
      case 1:
        check(static_cast<bool>(store.load("stress", "fr", b_mo)), "load b.mo");
        break;
      case 2: {
        // The file the catalog came from is replaced by rename, then reloaded.
        const std::string live = dir.write("live", i % 16 == 2 ? mo_bytes(version_a) : po_text(version_b));
        check(static_cast<bool>(store.load("stress", "fr", live)), "load live");
        dir.write("live", i % 16 == 2 ? po_text(version_b) : mo_bytes(version_a));
        check(static_cast<bool>(store.reload("stress", "fr")), "reload live");
        break;
      }
      case 3:
        check(static_cast<bool>(
                  store.load_buffer("stress", "fr", i % 16 == 3 ? b_mo_bytes : a_mo_bytes, "buffer")),
              "load_buffer");
        break;
      case 4:
        // A window in which the catalog is absent: readers may see misses only inside it.
        shared.absent_window.fetch_add(1);
        check(static_cast<bool>(store.unload("stress", "fr")), "unload");
        check(static_cast<bool>(store.load("stress", "fr", i % 16 == 4 ? a_po : b_mo)), "load after unload");
        shared.absent_window.fetch_add(1);
        break;
      case 5:
        if (other_loaded)
          check(static_cast<bool>(store.unload("stress-other", "fr")), "unload other");
        else
          check(static_cast<bool>(store.load("stress-other", "fr", other)), "load other");
        other_loaded = !other_loaded;
        break;
      case 6: {
        locale_fallback fb;
        fb.kind = fallback_on ? locale_fallback::mode::off : locale_fallback::mode::base_language;
        check(static_cast<bool>(store.set_fallback(fb)), "set_fallback");
        fallback_on = !fallback_on;
        break;
      }
      default:
        check(static_cast<bool>(store.reload("stress", "fr")), "reload");
        break;
    }
    ++writes;
  }
  shared.stop.store(true);
}

TEST(StoreStress, ReadersSeeOneWholeVersionWhileAWriterChangesTheStore) {
  temp_dir dir;
  catalog_store& store = catalog_store::default_store();
  ASSERT_TRUE(store.load("stress", "fr", dir.write("first.po", po_text(version_a))));
  ASSERT_TRUE(erli18n::textdomain("stress"));

  shared_state shared;
  constexpr int reader_count = 4;
  std::vector<reader_stats> stats(reader_count);
  std::vector<std::thread> readers;
  for (int r = 0; r < reader_count; ++r)
    readers.emplace_back(reader, r, std::ref(shared), std::ref(stats[r]));
  long writes = 0;
  std::string writer_failure;
  std::thread w(writer, std::ref(shared), std::cref(dir), std::chrono::seconds(4), std::ref(writes),
                std::ref(writer_failure));
  w.join();
  for (std::thread& t : readers) t.join();

  EXPECT_EQ(writer_failure, "");
  reader_stats total;
  for (const reader_stats& st : stats) {
    EXPECT_EQ(st.failures, 0) << "first: " << st.first_failure;
    total.lookups += st.lookups;
    total.a += st.a;
    total.b += st.b;
    total.miss += st.miss;
  }
  // The run proves something only if the writer really changed what the readers saw.
  EXPECT_GT(writes, 40);
  EXPECT_GT(total.a, 0);
  EXPECT_GT(total.b, 0);
  EXPECT_GT(total.lookups, 1000);
  std::printf("writes: %ld, lookups: %ld (A %ld, B %ld, misses %ld)\n", writes, total.lookups, total.a,
              total.b, total.miss);
}

// Views from lookups outlive reloads and unloads of their catalog: after 100 of them, each
// still reads what it read when it was returned, and is still NUL-terminated. (Under ASan a
// view into freed or unmapped memory fails here.)
TEST(StoreStress, ViewsStayValidAcrossReloadsAndUnloads) {
  temp_dir dir;
  catalog_store store;
  struct held {
    std::string_view view;
    std::string copy;
  };
  std::vector<held> views;
  // Misses return the caller's own text: these strings must outlive the views too.
  const std::vector<message> messages = common_messages();
  auto hold_all = [&](const char* domain) {
    for (const message& m : messages) {
      std::string_view v =
          m.context.empty()
              ? (m.msgid_plural.empty() ? store.dlgettext(domain, "fr", m.msgid)
                                        : store.dlngettext(domain, "fr", m.msgid, m.msgid_plural, 2))
              : store.dlpgettext(domain, "fr", m.context, m.msgid);
      views.push_back({v, std::string(v)});
    }
    std::string_view header = store.dlgettext(domain, "fr", "");
    views.push_back({header, std::string(header)});
  };
  const std::string live = dir.write("live.mo", mo_bytes(version_a));
  ASSERT_TRUE(store.load("views", "fr", live));
  for (int i = 0; i < 100; ++i) {
    hold_all("views");
    switch (i % 5) {
      case 0:  // the mapped file is replaced, then reloaded
        dir.write("live.mo", mo_bytes(i % 10 == 0 ? version_b : version_a));
        ASSERT_TRUE(store.reload("views", "fr"));
        break;
      case 1:
        ASSERT_TRUE(store.unload("views", "fr"));
        hold_all("views");  // misses: the caller's own text
        ASSERT_TRUE(
            store.load("views", "fr", dir.write("live.po", po_text(i % 10 == 1 ? version_a : version_b))));
        break;
      case 2: {  // from a buffer the caller frees at once
        std::string bytes = mo_bytes(i % 10 == 2 ? version_b : version_a);
        ASSERT_TRUE(store.load_buffer("views", "fr", bytes, "buffer"));
        bytes.assign(bytes.size(), 'x');
        break;
      }
      case 3: {
        std::string text = po_text(i % 10 == 3 ? version_a : version_b);
        ASSERT_TRUE(store.load_buffer("views", "fr", text, "buffer.po"));
        text.assign(text.size(), 'x');
        break;
      }
      default:
        ASSERT_TRUE(store.load("views", "fr", live));
        break;
    }
  }
  ASSERT_TRUE(store.unload("views", "fr"));
  long translated = 0;
  for (const held& h : views) {
    ASSERT_EQ(h.view, h.copy);
    if (h.copy.size() > 1 && h.copy[1] == ':') {
      ++translated;
      ASSERT_EQ(h.view.data()[h.view.size()], '\0') << h.copy;
    }
  }
  EXPECT_GT(translated, 1000);
}

// A writer alternating two versions (as the stress test's does) must stop adding memory once
// each version was seen: DESIGN.md promises memory bounded by the distinct text loaded.
TEST(StoreStress, AlternatingTwoVersionsKeepsMemoryBounded) {
  temp_dir dir;
  catalog_store store;
  const std::string a_po = po_text(version_a), b_po = po_text(version_b);
  const std::string a_mo = dir.write("a.mo", mo_bytes(version_a));
  const std::string b_mo = dir.write("b.mo", mo_bytes(version_b));
  auto retained = [&] {
    erli18n::store_memory m = store.memory();
    return m.text_bytes + m.mapped_bytes;
  };
  for (int round = 0; round < 2; ++round) {
    ASSERT_TRUE(store.load_buffer("bounded", "fr", a_po, "a.po"));
    ASSERT_TRUE(store.load_buffer("bounded", "fr", b_po, "b.po"));
    ASSERT_TRUE(store.load("bounded", "fr", a_mo));
    ASSERT_TRUE(store.load("bounded", "fr", b_mo));
  }
  const std::size_t after_two_rounds = retained();
  for (int round = 0; round < 100; ++round) {
    ASSERT_TRUE(store.load_buffer("bounded", "fr", a_po, "a.po"));
    ASSERT_TRUE(store.load_buffer("bounded", "fr", b_po, "b.po"));
    ASSERT_TRUE(store.load("bounded", "fr", a_mo));
    ASSERT_TRUE(store.load("bounded", "fr", b_mo));
  }
  EXPECT_EQ(retained(), after_two_rounds);
}

}  // namespace
