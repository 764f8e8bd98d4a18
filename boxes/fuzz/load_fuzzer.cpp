// libFuzzer target for the save-file loader. The first three bytes choose the grid
// (2..6 x 2..6) and the player count (2..11); the rest is the file. Whatever is accepted
// must survive a save/load round trip unchanged, and must print.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "grid_file.h"
#include "grid_text.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    if (size < 3) return 0;
    int height = 2 + data[0] % 5, width = 2 + data[1] % 5, players = 2 + data[2] % 10;
    std::string_view text(reinterpret_cast<const char *>(data + 3), size - 3);
    std::optional<dotslab::RectangleGame> game = dotslab::boxes::parseGridFile(text, height, width, players);
    if (!game) return 0;
    std::string saved = dotslab::boxes::gridFileText(*game);
    std::optional<dotslab::RectangleGame> again =
        dotslab::boxes::parseGridFile(saved, height, width, players);
    if (!again || dotslab::boxes::gridFileText(*again) != saved || again->isOver() || !again->isConsistent())
        std::abort();
    if (dotslab::boxes::gridText(*again).size() != static_cast<std::size_t>(2 * height + 1) * (2 * width + 2))
        std::abort();
    return 0;
}
