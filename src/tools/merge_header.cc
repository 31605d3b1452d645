// Header rewriting for merge_catalogs and init_catalog.
#include "merge_header.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <vector>

#include "header_fields.h"

namespace erli18n::detail {
namespace {

// The fields msgmerge 0.21 puts first, in this order, whenever it merges (found by merging
// headers with shuffled, repeated and re-cased fields; Plural-Forms is not one of them: it
// stays among the other lines).
constexpr std::array<std::string_view, 10> standard_fields = {
    "Project-Id-Version", "Report-Msgid-Bugs-To",
    "POT-Creation-Date",  "PO-Revision-Date",
    "Last-Translator",    "Language-Team",
    "Language",           "MIME-Version",
    "Content-Type",       "Content-Transfer-Encoding"};

// The Language-Team names msgmerge 0.21 knows, each with the Language it writes for it; sorted
// by name (bytes). Found by experiment: msgmerge run on a header with `Language-Team: NAME
// <x@y>` and no Language, for every name and alias of ISO 639-2, 639-3 and 639-5 in Debian's
// iso-codes and for guessed team names of regional variants ("Brazilian Portuguese").
struct team_language {
  std::string_view name;
  std::string_view code;
};
constexpr team_language team_languages[] = {
    {"Abkhazian", "ab"},
    {"Achinese", "ace"},
    {"Afar", "aa"},
    {"Afrikaans", "af"},
    {"Akan", "ak"},
    {"Albanian", "sq"},
    {"Amharic", "am"},
    {"Arabic", "ar"},
    {"Aragonese", "an"},
    {"Armenian", "hy"},
    {"Assamese", "as"},
    {"Asturian", "ast"},
    {"Austrian", "de_AT"},
    {"Avaric", "av"},
    {"Avestan", "ae"},
    {"Awadhi", "awa"},
    {"Aymara", "ay"},
    {"Azerbaijani", "az"},
    {"Balinese", "ban"},
    {"Baluchi", "bal"},
    {"Bambara", "bm"},
    {"Bashkir", "ba"},
    {"Basque", "eu"},
    {"Beja", "bej"},
    {"Belarusian", "be"},
    {"Bemba", "bem"},
    {"Bengali", "bn"},
    {"Bhojpuri", "bho"},
    {"Bikol", "bik"},
    {"Bini", "bin"},
    {"Bislama", "bi"},
    {"Bosnian", "bs"},
    {"Brazilian Portuguese", "pt_BR"},
    {"Breton", "br"},
    {"Buginese", "bug"},
    {"Bulgarian", "bg"},
    {"Burmese", "my"},
    {"Catalan", "ca"},
    {"Cebuano", "ceb"},
    {"Central Khmer", "km"},
    {"Chamorro", "ch"},
    {"Chechen", "ce"},
    {"Chinese", "zh"},
    {"Chinese (Hong Kong)", "zh_HK"},
    {"Chinese (simplified)", "zh_CN"},
    {"Chinese (traditional)", "zh_TW"},
    {"Church Slavic", "cu"},
    {"Chuvash", "cv"},
    {"Cornish", "kw"},
    {"Corsican", "co"},
    {"Cree", "cr"},
    {"Crimean Tatar", "crh"},
    {"Croatian", "hr"},
    {"Czech", "cs"},
    {"Danish", "da"},
    {"Dinka", "din"},
    {"Divehi", "dv"},
    {"Dogri", "doi"},
    {"Dutch", "nl"},
    {"Dzongkha", "dz"},
    {"English", "en"},
    {"Esperanto", "eo"},
    {"Estonian", "et"},
    {"Ewe", "ee"},
    {"Faroese", "fo"},
    {"Fijian", "fj"},
    {"Filipino", "fil"},
    {"Finnish", "fi"},
    {"Fon", "fon"},
    {"French", "fr"},
    {"Friulian", "fur"},
    {"Fulah", "ff"},
    {"Galician", "gl"},
    {"Ganda", "lg"},
    {"Georgian", "ka"},
    {"German", "de"},
    {"Gondi", "gon"},
    {"Greek", "el"},
    {"Guarani", "gn"},
    {"Gujarati", "gu"},
    {"Haitian", "ht"},
    {"Hausa", "ha"},
    {"Hebrew", "he"},
    {"Herero", "hz"},
    {"Hiligaynon", "hil"},
    {"Hindi", "hi"},
    {"Hiri Motu", "ho"},
    {"Hmong", "hmn"},
    {"Hungarian", "hu"},
    {"Hyam", "jab"},
    {"Icelandic", "is"},
    {"Igbo", "ig"},
    {"Iloko", "ilo"},
    {"Inari Sami", "smn"},
    {"Indonesian", "id"},
    {"Interlingua", "ia"},
    {"Interlingue", "ie"},
    {"Inuktitut", "iu"},
    {"Irish", "ga"},
    {"Italian", "it"},
    {"Japanese", "ja"},
    {"Javanese", "jv"},
    {"Jju", "kaj"},
    {"Kabardian", "kbd"},
    {"Kabyle", "kab"},
    {"Kagoma", "kdm"},
    {"Kalaallisut", "kl"},
    {"Kamba", "kam"},
    {"Kannada", "kn"},
    {"Kanuri", "kr"},
    {"Kashmiri", "ks"},
    {"Kashubian", "csb"},
    {"Kazakh", "kk"},
    {"Kikuyu", "ki"},
    {"Kimbundu", "kmb"},
    {"Kinyarwanda", "rw"},
    {"Kirghiz", "ky"},
    {"Kirundi", "rn"},
    {"Komi", "kv"},
    {"Kongo", "kg"},
    {"Konkani", "kok"},
    {"Korean", "ko"},
    {"Kuanyama", "kj"},
    {"Kurdish", "ku"},
    {"Kurukh", "kru"},
    {"Latin", "la"},
    {"Latvian", "lv"},
    {"Letzeburgesch", "lb"},
    {"Limburgish", "li"},
    {"Lingala", "ln"},
    {"Lithuanian", "lt"},
    {"Low Saxon", "nds"},
    {"Lower Sorbian", "dsb"},
    {"Luba-Katanga", "lu"},
    {"Luba-Lulua", "lua"},
    {"Lule Sami", "smj"},
    {"Luo", "luo"},
    {"Macedonian", "mk"},
    {"Madurese", "mad"},
    {"Magahi", "mag"},
    {"Maithili", "mai"},
    {"Makasar", "mak"},
    {"Malagasy", "mg"},
    {"Malay", "ms"},
    {"Malayalam", "ml"},
    {"Maltese", "mt"},
    {"Mandingo", "man"},
    {"Manipuri", "mni"},
    {"Manx", "gv"},
    {"Maori", "mi"},
    {"Mapudungun", "arn"},
    {"Marathi", "mr"},
    {"Marshallese", "mh"},
    {"Marwari", "mwr"},
    {"Mende", "men"},
    {"Minangkabau", "min"},
    {"Mohawk", "moh"},
    {"Moldavian", "mo"},
    {"Mongolian", "mn"},
    {"Mossi", "mos"},
    {"Nauru", "na"},
    {"Navajo", "nv"},
    {"Ndonga", "ng"},
    {"Neapolitan", "nap"},
    {"Nepali", "ne"},
    {"North Ndebele", "nd"},
    {"Northern Sami", "se"},
    {"Northern Sotho", "nso"},
    {"Norwegian", "no"},
    {"Norwegian Bokmal", "nb"},
    {"Norwegian Nynorsk", "nn"},
    {"Nyamwezi", "nym"},
    {"Nyanja", "ny"},
    {"Nyankole", "nyn"},
    {"Occitan", "oc"},
    {"Ojibwa", "oj"},
    {"Old English", "ang"},
    {"Oriya", "or"},
    {"Ossetian", "os"},
    {"Pali", "pi"},
    {"Pampanga", "pam"},
    {"Pangasinan", "pag"},
    {"Papiamento", "pap"},
    {"Pashto", "ps"},
    {"Persian", "fa"},
    {"Polish", "pl"},
    {"Portuguese", "pt"},
    {"Punjabi", "pa"},
    {"Páez", "pbb"},
    {"Quechua", "qu"},
    {"Rajasthani", "raj"},
    {"Romanian", "ro"},
    {"Romansh", "rm"},
    {"Russian", "ru"},
    {"Samoan", "sm"},
    {"Sango", "sg"},
    {"Sanskrit", "sa"},
    {"Santali", "sat"},
    {"Sardinian", "sc"},
    {"Sasak", "sas"},
    {"Scottish Gaelic", "gd"},
    {"Serbian", "sr"},
    {"Serer", "srr"},
    {"Shan", "shn"},
    {"Shona", "sn"},
    {"Sichuan Yi", "ii"},
    {"Sicilian", "scn"},
    {"Sidamo", "sid"},
    {"Sindhi", "sd"},
    {"Sinhala", "si"},
    {"Skolt Sami", "sms"},
    {"Slovak", "sk"},
    {"Slovenian", "sl"},
    {"Somali", "so"},
    {"Sorbian", "wen"},
    {"South Ndebele", "nr"},
    {"Southern Sami", "sma"},
    {"Spanish", "es"},
    {"Sukuma", "suk"},
    {"Sundanese", "su"},
    {"Susu", "sus"},
    {"Swahili", "sw"},
    {"Swedish", "sv"},
    {"Swiss German", "gsw"},
    {"Tagalog", "tl"},
    {"Tahitian", "ty"},
    {"Tajik", "tg"},
    {"Tamil", "ta"},
    {"Tatar", "tt"},
    {"Telugu", "te"},
    {"Tetum", "tet"},
    {"Thai", "th"},
    {"Tibetan", "bo"},
    {"Tigrinya", "ti"},
    {"Timne", "tem"},
    {"Tiv", "tiv"},
    {"Tonga", "to"},
    {"Tsonga", "ts"},
    {"Tumbuka", "tum"},
    {"Turkish", "tr"},
    {"Turkmen", "tk"},
    {"Twi", "tw"},
    {"Tyap", "kcg"},
    {"Uighur", "ug"},
    {"Ukrainian", "uk"},
    {"Umbundu", "umb"},
    {"Upper Sorbian", "hsb"},
    {"Urdu", "ur"},
    {"Uzbek", "uz"},
    {"Venda", "ve"},
    {"Vietnamese", "vi"},
    {"Volapuk", "vo"},
    {"Walamo", "wal"},
    {"Waray", "war"},
    {"Welsh", "cy"},
    {"Western Frisian", "fy"},
    {"Wolof", "wo"},
    {"Xhosa", "xh"},
    {"Yakut", "sah"},
    {"Yao", "yao"},
    {"Yiddish", "yi"},
    {"Yoruba", "yo"},
    {"Zapotec", "zap"},
    {"Zhuang", "za"},
    {"Zulu", "zu"},
};
static_assert(std::is_sorted(std::begin(team_languages), std::end(team_languages),
                             [](const team_language& a, const team_language& b) { return a.name < b.name; }),
              "language_of_team searches team_languages by name");

// The language a Language-Team value names, as msgmerge finds it, or "" when it names none.
// msgmerge takes the value as a name, white space, then one word that is the team's address:
// that word starts with '<' or holds an '@' or a '/' (a mail or a web address); a value
// without it (a bare "Dutch", "Dutch <x> more") names no language. The name, trimmed, must be
// one of team_languages exactly, case included.
std::string_view language_of_team(std::string_view team) {
  constexpr std::string_view blanks = " \t";
  const std::size_t cut = team.find_last_of(blanks);
  if (cut == std::string_view::npos) return {};
  const std::string_view address = team.substr(cut + 1);
  if (!address.starts_with('<') && address.find_first_of("@/") == std::string_view::npos) return {};
  std::string_view name = team.substr(0, cut);
  name.remove_prefix(std::min(name.find_first_not_of(blanks), name.size()));
  name.remove_suffix(name.size() - (name.find_last_not_of(blanks) + 1));
  const auto* at = std::lower_bound(std::begin(team_languages), std::end(team_languages), name,
                                    [](const team_language& t, std::string_view n) { return t.name < n; });
  if (at == std::end(team_languages) || at->name != name) return {};
  return at->code;
}

// msgmerge matches the fields of the header it rebuilds without regard to case.
bool starts_with_field(std::string_view line, std::string_view field) {
  return is_header_field(line, field, field_case::ignored);
}

// The lines of `text`, each with its newline (the last one may lack it).
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::size_t take = end == std::string_view::npos ? text.size() : end + 1;
    lines.push_back(text.substr(0, take));
    text.remove_prefix(take);
  }
  return lines;
}

