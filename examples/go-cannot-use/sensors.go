// Sensor readings: a ring buffer of samples, a moving average and a
// threshold alarm. One threshold is written as text where a number is
// expected: the type checker reports "cannot use ... as float64 value".
package sensors

import "fmt"

const windowSize = 8

type Sample struct {
	Sensor string
	Value  float64
	At     int64
}

type Ring struct {
	samples [windowSize]Sample
	next    int
	filled  bool
}

func (r *Ring) Push(s Sample) {
	r.samples[r.next] = s
	r.next = (r.next + 1) % windowSize
	if r.next == 0 {
		r.filled = true
	}
}

func (r *Ring) Average() float64 {
	n := r.next
	if r.filled {
		n = windowSize
	}
	if n == 0 {
		return 0
	}
	sum := 0.0
	for i := 0; i < n; i++ {
		sum += r.samples[i].Value
	}
	return sum / float64(n)
}

type Alarm struct {
	Name      string
	Threshold float64
	Fired     int
}

func (a *Alarm) Check(r *Ring) bool {
	if r.Average() > a.Threshold {
		a.Fired++
		return true
	}
	return false
}

func Describe(alarms []Alarm) string {
	out := ""
	for _, a := range alarms {
		out += fmt.Sprintf("%s > %.1f fired %d times\n", a.Name, a.Threshold, a.Fired)
	}
	return out
}

func Monitor(readings []float64) string {
	ring := &Ring{}
	alarms := []Alarm{
		{Name: "warm", Threshold: 25.0},
		{Name: "hot", Threshold: "40"},
	}
	for i, v := range readings {
		ring.Push(Sample{Sensor: "t0", Value: v, At: int64(i)})
		for j := range alarms {
			alarms[j].Check(ring)
		}
	}
	return Describe(alarms)
}
