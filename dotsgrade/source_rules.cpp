#include "source_rules.h"
#include "declared_types.h"
#include "files/files.h"
#include "text/characters.h"

#include <cxxabi.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string_view>

namespace dotslab::grader {
namespace {

namespace fs = std::filesystem;

// One symbol of the submission's objects, as nm lists it.
struct Symbol {
    char type = '?';       // nm's letter: T, D, B, U, ...
    std::string mangled;   // as in the object
    std::string readable;  // demangled, as nm -C prints it
    std::string section;   // where the object keeps it: ".text", ".bss", ".data.rel.ro.local", "*UND*"
    // Returns true for a symbol the objects define (nm --defined-only), not one they use.
    bool defined() const { return type != 'U' && type != 'w' && type != 'v'; }
};

// Returns every symbol of the objects, from what nm listed in System V's format
// ("name|value|letter|type|size|line|section"), demangled here (the same demangler nm -C
// uses, so the names read the same).
std::vector<Symbol> symbolsOf(const std::string &output) {
    std::vector<Symbol> symbols;
    std::istringstream in(output);
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> fields;
        std::istringstream row(line);
        for (std::string field; std::getline(row, field, '|');) fields.push_back(field);
        if (fields.size() != 7) continue;  // headers and blank lines
        auto trimmed = [](std::string text) {
            text.erase(0, text.find_first_not_of(' '));
            text.erase(text.find_last_not_of(' ') + 1);
            return text;
        };
        const std::string letter = trimmed(fields[2]);
        if (letter.size() != 1) continue;
        Symbol symbol;
        symbol.type = letter[0];
        symbol.mangled = trimmed(fields[0]);
        symbol.section = trimmed(fields[6]);
        int status = -1;
        char *readable = abi::__cxa_demangle(symbol.mangled.c_str(), nullptr, nullptr, &status);
        symbol.readable = status == 0 && readable ? readable : symbol.mangled;
        std::free(readable);
        symbols.push_back(symbol);
    }
    return symbols;
}

// Returns every file of the student's the compiler may see: its sources and its headers.
std::vector<std::string> studentFiles(const BuildResult &build) {
    std::vector<std::string> files = build.sources;
    std::error_code error;
    for (const fs::directory_entry &entry :
         fs::recursive_directory_iterator(fs::path(build.folder) / "src", error)) {
        const std::string extension = entry.path().extension().string();
        if (entry.is_regular_file() && (extension == ".h" || extension == ".hh" || extension == ".hpp" ||
                                        extension == ".hxx"))
            files.push_back(entry.path().string());
    }
    return files;
}

// Calls found(source, line number, line text as written) for every line of code in every
// source for which matches(line) is true, the line given to matches with its comments and
// literals blanked. Every matcher here is a linear scan: no backtracking regex ever sees
// student text.
template <class Matches, class Found>
void forMatchingLines(const BuildResult &build, Matches matches, Found found) {
    for (const std::string &source : studentFiles(build)) {
        const std::string text = readFileText(source);
        std::istringstream code(codeOnly(text)), written(text);
        int number = 0;
        for (std::string line, original; std::getline(code, line) && std::getline(written, original);)
            if (++number, matches(line)) found(source, number, original);
    }
}

// Returns the identifiers of a line of code, left to right.
std::vector<std::string_view> identifiersOf(std::string_view line) {
    auto starts = [](char c) { return c == '_' || isLetter(c); };
    std::vector<std::string_view> names;
    for (std::size_t i = 0; i < line.size();) {
        if (!starts(line[i])) {
            ++i;
            continue;
        }
        std::size_t end = i + 1;
        while (end < line.size() && (starts(line[end]) || isDigit(line[end]))) ++end;
        names.push_back(line.substr(i, end - i));
        i = end;
    }
    return names;
}

// Returns true if line names one of words as a whole identifier.
bool namesAny(std::string_view line, const std::set<std::string_view> &words) {
    for (std::string_view name : identifiersOf(line))
        if (words.count(name)) return true;
    return false;
}

// Returns true if line calls a function named by one of words: the name, then "(" (a
// variable of that name, `int exp = 18 - i;`, is no call).
bool callsAny(std::string_view line, const std::set<std::string_view> &words) {
    for (std::string_view name : identifiersOf(line)) {
        if (!words.count(name)) continue;
        std::size_t after = static_cast<std::size_t>(name.data() - line.data()) + name.size();
        while (after < line.size() && (line[after] == ' ' || line[after] == '\t')) ++after;
        if (after < line.size() && line[after] == '(') return true;
    }
    return false;
}

std::string where(const std::string &source, int line) {
    return source.substr(source.find_last_of('/') + 1) + ":" + std::to_string(line);
}

// Returns the exit status of the course's C++ compiler checking (-fsyntax-only, in the
// sandbox) a file called name beside the build's one source, holding `#include` of that
// source and then text; said receives what it printed. The file is gone after.
int checkedBesideTheSource(const Assignment &assignment, const BuildResult &build, const std::string &name,
                           const std::string &text, std::string &said,
                           const std::vector<std::string> &extraFlags = {}) {
    const fs::path check = fs::path(build.folder) / name;
    writeFileText(check, "#include \"" + build.sources[0] + "\"\n" + text);
    std::vector<std::string> command = {"/usr/bin/g++"};
    for (const std::string &flag : splitWords(assignment.cxxFlags)) command.push_back(flag);
    command.insert(command.end(), extraFlags.begin(), extraFlags.end());
    command.insert(command.end(), {"-fsyntax-only", check.string()});
    const int status = runBuildTool("", command, said, 30, {build.folder});
    std::error_code ignored;
    fs::remove(check, ignored);
    return status;
}

// Returns true if the compiler finds that the submission's f, called as the harness calls
// it, returns another type than f's prototype: a check file that includes the one source
// and static_asserts the call's type, compiled (-fsyntax-only) in the sandbox. False where
// it agrees, and where the check does not compile for any other reason.
bool compilerSaysOtherReturnType(const Assignment &assignment, const MandatedFunction &f,
                                 const DeclaredFunction &mandated, const BuildResult &build) {
    if (build.sources.size() != 1) return false;
    const std::string marker = "dotsgrade: another return type";
    std::string call = f.name + "(";
    for (std::size_t p = 0; p < mandated.parameters.size(); ++p)
        call += (p > 0 ? ", " : "") + std::string("std::declval<") + mandated.parameters[p] + ">()";
    call += ")";
    std::string said;
    const int status = checkedBesideTheSource(
        assignment, build, "prototype_check_" + f.name + ".cpp",
        "#include <type_traits>\n#include <utility>\nstatic_assert(std::is_same<decltype(" + call + "), " +
            mandated.returns + ">::value, \"" + marker + "\");\n",
        said);
    return status != 0 && said.find(marker) != std::string::npos;
}

// Returns the student's declarations of f with f's parameters and another return type, one
// line each ("dotstriangles.cpp:57: int isFilled(long long grid, int pos)"). Declarations
// in plain type keywords are read from the code (declared_types.h); where one spells its
// type through a name (an alias, a macro, auto), the compiler is asked.
std::string otherReturnTypes(const Assignment &assignment, const MandatedFunction &f,
                             const BuildResult &build) {
    const std::vector<DeclaredFunction> mandated = declarationsOf(f.prototype + ";", f.name);
    if (mandated.size() != 1) return "";
    std::string found, doubtful;
    for (const std::string &file : studentFiles(build))
        for (const DeclaredFunction &d : declarationsOf(codeOnly(readFileText(file)), f.name)) {
            const std::string line = "  " + where(file, d.line) + ": " + d.text + "\n";
            if (d.plain && d.parameters == mandated[0].parameters && d.returns != mandated[0].returns)
                found += line;
            else if (!d.plain)
                doubtful += line;
        }
    if (found.empty() && !doubtful.empty() && compilerSaysOtherReturnType(assignment, f, mandated[0], build))
        return doubtful;
    return found;
}

RuleResult prototypes(const Assignment &assignment, const BuildResult &build, const ObjectListing &objects) {
    RuleResult rule{"prototypes", "mandated functions with their exact prototypes"};
    for (const MandatedFunction &f : assignment.functions) {
        const Definition found = definitionOf(f, objects);
        // One the assignment's text does not ask for is the student's own, whatever it returns.
        const bool theTextAsks = assignment.functionsTheTextOmits.count(f.name) == 0;
        if (found.exact) {
            // The objects cannot tell the return type: the code can.
            if (const std::string other = theTextAsks ? otherReturnTypes(assignment, f, build) : "";
                !other.empty()) {
                rule.passed = false;
                rule.detail += f.name + " must return " +
                               declarationsOf(f.prototype + ";", f.name)[0].returns +
                               ", as the assignment's prototype says (" + f.prototype +
                               "); yours is declared with another return type:\n" + other;
            }
            continue;
        }
        // Not defined at all: its own function test earns nothing and says so; one mistake,
        // one charge, said once. One the assignment's text does not ask for is no mistake.
        if (found.nearMisses.empty() || !theTextAsks) continue;
        rule.passed = false;
        rule.detail += "missing mandated function: " + f.prototype + "\n";
        for (const NearMiss &n : found.nearMisses)
            rule.detail +=
                "  did you mean " + n.readable + "? Its name and parameters must be exactly as given" +
                (n.readable.find("long") != std::string::npos &&
                         n.readable.find("long long") == std::string::npos
                     ? " (int64_t is long here, not long long)"
                     : "") +
                (n.sameParameters ? " (its behaviour is judged under function " + f.name + ")" : "") + "\n";
    }
    return rule;
}

// Returns true if the student's code could spell a name the compiler gives its own data
// (_ZTV…, _ZTI…): an identifier that starts with _Z, or ## (or %:%:) pasting one together.
bool spellsMangledNames(const BuildResult &build) {
    bool found = false;
    forMatchingLines(
        build,
        [](const std::string &line) {
            if (line.find("##") != std::string::npos || line.find("%:%:") != std::string::npos) return true;
            const std::vector<std::string_view> names = identifiersOf(line);
            return std::any_of(names.begin(), names.end(),
                               [](std::string_view n) { return n.rfind("_Z", 0) == 0; });
        },
        [&](const std::string &, int, const std::string &) { found = true; });
    return found;
}

// Returns true if symbol is data the compiler makes for the language, never a variable:
// a class's virtual table and type information (a try/catch, a lambda in std::function, a
// std::thread make them), and the exception tables' references (DW.ref.…, a name no
// identifier can have). Unless the code could spell such a name itself.
bool compilerMade(const Symbol &symbol, bool codeSpellsMangledNames) {
    if (symbol.mangled.rfind("DW.ref.", 0) == 0) return true;
    if (codeSpellsMangledNames) return false;
    for (const char *made :
         {"vtable for ", "typeinfo for ", "typeinfo name for ", "VTT for ", "construction vtable for "})
        if (symbol.readable.rfind(made, 0) == 0) return true;
    return false;
}

// Returns the names among names (as nm -C prints them) that the compiler finds declared as
// constants of a type nothing can change: a const number, enum, std::string or const char
// *const, or an array or std::vector of them. The texts forbid "variables declared outside any functions";
// a named constant is none, though a const std::string is built when the program runs
// (adversary round 21). A check file includes the one source and static_asserts each
// name's declared type, compiled (-fsyntax-only) in the sandbox. None where the code may
// cast const away (const_cast, reinterpret_cast, a C cast to a pointer or reference or of
// an address, a pointer copied by memcpy or a union or through an integer, strtol's end
// pointer into a constant's text, or the C library's searches that hand back a writable
// pointer into what they were given as const, bsearch and its kin, or a name pasted together
// by a macro, ##, that could spell any of them, adversary round 26: a "constant" changed so
// is a variable), where the check fails for another
// reason than a name's type, or where a name is no plain qualified identifier.
// Returns code with its lines spliced as GCC splices them (a backslash that ends a line,
// blanks and a carriage return after it allowed, joins the next to it: `const_\` and `cast`
// on the next line are const_cast).
std::string withoutSplicedLines(const std::string &code) {
    std::string spliced;
    spliced.reserve(code.size());
    for (std::size_t at = 0; at < code.size(); ++at) {
        if (code[at] == '\\') {
            const std::size_t end = code.find_first_not_of(" \t\r", at + 1);
            if (end != std::string::npos && code[end] == '\n') {
                at = end;
                continue;
            }
        }
        spliced += code[at];
    }
    return spliced;
}

std::set<std::string> compilerSaysConstants(const Assignment &assignment, const BuildResult &build,
                                            const std::vector<std::string> &names) {
    // A cast's "(type *)" follows no name (a declaration's unnamed parameters do: `bool
    // readMove(int &);`, adversary round 23b) and comes before what it casts; "(long)&x"
    // takes an address to an integer.
    static const std::regex castAway(
        R"(\b(const_cast|reinterpret_cast|memcpy|memmove|bit_cast|union|u?intptr_t|strto\w+|wcsto\w+|)"
        R"(bsearch|lfind|lsearch|tfind|tsearch|memmem)\b|##|)"
        R"((^|[^\w\s>\]]|[^\w>\]]\s)\s*\(\s*(const\s+)?[A-Za-z_][\w:<>, ]*[*&]+\s*\)\s*[\w(*&"]|\)\s*&\s*[A-Za-z_])");
    static const std::regex qualifiedName(R"([A-Za-z_]\w*(::[A-Za-z_]\w*)*)");
    if (build.sources.size() != 1 || names.empty() || names.size() > 32) return {};
    for (const std::string &file : studentFiles(build))
        if (std::regex_search(withoutSplicedLines(codeOnly(readFileText(file))), castAway)) return {};
    std::ostringstream check;
    check << "#include <string>\n#include <type_traits>\n#include <vector>\n"
          << "namespace dotsgrade_check {\n"
             "template <class T> struct Fixed : std::integral_constant<bool, std::is_arithmetic<T>::value || "
             "std::is_enum<T>::value || std::is_same<T, std::string>::value || std::is_same<T, const char "
             "*>::value> {};\n"
             "template <class T> struct Fixed<std::vector<T>> : Fixed<T> {};\n"
             "template <class T> struct Constant : std::integral_constant<bool, "
             "std::is_const<typename std::remove_all_extents<T>::type>::value && Fixed<typename "
             "std::remove_cv<typename std::remove_all_extents<T>::type>::type>::value> {};\n}\n";
    std::vector<std::string> asked;
    for (const std::string &name : names) {
        std::string plain = std::regex_replace(name, std::regex(R"(\[abi:\w+\])"), "");
        const std::string anonymous = "(anonymous namespace)::";  // its names are seen from outside it
        for (std::size_t at; (at = plain.find(anonymous)) != std::string::npos;)
            plain.erase(at, anonymous.size());
        if (!std::regex_match(plain, qualifiedName)) return {};
        check << "static_assert(dotsgrade_check::Constant<decltype(" << plain
              << ")>::value, \"dotsgrade: variable " << asked.size() << ";\");\n";
        asked.push_back(name);
    }
    // A cast that drops const, however spelt ((Cell) x, Cell(x) with a typedef'd pointer:
    // adversary round 23c), is an error here: the check then fails, and no name is exempt.
    std::string said;
    const int status = checkedBesideTheSource(assignment, build, "constants_check.cpp", check.str(), said,
                                              {"-Werror=cast-qual"});
    // Every error the compiler gives must be one of the asserts: else the check itself failed.
    int errors = 0, asserts = 0;
    std::istringstream lines(said);
    for (std::string line; std::getline(lines, line);) {
        errors += line.find("error:") != std::string::npos;
        asserts += line.find("error:") != std::string::npos &&
                   line.find("dotsgrade: variable ") != std::string::npos;
    }
    if (status != 0 && (errors == 0 || errors != asserts)) return {};
    std::set<std::string> constants;
    for (std::size_t k = 0; k < asked.size(); ++k)
        if (said.find("dotsgrade: variable " + std::to_string(k) + ";") == std::string::npos)
            constants.insert(asked[k]);
    return constants;
}

