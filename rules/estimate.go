package rules

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// startupPoints are the measured database startup times by file count
// (one file per filegroup) published in "How having too many filegroups
// can affect recovery time" (SQL Server Storage Engine blog, 2007).
var startupPoints = [...]struct{ files, seconds float64 }{
	{0, 0}, {100, 1}, {200, 2}, {500, 7}, {1000, 12}, {2000, 29}, {5000, 74}, {10000, 184}, {15000, 309},
}

// StartupSeconds estimates the startup delay of a database with n files:
// linear interpolation between the measured points, the last segment's
// slope beyond 15,000 files.
func StartupSeconds(n int) float64 {
	x := float64(n)
	if x <= 0 {
		return 0
	}
	for i := 1; i < len(startupPoints); i++ {
		a, b := startupPoints[i-1], startupPoints[i]
		if x <= b.files || i == len(startupPoints)-1 {
			// one division of whole numbers, rounded once: 114 files
			// are 1.14 s, as a budget of 1.14 reads, not 1 + 0.14 =
			// 1.1400000000000001 s, over it
			span := b.files - a.files
			return (a.seconds*span + (x-a.files)*(b.seconds-a.seconds)) / span
		}
	}
	return 0
}

// ZeroingSeconds estimates how long zero-filling bytes takes at rate MB/s
// (MB of 2^20 bytes, as SQL Server counts them).
func ZeroingSeconds(bytes int64, rate float64) float64 {
	if rate <= 0 {
		return math.Inf(1)
	}
	return float64(bytes) / (1 << 20) / rate
}

// aboutSeconds prints an estimate that is not compared with a budget:
// "about 9.7 s", or "under 0.1 s" for one that rounds to nothing at the
// tenths printed below 10 s (a few MB: "about 0 s" read as
// no cost at all). Estimates over a budget are printed by
// formatOverBudget, which never prints 0 s.
func aboutSeconds(s float64) string {
	if r, text := roundSeconds(s); r > 0 || s <= 0 {
		return "about " + text
	}
	return "under 0.1 s"
}

// roundSeconds returns s rounded the way a DBA reads a duration, and the
// text: tenths below 10 s, whole seconds below 2 min, min and s below 2 h,
// tenths of an hour beyond.
func roundSeconds(s float64) (float64, string) {
	switch {
	case s < 10:
		r := math.Round(s*10) / 10
		return r, strconv.FormatFloat(r, 'f', -1, 64) + " s"
	case s < 119.5: // rounds below 120 s: 119.6 s is "2 min 00 s", not "120 s"
		r := math.Round(s)
		return r, strconv.FormatFloat(r, 'f', 0, 64) + " s" // fmt's %.0f
	case s < 7199.5: // rounds below 2 h: 7199.6 s is "2.0 h", not "120 min 00 s"
		m := int(math.Round(s))
		sec := m % 60
		pad := ""
		if sec < 10 {
			pad = "0" // %02d
		}
		return float64(m), strconv.Itoa(m/60) + " min " + pad + strconv.Itoa(sec) + " s"
	}
	h := math.Round(s/360) / 10
	return h * 3600, strconv.FormatFloat(h, 'f', 1, 64) + " h" // fmt's %.1f
}

// formatOverBudget prints an estimate and the budget it is compared with
// (the budget as set when the usual rounding would change it), so that
// the printed estimate reads as over the printed budget exactly when
// est > budget: when the usual rounding would print the same figure
// for both (10.01 s as "10 s" against a 10 s budget), both are printed in
// seconds with as many decimals as it takes (up to milliseconds, the
// estimate then rounded up).
// Every rule that reports an estimate over a budget prints them with it.
func formatOverBudget(est, budget float64) (estText, budgetText string) {
	e, et := roundSeconds(est)
	b, bt := roundSeconds(budget)
	if b != budget {
		// the budget is a figure the user set (startup-budget: 0.03 or
		// 12.5): rounding it printed "over the 0 s budget"
		b, bt = budget, plainSeconds(budget)
	}
	if est <= budget || e > b {
		return et, bt
	}
	// as many decimals as it takes, from those of the usual rounding
	// (tenths below 10 s): whole seconds would print 2.51 s over a 2.5 s
	// budget as "3 s"
	first := 0.0
	if est < 10 {
		first = 1
	}
	for d := first; d <= 3; d++ {
		scale := math.Pow(10, d)
		if e = math.Round(est*scale) / scale; e > budget {
			return plainSeconds(e), plainSeconds(budget)
		}
	}
	// less than a millisecond over: round the estimate up
	return plainSeconds(math.Ceil(est*1000) / 1000), plainSeconds(budget)
}

// plainSeconds prints s in seconds with thousands separators and the
// decimals s has: 10.01 s, 7,250 s.
func plainSeconds(s float64) string {
	whole, frac := math.Modf(s)
	text := formatCount(int(whole))
	if frac > 0 {
		f := strconv.FormatFloat(s, 'f', -1, 64)
		if i := strings.IndexByte(f, '.'); i >= 0 {
			text += f[i:]
		}
	}
	return text + " s"
}

// formatBytes prints a size with binary units (KB = 1024 bytes, as SQL
// Server's SIZE does).
func formatBytes(b int64) string {
	units := []string{"bytes", "KB", "MB", "GB", "TB", "PB"}
	v := float64(b)
	i := 0
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%d bytes", b)
	}
	r := math.Round(v*10) / 10
	if r >= 1024 && i < len(units)-1 {
		// 1,023.96 MB rounds to 1024 MB: that is 1 GB
		r, i = math.Round(r/1024*10)/10, i+1
	}
	s := strconv.FormatFloat(r, 'f', -1, 64)
	return s + " " + units[i]
}

// formatCount prints an integer with thousands separators: 1,204.
func formatCount(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

func formatNumber(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}
