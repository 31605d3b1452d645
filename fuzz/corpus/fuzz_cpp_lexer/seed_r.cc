auto a1 = gettext(R"(back\slash \n)");
auto a2 = gettext(u8R"(u8raw)");
auto a3 = gettext(LR"(Lraw)");
auto a4 = gettext(R"(multi
line raw)");
auto a5 = gettext(R"(has // comment /* x */)");
auto a6 = gettext(R"--(has )" inside)--");
auto a7 = gettext(uR"(uraw)");
auto a8 = gettext(UR"(Uraw)");
auto a9 = gettext(R"(a)" "b\tc");
auto b1 = gettext(R"(tri??/)");
auto b2 = gettext(R"(line\
cont)");
auto b3 = gettext("x" R"(y)");
