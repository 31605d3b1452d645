// The fuzzy search of `merge_catalogs`: for a message missing from the catalog, the catalog
// entry whose translation msgmerge 0.21 would propose.
//
// msgmerge's choice, established by experiment on msgmerge 0.21 and from its documentation:
//  - only entries with a non-empty first msgstr are proposals (fuzzy and obsolete ones too);
//  - a msgid of 4 or more characters (UTF-8 characters) is compared only with entries sharing
//    at least one run of 4 characters with it; such entries are visited by decreasing number
//    of shared runs (counted per run of the msgid), ties in catalog order. A shorter msgid is
//    compared with the entries of at most 28 bytes whose byte length lies within the range a
//    similarity above 0.6 allows, by increasing length, then in catalog order;
//  - the weight is 2·LCS/(|a|+|b|) over bytes, plus 0.00001 when the entry has no context or
//    the msgid's context; the first visited entry with the greatest weight above 0.6 wins.
// We consider the same entries and make the same choice, ties included, but skip every entry
// whose length alone cannot beat the best weight so far, sort only the first few entries into
// msgmerge's order, and compute the LCS bit-parallel (64 bytes per step).
#ifndef ERLI18N_SRC_MERGE_FUZZY_H
#define ERLI18N_SRC_MERGE_FUZZY_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "erli18n/po.h"

namespace erli18n::detail {

/// Longest common subsequence length of `a` and `b` (bytes).
std::size_t lcs_length(std::string_view a, std::string_view b);

/// A proposal met while searching, with the runs it shares with the msgid searched.
struct fuzzy_index_candidate {
  std::uint32_t proposal = 0;  ///< index into the proposals, catalog order
  std::uint32_t shared = 0;
};

class fuzzy_index {
 public:
  /// Indexes the proposals among `entries` (those with a non-empty first msgstr). The entries
  /// must outlive the index.
  explicit fuzzy_index(const std::vector<po_message>& entries);

  /// The position in `entries` of the proposal for (msgctxt, msgid), or nothing; `best_weight`,
  /// when given and a proposal is found, receives its weight (similarity and context bonus), by
  /// which a search over several catalogs (the catalog, then the compendia) picks the best.
  std::optional<std::size_t> best_match(const std::optional<std::string>& msgctxt, std::string_view msgid,
                                        double* best_weight = nullptr);

 private:
  using candidate = fuzzy_index_candidate;
  struct slot {
    std::uint64_t key = 0;  ///< 0: empty (no run's key is 0)
    std::uint32_t run = 0;
  };
  std::optional<std::uint64_t> run_key(std::string_view run, bool add);
  /// The run number of `key`, or nullptr.
  std::uint32_t* find_slot(std::uint64_t key);
  std::uint32_t add_run(std::uint64_t key);

  const std::vector<po_message>& entries_;
  std::vector<std::uint32_t> proposals_;  ///< positions in entries_, catalog order
  std::vector<slot> slots_;               ///< open addressing on the run key
  std::uint32_t run_count_ = 0;
  /// Run r's proposals: postings_[run_start_[r] .. run_start_[r + 1]).
  std::vector<std::uint32_t> run_start_;
  std::vector<std::uint32_t> postings_;         ///< per run: by msgid length, then catalog order
  std::vector<std::uint32_t> proposal_length_;  ///< msgid length of each proposal
  std::vector<bool> proposal_ascii_;            ///< whether each proposal's msgid is ASCII
  std::unordered_map<std::string_view, std::uint64_t> long_runs_;  ///< runs over 7 bytes -> key
  /// byte length -> proposals of that msgid length, for lengths up to 28.
  std::vector<std::vector<std::uint32_t>> short_proposals_;
  // Scratch space reused across searches.
  std::vector<std::uint32_t> shared_count_;
  std::vector<candidate> touched_;
};

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_MERGE_FUZZY_H
