package rules

import (
	"strconv"
	"strings"
	"testing"
)

// An estimate just over a budget set with decimals prints with the
// decimals it takes, never coarser than the usual rounding (tenths below
// 10 s): 266 MB of growth at 106 MB/s, 2.51 s, against an
// autogrowth-budget of 2.5 printed as "about 3 s", half a second more
// than the estimate, and 51 files (0.51 s) against a startup-budget of
// 0.5 as "1 s", twice it.
func TestFormatOverBudgetNeverCoarserThanUsual(t *testing.T) {
	cases := []struct {
		est, budget float64
		want        string // "estimate / budget"
	}{
		{2.5094, 2.5, "2.51 s / 2.5 s"},
		{0.51, 0.5, "0.51 s / 0.5 s"},
		{4.52, 4.5, "4.52 s / 4.5 s"},
		{9.54, 9.5, "9.54 s / 9.5 s"},
		{10.01, 10, "10.01 s / 10 s"}, // unchanged
		{12.8, 12.5, "13 s / 12.5 s"}, // whole seconds from 10 s: unchanged
	}
	for _, c := range cases {
		e, b := formatOverBudget(c.est, c.budget)
		if got := e + " / " + b; got != c.want {
			t.Errorf("formatOverBudget(%v, %v) = %q, want %q", c.est, c.budget, got, c.want)
		}
	}
	// Below 10 s the printed estimate is the estimate to the tenth or
	// closer.
	for _, budget := range []float64{0.25, 0.5, 1.5, 2.5, 2.45, 4.5, 7.5, 9.5} {
		for _, delta := range []float64{1e-6, 0.004, 0.01, 0.02, 0.04, 0.3} {
			est := budget + delta
			e, _ := formatOverBudget(est, budget)
			v, err := strconv.ParseFloat(strings.TrimSuffix(e, " s"), 64)
			if err != nil {
				t.Errorf("estimate %v printed as %q", est, e)
				continue
			}
			if d := v - est; d > 0.05+1e-9 || d < -0.05-1e-9 {
				t.Errorf("estimate %v over budget %v printed as %q", est, budget, e)
			}
		}
	}
}
