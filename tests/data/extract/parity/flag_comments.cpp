// `xgettext:` flag comments: applied to the next extracted message, as xgettext 0.21 does
// (the comments in effect, same rules as --add-comments), with their effect on the flags line
// and on wrapping; the lines naming a flag are not extracted comments.
#include <cstdio>

int main(int n) {
  // xgettext:no-c-format
  gettext("50% done");
  /* xgettext:c-format */
  gettext("plain");
  // xgettext: range: 0..10
  ngettext("one %d", "%d many", n);
  // xgettext:no-wrap
  gettext("a very long message that goes on and on beyond the seventy nine column limit of the output");
  // xgettext:c-format no-wrap
  gettext("another very long message %s that goes on and on beyond the seventy nine column limit");
  // TRANSLATORS: the tag, then a flag line. xgettext:no-c-format
  gettext("%d tagged");
  // TRANSLATORS: a comment kept
  // xgettext:no-c-format
  // and another line
  gettext("%d kept around");
  // xgettext:no-c-format
  int y = 0;
  gettext("%d after code");
  // xgettext:wrap
  gettext("w");
  // xgettext:c++-format
  gettext("cxx");
  // xgettext:boost-format
  gettext("%d boost");
  // xgettext:qt-format
  gettext("%d qt");
  // xgettext:qt-plural-format
  gettext("%d qt plural");
  // xgettext:kde-kuit-format
  gettext("%d kuit");
  // xgettext:objc-format
  gettext("%d objc");
  // xgettext:no-boost-format
  gettext("%d noboost");
  // xgettext:python-format
  gettext("%d python");
  // xgettext:possible-c-format
  gettext("pc");
  // xgettext:impossible-c-format
  gettext("%d impossible");
  // xgettext:bogus-format
  gettext("bogus");
  // xgettext:range:1..5
  gettext("r2");
  // xgettext:range: 3..1
  gettext("r3");
  // xgettext:range: -1..3
  gettext("r4");
  // xgettext:no-c-format range: x..3
  gettext("%d r5");
  // xgettext:range: 0 .. 10
  gettext("r6");
  // xgettext:range:  1..2
  gettext("%d r7");
  // xgettext:range: 0..10 range: 2..3
  gettext("%d range twice");
  // XGETTEXT:no-c-format
  gettext("%d upper");
  // xgettext:no-c-format bogus
  gettext("%d mixed");
  // xgettext:no-c-format,no-wrap
  gettext("comma %d");
  // xgettext: no-c-format
  // xgettext: no-wrap
  gettext("two comment lines %d");
  // xgettext:sh-format python-format,java-format
  gettext("s");
  // xgettext:c-format objc-format sh-format python-format python-brace-format java-format csharp-format
  // xgettext:javascript-format scheme-format lisp-format elisp-format librep-format ruby-format awk-format
  // xgettext:lua-format object-pascal-format smalltalk-format qt-format qt-plural-format kde-format
  // xgettext:kde-kuit-format boost-format tcl-format perl-format perl-brace-format php-format
  // xgettext:gcc-internal-format gfc-internal-format no-ycp-format
  gettext("all");
  // xgettext:no-c-format
  gettext("%d again");
  gettext("%d again");
  gettext("%d later");
  // xgettext:no-c-format
  gettext("%d later");
  // xgettext:c-format
  gettext("%d cthen");
  // xgettext:no-c-format
  gettext("%d cthen");
  // xgettext:no-wrap
  gettext("nw");
  // xgettext:wrap
  gettext("nw");
  // xgettext:c-format
  printf(gettext("x %d"));
  // xgettext:no-c-format
  printf(gettext("y %d"));
  /* Block comment xgettext:no-wrap
     and more */
  gettext("a very long message that goes on and on beyond the seventy nine column limit, once more");
  // xgettext:no-c-format
  gettext("a long message with a directive near the column limit where xgettext wraps %-20s the line");
  gettext("a long message with a directive near the column limit where xgettext wraps %-20s the line, c");
  return 0;
}
