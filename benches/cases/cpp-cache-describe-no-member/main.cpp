#include <algorithm>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

template <typename Key, typename Value>
class Cache {
public:
    explicit Cache(std::size_t limit) : limit_(limit) {}
    void put(const Key &key, Value value) {
        if (entries_.size() >= limit_) {
            evict();
        }
        entries_[key] = std::move(value);
        order_.push_back(key);
    }
    const Value *get(const Key &key) const {
        auto it = entries_.find(key);
        return it == entries_.end() ? nullptr : &it->second;
    }
    std::size_t size() const { return entries_.size(); }
private:
    void evict() {
        if (order_.empty()) return;
        entries_.erase(order_.front());
        order_.erase(order_.begin());
    }
    std::size_t limit_;
    std::unordered_map<Key, Value> entries_;
    std::vector<Key> order_;
};

struct Record {
    std::string name;
    int score;
};

template <typename Container>
int total_score(const Container &records) {
    int sum = 0;
    for (const auto &r : records) {
        sum += r.second.score;
    }
    return sum;
}

template <typename T>
std::string describe(const T &value) {
    std::ostringstream out;
    out << value.label() << ": " << value.size();
    return out.str();
}

int main() {
    Cache<std::string, Record> cache(4);
    cache.put("a", Record{"alpha", 3});
    cache.put("b", Record{"beta", 5});
    std::map<std::string, Record> all{{"a", {"alpha", 3}}, {"b", {"beta", 5}}};
    std::set<int> seen;
    for (const auto &kv : all) seen.insert(kv.second.score);
    std::cout << total_score(all) << " " << describe(cache) << std::endl;
    return seen.size() == 2 ? 0 : 1;
}