RuleResult noGlobals(const Assignment &assignment, const BuildResult &build,
                     const std::vector<Symbol> &symbols) {
    RuleResult rule{"no_globals", "no global variables"};
    const bool codeSpellsMangledNames = spellsMangledNames(build);
    bool placesSections = false;
    forMatchingLines(
        build,
        [](const std::string &line) {
            return namesAny(line, {"section", "__section__"});
        },
        [&](const std::string &, int, const std::string &) { placesSections = true; });
    std::vector<std::string> globals;  // as nm -C names them, once each
    for (const Symbol &symbol : symbols) {
        // Data the object defines, of every binding: global, local (static), common (C:
        // __attribute__((common)), or -fcommon), weak (V) and unique (u: a template's static
        // member, an inline variable).
        if (std::string("BbCDdGgSsVu").find(symbol.type) == std::string::npos) continue;
        const std::string &name = symbol.readable, &mangled = symbol.mangled;
        // Allowed: a variable inside a function (a local name, _ZZ..., with its guard
        // _ZGVZ...), which the compiler makes local or unique, never a plain global (an
        // asm label can name a global so); what <iostream> and the exception tables define
        // in every object; and the library's own templates and inline variables (std:: or
        // __gnu_cxx::, of vague linkage). Anything else, in any namespace, is global state.
        const bool inFunction = (mangled.rfind("_ZZ", 0) == 0 || mangled.rfind("_ZGVZ", 0) == 0) &&
                                std::string("bdsguV").find(symbol.type) != std::string::npos;
        const bool library = mangled == "_ZStL8__ioinit" || mangled == "DW.ref.__gxx_personality_v0" ||
                             ((symbol.type == 'u' || symbol.type == 'V') &&
                              (name.rfind("std::", 0) == 0 || name.rfind("__gnu_cxx::", 0) == 0));
        // A constant is no global state: one that needs no relocation is read-only data
        // (nm's r, never listed here); one that does (a constexpr const char *) is kept in
        // .data.rel.ro, which the loader makes read-only once it has relocated it. Not where
        // the code places sections itself.
        const bool readOnlyConstant = symbol.section.rfind(".data.rel.ro", 0) == 0 && !placesSections;
        if (inFunction || library || readOnlyConstant || compilerMade(symbol, codeSpellsMangledNames))
            continue;
        if (std::find(globals.begin(), globals.end(), name) == globals.end()) globals.push_back(name);
    }
    const std::set<std::string> constants = compilerSaysConstants(assignment, build, globals);
    for (const std::string &name : globals)
        if (!constants.count(name)) {
            rule.passed = false;
            rule.detail += "global variable: " + name + "\n";
        }
    if (!rule.passed)
        rule.detail +=
            "(a named constant is allowed: const or constexpr, of a number, a std::string or a const "
            "char *const, or an array or vector of them; anything else declared outside every function is a "
            "variable: declare it "
            "inside the function that uses it)\n";
    // An asm label can give a global the name of a function's own variable.
    forMatchingLines(
        build, [](const std::string &line) { return namesAny(line, {"asm", "__asm", "__asm__"}); },
        [&](const std::string &source, int line, const std::string &text) {
            rule.passed = false;
            rule.detail += where(source, line) + ": " + text + " (asm is not allowed here: it can disguise a global)\n";
        });
    return rule;
}

