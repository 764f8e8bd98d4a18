#include "declared_types.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace dotslab::grader {
namespace {

struct Token {
    std::string text;
    int line = 0;
    bool word = false;  // an identifier or keyword
};

// Returns the tokens of code: words, numbers, and punctuation (::, ->, [[ and ]] as one).
std::vector<Token> tokens(const std::string &code) {
    std::vector<Token> list;
    int line = 1;
    auto wordChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (std::size_t i = 0; i < code.size();) {
        const char c = code[i];
        if (c == '\n') {
            ++line;
            ++i;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (wordChar(c)) {
            std::size_t end = i;
            while (end < code.size() && wordChar(code[end])) ++end;
            list.push_back({code.substr(i, end - i), line, !std::isdigit(static_cast<unsigned char>(c))});
            i = end;
        } else {
            std::size_t length = 1;
            for (const char *pair : {"::", "->", "[[", "]]"})
                if (code.compare(i, 2, pair) == 0) length = 2;
            list.push_back({code.substr(i, length), line, false});
            i += length;
        }
    }
    return list;
}

// The words a type may be made of that leave no doubt what it is.
const std::set<std::string> kTypeWords = {"void",     "bool",   "char",  "wchar_t", "char8_t", "char16_t",
                                          "char32_t", "short",  "int",   "long",    "signed",  "unsigned",
                                          "float",    "double", "const", "volatile"};
// Words before a function's name that say nothing of its type.
const std::set<std::string> kSpecifiers = {"static",   "inline",     "constexpr", "consteval", "constinit",
                                           "extern",   "virtual",    "explicit",  "register",  "thread_local",
                                           "noexcept", "__inline__", "__inline"};

// Returns true if the words before a name and a '(' show a call or an expression, not a
// declaration (return isFilled(...), else isFilled(...), new T(...)).
bool isStatement(const std::vector<std::string> &words) {
    static const std::set<std::string> kStatementWords = {
        "return",   "else",     "do",     "case",    "new",     "delete", "throw",   "co_return",
        "co_await", "co_yield", "sizeof", "alignof", "typedef", "using",  "friend",  "goto",
        "operator", "typeid",   "struct", "class",   "enum",    "union",  "typename"};
    return std::any_of(words.begin(), words.end(),
                       [](const std::string &w) { return kStatementWords.count(w) > 0; });
}

// Returns true if every word is a type keyword, & or * (after the specifiers are left out).
bool plainWords(const std::vector<std::string> &words) {
    return std::all_of(words.begin(), words.end(), [](const std::string &w) {
        return kTypeWords.count(w) > 0 || w == "&" || w == "*" || w == "&&";
    });
}

}  // namespace

std::string canonicalType(const std::vector<std::string> &words) {
    int longs = 0;
    bool isShort = false, isUnsigned = false, isSigned = false, isInt = false, indirect = false;
    std::vector<std::string> others, marks;
    for (const std::string &w : words) indirect |= w == "&" || w == "*" || w == "&&";
    for (const std::string &w : words) {
        if (kSpecifiers.count(w) > 0) continue;
        if ((w == "const" || w == "volatile") && !indirect) continue;  // top-level on a value: the same type
        if (w == "long")
            ++longs;
        else if (w == "short")
            isShort = true;
        else if (w == "unsigned")
            isUnsigned = true;
        else if (w == "signed")
            isSigned = true;
        else if (w == "int")
            isInt = true;
        else if (w == "&" || w == "*" || w == "&&")
            marks.push_back(w);
        else
            others.push_back(w);
    }
    const bool integer = longs > 0 || isShort || isUnsigned || isSigned || isInt;
    const bool withChar = std::find(others.begin(), others.end(), "char") != others.end();
    std::vector<std::string> spelled;
    if (withChar) {  // signed char, unsigned char and char are three types
        if (isSigned) spelled.push_back("signed");
        if (isUnsigned) spelled.push_back("unsigned");
    } else if (integer) {
        if (isUnsigned) spelled.push_back("unsigned");
        spelled.push_back(isShort      ? "short"
                          : longs >= 2 ? "long long"
                          : longs == 1 ? "long"
                          : isUnsigned ? ""
                                       : "int");
        if (spelled.back().empty()) spelled.pop_back();
    }
    spelled.insert(spelled.end(), others.begin(), others.end());
    spelled.insert(spelled.end(), marks.begin(), marks.end());
    std::string text;
    for (const std::string &w : spelled) text += (text.empty() ? "" : " ") + w;
    return text;
}

std::vector<DeclaredFunction> declarationsOf(const std::string &code, const std::string &name) {
    const std::vector<Token> list = tokens(code);
    std::vector<DeclaredFunction> found;
    for (std::size_t i = 0; i + 1 < list.size(); ++i) {
        if (list[i].text != name || list[i + 1].text != "(") continue;
        if (i > 0 && (list[i - 1].text == "::" || list[i - 1].text == "." || list[i - 1].text == "->"))
            continue;
        // Step 1: the words before the name, back to what ends a statement or opens one,
        // attributes ([[nodiscard]]) left out.
        std::vector<std::string> before;
        for (std::size_t j = i; j-- > 0;) {
            const std::string &t = list[j].text;
            if (t == "]]") {  // back over the attribute
                while (j > 0 && list[j].text != "[[") --j;
                continue;
            }
            if (!list[j].word && t != "&" && t != "*" && t != "&&") break;
            before.insert(before.begin(), t);
        }
        if (before.empty() || isStatement(before)) continue;  // a call: f(...), x = f(...)
        // Step 2: the parameters, each without its name or default value.
        std::vector<std::vector<std::string>> parameters(1);
        std::size_t k = i + 2;
        bool inDefault = false;
        for (int depth = 1; k < list.size(); ++k) {
            const std::string &t = list[k].text;
            if (t == "(" || t == "[" || t == "{" || t == "<") ++depth;
            if (t == ")" || t == "]" || t == "}" || t == ">") --depth;
            if (depth == 0) break;
            if (depth == 1 && t == ",") {
                parameters.emplace_back();
                inDefault = false;
            } else if (depth == 1 && t == "=") {
                inDefault = true;
            } else if (!inDefault) {
                parameters.back().push_back(t);
            }
        }
        if (k >= list.size()) continue;
        if (parameters.size() == 1 && parameters[0].empty()) parameters.clear();
        if (parameters.size() == 1 && parameters[0] == std::vector<std::string>{"void"}) parameters.clear();
        DeclaredFunction declared;
        declared.line = list[i].line;
        declared.plain = plainWords([&] {
            std::vector<std::string> words;
            for (const std::string &w : before)
                if (kSpecifiers.count(w) == 0) words.push_back(w);
            return words;
        }());
        declared.returns = canonicalType(before);
        std::string shown;
        for (const std::string &w : before) shown += w + " ";
        shown += name + "(";
        for (std::size_t p = 0; p < parameters.size(); ++p) {
            std::vector<std::string> &words = parameters[p];
            for (const std::string &w : words) shown += (shown.back() == '(' || w == "&" ? "" : " ") + w;
            if (p + 1 < parameters.size()) shown += ",";
            // The name is a last word that is no keyword (none in `long long`).
            if (!words.empty() && kTypeWords.count(words.back()) == 0 && words.back() != "&" &&
                words.back() != "*" && words.back() != "&&" && words.size() > 1)
                words.pop_back();
            declared.plain = declared.plain && plainWords(words);
            declared.parameters.push_back(canonicalType(words));
        }
        declared.text = shown + ")";
        found.push_back(declared);
    }
    return found;
}

}  // namespace dotslab::grader
