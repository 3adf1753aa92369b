// A template that counts words asks its container for a member the
// container does not have: g++ reports it when the template is
// instantiated with std::map.
#include <map>
#include <string>

template <typename Table, typename Key>
class Counter {
public:
    explicit Counter(Table &table) : table_(table) {}

    void add(const Key &key, int n = 1) { table_[key] += n; }

    int total() const {
        int sum = 0;
        for (const auto &entry : table_) {
            sum += entry.second;
        }
        return sum;
    }

    std::size_t distinct() const { return table_.count_distinct(); }

private:
    Table &table_;
};

int main() {
    std::map<std::string, int> words;
    Counter<std::map<std::string, int>, std::string> counter(words);
    for (const char *w : {"a", "b", "a", "c"}) {
        counter.add(w);
    }
    return counter.total() == 4 && counter.distinct() == 3 ? 0 : 1;
}