// What follows "Field:" in `line`, without the newline.
std::string_view value_of(std::string_view line, std::string_view field) {
  std::string_view value = line.substr(field.size() + 1);
  if (!value.empty() && value.back() == '\n') value.remove_suffix(1);
  return value;
}

}  // namespace

std::optional<std::string> header_value(std::string_view header, std::string_view field) {
  if (std::optional<std::string_view> value = raw_header_field(header, field, field_case::ignored))
    return std::string(*value);
  return std::nullopt;
}

std::string rebuilt_header(std::string_view header, const std::vector<header_override>& overrides) {
  std::array<std::optional<std::string_view>, standard_fields.size()> values;
  std::string others;
  for (std::string_view line : lines_of(header)) {
    bool standard = false;
    for (std::size_t i = 0; i < standard_fields.size() && !standard; ++i) {
      if (!starts_with_field(line, standard_fields[i])) continue;
      values[i] = value_of(line, standard_fields[i]);  // a repeated field: the last one wins
      standard = true;
    }
    if (!standard) others += line;
  }
  for (const header_override& o : overrides)
    for (std::size_t i = 0; i < standard_fields.size(); ++i)
      if (standard_fields[i] == o.field) values[i] = o.value;
  // A header with a Language-Team and no Language gets one, msgmerge's guess from the team's
  // name: empty (" ") when the team names no language it knows. A Language already there,
  // even empty, is kept; the template's and the file's name play no part.
  constexpr std::size_t team = 5;
  constexpr std::size_t language = 6;
  static_assert(standard_fields[team] == "Language-Team" && standard_fields[language] == "Language");
  std::string guessed;
  if (values[team] && !values[language]) {
    guessed = " " + std::string(language_of_team(*values[team]));
    values[language] = guessed;
  }
  std::string out;
  for (std::size_t i = 0; i < standard_fields.size(); ++i) {
    if (!values[i]) continue;
    out.append(standard_fields[i]).append(":").append(*values[i]).append("\n");
  }
  return out + others;
}

std::string header_with_charset(std::string_view header, std::string_view charset) {
  std::string out;
  for (std::string_view line : lines_of(header)) {
    std::size_t at = line.find("charset=");
    if (!starts_with_field(line, "Content-Type") || at == std::string_view::npos) {
      out += line;
      continue;
    }
    at += 8;
    std::size_t end = line.find_first_of(" \t;\n", at);
    if (end == std::string_view::npos) end = line.size();
    out.append(line.substr(0, at)).append(charset).append(line.substr(end));
  }
  return out;
}

std::string header_with_field(std::string_view header, std::string_view field, std::string_view value,
                              std::string_view before) {
  const std::string line = std::string(field) + ": " + std::string(value) + "\n";
  std::vector<std::string_view> lines = lines_of(header);
  std::string out;
  bool done = false;
  for (std::string_view l : lines)
    if (starts_with_field(l, field)) done = true;
  for (std::string_view l : lines) {
    if (starts_with_field(l, field)) {
      out += line;
      continue;
    }
    if (!done && starts_with_field(l, before)) {
      out += line;
      done = true;
    }
    out += l;
  }
  if (!done) {
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += line;
  }
  return out;
}

}  // namespace erli18n::detail
