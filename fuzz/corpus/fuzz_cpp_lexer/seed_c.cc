// unrelated
// TRANSLATORS: tagged
// continues
gettext("t1");
/* TRANSLATORS: block
 * second
   third */
gettext("t2");
/*   spaced   */
gettext("t3");
//no space
///doxygen
gettext("t4");
/** TRANSLATORS: doc */
gettext("t5");
// TRANSLATORS: first
// x TRANSLATORS: inner
gettext("t6");
/**/
gettext("t7");
//
gettext("t8");
gettext("dup"); // TRANSLATORS: trailing dup
gettext("dup");