// Returns the names (without scope or parameters) of the functions the student's objects
// define: a call of one of them is the student's own, not the library's.
std::set<std::string> ownFunctionNames(const std::vector<Symbol> &symbols) {
    std::set<std::string> names;
    for (const Symbol &symbol : symbols)
        if (symbol.defined()) {
            const std::string name = symbol.readable.substr(0, symbol.readable.find('('));
            const std::size_t scope = name.rfind("::");
            names.insert(name.substr(scope == std::string::npos ? 0 : scope + 2));
        }
    return names;
}

// Returns true for an SSE or AVX (VEX/EVEX: a leading v) floating-point arithmetic or
// conversion instruction: add, sub, mul, div, sqrt, min, max, fused multiply-add, compare or
// convert, on scalars or packs of doubles or floats (…sd, …ss, …pd, …ps).
bool isVectorFloating(std::string_view mnemonic) {
    if (!mnemonic.empty() && mnemonic.front() == 'v') mnemonic.remove_prefix(1);
    if (mnemonic.size() < 4) return false;
    const std::string_view kind = mnemonic.substr(mnemonic.size() - 2);
    const bool floatingKind = kind == "sd" || kind == "ss" || kind == "pd" || kind == "ps";
    for (std::string_view operation : {"add", "sub", "mul", "div", "sqrt", "min", "max", "fmadd", "fmsub", "fnmadd",
                                       "fnmsub", "round", "rcp", "rsqrt", "hadd", "hsub", "comi", "ucomi"})
        if (mnemonic.rfind(operation, 0) == 0 && floatingKind) return true;
    return mnemonic.rfind("cvt", 0) == 0 && (mnemonic.find("sd") != std::string_view::npos ||
                                             mnemonic.find("ss") != std::string_view::npos ||
                                             mnemonic.find("pd") != std::string_view::npos ||
                                             mnemonic.find("ps") != std::string_view::npos);
}

// Returns true for a call of the compiler's software floating point (__float128, long
// double's helpers, complex numbers): __addtf3, __floatsitf, __mulsc3 and their kin.
bool isSoftFloat(const std::string &name) {
    if (name.rfind("__", 0) != 0) return false;
    // Arithmetic, comparisons and powers (__adddf3, __ltdf2, __powidf2, __mulxc3), and
    // conversions (__floatsidf, __fixunsdfdi, __extendsfdf2, __trunctfdf2): every libgcc
    // helper that takes or makes a float, a double, a long double or a __float128.
    static const std::regex helper(
        R"(__[a-z]*([sdtxhb]f|[sdtxh]c)[0-9]|__(float|fix|extend|trunc)[a-z]*[sdtxh]f[a-z0-9]*)");
    return std::regex_match(name, helper);
}

// Returns true if a (demangled) function name names a floating type.
bool namesFloatingType(const std::string &readable) {
    static const std::regex floatingType(R"(\b(float|double|__float128|__ibm128|__ieee128|_Float[0-9]+x?|__bf16)\b)");
    return std::regex_search(readable, floatingType);
}

// Returns true for a function of the library's own whose floating point is the library's,
// not the program's: the hash tables' rehash policy (std::unordered_map<std::string, int>
// keeps its load factor as a float, whatever it holds), or any function of namespace std or
// __gnu_cxx that names no floating type (in its template arguments, parameters or return
// type). A template made for a floating type names it (std::accumulate over a
// std::vector<double>), and so still counts; so does every function of the program's own.
bool isLibrarysOwnFloatingPoint(const std::string &readable) {
    if (readable.rfind("std::__detail::_Prime_rehash_policy::", 0) == 0) return true;
    if (readable.rfind("std::", 0) != 0 && readable.rfind("__gnu_cxx::", 0) != 0) return false;
    return !namesFloatingType(readable);
}

