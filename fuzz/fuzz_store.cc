// Fuzzes the store's load-and-lookup path: `catalog_store::load_buffer` of hostile bytes
// (PO or MO, as the store decides), then lookups of every key the store reports, singular and
// plural for several n. No input may crash, hang or read out of bounds, and:
//  - every answer is the msgid or msgid_plural asked for, or a msgstr of that very entry (as
//    the format's own reader reads the same bytes), NUL-terminated; a translated PO entry
//    answers its translation;
//  - a failed load leaves the previous catalog answering exactly as before (a known good
//    catalog first, then whatever the fuzzed bytes loaded, before a second load of their
//    first half), and another locale's catalog is never touched;
//  - text returned before a reload or an unload stays readable and unchanged;
//  - a `.mo` answers the same before and after its lookup index is complete.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"

namespace {

constexpr std::string_view good_po =
    "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
    "\"Plural-Forms: nplurals=2; plural=n > 1;\\n\"\n\n"
    "msgid \"hello\"\nmsgstr \"bonjour\"\n\n"
    "msgid \"file\"\nmsgid_plural \"files\"\nmsgstr[0] \"fichier\"\nmsgstr[1] \"fichiers\"\n";

constexpr unsigned long counts[] = {0, 1, 2, 3, 5, 11, 22, 101, 1000001, static_cast<unsigned long>(-1)};
constexpr std::size_t max_checked_keys = 200;

// One lookup and the copy of what it answered, to compare after later writes.
struct answer {
  erli18n::catalog_key key;
  std::optional<std::string> plural;  // none: a singular lookup (an empty msgid_plural is one)
  unsigned long n = 0;
  std::string_view view;
  std::string text;
};

std::string_view ask(const erli18n::catalog_store& store, std::string_view locale,
                     const erli18n::catalog_key& k, const std::string* plural, unsigned long n) {
  if (plural == nullptr)
    return k.has_context ? store.dlpgettext("d", locale, k.context, k.msgid)
                         : store.dlgettext("d", locale, k.msgid);
  return k.has_context ? store.dlnpgettext("d", locale, k.context, k.msgid, *plural, n)
                       : store.dlngettext("d", locale, k.msgid, *plural, n);
}

// The answers the store must still give (checked again after a failed load).
using snapshot = std::vector<answer>;

void recheck(const erli18n::catalog_store& store, const snapshot& s) {
  for (const answer& a : s) {
    if (a.view != a.text) std::abort();  // returned text must stay valid and unchanged
    std::string_view now = ask(store, "fr", a.key, a.plural ? &*a.plural : nullptr, a.n);
    if (now != a.text) std::abort();
  }
}

// The forms an entry may answer with, as the format's reader sees the same bytes.
struct entry_forms {
  bool found = false;
  // The first msgstr of each translated PO entry with the key (a hand-made file may repeat a
  // key): the store must answer with one of them.
  std::vector<std::string> translations;
  // A PO c-format entry that may be system-dependent: the store keys and answers it by its
  // expansion for this platform (or not at all when glibc could not either).
  bool expands = false;
  std::optional<std::string> msgid_plural;
  std::vector<std::string> forms;
};

std::vector<std::string> split_forms(std::string_view joined) {
  std::vector<std::string> out;
  while (true) {
    const std::size_t z = joined.find('\0');
    out.emplace_back(joined.substr(0, z));
    if (z == std::string_view::npos) return out;
    joined.remove_prefix(z + 1);
  }
}

class reference {
 public:
  reference(std::string_view bytes, const erli18n::load_options& options) : copy_(bytes) {
    if (bytes.size() >= 4 && (bytes.substr(0, 4) == std::string_view("\xde\x12\x04\x95", 4) ||
                              bytes.substr(0, 4) == std::string_view("\x95\x04\x12\xde", 4))) {
      erli18n::result<erli18n::mo_catalog> mo = erli18n::mo_catalog::from_memory(copy_.data(), copy_.size());
      if (!mo) std::abort();  // the store opened these bytes
      mo_.emplace(std::move(*mo));
      return;
    }
    erli18n::po_read_options limits;
    limits.max_bytes = options.max_bytes;
    limits.max_entries = options.max_entries;
    erli18n::result<erli18n::po_file> po = erli18n::read_po(bytes, "ref.po", limits);
    if (!po) std::abort();  // the store read these bytes
    po_.emplace(std::move(*po));
    include_fuzzy_ = options.include_fuzzy;
  }

