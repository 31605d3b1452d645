// The known plural rules' table (plural_known.h), in a translation unit of its own and compiled
// for speed: their evaluators run at every plural lookup.
#include "plural_known.h"

namespace erli18n::detail {

// Ordered by how many catalogs under /usr/share/locale use the rule.
constexpr std::array<known_plural_rule, 13> known_plural_rules = {{
    // English, German, Spanish, ... (and GNU's default)
    {"n != 1", [](unsigned long n) noexcept -> unsigned long { return n != 1; }},
    // Japanese, Chinese, Korean, ...
    {"0", [](unsigned long) noexcept -> unsigned long { return 0; }},
    // Russian, Ukrainian, Serbian, Croatian, Bosnian
    {"n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2",
     [](unsigned long n) noexcept -> unsigned long {
       return n % 10 == 1 && n % 100 != 11                                    ? 0
              : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1
                                                                              : 2;
     }},
    // French, Brazilian Portuguese, Turkish, ...
    {"n > 1", [](unsigned long n) noexcept -> unsigned long { return n > 1; }},
    // The same, as coreutils' French catalog spells it
    {"n >= 2", [](unsigned long n) noexcept -> unsigned long { return n >= 2; }},
    // Czech, Slovak
    {"(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2",
     [](unsigned long n) noexcept -> unsigned long { return (n == 1)             ? 0
                                                            : (n >= 2 && n <= 4) ? 1
                                                                                 : 2; }},
    // Polish
    {"n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2",
     [](unsigned long n) noexcept -> unsigned long {
       return n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2;
     }},
    // Slovenian, as most catalogs spell it
    {"n%100==1 ? 1 : n%100==2 ? 2 : n%100==3 || n%100==4 ? 3 : 0",
     [](unsigned long n) noexcept -> unsigned long {
       return n % 100 == 1 ? 1 : n % 100 == 2 ? 2 : n % 100 == 3 || n % 100 == 4 ? 3 : 0;
     }},
    // Latvian
    {"n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2",
     [](unsigned long n) noexcept -> unsigned long {
       return n % 10 == 1 && n % 100 != 11 ? 0 : n != 0 ? 1 : 2;
     }},
    // Romanian
    {"n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2",
     [](unsigned long n) noexcept -> unsigned long {
       return n == 1 ? 0 : (n == 0 || (n % 100 > 0 && n % 100 < 20)) ? 1 : 2;
     }},
    // Lithuanian
    {"n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2",
     [](unsigned long n) noexcept -> unsigned long {
       return n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2;
     }},
    // Arabic
    {"n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5",
     [](unsigned long n) noexcept -> unsigned long {
       return n == 0                          ? 0
              : n == 1                        ? 1
              : n == 2                        ? 2
              : n % 100 >= 3 && n % 100 <= 10 ? 3
              : n % 100 >= 11                 ? 4
                                              : 5;
     }},
    // Irish
    {"n==1 ? 0 : n==2 ? 1 : n<7 ? 2 : n<11 ? 3 : 4",
     [](unsigned long n) noexcept -> unsigned long {
       return n == 1 ? 0 : n == 2 ? 1 : n < 7 ? 2 : n < 11 ? 3 : 4;
     }},
}};

}  // namespace erli18n::detail
