// Callbacks kept as std::function over shared objects; one is registered
// with an argument the callback does not take: g++ finds no matching call.
#include <functional>
#include <memory>
#include <string>
#include <vector>

struct Logger {
    std::vector<std::string> lines;
    void write(const std::string &line) { lines.push_back(line); }
};

class Events {
public:
    using Handler = std::function<void(const std::string &)>;
    void on(Handler h) { handlers_.push_back(std::move(h)); }
    void emit(const std::string &what) {
        for (auto &h : handlers_) {
            h(what);
        }
    }

private:
    std::vector<Handler> handlers_;
};

int main() {
    auto log = std::make_shared<Logger>();
    Events events;
    events.on([log](const std::string &s) { log->write(s); });
    events.on(std::bind(&Logger::write, log, std::placeholders::_1, 42));
    events.emit("start");
    return log->lines.size() == 2 ? 0 : 1;
}