  entry_forms find(const erli18n::catalog_key& k) const {
    entry_forms e;
    if (mo_) {
      // The reader's own lookup (which expands system-dependent strings), and every entry with
      // the key: a hand-made file may repeat a key, or be unsorted without a hash table.
      std::optional<std::string_view> joined =
          k.has_context ? mo_->lookup_forms(k.context, k.msgid) : mo_->lookup_forms(k.msgid);
      if (joined) {
        e.found = true;
        e.forms = split_forms(*joined);
      }
      for (std::size_t i = 0; i < mo_->size(); ++i) {
        erli18n::result<erli18n::mo_entry> m = mo_->entry(i);
        if (!m || m->has_context != k.has_context || m->msgid != k.msgid) continue;
        if (k.has_context && m->context != k.context) continue;
        e.found = true;
        if (m->has_plural && !e.msgid_plural) e.msgid_plural = std::string(m->msgid_plural);
        for (std::string& f : split_forms(m->translation)) e.forms.push_back(std::move(f));
      }
      return e;
    }
    for (const erli18n::po_message& m : po_->messages) {
      if (m.obsolete || m.msgctxt.has_value() != k.has_context || m.msgid != k.msgid) continue;
      if (k.has_context && *m.msgctxt != k.context) continue;
      e.found = true;
      e.msgid_plural = m.msgid_plural;
      e.forms.insert(e.forms.end(), m.msgstr.begin(), m.msgstr.end());
      if ((!m.fuzzy || include_fuzzy_ || m.is_header()) && !m.msgstr.empty() && !m.msgstr[0].empty())
        e.translations.push_back(m.msgstr[0]);
      e.expands = e.expands || may_expand(m);
    }
    return e;
  }

  // Whether the store may know a PO key the file does not spell: the expansion of a
  // system-dependent c-format string.
  bool may_expand() const {
    if (!po_) return false;
    for (const erli18n::po_message& m : po_->messages)
      if (may_expand(m)) return true;
    return false;
  }

 private:
  // msgfmt and the store make a c-format string system-dependent at a `<PRI...>` macro or an
  // `I` flag: any `<` or `I` may be one.
  static bool may_expand(const erli18n::po_message& m) {
    bool c_format = false;
    for (const std::string& f : m.flags) c_format = c_format || f == "c-format";
    if (!c_format) return false;
    auto marks = [](std::string_view s) { return s.find_first_of("<I") != std::string_view::npos; };
    if (marks(m.msgid) || (m.msgid_plural && marks(*m.msgid_plural))) return true;
    for (const std::string& f : m.msgstr)
      if (marks(f)) return true;
    return false;
  }

