// dotstriangles.cpp — CSCI1120: Dots and Triangles on a hexagonal grid.
//
// Name:    dotslab model solution
// Student ID: (model submission)
// E-mail:  (model submission)
//
// Two players take turns drawing one of the 12 lines between seven dots. Closing a
// triangle makes it yours and earns an extra turn, but never a third turn in a row.
// The whole game state lives in one 18-digit number, d1 d2 ... d18:
//
//     o---o        The grid with every line drawn. Lines, top to bottom and left
//    /a\b/c\       to right: 1 is the top "---"; 2 /, 3 \, 4 /, 5 \ are the upper
//   o---o---o      slants; 6 and 7 the middle "---"; 8 \, 9 /, 10 \, 11 / the lower
//    \d/e\f/       slants; 12 the bottom "---".
//     o---o
//                  a b c (upper triangles) are owned as digits d13 d14 d15 and
//                  d e f (lower triangles) as digits d16 d17 d18: 0 while open,
//                  1 or 2 for the player who closed it. d1..d12 are the lines (0/1).
//
// Digit di is (grid / 10^(18-i)) % 10, so the empty grid is 0. Scores are not stored:
// a player's score is the number of triangles they own.
//
// Rules of the assignment kept here: no global variables, no arrays and no library
// functions other than reading and writing with cin and cout.

#include <iostream>

// What gameState returns: the winner, a draw, or that the game goes on. (Enumerators are
// constants, not variables, so the rule against global variables is kept.)
enum GameState { DRAW = 0, PLAYER_1_WINS = 1, PLAYER_2_WINS = 2, GAME_NOT_FINISHED = 3 };

// Returns the place value of digit d_i (i = 1..18): 10 to the power 18 - i, exactly.
long long placeOf(int i) {
    long long place = 1;
    for (int e = 0; e < 18 - i; e++) place *= 10;
    return place;
}

// Returns digit d_i (i = 1..18) of the 18-digit grid.
int digitAt(long long grid, int i) { return static_cast<int>(grid / placeOf(i) % 10); }

// Returns true if line position pos (1..12) is filled.
bool isFilled(long long grid, int pos) { return digitAt(grid, pos) == 1; }

// Returns side k (1..3) of the triangle whose owner is digit t (13..18).
int triangleSide(int t, int k) {
    int a, b, c;
    // One triangle a line, as in the assignment's table.
    // clang-format off
    switch (t) {
        case 13: a = 2; b = 3;  c = 6;  break;  // upper left
        case 14: a = 1; b = 3;  c = 4;  break;  // upper middle
        case 15: a = 4; b = 5;  c = 7;  break;  // upper right
        case 16: a = 6; b = 8;  c = 9;  break;  // lower left
        case 17: a = 9; b = 10; c = 12; break;  // lower middle
        default: a = 7; b = 10; c = 11; break;  // 18: lower right
    }
    // clang-format on
    if (k == 1) return a;
    return k == 2 ? b : c;
}

// Returns true if all three sides of triangle t (13..18) are filled.
bool isTriangleClosed(long long grid, int t) {
    for (int k = 1; k <= 3; k++)
        if (!isFilled(grid, triangleSide(t, k))) return false;
    return true;
}

// Returns true if line pos is one of the three sides of triangle t.
bool isSideOf(int pos, int t) {
    for (int k = 1; k <= 3; k++)
        if (triangleSide(t, k) == pos) return true;
    return false;
}

// Returns the number of triangles owned by Player p (1 or 2).
int playerScore(long long grid, int p) {
    int score = 0;
    for (int t = 13; t <= 18; t++)
        if (digitAt(grid, t) == p) score++;
    return score;
}

// Fills line pos and marks the triangles it completes (at most two) as Player p's.
void updateGrid(long long &grid, int pos, int p) {
    if (isFilled(grid, pos)) return;  // adding to a digit that is already 1 would corrupt the encoding
    grid += placeOf(pos);             // line pos: 0 -> 1
    for (int t = 13; t <= 18; t++)
        if (digitAt(grid, t) == 0 && isSideOf(pos, t) && isTriangleClosed(grid, t))
            grid += p * placeOf(t);  // triangle t: 0 -> p
}

// Returns 3 while any line is empty; otherwise 1 or 2 for the winner, or 0 for a draw.
int gameState(long long grid) {
    for (int pos = 1; pos <= 12; pos++)
        if (!isFilled(grid, pos)) return GAME_NOT_FINISHED;
    int score1 = playerScore(grid, 1);
    int score2 = playerScore(grid, 2);
    if (score1 == score2) return DRAW;
    return score1 > score2 ? PLAYER_1_WINS : PLAYER_2_WINS;
}