// Returns true for a library function the program calls that takes or gives a floating
// value: a C++ one whose (demangled) name names a floating type (operator>>(double&)), or
// a C one of the maths library or the C library's conversions (strtod, atof, llrint,
// difftime: a double that goes from one call to the next leaves no floating instruction in
// the program, and std::llrint(std::strtod("1e5", nullptr)) computed a power of ten so),
// with any of their float, long double and _FloatN suffixes.
bool isFloatingLibraryFunction(const std::string &readable) {
    if (namesFloatingType(readable)) return true;
    static const std::set<std::string> functions = {
        "acos", "asin", "atan", "atan2", "cos", "sin", "tan", "sincos", "acosh", "asinh", "atanh", "cosh",
        "sinh", "tanh", "exp", "exp2", "exp10", "pow10", "expm1", "log", "log2", "log10", "log1p", "logb",
        "ilogb", "llogb", "frexp", "ldexp", "modf", "scalb", "scalbn", "scalbln", "significand", "pow", "sqrt",
        "cbrt", "hypot", "fabs", "ceil", "floor", "round", "lround", "llround", "roundeven", "trunc", "rint",
        "lrint", "llrint", "nearbyint", "fmod", "remainder", "drem", "remquo", "copysign", "nan", "nextafter",
        "nexttoward", "nextup", "nextdown", "fdim", "fmax", "fmin", "fmaximum", "fminimum", "fma", "erf",
        "erfc", "tgamma", "lgamma", "lgamma_r", "gamma", "j0", "j1", "jn", "y0", "y1", "yn", "fromfp",
        "ufromfp", "fromfpx", "ufromfpx", "canonicalize", "totalorder", "totalordermag", "getpayload",
        "setpayload", "__fpclassify", "__isnan", "__isinf", "__finite", "__signbit", "__iseqsig",
        "__issignaling", "isnan", "isinf", "finite", "strtod", "strtof", "strtold", "strtod_l", "strtof_l",
        "strtold_l", "wcstod", "wcstof", "wcstold", "atof", "ecvt", "fcvt", "gcvt", "qecvt", "qfcvt",
        "qgcvt", "ecvt_r", "fcvt_r", "qecvt_r", "qfcvt_r", "strfromd", "strfromf", "strfroml", "difftime",
        "drand48", "erand48", "drand48_r", "erand48_r", "__strtod_internal", "__strtof_internal",
        "__strtold_internal"};
    if (functions.count(readable)) return true;
    // The float, long double and _FloatN versions: sqrtf, llrintl, strtof128, expf64x.
    static const std::regex suffixed(R"((.+?)(f|l|f16|f32|f64|f128|f32x|f64x|f128x)(_l)?)");
    std::smatch parts;
    return std::regex_match(readable, parts, suffixed) && functions.count(parts[1].str() + parts[3].str());
}

// Returns the functions whose machine code does floating-point arithmetic (SSE scalar or
// packed floating instructions, or the x87 unit), each with the first such instruction:
// what the program actually does, whatever macros or headers the source went through. The
// library's own floating point is left out (isLibrarysOwnFloatingPoint).
std::vector<std::string> functionsUsingFloatingPoint(const std::string &disassembly) {
    static const std::set<std::string_view> floating = {
        "addsd",     "subsd",     "mulsd",    "divsd",    "sqrtsd",    "addss",     "subss",     "mulss",
        "divss",     "sqrtss",    "cvtsi2sd", "cvtsi2ss", "cvtsi2sdl", "cvtsi2sdq", "cvtsi2ssl", "cvtsi2ssq",
        "cvttsd2si", "cvttss2si", "cvtsd2si", "cvtss2si", "cvtsd2ss",  "cvtss2sd",  "comisd",    "ucomisd",
        "comiss",    "ucomiss",   "movsd",    "movss",    "addpd",     "mulpd",     "divpd",     "fld",
        "fldl",      "flds",      "fldt",     "fild",     "fildl",     "fildll",    "fstp",      "fstpl",
        "fstps",     "fstpt",     "fmul",     "fmulp",    "fdiv",      "fdivp",     "fadd",      "faddp",
        "fistp",     "fistpll"};
    std::vector<std::string> found;
    std::string function;
    bool said = false;
    std::istringstream in(disassembly);
    for (std::string line; std::getline(in, line);) {
        const std::size_t open = line.find(" <"), close = line.rfind(">:");
        if (open != std::string::npos && close != std::string::npos && close > open && line.back() == ':') {
            function = line.substr(open + 2, close - open - 2);  // "0000000000000000 <_Z5powerii>:"
            said = false;
            continue;
        }
        const std::size_t tab = line.find('\t');
        if (tab == std::string::npos || said) continue;
        const std::string_view rest = std::string_view(line).substr(tab + 1);
        const std::string_view mnemonic = rest.substr(0, rest.find(' '));
        if (!floating.count(mnemonic) && !isVectorFloating(mnemonic)) continue;
        said = true;
        int status = -1;
        char *demangled = abi::__cxa_demangle(function.c_str(), nullptr, nullptr, &status);
        const std::string readable = status == 0 && demangled ? std::string(demangled) : function;
        std::free(demangled);
        if (!isLibrarysOwnFloatingPoint(readable)) found.push_back(readable + " (" + std::string(mnemonic) + ")");
    }
    return found;
}

RuleResult noFloatingPoint(const BuildResult &build, const std::vector<Symbol> &symbols,
                           const std::string &disassembly) {
    RuleResult rule{"no_floating_point", "integer arithmetic only (no float, double or pow)"};
    // Floating functions called in the code (not in comments, strings or #include lines; a
    // variable named exp is no call, nor is a function of the student's own named pow). A
    // floating type's name alone does nothing (sizeof(double)): where a value of one is
    // computed, the machine code shows it (below).
    const std::set<std::string> own = ownFunctionNames(symbols);
    std::set<std::string_view> floating;
    for (std::string_view name : {"pow", "powf", "powl", "sqrt", "exp", "log10"})
        if (own.count(std::string(name)) == 0) floating.insert(name);
    auto matches = [&](const std::string &line) {
        return includedHeader(line).empty() && callsAny(line, floating);
    };
    forMatchingLines(build, matches, [&](const std::string &source, int line, const std::string &text) {
        rule.passed = false;
        rule.detail += where(source, line) + ": " + text + "\n";
    });
    // What the compiled code does, however it was written (macros included).
    for (const std::string &function : functionsUsingFloatingPoint(disassembly)) {
        rule.passed = false;
        rule.detail += "floating-point arithmetic in " + function + "\n";
    }
    for (const Symbol &symbol : symbols)
        if (!symbol.defined() && (isFloatingLibraryFunction(symbol.readable) || isSoftFloat(symbol.readable))) {
            rule.passed = false;
            rule.detail += "calls " + symbol.readable + "()" +
                           (isSoftFloat(symbol.readable) ? " (floating point done in software)" : "") + "\n";
        }
    if (rule.detail.find("pow") != std::string::npos)
        rule.detail += "hint: pow() works in floating point and can be off by one for 10^17\n";
    else if (!rule.passed)
        rule.detail += "hint: the 18-digit encoding must be computed with integers only\n";
    return rule;
}

// Returns true if the '[' at `at` in a line of code opens a lambda's captures, not a
// subscript or an array's size: it starts an expression (after an operator, a bracket, a
// comma, return, or at the start of the line); a subscript and an array declarator follow
// a name, a ')' or a ']' (new int[3] and delete[] too).
bool opensLambda(const std::string &line, std::size_t at) {
    std::size_t before = at;
    while (before > 0 && (line[before - 1] == ' ' || line[before - 1] == '\t')) --before;
    if (before == 0) {
        // At the start of a line the name it may subscript is on the line before: a lambda
        // only where its captures are followed by what follows captures (its parameters,
        // body, template parameters, mutable, ->) or by the end of the line.
        const std::size_t close = line.find(']', at);
        if (close == std::string::npos) return true;
        const std::size_t next = line.find_first_not_of(" \t", close + 1);
        if (next == std::string::npos) return true;
        const char c = line[next];
        return c == '(' || c == '{' || c == '<' || line.compare(next, 7, "mutable") == 0 ||
               line.compare(next, 2, "->") == 0 || line.compare(next, 9, "constexpr") == 0;
    }
    const char c = line[before - 1];
    if (c == ')' || c == ']' || c == '"' || c == '\'') return false;  // a subscript (of a literal too)
    if (!(c == '_' || std::isalnum(static_cast<unsigned char>(c)))) return true;
    std::size_t start = before;
    while (start > 0 && (line[start - 1] == '_' || std::isalnum(static_cast<unsigned char>(line[start - 1]))))
        --start;
    const std::string word = line.substr(start, before - start);
    return word == "return" || word == "co_return" || word == "co_yield" || word == "case" || word == "throw";
}

