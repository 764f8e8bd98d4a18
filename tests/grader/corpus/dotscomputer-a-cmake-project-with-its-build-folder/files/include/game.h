#ifndef GAME_H
#define GAME_H
#include <cctype>
#include <iostream>
#include <string>
#include <vector>
using namespace std;

struct Game {
    int n;
    vector<vector<int>> h;  // (n+1) rows x n
    vector<vector<int>> v;  // n rows x (n+1)
    vector<vector<char>> own;
    int you, me;
    explicit Game(int size)
        : n(size),
          h(size + 1, vector<int>(size, 0)),
          v(size, vector<int>(size + 1, 0)),
          own(size, vector<char>(size, ' ')),
          you(0),
          me(0) {}
    int sides(int r, int c) const { return h[r][c] + h[r + 1][c] + v[r][c] + v[r][c + 1]; }
    bool full() const {
        for (int r = 0; r <= n; ++r)
            for (int c = 0; c < n; ++c)
                if (!h[r][c]) return false;
        for (int r = 0; r < n; ++r)
            for (int c = 0; c <= n; ++c)
                if (!v[r][c]) return false;
        return true;
    }
    void print() const {
        for (int r = 0; r <= n; ++r) {
            cout << (char)('a' + r) << ' ';
            for (int c = 0; c <= n; ++c) {
                cout << '+';
                if (c < n) cout << (h[r][c] ? '-' : ' ');
            }
            cout << '\n';
            if (r == n) break;
            cout << "  ";
            for (int c = 0; c <= n; ++c) {
                cout << (v[r][c] ? '|' : ' ');
                if (c < n) cout << own[r][c];
            }
            cout << '\n';
        }
        cout << " ";
        for (int c = 1; c <= n + 1; ++c) cout << ' ' << c;
        cout << '\n';
    }
    int degree(int r, int c) const {  // open edges at dot (r,c)
        int d = 0;
        if (c > 0 && !h[r][c - 1]) ++d;
        if (c < n && !h[r][c]) ++d;
        if (r > 0 && !v[r - 1][c]) ++d;
        if (r < n && !v[r][c]) ++d;
        return d;
    }
    // apply: horizontal edge dir 0 at (r,c)-(r,c+1); vertical dir 1 at (r,c)-(r+1,c)
    int apply(int dir, int r, int c, char who) {
        int got = 0;
        if (dir == 0) {
            h[r][c] = 1;
            if (r > 0 && sides(r - 1, c) == 4) {
                own[r - 1][c] = who;
                ++got;
            }
            if (r < n && sides(r, c) == 4) {
                own[r][c] = who;
                ++got;
            }
        } else {
            v[r][c] = 1;
            if (c > 0 && sides(r, c - 1) == 4) {
                own[r][c - 1] = who;
                ++got;
            }
            if (c < n && sides(r, c) == 4) {
                own[r][c] = who;
                ++got;
            }
        }
        if (who == 'H')
            you += got;
        else
            me += got;
        return got;
    }
    bool completes(int dir, int r, int c) const {
        if (dir == 0) return (r > 0 && sides(r - 1, c) == 3) || (r < n && sides(r, c) == 3);
        return (c > 0 && sides(r, c - 1) == 3) || (c < n && sides(r, c) == 3);
    }
    bool givesThird(int dir, int r, int c) const {
        if (dir == 0) return (r > 0 && sides(r - 1, c) == 2) || (r < n && sides(r, c) == 2);
        return (c > 0 && sides(r, c - 1) == 2) || (c < n && sides(r, c) == 2);
    }
};

struct Edge {
    int dir, r, c;
};

Edge choose(const Game &g);
string dotName(int r, int c);
bool readSize(int &n);
#endif
