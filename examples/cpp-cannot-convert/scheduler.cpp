// A small job scheduler: jobs with priorities, a bounded queue template,
// observers notified through lambdas, and a report at the end. One call
// passes a deadline where the queue expects a job: g++ rejects it with
// "cannot convert 'const sched::Deadline' to 'sched::Job* const&'".

namespace sched {

using Tick = unsigned long;
typedef int Priority;

enum class State { Waiting, Running, Done, Failed };

constexpr int kMaxJobs = 64;
const char *const kUnitName = "ticks";

struct Deadline {
    Tick at;
    bool hard;
};

class Named {
public:
    explicit Named(const char *name) : name_(name) {}
    virtual ~Named() {}
    const char *name() const { return name_; }
    virtual int weight() const { return 1; }

private:
    const char *name_;
};

class Job : public Named {
public:
    Job(const char *name, Priority priority, Tick cost)
        : Named(name), priority_(priority), cost_(cost), state_(State::Waiting) {}

    Priority priority() const { return priority_; }
    Tick cost() const { return cost_; }
    State state() const { return state_; }
    void start() { state_ = State::Running; }
    void finish(bool ok) { state_ = ok ? State::Done : State::Failed; }
    int weight() const override { return priority_ * 2 + static_cast<int>(cost_ % 7); }

private:
    Priority priority_;
    Tick cost_;
    State state_;
};

template <typename T, int Capacity, typename Less>
class BoundedQueue {
public:
    BoundedQueue() : size_(0) {}

    bool push(const T &item) {
        if (size_ == Capacity) {
            return false;
        }
        int i = size_++;
        while (i > 0 && less_(items_[i - 1], item)) {
            items_[i] = items_[i - 1];
            --i;
        }
        items_[i] = item;
        return true;
    }

    T pop() { return items_[--size_]; }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }

    template <typename F>
    void each(F f) const {
        for (int i = 0; i < size_; ++i) {
            f(items_[i]);
        }
    }

private:
    T items_[Capacity];
    int size_;
    Less less_;
};

struct ByPriority {
    bool operator()(const Job *a, const Job *b) const {
        return a->priority() < b->priority();
    }
};

template <typename Event>
class Observers {
public:
    using Callback = void (*)(const Event &, void *);

    void add(Callback cb, void *context) {
        if (count_ < 8) {
            callbacks_[count_] = cb;
            contexts_[count_] = context;
            ++count_;
        }
    }

    void notify(const Event &e) const {
        for (int i = 0; i < count_; ++i) {
            callbacks_[i](e, contexts_[i]);
        }
    }

private:
    Callback callbacks_[8];
    void *contexts_[8];
    int count_ = 0;
};

struct Started {
    const Job *job;
    Tick when;
};

class Scheduler {
public:
    explicit Scheduler(Tick budget) : budget_(budget), now_(0), failures_(0) {}

    bool submit(Job *job) { return queue_.push(job); }

    void watch(Observers<Started>::Callback cb, void *context) { observers_.add(cb, context); }

    int run() {
        int finished = 0;
        while (!queue_.empty()) {
            Job *job = queue_.pop();
            if (now_ + job->cost() > budget_) {
                job->finish(false);
                ++failures_;
                continue;
            }
            job->start();
            observers_.notify(Started{job, now_});
            now_ += job->cost();
            job->finish(true);
            ++finished;
        }
        return finished;
    }

    void postpone(const Deadline &d) {
        queue_.push(d);
        budget_ = d.at;
    }

    int failures() const { return failures_; }
    Tick now() const { return now_; }

private:
    BoundedQueue<Job *, kMaxJobs, ByPriority> queue_;
    Observers<Started> observers_;
    Tick budget_;
    Tick now_;
    int failures_;
};

} // namespace sched

namespace report {

inline int total_weight(const sched::Job *const *jobs, int n) {
    int sum = 0;
    for (int i = 0; i < n; ++i) {
        sum += jobs[i]->weight();
    }
    return sum;
}

} // namespace report

int main() {
    sched::Job build("build", 3, 40);
    sched::Job test("test", 2, 25);
    sched::Job deploy("deploy", 1, 10);
    sched::Scheduler s(100);
    int started = 0;
    s.watch([](const sched::Started &e, void *ctx) {
        int *counter = static_cast<int *>(ctx);
        *counter += e.job->weight() > 0 ? 1 : 0;
    }, &started);
    s.submit(&build);
    s.submit(&test);
    s.submit(&deploy);
    s.postpone(sched::Deadline{80, true});
    const sched::Job *all[] = {&build, &test, &deploy};
    int finished = s.run();
    return finished + started + report::total_weight(all, 3) + s.failures() > 0 ? 0 : 1;
}