// Returns true if the '[' at `at` names a class's subscript operator (`int operator[](int i)`):
// the student's own class, no array.
bool namesSubscriptOperator(const std::string &line, std::size_t at) {
    const std::size_t before = line.find_last_not_of(" \t", at == 0 ? std::string::npos : at - 1);
    return before != std::string::npos && before + 1 >= 8 && line.compare(before + 1 - 8, 8, "operator") == 0 &&
           (before + 1 == 8 || !(std::isalnum(static_cast<unsigned char>(line[before - 8])) || line[before - 8] == '_'));
}

// Returns true if line declares an `auto` variable from a braced list (`auto list = {3,
// 1, 4}`, `auto list{3, 1}`): a std::initializer_list, an array of its values (adversary
// round 22b: walked by a range-for over the variable, it passed).
bool autoFromBracedList(const std::string &line) {
    for (std::string_view word : identifiersOf(line)) {
        if (word != "auto") continue;
        std::size_t at = static_cast<std::size_t>(word.data() - line.data()) + word.size();
        auto skip = [&](const char *chars) {
            while (at < line.size() && std::strchr(chars, line[at]) != nullptr) ++at;
        };
        skip(" \t&*");
        while (at < line.size() && (isLetter(line[at]) || isDigit(line[at]) || line[at] == '_')) ++at;
        skip(" \t");
        if (at < line.size() && line[at] == '=') {
            ++at;
            skip(" \t");
        }
        if (line.compare(at, 1, "{") == 0 || line.compare(at, 2, "<%") == 0) return true;
    }
    return false;
}

// Returns true if a range-for on line walks a braced list (`for (int side : {2, 3, 6})`):
// a ':' inside the for's own parentheses, then '{' (or its digraph '<%'). A case label's
// ':' before a for is none of it.
bool rangeForOverBracedList(const std::string &line) {
    for (std::string_view word : identifiersOf(line)) {
        if (word != "for") continue;
        std::size_t at = static_cast<std::size_t>(word.data() - line.data()) + word.size();
        at = line.find_first_not_of(" \t", at);
        if (at == std::string::npos || line[at] != '(') continue;
        for (int depth = 0; at < line.size(); ++at) {
            const char c = line[at];
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (depth == 0) break;
            if (depth != 1 || c != ':' || line.compare(at, 2, "::") == 0 || line[at - 1] == ':') continue;
            const std::size_t next = line.find_first_not_of(" \t", at + 1);
            if (next != std::string::npos && (line[next] == '{' || line.compare(next, 2, "<%") == 0)) return true;
        }
    }
    return false;
}

// Returns how many subscripts or array declarators a line of code writes: each '[' (or its
// digraph '<:') that opens no [[attribute]] (left out first, wherever it is on the line), no
// lambda and is no operator[]'s own name.
int subscriptsOf(std::string line) {
    for (std::size_t at; (at = line.find("[[")) != std::string::npos;) {
        const std::size_t end = line.find("]]", at + 2);
        line.erase(at, end == std::string::npos ? std::string::npos : end + 2 - at);
    }
    int count = 0;
    // "<::" is '<' and "::" (std::vector<::T>) unless a ':' or a '>' follows: "<::>" is "[]".
    for (std::size_t at = line.find("<:"); at != std::string::npos; at = line.find("<:", at + 2))
        if (line.compare(at, 3, "<::") != 0 || line.compare(at, 4, "<:::") == 0 || line.compare(at, 4, "<::>") == 0)
            ++count;
    for (std::size_t at = line.find('['); at != std::string::npos; at = line.find('[', at + 1))
        if (!opensLambda(line, at) && !namesSubscriptOperator(line, at)) ++count;
    return count;
}

// Returns true if a line of code (its literals blanked) adds to or takes from a string
// literal: `*("cdgb" + k)` walks an array as `"cdgb"[k]` does (adversary round 22).
bool offsetsStringLiteral(const std::string &line) {
    auto operand = [](char c) { return c == '+' || c == '-'; };
    for (std::size_t open = line.find('"'); open != std::string::npos;) {
        const std::size_t close = line.find('"', open + 1);
        if (close == std::string::npos) return false;
        const std::size_t before = line.find_last_not_of(" \t", open == 0 ? 0 : open - 1);
        const std::size_t after = line.find_first_not_of(" \t", close + 1);
        if ((open > 0 && before != std::string::npos && operand(line[before])) ||
            (after != std::string::npos && operand(line[after])))
            return true;
        open = line.find('"', close + 1);
    }
    return false;
}

// Returns true if a line of code makes or uses an array: a '[' (or its digraph '<:', or its
// trigraph '??(', which -std=c++11 still converts) that does not open an [[attribute]] or
// a lambda (attributes are left out first, wherever they are on the line; a string literal
// subscripted is an array too), a braced list walked by a range-for, or any
// std::initializer_list: an array of its values, which the compiler makes.
bool makesArray(std::string line) {
    if (line.find("?\?(") != std::string::npos) return true;
    // main's `char *argv[]` is a pointer, spelt as the standard and every IDE's template
    // spell it (adversary round 23c: 97, Xcode's `const char * argv[]` too).
    static const std::regex mainsParameters(R"((\bmain\s*\()([^()]*)(\)))");
    static const std::regex emptyBrackets(R"(\[\s*\])");
    if (std::smatch m; std::regex_search(line, m, mainsParameters))
        line = m.prefix().str() + m[1].str() + std::regex_replace(m[2].str(), emptyBrackets, "") +
               m[3].str() + m.suffix().str();
    return subscriptsOf(line) > 0 || namesAny(line, {"initializer_list"}) || rangeForOverBracedList(line) ||
           autoFromBracedList(line) || offsetsStringLiteral(line);
}

RuleResult noArrays(const BuildResult &build) {
    RuleResult rule{"no_arrays", "no arrays"};
    forMatchingLines(build, makesArray, [&](const std::string &source, int line, const std::string &text) {
        rule.passed = false;
        rule.detail += where(source, line) + ": " + text + "\n";
    });
    return rule;
}

// Returns where the sources first name the function `readable` calls (" at file:line"),
// or "" if no line names it.
std::string usedWhere(const BuildResult &build, const std::string &readable) {
    std::string name = readable.substr(0, readable.find('('));
    if (const std::size_t scope = name.rfind("::"); scope != std::string::npos) name = name.substr(scope + 2);
    std::string found;
    forMatchingLines(
        build, [&](const std::string &line) { return found.empty() && namesAny(line, {name}); },
        [&](const std::string &source, int line, const std::string &) {
            found = " at " + where(source, line);
        });
    return found;
}

// Returns a demangled function's name from its own name on: a template's demangled name
// starts with its return type ("long long const& std::max<long long>(…)").
std::string withoutReturnType(const std::string &readable) {
    int depth = 0;
    std::size_t from = 0;  // one past the last space outside <…> before the parameters
    for (std::size_t at = 0; at < readable.size() && readable[at] != '('; ++at) {
        depth += readable[at] == '<' ? 1 : readable[at] == '>' ? -1 : 0;
        if (depth == 0 && readable[at] == ' ' && (at < 8 || readable.compare(at - 8, 8, "operator") != 0))
            from = at + 1;
    }
    return readable.substr(from);
}

// The stream members that keep words for a program (iword, pword, and xalloc's indices):
// storage, not reading and writing.
const std::vector<std::string> kStreamStorage = {"std::ios_base::iword", "std::ios_base::pword",
                                                 "std::ios_base::xalloc", "std::ios_base::_M_grow_words"};

