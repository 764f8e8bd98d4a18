/* boxes.c - n-player dots and boxes (C99) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int h, w, players, cur;
    char *hz; /* (h+1)*w */
    char *vt; /* h*(w+1) */
    int *own; /* h*w */
} Game;

static int is_int(const char *s, int *v) {
    long x = 0;
    if (!*s) return 0;
    for (; *s; ++s) {
        if (*s < '0' || *s > '9') return 0;
        if (x < 100000) x = x * 10 + (*s - '0');
    }
    *v = (int)x;
    return 1;
}

#define HE(g, r, c) ((g)->hz[(r) * (g)->w + (c)])
#define VE(g, r, c) ((g)->vt[(r) * ((g)->w + 1) + (c)])

static int cell_done(Game *g, int r, int c) {
    return HE(g, r, c) && HE(g, r + 1, c) && VE(g, r, c) && VE(g, r, c + 1);
}

static int any_open(Game *g) {
    int i;
    for (i = 0; i < (g->h + 1) * g->w; ++i)
        if (!g->hz[i]) return 1;
    for (i = 0; i < g->h * (g->w + 1); ++i)
        if (!g->vt[i]) return 1;
    return 0;
}

static void print_grid(Game *g) {
    int r, c;
    for (r = 0; r <= g->h; ++r) {
        for (c = 0; c < g->w; ++c) {
            putchar('+');
            putchar(HE(g, r, c) ? '-' : ' ');
        }
        putchar('+');
        putchar('\n');
        if (r == g->h) break;
        for (c = 0; c <= g->w; ++c) {
            putchar(VE(g, r, c) ? '|' : ' ');
            if (c < g->w) putchar(g->own[r * g->w + c] ? 'A' + g->own[r * g->w + c] - 1 : ' ');
        }
        putchar('\n');
    }
}

/* reads one line (without \n, and without a final \r); returns -1 at EOF */
static ssize_t read_line(FILE *f, char **buf, size_t *cap) {
    ssize_t n = getline(buf, cap, f);
    if (n < 0) return -1;
    if (n > 0 && (*buf)[n - 1] == '\n') (*buf)[--n] = '\0';
    if (n > 0 && (*buf)[n - 1] == '\r') (*buf)[--n] = '\0';
    return n;
}

static int parse_num(const char **p, int *v) {
    const char *s = *p;
    const char *st = s;
    long x = 0;
    while (*s >= '0' && *s <= '9') {
        if (x < 1000000) x = x * 10 + (*s - '0');
        ++s;
    }
    if (s == st) return 0;
    if (*st == '0' && s - st > 1) return 0;
    *v = (int)x;
    *p = s;
    return 1;
}

static int parse_move(const char *s, int *r, int *c, char *d) {
    if (!parse_num(&s, r)) return 0;
    if (*s++ != ' ') return 0;
    if (!parse_num(&s, c)) return 0;
    if (*s++ != ' ') return 0;
    if (*s != 'h' && *s != 'v') return 0;
    *d = *s++;
    return *s == '\0';
}

static int load(Game *g, const char *path) {
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int k, j, r, c, np;
    if (!f) return 4;
    if (read_line(f, &line, &cap) < 0) goto bad;
    if (!is_int(line, &np) || np < 1 || np > g->players || (strlen(line) > 1 && line[0] == '0')) goto bad;
    g->cur = np - 1;
    for (k = 0; k < 2 * g->h + 1; ++k) {
        int horiz = k % 2 == 0;
        int len = horiz ? g->w : g->w + 1;
        n = read_line(f, &line, &cap);
        if (n != len) goto bad;
        for (j = 0; j < len; ++j) {
            if (line[j] != '0' && line[j] != '1') goto bad;
            if (horiz)
                HE(g, k / 2, j) = line[j] == '1';
            else
                VE(g, k / 2, j) = line[j] == '1';
        }
    }
    for (r = 0; r < g->h; ++r) {
        const char *s;
        if (read_line(f, &line, &cap) < 0) goto bad;
        s = line;
        for (c = 0; c < g->w; ++c) {
            int v;
            const char *st = s;
            if (!parse_num(&s, &v) || s - st > 4 || v > g->players) goto bad;
            g->own[r * g->w + c] = v;
            if (c < g->w - 1) {
                if (*s != ',') goto bad;
                ++s;
            }
        }
        if (*s) goto bad;
        for (c = 0; c < g->w; ++c)
            if ((g->own[r * g->w + c] != 0) != cell_done(g, r, c)) goto bad;
    }
    if (read_line(f, &line, &cap) >= 0) goto bad; /* too many lines */
    if (!any_open(g)) goto bad;
    free(line);
    fclose(f);
    return 0;
bad:
    free(line);
    fclose(f);
    return 5;
}

