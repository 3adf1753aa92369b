// An index of points keyed by a struct that has operator== but no
// std::hash specialisation: g++ reports the deleted default constructor of
// the unordered_map, whose hasher cannot be made.
#include <string>
#include <unordered_map>
#include <vector>

struct Point {
    int x;
    int y;
    bool operator==(const Point &other) const { return x == other.x && y == other.y; }
};

class Index {
public:
    void add(const Point &p, const std::string &name) { names_[p].push_back(name); }

    std::size_t count(const Point &p) const {
        auto it = names_.find(p);
        return it == names_.end() ? 0 : it->second.size();
    }

private:
    std::unordered_map<Point, std::vector<std::string>> names_;
};

int main() {
    Index index;
    index.add({1, 2}, "a");
    index.add({1, 2}, "b");
    return index.count({1, 2}) == 2 ? 0 : 1;
}
