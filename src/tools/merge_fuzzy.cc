// Fuzzy search for merge_catalogs: see merge_fuzzy.h for the rules it reproduces.
#include "merge_fuzzy.h"

#include "text_hash.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

namespace erli18n::detail {
namespace {

constexpr double fuzzy_threshold = 0.6;
constexpr double context_bonus = 0.00001;
// Runs of this many characters select the entries a long msgid is compared with.
constexpr std::size_t run_characters = 4;
// A msgid shorter than a run has at most 3 characters of at most 4 bytes...
constexpr std::size_t short_msgid_max_bytes = (run_characters - 1) * 4;
// ...and can only reach the threshold with entries up to this length (12 · (2/0.6 − 1)).
constexpr std::size_t short_proposal_max_bytes = 28;

// Bytes in the UTF-8 character starting with `lead` (1 for a stray byte).
std::size_t utf8_length(unsigned char lead) {
  if (lead < 0xC0) return 1;
  if (lead < 0xE0) return 2;
  if (lead < 0xF0) return 3;
  if (lead < 0xF8) return 4;
  return 1;
}

// Start offsets of each character of `s`, plus s.size() at the end.
std::vector<std::size_t> character_starts(std::string_view s) {
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < s.size();
       i += std::min(utf8_length(static_cast<unsigned char>(s[i])), s.size() - i))
    starts.push_back(i);
  starts.push_back(s.size());
  return starts;
}

// Every run of 4 characters of `s`, as views into it, in order, repeats included.
template <class F>
void for_each_run(std::string_view s, F&& f) {
  std::vector<std::size_t> starts = character_starts(s);
  const std::size_t characters = starts.size() - 1;
  for (std::size_t i = 0; i + run_characters <= characters; ++i)
    f(s.substr(starts[i], starts[i + run_characters] - starts[i]));
}

// Bit-parallel LCS (Allison–Dix, Hyyrö): bit i of the state is 0 when position i of the
// pattern ends a new LCS row increase. One pass over the other string, `words` machine words
// per byte.
class lcs_pattern {
 public:
  explicit lcs_pattern(std::string_view pattern)
      : size_(pattern.size()), words_((pattern.size() + 63) / 64), masks_(256 * words_, 0) {
    for (std::size_t i = 0; i < pattern.size(); ++i)
      masks_[static_cast<unsigned char>(pattern[i]) * words_ + i / 64] |= std::uint64_t{1} << (i % 64);
  }

  std::size_t lcs_with(std::string_view text) {
    if (size_ == 0 || text.empty()) return 0;
    state_.assign(words_, ~std::uint64_t{0});
    for (char c : text) {
      const std::uint64_t* match = &masks_[static_cast<unsigned char>(c) * words_];
      std::uint64_t carry = 0;
      for (std::size_t w = 0; w < words_; ++w) {
        const std::uint64_t v = state_[w];
        const std::uint64_t u = v & match[w];
        const std::uint64_t sum = v + u + carry;
        carry = (sum < v || (carry != 0 && sum == v)) ? 1 : 0;
        state_[w] = sum | (v & ~u);  // (v + u) | (v − u), and v − u = v & ~u since u ⊆ v
      }
    }
    std::size_t zeros = 0;
    for (std::size_t w = 0; w < words_; ++w) {
      std::uint64_t valid = ~std::uint64_t{0};
      if (w + 1 == words_ && size_ % 64 != 0) valid = (std::uint64_t{1} << (size_ % 64)) - 1;
      zeros += static_cast<std::size_t>(std::popcount(~state_[w] & valid));
    }
    return zeros;
  }

 private:
  std::size_t size_;
  std::size_t words_;
  std::vector<std::uint64_t> masks_;  // byte value -> words of match bits
  std::vector<std::uint64_t> state_;
};

// msgmerge's visiting order: more shared runs first, then catalog order.
struct visit_order {
  bool operator()(const fuzzy_index_candidate& a, const fuzzy_index_candidate& b) const {
    return a.shared != b.shared ? a.shared > b.shared : a.proposal < b.proposal;
  }
};
constexpr visit_order visited_before{};

bool is_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

bool translated(const po_message& m) { return !m.msgstr.empty() && !m.msgstr[0].empty(); }

// msgmerge's weight of a similarity: the bonus goes to entries valid in any context or in
// the searched one.
double bonus_for(const po_message& proposal, const std::optional<std::string>& msgctxt) {
  if (!proposal.msgctxt || (msgctxt && *msgctxt == *proposal.msgctxt)) return context_bonus;
  return 0.0;
}

// Similarity from the LCS: the same division msgmerge makes, so equal inputs give equal bits.
double similarity(std::size_t common, std::size_t total) {
  if (total == 0) return 1.0;
  return static_cast<double>(2 * common) / static_cast<double>(total);
}

}  // namespace