// Prints line pos as its symbol when filled, or as blanks of the same width.
void printLine(long long grid, int pos) {
    bool filled = isFilled(grid, pos);
    if (pos == 1 || pos == 6 || pos == 7 || pos == 12)
        std::cout << (filled ? "---" : "   ");
    else if (!filled)
        std::cout << ' ';
    else if (pos == 2 || pos == 4 || pos == 9 || pos == 11)
        std::cout << '/';
    else
        std::cout << '\\';
}

// Prints the owner of triangle t (13..18) as a digit, or a space while it is open.
void printOwner(long long grid, int t) {
    if (digitAt(grid, t) == 0)
        std::cout << ' ';
    else
        std::cout << digitAt(grid, t);
}

// Prints the grid as in Figure 1, with the scores beside the two bottom rows. Each
// line and owner is its own call: a helper returning text (a char pointer) would make
// cout call strlen, a library function the assignment does not allow.
void printGrid(long long grid) {
    // Row 1: the top line.
    std::cout << "  o";
    printLine(grid, 1);
    std::cout << "o\n ";
    // Row 2: the upper slants and triangles a, b, c.
    printLine(grid, 2);
    printOwner(grid, 13);
    printLine(grid, 3);
    printOwner(grid, 14);
    printLine(grid, 4);
    printOwner(grid, 15);
    printLine(grid, 5);
    // Row 3: the two middle lines.
    std::cout << "\no";
    printLine(grid, 6);
    std::cout << 'o';
    printLine(grid, 7);
    std::cout << "o\n ";
    // Row 4: the lower slants and triangles d, e, f, then Player 1's score.
    printLine(grid, 8);
    printOwner(grid, 16);
    printLine(grid, 9);
    printOwner(grid, 17);
    printLine(grid, 10);
    printOwner(grid, 18);
    printLine(grid, 11);
    std::cout << "     Player 1 score: " << playerScore(grid, 1) << "\n  o";
    // Row 5: the bottom line, then Player 2's score.
    printLine(grid, 12);
    std::cout << "o      Player 2 score: " << playerScore(grid, 2) << '\n';
}

// Returns true for the characters that separate tokens (as cin >> does).
bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// Reads one whitespace-separated token from cin and stores its value in move: the
// integer it spells if it fits in an int ("+7" is 7), or 0 for anything else ("abc",
// "3.5", "99999999999"); 0 is never a valid move. Returns false at end of input.
// The token is read a character at a time because arrays and strings are not allowed.
bool readMove(int &move) {
    char c;
    do {
        if (!std::cin.get(c)) return false;
    } while (isBlank(c));

    const long long intLimit = 2147483648LL;  // |INT_MIN|: any larger magnitude cannot fit
    long long magnitude = 0;
    bool negative = c == '-';
    bool valid = true;
    bool sawDigit = false;
    bool first = true;
    do {
        if (first && (c == '+' || c == '-')) {
            // the sign is only allowed as the first character
        } else if (c >= '0' && c <= '9') {
            sawDigit = true;
            if (magnitude <= intLimit)  // stop growing once too big: no overflow
                magnitude = magnitude * 10 + (c - '0');
        } else {
            valid = false;
        }
        first = false;
    } while (std::cin.get(c) && !isBlank(c));

    if (!valid || !sawDigit || magnitude > intLimit || (!negative && magnitude == intLimit))
        move = 0;
    else
        move = static_cast<int>(negative ? -magnitude : magnitude);
    return true;
}

int main() {
    long long grid = 0;
    int player = 1;
    bool onExtraTurn = false;  // a player never gets a third consecutive turn
    printGrid(grid);
    while (gameState(grid) == GAME_NOT_FINISHED) {
        std::cout << "Player " << player << "'s turn (1-12): ";
        int pos;
        if (!readMove(pos)) {  // end of input: nobody is left to play
            std::cout << '\n';
            return 1;
        }
        if (pos < 1 || pos > 12 || isFilled(grid, pos)) {
            std::cout << "Invalid move! Try again.\n";
            continue;
        }
        int scoreBefore = playerScore(grid, player);
        updateGrid(grid, pos, player);
        if (playerScore(grid, player) > scoreBefore && !onExtraTurn) {
            onExtraTurn = true;
        } else {
            player = 3 - player;
            onExtraTurn = false;
        }
        printGrid(grid);
    }
    int state = gameState(grid);
    if (state == DRAW)
        std::cout << "Draw game!\n";
    else
        std::cout << "Player " << state << " wins!\n";
    return 0;
}
