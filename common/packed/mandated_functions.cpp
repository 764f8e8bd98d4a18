#include "packed/mandated_functions.h"

namespace dotslab {

#define DOTSLAB_ENTRY(type, name, parameters, mangled) {#type " " #name #parameters, #name, mangled},

const std::vector<MandatedFunction> &mandatedFunctions(PackedGame::Kind kind) {
    static const std::vector<MandatedFunction> dotsboxes = {DOTSLAB_DOTSBOXES_FUNCTIONS(DOTSLAB_ENTRY)};
    static const std::vector<MandatedFunction> dotstriangles = {
        DOTSLAB_DOTSTRIANGLES_FUNCTIONS(DOTSLAB_ENTRY)};
    return kind == PackedGame::Kind::kDotsboxes ? dotsboxes : dotstriangles;
}

#undef DOTSLAB_ENTRY

std::string prototypeOf(PackedGame::Kind kind, std::string_view name) {
    for (const MandatedFunction &function : mandatedFunctions(kind))
        if (function.name == name) return function.prototype;
    return "";
}

}  // namespace dotslab