RuleResult noLibrary(const BuildResult &build, const std::vector<Symbol> &symbols) {
    RuleResult rule{"no_library", "no library functions besides cin and cout"};
    // Reading and writing with cin and cout: every member and operator of the stream classes
    // (get, peek, ignore, clear, fail, eof, >>, <<) and their manipulators (std::endl, whose
    // name starts with the stream type it returns); and what the compiler adds by itself.
    const std::vector<std::string> allowed = {
        "std::cin", "std::cout", "std::istream::", "std::ostream::", "std::basic_istream<",
        "std::basic_ostream<", "std::operator<<", "std::operator>>", "std::ios_base::", "std::basic_ios<",
        "__cxa_atexit", "__dso_handle", "_GLOBAL_OFFSET_TABLE_", "__gxx_personality_v0", "_Unwind_Resume",
        "__stack_chk_fail",
        // the language's own support, for features
        // the code uses, not functions it calls: a
        // function's static set at run time, virtual
        // functions (type information, the deleting
        // destructor's operator delete), throw and catch
        "__cxa_guard_", "vtable for __cxxabiv1::", "typeinfo for ", "__cxa_pure_virtual",
        "__cxa_deleted_virtual", "operator delete(void*", "__cxa_allocate_exception", "__cxa_free_exception",
        "__cxa_throw", "__cxa_rethrow", "__cxa_begin_catch", "__cxa_end_catch", "std::terminate()"};
    for (const Symbol &symbol : symbols) {
        // What the object uses, and the library's templates it made for itself (std::max
        // reached through <iostream>: a weak definition in the object, not a use).
        const bool libraryTemplate =
            symbol.type == 'W' && (symbol.mangled.rfind("_ZSt", 0) == 0 || symbol.mangled.rfind("_ZNSt", 0) == 0 ||
                                   symbol.mangled.rfind("_ZN9__gnu_cxx", 0) == 0);
        if (symbol.defined() && !libraryTemplate) continue;
        const std::string name = withoutReturnType(symbol.readable);
        // A stream's own storage, indexed and written at will: an array by another name
        // (std::cout.iword(k) held a table, adversary round 22).
        const bool storage =
            std::any_of(kStreamStorage.begin(), kStreamStorage.end(),
                        [&](const std::string &prefix) { return name.rfind(prefix, 0) == 0; });
        if (!storage && std::any_of(allowed.begin(), allowed.end(), [&](const std::string &prefix) {
                return name.rfind(prefix, 0) == 0 || symbol.readable.rfind(prefix, 0) == 0;
            }))
            continue;
        // The streams' manipulators that <ios> defines inline (std::noskipws, std::hex: each
        // takes the stream's std::ios_base&), and the operators on their flags that those use
        // (std::operator&=(std::_Ios_Fmtflags&, std::_Ios_Fmtflags)).
        const std::string manipulatorEnd = "(std::ios_base&)";
        if (name.rfind("std::", 0) == 0 && name.size() > manipulatorEnd.size() &&
            name.compare(name.size() - manipulatorEnd.size(), manipulatorEnd.size(), manipulatorEnd) == 0)
            continue;
        if (name.rfind("std::operator", 0) == 0 && name.find("(std::_Ios_") != std::string::npos) continue;
        // <iomanip>'s manipulators (std::setw(int), std::setfill<char>(char)), used with cout.
        static const std::regex iomanip(R"(std::(setw|setfill|setbase|setiosflags|resetiosflags|setprecision)\b.*)");
        if (std::regex_match(name, iomanip)) continue;
        rule.passed = false;
        rule.detail += "uses " + name + usedWhere(build, name) + "\n";
    }
    // The student's own headers are no library.
    std::set<std::string> ownHeaders;
    for (const std::string &file : studentFiles(build)) ownHeaders.insert(fs::path(file).filename().string());
    auto otherInclude = [&](const std::string &line) {
        const std::string_view header = includedHeader(line);
        // <iostream> and the headers of the same streams (<istream>, <ostream>, <ios>,
        // <iosfwd>) and of their manipulators (<iomanip>)
        for (std::string_view streams : {"<iostream>", "<istream>", "<ostream>", "<ios>", "<iosfwd>", "<iomanip>"})
            if (header.rfind(streams, 0) == 0) return false;
        return !header.empty() && (header.front() == '<' || header.front() == '"');
    };
    // Returns true if an include line (as written: the code's own view blanks the name in
    // quotes) names one of the student's own headers (adversary round 23c: 97 for
    // #include "rules.h").
    auto ownInclude = [&](const std::string &text) {
        const std::string name = quotedInclude(text);
        return !name.empty() && ownHeaders.count(fs::path(name).filename().string()) != 0;
    };
    // Headers of constants and types only (INT_MAX, int64_t, size_t): the text forbids
    // library functions, and these hold none (adversary round 23: 3 points for INT_MAX).
    static const std::set<std::string_view> constantsOnly = {
        "<climits>", "<limits.h>", "<cstdint>",  "<stdint.h>",  "<cstddef>", "<stddef.h>",
        "<cfloat>",  "<float.h>",  "<cstdbool>", "<stdbool.h>", "<ciso646>", "<iso646.h>"};
    // Such an include uses nothing by itself: the grader asks whether the code needs it.
    forMatchingLines(build, otherInclude, [&](const std::string &source, int line, const std::string &text) {
        if (ownInclude(text)) return;
        const std::string_view header = includedHeader(text);
        if (constantsOnly.count(header.substr(0, header.find('>') + 1)) != 0) {
            rule.detail += "not charged: " + where(source, line) + ": " + text +
                           " (a header of constants and types, no function)\n";
            return;
        }
        rule.unsureLines.push_back({source, line, where(source, line) + ": " + text});
    });
    return rule;
}

}  // namespace

std::string_view includedHeader(std::string_view line) {
    auto skipSpaces = [&] {
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    };
    skipSpaces();
    if (line.rfind("%:", 0) == 0)  // the digraph of #
        line.remove_prefix(1);
    else if (line.empty() || line.front() != '#')
        return "";
    line.remove_prefix(1);
    skipSpaces();
    if (line.rfind("include", 0) != 0) return "";
    line.remove_prefix(7);
    skipSpaces();
    return line;
}

std::string quotedInclude(std::string_view line) {
    const std::string_view header = includedHeader(line);
    const std::size_t close = header.size() > 2 && header.front() == '"' ? header.find('"', 1) : header.npos;
    return close == header.npos ? "" : std::string(header.substr(1, close - 1));
}

// Returns where the raw string literal whose opening quote is at code[quote] ends (one past
// its closing quote), or npos if it is not one.
static std::size_t rawStringEnd(const std::string &code, std::size_t quote) {
    const std::size_t open = code.find('(', quote + 1);
    if (open == std::string::npos || open - quote - 1 > 16) return std::string::npos;
    const std::string close = ")" + code.substr(quote + 1, open - quote - 1) + "\"";
    const std::size_t end = code.find(close, open + 1);
    return end == std::string::npos ? code.size() : end + close.size();
}

std::string codeOnly(const std::string &source, bool keepLiterals) {
    std::string code = source;
    // What a literal's character becomes: a blank, or itself (its blanks marked).
    auto literal = [&](char c) {
        if (!keepLiterals) return c == '\n' ? c : ' ';
        return c == '\n' ? '\x1d' : c == '\t' ? '\x1e' : c == ' ' ? '\x1f' : c;
    };
    enum { kCode, kLineComment, kBlockComment, kString, kChar } state = kCode;
    for (std::size_t i = 0; i < code.size(); ++i) {
        char c = code[i], next = i + 1 < code.size() ? code[i + 1] : '\0';
        switch (state) {
            case kCode:
                if (c == '/' && next == '/')
                    state = kLineComment;
                else if (c == '/' && next == '*')
                    state = kBlockComment, code[i + 1] = ' ', ++i;
                else if (c == '"' && i > 0 && code[i - 1] == 'R' && rawStringEnd(code, i) != std::string::npos) {
                    // R"delim( ... )delim": nothing inside is code, quotes and backslashes included
                    const std::size_t end = rawStringEnd(code, i);
                    for (std::size_t k = i + 1; k + 1 < end; ++k) code[k] = literal(code[k]);
                    i = end - 1;
                    continue;
                } else if (c == '"')
                    state = kString;
                else if (c == '\'')
                    state = kChar;
                else
                    continue;
                code[i] = ' ';
                if (state == kString || state == kChar) code[i] = c;  // keep the quote itself
                break;
            case kLineComment:
                if (c == '\n')
                    state = kCode;
                else
                    code[i] = ' ';
                break;
            case kBlockComment:
                if (c == '*' && next == '/') state = kCode, code[i + 1] = ' ';
                if (c != '\n') code[i] = ' ';
                break;
            case kString:
            case kChar:
                if (c == '\\' && next != '\n')
                    code[i] = literal(c), code[i + 1] = literal(next), ++i;
                else if ((state == kString && c == '"') || (state == kChar && c == '\''))
                    state = kCode;
                else
                    code[i] = literal(c);
                break;
        }
    }
    return code;
}