  std::string copy_;
  std::optional<erli18n::mo_catalog> mo_;
  std::optional<erli18n::po_file> po_;
  bool include_fuzzy_ = false;
};

bool is_one_of(std::string_view s, const std::vector<std::string>& forms) {
  for (const std::string& f : forms)
    if (s == f) return true;
  return false;
}

void check_terminated(std::string_view answer, const std::string& asked_a, const std::string* asked_b) {
  if (answer.data() == asked_a.data() || (asked_b != nullptr && answer.data() == asked_b->data())) return;
  if (answer.data()[answer.size()] != '\0') std::abort();
}

// Looks every key of the catalog just loaded from `bytes` up and checks each answer.
snapshot check_loaded(const erli18n::catalog_store& store, std::string_view bytes,
                      const erli18n::load_options& options) {
  erli18n::result<std::vector<erli18n::catalog_key>> keys = store.keys("d", "fr");
  if (!keys) std::abort();
  const reference ref(bytes, options);
  snapshot s;
  const std::string other_plural = "other plural";
  for (std::size_t i = 0; i < keys->size() && i < max_checked_keys; ++i) {
    const erli18n::catalog_key& k = (*keys)[i];
    const entry_forms e = ref.find(k);
    if (!e.found && !ref.may_expand()) std::abort();  // the store reports a key the file lacks
    // Only a key the file spells, in an entry that does not expand, has answers to compare.
    const bool compare = e.found && !e.expands;
    const std::string_view one = ask(store, "fr", k, nullptr, 0);
    check_terminated(one, k.msgid, nullptr);
    if (compare && one != k.msgid && !is_one_of(one, e.forms)) std::abort();
    if (compare && !e.translations.empty() && !is_one_of(one, e.translations)) std::abort();
    s.push_back({k, std::nullopt, 0, one, std::string(one)});
    for (const std::string* plural : {e.msgid_plural ? &*e.msgid_plural : &other_plural, &other_plural}) {
      for (unsigned long n : counts) {
        const std::string_view many = ask(store, "fr", k, plural, n);
        check_terminated(many, k.msgid, plural);
        const std::string_view missed = n == 1 ? std::string_view(k.msgid) : std::string_view(*plural);
        if (compare && many != missed && !is_one_of(many, e.forms)) std::abort();
        if (n == 2 || n == 5) s.push_back({k, *plural, n, many, std::string(many)});
      }
    }
  }
  return s;
}

// Loads `bytes` over the catalog `before` describes: on success checks the new one and returns
// its snapshot, on failure checks that nothing changed.
snapshot load(erli18n::catalog_store& store, std::string_view bytes, const erli18n::load_options& options,
              const snapshot& before, std::size_t messages_before) {
  erli18n::result<erli18n::load_outcome> r = store.load_buffer("d", "fr", bytes, "fuzz.po", options);
  if (!r) {
    if (r.error().message.empty()) std::abort();
    recheck(store, before);
    const std::vector<erli18n::catalog_info> now = store.catalogs();
    if (now.size() != 2 || now[1].locale != "fr" || now[1].messages != messages_before) std::abort();
    return before;
  }
  if (r->already_loaded) std::abort();
  snapshot after = check_loaded(store, bytes, options);
  recheck(store, after);
  // A `.mo` answers from its own hash table until its lookups have built the index: once the
  // index is complete every answer must be the same.
  store.build_indexes();
  recheck(store, after);
  return after;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  erli18n::catalog_store store;
  if (!store.load_buffer("d", "de", good_po, "good.po") || !store.load_buffer("d", "fr", good_po, "good.po"))
    std::abort();
  const snapshot good = check_loaded(store, good_po, {});
  if (store.dlgettext("d", "fr", "hello") != "bonjour") std::abort();

  erli18n::load_options options;
  options.include_fuzzy = (size & 1) != 0;
  if ((size & 6) == 6) options.max_entries = 3;
  if ((size & 24) == 24) options.max_bytes = size / 2 + 1;

  auto messages = [&store] {
    for (const erli18n::catalog_info& c : store.catalogs())
      if (c.locale == "fr") return c.messages;
    std::abort();
  };
  const snapshot first = load(store, bytes, options, good, messages());
  const snapshot second = load(store, bytes.substr(0, size / 2), options, first, messages());

  // The other locale's catalog saw none of it.
  if (store.dlgettext("d", "de", "hello") != "bonjour" ||
      store.dlngettext("d", "de", "file", "files", 2) != "fichiers")
    std::abort();
  // Text returned before the reloads and after an unload stays readable and unchanged.
  if (!store.unload("d", "fr")) std::abort();
  for (const snapshot* s : {&good, &first, &second})
    for (const answer& a : *s)
      if (a.view != a.text) std::abort();
  return 0;
}