std::size_t lcs_length(std::string_view a, std::string_view b) {
  if (a.size() < b.size()) std::swap(a, b);  // the shorter string is the pattern
  return lcs_pattern(b).lcs_with(a);
}

std::optional<std::uint64_t> fuzzy_index::run_key(std::string_view run, bool add) {
  // Runs of up to 7 bytes (all of ASCII text) are their own key: the bytes, and the length in
  // the top byte. Longer ones are numbered, with the top bit set.
  if (run.size() <= 7) {
    std::uint64_t key = static_cast<std::uint64_t>(run.size()) << 56;
    for (std::size_t i = 0; i < run.size(); ++i)
      key |= static_cast<std::uint64_t>(static_cast<unsigned char>(run[i])) << (8 * i);
    return key;
  }
  auto found = long_runs_.find(run);
  if (found != long_runs_.end()) return found->second;
  if (!add) return std::nullopt;
  const std::uint64_t key = (std::uint64_t{1} << 63) | long_runs_.size();
  long_runs_.emplace(run, key);
  return key;
}

std::uint32_t* fuzzy_index::find_slot(std::uint64_t key) {
  std::size_t at = static_cast<std::size_t>(fold_multiply(key, hash_k0)) & (slots_.size() - 1);
  while (slots_[at].key != 0 && slots_[at].key != key) at = (at + 1) & (slots_.size() - 1);
  return slots_[at].key == key ? &slots_[at].run : nullptr;
}

std::uint32_t fuzzy_index::add_run(std::uint64_t key) {
  if (std::uint32_t* found = find_slot(key)) return *found;
  if (2 * (run_count_ + 1) > slots_.size()) {  // keep the table at most half full
    std::vector<slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const slot& s : old)
      if (s.key != 0) {
        std::size_t at = static_cast<std::size_t>(fold_multiply(s.key, hash_k0)) & (slots_.size() - 1);
        while (slots_[at].key != 0) at = (at + 1) & (slots_.size() - 1);
        slots_[at] = s;
      }
  }
  std::size_t at = static_cast<std::size_t>(fold_multiply(key, hash_k0)) & (slots_.size() - 1);
  while (slots_[at].key != 0) at = (at + 1) & (slots_.size() - 1);
  slots_[at] = {key, run_count_};
  return run_count_++;
}

fuzzy_index::fuzzy_index(const std::vector<po_message>& entries)
    : entries_(entries), slots_(1024), short_proposals_(short_proposal_max_bytes + 1) {
  // (run, proposal) pairs in proposal order, then grouped by run (counting sort, which keeps
  // each run's proposals ascending).
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  std::vector<std::uint32_t> last_proposal;  // per run: the latest proposal added, +1
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (!translated(entries[i])) continue;
    const auto proposal = static_cast<std::uint32_t>(proposals_.size());
    proposals_.push_back(static_cast<std::uint32_t>(i));
    const std::string& msgid = entries[i].msgid;
    for_each_run(msgid, [&](std::string_view run) {
      const std::uint32_t id = add_run(*run_key(run, true));
      if (id >= last_proposal.size()) last_proposal.resize(id + 1, 0);
      if (last_proposal[id] == proposal + 1) return;  // repeated in this msgid
      last_proposal[id] = proposal + 1;
      pairs.emplace_back(id, proposal);
    });
    if (msgid.size() <= short_proposal_max_bytes) short_proposals_[msgid.size()].push_back(proposal);
  }
  run_start_.assign(run_count_ + 1, 0);
  for (const auto& [run, proposal] : pairs) ++run_start_[run + 1];
  for (std::size_t r = 0; r < run_count_; ++r) run_start_[r + 1] += run_start_[r];
  postings_.resize(pairs.size());
  std::vector<std::uint32_t> fill(run_start_.begin(), run_start_.end() - 1);
  for (const auto& [run, proposal] : pairs) postings_[fill[run]++] = proposal;
  // Each run's proposals by msgid length, so that a search reads only the lengths that can
  // reach the threshold.
  for (const std::uint32_t proposal_entry : proposals_) {
    proposal_length_.push_back(static_cast<std::uint32_t>(entries[proposal_entry].msgid.size()));
    proposal_ascii_.push_back(is_ascii(entries[proposal_entry].msgid));
  }
  for (std::uint32_t r = 0; r < run_count_; ++r)
    std::stable_sort(
        postings_.begin() + run_start_[r], postings_.begin() + run_start_[r + 1],
        [this](std::uint32_t a, std::uint32_t b) { return proposal_length_[a] < proposal_length_[b]; });
  shared_count_.assign(proposals_.size(), 0);
}

