#include "game.h"
Edge choose(const Game &g) {
    vector<Edge> open;
    for (int r = 0; r <= g.n; ++r)
        for (int c = 0; c < g.n; ++c)
            if (!g.h[r][c]) {
                Edge e = {0, r, c};
                open.push_back(e);
            }
    for (int r = 0; r < g.n; ++r)
        for (int c = 0; c <= g.n; ++c)
            if (!g.v[r][c]) {
                Edge e = {1, r, c};
                open.push_back(e);
            }
    vector<Edge> cand;
    for (size_t i = 0; i < open.size(); ++i)
        if (g.completes(open[i].dir, open[i].r, open[i].c)) cand.push_back(open[i]);
    if (cand.empty())
        for (size_t i = 0; i < open.size(); ++i)
            if (!g.givesThird(open[i].dir, open[i].r, open[i].c)) cand.push_back(open[i]);
    if (cand.empty()) cand = open;
    Edge best = cand[0];
    int bd = -1, bx = 0, by = 0;
    for (size_t i = 0; i < cand.size(); ++i) {
        const Edge &e = cand[i];
        int r2 = e.dir == 0 ? e.r : e.r + 1, c2 = e.dir == 0 ? e.c + 1 : e.c;
        int d = g.degree(e.r, e.c) + g.degree(r2, c2);
        int x = e.c + c2, y = e.r + r2;
        if (d > bd || (d == bd && (x < bx || (x == bx && y < by)))) {
            best = e;
            bd = d;
            bx = x;
            by = y;
        }
    }
    return best;
}

string dotName(int r, int c) {
    string s;
    s += (char)('a' + r);
    s += (char)('1' + c);
    return s;
}

bool readSize(int &n) {
    for (;;) {
        cout << "What size grid would you like? (2..8) ";
        string line;
        if (!getline(cin, line)) return false;
        size_t a = line.find_first_not_of(" \t\r\n\v\f");
        size_t b = line.find_last_not_of(" \t\r\n\v\f");
        string t = a == string::npos ? "" : line.substr(a, b - a + 1);
        bool ok = !t.empty() && t.size() <= 3;
        for (size_t i = 0; ok && i < t.size(); ++i)
            if (!isdigit((unsigned char)t[i])) ok = false;
        if (ok) {
            n = atoi(t.c_str());
            if (n >= 2 && n <= 8) return true;
        }
        cout << "Sorry, try again.\n";
    }
}
