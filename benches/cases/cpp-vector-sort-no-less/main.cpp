// Sorting points without an order: std::sort instantiates operator< for a
// struct that has none, and g++ reports it deep inside <bits/stl_algo.h>.
#include <algorithm>
#include <vector>

struct Point {
    int x;
    int y;
    int norm() const { return x * x + y * y; }
};

static std::vector<Point> ring(int n) {
    std::vector<Point> out;
    out.reserve(n);
    for (int i = 0; i < n; ++i) {
        out.push_back(Point{i, n - i});
    }
    return out;
}

int farthest(std::vector<Point> pts) {
    auto by_norm = [](const Point &a, const Point &b) { return a.norm() < b.norm(); };
    std::stable_sort(pts.begin(), pts.end(), by_norm);
    std::sort(pts.begin(), pts.end());
    return pts.empty() ? 0 : pts.back().norm();
}

int main() { return farthest(ring(8)) > 0 ? 0 : 1; }