std::optional<std::size_t> fuzzy_index::best_match(const std::optional<std::string>& msgctxt,
                                                   std::string_view msgid, double* best_weight) {
  struct {
    double weight;
    std::optional<std::size_t> entry;
    candidate from;
  } best{fuzzy_threshold, std::nullopt, {}};
  auto chosen = [&best, best_weight] {
    if (best_weight != nullptr) *best_weight = best.weight;
    return best.entry;
  };
  lcs_pattern pattern(msgid);
  const bool ascii_query = is_ascii(msgid);
  // Visits a proposal: skipped when even an LCS of the shorter length could not beat the best.
  // `out_of_order`: proposals visited out of msgmerge's order, where an equal weight wins when
  // msgmerge would have visited the proposal first.
  auto visit = [&](const candidate& c, bool out_of_order) {
    const po_message& entry = entries_[proposals_[c.proposal]];
    const double bonus = bonus_for(entry, msgctxt);
    const std::size_t total = msgid.size() + entry.msgid.size();
    const bool earlier = out_of_order && best.entry && visited_before(c, best.from);
    std::size_t most_common = std::min(msgid.size(), entry.msgid.size());
    // Between ASCII strings (characters are bytes), runs bound the LCS L: of the msgid's n−3
    // runs, an unmatched character breaks at most 4 and an insertion between two matched
    // characters at most 3, so shared ≥ (n−3) − 4(n−L) − 3(m−L), L ≤ (shared + 3n + 3m + 3)/7.
    if (ascii_query && c.shared > 0 && proposal_ascii_[c.proposal])
      most_common = std::min(most_common, (c.shared + 3 * total + 3) / 7);
    volatile double bound = similarity(most_common, total) + bonus;
    if (!(bound > best.weight || (earlier && bound == best.weight))) return;
    volatile double weight = similarity(pattern.lcs_with(entry.msgid), total) + bonus;
    if (weight > best.weight || (earlier && weight == best.weight)) {
      best.weight = weight;
      best.entry = proposals_[c.proposal];
      best.from = c;
    }
  };

  std::vector<std::size_t> starts = character_starts(msgid);
  if (starts.size() - 1 >= run_characters) {
    // 2·l/(q+l) > 0.6 needs l > 3q/7; 2·q/(q+l) > 0.6 needs l < 7q/3. One byte of margin.
    const std::size_t shortest_useful = msgid.size() * 3 / 7 > 0 ? msgid.size() * 3 / 7 - 1 : 0;
    const std::size_t longest_useful = msgid.size() * 7 / 3 + msgid.size() / 10000 + 2;
    touched_.clear();
    for_each_run(msgid, [&](std::string_view run) {
      std::optional<std::uint64_t> key = run_key(run, false);
      if (!key) return;
      const std::uint32_t* id = find_slot(*key);
      if (id == nullptr) return;
      // Only lengths whose best case, 2·min/(sum), reaches the threshold (with a margin for
      // the context bonus and rounding): the others can never be chosen, nor change the order
      // of those that can.
      auto by_length = [this](std::uint32_t proposal, std::size_t length) {
        return proposal_length_[proposal] < length;
      };
      auto begin = std::lower_bound(postings_.begin() + run_start_[*id],
                                    postings_.begin() + run_start_[*id + 1], shortest_useful, by_length);
      for (auto it = begin; it != postings_.begin() + run_start_[*id + 1]; ++it) {
        const std::uint32_t proposal = *it;
        if (proposal_length_[proposal] > longest_useful) break;
        if (shared_count_[proposal]++ == 0) touched_.push_back({proposal, 0});
      }
    });
    for (candidate& c : touched_) {
      c.shared = shared_count_[c.proposal];
      shared_count_[c.proposal] = 0;
    }
    // msgmerge visits by decreasing shared runs. Sorting them all costs more than the search:
    // the first few in that order usually hold the winner and set a high bar; the rest are
    // visited as they come, an equal weight winning when msgmerge would have seen it first.
    const std::size_t first = std::min<std::size_t>(touched_.size(), 32);
    std::partial_sort(touched_.begin(), touched_.begin() + static_cast<std::ptrdiff_t>(first), touched_.end(),
                      visited_before);
    for (std::size_t i = 0; i < touched_.size(); ++i) visit(touched_[i], i >= first);
    return chosen();
  }

  // A short msgid: entries whose length allows a similarity above the threshold. The bounds
  // are computed as msgmerge computes them (in floating point).
  if (msgid.size() > short_msgid_max_bytes) return std::nullopt;
  const double ratio = 2 / fuzzy_threshold - 1;
  const auto shortest = static_cast<std::size_t>(std::ceil(static_cast<double>(msgid.size()) / ratio));
  const auto longest =
      std::min(static_cast<std::size_t>(static_cast<double>(msgid.size()) * ratio), short_proposal_max_bytes);
  for (std::size_t length = shortest; length <= longest; ++length)
    for (std::uint32_t proposal : short_proposals_[length]) visit({proposal, 0}, false);
  return chosen();
}

}  // namespace erli18n::detail
