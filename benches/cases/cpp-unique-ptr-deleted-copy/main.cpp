// A registry of owned widgets copies a std::unique_ptr where it should
// move it: g++ reports the use of the deleted copy constructor.
#include <memory>
#include <utility>

struct Widget {
    explicit Widget(int id) : id(id) {}
    virtual ~Widget() = default;
    virtual int area() const { return id * 10; }
    int id;
};

struct Button : Widget {
    using Widget::Widget;
    int area() const override { return id * 4; }
};

class Registry {
public:
    void adopt(std::unique_ptr<Widget> w) {
        if (count_ < 4) {
            slots_[count_++] = std::move(w);
        }
    }

    std::unique_ptr<Widget> first() { return slots_[0]; }

    int total() const {
        int sum = 0;
        for (int i = 0; i < count_; ++i) {
            sum += slots_[i]->area();
        }
        return sum;
    }

private:
    std::unique_ptr<Widget> slots_[4];
    int count_ = 0;
};

int main() {
    Registry r;
    r.adopt(std::make_unique<Button>(1));
    r.adopt(std::make_unique<Widget>(2));
    auto f = r.first();
    return r.total() > 0 && f ? 0 : 1;
}