static int save(Game *g, const char *path) {
    char *tmp = malloc(strlen(path) + 5);
    FILE *f;
    int k, j, r, c;
    sprintf(tmp, "%s.tmp", path);
    f = fopen(tmp, "w");
    if (!f) {
        free(tmp);
        return 0;
    }
    fprintf(f, "%d\n", g->cur + 1);
    for (k = 0; k < 2 * g->h + 1; ++k) {
        int horiz = k % 2 == 0;
        int len = horiz ? g->w : g->w + 1;
        for (j = 0; j < len; ++j) fputc((horiz ? HE(g, k / 2, j) : VE(g, k / 2, j)) ? '1' : '0', f);
        fputc('\n', f);
    }
    for (r = 0; r < g->h; ++r) {
        for (c = 0; c < g->w; ++c) fprintf(f, c ? ",%d" : "%d", g->own[r * g->w + c]);
        fputc('\n', f);
    }
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
        remove(tmp);
        free(tmp);
        return 0;
    }
    free(tmp);
    return 1;
}

int main(int argc, char **argv) {
    Game g;
    char *line = NULL;
    size_t cap = 0;
    int *score, best, k, first;
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "Usage: boxes height width playercount [filename]\n");
        return 1;
    }
    if (!is_int(argv[1], &g.h) || !is_int(argv[2], &g.w) || g.h < 2 || g.h > 999 || g.w < 2 || g.w > 999) {
        fprintf(stderr, "Invalid grid dimensions\n");
        return 2;
    }
    if (!is_int(argv[3], &g.players) || g.players < 2 || g.players > 100) {
        fprintf(stderr, "Invalid player count\n");
        return 3;
    }
    g.hz = calloc((size_t)(g.h + 1) * g.w, 1);
    g.vt = calloc((size_t)g.h * (g.w + 1), 1);
    g.own = calloc((size_t)g.h * g.w, sizeof(int));
    g.cur = 0;
    if (argc == 5) {
        int rc = load(&g, argv[4]);
        if (rc == 4) {
            fprintf(stderr, "Invalid grid file\n");
            return 4;
        }
        if (rc == 5) {
            fprintf(stderr, "Error reading grid contents\n");
            return 5;
        }
    }
    print_grid(&g);
    for (;;) {
        int r, c, got = 0;
        char d;
        printf("%c> ", 'A' + g.cur);
        fflush(stdout);
        if (read_line(stdin, &line, &cap) < 0) {
            fprintf(stderr, "End of user input\n");
            return 6;
        }
        if (line[0] == 'w' && line[1] == ' ' && line[2] != '\0') {
            fprintf(stderr, save(&g, line + 2) ? "Save complete\n" : "Can not open file for write\n");
            continue;
        }
        if (!parse_move(line, &r, &c, &d)) continue;
        if (d == 'h') {
            if (r > g.h || c >= g.w || HE(&g, r, c)) continue;
            HE(&g, r, c) = 1;
            if (r > 0 && cell_done(&g, r - 1, c)) {
                g.own[(r - 1) * g.w + c] = g.cur + 1;
                ++got;
            }
            if (r < g.h && cell_done(&g, r, c)) {
                g.own[r * g.w + c] = g.cur + 1;
                ++got;
            }
        } else {
            if (r >= g.h || c > g.w || VE(&g, r, c)) continue;
            VE(&g, r, c) = 1;
            if (c > 0 && cell_done(&g, r, c - 1)) {
                g.own[r * g.w + c - 1] = g.cur + 1;
                ++got;
            }
            if (c < g.w && cell_done(&g, r, c)) {
                g.own[r * g.w + c] = g.cur + 1;
                ++got;
            }
        }
        print_grid(&g);
        if (!any_open(&g)) break;
        if (!got) g.cur = (g.cur + 1) % g.players;
    }
    score = calloc((size_t)g.players, sizeof(int));
    for (k = 0; k < g.h * g.w; ++k)
        if (g.own[k]) score[g.own[k] - 1]++;
    best = 0;
    for (k = 0; k < g.players; ++k)
        if (score[k] > best) best = score[k];
    printf("Winner(s): ");
    first = 1;
    for (k = 0; k < g.players; ++k)
        if (score[k] == best) {
            printf(first ? "%c" : ", %c", 'A' + k);
            first = 0;
        }
    printf("\n");
    return 0;
}