std::vector<RuleResult> checkSourceRules(const Assignment &assignment, const BuildResult &build,
                                         const ObjectListing &objects) {
    std::vector<RuleResult> results;
    const std::vector<Symbol> symbols = symbolsOf(objects.symbols);
    if (!assignment.functions.empty()) results.push_back(prototypes(assignment, build, objects));
    if (assignment.noGlobals) results.push_back(noGlobals(assignment, build, symbols));
    if (assignment.packedEncoding) results.push_back(noFloatingPoint(build, symbols, objects.disassembly));
    if (assignment.noArraysNoLibrary) {
        results.push_back(noArrays(build));
        results.push_back(noLibrary(build, symbols));
    }
    return results;
}

namespace {

// Returns the edit distance of a and b (letters inserted, deleted or changed).
std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

}  // namespace

Definition definitionOf(const MandatedFunction &f, const ObjectListing &objects) {
    Definition found;
    // The parameters part of a plain function's mangled name: "_Z9gameStatex" -> "x".
    auto parameters = [](const std::string &mangled) -> std::string {
        if (mangled.rfind("_Z", 0) != 0 || mangled.size() < 3 || !isDigit(mangled[2])) return "";
        std::size_t at = 2, length = 0;
        while (at < mangled.size() && isDigit(mangled[at])) length = length * 10 + (mangled[at++] - '0');
        return at + length <= mangled.size() ? mangled.substr(at + length) : "";
    };
    // The parameters as the machine passes them: long (int64_t) as long long, both 64 bits
    // here, so a grid spelt int64_t is called as it is (charged once, as a prototype); only
    // where every parameter is a built-in type (no digits: no names in the code).
    auto passed = [&](const std::string &mangled) {
        std::string code = parameters(mangled);
        if (std::none_of(code.begin(), code.end(), isDigit)) std::replace(code.begin(), code.end(), 'l', 'x');
        return code;
    };
    // The same name with internal linkage: "_Z8isFilledxi" -> "_ZL8isFilledxi".
    const std::string internal = f.mangled.rfind("_Z", 0) == 0 ? "_ZL" + f.mangled.substr(2) : "";
    for (const Symbol &symbol : symbolsOf(objects.symbols)) {
        if (symbol.type == 't' && !internal.empty() && symbol.mangled == internal) {
            found.exact = true;  // the prototype is exact; static only hides it from other files
            found.internal = internal;
            found.nearMisses.clear();
            return found;
        }
        if (symbol.type != 'T') continue;  // functions the objects define, visible to others
        if (symbol.mangled == f.mangled) {
            found.exact = true;
            found.nearMisses.clear();
            return found;
        }
        const std::string &readable = symbol.readable;
        const std::size_t open = readable.find('(');
        if (open == std::string::npos) continue;
        const std::size_t scope = readable.rfind("::", open);
        const std::size_t from = scope == std::string::npos ? 0 : scope + 2;
        const std::string name = readable.substr(from, open - from);
        if (name == f.name ||
            editDistance(lowered(name), lowered(f.name)) <= std::max<std::size_t>(1, f.name.size() / 4))
            found.nearMisses.push_back({readable, symbol.mangled,
                                        scope == std::string::npos && !parameters(symbol.mangled).empty() &&
                                            passed(symbol.mangled) == passed(f.mangled)});
    }
    return found;
}

namespace {

// Returns the lines of ownCode (the student's code after the preprocessor) for which
// matches(line, with its comments and literals blanked) is true: each as "after the
// preprocessor: LINE" with suffix, at most five.
template <class Matches>
std::string linesAfterPreprocessing(const std::string &ownCode, Matches matches, const std::string &suffix = "") {
    std::string found;
    int shown = 0;
    std::istringstream lines(codeOnly(ownCode)), originals(ownCode);
    for (std::string line, original; std::getline(lines, line) && std::getline(originals, original);) {
        if (!matches(line) || shown++ >= 5) continue;
        original.erase(0, original.find_first_not_of(" \t"));
        found += "after the preprocessor: " + original.substr(0, 120) + suffix + "\n";
    }
    return found;
}

}  // namespace

std::string arraysAfterPreprocessing(const std::string &ownCode) {
    return linesAfterPreprocessing(ownCode, makesArray, " (an array, however the source spelled it)");
}

bool declaresSubscriptOperator(const std::string &ownCode) {
    std::istringstream lines(codeOnly(ownCode));
    for (std::string line; std::getline(lines, line);)
        for (std::size_t at = line.find('['); at != std::string::npos; at = line.find('[', at + 1))
            if (namesSubscriptOperator(line, at)) return true;
    return false;
}

namespace {

// Returns the name of the function a section of GCC's tree dump is about, from its header
// (";; Function int Digits::operator[](int) const (null)" is Digits::operator[]): enough of
// it to tell the library's (std::, __gnu_cxx::, a reserved name, operator new and delete).
std::string dumpedFunctionName(std::string header) {
    header.erase(0, std::string(";; Function ").size());
    const std::size_t mangled = header.rfind(" (");  // its linker name, or (null)
    if (mangled != std::string::npos) header.erase(mangled);
    const std::size_t with = header.find(" [with ");
    if (with != std::string::npos) header.erase(with);
    if (header.find("operator new") != std::string::npos ||
        header.find("operator delete") != std::string::npos)
        return "operator new";
    for (const char *symbol :
         {"operator<=>", "operator<<=", "operator>>=", "operator<<", "operator>>",
          "operator<=", "operator>=", "operator->*", "operator->", "operator<", "operator>"})
        for (std::size_t at; (at = header.find(symbol)) != std::string::npos;)
            header.replace(at, std::string(symbol).size(), "operator@");
    std::string plain;  // without template arguments, which hold spaces
    int depth = 0;
    for (char c : header) {
        depth += c == '<' ? 1 : 0;
        if (depth == 0) plain += c;
        depth -= c == '>' && depth > 0 ? 1 : 0;
    }
    const std::string beforeParameters = plain.substr(0, plain.find('('));
    const std::size_t space = beforeParameters.rfind(' ');
    return space == std::string::npos ? beforeParameters : beforeParameters.substr(space + 1);
}

// Returns true if a function the tree dump names is the library's, not the student's.
bool librarysDumpedFunction(const std::string &name) {
    return name.rfind("std::", 0) == 0 || name.rfind("__", 0) == 0 || name.rfind("operator new", 0) == 0;
}

}  // namespace

// Returns true if the '[' at `at` of a tree dump's line is a string literal's own type
// bound to a reference or deduced by a template ("(const char[4] &) \"  o\"",
// "put<char [4]>"): the literal's, not an array the student declared (adversary round
// 23c: `template <class T> void put(const T &)` called with a literal, 97).
static bool stringLiteralsType(const std::string &line, std::size_t at) {
    std::size_t before = at;
    while (before > 0 && line[before - 1] == ' ') --before;
    if (before < 4 || line.compare(before - 4, 4, "char") != 0) return false;
    std::size_t after = line.find(']', at);
    if (after == std::string::npos) return false;
    for (std::size_t k = at + 1; k < after; ++k)
        if (!std::isdigit(static_cast<unsigned char>(line[k]))) return false;
    while (++after < line.size() && line[after] == ' ') {}
    return after < line.size() && (line[after] == '&' || line[after] == '>' || line[after] == ',');
}

