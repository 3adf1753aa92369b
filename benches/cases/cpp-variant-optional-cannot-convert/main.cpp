// A settings table of variants read through an accessor that returns the
// wrong alternative: g++ cannot convert the string to the optional int the
// accessor promises.
#include <map>
#include <optional>
#include <string>
#include <variant>

using Value = std::variant<int, double, std::string>;

class Settings {
public:
    void set(const std::string &key, Value value) { values_[key] = std::move(value); }

    std::optional<int> get_int(const std::string &key) const {
        auto it = values_.find(key);
        if (it == values_.end() || !std::holds_alternative<int>(it->second)) {
            return std::nullopt;
        }
        return std::get<std::string>(it->second);
    }

private:
    std::map<std::string, Value> values_;
};

int main() {
    Settings s;
    s.set("width", 80);
    return s.get_int("width").value_or(0) == 80 ? 0 : 1;
}
