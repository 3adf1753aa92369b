// A lambda inside a fold over a std::array uses a local it does not
// capture: g++ reports "'scale' is not captured".
#include <array>
#include <utility>

template <std::size_t N>
int weighted(const std::array<std::pair<int, int>, N> &items) {
    int scale = 3;
    int sum = 0;
    auto add = [&sum](const std::pair<int, int> &p) { sum += p.first * p.second; };
    auto weigh = [](const std::pair<int, int> &p) { return p.first * scale; };
    for (const auto &p : items) {
        add(p);
        sum += weigh(p);
    }
    return sum;
}

int main() {
    std::array<std::pair<int, int>, 3> items{{{1, 2}, {3, 4}, {5, 6}}};
    return weighted(items) > 0 ? 0 : 1;
}
