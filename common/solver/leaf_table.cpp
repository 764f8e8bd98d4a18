#include "solver/leaf_table.h"

namespace dotslab {

LeafTable::LeafTable(int bits)
    : shift_(64 - bits), slots_(std::make_unique<Entry[]>(std::size_t{1} << bits)) {
    assert(bits > 0 && bits < 32);  // make_unique value-initialises: every slot unused
}

}  // namespace dotslab
