// Fixture: translator comments, as --add-comments collects them.
// unrelated comment far above

// TRANSLATORS: a tagged comment
// that goes on
gettext("tagged");

/* TRANSLATORS: a block
 * with a star
   and an indented line */
gettext("block");

//no space after the slashes
///three slashes
gettext("untagged");

/** TRANSLATORS: doxygen style */
gettext("doxygen");

// TRANSLATORS: on a code line
int x = 0;
gettext("after code");

int y = 0;  // TRANSLATORS: trailing comment
gettext("after trailing");

// TRANSLATORS: first message only
gettext("first");
gettext("second");

/* TRANSLATORS: same line */ gettext("same line");

// TRANSLATORS: before the call
pgettext(
    // TRANSLATORS: inside the call
    "ctx", "inside");

/**/
gettext("empty comment");

// some text then TRANSLATORS: in the middle
gettext("tag in the middle");

// TRANSLATORS: one
gettext("twice with comments");
// TRANSLATORS: two
gettext("twice with comments");

// TRANSLATORS: blank line below

gettext("after blank line");

// TRANSLATORS: café, a comment that is not ASCII
gettext("accented comment");
