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

static Edge choose(const Game &g) {
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

static string dotName(int r, int c) {
    string s;
    s += (char)('a' + r);
    s += (char)('1' + c);
    return s;
}

static bool readSize(int &n) {
    for (;;) {
        cout << "What size grid would you like? (2..8) ";
        string line;
        if (!getline(cin, line)) return false;
        bool ok = !line.empty();
        for (size_t i = 0; i < line.size(); ++i)
            if (!isdigit((unsigned char)line[i])) ok = false;
        if (ok && line.size() < 3) {
            n = atoi(line.c_str());
            if (n >= 2 && n <= 8) return true;
        }
        cout << "Sorry, try again.\n";
    }
}

int main() {
    int n;
    if (!readSize(n)) return 0;
    Game g(n);
    bool human = true;
    bool quit = false;
    while (!quit) {
        g.print();
        cout << "You: " << g.you << "    Me: " << g.me << "\n\n";
        int dir, r, c;
        if (!human) {
            Edge e = choose(g);
            dir = e.dir;
            r = e.r;
            c = e.c;
            int r2 = dir == 0 ? r : r + 1, c2 = dir == 0 ? c + 1 : c;
            cout << "I choose to connect dots " << dotName(r, c) << " and " << dotName(r2, c2) << ".\n";
        } else {
            for (;;) {
                cout << "What two dots would you like to connect? (Q to quit) ";
                string line;
                if (!getline(cin, line)) {
                    quit = true;
                    break;
                }
                string s;
                for (size_t i = 0; i < line.size(); ++i) {
                    unsigned char ch = line[i];
                    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9'))
                        s += (char)ch;
                }
                if (s == "Q") {
                    quit = true;
                    break;
                }
                bool ok = s.size() == 4;
                int rr[2], cc[2];
                for (int k = 0; ok && k < 2; ++k) {
                    char x = s[2 * k], y = s[2 * k + 1];
                    char L, D;
                    if (x >= 'a' && x <= 'z' && y >= '0' && y <= '9') {
                        L = x;
                        D = y;
                    } else if (y >= 'a' && y <= 'z' && x >= '0' && x <= '9') {
                        L = y;
                        D = x;
                    } else {
                        ok = false;
                        break;
                    }
                    rr[k] = L - 'a';
                    cc[k] = D - '1';
                    if (rr[k] < 0 || rr[k] > n || cc[k] < 0 || cc[k] > n) ok = false;
                }
                if (ok) {
                    if (rr[0] == rr[1] && (cc[0] - cc[1] == 1 || cc[1] - cc[0] == 1)) {
                        dir = 0;
                        r = rr[0];
                        c = cc[0] < cc[1] ? cc[0] : cc[1];
                        ok = !g.h[r][c];
                    } else if (cc[0] == cc[1] && (rr[0] - rr[1] == 1 || rr[1] - rr[0] == 1)) {
                        dir = 1;
                        c = cc[0];
                        r = rr[0] < rr[1] ? rr[0] : rr[1];
                        ok = !g.v[r][c];
                    } else
                        ok = false;
                }
                if (ok) break;
                cout << "Sorry, try again.\n";
            }
            if (quit) break;
        }
        int got = g.apply(dir, r, c, human ? 'H' : 'C');
        if (!got) human = !human;
        cout << "\n";
        if (g.full()) break;
    }
    g.print();
    cout << "\nFinal Score:\n  You:" << g.you << "\n  Me :" << g.me << "\n";
    if (g.you > g.me)
        cout << "Congratulations!\n";
    else if (g.you < g.me)
        cout << "Better luck next time.\n";
    else
        cout << "I think we need a rematch.\n";
    return 0;
}