std::string arraysInTrees(const std::string &trees, int *subscriptCalls) {
    std::string found;
    std::istringstream lines(trees);
    bool own = false;
    std::string function;
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind(";; Function ", 0) == 0) {
            function = dumpedFunctionName(line);
            own = !librarysDumpedFunction(function);
            continue;
        }
        if (!own) continue;
        for (std::size_t at = 0; at < line.size(); ++at) {
            if (line[at] == '"') {  // a string literal: its text is no code
                for (++at; at < line.size() && line[at] != '"'; ++at)
                    if (line[at] == '\\') ++at;
                continue;
            }
            if (line.compare(at, 11, "operator[] ") == 0) {
                if (subscriptCalls != nullptr) ++*subscriptCalls;
                at += 10;
                continue;
            }
            if (line[at] != '[' || line.compare(at, 12, "[value-expr:") == 0) continue;
            if (stringLiteralsType(line, at)) continue;
            if (found.size() < 600)
                found += "the compiler sees an array in " + function + ": " + line.substr(0, 100) + "\n";
            break;
        }
    }
    return found;
}

std::string arraysTheCompilerSees(const std::string &ownCode, const std::string &trees) {
    if (trees.empty()) return "the compiler's view could not be had\n";
    if (!libraryNamespaceAfterPreprocessing(ownCode).empty())
        return "your code opens the library's namespace\n";
    const std::string code = codeOnly(ownCode);
    for (std::string_view word : identifiersOf(code))
        if (word.substr(0, 2) == "__" && word != "__func__" && word != "__PRETTY_FUNCTION__" &&
            word != "__FUNCTION__")
            return "your code names " + std::string(word) + ", a name the library keeps for itself\n";
    int subscriptCalls = 0;
    if (const std::string found = arraysInTrees(trees, &subscriptCalls); !found.empty()) return found;
    int subscripts = 0;
    std::istringstream codeLines(code);
    for (std::string line; std::getline(codeLines, line);) subscripts += subscriptsOf(line);
    if (subscriptCalls < subscripts)
        return "of the " + std::to_string(subscripts) +
               " subscripts and array declarators in your code, the "
               "compiler calls your class's operator[] for " +
               std::to_string(subscriptCalls) + ": the others are arrays\n";
    return "";
}

std::string asmAfterPreprocessing(const std::string &ownCode) {
    return linesAfterPreprocessing(
        ownCode, [](const std::string &line) { return namesAny(line, {"asm", "__asm", "__asm__"}); },
        " (asm is not allowed here: it can disguise a global)");
}

std::string libraryNamespaceAfterPreprocessing(const std::string &ownCode) {
    return linesAfterPreprocessing(
        ownCode,
        [](const std::string &line) {
            // namespace std {, and a class declared into it by a qualified name (struct
            // std::less<Mine> { static int player; }: adversary round 23, a global named
            // std::). An alias (namespace fs = std::filesystem) cannot reopen it.
            static const std::regex opens(
                R"((^|[^\w])(namespace|struct|class|union)\s+(::\s*)?(std|__gnu_cxx)\b)");
            static const std::regex usingDirective(R"(\busing\s+namespace\s+(::\s*)?(std|__gnu_cxx)\b)");
            for (std::sregex_iterator it(line.begin(), line.end(), opens), end; it != end; ++it) {
                std::smatch usingOne;
                const std::string before =
                    line.substr(0, static_cast<std::size_t>(it->position(0) + it->length(0)));
                if (std::regex_search(before, usingOne, usingDirective) &&
                    static_cast<std::size_t>(usingOne.position(0) + usingOne.length(0)) == before.size())
                    continue;
                return true;  // an elaborated `struct std::tm t;` is read so too: rare, and harmless to ask
            }
            return false;
        },
        " (your code opens the library's namespace or declares into it: a variable defined there is yours, "
        "global state all the same)");
}

std::string inlinedLibraryCalls(const std::string &ownCode, const ObjectListing &objects) {
    // The library functions GCC knows as builtins and may compute in place at -O0.
    static const std::set<std::string_view> inlinable = {
        "abs",     "labs",    "llabs",   "imaxabs", "isdigit", "isalpha", "isalnum", "isspace", "isupper",
        "islower", "isxdigit", "isascii", "toascii", "isprint", "ispunct", "iscntrl", "isgraph", "isblank",
        "toupper", "tolower", "strlen",  "strcmp",  "strncmp", "memcmp",  "memcpy",  "memmove", "memset",
        "strchr",  "strrchr", "strcpy",  "strncpy", "strcat",  "strstr",  "ffs",     "ffsl",    "ffsll"};
    const std::set<std::string> ownFunctions = ownFunctionNames(symbolsOf(objects.symbols));  // their own abs, say
    // A call of one of them (not a member's of that name), or any builtin but __builtin_expect.
    auto calls = [&](const std::string &line) {
        for (std::string_view word : identifiersOf(line)) {
            const std::size_t at = static_cast<std::size_t>(word.data() - line.data()), end = at + word.size();
            const std::size_t before = line.find_last_not_of(' ', at == 0 ? std::string::npos : at - 1);
            const bool member = before != std::string::npos && at > 0 &&
                                (line[before] == '.' || (line[before] == '>' && before > 0 && line[before - 1] == '-'));
            const std::size_t after = line.find_first_not_of(' ', end);
            const bool called = after != std::string::npos && line[after] == '(';
            if (member) continue;
            if (word.rfind("__builtin_", 0) == 0 && word != "__builtin_expect") return true;
            if (called && inlinable.count(word) != 0 && ownFunctions.count(std::string(word)) == 0) return true;
        }
        return false;
    };
    return linesAfterPreprocessing(ownCode, calls);
}

std::string floatingAfterPreprocessing(const std::string &ownCode) {
    static const std::set<std::string> maths = {"pow",  "powi", "sqrt",  "cbrt", "exp",   "exp2",  "exp10",
                                                "log",  "log2", "log10", "floor", "ceil", "round", "trunc",
                                                "fabs", "ldexp", "fmod", "huge_val", "inf", "nan", "lround",
                                                "llround", "hypot", "sin", "cos", "tan", "atan", "atan2"};
    // Only the compiler's builtins: a plain `round` may be a student's own variable, and a
    // plain call of the library's pow is found in the source and in the object already.
    auto mathName = [&](std::string name) {
        if (name.rfind("__builtin_", 0) != 0) return false;
        name.erase(0, 10);
        if (maths.count(name) != 0) return true;
        if (!name.empty() && (name.back() == 'f' || name.back() == 'l')) name.pop_back();
        return maths.count(name) != 0;
    };
    auto floatingLine = [&](const std::string &line) {
        bool floating = false;
        for (std::size_t at = 0; at < line.size() && !floating;) {
            const char c = line[at];
            if (isLetter(c) || c == '_') {  // an identifier
                std::size_t end = at;
                while (end < line.size() && (isLetter(line[end]) || isDigit(line[end]) || line[end] == '_')) ++end;
                const std::string word = line.substr(at, end - at);
                floating = mathName(word);
                at = end;
            } else if (isDigit(c) || (c == '.' && at + 1 < line.size() && isDigit(line[at + 1]))) {  // a pp-number
                std::size_t end = at;
                const bool hex = c == '0' && at + 1 < line.size() && (line[at + 1] == 'x' || line[at + 1] == 'X');
                while (end < line.size()) {
                    const char d = line[end];
                    const bool exponent = hex ? (d == 'p' || d == 'P') : (d == 'e' || d == 'E');
                    if (exponent && end + 1 < line.size() && (line[end + 1] == '+' || line[end + 1] == '-')) {
                        floating = true;
                        end += 2;
                    } else if (isLetter(d) || isDigit(d) || d == '.' || d == '_' || d == '\'') {
                        floating = floating || d == '.' || (exponent && !hex) || (hex && exponent);
                        ++end;
                    } else {
                        break;
                    }
                }
                at = end;
            } else {
                ++at;
            }
        }
        return floating;
    };
    return linesAfterPreprocessing(ownCode, floatingLine);
}

}  // namespace dotslab::grader
