// dotsboxes.cpp — CSCI1120 Assignment 4: Dots and Boxes on a cruciform grid.
//
// Name:    dotslab model solution
// Student ID: (model submission)
// E-mail:  (model submission)
//
// Two players take turns drawing one of the 16 lines of a cross of five boxes.
// Completing a box scores a point and earns an extra turn. The whole game state
// lives in one 18-digit number, d1 d2 ... d18:
//
//         o--1--o                d1..d16  line i empty (0) or filled (1)
//         2     3                d17      Player 1's score (0..5)
//   o--4--o--5--o--6--o          d18      Player 2's score (0..5)
//   7     8     9     10
//   o-11--o-12--o-13--o          Digit di is (grid / 10^(18-i)) % 10, so the
//         14    15               empty grid is 0 and line 16 is the ones'
//         o-16--o                place of the hundreds (10^2).
//
// Only integer arithmetic is used: pow() works in floating point and can be off
// by one for 10^17, which silently corrupts an 18-digit grid.

#include <iostream>
#include <sstream>
#include <string>

// What gameState returns: the winner, or that the game goes on. (Enumerators are
// constants, not variables, so the rule against global variables is kept.)
enum GameState { PLAYER_1_WINS = 1, PLAYER_2_WINS = 2, GAME_NOT_FINISHED = 3 };

// Returns the place value of digit d_i (i = 1..18): 10 to the power 18 - i, exactly.
long long placeOf(int i) {
    long long place = 1;
    for (int e = 0; e < 18 - i; e++) place *= 10;
    return place;
}

// Returns digit d_i (i = 1..18) of the 18-digit grid.
int digitAt(long long grid, int i) { return static_cast<int>(grid / placeOf(i) % 10); }

// Returns true if line position pos (1..16) is filled.
bool isFilled(long long grid, int pos) { return digitAt(grid, pos) == 1; }

// Returns Player p's score (p is 1 or 2): digit d17 or d18.
int playerScore(long long grid, int p) { return digitAt(grid, 16 + p); }

// Returns how many of the five boxes have line pos as a side and all four sides filled.
int completeBoxesAround(long long grid, int pos) {
    // The four lines of each box: top, left, centre, right, bottom.
    const int boxLines[5][4] = {{1, 2, 3, 5}, {4, 7, 8, 11}, {5, 8, 9, 12}, {6, 9, 10, 13}, {12, 14, 15, 16}};
    int count = 0;
    for (int box = 0; box < 5; box++) {
        bool hasPos = false;
        bool complete = true;
        for (int side = 0; side < 4; side++) {
            if (boxLines[box][side] == pos) hasPos = true;
            if (!isFilled(grid, boxLines[box][side])) complete = false;
        }
        if (hasPos && complete) count++;
    }
    return count;
}

// Fills line pos for Player p and adds the boxes it completes (0, 1 or 2) to p's score.
void updateGrid(long long &grid, int pos, int p) {
    if (isFilled(grid, pos)) return;  // adding to a digit that is already 1 would corrupt the encoding
    grid += placeOf(pos);             // line pos: 0 -> 1
    grid += completeBoxesAround(grid, pos) * placeOf(16 + p);  // Player p's score: d17 or d18
}

// Returns 3 while any line is empty; otherwise 1 or 2, the winner (five boxes: no draws).
int gameState(long long grid) {
    for (int pos = 1; pos <= 16; pos++)
        if (!isFilled(grid, pos)) return GAME_NOT_FINISHED;
    return playerScore(grid, 1) > playerScore(grid, 2) ? PLAYER_1_WINS : PLAYER_2_WINS;
}

// Returns the text of horizontal line pos: "--" if filled, two spaces if not.
const char *horizontal(long long grid, int pos) { return isFilled(grid, pos) ? "--" : "  "; }

// Returns the character of vertical line pos: '|' if filled, a space if not.
char vertical(long long grid, int pos) { return isFilled(grid, pos) ? '|' : ' '; }

// Prints the grid as in Figure 1, with the scores beside the two middle dot rows.
void displayGrid(long long grid) {
    std::cout << "   o" << horizontal(grid, 1) << "o\n";
    std::cout << "   " << vertical(grid, 2) << "  " << vertical(grid, 3) << '\n';
    std::cout << 'o' << horizontal(grid, 4) << 'o' << horizontal(grid, 5) << 'o' << horizontal(grid, 6) << 'o'
              << "    Player 1 score: " << playerScore(grid, 1) << '\n';
    std::cout << vertical(grid, 7) << "  " << vertical(grid, 8) << "  " << vertical(grid, 9) << "  "
              << vertical(grid, 10) << '\n';
    std::cout << 'o' << horizontal(grid, 11) << 'o' << horizontal(grid, 12) << 'o' << horizontal(grid, 13)
              << 'o' << "    Player 2 score: " << playerScore(grid, 2) << '\n';
    std::cout << "   " << vertical(grid, 14) << "  " << vertical(grid, 15) << '\n';
    std::cout << "   o" << horizontal(grid, 16) << "o\n";
}

// Reads the player's next move from cin into pos. The assignment promises an integer;
// anything else ("abc", "3.5", "99999999999") becomes 0, which is never a valid move.
// Returns false at end of input.
bool readMove(int &pos) {
    std::string token;
    if (!(std::cin >> token)) return false;
    std::istringstream in(token);
    char rest;
    if (!(in >> pos) || in >> rest) pos = 0;  // not a whole int: an invalid move
    return true;
}

int main() {
    long long grid = 0;
    int player = 1;
    displayGrid(grid);
    while (gameState(grid) == GAME_NOT_FINISHED) {
        std::cout << "Player " << player << ", make your move (1-16): ";
        int pos;
        if (!readMove(pos)) {  // end of input: nobody is left to play
            std::cout << '\n';
            return 1;
        }
        if (pos < 1 || pos > 16 || isFilled(grid, pos)) {
            std::cout << "Invalid move! Try again.\n";
            continue;
        }
        int scoreBefore = playerScore(grid, player);
        updateGrid(grid, pos, player);
        if (playerScore(grid, player) > scoreBefore)
            std::cout << "Player " << player << " scores! Gets an extra turn.\n";
        else
            player = 3 - player;
        displayGrid(grid);
    }
    std::cout << "Player " << gameState(grid) << " win!\n";
    return 0;
}
